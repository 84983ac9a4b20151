// The tiling page: a bundled puzzle's board and every solution (up to the API's cap), drawn in SVG.

import { post } from "./api.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const S = 52;
const PAD = 14;
const FILLS = ["#f6c8a8", "#bfe3b4", "#f7b9c4", "#c9c1f2", "#fff0a0", "#b5e4e8", "#eec4e8", "#d8e6ad", "#f9d89c", "#b8d3f2", "#e0c9b0", "#cfe8cf"];
const SHOW = 200; // solutions fetched to flip through

let tab = "calendar";
let boardInfo = null;
let answer = null;
let shown = 0;

function node(tag, attrs, parent) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  parent?.append(n);
  return n;
}

function body() {
  if (tab === "calendar") return { puzzle: "calendar", date: $("date").value || undefined };
  if (tab === "dominopeg") return { puzzle: "dominopeg", empty: $("empty").value };
  return { puzzle: "pentominoes", size: $("size").value };
}

let asked = 0; // the latest question; an older answer arriving late is dropped
async function solve() {
  const mine = ++asked;
  $("solve").disabled = true;
  $("count").textContent = "…";
  const [b, t] = await Promise.all([post("tile-board", body()), post("tile", { ...body(), all: true, limit: SHOW })]);
  if (mine !== asked) return;
  $("solve").disabled = false;
  if (!b.ok || !t.ok) {
    $("count").textContent = "–";
    $("count-words").textContent = (b.ok ? t : b).data.error;
    $("picture").replaceChildren();
    return;
  }
  boardInfo = b.data;
  answer = t.data;
  shown = 0;
  $("title").textContent = answer.source;
  $("count").textContent = answer.complete ? answer.count : `${answer.count}+`;
  $("count-words").textContent = answer.count === 0 ? "This one cannot be done."
    : answer.complete ? `solution${answer.count > 1 ? "s" : ""}, found in ${answer.seconds} s`
    : `the first ${answer.count} solutions (there are more), found in ${answer.seconds} s`;
  draw();
}

function draw() {
  const sols = answer?.solutions || [];
  $("prev").disabled = shown <= 0;
  $("next").disabled = shown >= sols.length - 1;
  $("which").textContent = sols.length ? `${shown + 1} of ${sols.length}` : "none";
  const { cells, labels, empty_circles: emptyCircles } = boardInfo;
  const every = cells.concat(boardInfo.open);
  const top = Math.min(...every.map((c) => c[0])), left = Math.min(...every.map((c) => c[1]));
  const rows = Math.max(...every.map((c) => c[0])) - top + 1, cols = Math.max(...every.map((c) => c[1])) - left + 1;
  const X = (c) => PAD + (c - left) * S, Y = (r) => PAD + (r - top) * S;
  const svg = node("svg", { class: "tiling", viewBox: `0 0 ${cols * S + 2 * PAD} ${rows * S + 2 * PAD}`, width: cols * S + 2 * PAD, height: rows * S + 2 * PAD });
  const owner = new Map();
  const pegs = [];
  const sol = sols[shown];
  const names = boardInfo.pieces;
  if (sol) {
    for (const [name, p] of Object.entries(sol.pieces)) {
      for (const [r, c] of p.cells) owner.set(`${r},${c}`, name);
      pegs.push(...p.pegs);
    }
  }
  const labelAt = new Map(labels.map(([r, c, l]) => [`${r},${c}`, l]));
  for (const [r, c, l] of boardInfo.open) {
    node("rect", { x: X(c), y: Y(r), width: S, height: S, class: "tcell open", fill: "#ffffff" }, svg);
    node("text", { x: X(c) + S / 2, y: Y(r) + S / 2 + 1, class: "label open" }, svg).textContent = l;
  }
  for (const [r, c] of cells) {
    const who = owner.get(`${r},${c}`);
    node("rect", { x: X(c), y: Y(r), width: S, height: S, class: "tcell", fill: who ? FILLS[names.indexOf(who) % FILLS.length] : "#ffffff", "data-cell": `${r},${c}` }, svg);
    const label = labelAt.get(`${r},${c}`);
    if (label) node("text", { x: X(c) + S / 2, y: Y(r) + S / 2 + 1, class: who ? "label" : "label open" }, svg).textContent = label;
  }
  const inBoard = new Set(cells.map(([r, c]) => `${r},${c}`));
  for (const [r, c] of cells) {
    const me = owner.get(`${r},${c}`) ?? "open";
    for (const [dr, dc] of [[0, 1], [1, 0], [0, -1], [-1, 0]]) {
      const k = `${r + dr},${c + dc}`;
      const other = inBoard.has(k) ? owner.get(k) ?? "open" : null;
      if (other === me) continue;
      if (other !== null && (dr < 0 || dc < 0)) continue; // each inner wall once
      const x1 = dc > 0 ? X(c + 1) : X(c), y1 = dr > 0 ? Y(r + 1) : Y(r);
      const x2 = dr !== 0 ? x1 + S : x1, y2 = dc !== 0 ? y1 + S : y1;
      node("line", { x1, y1, x2, y2, class: "wall" }, svg);
    }
  }
  if (sol && !labels.length) {
    // each piece's name in its cell nearest its middle, as the printed pictures have it
    for (const [name, p] of Object.entries(sol.pieces)) {
      const mr = p.cells.reduce((t, c) => t + c[0], 0) / p.cells.length;
      const mc = p.cells.reduce((t, c) => t + c[1], 0) / p.cells.length;
      const [r, c] = p.cells.reduce((best, c) => (Math.hypot(c[0] - mr, c[1] - mc) < Math.hypot(best[0] - mr, best[1] - mc) ? c : best));
      node("text", { x: X(c) + S / 2, y: Y(r) + S / 2 + 1, class: "label piece" }, svg).textContent = name;
    }
  }
  for (const [i, j] of emptyCircles) node("circle", { cx: X(j), cy: Y(i), r: 7, class: "ring" }, svg);
  for (const [i, j] of pegs) node("circle", { cx: X(j), cy: Y(i), r: 6, class: "peg" }, svg);
  $("picture").replaceChildren(svg);
}

for (const button of document.querySelectorAll("[data-tab]")) {
  button.onclick = () => {
    tab = button.dataset.tab;
    for (const b of document.querySelectorAll("[data-tab]")) b.classList.toggle("on", b === button);
    for (const row of document.querySelectorAll("[data-for]")) row.hidden = row.dataset.for !== tab;
    solve();
document.body.dataset.ready = "1";
  };
}
$("prev").onclick = () => { shown = Math.max(0, shown - 1); draw(); };
$("next").onclick = () => { shown = Math.min((answer?.solutions.length || 1) - 1, shown + 1); draw(); };
$("solve").onclick = solve;
$("date").onchange = solve;
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") $("next").click();
  if (e.key === "ArrowLeft") $("prev").click();
});

const today = new Date();
$("date").value = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
solve();
document.body.dataset.ready = "1";
