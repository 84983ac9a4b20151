"""Tiling puzzles as data: pieces (polyominoes, with pegs if need be), boards, and their solutions.

The model only: :class:`Packing` says what is to be packed where, :class:`Tiling` is one answer, and the
bundled puzzles (6x10 pentominoes, A-Puzzle-A-Day, DominoPeg) are data files read by a small module each. The
search lives in :mod:`dominosa.cover.tiling`.
"""

from dominosa.tiling.bundled import BUNDLED, bundled
from dominosa.tiling.packing import Packing, PiecePlacement, Tiling
from dominosa.tiling.pieces import TRANSFORMS, Orientation, Piece, parse_picture
from dominosa.tiling.reader import read_packing

__all__ = [
    "BUNDLED",
    "TRANSFORMS",
    "Orientation",
    "Packing",
    "Piece",
    "PiecePlacement",
    "Tiling",
    "bundled",
    "parse_picture",
    "read_packing",
]
