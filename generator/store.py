"""The puzzle store: every puzzle a generator finds, kept in one SQLite file, never the same puzzle twice.

A generator may run for hours, be stopped with Ctrl-C or killed, and start again; books are made from its store
later. So the store

- **keeps each puzzle as soon as it is added**: every :meth:`PuzzleStore.add` is its own transaction,
  committed before ``add`` returns. The file uses write-ahead logging (WAL) with ``synchronous=NORMAL``: a
  killed process loses nothing already added and never leaves a half-written row (a power cut may lose the
  last few adds, never the file);
- **deduplicates** on :func:`~dominosa.canonical.canonical_key` (a ``UNIQUE`` column), so a puzzle
  turned, mirrored or with its numbers renamed counts as the same puzzle, even when several processes add to
  one store at once;
- keeps each puzzle in the model's own **JSON form** (``puzzle_to_dict`` with its solution), beside the columns
  one selects on: grade, level, score, order, board size, the generation parameters (JSON) and seed, and the
  time it was made (ISO 8601, UTC);
- records the **volumes of each series of books** made from it (``book --series``): date, the PDF's SHA-256 and
  the puzzles printed, written in one transaction once the book is written, so later volumes leave them out
  (:meth:`PuzzleStore.iter_unused`);
- records its **schema version** in a table of its own, so a later dominosa can migrate an older file and an
  older dominosa refuses a newer one instead of misreading it;
- records **how each score was measured** (``score_version``, :data:`~dominosa.deductions.score.SCORE_VERSION`)
  beside it. A score of an older measure is kept and marked old (``score_version`` below today's): a score range
  leaves it out, and sorting by score puts it after every score of today's measure, with the unscored puzzles,
  rather than mix two measures. Opening a store never rescores: on a large store that takes minutes, so it is a
  step of its own (:meth:`PuzzleStore.rescore_old`, ``dominosa store rescore``), batch by batch, each batch
  committed, so a run stopped halfway keeps what it did and the next run goes on from there.

>>> import tempfile, os
>>> from dominosa import read_puzzle, count_solutions
>>> puzzle = read_puzzle("3:22223101012330103310")
>>> solution = count_solutions(puzzle, 1, keep_solutions=True).solutions[0]
>>> with tempfile.TemporaryDirectory() as folder, PuzzleStore(os.path.join(folder, "p.sqlite")) as store:
...     first = store.add(puzzle, solution, grade="trivial", seed=7)
...     again = store.add(puzzle, solution)          # the same puzzle: not added twice
...     (first, again, len(store), store.get(first).grade)
(1, None, 1, 'trivial')

The store is put together from parts with one job each: :mod:`~dominosa.generator.store_schema` (the file, its
tables and migrations), :mod:`~dominosa.generator.store_records` (the records and errors it gives),
:mod:`~dominosa.generator.store_queries` (reading), :mod:`~dominosa.generator.store_writing` (adding and rescoring)
and :mod:`~dominosa.generator.store_series` (series of books).

Every problem with the file itself (a folder that cannot be written, a file that is not a puzzle store, a store
made by a newer dominosa) is a :class:`~dominosa.generator.store_records.StoreError` with a one-line message.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

# What a program that keeps puzzles needs comes from this one module: the store, what it gives back and its errors.
from dominosa.generator.store_records import StoredPuzzle, StoreError, StoreNotFound
from dominosa.generator.store_schema import connect, prepare, writable
from dominosa.generator.store_series import StoreSeries
from dominosa.generator.store_writing import StoreWriting

__all__ = ["PuzzleStore", "StoredPuzzle", "StoreError", "StoreNotFound"]


class PuzzleStore(StoreWriting, StoreSeries):
    """A puzzle store in one SQLite file; use it as a context manager, or call :meth:`close`.

    Parameters
    ----------
    path : the file; ``output/puzzles.sqlite`` is where the command line keeps it by default.
    create : make the file (and its folder) when missing. With ``create=False`` a missing file is a
        :class:`StoreError`, which is what reading commands want: a typo in a path should not make an empty
        store and report no puzzles.

    Raises
    ------
    StoreError : the path is a folder or cannot be written, the file is not an SQLite database, is a database
        of something else, or was made by a newer dominosa.
    """

    def __init__(
        self, path: str | os.PathLike[str], *, create: bool = True, read_only: bool = False, busy_timeout: float = 30.0
    ) -> None:
        """Open (or, with ``create``, make) the store at ``path``. ``read_only`` opens it so that nothing can be
        written, whatever the file's permissions (the studio without --allow-save); a store in a read-only place is
        opened so anyway. ``busy_timeout`` is how long to wait for another program's lock before failing (the
        studio waits no longer than a request may take)."""
        if read_only and create:
            raise ValueError("a store opened read-only cannot be created")
        self.path = Path(path)
        existed = self.path.exists()
        # Reading needs no write access: a store this process may not write is opened read-only too.
        read_only = read_only or (existed and not create and not writable(self.path))
        self.read_only = read_only
        self._db = connect(self.path, create, read_only=read_only, busy_timeout=busy_timeout)
        try:
            prepare(self._db, self.path, create, read_only=read_only)
        except BaseException:
            self._db.close()
            if not existed:  # a store is whole or absent: never leave a half-made (say 0-byte) file behind
                for leftover in (self.path, *(Path(f"{self.path}{end}") for end in ("-wal", "-shm", "-journal"))):
                    with suppress(OSError):
                        leftover.unlink()
            raise

    # -- life cycle ------------------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file; everything added is already committed."""
        self._db.close()

    def __enter__(self) -> PuzzleStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"PuzzleStore({str(self.path)!r})"
