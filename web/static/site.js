// The static site's page (`dominosa site`): the studio's game with precomputed answers as its backend. The
// puzzles, their solutions and their deduction paths come from puzzles.js (window.DOMINOSA_SITE); a hint is the
// first step of the path that is not on the board yet. No server, no fetch: it works from file:// too.

import { el } from "./api.js";
import { pairKey } from "./board.js";
import { setupDaily } from "./daily-page.js";
import { createGame } from "./game.js";
import { stats } from "./stats.js";
import { setupThemeToggle } from "./theme.js";

const $ = (id) => document.getElementById(id);
const SITE = window.DOMINOSA_SITE || { days: [], archive: [] };
setupThemeToggle();

let current = null; // the puzzle being played, as puzzles.js holds it
let daily = null;

// The next step of the puzzle's deduction path for this position, as `dominosa hint --format json` says it.
export function pathHint(entry, position, detail) {
  const joined = new Set(position.joined.map(pairKey));
  const split = new Set(position.split.map(pairKey));
  const covered = new Map();
  for (const pair of position.joined) for (const cell of pair) covered.set(cell.join(","), pairKey(pair));
  const apart = (pair) => split.has(pairKey(pair)) || pair.some((cell) => {
    const by = covered.get(cell.join(","));
    return by !== undefined && by !== pairKey(pair);
  });
  const step = entry.steps.find((s) => !s.joins.every((p) => joined.has(pairKey(p))) || !s.splits.every(apart));
  if (!step) return { status: "solved", detail };
  return { status: "hint", detail, technique: step.technique, reason: step.reason, cells: step.cells, joins: step.joins, splits: step.splits };
}

const game = createGame(
  {
    hint: async (puzzle, position, detail) => ({ ok: true, data: pathHint(current, position, detail) }),
    solve: async () => ({ ok: false, data: { error: "every puzzle of this site comes with its solution" } }),
  },
  {
    onSolved: (result) => {
      if (current?.date) daily.solved(result);
      showLists();
    },
  },
);

async function load(date, grade) {
  const entry = SITE.days.find((d) => d.date === date && d.grade === grade) || SITE.days.find((d) => d.date === date);
  if (!entry) return { ok: false, error: `This site has no puzzle for ${date}.` };
  current = entry;
  return { ok: true, data: entry };
}

function playArchived(entry) {
  current = entry;
  $("share-card").hidden = true;
  history.replaceState(null, "", `#${new URLSearchParams({ archive: entry.number })}`);
  game.start(entry, { note: `archive no. ${entry.number} · ${entry.grade} · order ${entry.order}`, order: entry.order, grade: entry.grade, daily: `archive ${entry.number}` });
}

// The days (newest first, each day's grades easiest first) and the archive, filtered by grade; a puzzle solved in
// this browser (the statistics' record, stats.js) says so in words and a mark, not by colour alone.
const GRADE_ORDER = SITE.grades || [];
const gradeRank = (g) => (GRADE_ORDER.includes(g) ? GRADE_ORDER.indexOf(g) : GRADE_ORDER.length);

function showLists() {
  const solved = stats().daily;
  const only = $("list-grade").value;
  const days = SITE.days
    .filter((d) => !only || d.grade === only)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : gradeRank(a.grade) - gradeRank(b.grade)));
  const item = (words, done, onclick) =>
    el("button", { class: done ? "day solved" : "day", onclick, title: done ? "solved in this browser" : "" }, done ? `✓ ${words} · solved` : words);
  $("days").replaceChildren(...days.map((d) => item(`${d.date} · ${d.grade}`, !!solved[`${d.date} ${d.grade}`], () => daily.go(d.date, d.grade))));
  const archive = SITE.archive.filter((a) => !only || a.grade === only).sort((a, b) => a.number - b.number);
  $("archive").replaceChildren(...archive.map((a) => item(`No. ${a.number} · ${a.grade}`, !!solved[`archive ${a.number}`], () => playArchived(a))));
  const done = SITE.days.filter((d) => solved[`${d.date} ${d.grade}`]).length;
  $("solved-count").textContent = `${done} of ${SITE.days.length} solved here`;
}

// Over http(s) the site installs as an app and plays offline (manifest.webmanifest, sw.js); from file:// neither
// can work, and nothing is asked for.
function offerApp() {
  if (!/^https?:$/.test(location.protocol)) return;
  document.head.append(el("link", { rel: "manifest", href: "manifest.webmanifest" }));
  navigator.serviceWorker?.register("sw.js").catch(() => {}); // without it the site still plays online
}

const dates = [...new Set(SITE.days.map((d) => d.date))].sort();
const grades = [...new Set([...SITE.days, ...SITE.archive].map((d) => d.grade))].sort((a, b) => gradeRank(a) - gradeRank(b));
const dayGrades = grades.filter((g) => SITE.days.some((d) => d.grade === g));
document.title = SITE.title || document.title;
$("site-title").textContent = SITE.title || "Dominosa";
$("site-title").title = SITE.title || "";
daily = setupDaily(game, load, dayGrades.length ? dayGrades : ["basic"], { first: dates[0], last: dates[dates.length - 1] });
for (const g of grades) $("list-grade").append(el("option", { value: g }, g));
$("list-grade").onchange = showLists;
showLists();
$("archive-card").hidden = !SITE.archive.length;
offerApp();
const asked = new URLSearchParams(location.hash.slice(1));
const archived = SITE.archive.find((entry) => String(entry.number) === asked.get("archive"));
if (archived) playArchived(archived);
else if (dates.length) await daily.show();
else $("status").textContent = "This site holds no puzzles.";
document.body.dataset.ready = "1";
