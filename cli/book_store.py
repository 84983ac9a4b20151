"""``dominosa book``'s puzzles from a puzzle store, and the volumes of a series that never repeat a puzzle.

A store's puzzles are taken oldest first (or the best of each grade with ``--best``), never one an earlier
volume of the series printed, an ``--exclude`` file holds, or a near-twin of either; a book written as a volume
is recorded in the store with its PDF's digest. What a volume leaves out is said once the book is written.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from dominosa.cli.common import plural, warn
from dominosa.cli.usage import UsageError

if TYPE_CHECKING:
    from dominosa.puzzle import Puzzle


def store_entries(
    path: str,
    *,
    grade: str | None = None,
    count: int | None = None,
    order: int | None = None,
    best: int | None = None,
    exclude: Iterable[Puzzle] = (),
    series: str | None = None,
    notes: list[str] | None = None,
):
    """The puzzles of a store as book entries (with their grades and scores), oldest first, and the order of
    their grades (by the levels the store records). With ``best``, the ``best`` highest-scoring puzzles of each
    graded grade (or of ``grade``), best first within a grade; the scores are compared as stored, so a store
    filled with one set of score weights ranks fairly.

    Left out: the puzzles of ``exclude`` and those the volumes of ``series`` printed, each also turned, mirrored
    or renamed, and their near-twins (:meth:`~dominosa.generator.store.PuzzleStore.iter_unused`); the line
    saying what was left out and why goes to ``notes`` when given (the command says it once the book is
    written), else to standard error."""
    from dominosa.cli.book_input import grade_order_from
    from dominosa.cli.store import warn_old_scores
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError
    from dominosa.generator.twins import RepeatGuard
    from dominosa.rendering.book_sections import BookEntry

    exclude = list(exclude)
    try:
        with PuzzleStore(path, create=False) as store:
            warn_old_scores(store, path)
            stats = store.stats()
            if best is not None:
                grades = [grade] if grade is not None else [g for g in stats.grades if g is not None]
                used = [record.puzzle for record in store.used_in_series(series)] if series is not None else []
                records = _best_without_twins(store, grades, order, best, RepeatGuard([*exclude, *used]))
                ungraded = sum(n for (o, g), n in stats.counts.items() if g is None and order in (None, o))
            elif exclude or series is not None:
                records = _unused_without_twins(store, series, exclude, grade, order, count, notes)
            else:
                records = store.query(grade=grade, order=order, limit=count)
    except StoreError as error:
        raise UsageError(str(error)) from None
    what = " ".join(part for part in (grade, f"double-{order}" if order is not None else None) if part)
    if not records:
        if exclude or series is not None:
            earlier = " or ".join(
                part
                for part in (
                    f"the volumes of the series {series!r} printed" if series is not None else None,
                    "--exclude names" if exclude else None,
                )
                if part
            )
            hint = f" (see 'dominosa store list --series {series} --unused')" if series is not None else ""
            raise UsageError(f"no {what + ' ' if what else ''}puzzles in {path} but those {earlier}{hint}")
        raise UsageError(f"no {what + ' ' if what else ''}puzzles in {path} (see 'dominosa store stats')")
    if count is not None and len(records) < count:  # said, or a short book would look like the one asked for
        warn(f"{path} holds {plural(len(records), (what + ' ' if what else '') + 'puzzle')}, fewer than --count"
             f" {count}: the book has those {len(records)}")
    if best is not None:
        _warn_best_shortfall(records, grades, best, path)
        if ungraded and grade is None:
            warn(f"{plural(ungraded, 'ungraded puzzle')} of {path} left out: --best takes the best of each grade")
    entries = [BookEntry(r.puzzle, r.solution, r.grade, r.score) for r in records]
    return entries, grade_order_from([{"grade": r.grade, "level": r.level} for r in records])


def _warn_best_shortfall(records, grades: list[str], best: int, path: str) -> None:
    """One line on standard error for each grade with fewer than ``best`` puzzles to give (near-twins passed over)."""
    for grade in grades:
        taken = sum(record.grade == grade for record in records)
        if taken < best:
            warn(f"{path} gives {plural(taken, grade + ' puzzle')} (near-twins passed over), fewer than --best {best}")


def _unused_without_twins(
    store, series: str | None, exclude: list, grade: str | None, order, count, notes: list[str] | None = None
) -> list:
    """Up to ``count`` records, oldest first, that are none of ``exclude`` or of what the volumes of ``series``
    printed, nor a near-twin of one, nor of one another (a volume of a series is held to what a generated book
    is held to)."""
    from dominosa.generator.series import OVER_THE_COUNT, LeftOut
    from dominosa.generator.twins import RepeatGuard

    used = [record.puzzle for record in store.used_in_series(series)] if series is not None else []
    repeats, left_out = RepeatGuard([*exclude, *used]), LeftOut()
    records = []
    for record in store.iter_query(grade=grade, order=order):
        if count is not None and len(records) == count:
            break
        if left_out.keep(repeats, record.puzzle):
            records.append(record)
    matching = sum(n for (o, g), n in store.stats().counts.items() if order in (None, o) and grade in (None, g))
    if matching > left_out.offered and left_out.total:  # the rest of the store, not looked at
        left_out.count(OVER_THE_COUNT, matching - left_out.offered)
    if records and left_out.total:
        _note(left_out.line(), notes)
    return records


def _best_without_twins(store, grades, order: int | None, best: int, twins=None) -> list:
    """The ``best`` highest-scoring records of each grade, passing over any near-twin of one taken (of any
    grade): a store filled by long runs holds puzzles of one lineage side by side. ``twins`` (a guard with the
    puzzles to leave out already taken) passes over those too."""
    from dominosa.generator.twins import TwinGuard

    twins = TwinGuard() if twins is None else twins
    records = []
    for grade in grades:
        taken = 0
        for record in store.iter_query(grade=grade, order=order, by="score"):
            if taken == best:
                break
            if twins.admits(record.puzzle):
                twins.take(record.puzzle)
                records.append(record)
                taken += 1
    return records


def series_volume(path: str, series: str, wanted: int | None, new: bool = False) -> int:
    """The number of the volume about to be made: ``wanted`` (--volume) unless the store already records it,
    else one more than the series' last. A name one slip away from a series of the store is refused unless
    ``new`` (--new-series) says a new series is meant."""
    from dominosa.generator.series import similar_series
    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError

    try:
        with PuzzleStore(path, create=False) as store:
            names = store.series_names()
            if new and series in names:
                raise UsageError(
                    f"--new-series: {path} already records the series {series!r}; leave --new-series out to make"
                    " its next volume"
                )
            alike = None if new else similar_series(series, names)
            if alike is not None:
                raise UsageError(
                    f"--series {series!r}: {path} records the series {alike!r}; did you mean --series {alike!r}?"
                    " (--new-series begins a new series of this name)"
                )
            if wanted is None:
                return store.next_volume(series)
            made = {v.volume: v for v in store.volumes(series)}
    except StoreError as error:
        raise UsageError(str(error)) from None
    if wanted in made:
        when = made[wanted].made.strftime("%Y-%m-%d")
        raise UsageError(
            f"--volume {wanted}: {path} already records volume {wanted} of the series {series!r} (made {when});"
            " leave --volume out for the next one"
        )
    return wanted


def _note(line: str, notes: list[str] | None) -> None:
    """Say ``line`` on standard error, or keep it in ``notes`` to be said once the book is written."""
    if notes is None:
        warn(line)
    else:
        notes.append(line)


def without_repeats(records: list, excluded: Sequence[Puzzle], notes: list[str] | None = None) -> list:
    """The records that are none of ``excluded`` (up to symmetry and renaming) nor a near-twin of one; an input
    with nothing left is bad input."""
    from dominosa.generator.series import LeftOut
    from dominosa.generator.twins import RepeatGuard

    repeats, left_out = RepeatGuard(excluded), LeftOut()
    kept = [record for record in records if left_out.keep(repeats, record.puzzle)]
    if kept and left_out.total:
        _note(left_out.line(), notes)
    if not kept:
        raise UsageError(
            f"every one of the {len(records)} puzzles given is in the --exclude files (turned, mirrored or renamed)"
            " or a near-twin of one: nothing is left for the book"
        )
    return kept


def record_volume(args: argparse.Namespace, entries, grade_order, volume: int) -> str:
    """Record the book just written as ``volume`` of ``--series`` in ``--store``: the PDF's SHA-256 and the store
    ids of its puzzles in book order, in one transaction. The words that say so in the summary line."""
    import hashlib

    from dominosa.generator.store import PuzzleStore
    from dominosa.generator.store_records import StoreError
    from dominosa.rendering.book_sections import book_order

    digest = hashlib.sha256(args.out.read_bytes()).hexdigest()
    try:
        with PuzzleStore(args.store, create=False) as store:
            ids = []
            for number, _, entry in book_order(entries, grade_order):
                found = store.find(entry.puzzle)
                if found is None:  # taken from the store a moment ago: only another program can have removed it
                    raise StoreError(f"puzzle {number} of the book is no longer in {args.store}")
                ids.append(found)
            store.record_volume(args.series, volume, digest, ids, title=args.title)
    except StoreError as error:
        raise UsageError(f"{args.out} was written but not recorded as volume {volume}: {error}") from None
    return f"volume {volume} of the series {args.series!r} recorded in {args.store}"
