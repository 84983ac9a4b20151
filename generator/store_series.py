"""Series of books made from the store: each volume's record, and the puzzles a new volume may still print.

A volume is recorded in one transaction once its PDF is written, so a failed or interrupted build never counts;
a later volume leaves out what earlier ones printed, their disguised copies and their near-twins.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from dominosa.generator.store_queries import StoreQueries
from dominosa.generator.store_records import StoredPuzzle, StoreError, Volume, iso_utc, record_from_row
from dominosa.generator.store_schema import translated
from dominosa.puzzle import Puzzle

__all__ = ["StoreSeries"]


class StoreSeries(StoreQueries):
    """The series part of :class:`~dominosa.generator.store.PuzzleStore`: volumes recorded and puzzles unused."""

    def volumes(self, series: str) -> list[Volume]:
        """The volumes of a series recorded so far, first volume first (an empty list for a new series)."""
        with translated(self.path):
            rows = self._db.execute(
                "SELECT id, series, volume, made, pdf_sha256, title FROM volumes WHERE series = ? ORDER BY volume",
                (series,),
            ).fetchall()
            out = []
            for row in rows:
                ids = self._db.execute(
                    "SELECT puzzle_id FROM volume_puzzles WHERE volume_id = ? ORDER BY number", (row["id"],)
                ).fetchall()
                out.append(
                    Volume(
                        row["series"],
                        row["volume"],
                        datetime.fromisoformat(row["made"]),
                        row["pdf_sha256"],
                        row["title"],
                        tuple(i for (i,) in ids),
                    )
                )
        return out

    def series_names(self) -> list[str]:
        """The names of the series the store records volumes of, in the order they were begun."""
        with translated(self.path):
            rows = self._db.execute("SELECT series FROM volumes GROUP BY series ORDER BY MIN(id)").fetchall()
        return [name for (name,) in rows]

    def next_volume(self, series: str) -> int:
        """The number the next volume of a series takes: one more than the highest recorded, 1 for a new one."""
        with translated(self.path):
            (highest,) = self._db.execute("SELECT MAX(volume) FROM volumes WHERE series = ?", (series,)).fetchone()
        return 1 if highest is None else highest + 1

    def used_in_series(self, series: str) -> list[StoredPuzzle]:
        """Every puzzle a volume of the series printed, oldest volume first."""
        sql = (
            "SELECT puzzles.* FROM puzzles JOIN volume_puzzles ON puzzles.id = volume_puzzles.puzzle_id"
            " JOIN volumes ON volumes.id = volume_puzzles.volume_id WHERE volumes.series = ?"
            " ORDER BY volumes.volume, volume_puzzles.number"
        )
        with translated(self.path):
            rows = self._db.execute(sql, (series,)).fetchall()
        return [record_from_row(self.path, row) for row in rows]

    def iter_unused(
        self, series: str | None, *, exclude: Iterable[Puzzle] = (), **filters: Any
    ) -> Iterator[StoredPuzzle]:
        """The puzzles that match ``filters`` (those of :meth:`iter_query`) and that a new volume of the series
        may print: none a volume printed, nor one the same up to symmetry and renaming, nor a near-twin of one
        (:class:`~dominosa.generator.twins.RepeatGuard`); ``exclude`` adds puzzles to leave out (and their
        near-twins) to those of the series. With ``series`` None, only ``exclude`` is left out."""
        from dominosa.generator.twins import RepeatGuard

        guard = RepeatGuard([record.puzzle for record in self.used_in_series(series)] if series is not None else [])
        for puzzle in exclude:
            guard.take(puzzle)
        limit = filters.pop("limit", None)  # counted among the puzzles left, not among those looked at
        left = 0
        for record in self.iter_query(**filters):
            if limit is not None and left >= limit:
                return
            if guard.admits(record.puzzle):
                left += 1
                yield record

    def record_volume(
        self,
        series: str,
        volume: int,
        pdf_sha256: str,
        puzzle_ids: Iterable[int],
        *,
        title: str | None = None,
        made: datetime | None = None,
    ) -> Volume:
        """Record that volume ``volume`` of ``series`` printed these puzzles (store ids, in book order), in one
        transaction: all of it or nothing. Call it only once the book's PDF is written, so a failed or
        interrupted build never counts as a volume.

        Raises
        ------
        StoreError : the series already has this volume, an id names no puzzle of the store, a bad value.
        """
        if not isinstance(series, str) or not series.strip():
            raise StoreError("a series needs a name")
        if isinstance(volume, bool) or not isinstance(volume, int) or volume < 1:
            raise StoreError(f"a volume's number is a whole number from 1, not {volume!r}")
        if len(pdf_sha256) != 64 or any(ch not in "0123456789abcdef" for ch in pdf_sha256):
            raise StoreError("the PDF's digest must be SHA-256 in lower-case hex (64 digits)")
        ids = [int(i) for i in puzzle_ids]
        if len(set(ids)) != len(ids):
            raise StoreError("a volume cannot print one puzzle twice")
        when = iso_utc(made or datetime.now(UTC))
        with translated(self.path):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                if self._db.execute(
                    "SELECT 1 FROM volumes WHERE series = ? AND volume = ?", (series, volume)
                ).fetchone():
                    raise StoreError(f"{self.path} already records volume {volume} of the series {series!r}")
                for ident in ids:
                    if not self._db.execute("SELECT 1 FROM puzzles WHERE id = ?", (ident,)).fetchone():
                        raise StoreError(f"there is no puzzle {ident} in {self.path}")
                cursor = self._db.execute(
                    "INSERT INTO volumes (series, volume, made, pdf_sha256, title) VALUES (?, ?, ?, ?, ?)",
                    (series, volume, when, pdf_sha256, title),
                )
                self._db.executemany(
                    "INSERT INTO volume_puzzles (volume_id, puzzle_id, number) VALUES (?, ?, ?)",
                    [(cursor.lastrowid, ident, number) for number, ident in enumerate(ids, 1)],
                )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        return Volume(series, volume, datetime.fromisoformat(when), pdf_sha256, title, tuple(ids))
