// The static site's page (`dominosa site`): the studio's game with precomputed answers as its backend. The
// puzzles, their solutions and their deduction paths come from puzzles.js (window.DOMINOSA_SITE); a hint is the
// first step of the path that is not on the board yet. No server, no fetch: it works from file:// too.

import { el } from "./api.js";
import { pairKey } from "./board.js";
import { setupDaily } from "./daily-page.js";
import { createGame } from "./game.js";
import { allProgress } from "./progress.js";
import { stats, today } from "./stats.js";
import { setupThemeToggle } from "./theme.js";

const $ = (id) => document.getElementById(id);
const SITE = window.DOMINOSA_SITE || { days: [], archive: [] };
// Days built ahead of time stay hidden until their date (a determined reader can still find them in puzzles.js).
const DAYS = SITE.days.filter((d) => d.date <= today());
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
  const cells = [...step.cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]); // named in reading order
  return { status: "hint", detail, technique: step.technique, reason: step.reason, cells, joins: step.joins, splits: step.splits };
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
    next: () => (current?.date ? daily.next() : nextArchived()),
  },
);

async function load(date, grade) {
  const entry = DAYS.find((d) => d.date === date && d.grade === grade) || DAYS.find((d) => d.date === date);
  if (!entry) return { ok: false, error: `This site has no puzzle for ${date}.` };
  current = entry;
  $("list-grade").value = entry.grade;
  showLists();
  return { ok: true, data: entry };
}

function playArchived(entry) {
  current = entry;
  $("share-card").hidden = true;
  history.replaceState(null, "", `#${new URLSearchParams({ archive: entry.number })}`);
  showLists();
  game.start(entry, { note: `archive no. ${entry.number} · ${entry.grade} · order ${entry.order}`, order: entry.order, grade: entry.grade, daily: `archive ${entry.number}` });
}

// The days as a month's calendar for one grade, and the archive; a puzzle solved in this browser (progress.js,
// or the statistics' record of older solves) says so by a mark and in words, not by colour alone: ✓ solved,
// ★ solved without a hint.
const GRADE_ORDER = SITE.grades || [];
const gradeRank = (g) => (GRADE_ORDER.includes(g) ? GRADE_ORDER.indexOf(g) : GRADE_ORDER.length);
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
let month = null; // "YYYY-MM" on show

// {solved, clean} for a puzzle kept as `name` ("daily DATE GRADE" or "archive N").
function result(name) {
  const kept = allProgress()[`daily ${name}`]; // the game keeps a day and an archive puzzle under "daily …"
  const old = stats().daily[name];
  if (kept?.solved != null) return { solved: true, clean: !(kept.counted || []).length };
  return { solved: !!old, clean: !!old && !old.hints };
}

function marks({ solved, clean }) {
  return solved ? (clean ? "✓★" : "✓") : "";
}

function words({ solved, clean }) {
  return solved ? (clean ? "solved without a hint" : "solved") : "not solved yet";
}

function showCalendar(grade) {
  const [y, m] = month.split("-").map(Number);
  const first = new Date(y, m - 1, 1);
  const length = new Date(y, m, 0).getDate();
  const blanks = (first.getDay() + 6) % 7; // weeks start on Monday
  const cells = WEEKDAYS.map((w) => el("span", { class: "weekday", "aria-hidden": "true" }, w));
  for (let i = 0; i < blanks; i++) cells.push(el("span", {}));
  for (let d = 1; d <= length; d++) {
    const date = `${month}-${String(d).padStart(2, "0")}`;
    const entry = DAYS.find((e) => e.date === date && e.grade === grade);
    if (!entry) {
      cells.push(el("span", { class: "empty-day hint-text" }, String(d)));
      continue;
    }
    const got = result(`${date} ${grade}`);
    const playing = current === entry;
    cells.push(el("button", {
      class: `day${got.solved ? " solved" : ""}${playing ? " playing" : ""}`,
      "aria-label": `${d} ${MONTHS[m - 1]}, ${grade}: ${words(got)}`,
      "aria-current": playing ? "date" : "false",
      onclick: () => daily.go(date, grade),
    }, String(d), el("span", { class: "marks" }, marks(got))));
  }
  $("calendar").replaceChildren(...cells);
  $("month-name").textContent = `${MONTHS[m - 1]} ${y}`;
  const months = [...new Set(DAYS.map((e) => e.date.slice(0, 7)))].sort();
  $("month-before").disabled = !months.length || month <= months[0];
  $("month-after").disabled = !months.length || month >= months[months.length - 1];
}

function moveMonth(by) {
  const [y, m] = month.split("-").map(Number);
  const to = new Date(y, m - 1 + by, 1);
  month = `${to.getFullYear()}-${String(to.getMonth() + 1).padStart(2, "0")}`;
  showLists(false);
}

// follow: the calendar turns to the month of the day on show.
function showLists(follow = true) {
  const grade = $("list-grade").value;
  if (follow || !month) month = (current?.date || DAYS[DAYS.length - 1]?.date || today()).slice(0, 7);
  showCalendar(grade);
  const archive = SITE.archive.filter((a) => a.grade === grade || !SITE.archive.some((b) => b.grade === grade)).sort((a, b) => a.number - b.number);
  $("archive").replaceChildren(...archive.map((a) => {
    const got = result(`archive ${a.number}`);
    return el("button", { class: got.solved ? "day solved" : "day", title: words(got), onclick: () => playArchived(a) },
      `No. ${a.number} · ${a.grade}${got.solved ? ` ${marks(got)}` : ""}`);
  }));
  const done = DAYS.filter((d) => result(`${d.date} ${d.grade}`).solved).length;
  $("solved-count").textContent = `${done} of ${DAYS.length} solved here`;
}

// After an archive puzzle: the next one not solved here.
function nextArchived() {
  const entry = SITE.archive.filter((a) => !result(`archive ${a.number}`).solved).sort((a, b) => a.number - b.number)[0];
  return entry ? { label: `Next: archive no. ${entry.number}`, go: () => playArchived(entry) } : null;
}

// Over http(s) the site installs as an app and plays offline (manifest.webmanifest, sw.js); from file:// neither
// can work, and nothing is asked for.
function offerApp() {
  if (!/^https?:$/.test(location.protocol)) return;
  document.head.append(el("link", { rel: "manifest", href: "manifest.webmanifest" }));
  navigator.serviceWorker?.register("sw.js").catch(() => {}); // without it the site still plays online
}

const dates = [...new Set(DAYS.map((d) => d.date))].sort();
const grades = [...new Set([...DAYS, ...SITE.archive].map((d) => d.grade))].sort((a, b) => gradeRank(a) - gradeRank(b));
const dayGrades = grades.filter((g) => DAYS.some((d) => d.grade === g));
document.title = SITE.title || document.title;
$("site-title").textContent = SITE.title || "Dominosa";
$("site-title").title = SITE.title || "";
daily = setupDaily(game, load, dayGrades.length ? dayGrades : ["basic"], { first: dates[0], last: dates[dates.length - 1] });
for (const g of dayGrades.length ? dayGrades : grades) $("list-grade").append(el("option", { value: g }, g));
$("list-grade").value = $("daily-grade").value;
$("list-grade").onchange = () => showLists(false);
$("daily-grade").addEventListener("change", () => { $("list-grade").value = $("daily-grade").value; });
$("month-before").onclick = () => moveMonth(-1);
$("month-after").onclick = () => moveMonth(1);
showLists();
$("archive-card").hidden = !SITE.archive.length;
offerApp();
const asked = new URLSearchParams(location.hash.slice(1));
const archived = SITE.archive.find((entry) => String(entry.number) === asked.get("archive"));
if (archived) playArchived(archived);
else if (dates.length) await daily.show();
else $("status").textContent = "This site holds no puzzles.";
document.body.dataset.ready = "1";
