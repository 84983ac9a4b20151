// What every studio page does at load: light or dark as chosen, and the header's toggle.

import { setupThemeToggle } from "./theme.js";

setupThemeToggle();
