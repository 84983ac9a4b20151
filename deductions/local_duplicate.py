"""Local duplicate: joining a pair must leave each neighbouring cell a domino it can still take;
its wide form. The reasoning and cost are in :func:`iter_local_duplicate`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from dominosa.deductions.grades import Technique
from dominosa.deductions.scanning import UNDECIDED_MASK, affected_items, lowest_by_remembered_scan
from dominosa.deductions.sentences import Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState, names_of
from dominosa.deductions.tables import Tables

__all__ = ["iter_local_duplicate", "iter_wide_local_duplicate", "wide_local_duplicate", "local_duplicate"]

LOCAL_DUPLICATE = Technique.LOCAL_DUPLICATE
WIDE_LOCAL_DUPLICATE = Technique.WIDE_LOCAL_DUPLICATE


def iter_local_duplicate(s: SolvingState) -> Iterator[Deduction]:
    """Local duplicate. Joining a pair must leave each neighbouring cell a domino it can still take.

    Imagine the pair joined: its two cells are gone, and so is every other place of its domino. If a cell next
    to it would then have no pair left, or two cells next to it could each take only the same domino (and not
    together), the pair cannot be joined and is split.

    Notes
    -----
    Looks at the at most six cells around each undecided pair: O(pairs).
    """
    # The state graph asks every position for all of them, and a position differs from its parent (a copy) in a
    # few pairs: like local_duplicate below, the state keeps every pair with a local duplicate and the undecided
    # pairs it was found at, and only the pairs near a pair decided since are checked again.
    now = s.pair_states.translate(UNDECIDED_MASK)
    cached = s.scans.get(_EVERY_LOCAL_DUPLICATE)
    live = _LiveEnds(s)
    if cached is None:
        hits = {}
        for q in range(s.tables.n_pairs):
            if now[q]:
                found = _local_duplicate_at(s, q, live)
                if found is not None:
                    hits[q] = found
    else:
        then, hits = cached
        if then != now:
            hits = dict(hits)
            pa, pb = s.tables.pair_a, s.tables.pair_b
            near = _pairs_near(s.puzzle.board)
            for q in affected_items(then, now, lambda r: near[pa[r]] + near[pb[r]]):
                found = _local_duplicate_at(s, q, live) if now[q] else None
                if found is None:
                    hits.pop(q, None)
                else:
                    hits[q] = found
    s.scans[_EVERY_LOCAL_DUPLICATE] = (now, hits)
    for q in sorted(hits):
        yield hits[q]


_EVERY_LOCAL_DUPLICATE = "every local duplicate"


class _LiveEnds:
    """Each open cell's undecided pairs, as the cell at their other end and the domino they show: worked out once
    per cell and scan (:meth:`of`; kept by cell in a list, which the compiled build indexes directly)."""

    def __init__(self, s: SolvingState) -> None:
        self.s = s
        self.ends: list[list[tuple[int, int]] | None] = [None] * s.tables.n_cells

    def of(self, x: int) -> list[tuple[int, int]]:
        ends = self.ends[x]
        if ends is None:
            s = self.s
            t, pair_states = s.tables, s.pair_states
            pa, pb, pd = t.pair_a, t.pair_b, t.pair_domino
            ends = (
                []
                if s.covered[x]
                else [(pb[r] if pa[r] == x else pa[r], pd[r]) for r in t.cell_pairs[x] if pair_states[r] == UNDECIDED]
            )
            self.ends[x] = ends
        return ends


def _local_duplicate_at(s: SolvingState, q: int, live: _LiveEnds, wide: bool = False) -> Deduction | None:
    """The local duplicate that splits the undecided pair ``q``, or None.

    It reads only the undecided pairs of the cells of ``q`` and of their neighbours (see :func:`_pairs_near`).
    Two neighbours needing one domino (the second case) are seen as Simon Tatham's solver sees them at his Basic
    level: each neighbour's pairs away from ``q`` all show that domino, and no pair links the two. With ``wide``
    (:attr:`~dominosa.deductions.grades.Technique.WIDE_LOCAL_DUPLICATE`, beyond every level of his solver) the
    places of ``q``'s own domino are left out first, since joining ``q`` uses it up.
    """
    t = s.tables
    a, b, d = t.pair_a[q], t.pair_b[q], t.pair_domino[q]
    around = [y for y, _ in live.of(a) if y != b]
    for y, _ in live.of(b):
        if y != a and y not in around:
            around.append(y)
    only: dict[int, int] = {}
    for y in around:
        # The dominoes y could still take were q joined: none (e stays -1), one (e), or several (e = -2, the
        # common case, found without building a list).
        e = -1
        ends = live.of(y)
        for z, f in ends:
            if z != a and z != b and (f != d or not wide):
                if e == -1:
                    e = f
                elif f != e:
                    e = -2
                    break
        if e == -1 or e == d:  # (e is d only when not wide: every pair of y left shows q's domino)
            return _no_partner(t, q, d, y)
        if e == -2:
            continue
        twin = only.get(e)
        if twin is not None and not any(z == twin and (f != d or not wide) for z, f in ends):
            return _both_needing(t, q, e, twin, y, wide)
        only[e] = y
    return None


def _no_partner(t: Tables, q: int, d: int, y: int) -> Deduction:
    """The first case's deduction: joining ``q`` would leave cell ``y`` with no partner (its sentence made when
    read: a scan keeps many deductions whose words no one reads)."""
    return Deduction(
        rule=LOCAL_DUPLICATE,
        splits=(q,),
        cells=(t.pair_a[q], t.pair_b[q], y),
        domino=d,
        reason=lambda: Sentence(
            "Joining {pair} (the {domino}) would leave {cell} with no partner: {pair} is split.",
            pair=names_of(t).pair[q], domino=names_of(t).domino[d], cell=names_of(t).cell_label[y],
        ),
    )


def _both_needing(t: Tables, q: int, e: int, twin: int, y: int, wide: bool) -> Deduction:
    """The second case's deduction: joining ``q`` would leave cells ``twin`` and ``y`` both needing domino ``e``
    (its sentence made when read)."""
    return Deduction(
        rule=WIDE_LOCAL_DUPLICATE if wide else LOCAL_DUPLICATE,
        splits=(q,),
        cells=(t.pair_a[q], t.pair_b[q], twin, y),
        domino=e,
        reason=lambda: Sentence(
            "Joining {pair} would leave both {cell} and {other} needing the {domino}, which exists once: "
            "{pair} is split.",
            pair=names_of(t).pair[q], cell=names_of(t).cell_label[twin], other=names_of(t).cell_label[y],
            domino=names_of(t).domino[e],
        ),
    )


def iter_wide_local_duplicate(s: SolvingState) -> Iterator[Deduction]:
    """Local duplicate in its wide form: two neighbours left needing one domino once the places of the pair's own
    domino are left out (see :func:`_local_duplicate_at`). Asked only where the basic form has nothing (it is a
    fiendish technique): a plain scan of the undecided pairs."""
    live = _LiveEnds(s)
    pair_states = s.pair_states
    for q in range(s.tables.n_pairs):
        if pair_states[q] == UNDECIDED:
            found = _local_duplicate_at(s, q, live, wide=True)
            if found is not None:
                yield found


def wide_local_duplicate(s: SolvingState) -> Deduction | None:
    """The first deduction of :func:`iter_wide_local_duplicate`, or None: the step run asks it after every
    deduction once the techniques up to extreme are stuck, so the scan is remembered (as :func:`local_duplicate`)."""
    return _first_local_duplicate(s, True)


# Maps each pair state to 1 for undecided, 0 for anything else: a position's undecided pairs as bytes.


@lru_cache(maxsize=256)
def _pairs_near(board) -> tuple[tuple[int, ...], ...]:
    """For each cell x, the pairs whose local-duplicate check reads a pair of x: those with a cell at x or next
    to it (the check reads the pairs of its two cells and of their neighbours)."""
    cell_pairs, pairs = board.cell_pairs, board.pairs
    near = []
    for x in range(len(cell_pairs)):
        cells = {x}
        for r in cell_pairs[x]:
            cells.update(pairs[r])
        near.append(tuple(sorted({r for c in cells for r in cell_pairs[c]})))
    return tuple(near)


def local_duplicate(s: SolvingState) -> Deduction | None:
    """Local duplicate: the first deduction of :func:`iter_local_duplicate` (the reasoning and its cost are told
    there), or None."""
    return _first_local_duplicate(s, False)


def _first_local_duplicate(s: SolvingState, wide: bool) -> Deduction | None:
    """The lowest pair's local duplicate (in the ``wide`` form or not), by a remembered scan: the driver loop asks
    again after every deduction, and most pairs' surroundings have not changed since."""
    live = _LiveEnds(s)
    pa, pb = s.tables.pair_a, s.tables.pair_b
    near = _pairs_near(s.puzzle.board)
    return lowest_by_remembered_scan(
        s,
        WIDE_LOCAL_DUPLICATE if wide else LOCAL_DUPLICATE,
        s.tables.n_pairs,
        lambda q: _local_duplicate_at(s, q, live, wide) if s.pair_states[q] == UNDECIDED else None,
        lambda r: near[pa[r]] + near[pb[r]],
    )


