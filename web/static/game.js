// One game of Dominosa on a page: place dominoes, mark splits, undo and redo, check, hints (first where, then
// the technique, then the whole deduction; a wrong move first as a region, then as the move), duplicates marked
// on the board, every cell of a number highlighted on demand, a timer with pause, and statistics on a solve.
//
// The game asks its questions through a backend, so that the same game runs in the studio (the JSON API) and on
// a static site (answers precomputed by `dominosa site`):
//   backend.hint(puzzle, position, detail) -> {ok, data}   (data as `dominosa hint --format json`)
//   backend.solve(puzzle) -> {ok, data}                       (data as `dominosa solve --format json`)
// The page names its elements by id (see play.html); missing optional ones are skipped.

import { Board, adjacent, key, pairKey } from "./board.js";
import { el } from "./api.js";
import { puzzleKey, readProgress, writeProgress } from "./progress.js";
import { fitBoard } from "./screen.js";
import { clock, recordSolve, recordStart, stats, summary } from "./stats.js";
import { Zoom } from "./zoom.js";

const $ = (id) => document.getElementById(id);
const parsePair = (k) => k.split("-").map((s) => s.split(",").map(Number));
const PLAY_CONTROLS = ["undo", "redo", "mode", "check", "hint", "apply", "restart"];
const SAVE_EVERY = 5000; // ms between saves of the running clock (every move is saved at once)
const BIG_SET = 91; // dominoes in the double-12 set: a larger set's table starts folded
const HINT_PROMPT = "Stuck? Ask for a hint: first where to look, then the technique, then the whole deduction.";

export function createGame(backend, options = {}) {
  const boardBox = $("board");
  boardBox.tabIndex = 0;
  const board = new Board(boardBox, {
    onCell: clickCell,
    onPair: (a, b) => (splitMode ? toggleSplit(a, b) : placeDomino(a, b)),
    onBorder: toggleSplit,
  });
  const zoom = new Zoom(boardBox, board.svg, { bar: $("zoom-bar"), zoom: $("zoom"), zoomIn: $("zoom-in"), zoomOut: $("zoom-out") });

  let puzzle = null; // {grid, clues, dominoes?, order, grade}
  let solution = null; // list of pairs when known and unique
  let joined = new Set(); // pair keys
  let split = new Set();
  let undoStack = [];
  let redoStack = [];
  let cursor = [0, 0];
  let selected = null;
  let marked = { cells: {}, pairs: {} }; // check and hint marks, cleared by the next move
  let hint = { position: null, level: 0, answer: null, id: null };
  let moves = 0;
  let counted = new Set(); // the deductions (and wrong moves) hinted: each counts once, whatever level was read
  let shown = new Map(); // deduction -> the deepest level of it read so far
  let asking = false; // a hint asked of the backend and not answered yet
  let started = false; // a first move (or hint) made: only then is the puzzle counted as started, and kept
  let progressKey = null;
  let numberShown = null; // the number whose cells are highlighted
  let splitMode = false; // on touch screens: taps and drags mark splits rather than place dominoes
  let timer = { ms: 0, since: null, paused: false };
  let solvedAt = null; // the time it took, once solved
  let meta = {}; // {order, grade, daily}
  let starts = 0; // puzzles started: a start whose solution came after a later start gives way to it

  const isCell = ([r, c]) => r >= 0 && r < puzzle.grid.length && c >= 0 && c < puzzle.grid[r].length && puzzle.grid[r][c] !== null;
  const value = ([r, c]) => puzzle.grid[r][c];
  const dominoName = ([a, b]) => [value(a), value(b)].sort((x, y) => x - y).join("-");
  const isClue = (k) => (puzzle.clues || []).some((p) => pairKey(p) === k);
  const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;
  const readingOrder = (a, b) => a[0] - b[0] || a[1] - b[1];
  const hintsUsed = () => counted.size;
  // Nothing changes the board while it is paused or once it is solved.
  const locked = () => !puzzle || timer.paused || solvedAt !== null;

  // -- moves --------------------------------------------------------------------------------------------------

  function remember() {
    undoStack.push({ joined: new Set(joined), split: new Set(split) });
    redoStack = [];
    moves++;
    marked = { cells: {}, pairs: {} };
    begin();
  }

  // The first move (or hint) starts the puzzle: the statistics count it, and its progress is kept from now on.
  function begin() {
    if (started) return;
    started = true;
    recordStart();
    showStats();
  }

  function placeDomino(a, b) {
    if (locked() || !adjacent(a, b) || !isCell(a) || !isCell(b)) return;
    const k = pairKey([a, b]);
    if (isClue(k)) return;
    remember();
    if (joined.has(k)) {
      joined.delete(k);
    } else {
      for (const other of [...joined]) {
        if (parsePair(other).some((cell) => key(...cell) === key(...a) || key(...cell) === key(...b))) joined.delete(other);
      }
      split.delete(k);
      joined.add(k);
    }
    selected = null;
    changed(true);
  }

  function toggleSplit(a, b) {
    if (locked() || !adjacent(a, b)) return;
    const k = pairKey([a, b]);
    if (isClue(k)) return;
    remember();
    if (split.has(k)) split.delete(k);
    else {
      joined.delete(k);
      split.add(k);
    }
    selected = null;
    changed(true);
  }

  function liftAt(cell) {
    const k = [...joined].find((p) => parsePair(p).some((c) => key(...c) === key(...cell)));
    if (!k || isClue(k) || locked()) return false;
    remember();
    joined.delete(k);
    changed(true);
    return true;
  }

  function clickCell(cell) {
    if (locked()) return;
    cursor = cell;
    boardBox.focus({ preventScroll: true });
    if (selected && adjacent(selected, cell)) return splitMode ? toggleSplit(selected, cell) : placeDomino(selected, cell);
    if (!selected && !splitMode && liftAt(cell)) return;
    selected = selected && key(...selected) === key(...cell) ? null : cell;
    draw();
  }

  // Undo and redo are one move between the two stacks: the position now goes on one, the other's top comes back.
  function travel(from, to) {
    if (!from.length || locked()) return;
    to.push({ joined: new Set(joined), split: new Set(split) });
    ({ joined, split } = from.pop());
    marked = { cells: {}, pairs: {} };
    changed(true);
  }

  function undo() { travel(undoStack, redoStack); }

  function redo() { travel(redoStack, undoStack); }

  function restart() {
    if (locked()) return;
    remember();
    joined = new Set();
    split = new Set();
    changed(true);
  }

  // After every change: the board, the status, the hint (refreshed, or cleared once solved), the statistics.
  function changed(byMove = false) {
    options.onChange?.(state());
    draw();
    const done = solvedNow();
    board.svg.classList.toggle("solved", done);
    if (done && solvedAt === null) finish();
    $("status").className = done ? "status solved" : "status";
    $("status").textContent = done ? solvedWords() : progressWords();
    if (done) {
      hint = { position: null, level: 0, answer: null, id: null };
      $("hint-box").replaceChildren(el("p", {}, "Solved: nothing left to hint."));
      hideApply();
    } else if (byMove && hint.level > 0) {
      // The old hint may no longer hold, and a new one is given only when asked for.
      hint.level = 0;
      hideApply();
      $("hint-box").replaceChildren(el("span", { class: "hint-text" }, "Press Hint for a hint on the position as it is now."));
    }
    if (byMove) save();
  }

  function finish(again = false) {
    if ($("pause")) $("pause").disabled = true;
    if (!again) {
      solvedAt = elapsed();
      timer.since = null;
      timer.ms = solvedAt;
    }
    for (const id of PLAY_CONTROLS) if ($(id)) $(id).disabled = true; // a solved board is done with
    tick(); // the clock shows the time the result says
    const result = again
      ? stats()
      : recordSolve({ order: meta.order, grade: meta.grade, ms: solvedAt, hints: hintsUsed(), daily: meta.daily || null });
    save();
    showStats();
    options.onSolved?.({ ms: solvedAt, hints: hintsUsed(), moves, streak: result.streak, again });
    showResult(result, again); // after the page filled in its part of the card (the daily's share line)
  }

  // The result card, beside the board (above the other cards on a phone): the time, the hints, the streak, and
  // the next puzzle the page offers (options.next() -> {label, go} or null).
  function showResult(result, again) {
    const card = $("result-card");
    if (!card) return;
    $("result-line").textContent = solvedWords();
    $("result-streak").textContent = `Streak: ${result.streak} day${result.streak === 1 ? "" : "s"} with a solve (best ${result.bestStreak}).`;
    const next = options.next?.() || null;
    $("next-puzzle").hidden = !next;
    if (next) {
      $("next-puzzle").textContent = next.label;
      $("next-puzzle").onclick = next.go;
    }
    card.hidden = false;
    if (!again) card.scrollIntoView({ block: "nearest" }); // the reward in view at once
  }

  function fit() {
    return fitBoard(boardBox, [$("numbers"), document.querySelector(".controls"), $("hint-box")]);
  }

  function solvedWords() {
    const n = hintsUsed();
    const hints = n ? ` with ${n} hint${n > 1 ? "s" : ""}` : " without a hint";
    return `Solved in ${clock(solvedAt ?? elapsed())}${hints}.`;
  }

  function progressWords() {
    const n = hintsUsed();
    const help = n ? ` · ${n} hint${n > 1 ? "s" : ""}` : "";
    return `${joined.size + (puzzle.clues || []).length} of ${allDominoes().length} dominoes placed${help}`;
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

  // -- check and hints ----------------------------------------------------------------------------------------

  // The moves on the board that the solution contradicts, in reading order.
  function wrongMoves() {
    if (!solution) return [];
    const right = new Set(solution.map(pairKey));
    const wrong = [...joined].filter((k) => !right.has(k)).concat([...split].filter((k) => right.has(k)));
    return wrong.sort((p, q) => {
      const [a] = parsePair(p), [b] = parsePair(q);
      return a[0] - b[0] || a[1] - b[1];
    });
  }

  function check() {
    if (locked()) return;
    if (!solution) {
      $("status").textContent = "This puzzle has no single solution to check against.";
      return;
    }
    const wrong = wrongMoves();
    marked = { cells: {}, pairs: {} };
    for (const k of wrong) marked.pairs[k] = "wrong";
    if (wrong.length) revealing = parsePair(wrong[0]);
    draw();
    reveal();
    $("status").className = wrong.length ? "status bad" : "status";
    $("status").textContent = wrong.length
      ? `${wrong.length} mistake${wrong.length > 1 ? "s" : ""}, marked with a cross.`
      : solvedNow() ? "Solved, and right." : `No mistakes so far: ${progressWords()}.`;
  }

  const positionKey = () => [...joined].sort().join(" ") + "|" + [...split].sort().join(" ");

  // A hint only when asked: the first press on a deduction shows where to look, each press on the same position
  // says more (the technique, then the whole deduction). A deduction met again after other moves opens at the
  // level already read. Each deduction (or wrong move) hinted counts once, whatever level of it is read.
  async function askHint() {
    if (locked() || asking || solvedNow()) return;
    const here = positionKey();
    marked = { cells: {}, pairs: {} };
    hideApply();
    const wrong = wrongMoves();
    if (wrong.length) {
      const level = settleHint(`wrong ${wrong[0]}`, here);
      return wrongHint(level, wrong);
    }
    asking = true;
    let got;
    try {
      got = await backend.hint(puzzle, { joined: [...joined].map(parsePair), split: [...split].map(parsePair) }, 3);
    } finally {
      asking = false;
    }
    if (positionKey() !== here) return askHint(); // a move came meanwhile: a hint for the position as it is now
    if (timer.paused) return; // paused while the answer came: it stays hidden until asked again
    const box = $("hint-box");
    if (!got.ok) return box.replaceChildren(el("span", { class: "error-line" }, got.data.error));
    let h = got.data;
    if (h.status === "solved") h = lastPlacement(); // never "solved" while a domino is missing
    hint.answer = h;
    if (h.status === "contradiction") {
      box.replaceChildren(el("p", {}, `Something is wrong: ${h.message}`), ...(h.mistakes || []).map((m) => el("p", { class: "hint-text" }, m)));
    } else if (h.status === "stuck") {
      box.replaceChildren(el("p", {}, "No technique applies to this position."));
    } else {
      showHint(h, settleHint(`${h.technique} ${[...h.cells].sort(readingOrder).map(cellName)}`, here));
    }
    draw();
    reveal();
  }

  // The level to show of a deduction (or a wrong move) `id` on position `here`, counting it if it is new.
  function settleHint(id, here) {
    const deeper = hint.id === id && hint.position === here && hint.level > 0;
    const level = deeper ? Math.min(3, hint.level + 1) : Math.max(1, shown.get(id) || 0);
    hint.id = id;
    hint.position = here;
    hint.level = level;
    shown.set(id, Math.max(level, shown.get(id) || 0));
    if (!counted.has(id)) {
      counted.add(id);
      begin();
      if (solvedAt === null) $("status").textContent = progressWords();
    }
    save();
    return level;
  }

  // When the backend has no deduction left but the board is not full: the next domino of the solution, named.
  function lastPlacement() {
    const right = (solution || []).map(pairKey).filter((k) => !joined.has(k) && !isClue(k));
    if (!right.length) return { status: "stuck" };
    const pair = parsePair(right.sort()[0]).sort(readingOrder);
    const name = `${cellName(pair[0])}-${cellName(pair[1])}`;
    return {
      status: "hint",
      technique: "the last dominoes",
      cells: pair,
      joins: [pair],
      splits: [],
      reason: `Every domino left has one place: ${name} holds the ${dominoName(pair)}.`,
    };
  }

  // A deduction at a level: 1 where to look (one cell), 2 the technique and its cells, 3 the whole deduction.
  function showHint(h, level) {
    const cells = [...h.cells].sort(readingOrder).slice(0, level === 1 ? 1 : undefined);
    for (const cell of cells) marked.cells[key(...cell)] = "hl-hint";
    revealing = cells;
    const where = el("p", {}, `Look at ${cells.map(cellName).join(", ")} (highlighted).`);
    const box = $("hint-box");
    if (level === 1) return box.replaceChildren(where, el("p", { class: "hint-text" }, "Press Hint again for the technique."));
    const grade = (options.grades || [])[h.tier];
    const tech = el("p", {}, "Technique: ", el("span", { class: "tech" }, h.technique), grade ? ` (${grade})` : "");
    if (level === 2) return box.replaceChildren(tech, where, el("p", { class: "hint-text" }, "Press Hint again for the whole deduction."));
    for (const pair of h.joins) marked.pairs[pairKey(pair)] = "ghost-join";
    for (const pair of h.splits) marked.pairs[pairKey(pair)] = "ghost-split";
    box.replaceChildren(tech, el("p", {}, h.reason));
    if (h.joins.length || h.splits.length) $("apply").hidden = false;
  }

  // A wrong move on the board, pointed out gently: first the region it is in, then the move itself.
  function wrongHint(level, wrong) {
    hint.answer = null;
    const [a, b] = parsePair(wrong[0]);
    const rows = [Math.max(0, Math.min(a[0], b[0]) - 1), Math.min(puzzle.grid.length - 1, Math.max(a[0], b[0]) + 1)];
    const cols = [Math.max(0, Math.min(a[1], b[1]) - 1), Math.min(puzzle.grid[0].length - 1, Math.max(a[1], b[1]) + 1)];
    const box = $("hint-box");
    if (level === 1) {
      for (let r = rows[0]; r <= rows[1]; r++) for (let c = cols[0]; c <= cols[1]; c++) if (isCell([r, c])) marked.cells[key(r, c)] = "hl-region";
      box.replaceChildren(
        el("p", {}, `Something is not right in this region (rows ${rows[0] + 1}–${rows[1] + 1}, columns ${cols[0] + 1}–${cols[1] + 1}).`),
        el("p", { class: "hint-text" }, "Press Hint again to see which move."),
      );
    } else {
      marked.pairs[wrong[0]] = "wrong";
      const what = joined.has(wrong[0]) ? "This domino does not belong" : "These two cells do belong together";
      box.replaceChildren(
        el("p", {}, `${what}: ${cellName(a)}-${cellName(b)} (marked with a cross).`),
        el("p", { class: "hint-text" }, wrong.length > 1 ? `${wrong.length - 1} more move${wrong.length > 2 ? "s" : ""} to fix after this one.` : "Undo it or lift it, then carry on."),
      );
    }
    revealing = [a, b];
    draw();
    reveal();
  }

  // On a zoomed board, what a hint or a check points at is scrolled into the frame's view.
  let revealing = [];
  function reveal() {
    zoom.reveal(revealing);
    revealing = [];
  }

  function hideApply() {
    $("apply").hidden = true;
  }

  function applyHint() {
    const h = hint.answer;
    if (!h || h.status !== "hint" || hint.level < 3 || locked()) return;
    remember();
    for (const pair of h.joins) {
      joined.add(pairKey(pair));
      split.delete(pairKey(pair));
    }
    for (const pair of h.splits) if (!joined.has(pairKey(pair))) split.add(pairKey(pair));
    hideApply();
    hint.level = 0; // the deduction applied: no refresh needed
    changed(true);
  }

  // -- numbers, timer, modes ----------------------------------------------------------------------------------

  function showNumber(n) {
    numberShown = numberShown === n ? null : n;
    for (const b of $("numbers")?.children || []) b.setAttribute("aria-pressed", String(Number(b.dataset.n) === numberShown));
    draw();
  }

  function numberButtons() {
    const box = $("numbers");
    if (!box) return;
    const top = Math.max(...puzzle.grid.flat().filter((v) => v !== null));
    const buttons = [];
    for (let n = 0; n <= top; n++) {
      buttons.push(el("button", { class: "num", "data-n": n, "aria-pressed": "false", title: `Highlight every ${n} (key ${n})`, onclick: () => showNumber(n) }, String(n)));
    }
    box.replaceChildren(...buttons);
    box.classList.toggle("many", top > 12); // one row that scrolls, rather than rows of buttons above the controls
  }

  // A digit key shows (or hides) that number; two digits typed quickly name a number over 9 when there is one.
  let typed = { digits: "", at: 0 };
  function typeDigit(d) {
    const now = performance.now();
    const top = Math.max(...puzzle.grid.flat().filter((v) => v !== null));
    const quick = now - typed.at < 700 && typed.digits !== "" && typed.digits !== "0";
    if (quick && Number(typed.digits + d) <= top) {
      typed = { digits: typed.digits + d, at: now };
      numberShown = null;
      return showNumber(Number(typed.digits));
    }
    typed = { digits: d, at: now };
    if (Number(d) <= top) showNumber(Number(d));
  }

  const elapsed = () => timer.ms + (timer.since !== null ? performance.now() - timer.since : 0);

  let savedAt = 0;
  function tick() {
    const box = $("timer");
    if (box && puzzle) box.textContent = clock(solvedAt ?? elapsed());
    if (solvedAt === null && !timer.paused && performance.now() - savedAt > SAVE_EVERY) {
      savedAt = performance.now();
      save(); // the clock, now and then: a reload loses a few seconds at most
    }
  }

  function pause(on = !timer.paused) {
    if (!puzzle || (on && solvedAt !== null)) return;
    if (on && !timer.paused) {
      timer.ms = elapsed();
      timer.since = null;
    } else if (!on && timer.paused) {
      timer.since = performance.now();
    }
    timer.paused = on;
    boardBox.classList.toggle("paused", on);
    document.body.classList.toggle("paused", on);
    const button = $("pause");
    if (button) {
      button.textContent = on ? "Resume" : "Pause";
      button.setAttribute("aria-pressed", String(on));
    }
    // Nothing to play or read while paused: the hint hides and the controls are off until Resume.
    $("hint-box").hidden = on;
    for (const id of PLAY_CONTROLS) if ($(id)) $(id).disabled = on || solvedAt !== null;
    for (const b of $("numbers")?.children || []) b.disabled = on;
    if (!on) draw(); // Undo and Redo as their stacks say
    tick();
    save();
  }

  function setSplitMode(on) {
    splitMode = on;
    selected = null;
    const button = $("mode");
    if (button) {
      button.setAttribute("aria-pressed", String(on));
      button.textContent = on ? "✂ Marking splits" : "✂ Mark splits";
    }
    boardBox.classList.toggle("split-mode", on);
    draw();
  }

  function showStats() {
    const box = $("stats");
    if (!box) return;
    const s = summary();
    box.replaceChildren(...s.lines.map((line) => el("p", {}, line)), ...(s.best.length ? [el("p", { class: "hint-text" }, `best times: ${s.best.join(" · ")}`)] : []));
  }

  // -- drawing ------------------------------------------------------------------------------------------------

  function draw() {
    if (!puzzle) return;
    const cellClass = { ...marked.cells };
    if (numberShown !== null) {
      puzzle.grid.forEach((row, r) => row.forEach((v, c) => {
        if (v === numberShown) cellClass[key(r, c)] = `${cellClass[key(r, c)] || ""} hl-num`.trim();
      }));
    }
    const pairClass = { ...marked.pairs };
    const counts = new Map();
    for (const k of joined) counts.set(dominoName(parsePair(k)), (counts.get(dominoName(parsePair(k))) || 0) + 1);
    for (const pair of puzzle.clues || []) counts.set(dominoName(pair), (counts.get(dominoName(pair)) || 0) + 1);
    for (const k of joined) if (counts.get(dominoName(parsePair(k))) > 1 && !pairClass[k]) pairClass[k] = "dup";
    board.draw({
      grid: puzzle.grid,
      clues: puzzle.clues || [],
      joined: [...joined].map(parsePair),
      split: [...split].map(parsePair),
      cellClass,
      pairClass,
      cursor: document.activeElement === boardBox ? cursor : null,
      selected,
    });
    drawDominoes(counts);
    $("undo").disabled = !undoStack.length || locked();
    $("redo").disabled = !redoStack.length || locked();
  }

  // The set's table, one tile per domino: built once per puzzle, then only the tiles whose count changed are
  // touched (a double-50 set has 1,326 of them).
  let tiles = null; // domino name -> {tile, n}
  function drawDominoes(counts) {
    const box = $("dominoes");
    if (!box) return;
    if (!tiles) {
      tiles = new Map();
      const rows = new Map();
      for (const d of allDominoes()) {
        const [a, b] = d.split("-");
        if (!rows.has(a)) rows.set(a, []);
        const tile = el("span", { class: "tile", title: d }, el("b", {}, a), el("b", {}, b));
        tiles.set(d, { tile, n: 0 });
        rows.get(a).push(tile);
      }
      box.replaceChildren(...[...rows.values()].map((row) => el("div", { class: "drow" }, ...row)));
    }
    let placed = 0, twice = 0;
    for (const [d, shown] of tiles) {
      const n = counts.get(d) || 0;
      placed += n ? 1 : 0;
      twice += n > 1 ? 1 : 0;
      if (n === shown.n) continue;
      shown.n = n;
      shown.tile.className = `tile ${n > 1 ? "twice" : n ? "used" : ""}`.trim();
      shown.tile.title = n > 1 ? `${d}: placed ${n} times` : d;
    }
    if ($("dominoes-count")) $("dominoes-count").textContent = `${placed} of ${tiles.size} used${twice ? ` · ${twice} twice` : ""}`;
  }

  // -- starting -----------------------------------------------------------------------------------------------

  // data: the puzzle as the API's JSON (grid, clues, dominoes?, solution?); info: {note, order, grade, daily};
  // saved: {joined, split} pair keys to restore (a shared address's), over what this browser kept of the puzzle.
  async function start(data, info = {}, saved = null) {
    const mine = ++starts;
    save(); // the puzzle left, as it was left
    puzzle = null; // while the solution is asked for, the old board takes no moves and keeps nothing
    const next = { grid: data.grid, clues: data.clues || [] };
    if (data.dominoes) next.dominoes = data.dominoes;
    solution = data.solution || null;
    let note = info.note || "";
    if (!solution) {
      const solved = await backend.solve(next);
      if (mine !== starts) return; // a later start came meanwhile: its puzzle is the one to show, not this older one
      solution = solved.ok && solved.data.unique ? solved.data.solutions[0] : null;
      if (solved.ok && !solved.data.unique) note += solved.data.count ? " · more than one solution" : " · no solution";
    }
    puzzle = next;
    meta = { order: info.order ?? Math.max(...puzzle.grid.flat().filter((v) => v !== null)), grade: info.grade || null, daily: info.daily || null };
    progressKey = puzzleKey(puzzle, info.daily ? `daily ${info.daily}` : null);
    const kept = readProgress(progressKey) || {};
    const position = saved?.joined?.length || saved?.split?.length ? saved : kept;
    joined = new Set();
    split = new Set();
    for (const k of position.joined || []) if (parsePair(k).every(isCell)) joined.add(k);
    for (const k of position.split || []) if (parsePair(k).every(isCell)) split.add(k);
    undoStack = [];
    redoStack = [];
    tiles = null;
    // A big set's table (a double-40 has 861 dominoes) starts folded: its count says what it holds, and a page
    // that need not show it need not paint it after every move.
    if ($("dominoes-card")) $("dominoes-card").open = allDominoes().length <= BIG_SET;
    moves = 0;
    counted = new Set(Array.isArray(kept.counted) ? kept.counted : []);
    shown = new Map(Array.isArray(kept.shown) ? kept.shown : []);
    started = !!kept.started;
    marked = { cells: {}, pairs: {} };
    hint = { position: null, level: 0, answer: null, id: null };
    selected = null;
    numberShown = null;
    solvedAt = null;
    timer = { ms: Number(kept.ms) || 0, since: performance.now(), paused: false };
    if ($("pause")) $("pause").disabled = false;
    boardBox.classList.remove("paused");
    document.body.classList.remove("paused");
    cursor = [0, puzzle.grid[0].findIndex((v) => v !== null)];
    if ($("facts")) $("facts").textContent = note;
    if ($("result-card")) $("result-card").hidden = true;
    $("hint-box").replaceChildren(el("span", { class: "hint-text" }, HINT_PROMPT));
    hideApply();
    numberButtons();
    showStats();
    for (const id of PLAY_CONTROLS) if ($(id)) $(id).disabled = false;
    if (kept.solved != null && solvedNow()) {
      solvedAt = Number(kept.solved); // solved here before: it opens solved, with its result
      timer = { ms: solvedAt, since: null, paused: false };
    }
    changed();
    if (solvedAt !== null) finish(true);
    const room = fit();
    zoom.fresh();
    if (fit() !== room) zoom.fresh(); // the zoom bar, shown or hidden, moved the board
    pause(false);
  }

  // What this browser keeps of the puzzle (progress.js), once it is started: the position, the clock, the hints.
  function save() {
    if (!puzzle || !started) return;
    writeProgress(progressKey, {
      started,
      joined: [...joined],
      split: [...split],
      ms: Math.round(solvedAt ?? elapsed()),
      counted: [...counted],
      shown: [...shown],
      solved: solvedAt === null ? null : Math.round(solvedAt),
    });
  }

  function state() {
    return { joined: new Set(joined), split: new Set(split), puzzle, solution };
  }

  // -- controls -----------------------------------------------------------------------------------------------

  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("check").onclick = check;
  $("hint").onclick = () => askHint();
  $("apply").onclick = applyHint;
  $("restart").onclick = restart;
  if ($("pause")) $("pause").onclick = () => pause();
  if ($("mode")) $("mode").onclick = () => setSplitMode(!splitMode);
  if ($("resume")) $("resume").onclick = () => pause(false);
  setInterval(tick, 500);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) pause(true);
  });
  window.addEventListener("pagehide", () => save());
  addEventListener("resize", () => {
    if (puzzle) fit(), zoom.measure();
  });
  boardBox.addEventListener("focus", () => draw());
  boardBox.addEventListener("blur", () => draw());
  document.addEventListener("keydown", (event) => {
    if (!puzzle || ["TEXTAREA", "INPUT", "SELECT"].includes(event.target.tagName)) return;
    const k = event.key.toLowerCase();
    if (timer.paused && solvedAt === null) {
      if (k === "p" && !(event.ctrlKey || event.metaKey || event.altKey)) pause(false);
      return; // nothing else while paused: no move, no mode, no highlight, no zoom
    }
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
      zoom.reveal([cursor]);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (k === "+" || k === "=") zoom.step(1.25);
    else if (k === "-") zoom.step(0.8);
    else if (/^[0-9]$/.test(k)) typeDigit(k);
    else if (k === "delete" || k === "backspace") liftAt(cursor);
    else if (k === "h") askHint();
    else if (k === "c") check();
    else if (k === "p") pause();
    else if (k === "s") setSplitMode(!splitMode);
    else if (k === "escape") numberShown !== null ? showNumber(numberShown) : (selected = null, draw());
    else if (k === "u") undo();
    else if (k === "r") redo();
  });

  return { start, state, pause, elapsed, hintsUsed };
}
