// The puzzle-of-the-day page, whatever serves it: a date and a grade choose the puzzle, the game plays it, and a
// solve gives a share line with the grade, the time and the hints used (nothing of the puzzle itself). The
// puzzle comes from `load(date, grade)`: the studio's /api/daily, or a static site's precomputed data.

import { el } from "./api.js";
import { allProgress } from "./progress.js";
import { clock, today } from "./stats.js";

const $ = (id) => document.getElementById(id);

export function shareLine({ date, grade, ms, hints }) {
  const help = hints ? `${hints} hint${hints > 1 ? "s" : ""}` : "no hints";
  return `Dominosa, puzzle of the day ${date} (${grade}): solved in ${clock(ms)} with ${help}.`;
}

function shift(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return today(new Date(y, m - 1, d + days));
}

// game: from createGame; load(date, grade) -> {ok, data} or {ok: false, error}; grades: the daily grades.
export function setupDaily(game, load, grades, { first = null, last = null } = {}) {
  for (const g of grades) $("daily-grade").append(el("option", { value: g }, g));
  const params = new URLSearchParams(location.hash.slice(1));
  let date = params.get("date") || today();
  if (last && date > last) date = last;
  if (first && date < first) date = first;
  $("daily-grade").value = grades.includes(params.get("grade")) ? params.get("grade") : grades.includes("basic") ? "basic" : grades[0];
  if (first) $("date").min = first;
  if (last) $("date").max = last;

  // Days asked for: an answer for a day left since (two presses of "day before" answered out of order by a loaded
  // server) is dropped, so the board is always the last day asked for.
  let asked = 0;
  async function show() {
    const mine = ++asked;
    const grade = $("daily-grade").value;
    $("date").value = date;
    $("day-before").disabled = !!first && date <= first;
    $("day-after").disabled = !!last && date >= last;
    history.replaceState(null, "", `#${new URLSearchParams({ date, grade })}`);
    $("share-card").hidden = true;
    $("status").textContent = "Loading…";
    const got = await load(date, grade);
    if (mine !== asked) return;
    if (!got.ok) {
      $("status").className = "status bad";
      $("status").textContent = got.error;
      return;
    }
    const d = got.data;
    await game.start(d, { note: `${date} · ${d.grade} · order ${d.order}`, order: d.order, grade: d.grade, daily: `${date} ${d.grade}` });
  }

  $("day-before").onclick = () => { date = shift(date, -1); show(); };
  $("day-after").onclick = () => { date = shift(date, 1); show(); };
  $("date").onchange = () => { if ($("date").value) { date = $("date").value; show(); } };
  $("daily-grade").onchange = show;
  $("share").onclick = () => {
    navigator.clipboard?.writeText(location.href).catch(() => {});
    $("status").textContent = "Link copied: it opens this day's puzzle.";
  };
  $("copy-share").onclick = () => {
    navigator.clipboard?.writeText($("share-line").textContent).catch(() => {});
    $("copy-share").textContent = "Copied";
  };
  // Play a given day (and grade): the site's archive links and the result card's next puzzle come here.
  function go(day, grade = $("daily-grade").value) {
    date = day;
    $("daily-grade").value = grade;
    return show();
  }
  return {
    show,
    go,
    // The share line, in the result card (game.js shows the card and brings it into view).
    solved: ({ ms, hints }) => {
      $("share-line").textContent = shareLine({ date, grade: $("daily-grade").value, ms, hints });
      $("copy-share").textContent = "Copy the share line";
      $("share-card").hidden = false;
    },
    next,
  };

  // The next puzzle to offer after a solve: another grade of the same day not solved here, else the day after
  // (never a day beyond today or beyond the last the page has).
  function next() {
    const kept = allProgress();
    const done = (day, g) => kept[`daily ${day} ${g}`]?.solved != null;
    const grade = $("daily-grade").value;
    const other = grades.find((g) => g !== grade && !done(date, g));
    if (other) return { label: `Next: ${other}, same day`, go: () => go(date, other) };
    const after = shift(date, 1);
    if (after > today() || (last && after > last)) return null;
    return { label: `Next: ${after}`, go: () => go(after, grade) };
  }
}
