// The studio's JSON API, as the pages use it: one POST per question, answers as {ok, status, data}.

// Statuses that say nothing about the request itself: the studio (or a proxy before it) is busy, out of time or
// away for a moment. A page keeps what the user typed and asks again later; any other 4xx names a problem of the
// request, shown as it is.
const BUSY_STATUSES = new Set([0, 408, 429, 502, 503, 504]);
const NO_ANSWER = "the studio does not answer: is `dominosa serve` still running?";

// An answer that failed as {ok: false, status, data, busy, retryAfter}: `busy` when trying again later may
// succeed, `retryAfter` the seconds the server asked for (its Retry-After header, or null).
async function failed(response) {
  let data;
  try {
    data = await response.json();
  } catch (error) {
    data = { error: `the studio answered ${response.status} ${response.statusText}`.trim() };
  }
  if (typeof data?.error !== "string") data = { ...data, error: `the studio answered ${response.status}` };
  const after = Number(response.headers.get("Retry-After") ?? data.retry_after);
  return {
    ok: false,
    status: response.status,
    data,
    error: data.error,
    busy: BUSY_STATUSES.has(response.status),
    retryAfter: Number.isFinite(after) && after > 0 ? after : null,
  };
}

// The network failed (the studio stopped, or the connection dropped): busy, worth asking again.
const unreachable = () => ({ ok: false, status: 0, data: { error: NO_ANSWER }, error: NO_ANSWER, busy: true, retryAfter: null });
const cancelled = () => ({ ok: false, status: 0, aborted: true, data: { error: "cancelled" }, error: "cancelled" });

// `signal` (an AbortController's) cancels the request: the answer is then {ok: false, aborted: true}, and the
// studio, seeing the connection close, stops the job. A failure says whether it is worth retrying (`busy`).
export async function post(name, body, signal = undefined) {
  let response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    if (!response.ok) return await failed(response);
    return { ok: true, status: response.status, data: await response.json() };
  } catch (error) {
    return signal?.aborted ? cancelled() : unreachable();
  }
}

// How long to wait before asking again after the `tries`-th busy answer in a row, in ms: doubling from a second
// up to half a minute, and never sooner than the server's Retry-After.
export function retryDelay(tries, retryAfter = null) {
  const backoff = Math.min(30, 2 ** Math.max(0, tries - 1));
  return 1000 * Math.max(backoff, retryAfter ?? 0);
}

// POST to /api/export; the raw response. The body is JSON and says so: a foreign page cannot send that content type
// without asking first, and the server refuses what other sites send.
function exportRequest(body) {
  return fetch("/api/export", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

// A puzzle exported as text (format game-id, plain or json): {ok, text}, or a failure as post() gives it (with
// `error`, and `busy` when the studio could not answer now rather than refused the text).
export async function exportText(body) {
  let response;
  try {
    response = await exportRequest(body);
    if (!response.ok) return await failed(response);
    return { ok: true, text: await response.text() };
  } catch (error) {
    return unreachable();
  }
}

// A file from /api/export, as a Blob (pictures) or text, with its name.
export async function exportFile(body) {
  let response;
  try {
    response = await exportRequest(body);
  } catch (error) {
    return unreachable();
  }
  if (!response.ok) return failed(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "")?.[1] || "puzzle";
  return { ok: true, name, blob: await response.blob() };
}

let infoPromise = null;
// Grades, orders and the like, fetched once per page: the page never hard-codes them.
export function info() {
  infoPromise ??= fetch("/api/info").then((r) => r.json());
  return infoPromise;
}

export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Calls f at most once per `ms` of quiet, with the latest arguments.
export function debounce(f, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => f(...args), ms);
  };
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  node.append(...children);
  return node;
}

// A puzzle as the API reads it (JSON text), with its solution when known so that hints need not solve it again.
export function puzzleJson(puzzle, solution = null) {
  const data = { grid: puzzle.grid, clues: puzzle.clues || [] };
  if (puzzle.dominoes) data.dominoes = puzzle.dominoes;
  if (solution) data.solution = solution;
  return JSON.stringify(data);
}

// The game's backend in the studio (see game.js): hints and solutions from the API. `solution()` gives the
// solution the game already knows, sent along so that the server need not solve the puzzle again.
export function studioBackend(solution) {
  return {
    hint: (puzzle, position, detail) => post("hint", { puzzle: puzzleJson(puzzle, solution()), ...position, detail }),
    solve: (puzzle) => post("solve", { puzzle: puzzleJson(puzzle), max_solutions: 2 }),
  };
}
