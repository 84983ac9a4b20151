// The studio's puzzle-of-the-day page: the game with the studio's API as its backend, the puzzle from /api/daily.

import { info, studioBackend } from "./api.js";
import { setupDaily } from "./daily-page.js";
import { createGame } from "./game.js";

const INFO = await info();
let daily = null;
const game = createGame(
  studioBackend(() => game.state().solution),
  { grades: INFO.grades, onSolved: (result) => daily.solved(result), next: () => daily.next() },
);

async function load(date, grade) {
  let response;
  try {
    response = await fetch(`/api/daily?${new URLSearchParams({ date, grade })}`);
  } catch {
    return { ok: false, error: "the studio does not answer: is `dominosa serve` still running?" };
  }
  const data = await response.json();
  return response.ok ? { ok: true, data } : { ok: false, error: data.error };
}

daily = setupDaily(game, load, INFO.daily_grades);
await daily.show();
document.body.dataset.ready = "1";
