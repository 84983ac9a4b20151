// The studio's play page: the game (game.js) with the studio's API as its backend, new puzzles generated or
// dealt from the store, a puzzle of your own, and the whole position kept in the address so that a puzzle (and
// how far you got) can be shared.

import { pairKey } from "./board.js";
import { el, exportText, info, post, puzzleJson, studioBackend } from "./api.js";
import { createGame } from "./game.js";
import { readKept, writeKept } from "./stats.js";

const $ = (id) => document.getElementById(id);
const INFO = await info();

let shareId = null; // the puzzle as the address holds it: a game ID when it can be one, else its JSON
// The puzzle last played here and not solved: Play opened again (from the menu, without an address) goes back to
// it, where game.js's kept progress puts its position, clock and hints back.
const LAST = "dominosa-play-last";

const game = createGame(
  studioBackend(() => game.state().solution),
  {
    grades: INFO.grades,
    onChange: saveToAddress,
    onSolved: () => writeKept(LAST, {}),
    next: () => ({ label: "New puzzle", go: newPuzzle }),
  },
);

// -- the address ----------------------------------------------------------------------------------------------

const parsePair = (k) => k.split("-").map((s) => s.split(",").map(Number));
function codec(grid) {
  const cols = Math.max(...grid.map((row) => row.length));
  const index = ([r, c]) => r * cols + c;
  const cellOf = (i) => [Math.floor(i / cols), i % cols];
  return {
    encode: (set) => [...set].map((k) => parsePair(k).map(index).join("-")).join("."),
    decode: (text) => (text ? text.split(".").map((p) => pairKey(p.split("-").map(Number).map(cellOf))) : []),
  };
}

function saveToAddress({ joined, split, puzzle }) {
  if (!shareId) return;
  const { encode } = codec(puzzle.grid);
  const params = new URLSearchParams({ p: shareId });
  if (joined.size) params.set("j", encode(joined));
  if (split.size) params.set("s", encode(split));
  history.replaceState(null, "", `#${params}`);
  if (joined.size || split.size) writeKept(LAST, { p: shareId });
}

// -- starting a puzzle ----------------------------------------------------------------------------------------

// Puzzles asked for, in order: each start (a new puzzle, a pasted one, the address's) takes the next number, and
// an answer that comes back after a later start was asked for is dropped. On a loaded server the answers come in
// any order, and the board must be the last one asked for, never an older one drawn over it.
let asked = 0;
const superseded = (mine) => mine !== asked;
// The game's card is aria-busy while any puzzle asked for is still on its way (a screen reader waits for it to
// settle before reading the board again), dropped ones included until their answers came.
let loading = 0;
async function whileLoading(work) {
  const card = document.querySelector(".card.game");
  card.setAttribute("aria-busy", String(++loading > 0));
  try {
    return await work();
  } finally {
    card.setAttribute("aria-busy", String(--loading > 0));
  }
}

async function start(data, details, saved = null, mine = ++asked) {
  const id = await exportText({ puzzle: puzzleJson(data), format: "game-id" });
  if (superseded(mine)) return;
  shareId = id.ok ? id.text.trim() : puzzleJson(data);
  let restore = null;
  if (saved) {
    const { decode } = codec(data.grid);
    restore = { joined: decode(saved.j), split: decode(saved.s) };
  }
  await game.start(data, details, restore);
}

// A new puzzle, from the store when it has one, else made: a big board takes a while, so the note counts the
// seconds (against the studio's limit) and Cancel stops the making; the puzzle on the board stays meanwhile.
let making = null; // the AbortController of the puzzle being made
function newPuzzle() {
  return making ? undefined : whileLoading(makePuzzle);
}

async function makePuzzle() {
  const order = Number($("order").value);
  const grade = $("grade").value || null;
  const shape = $("shape").value || null; // a shape of the library, drawn for the order's set
  making = new AbortController();
  const { signal } = making;
  const mine = ++asked;
  $("new").disabled = true;
  $("cancel-new").hidden = false;
  const started = performance.now();
  const wanted = `a double-${order}${grade ? ` ${grade}` : ""} puzzle${shape ? ` on ${shape}` : ""}`;
  const limit = INFO.generate_timeout ? ` (the studio stops at ${INFO.generate_timeout} s)` : "";
  const progress = () => {
    $("new-note").textContent = `making ${wanted}… ${Math.floor((performance.now() - started) / 1000)} s${limit}`;
  };
  progress();
  const ticking = setInterval(progress, 1000);
  let got = null;
  let fromStore = false;
  try {
    if (INFO.store && !shape) {
      got = await post("store/pick", { order, grade }, signal);
      if (!got.ok && !got.aborted) got = null;
    }
    fromStore = !!got?.ok;
    got ??= await post("generate", shape ? { order, grade, shape } : { order, grade }, signal);
  } finally {
    clearInterval(ticking);
    making = null;
    $("new").disabled = false;
    $("cancel-new").hidden = true;
  }
  if (superseded(mine)) { // a puzzle asked for since (a pasted one) has the board
    $("new-note").textContent = "";
    return;
  }
  if (got.aborted) {
    $("new-note").textContent = `cancelled making ${wanted}`;
    return;
  }
  if (!got.ok) {
    $("new-note").textContent = got.data.error;
    return;
  }
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  $("new-note").textContent = fromStore ? `from the store (#${got.data.id})` : `made in ${secs} s`;
  const d = got.data;
  const kind = shape ? ` · ${shape}` : "";
  const note = `order ${d.order}${kind} · ${d.grade ?? "ungraded"}${d.score != null ? ` · score ${d.score}` : ""}`;
  await start(d, { note, order: d.order, grade: d.grade }, null, mine);
  if (!superseded(mine)) boardInView();
}

// A new puzzle is asked for below the board on a phone: the page goes back up to the board it brings.
function boardInView() {
  const card = document.querySelector(".card.game");
  const top = card.getBoundingClientRect().top;
  if (top < 0 || top > innerHeight / 3) card.scrollIntoView({ block: "start" });
}

function playPasted(text, saved = null) {
  return whileLoading(() => readPasted(text, saved));
}

async function readPasted(text, saved) {
  const mine = ++asked;
  making?.abort(); // a puzzle being made would be dropped when it came: the studio stops making it now
  const read = await exportText({ puzzle: text, format: "json" });
  if (superseded(mine)) return true; // another puzzle was asked for meanwhile: this one is not wanted any more
  if (!read.ok) {
    $("status").className = "status bad";
    $("status").textContent = read.error;
    return false;
  }
  const data = JSON.parse(read.text);
  const rated = await post("rate", { puzzle: text, path: false });
  if (superseded(mine)) return true;
  const grade = rated.ok ? rated.data.grade : null;
  const order = Math.max(...data.grid.flat().filter((v) => v !== null));
  $("order").value = String(Math.min(order, INFO.max_order)); // the selector follows the puzzle in play
  gradesInTime();
  await start(data, { note: `order ${order}${grade ? ` · ${grade}` : ""}`, order, grade }, saved, mine);
  return true;
}

// -- controls -------------------------------------------------------------------------------------------------

for (let n = 1; n <= INFO.max_order; n++) $("order").append(el("option", { value: n }, String(n)));
$("order").value = "5";
for (const g of INFO.grades) $("grade").append(el("option", { value: g }, g));
// A grade the studio cannot make at the order chosen within its limit (a double-50 guessing puzzle takes many
// minutes) is offered disabled, saying up to which order it is made: the studio would refuse it at once anyway.
function gradesInTime() {
  const order = Number($("order").value);
  for (const option of $("grade").options) {
    const largest = INFO.in_time?.[option.value];
    const late = option.value !== "" && largest !== undefined && (largest ?? 0) < order;
    option.disabled = late;
    option.title = late ? `made within the studio's ${INFO.generate_timeout} s up to order ${largest ?? "none"}` : "";
  }
  if ($("grade").selectedOptions[0]?.disabled) $("grade").value = "";
}
$("order").addEventListener("change", gradesInTime);
gradesInTime();
for (const name of Object.keys(INFO.shapes ?? {})) $("shape").append(el("option", { value: name }, name));
// A shape comes in the sets it is drawn for: choosing one moves the order to its nearest set.
$("shape").onchange = () => {
  const orders = INFO.shapes[$("shape").value];
  const order = Number($("order").value);
  if (!orders || orders.includes(order)) return;
  const nearest = orders.reduce((a, b) => (Math.abs(b - order) < Math.abs(a - order) ? b : a));
  $("order").value = String(nearest);
  gradesInTime();
};
$("new").onclick = newPuzzle;
$("cancel-new").onclick = () => making?.abort();
$("share").onclick = () => {
  navigator.clipboard?.writeText(location.href).catch(() => {});
  $("status").textContent = "Link copied: it holds the puzzle and your moves.";
};
$("play-pasted").onclick = () => playPasted($("paste").value);

// -- at load: the address's puzzle and position, else a new puzzle --------------------------------------------

const saved = Object.fromEntries(new URLSearchParams(location.hash.slice(1)));
if (!saved.p && readKept(LAST).p) saved.p = readKept(LAST).p;
if (!(saved.p && (await playPasted(saved.p, saved)))) await newPuzzle();
document.body.dataset.ready = "1";
