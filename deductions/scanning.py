"""What the techniques beyond the seven rules share: a position's undecided pairs as bytes, the remembered
scan that finds the lowest item with a deduction without checking again what has not changed, and a
pair's other cell. Every technique says why the pairs it splits are in no solution, or why the pairs it
joins are in every one, so none rules out a solution.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState

__all__ = ["UNDECIDED_MASK", "lowest_by_remembered_scan", "affected_items", "other_cell"]


UNDECIDED_MASK = bytes(1 if v == UNDECIDED else 0 for v in range(256))


def lowest_by_remembered_scan(
    s: SolvingState,
    key: object,
    n_items: int,
    check: Callable[[int], Deduction | None],
    affected_by: Callable[[int], Iterable[int]],
) -> Deduction | None:
    """The deduction of the lowest item (pair, domino, ...) that has one, remembering the scan between calls.

    ``check(i)`` is item i's deduction or None, and depends only on the pairs ``r`` whose ``affected_by(r)``
    lists i. The state keeps (``SolvingState.scans[key]``) the undecided pairs at the last call, how far the scan
    went and the items below that point with a deduction. A call checks again only the items affected by a pair
    decided since, and scans on past that point only while no item below it has one: the answer is the one a full
    scan in item order gives, at a fraction of the cost when the driver loop asks after every small step.
    """
    now = s.pair_states.translate(UNDECIDED_MASK)
    then, hits, upto = s.scans.get(key) or (now, {}, 0)
    if then != now:
        hits = dict(hits)
        for i in affected_items(then, now, affected_by):
            if i < upto:
                found = check(i)
                if found is None:
                    hits.pop(i, None)
                else:
                    hits[i] = found
    if not hits:
        while upto < n_items:
            i = upto
            upto += 1
            found = check(i)
            if found is not None:
                hits = {i: found}
                break
    s.scans[key] = (now, hits, upto)
    return hits[min(hits)] if hits else None


def affected_items(
    then: bytes | bytearray, now: bytes | bytearray, affected_by: Callable[[int], Iterable[int]]
) -> set[int]:
    """The items affected by a pair undecided in one of two positions (``UNDECIDED_MASK``) and not the other."""
    changed = int.from_bytes(then, "little") ^ int.from_bytes(now, "little")
    items: set[int] = set()
    while changed:  # one bit per changed pair: bit 8r for pair r
        low = changed & -changed
        changed ^= low
        items.update(affected_by((low.bit_length() - 1) >> 3))
    return items


def other_cell(s: SolvingState, q: int, x: int) -> int:
    t = s.tables
    return t.pair_b[q] if t.pair_a[q] == x else t.pair_a[q]
