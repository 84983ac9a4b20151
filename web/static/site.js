// The static site's page (`dominosa site`): the studio's game with precomputed answers as its backend. The
// puzzles, their solutions and their deduction paths come from puzzles.js (window.DOMINOSA_SITE); a hint is the
// first step of the path that is not on the board yet. No server, no fetch: it works from file:// too.

import { el } from "./api.js";
import { pairKey } from "./board.js";
import { setupDaily } from "./daily-page.js";
import { createGame } from "./game.js";
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
  { onSolved: (result) => current?.date && daily.solved(result) },
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
  game.start(entry, { note: `archive no. ${entry.number} · ${entry.grade} · order ${entry.order}`, order: entry.order, grade: entry.grade });
}

const dates = [...new Set(SITE.days.map((d) => d.date))].sort();
const grades = [...new Set(SITE.days.map((d) => d.grade))];
document.title = SITE.title || document.title;
$("site-title").textContent = SITE.title || "Dominosa";
daily = setupDaily(game, load, grades.length ? grades : ["basic"], { first: dates[0], last: dates[dates.length - 1] });
$("days").replaceChildren(...dates.map((date) => el("button", { class: "day", onclick: () => daily.go(date) }, date)));
$("archive").replaceChildren(...SITE.archive.map((entry) => el("button", { class: "day", onclick: () => playArchived(entry) }, `No. ${entry.number} · ${entry.grade}`)));
$("archive-card").hidden = !SITE.archive.length;
const asked = new URLSearchParams(location.hash.slice(1));
const archived = SITE.archive.find((entry) => String(entry.number) === asked.get("archive"));
if (archived) playArchived(archived);
else if (dates.length) await daily.show();
else $("status").textContent = "This site holds no puzzles.";
document.body.dataset.ready = "1";
