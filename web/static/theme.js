// Light or dark: the system's choice (prefers-color-scheme) unless the reader picked one with the toggle, which
// is kept in this browser. The toggle is any element with data-theme-toggle.

const KEY = "dominosa-theme";

function chosen() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function applyTheme() {
  const theme = chosen();
  if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

function isDark() {
  const theme = document.documentElement.dataset.theme;
  return theme ? theme === "dark" : matchMedia("(prefers-color-scheme: dark)").matches;
}

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
      try {
        localStorage.setItem(KEY, next);
      } catch {
        // without storage the choice lasts for this page only
      }
      document.documentElement.dataset.theme = next;
      label();
    });
  }
}
