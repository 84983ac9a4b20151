"""The generator: random layouts, proper puzzles, the evolutionary search for a grade, and the puzzle store.

One job per module:

- :mod:`~dominosa.generator.layouts`: random tilings and layouts (the domino set dealt onto a tiling);
- :mod:`~dominosa.generator.proper`: a proper layout by repairing ambiguities, with no grade in mind;
- :mod:`~dominosa.generator.mutations`: layouts as plain data, and the moves of the search;
- :mod:`~dominosa.generator.fitness`: what a worker computes: repair, grade, fitness, and the final rating;
- :mod:`~dominosa.generator.workers`: where that runs: serially, on a process pool, or on Dask;
- :mod:`~dominosa.generator.evolve`: the DEAP search itself;
- :mod:`~dominosa.generator.best`: the same searches kept going for a budget, for the most interesting puzzles;
- :mod:`~dominosa.generator.generate`: a run as a user asks for it, into a store or not;
- :mod:`~dominosa.generator.shapes`: the library of named boards (a heart, a star, ...), one per domino set;
- :mod:`~dominosa.generator.fixing`: the smallest clues or swaps that make a setter's grid proper, by
  :mod:`~dominosa.generator.fix_clues` (with :mod:`~dominosa.generator.hitting`) or
  :mod:`~dominosa.generator.fix_swaps` (with :mod:`~dominosa.generator.swaps`), on the state
  :mod:`~dominosa.generator.fix_search` shares, each giving a :mod:`~dominosa.generator.fix_result`;
- :mod:`~dominosa.generator.store`: the puzzle store, deduplicated on the model's canonical form
  (:mod:`dominosa.canonical`), put together from its file and schema (:mod:`~dominosa.generator.store_schema`),
  its records (:mod:`~dominosa.generator.store_records`), reading (:mod:`~dominosa.generator.store_queries`),
  writing (:mod:`~dominosa.generator.store_writing`) and series of books (:mod:`~dominosa.generator.store_series`).

The names below are imported on first use, so importing one module (say, the layouts) never loads DEAP.

>>> from dominosa.generator import generate, make_request
>>> (made,) = generate(make_request(order=4, grade="basic", seed=1), 1)
>>> made.grade
'basic'
"""

from __future__ import annotations

from dominosa import native as _native
from dominosa.lazy import lazy_attributes

# Before any module of the generator is imported: the layouts are compiled in the compiled build (dominosa.native).
_native.install()

__all__ = [
    "generate",
    "make_request",
    "GeneratedPuzzle",
    "StoreRun",
    "Settings",
    "NoPuzzleFound",
    "open_workers",
    "proper_layout",
    "random_layout",
    "PuzzleStore",
    "fix",
    "Fix",
]

_LAZY = {
    "generate": "dominosa.generator.generate",
    "make_request": "dominosa.generator.generate",
    "GeneratedPuzzle": "dominosa.generator.generate",
    "StoreRun": "dominosa.generator.generate",
    "Settings": "dominosa.generator.evolve",
    "NoPuzzleFound": "dominosa.generator.evolve",
    "open_workers": "dominosa.generator.workers",
    "proper_layout": "dominosa.generator.proper",
    "random_layout": "dominosa.generator.layouts",
    "PuzzleStore": "dominosa.generator.store",
    "fix": "dominosa.generator.fixing",
    "Fix": "dominosa.generator.fix_result",
}


__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
