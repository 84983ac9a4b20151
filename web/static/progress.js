// How far a player got with each puzzle, kept in this browser only (localStorage), so that a reload, a visit to
// another day or a return next week finds the board as it was left: the position, the time, the hints counted and
// whether (and how) it was solved. The daily is kept by date and grade, an archive puzzle by its number, any other
// puzzle by its grid (a short hash of it). Nothing is ever sent anywhere.

import { readKept, writeKept } from "./stats.js";

const KEY = "dominosa-progress";
const KEEP = 300; // puzzles remembered; the least recently played are forgotten first

const load = () => readKept(KEY);
const store = (data) => writeKept(KEY, data);

// A puzzle's name in the store: its own name when it has one (a day, an archive number), else its grid and clues.
export function puzzleKey(puzzle, name = null) {
  if (name) return name;
  const text = JSON.stringify([puzzle.grid, puzzle.clues || []]);
  let hash = 0x811c9dc5; // FNV-1a, 32 bits: short keys, and a clash between two of a player's puzzles is unlikely
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `grid ${hash.toString(36)} ${puzzle.grid.length}x${puzzle.grid[0].length}`;
}

// {joined, split (pair keys), ms, counted (deductions hinted), shown ([deduction, level]), solved (ms or null)}.
export function readProgress(key) {
  const entry = load()[key];
  return entry && typeof entry === "object" ? entry : null;
}

export function writeProgress(key, entry) {
  const data = load();
  data[key] = { ...entry, at: Date.now() };
  // The least recently played go first: beyond KEEP, and while the browser's storage is full (a double-50's
  // position is some 30 kB), until this puzzle alone is left.
  const oldest = Object.keys(data).sort((a, b) => (data[a].at || 0) - (data[b].at || 0));
  while (oldest.length > KEEP) delete data[oldest.shift()];
  while (!store(data) && oldest.length > 1) {
    for (const old of oldest.splice(0, Math.ceil((oldest.length - 1) / 2))) delete data[old];
  }
}

// Every puzzle kept: {key: entry}, for the lists and calendars that mark what was solved here.
export function allProgress() {
  return load();
}
