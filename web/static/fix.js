// "Make it unique": the setter asks /api/fix for the smallest fix of the puzzle typed, sees it drawn on the board
// (the clues to give as dashed dominoes, or the swapped cells highlighted with their new numbers), applies it with
// one click and can undo that. The setter page owns the puzzle; this module only holds the suggestion and the
// text to go back to, and tells the page what to draw through decorate(view).

import { el, post } from "./api.js";

export class FixPanel {
  // parts: {button, mode, grade, out} elements; page: {source(), apply(puzzle), restore(text), redraw()}
  constructor(parts, page, grades) {
    this.parts = parts;
    this.page = page;
    this.suggestion = null; // the /api/fix answer on show
    this.before = null; // the puzzle text before the last fix applied, for undo
    parts.grade.append(el("option", { value: "" }, "hardest grade"), ...grades.map((g) => el("option", { value: g }, g)));
    parts.button.onclick = () => this.ask();
  }

  // The page's text changed: a suggestion made for the old text no longer applies.
  forget() {
    if (!this.suggestion) return;
    this.suggestion = null;
    if (!this.parts.out.dataset.keep) this.parts.out.replaceChildren();
    delete this.parts.out.dataset.keep;
  }

  async ask() {
    const { button, mode, grade, out } = this.parts;
    button.disabled = true;
    out.replaceChildren(el("span", { class: "hint-text" }, "looking for the smallest fix…"));
    const body = { puzzle: this.page.source(), swaps: mode.value === "swaps" };
    if (grade.value) body.grade = grade.value;
    const answer = await post("fix", body);
    button.disabled = false;
    if (!answer.ok) {
      out.replaceChildren(el("div", { class: "error-line" }, answer.data.error));
      return;
    }
    this.suggestion = answer.data;
    this.show();
    this.page.redraw();
  }

  show() {
    const s = this.suggestion;
    const lines = [el("div", { class: "fix-summary" }, summary(s))];
    for (const sentence of sentences(s)) lines.push(el("div", { class: "fix-step" }, sentence));
    if (s.note) lines.push(el("div", { class: "hint-text" }, s.note));
    const row = el("div", { class: "row" });
    if (s.clues.length || s.swaps.length) {
      row.append(el("button", { class: "primary", id: "fix-apply", onclick: () => this.apply() }, "Apply"));
    }
    row.append(el("button", { id: "fix-dismiss", onclick: () => this.dismiss() }, "Dismiss"));
    lines.push(row);
    this.parts.out.replaceChildren(...lines);
  }

  apply() {
    this.before = this.page.source();
    const fixed = this.suggestion.puzzle;
    this.suggestion = null;
    this.parts.out.dataset.keep = "1"; // the undo button outlives the text change the apply makes
    this.parts.out.replaceChildren(
      el("div", { class: "row" }, el("span", { class: "hint-text" }, "Fix applied."),
        el("button", { id: "fix-undo", onclick: () => this.undo() }, "Undo")),
    );
    this.page.apply({ grid: fixed.grid, clues: fixed.clues, dominoes: fixed.dominoes });
  }

  undo() {
    if (this.before === null) return;
    const text = this.before;
    this.before = null;
    this.parts.out.replaceChildren();
    this.page.restore(text);
  }

  dismiss() {
    this.suggestion = null;
    this.parts.out.replaceChildren();
    this.page.redraw();
  }

  // The suggestion drawn on the page's view: new clues as dashed dominoes, swapped cells with their new numbers.
  decorate(view) {
    const s = this.suggestion;
    if (!s) return view;
    for (const clue of s.clues) view.pairClass[pairKey(clue.cells)] = "ghost-join";
    if (s.swaps.length) {
      view.grid = s.puzzle.grid;
      for (const swap of s.swaps) for (const [r, c] of swap.cells) view.cellClass[`${r},${c}`] = "hl-fix";
    }
    return view;
  }
}

const pairKey = ([a, b]) => {
  const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
  return `${p[0]},${p[1]}-${q[0]},${q[1]}`;
};

const name = ([r, c]) => `r${r + 1}c${c + 1}`;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function summary(s) {
  const count = s.clues.length ? plural(s.clues.length, "clue") : plural(s.swaps.length, "swap");
  const proof = s.minimal ? "the fewest possible" : `not proved the fewest (at least ${s.lower_bound})`;
  if (!s.clues.length && !s.swaps.length) return s.unique ? `Nothing to change: it grades ${s.grade}.` : "No fix found.";
  if (!s.unique) return `${count}, ${proof}; still not unique.`;
  return `${count} make${s.clues.length + s.swaps.length === 1 ? "s" : ""} it unique (${proof}); it then grades ${s.grade}.`;
}

function sentences(s) {
  const out = s.clues.map((c) => `Give the ${c.domino[0]}-${c.domino[1]} at ${name(c.cells[0])} and ${name(c.cells[1])}.`);
  for (const { cells: [a, b], numbers: [x, y] } of s.swaps) out.push(`Swap the ${x} at ${name(a)} with the ${y} at ${name(b)}.`);
  return out;
}
