"""dominosa: Dominosa puzzles, solved, rated, generated and printed.

The model lives here: :class:`Board` (cells and pairs), :class:`Puzzle` (numbers, domino set, clues) and
:class:`Solution` (placed dominoes), with readers and writers for every text format. The engine and the rest
are reached lazily, so ``import dominosa`` stays light:

>>> import dominosa
>>> puzzle = dominosa.read_puzzle("3:22223101012330103310")
>>> puzzle.order
3
"""

from __future__ import annotations

from dominosa.lazy import lazy_attributes

__version__ = "0.1.0"

__all__ = [
    "Board",
    "Cell",
    "Domino",
    "Placement",
    "Puzzle",
    "PuzzleError",
    "Solution",
    "cell_name",
    "domino",
    "domino_index",
    "domino_name",
    "full_set",
    "full_set_size",
    "placement",
    "problems",
    "validate",
    # formats, imported on first use
    "read_puzzle",
    "read_puzzles",
    "read_file",
    "write_plain",
    "write_game_id",
    "write_json",
    "draw_solution",
    # the engine, imported on first use
    "solve",
    "count_solutions",
    "solutions",
    "iter_deductions",
    "is_unique",
]

# Names offered at the top that live in other modules: imported only when first asked for, so the model never
# imports the engine at import time (layers point down: cli -> generator, rendering -> deductions -> model), and
# ``import dominosa`` itself costs next to nothing: the ``dominosa`` command's start-up runs it before the
# command can install its Ctrl-C handler (see ``dominosa/__main__.py``), so it must be over in a moment.
_LAZY = {
    "Board": "dominosa.board",
    "Cell": "dominosa.board",
    "cell_name": "dominosa.board",
    "Domino": "dominosa.dominoes",
    "domino": "dominosa.dominoes",
    "domino_index": "dominosa.dominoes",
    "domino_name": "dominosa.dominoes",
    "full_set": "dominosa.dominoes",
    "full_set_size": "dominosa.dominoes",
    "PuzzleError": "dominosa.errors",
    "Placement": "dominosa.puzzle",
    "Puzzle": "dominosa.puzzle",
    "placement": "dominosa.puzzle",
    "Solution": "dominosa.solution",
    "problems": "dominosa.solution",
    "validate": "dominosa.solution",
    "read_puzzle": "dominosa.formats",
    "read_puzzles": "dominosa.formats",
    "read_file": "dominosa.formats",
    "write_plain": "dominosa.formats",
    "write_game_id": "dominosa.formats",
    "write_json": "dominosa.formats",
    "draw_solution": "dominosa.formats",
    "solve": "dominosa.deductions",
    "count_solutions": "dominosa.deductions",
    "solutions": "dominosa.deductions",
    "iter_deductions": "dominosa.deductions",
    "is_unique": "dominosa.deductions",
}


__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
