"""Forcing chains: a chain of two-way cells, each forcing the next, whose two ends cannot both
hold (and its wide form). The reasoning and cost are in :func:`iter_forcing_chain`.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa.deductions.grades import Technique
from dominosa.deductions.scanning import other_cell
from dominosa.deductions.sentences import Names, Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState

__all__ = ["iter_forcing_chain", "forcing_chain", "iter_wide_forcing_chain", "wide_forcing_chain"]

FORCING_CHAIN = Technique.FORCING_CHAIN
WIDE_FORCING_CHAIN = Technique.WIDE_FORCING_CHAIN


def iter_forcing_chain(s: SolvingState, *, wide: bool = False) -> Iterator[Deduction]:
    """Forcing chains. Cells with exactly two pairs left link into chains that can only go one of two ways.

    Along a run of such cells, each is covered by the pair on one side or the other, and covering one decides
    the next: the pairs along the chain are joined alternately, one way or the other. A way is impossible, and
    the other forced, if it would use the same domino twice, or leave some cell with no pair at all: a cell
    next to it, or any cell anywhere whose every pair shows a domino that way uses. And a domino that has a
    place on each way is used by the chain, whichever way it goes: its places off the chain are ruled out.

    A way that would use a domino twice, or use up every domino of a cell touching none of its pairs' other
    ends, and a domino on both ways: that is what Simon Tatham's solver sees at his Extreme level. A way that
    would cover a cell twice (both ends of the chain at one cell) or leave a cell next to it with no pair is
    beyond every level of his solver: with ``wide`` only those ways are yielded, as
    :attr:`~dominosa.deductions.grades.Technique.WIDE_FORCING_CHAIN`, a fiendish technique.

    Notes
    -----
    Each chain is walked once; each way is checked against the cells around it and against every open cell
    (by the dominoes it shows): O(cells) a chain, O(cells * pairs) in all.
    """
    t, pair_states = s.tables, s.pair_states
    pd = t.pair_domino
    two = [not s.covered[x] and s.cell_live[x] == 2 for x in range(t.n_cells)]
    done = [False] * t.n_cells
    shows: _Shows | None = None  # what each open cell's pairs show, when first needed
    for start in range(t.n_cells):
        if not two[start] or done[start]:
            continue
        chain_cells, chain_pairs = _walk_chain(s, start, two)
        for x in chain_cells:
            done[x] = True
        if len(chain_pairs) < 2:
            continue
        sides = (chain_pairs[0::2], chain_pairs[1::2])
        words = (Names(s.pair_label(q) for q in sides[0]), Names(s.pair_label(q) for q in sides[1]))
        cells = Names(s.cell_name(x) for x in chain_cells)
        forced = False
        for k, side in enumerate(sides):
            why = _side_impossible(s, side, wide)
            if why is None and not wide:
                if shows is None:
                    shows = _Shows(s)
                why = _side_starves(s, side, shows)
            if why is None or not sides[1 - k]:
                continue
            other = sides[1 - k]
            yield Deduction(
                rule=WIDE_FORCING_CHAIN if wide else FORCING_CHAIN,
                joins=tuple(other),
                splits=tuple(side),
                cells=tuple(chain_cells),
                domino=pd[other[0]],
                reason=Sentence(
                    "The cells {cells} each have two remaining pairs, so either {first} or {second} are joined. The "
                    "first way {why}, so the second holds.",
                    cells=cells, first=words[k], second=words[1 - k], why=why,
                ),
            )
            forced = True
            break
        if forced or wide:
            continue
        on_both = sorted({pd[q] for q in sides[0]} & {pd[q] for q in sides[1]})
        for d in on_both:
            away = tuple(q for q in t.placements[d] if pair_states[q] == UNDECIDED and q not in chain_pairs)
            if away:
                yield Deduction(
                    rule=FORCING_CHAIN,
                    splits=away,
                    cells=tuple(chain_cells),
                    domino=d,
                    reason=Sentence(
                        "The cells {cells} each have two remaining pairs, so either {first} or {second} are joined; "
                        "the {domino} is on both ways, so it lies on the chain: {pairs} is ruled out.",
                        "The cells {cells} each have two remaining pairs, so either {first} or {second} are joined; "
                        "the {domino} is on both ways, so it lies on the chain: {pairs} are ruled out.",
                        len(away),
                        cells=cells, first=words[0], second=words[1], domino=s.domino_label(d),
                        pairs=Names(s.pair_label(q) for q in away),
                    ),
                )


class _Shows:
    """The dominoes each open cell's undecided pairs show, and the open cells showing each domino."""

    __slots__ = ("dominoes", "cells_showing", "empty")

    def __init__(self, s: SolvingState) -> None:
        t, pair_states, covered = s.tables, s.pair_states, s.covered
        pd = t.pair_domino
        self.dominoes: dict[int, set[int]] = {}
        self.cells_showing: dict[int, list[int]] = {}
        for x in range(t.n_cells):
            if not covered[x]:
                shown = {pd[q] for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED}
                self.dominoes[x] = shown
                for d in shown:
                    self.cells_showing.setdefault(d, []).append(x)
        self.empty = [x for x, shown in self.dominoes.items() if not shown]


def _side_starves(s: SolvingState, side: list[int], shows: _Shows) -> Sentence | None:
    """Why joining ``side`` would leave a cell off the chain with no domino it can take, or None."""
    t = s.tables
    used = {t.pair_domino[q] for q in side}
    covered = {x for q in side for x in (t.pair_a[q], t.pair_b[q])}
    # Only a cell showing a domino the side uses can be left with none (or one showing none at all): the lowest.
    candidates = set(shows.empty)
    for d in used:
        candidates.update(shows.cells_showing.get(d, ()))
    for y in sorted(candidates):
        if y not in covered and shows.dominoes[y] <= used:
            return Sentence("would use up every domino {cell} could take", cell=s.cell_label(y))
    return None


def _walk_chain(s: SolvingState, start: int, two: list[bool]) -> tuple[list[int], list[int]]:
    """The chain through ``start``: its two-pair cells in order, and its pairs in order (ends included).

    Every cell of the chain sits between two consecutive pairs of the list. A chain that closes into a loop
    lists each of its pairs once.
    """
    t, pair_states = s.tables, s.pair_states

    def walk(first: int) -> tuple[list[int], list[int], bool]:
        cells: list[int] = []
        pairs = [first]
        came, x = first, other_cell(s, first, start)
        while two[x] and x != start:
            cells.append(x)
            came = next(q for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED and q != came)
            pairs.append(came)
            x = other_cell(s, came, x)
        return cells, pairs, x == start

    first, second = (q for q in t.cell_pairs[start] if pair_states[q] == UNDECIDED)
    cells_a, pairs_a, loop = walk(first)
    if loop:
        return [start] + cells_a, pairs_a
    cells_b, pairs_b, _ = walk(second)
    return list(reversed(cells_b)) + [start] + cells_a, list(reversed(pairs_b)) + pairs_a


def _side_impossible(s: SolvingState, side: list[int], wide: bool = False) -> Sentence | None:
    """Why joining all of ``side`` at once cannot be, or None if it could: a domino used twice; with ``wide``
    (and only then) a cell covered twice or a cell next to it left with no pair."""
    t, pair_states = s.tables, s.pair_states
    pd = t.pair_domino
    seen: dict[int, int] = {}
    covered: set[int] = set()
    for q in side:
        d = pd[q]
        if d in seen:
            if wide:
                return None  # the narrow form's
            return Sentence("would use the {domino} twice ({first} and {second})", domino=s.domino_label(d),
                            first=s.pair_label(seen[d]), second=s.pair_label(q))
        seen[d] = q
        if not wide:
            continue
        for x in (t.pair_a[q], t.pair_b[q]):
            if x in covered:
                return Sentence("would cover {cell} twice", cell=s.cell_label(x))
            covered.add(x)
    used = set(seen)
    around: set[int] = set()
    for x in covered:
        for q in t.cell_pairs[x]:
            if pair_states[q] == UNDECIDED:
                around.add(other_cell(s, q, x))
    for y in sorted(around - covered):
        if not any(
            pair_states[q] == UNDECIDED and pd[q] not in used and other_cell(s, q, y) not in covered
            for q in t.cell_pairs[y]
        ):
            return Sentence("would leave {cell} with no pair", cell=s.cell_label(y))
    return None


def forcing_chain(s: SolvingState) -> Deduction | None:
    """Forcing chains: the first deduction of :func:`iter_forcing_chain` (the reasoning and its cost are told
    there), or None."""
    return next(iter_forcing_chain(s), None)


def iter_wide_forcing_chain(s: SolvingState) -> Iterator[Deduction]:
    """Forcing chains in their wide form (see :func:`iter_forcing_chain`)."""
    return iter_forcing_chain(s, wide=True)


def wide_forcing_chain(s: SolvingState) -> Deduction | None:
    """The first deduction of :func:`iter_wide_forcing_chain`, or None."""
    return next(iter_wide_forcing_chain(s), None)
