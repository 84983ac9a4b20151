"""Jobs that need much memory, for the tests of the studio's memory limits (made here, from fixed seeds)."""

from __future__ import annotations

import random

from dominosa.formats import write_game_id
from dominosa.generator.layouts import random_layout

# A first draft of the largest order the engine reads. Its fix is held to a job's share and stays small (the
# solutions are kept as bitmasks); its picture is not: drawing its 10,302 cells as a PNG takes far more than a
# worker's own memory, the same work every time.
BIG_DRAFT = write_game_id(random_layout(100, random.Random(1), avoid_trivial_squares=False)[0])
# A worker limit that drawing that picture passes within a second or two, and that a worker alone stays well under.
LOW_MEMORY = 200 << 20
# A draft of order 30 with thousands of solutions, whose swap fix the studio once refused (it fits a job's share).
SWAP_DRAFT = write_game_id(random_layout(30, random.Random(1), avoid_trivial_squares=False)[0])
