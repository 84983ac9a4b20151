// Personal statistics kept in this browser only (localStorage): puzzles solved, hints used, best times by order
// and grade, and the streak of days with a solve. Nothing is ever sent anywhere.

const KEY = "dominosa-stats";

// An object kept under `name` in localStorage ({} when missing or unreadable), and its saving.
export function readKept(name) {
  try {
    const data = JSON.parse(localStorage.getItem(name) || "{}");
    return typeof data === "object" && data && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

// Whether it was kept: private windows and full storage refuse, and the game goes on without.
export function writeKept(name, data) {
  try {
    localStorage.setItem(name, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

const load = () => readKept(KEY);
const save = (data) => writeKept(KEY, data);

// The local calendar day as YYYY-MM-DD, and the day before one.
export function today(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function dayBefore(day) {
  const [y, m, d] = day.split("-").map(Number);
  return today(new Date(y, m - 1, d - 1));
}

export function stats() {
  const data = load();
  return {
    started: data.started || 0,
    solved: data.solved || 0,
    hints: data.hints || 0,
    best: data.best || {},
    streak: data.streak || 0,
    bestStreak: data.bestStreak || 0,
    lastDay: data.lastDay || null,
    daily: data.daily || {},
  };
}

export function recordStart() {
  const data = load();
  data.started = (data.started || 0) + 1;
  save(data);
}

// A solve: {order, grade, ms, hints, daily (the date of a puzzle of the day, or null)}.
export function recordSolve({ order, grade, ms, hints, daily = null }) {
  const data = { ...stats(), ...load() };
  data.solved = (data.solved || 0) + 1;
  data.hints = (data.hints || 0) + hints;
  const kind = `${order}-${grade || "any"}`;
  data.best = data.best || {};
  if (!data.best[kind] || ms < data.best[kind]) data.best[kind] = ms;
  const day = today();
  if (data.lastDay !== day) data.streak = data.lastDay === dayBefore(day) ? (data.streak || 0) + 1 : 1;
  data.lastDay = day;
  data.bestStreak = Math.max(data.bestStreak || 0, data.streak);
  if (daily) data.daily = { ...(data.daily || {}), [daily]: { ms, hints } };
  save(data);
  return stats();
}

export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
}

// The statistics as a few lines for the page.
export function summary() {
  const s = stats();
  const best = Object.entries(s.best)
    .sort()
    .map(([kind, ms]) => `order ${kind.replace("-", ", ")}: ${clock(ms)}`);
  return {
    lines: [
      `${s.solved} solved of ${s.started} started · ${s.hints} hint${s.hints === 1 ? "" : "s"} used`,
      `streak: ${s.streak} day${s.streak === 1 ? "" : "s"} (best ${s.bestStreak})`,
    ],
    best,
  };
}
