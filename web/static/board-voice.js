// What a screen reader hears of a board (board.js draws it; this names it). Each cell is a gridcell in a row,
// named as hints name cells: "r3c4, 5, joined to r3c5", "r1c1, 2, split from r1c2", with its highlight read out
// ("selected", "hinted", ...). The board's frame points at the keyboard's cell (aria-activedescendant), so the
// reader follows the arrow keys without the focus leaving the frame. Moves are told in a polite live region.
//
// Names are kept up to date cell by cell: a move renames the cells of the dominoes and splits it changed, never
// the whole board (a double-50 has 2,652 cells).

let boards = 0; // a page may hold more than one board: ids must not clash

// The words a highlight adds to a cell's name (the classes board.js is told to draw).
const HIGHLIGHT_WORDS = {
  selected: "selected",
  "hl-hint": "hinted",
  "hl-wrong": "wrong",
  "hl-region": "a region holding a mistake",
  "hl-num": "highlighted number",
  "hl-diff": "differs between solutions",
  "hl-step": "in this step",
  "hl-fix": "changed by the fix",
};

export const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

export class BoardVoice {
  // frame: the focusable element around the board; grid: the element that holds the rows
  constructor(frame, grid) {
    this.prefix = `board${++boards}`;
    this.frame = frame;
    this.grid = grid;
    grid.setAttribute("role", "grid");
    grid.setAttribute("aria-label", "puzzle board");
    if (!frame.hasAttribute("role")) frame.setAttribute("role", "group");
    frame.setAttribute("aria-label", "puzzle board");
    this.live = document.createElement("div");
    this.live.className = "board-live";
    this.live.setAttribute("aria-live", "polite");
    this.live.setAttribute("role", "log");
    frame.after(this.live);
    this.reset(new Map());
  }

  // A new board: cells is key -> {rect, value, r, c}; every cell named plainly.
  reset(cells) {
    this.cells = cells;
    this.partner = new Map(); // cell key -> the key of the cell it is joined to
    this.splits = new Map(); // cell key -> Set of the keys it is split from
    this.words = new Map(); // cell key -> its highlight words
    this.active = null;
    for (const [k, cell] of cells) {
      cell.rect.id = this.id(k);
      this.name(k);
    }
    this.frame.removeAttribute("aria-activedescendant");
  }

  id(k) {
    return `${this.prefix}-${k.replace(",", "-")}`;
  }

  name(k) {
    const cell = this.cells.get(k);
    if (!cell) return;
    const parts = [`${cellName([cell.r, cell.c])}, ${cell.value}`];
    const partner = this.partner.get(k);
    if (partner) parts.push(`joined to ${cellName(partner.split(",").map(Number))}`);
    const splits = this.splits.get(k);
    if (splits?.size) parts.push(`split from ${[...splits].map((s) => cellName(s.split(",").map(Number))).join(" and ")}`);
    const words = this.words.get(k);
    if (words) parts.push(words);
    cell.rect.setAttribute("aria-label", parts.join(", "));
  }

  // A cell's classes changed (board.js paints only the cells whose classes change).
  classes(k, classes) {
    const words = classes.map((cls) => HIGHLIGHT_WORDS[cls]).filter(Boolean).join(", ");
    if ((this.words.get(k) || "") === words) return;
    if (words) this.words.set(k, words);
    else this.words.delete(k);
    this.name(k);
  }

  // The keyboard's cell (null: the board is not focused).
  cursor(k) {
    if (k === this.active) return;
    this.active = k;
    if (k && this.cells.has(k)) this.frame.setAttribute("aria-activedescendant", this.id(k));
    else this.frame.removeAttribute("aria-activedescendant");
  }

  // Dominoes and splits added or taken away since the last draw: the cells renamed, the change told.
  marks(added, removed, announce) {
    const told = [];
    for (const [kind, [a, b], look] of removed) {
      const [p, q] = [a.join(","), b.join(",")];
      if (kind === "domino") {
        if (this.partner.get(p) === q) this.partner.delete(p);
        if (this.partner.get(q) === p) this.partner.delete(q);
        if (!look.includes("clue")) told.push(`lifted the domino on ${cellName(a)} and ${cellName(b)}`);
      } else {
        this.splits.get(p)?.delete(q);
        this.splits.get(q)?.delete(p);
        told.push(`split removed between ${cellName(a)} and ${cellName(b)}`);
      }
      this.name(p);
      this.name(q);
    }
    for (const [kind, [a, b], look] of added) {
      const [p, q] = [a.join(","), b.join(",")];
      const values = [this.cells.get(p)?.value, this.cells.get(q)?.value].join("-");
      if (kind === "domino") {
        this.partner.set(p, q);
        this.partner.set(q, p);
        if (!look.includes("clue")) told.push(`placed ${values} on ${cellName(a)} and ${cellName(b)}`);
      } else {
        for (const [x, y] of [[p, q], [q, p]]) {
          if (!this.splits.has(x)) this.splits.set(x, new Set());
          this.splits.get(x).add(y);
        }
        told.push(`split marked between ${cellName(a)} and ${cellName(b)}`);
      }
      this.name(p);
      this.name(q);
    }
    // One move changes a mark or two; many at once (a restart, a position restored) are told as a count.
    if (!announce || !told.length) return;
    this.say(told.length <= 3 ? told.join("; ") : `${told.length} changes on the board`);
  }

  // Hints on the board: the suggested domino or split (the words of the hint are the page's own live text).
  suggested(joins, splits) {
    const words = [
      ...joins.map(([a, b]) => `hint: a domino on ${cellName(a)} and ${cellName(b)}`),
      ...splits.map(([a, b]) => `hint: a split between ${cellName(a)} and ${cellName(b)}`),
    ];
    if (words.length) this.say(words.slice(0, 3).join("; "));
  }

  say(text) {
    const line = document.createElement("p");
    line.textContent = text;
    this.live.append(line);
    while (this.live.childElementCount > 3) this.live.firstElementChild.remove();
  }
}
