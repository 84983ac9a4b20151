// The setter page: a puzzle typed as text or edited on the board, analysed as it changes.
// The server reads the text (any format the commands read), so the page never parses puzzles itself; it
// only writes a plain grid back when the board is edited.

import { Board, key, pairKey } from "./board.js";
import { debounce, download, el, exportFile, exportText, info, post, retryDelay } from "./api.js";
import { FixPanel } from "./fix.js";
import { Zoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const text = $("text");
const board = new Board($("board"), { onCell: selectCell });
const boardBox = $("board");
boardBox.tabIndex = 0;
// A big grid (a double-40 is 41 x 42) opens zoomed, as on the play page; a grid of another shape zooms afresh.
const zoom = new Zoom(boardBox, board.svg, { bar: $("zoom-bar"), zoom: $("zoom"), zoomIn: $("zoom-in"), zoomOut: $("zoom-out") });
let drawnShape = null;
let revealing = [];

let puzzle = null; // {grid, clues, dominoes?} as the server read it
let solved = null; // the solve answer
let explained = null; // the explain answer
let step = 0; // 0: the puzzle; k: just before step k; steps+1: solved
let showing = -1; // a solution drawn on the board (its index), or -1 for none
let selected = null;
let typed = { cell: null, at: 0 };
let asked = 0; // the latest analysis; older answers are dropped
let badCell = null; // the cell a reading error names, marked on the board
// A busy studio (503, a time-out, no network) is asked again later about the same text: how many times in a row it
// was busy for which text, and the timer of the next try. After MAX_BUSY_TRIES the page stops asking until edited.
let busy = { source: null, tries: 0, timer: null };
const MAX_BUSY_TRIES = 8;
// Solutions counted exactly up to this many; beyond, the verdict says "more than".
const SOLUTION_CAP = 100;

const GRADES = (await info()).grades;
// "Make it unique" (fix.js): the suggestion is drawn by draw(), applied as an edit of the board, undone as text.
const fixer = new FixPanel({ button: $("fix"), mode: $("fix-mode"), grade: $("fix-grade"), out: $("fix-out") }, {
  source: () => text.value,
  apply: (fixed) => { puzzle = fixed; writeText(); },
  restore: (before) => { text.value = before; analyse(); },
  redraw: () => draw(),
}, GRADES);

// -- analysis -------------------------------------------------------------------------------------------------

async function analyse() {
  clearTimeout(busy.timer);
  const mine = ++asked;
  try {
    await analyseText(mine);
  } finally {
    if (mine === asked) document.body.classList.remove("busy");
  }
}

// Whether an analysis has been overtaken: a newer one started, or the text is no longer the one it read.
function stale(mine, source) {
  return mine !== asked || text.value !== source;
}

async function analyseText(mine) {
  fixer.forget();
  const source = text.value;
  if (!source.trim()) {
    setVerdict("wait", "waiting", "type or paste a puzzle");
    $("fix").disabled = true;
    return;
  }
  document.body.classList.add("busy");
  const read = await readPuzzle(source);
  // The text may have changed while the server read it (digits typed on the board go on landing): this answer is
  // about an older grid, and taking its puzzle would undo what was typed since. The newer text's analysis is due.
  if (stale(mine, source)) return;
  if (!read.ok && read.busy) return waitForStudio(mine, source, read);
  if (!read.ok) {
    // The old board and verdict would describe a puzzle no longer there: show this text's grid as far as it
    // reads, with the cell the error names marked.
    setVerdict("bad", read.status >= 500 ? "error" : "not a puzzle", "");
    showError(read.error);
    solved = null;
    step = 0;
    show(-1);
    clearRating();
    const loose = looseGrid(source);
    puzzle = loose ? { grid: loose.grid, clues: [] } : null;
    if (puzzle) followOrder(puzzle);
    $("fix").disabled = true; // nothing to make unique: the error above says why, once
    const at = /line (\d+), column (\d+)/.exec(read.error);
    badCell = loose && at ? loose.cellAt(Number(at[1]), Number(at[2])) : null;
    draw();
    return;
  }
  puzzle = read.puzzle;
  badCell = null;
  followOrder(puzzle);
  $("fix").disabled = false;
  showError(null);
  share(source);
  const [s, e] = await Promise.all([
    post("solve", { puzzle: source, max_solutions: SOLUTION_CAP + 1 }),
    post("explain", { puzzle: source }),
  ]);
  if (stale(mine, source)) return;
  const notNow = [s, e].find((answer) => !answer.ok && answer.busy);
  if (notNow) return waitForStudio(mine, source, notNow);
  busy.tries = 0;
  if (!s.ok) {
    setVerdict("bad", "error", "");
    showError(s.data.error);
    return;
  }
  solved = s.data;
  explained = e.ok ? e.data : null;
  step = 0;
  show(-1);
  if (solved.unique) setVerdict("good", "unique", "exactly one solution");
  else if (solved.count === 0) setVerdict("bad", "no solution", solved.complete ? "no way to place every domino" : "");
  else {
    const count = solved.complete && solved.count <= SOLUTION_CAP ? `${solved.count}` : `more than ${SOLUTION_CAP}`;
    setVerdict("warn", `${count} solutions`, "the highlighted cells are where two solutions differ");
  }
  if (!e.ok) showError(e.data.error);
  showRating();
  draw();
}

// The studio could not answer now (busy, out of time, or not reachable): that says nothing of the text, which stays
// as typed, with the board; the same text is read again after a back-off (never sooner than the server's
// Retry-After), unless a newer text comes first.
function waitForStudio(mine, source, failed) {
  busy.tries = busy.source === source ? busy.tries + 1 : 1;
  busy.source = source;
  const why = failed.status === 0 ? "the studio does not answer" : failed.status === 503 ? "the studio is busy" : "the studio took too long";
  if (busy.tries > MAX_BUSY_TRIES) {
    setVerdict("wait", "busy", `${why}: your text is kept; edit it to try again`);
    return;
  }
  const delay = retryDelay(busy.tries, failed.retryAfter);
  setVerdict("wait", "busy", `${why}: your text is kept and read again in ${Math.round(delay / 1000)} s`);
  busy.timer = setTimeout(() => {
    if (!stale(mine, source)) analyse();
  }, delay);
}

// The Order selector shows the order of the grid on the board, so that a blank grid or a random puzzle made next
// is of the same size: a standard board's (n + 1 rows of n + 2) from its shape, whatever it holds yet; any other
// board's the largest number of its set.
function followOrder(shown) {
  const rows = shown.grid.length;
  const cols = Math.max(0, ...shown.grid.map((row) => row.length));
  const numbers = shown.dominoes ? shown.dominoes.flat() : shown.grid.flat().filter((v) => typeof v === "number");
  const order = !shown.dominoes && cols === rows + 1 ? rows - 1 : Math.max(0, ...numbers);
  if ([...orders.options].some((o) => Number(o.value) === order)) orders.value = String(order);
}

// A plain grid's rows as far as they read (numbers, holes as null, anything else as typed), and the cell at a
// line and column of the text; null for a game ID or JSON, which have no cells to point at.
function looseGrid(source) {
  if (/^\s*[{[]/.test(source) || /^\s*\d+:/.test(source)) return null;
  const grid = [];
  const places = new Map(); // "line,column" of each token's characters -> cell
  source.split("\n").forEach((line, i) => {
    if (!line.trim() || line.trim().startsWith("#")) return;
    const row = [];
    const tokens = /\s/.test(line.trim()) ? [...line.matchAll(/\S+/g)] : [...line].map((ch, k) => Object.assign([ch], { index: k })).filter((t) => t[0].trim());
    for (const token of tokens) {
      const word = token[0];
      for (let k = 0; k < word.length; k++) places.set(`${i + 1},${token.index + k + 1}`, [grid.length, row.length]);
      row.push(/^\d+$/.test(word) ? Number(word) : /^[x.]$/i.test(word) ? null : word);
    }
    grid.push(row);
  });
  if (!grid.length) return null;
  return { grid, cellAt: (line, column) => places.get(`${line},${column}`) || null };
}

// The puzzle in the address (so the page can be bookmarked or sent) and in the link to play it.
function share(source) {
  history.replaceState(null, "", `#${new URLSearchParams({ puzzle: source.trim() })}`);
  $("play-link").href = `/play#${new URLSearchParams({ p: source.trim() })}`;
}

async function readPuzzle(source) {
  const read = await exportText({ puzzle: source, format: "json" });
  return read.ok ? { ok: true, puzzle: JSON.parse(read.text) } : read;
}

function setVerdict(kind, badge, words) {
  $("verdict").className = `badge ${kind}`;
  $("verdict").textContent = badge;
  $("verdict-words").textContent = words;
  if (kind === "wait" || kind === "bad") {
    solved = explained = null;
    showing = -1;
    $("solutions").hidden = true;
  }
}

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

function clearRating() {
  explained = null;
  showRating();
}

function showRating() {
  const grade = explained?.grade ?? null;
  const level = explained?.level ?? -1;
  $("grades").replaceChildren(
    ...GRADES.map((g, k) => el("span", { class: k === level ? "on" : k < level ? "below" : "" }, g)),
  );
  $("grade").textContent = grade ?? (explained ? `none (${explained.verdict})` : "–");
  $("score").textContent = explained?.unique ? explained.score : "–";
  const steps = explained?.deductions;
  $("path").textContent = steps
    ? `${steps.length} steps, cost ${explained.cost}${explained.exhaustive ? ", proved shortest" : ""}`
    : "–";
  const rules = Object.entries(explained?.rules || {});
  const most = Math.max(1, ...rules.map(([, n]) => n));
  $("rules").replaceChildren(
    ...rules.map(([name, n]) =>
      el("div", { class: "bar" }, el("span", {}, name),
        el("div", { class: "fill", style: `width:${(100 * n) / most}%` }), el("span", { class: "n" }, String(n))),
    ),
  );
  showStep();
}

// -- the explanation ------------------------------------------------------------------------------------------

function showStep() {
  const steps = explained?.deductions || [];
  const n = steps.length;
  $("first").disabled = $("prev").disabled = !n || step === 0;
  $("next").disabled = !n || step > n;
  $("step-count").textContent = n ? (step === 0 ? `${n} steps` : step > n ? "solved" : `step ${step} of ${n}`) : "no steps";
  const sentence = $("sentence");
  if (!n) {
    sentence.replaceChildren(el("span", { class: "hint-text" }, explained && !explained.unique
      ? "Only a puzzle with exactly one solution has a deduction path."
      : "A puzzle with exactly one solution is explained step by step here."));
  } else if (step === 0) {
    sentence.replaceChildren(el("span", { class: "hint-text" }, `Press Next (or →) to walk through the ${n} steps of the shortest deduction path.`));
  } else if (step > n) {
    sentence.replaceChildren(el("span", {}, "Solved: every domino is placed."));
  } else {
    const s = steps[step - 1];
    sentence.replaceChildren(el("span", { class: "tech" }, s.technique), s.reason);
  }
  draw();
}

function go(to) {
  const n = explained?.deductions?.length || 0;
  if (showing >= 0) show(-1);
  step = Math.max(0, Math.min(n + 1, to));
  showStep();
}

$("first").onclick = () => go(0);
$("prev").onclick = () => go(step - 1);
$("next").onclick = () => go(step + 1);

// -- drawing --------------------------------------------------------------------------------------------------

function draw() {
  if (!puzzle) {
    board.draw({ grid: [] });
    return;
  }
  const view = { grid: puzzle.grid, clues: puzzle.clues || [], joined: [], split: [], cellClass: {}, pairClass: {} };
  view.selected = selected;
  if (badCell) view.cellClass[key(...badCell)] = "hl-wrong bad-cell";
  const steps = explained?.deductions || [];
  if (solved && !solved.unique && solved.solutions.length >= 2) {
    for (const cell of differingCells(solved.solutions[0], solved.solutions[1])) view.cellClass[key(...cell)] = "hl-diff";
  }
  if (showing >= 0 && solved?.solutions?.[showing]) {
    view.joined = solved.solutions[showing];
  } else if (steps.length && step > steps.length) {
    view.joined = solved?.solutions?.[0] || [];
  } else if (steps.length && step > 0) {
    for (const s of steps.slice(0, step - 1)) {
      view.joined.push(...s.joins, ...(s.follows || []));
      view.split.push(...s.splits);
    }
    const s = steps[step - 1];
    for (const cell of s.cells) view.cellClass[key(...cell)] = "hl-step";
    revealing = s.cells;
    for (const pair of s.joins) view.pairClass[pairKey(pair)] = "ghost-join";
    for (const pair of s.splits) view.pairClass[pairKey(pair)] = "ghost-split";
  }
  board.draw(fixer.decorate(view));
  const shape = view.grid.map((row) => row.length).join(",");
  if (shape !== drawnShape) {
    drawnShape = shape;
    zoom.fresh();
  }
  zoom.reveal(revealing); // a step's cells, on a zoomed board, scrolled into view
  revealing = [];
}

// Draw a solution on the board (-1: none). A few solutions get a button each; more, a stepper through them all.
const FEW_SOLUTIONS = 6;
function show(k) {
  const count = solved?.solutions?.length || 0;
  showing = k < count ? k : -1;
  $("solutions").hidden = !count;
  const button = (n, words) => el("button", { "data-show": n, class: n === showing ? "on" : "", onclick: () => show(n) }, words);
  let buttons;
  if (count <= 1) buttons = count ? [button(0, "the solution")] : [];
  else if (count <= FEW_SOLUTIONS) buttons = solved.solutions.map((_, n) => button(n, `solution ${n + 1}`));
  else {
    const at = Math.max(0, showing);
    const arrow = (to, words, label) => Object.assign(button(to, words), { ariaLabel: label, className: "" });
    buttons = [
      arrow((at + count - 1) % count, "◂", "the solution before"),
      button(at, `solution ${at + 1} of ${count}`),
      arrow((at + 1) % count, "▸", "the next solution"),
    ];
  }
  $("solution-buttons").replaceChildren(...buttons);
  document.querySelector('[data-show="-1"]').classList.toggle("on", showing === -1);
  if (k >= 0) step = 0;
  showStep();
}

document.querySelector('[data-show="-1"]').onclick = () => show(-1);

// Cells whose domino partner differs between two solutions: where the puzzle is ambiguous.
function differingCells(one, two) {
  const partner = (solution) => {
    const map = new Map();
    for (const [a, b] of solution) {
      map.set(key(...a), key(...b));
      map.set(key(...b), key(...a));
    }
    return map;
  };
  const p = partner(one), q = partner(two);
  return [...p.keys()].filter((k) => p.get(k) !== q.get(k)).map((k) => k.split(",").map(Number));
}

// -- editing on the board -------------------------------------------------------------------------------------

function selectCell(cell) {
  selected = cell;
  boardBox.focus();
  draw();
}

function writeText() {
  const grid = puzzle.grid;
  if (puzzle.dominoes) {
    text.value = JSON.stringify({ grid, clues: puzzle.clues || [], dominoes: puzzle.dominoes });
  } else {
    const wide = grid.some((row) => row.some((v) => v !== null && v > 9));
    const lines = grid.map((row) => row.map((v) => (v === null ? "x" : String(v))).join(wide ? " " : ""));
    const clues = (puzzle.clues || []).map(([a, b]) =>
      `${grid[a[0]][a[1]]}-${grid[b[0]][b[1]]}@r${a[0] + 1}c${a[1] + 1},r${b[0] + 1}c${b[1] + 1}`);
    if (clues.length) lines.push("-", ...clues);
    text.value = lines.join("\n") + "\n";
  }
  analyseSoon();
}

boardBox.addEventListener("keydown", (event) => {
  if (!puzzle || !selected) return;
  const [r, c] = selected;
  const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    const nr = r + dr, nc = c + dc;
    if (nr >= 0 && nr < puzzle.grid.length && nc >= 0 && nc < puzzle.grid[nr].length) selected = [nr, nc];
    typed = { cell: null, at: 0 };
    draw();
    event.preventDefault();
    return;
  }
  let value;
  let advance = false;
  if (/^[0-9]$/.test(event.key)) {
    // Digits go in one by one; on boards with numbers above 9 a second digit within a moment extends the first.
    const now = performance.now();
    const old = puzzle.grid[r][c];
    const top = largestNumber();
    const continuing = top > 9 && typed.cell === key(r, c) && now - typed.at < 900 && old !== null && old * 10 + Number(event.key) <= top;
    value = continuing ? old * 10 + Number(event.key) : Number(event.key);
    typed = { cell: key(r, c), at: now };
    advance = top <= 9 || value * 10 > top; // no digit can follow: on to the next cell
  } else if (["x", "X", ".", "Delete", "Backspace"].includes(event.key)) {
    value = null;
    advance = event.key !== "Backspace";
  } else if (event.key === " " || event.key === "Enter") {
    event.preventDefault();
    nextCell();
    draw();
    return;
  } else {
    return;
  }
  event.preventDefault();
  puzzle.grid[r][c] = value;
  puzzle.clues = (puzzle.clues || []).filter(([a, b]) => key(...a) !== key(r, c) && key(...b) !== key(r, c));
  if (advance) nextCell();
  draw();
  writeText();
});

// The largest number the board may hold: its standard order (rows - 1) or the largest it shows, if more.
function largestNumber() {
  const shown = Math.max(0, ...puzzle.grid.flat().filter((v) => v !== null));
  return Math.max(shown, puzzle.grid.length - 1);
}

// The next cell in reading order, as a spreadsheet moves after an entry.
function nextCell() {
  const [r, c] = selected;
  if (c + 1 < puzzle.grid[r].length) selected = [r, c + 1];
  else if (r + 1 < puzzle.grid.length) selected = [r + 1, 0];
  typed = { cell: null, at: 0 };
}

document.addEventListener("keydown", (event) => {
  if (event.target === text || !explained?.deductions?.length || document.activeElement === boardBox && selected) return;
  if (event.key === "ArrowRight") go(step + 1);
  if (event.key === "ArrowLeft") go(step - 1);
});

// -- new puzzles and exports ----------------------------------------------------------------------------------

const analyseSoon = debounce(analyse, 250);
text.addEventListener("input", analyseSoon);
// A grid typed or pasted in the text is another grid: a cell selected on the old one means nothing on it.
text.addEventListener("input", () => { selected = null; });

const orders = $("new-order");
for (let n = 1; n <= (await info()).max_order; n++) orders.append(el("option", { value: n }, String(n)));
orders.value = "6";

$("blank").onclick = () => {
  const n = Number(orders.value);
  puzzle = { grid: Array.from({ length: n + 1 }, () => Array(n + 2).fill(0)), clues: [] };
  selected = [0, 0];
  writeText();
  draw();
  boardBox.focus();
};

// Grow or shrink the board by a row or a column at the bottom or the right (new squares hold 0).
for (const button of document.querySelectorAll("[data-size]")) {
  button.onclick = () => {
    if (!puzzle) return;
    const [what, change] = button.dataset.size.split(",");
    const grid = puzzle.grid.map((row) => [...row]);
    const width = Math.max(...grid.map((row) => row.length));
    if (what === "rows" && change === "1") grid.push(Array(width).fill(0));
    else if (what === "rows" && grid.length > 1) grid.pop();
    else if (what === "cols" && change === "1") grid.forEach((row) => row.push(0));
    else if (what === "cols" && width > 1) grid.forEach((row) => row.length === width && row.pop());
    const inside = ([r, c]) => r < grid.length && c < grid[r].length;
    puzzle = { ...puzzle, grid, clues: (puzzle.clues || []).filter(([a, b]) => inside(a) && inside(b)) };
    if (selected && !inside(selected)) selected = null;
    draw();
    writeText();
  };
}

// Making a puzzle of a big order takes a while: the button counts the seconds and, pressed again, cancels.
let making = null; // the AbortController of the puzzle being made
$("random").onclick = async () => {
  if (making) return making.abort();
  making = new AbortController();
  const started = performance.now();
  const button = $("random");
  const progress = () => { button.textContent = `Cancel (making, ${Math.floor((performance.now() - started) / 1000)} s)`; };
  progress();
  const ticking = setInterval(progress, 1000);
  let made;
  try {
    made = await post("generate", { order: Number(orders.value) }, making.signal);
  } finally {
    clearInterval(ticking);
    making = null;
    button.textContent = "Random puzzle";
  }
  if (made.aborted) return;
  if (!made.ok) return showError(made.data.error);
  puzzle = { grid: made.data.grid, clues: made.data.clues };
  selected = null;
  writeText();
};

$("example").onclick = async () => {
  text.value = (await info()).example;
  selected = null;
  analyse();
};

for (const button of document.querySelectorAll("[data-export]")) {
  button.onclick = async () => {
    const format = button.dataset.export;
    const got = await exportFile({ puzzle: text.value, format, what: $("export-what").value });
    const out = $("export-out");
    if (!got.ok) {
      out.hidden = false;
      out.textContent = got.error;
      return;
    }
    if (["game-id", "plain", "json"].includes(format)) {
      out.hidden = false;
      out.textContent = await got.blob.text();
      navigator.clipboard?.writeText(out.textContent).catch(() => {});
    } else {
      download(got.blob, got.name);
    }
  };
}

// A puzzle in the address (#puzzle=...) is loaded, so a setter can share what they are working on.
const shared = new URLSearchParams(location.hash.slice(1)).get("puzzle");
if (!text.value) text.value = shared || (await info()).example; // unless the user typed while the page loaded
showRating();
// Ready once the first puzzle is read: its reading sets the Order selector (followOrder), which must not
// overwrite an order chosen after the page says it is ready.
await analyse();
document.body.dataset.ready = "1";
