"""The tiling puzzles that come with dominosa, read from the data files beside this module."""

from __future__ import annotations

from functools import cache
from importlib import resources

from dominosa.tiling.packing import Packing
from dominosa.tiling.reader import read_packing

__all__ = ["bundled", "BUNDLED"]

BUNDLED = ("pentominoes", "calendar", "dominopeg")


@cache
def bundled(name: str) -> Packing:
    """The bundled puzzle ``name`` as its data file describes it (``KeyError`` for an unknown name)."""
    if name not in BUNDLED:
        raise KeyError(name)
    text = resources.files("dominosa.tiling").joinpath("data", f"{name}.txt").read_text(encoding="utf-8")
    return read_packing(text, f"{name}.txt")
