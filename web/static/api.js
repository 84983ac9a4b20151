// The studio's JSON API, as the pages use it: one POST per question, answers as {ok, status, data}.

// `signal` (an AbortController's) cancels the request: the answer is then {ok: false, aborted: true}, and the
// studio, seeing the connection close, stops the job.
export async function post(name, body, signal = undefined) {
  let response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const data = await response.json();
    return { ok: response.ok, status: response.status, data };
  } catch (error) {
    if (signal?.aborted) return { ok: false, status: 0, aborted: true, data: { error: "cancelled" } };
    return { ok: false, status: 0, data: { error: "the studio does not answer: is `dominosa serve` still running?" } };
  }
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

// A puzzle exported as text (format game-id, plain or json): {ok, text} or {ok: false, error}.
export async function exportText(body) {
  let response;
  try {
    response = await exportRequest(body);
  } catch (error) {
    return { ok: false, error: "the studio does not answer: is `dominosa serve` still running?" };
  }
  if (!response.ok) return { ok: false, error: (await response.json()).error };
  return { ok: true, text: await response.text() };
}

// A file from /api/export, as a Blob (pictures) or text, with its name.
export async function exportFile(body) {
  const response = await exportRequest(body);
  if (!response.ok) return { ok: false, error: (await response.json()).error };
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
