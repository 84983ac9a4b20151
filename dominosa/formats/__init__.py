"""Reading and writing puzzles: the plain grid, game IDs, JSON, and terminal drawings.

Readers detect the format by themselves and report every problem as a one-line
:class:`~dominosa.errors.PuzzleError` naming the line and column; writers give text that reads back as the
same puzzle.

>>> from dominosa.formats import read_puzzle, write_plain
>>> print(write_plain(read_puzzle("3:22223101012330103310")), end="")
22223
10101
23301
03310
"""

from __future__ import annotations

from dominosa.formats.drawing import draw_solution
from dominosa.formats.game_id import read_game_id, write_game_id
from dominosa.formats.json_format import puzzle_from_dict, puzzle_to_dict, solution_from_dict, write_json
from dominosa.formats.plain import format_clue, read_plain, write_plain
from dominosa.formats.reader import (
    DEFAULT_EXAMPLE,
    PuzzleRecord,
    decode_bytes,
    example_names,
    iter_file_records,
    read_example,
    read_file,
    read_file_records,
    read_puzzle,
    read_puzzles,
    read_records,
)

__all__ = [
    "DEFAULT_EXAMPLE",
    "PuzzleRecord",
    "decode_bytes",
    "draw_solution",
    "example_names",
    "format_clue",
    "iter_file_records",
    "puzzle_from_dict",
    "puzzle_to_dict",
    "read_example",
    "read_file",
    "read_file_records",
    "read_game_id",
    "read_plain",
    "read_puzzle",
    "read_puzzles",
    "read_records",
    "solution_from_dict",
    "write_game_id",
    "write_json",
    "write_plain",
]
