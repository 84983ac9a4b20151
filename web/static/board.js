// A Dominosa board drawn in SVG: numbers in cells, dominoes placed, borders marked split, highlights.
// Cells are [row, column] from 0 and pairs are two cells, as in the API's JSON; the labels count from 1 (r1c1),
// as hints name cells. The board draws what it is
// told (draw(view)) and reports what the user points at through callbacks; it keeps no game state itself.

import { BoardVoice } from "./board-voice.js";

const SVG = "http://www.w3.org/2000/svg";
const S = 46; // pixels per cell
const PAD = 10;
const LABEL = 20; // room for the row and column labels (r1, c1: the coordinates hints use)
const X0 = PAD + LABEL; // where the first column starts
const Y0 = PAD + LABEL; // where the first row starts
const HIT = 12; // how wide a border is to the pointer, in the board's units, at the least
const BORDER_INSET = 0.25; // and how far short of its ends (a share of the cell), at the most
const STRIP_PX = 24; // a border's strip is at least this many pixels each way (WCAG 2.5.8), cells allowing
const STRIP_SHARE = 0.6; // but never wider than this share of a cell, which must stay pressable
const LONG_PRESS_MS = 450; // a finger held this long on a line marks a split there
const LONG_PRESS_SLOP = 10; // pixels a held finger may wander
const LONG_PRESS_REACH = 0.35; // how near a line (a share of the cell) a held finger must be to mark it
const MAX_CELL = 80; // on screen, a cell grows to at most this many pixels
export const CELL_UNITS = S; // a cell's size in the board's own units (zoom.js turns them into pixels)

function node(tag, attrs = {}, parent = null) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (parent) parent.append(n);
  return n;
}

export const key = (r, c) => `${r},${c}`;
export const pairKey = ([a, b]) => {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return `${p[0]},${p[1]}-${q[0]},${q[1]}`;
};
export const adjacent = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

export class Board {
  // options: onCell(cell, event), onPair(a, b) (a drag from a to a neighbour b), onBorder(a, b) (a border
  // pressed, right-dragged across or long-pressed: a split marked or taken away)
  constructor(container, options = {}) {
    this.container = container;
    this.options = options;
    this.grid = [];
    // The numbers lie over the board in a layer of their own, one row to a layer, so that a move (which changes
    // the board beneath) never has the browser paint the 2,000 numbers of a big board again.
    this.stack = document.createElement("div");
    this.stack.className = "board-stack";
    this.svg = node("svg", { class: "board" });
    this.numberRows = document.createElement("div");
    this.numberRows.className = "board-numbers";
    this.numberRows.setAttribute("aria-hidden", "true");
    this.stack.append(this.svg, this.numberRows);
    container.append(this.stack);
    this.voice = new BoardVoice(container, this.svg);
    this.drag = null;
    this.pressed = new Set(); // pointers down: two at once are a pinch (zoom.js), never a move
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.svg.addEventListener("pointerleave", () => this.showBorder(null));
    this.svg.addEventListener("pointercancel", (e) => { // a zoomed board's pan took the touch
      this.pressed.delete(e.pointerId);
      this.drag = null;
      this.stopLongPress();
    });
    // The frame's focus ring and the keyboard's cell are for the keyboard: a tap or a click (which focuses the frame
    // too) hides them until the next key (studio.css).
    const input = (how) => { if (container.dataset.input !== how) container.dataset.input = how; };
    container.addEventListener("pointerdown", () => input("pointer"));
    container.addEventListener("keydown", () => input("keys"));
    // The right button and a held finger mark splits: the browser's own menu would be in the way.
    if (options.onBorder) this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  isCell(r, c) {
    return r >= 0 && r < this.grid.length && c >= 0 && c < this.grid[r].length && this.grid[r][c] !== null;
  }

  // view: {grid, joined, split, clues, cellClass: {key: class}, pairClass: {pairKey: class}, cursor, selected}
  // The cells, numbers and labels are built once per grid; each later draw changes only what differs from the
  // last one (a cell's class, a domino or a mark added or taken away), so that a move on a double-50 board (2,652
  // cells) costs what it changes, not a new board.
  draw(view) {
    const grid = view.grid || [];
    const signature = grid.map((row) => row.join(",")).join(";");
    const fresh = signature !== this.signature;
    if (fresh) this.build(grid, signature);
    this.paintCells(view);
    this.paintMarks(view, !fresh);
    this.paintCursor(view.cursor, view.selected);
  }

  build(grid, signature) {
    this.grid = grid;
    this.signature = signature;
    const rows = grid.length;
    const cols = Math.max(0, ...grid.map((row) => row.length));
    const width = cols * S + X0 + PAD;
    const height = rows * S + Y0 + PAD;
    this.svg.replaceChildren();
    this.numberRows.replaceChildren();
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    // The board scales to the space it has (studio.css): as wide as its card, cells at most MAX_CELL pixels and
    // the whole board within the window's height; zoomed (zoom.js), cells of the zoom's size, panned.
    this.stack.style.setProperty("--board-largest", `${(width * MAX_CELL) / S}px`);
    this.stack.style.setProperty("--board-aspect", `${width / height}`);
    this.stack.style.setProperty("--board-cells-wide", `${width / S}`);
    this.svg.style.aspectRatio = `${width} / ${height}`;
    const cells = node("g", { class: "cells" }, this.svg);
    this.marks = node("g", { class: "marks", "aria-hidden": "true" }, this.svg);
    this.pieces = node("g", { class: "pieces", "aria-hidden": "true" }, this.svg);
    this.corners = node("g", { class: "corners", "aria-hidden": "true" }, this.svg); // over a domino's outline
    const hits = node("g", { class: "hits", "aria-hidden": "true" }, this.svg);
    const labels = node("g", { class: "labels", "aria-hidden": "true" }, this.svg);
    for (let c = 0; c < cols; c++) node("text", { x: X0 + c * S + S / 2, y: PAD + LABEL / 2, class: "label" }, labels).textContent = `c${c + 1}`;
    for (let r = 0; r < rows; r++) node("text", { x: PAD + LABEL / 2 - 2, y: Y0 + r * S + S / 2, class: "label" }, labels).textContent = `r${r + 1}`;
    this.cells = new Map(); // key -> {rect, text, cls, r, c, value, corners}
    for (let r = 0; r < rows; r++) {
      const top = Y0 + r * S;
      const numbers = node("svg", {
        class: "number-row", viewBox: `0 ${top} ${width} ${S}`, preserveAspectRatio: "none",
      });
      numbers.style.top = `${(100 * top) / height}%`;
      numbers.style.height = `${(100 * S) / height}%`;
      this.numberRows.append(numbers);
      const row = node("g", { role: "row" }, cells);
      for (let c = 0; c < grid[r].length; c++) {
        const v = grid[r][c];
        if (v === null) continue;
        const k = key(r, c);
        const rect = node("rect", {
          x: X0 + c * S, y: Y0 + r * S, width: S, height: S, class: "cell", "data-cell": k, role: "gridcell",
        }, row);
        const text = node("text", {
          x: X0 + c * S + S / 2, y: Y0 + r * S + S / 2 + 1, class: "number", "data-cell": k, "data-value": v,
        }, numbers);
        text.textContent = v;
        this.cells.set(k, { rect, text, cls: "cell", r, c, value: v, corners: {} });
      }
    }
    this.voice.reset(this.cells);
    this.drawn = new Map(); // a mark's identity -> {element, look}
    this.classed = new Set(); // the cells drawn with more than the plain class
    this.hover = this.options.onBorder ? node("rect", { class: "border-hit", style: "display: none" }, hits) : null;
    // The keyboard's cell: a ring of its own (a light and a dark line), moved about, seen on any fill.
    this.ring = node("g", { class: "cursor-ring", style: "display: none" }, hits);
    for (const cls of ["ring-halo", "ring-line"]) node("rect", { x: 3, y: 3, width: S - 6, height: S - 6, rx: 1.5, class: cls }, this.ring);
    this.ringAt = null;
  }

  // Only the cells with a class now or at the last draw are looked at: a move costs its own cells.
  paintCells(view) {
    const cellClass = view.cellClass || {};
    const wanted = new Map();
    for (const [k, cls] of Object.entries(cellClass)) if (cls && this.cells.has(k)) wanted.set(k, ["cell", cls]);
    for (const [k, cls] of [[view.cursor, "cursor"], [view.selected, "selected"]]) {
      if (!k || !this.cells.has(key(...k))) continue;
      const name = key(...k);
      wanted.set(name, [...(wanted.get(name) || ["cell"]), cls]);
    }
    for (const k of this.classed) if (!wanted.has(k)) wanted.set(k, ["cell"]);
    this.classed = new Set();
    for (const [k, classes] of wanted) {
      const drawn = this.cells.get(k);
      const cls = classes.join(" ").replace(/ +/g, " ").trim();
      if (cls !== "cell") this.classed.add(k);
      if (cls === drawn.cls) continue;
      drawn.cls = cls;
      drawn.rect.setAttribute("class", cls);
      // A number on a highlighted cell takes the highlights' ink (dark on every highlight fill, in both themes).
      drawn.text.setAttribute("class", cls === "cell" || cls === "cell cursor" ? "number" : "number lit");
      const words = cls.split(" ");
      this.corner(drawn, "selected", words.includes("selected"));
      this.corner(drawn, "hinted", words.includes("hl-hint"));
      this.voice.classes(k, words);
    }
  }

  // Selection and hints told by shape as well as colour: a corner triangle on the selected cell, a ring in the
  // corner of a hinted one.
  corner(drawn, kind, on) {
    if (Boolean(drawn.corners[kind]) === on) return;
    if (!on) {
      drawn.corners[kind].remove();
      delete drawn.corners[kind];
      return;
    }
    const x = X0 + drawn.c * S, y = Y0 + drawn.r * S;
    drawn.corners[kind] = kind === "selected"
      ? node("path", { d: `M${x + 3} ${y + 3}h15l-15 15z`, class: "corner selected-mark" }, this.corners)
      : node("circle", { cx: x + S - 9, cy: y + 9, r: 4.5, class: "corner hint-mark" }, this.corners);
  }

  // The keyboard's cell: ringed, and the cell a screen reader is on (the selected one on a board without a cursor,
  // such as the setter's, whose keys move the selection).
  paintCursor(cursor, selected) {
    const k = cursor && this.cells.has(key(...cursor)) ? key(...cursor) : null;
    this.voice.cursor(k ?? (selected && this.cells.has(key(...selected)) ? key(...selected) : null));
    if (k === this.ringAt) return;
    this.ringAt = k;
    this.ring.style.display = k ? "" : "none";
    if (k) this.ring.setAttribute("transform", `translate(${X0 + cursor[1] * S} ${Y0 + cursor[0] * S})`);
  }

  // Dominoes (placed, clues, a hint's ghosts) and split marks, each drawn once and kept while it looks the same.
  paintMarks(view, announce) {
    const pairClass = view.pairClass || {};
    const wanted = new Map(); // identity -> [kind, pair, classes]
    const clueKeys = new Set((view.clues || []).map(pairKey));
    const joinedKeys = new Set();
    for (const pair of view.joined || []) {
      const k = pairKey(pair);
      joinedKeys.add(k);
      wanted.set(`domino ${k}`, ["domino", pair, `${clueKeys.has(k) ? "domino clue" : "domino"} ${pairClass[k] || ""}`]);
    }
    for (const pair of view.clues || []) {
      const k = pairKey(pair);
      if (!joinedKeys.has(k)) wanted.set(`domino ${k}`, ["domino", pair, "domino clue"]);
    }
    for (const pair of view.split || []) wanted.set(`split ${pairKey(pair)}`, ["split", pair, `split ${pairClass[pairKey(pair)] || ""}`]);
    for (const [k, cls] of Object.entries(pairClass)) {
      if (!cls.startsWith("ghost")) continue;
      const pair = k.split("-").map((s) => s.split(",").map(Number));
      if (cls === "ghost-join") wanted.set(`ghost ${k}`, ["domino", pair, "domino ghost"]);
      else wanted.set(`ghost ${k}`, ["split", pair, "split ghost"]);
    }
    // What came and went (told to the screen reader); a mark only restyled (a check's colour) is neither.
    const removed = [], added = [], restyled = new Set(), ghosts = { joins: [], splits: [] };
    for (const [id, drawn] of this.drawn) {
      const want = wanted.get(id);
      if (want && want[2].trim() === drawn.look) continue;
      drawn.element.remove();
      this.drawn.delete(id);
      if (want) restyled.add(id);
      else if (!id.startsWith("ghost")) removed.push([drawn.kind, drawn.pair, drawn.look]);
    }
    for (const [id, [kind, pair, classes]] of wanted) {
      if (this.drawn.has(id)) continue;
      const look = classes.trim();
      const element = kind === "domino" ? this.domino(pair, look) : this.splitMark(pair, look);
      (kind === "domino" ? this.pieces : this.marks).append(element);
      if (id.startsWith("ghost")) (kind === "domino" ? ghosts.joins : ghosts.splits).push(pair);
      else if (!restyled.has(id)) added.push([kind, pair, look]);
      this.drawn.set(id, { element, look, kind, pair });
    }
    if (added.length || removed.length) this.voice.marks(added, removed, announce);
    if (announce) this.voice.suggested(ghosts.joins, ghosts.splits);
  }

  // A domino over two cells, in a group of its own with its badge (if any), built before it joins the board (one
  // change to the page). Its outline is drawn twice, a wide halo under the line, so that it shows on any fill.
  domino([a, b], classes) {
    const r = Math.min(a[0], b[0]), c = Math.min(a[1], b[1]);
    const w = (a[1] === b[1] ? 1 : 2) * S, h = (a[0] === b[0] ? 1 : 2) * S;
    const g = node("g");
    const box = { x: X0 + c * S + 4, y: Y0 + r * S + 4, width: w - 8, height: h - 8, rx: 9 };
    node("rect", { ...box, class: "halo domino-halo" }, g);
    node("rect", { ...box, class: classes, "data-pair": pairKey([a, b]) }, g);
    this.badges(g, X0 + c * S + w / 2, Y0 + r * S + h / 2, classes, pairKey([a, b]));
    return g;
  }

  splitMark([a, b], classes) {
    const [x1, y1, x2, y2] = this.borderLine(a, b, 0.22);
    const g = node("g");
    node("line", { x1, y1, x2, y2, class: "halo split-halo" }, g);
    node("line", { x1, y1, x2, y2, class: classes, "data-pair": pairKey([a, b]) }, g);
    this.badges(g, (x1 + x2) / 2, (y1 + y2) / 2, classes, pairKey([a, b]));
    return g;
  }

  // Marks told apart by shape, not colour alone: a mistake carries a cross, a domino used twice a "2x" tag.
  badges(parent, x, y, classes, pair) {
    const words = classes.split(" ");
    const tag = words.includes("wrong") ? "\u2715" : words.includes("dup") ? "2\u00d7" : null;
    if (!tag) return;
    const kind = words.includes("wrong") ? "wrong" : "dup";
    const g = node("g", { class: `badge-mark ${kind}`, "data-mark": `${kind} ${pair}` }, parent);
    node("circle", { cx: x, cy: y, r: 10 }, g);
    node("text", { x, y: y + 1 }, g).textContent = tag;
  }

  // The border between two neighbouring cells, shortened by `inset` (a share of the cell) at each end.
  borderLine(a, b, inset) {
    if (a[0] === b[0]) {
      const x = X0 + Math.max(a[1], b[1]) * S, y = Y0 + a[0] * S;
      return [x, y + inset * S, x, y + S - inset * S];
    }
    const y = Y0 + Math.max(a[0], b[0]) * S, x = X0 + a[1] * S;
    return [x + inset * S, y, x + S - inset * S, y];
  }

  // The strip a border takes for the pointer, in the board's units: {across, inset}. At least STRIP_PX pixels
  // each way on screen (a fingertip's least target), at least HIT units, and at most STRIP_SHARE of a cell.
  strip() {
    const rect = this.svg.getBoundingClientRect();
    const units = rect.width ? this.svg.viewBox.baseVal.width / rect.width : 1; // units per pixel
    const across = Math.min(STRIP_SHARE * S, Math.max(HIT, STRIP_PX * units));
    const inset = Math.max(0.5 - STRIP_SHARE / 2, Math.min(BORDER_INSET, (S - STRIP_PX * units) / (2 * S)));
    return { across, inset, units };
  }

  // Where the pointer is: its cell [r, c] and its place in that cell ([x, y] in units from the cell's corner).
  pointAt(event) {
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width) return null;
    const scale = this.svg.viewBox.baseVal.width / rect.width;
    const x = (event.clientX - rect.left) * scale - X0, y = (event.clientY - rect.top) * scale - Y0;
    const r = Math.floor(y / S), c = Math.floor(x / S);
    return { r, c, within: [x - c * S, y - r * S] };
  }

  // The border under the pointer ([a, b], two neighbouring cells), or null: within the strip along the line
  // between two cells, away from its ends (a press near a corner is a press on a cell). Found by arithmetic
  // rather than by an element per border, of which a double-50 board would need over 5,000.
  borderAt(event) {
    const at = this.pointAt(event);
    if (!at) return null;
    const { r, c, within } = at;
    const { across, inset } = this.strip();
    const along = (d) => d >= inset * S && d <= S - inset * S;
    let pair = null;
    if (along(within[1]) && within[0] < across / 2) pair = [[r, c - 1], [r, c]];
    else if (along(within[1]) && within[0] > S - across / 2) pair = [[r, c], [r, c + 1]];
    else if (along(within[0]) && within[1] < across / 2) pair = [[r - 1, c], [r, c]];
    else if (along(within[0]) && within[1] > S - across / 2) pair = [[r, c], [r + 1, c]];
    return pair && pair.every(([i, j]) => this.isCell(i, j)) ? pair : null;
  }

  // The border of the pressed cell nearest the pointer, if near enough (a long press marks it), or null.
  nearestBorder(event) {
    const at = this.pointAt(event);
    if (!at || !this.isCell(at.r, at.c)) return null;
    const { r, c, within: [x, y] } = at;
    const sides = [[x, [r, c - 1]], [S - x, [r, c + 1]], [y, [r - 1, c]], [S - y, [r + 1, c]]]
      .filter(([d, cell]) => d <= LONG_PRESS_REACH * S && this.isCell(...cell))
      .sort((p, q) => p[0] - q[0]);
    return sides.length ? [[r, c], sides[0][1]] : null;
  }

  // On a pointer that hovers, the border it would mark is lit (one rectangle, moved about).
  showBorder(pair) {
    if (!this.hover) return;
    this.hover.style.display = pair ? "" : "none";
    if (!pair) return;
    const { across, inset } = this.strip();
    const [x1, y1, x2, y2] = this.borderLine(pair[0], pair[1], inset);
    const vertical = x1 === x2;
    this.hover.setAttribute("x", Math.min(x1, x2) - (vertical ? across / 2 : 0));
    this.hover.setAttribute("y", Math.min(y1, y2) - (vertical ? 0 : across / 2));
    this.hover.setAttribute("width", vertical ? across : x2 - x1);
    this.hover.setAttribute("height", vertical ? y2 - y1 : across);
    this.hover.dataset.border = pairKey(pair);
  }

  cellAt(event) {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const k = target?.getAttribute?.("data-cell");
    return k ? k.split(",").map(Number) : null;
  }

  // A press: on a border's strip, a split (on release, unless it became a drag to the neighbour); with the right
  // button, the start of a drag that marks the split it crosses; a finger held still, a split on the nearest line.
  pointerDown(event) {
    this.pressed.add(event.pointerId);
    this.stopLongPress();
    if (this.pressed.size > 1) {
      this.drag = null;
      this.pinching = true;
      return;
    }
    const border = this.options.onBorder ? this.borderAt(event) : null;
    const cell = this.cellAt(event) || this.pieceCell(event) || border?.[0];
    if (!cell) return;
    const right = event.button === 2 && Boolean(this.options.onBorder);
    if (event.button !== 0 && !right) return;
    this.drag = { from: cell, to: null, border, right };
    if (event.pointerType !== "mouse" && this.options.onBorder) this.startLongPress(event);
    event.preventDefault();
  }

  startLongPress(event) {
    const start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    const border = this.nearestBorder(event);
    if (!border) return;
    this.longPress = {
      ...start,
      timer: setTimeout(() => {
        this.longPress = null;
        if (!this.drag || !this.pressed.has(start.id)) return;
        this.drag = null; // the finger's release is then no tap
        this.options.onBorder(...border);
      }, LONG_PRESS_MS),
    };
  }

  stopLongPress() {
    if (this.longPress) clearTimeout(this.longPress.timer);
    this.longPress = null;
  }

  // A press on a placed domino counts as a press on the cell under the pointer.
  pieceCell(event) {
    const at = this.pointAt(event);
    return at && this.isCell(at.r, at.c) ? [at.r, at.c] : null;
  }

  pointerMove(event) {
    if (!this.drag && this.options.onBorder && event.pointerType === "mouse") this.showBorder(this.borderAt(event));
    const held = this.longPress;
    if (held && Math.hypot(event.clientX - held.x, event.clientY - held.y) > LONG_PRESS_SLOP) this.stopLongPress();
    if (!this.drag) return;
    // A press on a border's strip stays a press on that border until the pointer leaves the strip.
    const border = this.drag.border && this.borderAt(event);
    if (border && pairKey(border) === pairKey(this.drag.border)) return;
    const cell = this.pieceCell(event);
    if (cell && adjacent(cell, this.drag.from)) this.drag.to = cell;
  }

  pointerUp(event) {
    this.pressed.delete(event.pointerId);
    this.stopLongPress();
    const drag = this.drag;
    this.drag = null;
    if (this.pinching) {
      this.pinching = this.pressed.size > 0;
      return;
    }
    if (!drag) return;
    if (drag.right) {
      const across = drag.to ? [drag.from, drag.to] : drag.border;
      if (across) this.options.onBorder(...across);
    } else if (drag.to && this.options.onPair) this.options.onPair(drag.from, drag.to);
    else if (drag.border) this.options.onBorder(...drag.border);
    else this.options.onCell?.(drag.from, event);
  }
}
