// The play page: place dominoes, mark splits, undo and redo, check, hints at three levels, and the whole
// position kept in the address so that a puzzle (and how far you got) can be shared.

import { Board, adjacent, key, pairKey } from "./board.js";
import { el, exportText, info, post } from "./api.js";

const $ = (id) => document.getElementById(id);
const INFO = await info();
const boardBox = $("board");
boardBox.tabIndex = 0;
const board = new Board(boardBox, { onCell: clickCell, onPair: (a, b) => placeDomino(a, b), onBorder: toggleSplit });

let puzzle = null; // {grid, clues, dominoes?}
let solution = null; // list of pairs when known and unique
let facts = "";
let joined = new Set(); // pair keys
let split = new Set();
let undoStack = [];
let redoStack = [];
let cursor = [0, 0];
let selected = null;
let marked = { cells: {}, pairs: {} }; // check and hint marks, cleared by the next move
let hint = { position: null, level: 0, answer: null };
let moves = 0;

const parsePair = (k) => k.split("-").map((s) => s.split(",").map(Number));
const cols = () => Math.max(...puzzle.grid.map((row) => row.length));
const isCell = ([r, c]) => r >= 0 && r < puzzle.grid.length && c >= 0 && c < puzzle.grid[r].length && puzzle.grid[r][c] !== null;
const value = ([r, c]) => puzzle.grid[r][c];
const dominoName = ([a, b]) => [value(a), value(b)].sort((x, y) => x - y).join("-");

// -- moves ----------------------------------------------------------------------------------------------------

function remember() {
  undoStack.push({ joined: new Set(joined), split: new Set(split) });
  redoStack = [];
  moves++;
  marked = { cells: {}, pairs: {} };
}

function placeDomino(a, b) {
  if (!adjacent(a, b) || !isCell(a) || !isCell(b)) return;
  const k = pairKey([a, b]);
  if (isClue(k)) return;
  remember();
  if (joined.has(k)) {
    joined.delete(k);
  } else {
    for (const other of [...joined]) {
      const [p, q] = parsePair(other);
      if ([p, q].some((cell) => key(...cell) === key(...a) || key(...cell) === key(...b))) joined.delete(other);
    }
    split.delete(k);
    joined.add(k);
  }
  selected = null;
  changed();
}

function toggleSplit(a, b) {
  const k = pairKey([a, b]);
  if (isClue(k)) return;
  remember();
  if (split.has(k)) split.delete(k);
  else {
    joined.delete(k);
    split.add(k);
  }
  changed();
}

function liftAt(cell) {
  const k = [...joined].find((p) => parsePair(p).some((c) => key(...c) === key(...cell)));
  if (!k || isClue(k)) return false;
  remember();
  joined.delete(k);
  changed();
  return true;
}

function clickCell(cell) {
  cursor = cell;
  boardBox.focus();
  if (selected && adjacent(selected, cell)) return placeDomino(selected, cell);
  if (!selected && liftAt(cell)) return;
  selected = selected && key(...selected) === key(...cell) ? null : cell;
  draw();
}

const isClue = (k) => (puzzle.clues || []).some((p) => pairKey(p) === k);

function undo() {
  if (!undoStack.length) return;
  redoStack.push({ joined: new Set(joined), split: new Set(split) });
  ({ joined, split } = undoStack.pop());
  marked = { cells: {}, pairs: {} };
  changed();
}

function redo() {
  if (!redoStack.length) return;
  undoStack.push({ joined: new Set(joined), split: new Set(split) });
  ({ joined, split } = redoStack.pop());
  marked = { cells: {}, pairs: {} };
  changed();
}

function changed() {
  saveToAddress();
  draw();
  const done = solvedNow();
  board.svg.classList.toggle("solved", done);
  $("status").className = done ? "status solved" : "status";
  $("status").textContent = done ? `Solved! Every domino found in ${moves} moves.` : progressWords();
}

function progressWords() {
  const total = allDominoes().length;
  return `${joined.size + (puzzle.clues || []).length} of ${total} dominoes placed`;
}

// Every cell covered once and every domino of the set used once (any such tiling is a solution).
function solvedNow() {
  const pairs = [...joined].map(parsePair).concat(puzzle.clues || []);
  const cells = puzzle.grid.flat().filter((v) => v !== null).length;
  if (pairs.length * 2 !== cells) return false;
  const names = new Set(pairs.map(dominoName));
  return names.size === pairs.length && allDominoes().every((d) => names.has(d));
}

function allDominoes() {
  if (puzzle.dominoes) return puzzle.dominoes.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`);
  const n = Math.max(...puzzle.grid.flat().filter((v) => v !== null));
  const out = [];
  for (let a = 0; a <= n; a++) for (let b = a; b <= n; b++) out.push(`${a}-${b}`);
  return out;
}

// -- check and hints ------------------------------------------------------------------------------------------

function check() {
  if (!solution) {
    $("status").textContent = "This puzzle has no single solution to check against.";
    return;
  }
  const right = new Set(solution.map(pairKey));
  marked = { cells: {}, pairs: {} };
  let wrong = 0;
  for (const k of joined) if (!right.has(k)) { marked.pairs[k] = "wrong"; wrong++; }
  for (const k of split) if (right.has(k)) { marked.pairs[k] = "wrong"; wrong++; }
  draw();
  $("status").className = wrong ? "status bad" : "status";
  $("status").textContent = wrong
    ? `${wrong} mistake${wrong > 1 ? "s" : ""}, marked in red.`
    : solvedNow() ? "Solved, and right." : `No mistakes so far: ${progressWords()}.`;
}

function position() {
  return {
    joined: [...joined].map(parsePair),
    split: [...split].map(parsePair),
  };
}

async function askHint() {
  const here = [...joined].sort().join(" ") + "|" + [...split].sort().join(" ");
  const level = hint.position === here ? Math.min(3, hint.level + 1) : 1;
  const got = await post("hint", { puzzle: puzzleText(true), ...position(), detail: level });
  hint = { position: here, level, answer: got.ok ? got.data : null };
  marked = { cells: {}, pairs: {} };
  const box = $("hint-box");
  $("apply").hidden = true;
  if (!got.ok) {
    box.replaceChildren(el("span", { class: "error-line" }, got.data.error));
    return;
  }
  const h = got.data;
  if (h.status === "contradiction") {
    box.replaceChildren(el("p", {}, `Something is wrong: ${h.message}`), ...h.mistakes.map((m) => el("p", { class: "hint-text" }, m)));
  } else if (h.status === "solved") {
    box.replaceChildren(el("p", {}, "Nothing is left to deduce: the position is solved."));
  } else if (h.status === "stuck") {
    box.replaceChildren(el("p", {}, "No technique applies to this position."));
  } else {
    for (const cell of h.cells) marked.cells[key(...cell)] = "hl-hint";
    const where = el("p", {}, `Look at the highlighted cell${h.cells.length > 1 ? "s" : ""}.`);
    if (level === 1) box.replaceChildren(where, el("p", { class: "hint-text" }, "Press Hint again for the technique."));
    else {
      const tech = el("p", {}, "Technique: ", el("span", { class: "tech" }, h.technique), ` (${INFO.grades[h.tier]})`);
      if (level === 2) box.replaceChildren(tech, where, el("p", { class: "hint-text" }, "Press Hint again for the whole deduction."));
      else {
        for (const pair of h.joins) marked.pairs[pairKey(pair)] = "ghost-join";
        for (const pair of h.splits) marked.pairs[pairKey(pair)] = "ghost-split";
        box.replaceChildren(tech, el("p", {}, h.reason));
        $("apply").hidden = !(h.joins.length || h.splits.length);
      }
    }
  }
  draw();
}

function applyHint() {
  const h = hint.answer;
  if (!h || h.status !== "hint" || hint.level < 3) return;
  remember();
  for (const pair of h.joins) { joined.add(pairKey(pair)); split.delete(pairKey(pair)); }
  for (const pair of h.splits) if (!joined.has(pairKey(pair))) split.add(pairKey(pair));
  $("apply").hidden = true;
  changed();
}

// -- drawing --------------------------------------------------------------------------------------------------

function draw() {
  const view = {
    grid: puzzle.grid,
    clues: puzzle.clues || [],
    joined: [...joined].map(parsePair),
    split: [...split].map(parsePair),
    cellClass: { ...marked.cells },
    pairClass: { ...marked.pairs },
    cursor: document.activeElement === boardBox ? cursor : null,
    selected,
  };
  board.draw(view);
  drawDominoes();
  $("undo").disabled = !undoStack.length;
  $("redo").disabled = !redoStack.length;
}

function drawDominoes() {
  const used = new Map();
  for (const pair of [...joined].map(parsePair).concat(puzzle.clues || [])) {
    const name = dominoName(pair);
    used.set(name, (used.get(name) || 0) + 1);
  }
  const rows = new Map();
  for (const d of allDominoes()) {
    const a = d.split("-")[0];
    if (!rows.has(a)) rows.set(a, []);
    const n = used.get(d) || 0;
    rows.get(a).push(el("span", { class: `tile ${n > 1 ? "twice" : n ? "used" : ""}`, title: d },
      el("b", {}, d.split("-")[0]), el("b", {}, d.split("-")[1])));
  }
  $("dominoes").replaceChildren(...[...rows.values()].map((tiles) => el("div", { class: "drow" }, ...tiles)));
}

// -- the address ----------------------------------------------------------------------------------------------

let shareId = null; // the puzzle as the address holds it: a game ID when it can be one, else its JSON

function puzzleText(withSolution = false) {
  const data = { grid: puzzle.grid, clues: puzzle.clues || [] };
  if (puzzle.dominoes) data.dominoes = puzzle.dominoes;
  if (withSolution && solution) data.solution = solution;
  return JSON.stringify(data);
}

const index = ([r, c]) => r * cols() + c;
const cellOf = (i) => [Math.floor(i / cols()), i % cols()];
const encodePairs = (set) => [...set].map((k) => parsePair(k).map(index).join("-")).join(".");
const decodePairs = (text) => (text ? text.split(".").map((p) => pairKey(p.split("-").map(Number).map(cellOf))) : []);

function saveToAddress() {
  const params = new URLSearchParams({ p: shareId });
  if (joined.size) params.set("j", encodePairs(joined));
  if (split.size) params.set("s", encodePairs(split));
  history.replaceState(null, "", `#${params}`);
}

// -- starting a puzzle ----------------------------------------------------------------------------------------

async function start(data, note, saved = null) {
  puzzle = { grid: data.grid, clues: data.clues || [] };
  if (data.dominoes) puzzle.dominoes = data.dominoes;
  solution = data.solution || null;
  if (!solution) {
    const solved = await post("solve", { puzzle: puzzleText(), max_solutions: 2 });
    solution = solved.ok && solved.data.unique ? solved.data.solutions[0] : null;
    if (solved.ok && !solved.data.unique) note += solved.data.count ? " · more than one solution" : " · no solution";
  }
  const id = await exportText({ puzzle: puzzleText(), format: "game-id" });
  shareId = id.ok ? id.text.trim() : puzzleText();
  joined = new Set();
  split = new Set();
  if (saved) {
    for (const k of decodePairs(saved.j)) if (parsePair(k).every(isCell)) joined.add(k);
    for (const k of decodePairs(saved.s)) if (parsePair(k).every(isCell)) split.add(k);
  }
  undoStack = [];
  redoStack = [];
  moves = 0;
  marked = { cells: {}, pairs: {} };
  hint = { position: null, level: 0, answer: null };
  selected = null;
  cursor = [0, puzzle.grid[0].findIndex((v) => v !== null)];
  facts = note;
  $("facts").textContent = facts;
  $("hint-box").replaceChildren(el("span", { class: "hint-text" }, "Stuck? Ask for a hint: first where to look, then the technique, then the whole deduction."));
  $("apply").hidden = true;
  changed();
}

async function newPuzzle() {
  const order = Number($("order").value);
  const grade = $("grade").value || null;
  $("new").disabled = true;
  $("new-note").textContent = "making one…";
  const started = performance.now();
  let got = null;
  if (INFO.store) {
    got = await post("store/pick", { order, grade });
    if (!got.ok) got = null;
  }
  const fromStore = !!got;
  got ??= await post("generate", { order, grade });
  $("new").disabled = false;
  if (!got.ok) {
    $("new-note").textContent = got.data.error;
    return;
  }
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  $("new-note").textContent = fromStore ? `from the store (#${got.data.id})` : `made in ${secs} s`;
  const d = got.data;
  await start(d, `order ${d.order} · ${d.grade ?? "ungraded"}${d.score != null ? ` · score ${d.score}` : ""}`);
}

async function playPasted(text) {
  const read = await exportText({ puzzle: text, format: "json" });
  if (!read.ok) {
    $("status").className = "status bad";
    $("status").textContent = read.error;
    return false;
  }
  const data = JSON.parse(read.text);
  const rated = await post("rate", { puzzle: text, path: false });
  const grade = rated.ok && rated.data.grade ? ` · ${rated.data.grade}` : "";
  await start(data, `your puzzle${grade}`, null);
  return true;
}

// -- controls -------------------------------------------------------------------------------------------------

for (let n = 1; n <= INFO.max_order; n++) $("order").append(el("option", { value: n }, String(n)));
$("order").value = "5";
for (const g of INFO.grades) $("grade").append(el("option", { value: g }, g));
$("new").onclick = newPuzzle;
$("undo").onclick = undo;
$("redo").onclick = redo;
$("check").onclick = check;
$("hint").onclick = askHint;
$("apply").onclick = applyHint;
$("restart").onclick = () => { remember(); joined = new Set(); split = new Set(); changed(); };
$("share").onclick = () => {
  navigator.clipboard?.writeText(location.href).catch(() => {});
  $("status").textContent = "Link copied: it holds the puzzle and your moves.";
};
$("play-pasted").onclick = () => playPasted($("paste").value);

boardBox.addEventListener("focus", () => draw());
boardBox.addEventListener("blur", () => draw());
document.addEventListener("keydown", (event) => {
  if (!puzzle || ["TEXTAREA", "INPUT", "SELECT"].includes(event.target.tagName)) return;
  const k = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && k === "z") return event.preventDefault(), event.shiftKey ? redo() : undo();
  if ((event.ctrlKey || event.metaKey) && k === "y") return event.preventDefault(), redo();
  const dirs = { arrowleft: [0, -1], arrowright: [0, 1], arrowup: [-1, 0], arrowdown: [1, 0] };
  if (dirs[k]) {
    event.preventDefault();
    const next = [cursor[0] + dirs[k][0], cursor[1] + dirs[k][1]];
    if (!isCell(next)) return;
    if (event.shiftKey) placeDomino(cursor, next);
    else if (event.ctrlKey || event.altKey) toggleSplit(cursor, next);
    cursor = next;
    draw();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (k === "delete" || k === "backspace") liftAt(cursor);
  else if (k === "h") askHint();
  else if (k === "c") check();
  else if (k === "u") undo();
  else if (k === "r") redo();
});

// -- at load: the address's puzzle and position, else a new puzzle --------------------------------------------

const saved = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
if (saved.p) {
  const ok = await playPasted(saved.p);
  if (ok) {
    for (const k of decodePairs(saved.j)) if (parsePair(k).every(isCell)) joined.add(k);
    for (const k of decodePairs(saved.s)) if (parsePair(k).every(isCell)) split.add(k);
    changed();
  }
} else {
  await newPuzzle();
}
document.body.dataset.ready = "1";
