"""The team's shared test data, read from ../shared/data beside the checkout (where CI places it).

A missing folder fails the test that needs it rather than skipping it: a green run must mean the check ran.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TATHAM_GRADED = SHARED_DATA / "tatham-graded.jsonl"


def tatham_rows() -> list[dict]:
    """The 600 puzzles of Simon Tatham's generator with the level his solver gives each (see its README)."""
    if not TATHAM_GRADED.exists():
        pytest.fail(f"the reference data is not here: {TATHAM_GRADED} (../shared must sit beside the checkout)")
    return [json.loads(line) for line in TATHAM_GRADED.read_text("utf-8").splitlines() if line.strip()]
