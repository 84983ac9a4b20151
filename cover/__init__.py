"""Exact cover: a general search engine, not Dominosa's (it knows nothing of the rules in ``deductions/``).

One job per module:

- :mod:`~dominosa.cover.exact_cover`: the problem (primary and secondary columns, rows, forced rows) and
  Knuth's Algorithm X with dancing links: count, list, first solution;
- :mod:`~dominosa.cover.bitmask`: the same search on integer bitmasks, branching on the first empty column,
  faster on plain packings;
- :mod:`~dominosa.cover.symmetry`: each class of solutions equivalent under a symmetry group found once;
- :mod:`~dominosa.cover.tiling`: tiling puzzles (:mod:`dominosa.tiling`'s packings) as exact cover problems;
- :mod:`~dominosa.cover.dominosa`: a Dominosa puzzle as an exact cover problem, the independent counter the
  tests check the deduction engine against.

>>> from dominosa.cover import ExactCover
>>> ExactCover(["a", "b"], [["a"], ["b"], ["a", "b"]]).tally()
CoverCount(count=2, complete=True)
"""

from __future__ import annotations

from dominosa.lazy import lazy_attributes

__all__ = [
    "CoverCount",
    "ExactCover",
    "BitmaskCover",
    "SymmetryGroup",
    "PackingCover",
    "tilings",
    "count_tilings",
    "first_tiling",
    "count_solutions_exact_cover",
    "solutions_exact_cover",
]

_LAZY = {
    "CoverCount": "dominosa.cover.exact_cover",
    "ExactCover": "dominosa.cover.exact_cover",
    "BitmaskCover": "dominosa.cover.bitmask",
    "SymmetryGroup": "dominosa.cover.symmetry",
    "PackingCover": "dominosa.cover.tiling",
    "tilings": "dominosa.cover.tiling",
    "count_tilings": "dominosa.cover.tiling",
    "first_tiling": "dominosa.cover.tiling",
    "count_solutions_exact_cover": "dominosa.cover.dominosa",
    "solutions_exact_cover": "dominosa.cover.dominosa",
}

__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
