"""Jobs that need much memory, for the tests of the studio's memory limits (made here, from fixed seeds)."""

from __future__ import annotations

import random

from dominosa.formats import write_game_id
from dominosa.generator.layouts import random_layout

# A first draft of order 40 with thousands of solutions: its fix lists them at some 100 kB each.
BIG_DRAFT = write_game_id(random_layout(40, random.Random(1), avoid_trivial_squares=False)[0])
# A worker limit that such a fix passes within a second or two, and that a worker alone stays well under.
LOW_MEMORY = 200 << 20
