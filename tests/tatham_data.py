"""Simon Tatham's graded puzzles, kept in the project: ``tests/data/tatham-graded.jsonl`` (see its README there).

The file is part of the checkout, so the tests that compare our grades with his run on a fresh clone with nothing
beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

TATHAM_GRADED = Path(__file__).resolve().parent / "data" / "tatham-graded.jsonl"


def tatham_rows() -> list[dict]:
    """The 600 puzzles of Simon Tatham's generator with the level his solver gives each (see tests/data/README.md)."""
    return [json.loads(line) for line in TATHAM_GRADED.read_text("utf-8").splitlines() if line.strip()]
