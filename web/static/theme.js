// Light or dark: the system's choice (prefers-color-scheme) unless the reader picked one with the toggle, which
// is kept in this browser. The toggle is any element with data-theme-toggle. Beside it, a second toggle for a
// colour-blind-safe palette (Okabe and Ito's hues for the board's highlights), kept the same way.

const KEY = "dominosa-theme";
const PALETTE_KEY = "dominosa-palette";

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // without storage the choice lasts for this page only
  }
}

export function applyTheme() {
  const theme = stored(KEY);
  if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
  if (stored(PALETTE_KEY) === "cb") document.documentElement.dataset.palette = "cb";
  else delete document.documentElement.dataset.palette;
}

function isDark() {
  const theme = document.documentElement.dataset.theme;
  return theme ? theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

const colourBlind = () => document.documentElement.dataset.palette === "cb";

export function setupThemeToggle() {
  applyTheme();
  for (const button of document.querySelectorAll("[data-theme-toggle]")) {
    const label = () => {
      const word = document.createElement("span");
      word.className = "theme-word";
      word.textContent = isDark() ? " Light" : " Dark";
      button.replaceChildren(isDark() ? "☀" : "☾", word);
      button.title = isDark() ? "Light mode" : "Dark mode";
      button.setAttribute("aria-pressed", String(isDark()));
    };
    label();
    button.addEventListener("click", () => {
      const next = isDark() ? "light" : "dark";
      store(KEY, next);
      document.documentElement.dataset.theme = next;
      label();
    });
    // The two toggles side by side, wherever the header wraps.
    const pair = document.createElement("span");
    pair.className = "theme-pair";
    button.before(pair);
    pair.append(paletteToggle(), button);
  }
}

// The palette's toggle: pressed, the board's highlights take hues told apart under every common colour blindness.
function paletteToggle() {
  const button = document.createElement("button");
  button.className = "theme palette";
  button.dataset.paletteToggle = "";
  button.title = "Colour-blind-safe palette (Okabe–Ito)";
  button.setAttribute("aria-label", "Colour-blind palette");
  const word = document.createElement("span");
  word.className = "theme-word";
  word.textContent = " Colour-blind";
  button.append("◐", word);
  const show = () => button.setAttribute("aria-pressed", String(colourBlind()));
  show();
  button.addEventListener("click", () => {
    const on = !colourBlind();
    store(PALETTE_KEY, on ? "cb" : "plain");
    if (on) document.documentElement.dataset.palette = "cb";
    else delete document.documentElement.dataset.palette;
    show();
  });
  return button;
}
