"""A deduction path found on a puzzle's canonical form, carried back to the puzzle as it was given.

The state graph's search breaks its ties in the order it meets cells, pairs and dominoes: which lonely cell it
follows first, which of two positions of equal cost it expands first, where it guesses, where it completes a path
once its budget is spent. That order is the cell numbering, so a puzzle turned, mirrored or with its numbers
renamed would be searched another way and could be given another path, cost and score, though it is the same
puzzle to a solver. The search therefore runs on the canonical form (:func:`~dominosa.canonical.canonical_image`),
the same puzzle for every copy, and its path is carried back here: each step's pairs, cells and domino renamed to
the given puzzle's at once, and its sentence, when first read, made by the given puzzle's own engine: the path is
stepped once on the given puzzle and each deduction found again at the same place, so that the sentences name
the given puzzle's cells and numbers. Most readers of a path (the score, the rating's counts, the generator)
read no sentence, and so pay for none.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from dominosa.deductions import must_overlap, rules
from dominosa.deductions.driver import walk
from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction, SolvingState
from dominosa.deductions.techniques import ALL_FINDERS, FINDERS
from dominosa.puzzle import Puzzle

__all__ = ["Carrier"]


class Carrier:
    """How the canonical form's cells and pairs map back to the given puzzle's.

    ``cells`` is, by the given puzzle's cell index, the canonical form's (what
    :func:`~dominosa.canonical.canonical_image` gives).
    """

    def __init__(self, puzzle: Puzzle, image: Puzzle, cells: tuple[int, ...]) -> None:
        self.puzzle, self.image = puzzle, image
        self.rank = cells
        self.cells = [0] * len(cells)  # by the canonical form's cell index, the given puzzle's
        for x, y in enumerate(cells):
            self.cells[y] = x
        self.pairs: dict[int, int] = {}  # by the canonical form's pair index, the given puzzle's: those asked
        self.names: dict[int, int] = {}  # by the canonical form's number, the given puzzle's (made when asked)

    def pair(self, q: int) -> int:
        """The given puzzle's pair that the canonical form's pair ``q`` is (worked out when first asked: a path
        names few of the board's pairs)."""
        p = self.pairs.get(q)
        if p is None:
            a, b = self.image.board.pair_cells(q)
            index, given = self.image.board.index, self.puzzle.board.cells
            found = self.puzzle.board.pair_of(given[self.cells[index[a]]], given[self.cells[index[b]]])
            assert found is not None  # a symmetry maps neighbours to neighbours
            p = self.pairs[q] = found
        return p

    def domino(self, d: int) -> int:
        """The given puzzle's domino (its index in the set) that the canonical form's domino ``d`` is."""
        if not self.names:
            image_numbers = self.image.numbers
            self.names = {image_numbers[y]: v for v, y in zip(self.puzzle.numbers, self.rank, strict=True)}
        a, b = (self.names[v] for v in self.image.dominoes[d])
        return self.puzzle.dominoes.index((a, b) if a <= b else (b, a))

    def renamed(self, d: Deduction, reason: str | Callable[[], str] = "") -> Deduction:
        """A step with its pairs, cells and domino in the given puzzle's numbering, and ``reason`` for its
        sentence."""
        pair, cells = self.pair, self.cells
        return Deduction(
            rule=d.rule,
            joins=tuple(map(pair, d.joins)),
            splits=tuple(map(pair, d.splits)),
            quiet_splits=tuple(map(pair, d.quiet_splits)),
            settles=tuple(map(pair, d.settles)),
            cells=tuple(cells[x] for x in d.cells),
            domino=None if d.domino is None else self.domino(d.domino),
            reason=reason,
            effort=d.effort,
        )

    def carried(self, steps: list[Deduction], start: SolvingState | None, sentences: bool) -> list[Deduction]:
        """The canonical form's steps in the given puzzle's numbering; with ``sentences``, each says its sentence
        when first asked, all of them made then by :meth:`made_again` (most callers read none: the score, the
        rating's counts and the generator read the rules and pairs)."""
        if not sentences:
            return [self.renamed(d) for d in steps]
        words = _Sentences(self, steps, start)
        return [self.renamed(d, partial(words.of, k)) for k, d in enumerate(steps)]

    def made_again(self, steps: list[Deduction], start: SolvingState | None) -> list[Deduction]:
        """The steps made again by the given puzzle's engine, stepping along them from its settled start
        (``start``, or made here), along the replay (:func:`~dominosa.deductions.driver.walk`): the same rules
        and pairs, the given puzzle's sentences."""
        rank = self.rank

        def again(state: SolvingState, step: Deduction) -> Deduction:
            return _found_again(state, self.renamed(step), rank)

        return walk(self.puzzle if start is None else start, steps, again).deductions()


class _Sentences:
    """The sentences of a carried path, made on the first request for any of them."""

    def __init__(self, carrier: Carrier, steps: list[Deduction], start: SolvingState | None) -> None:
        self.carrier: Carrier | None = carrier
        self.steps, self.start = steps, start
        self.said: list[str] = []

    def of(self, k: int) -> str:
        if self.carrier is not None:
            self.said = [d.reason for d in self.carrier.made_again(self.steps, self.start)]  # Sentences kept
            self.carrier, self.steps, self.start = None, [], None  # what they were made from is not kept
        return self.said[k]


def _found_again(state: SolvingState, wanted: Deduction, rank: tuple[int, ...]) -> Deduction:
    """The engine's deduction at ``state`` that does what ``wanted`` does (its technique, its pairs): the trivial
    rules and trial and error asked at the place it names, the other techniques among all they find. ``rank``
    is each cell's index in the canonical form (rule 1 at a pair whose two cells are both lonely names the one the
    canonical form's search named)."""
    technique = Technique(wanted.rule)
    if technique is Technique.SINGLE_NEIGHBOUR:
        q = wanted.joins[0]
        t = state.tables
        lonely = [x for x in (t.pair_a[q], t.pair_b[q]) if x in state.lonely_cells]
        return rules.single_neighbour_at(state, min(lonely, key=rank.__getitem__))  # the canonical form's choice
    if technique is Technique.UNIQUE_PLACEMENT:
        return rules.unique_placement_of(state, state.tables.pair_domino[wanted.joins[0]])
    if technique is Technique.GUESS:
        (q,) = wanted.joins or wanted.splits
        found = rules.guess_at(state, wanted.cells[0], q)
        assert found is not None
        return found
    effect = _effect(wanted)
    at = _AT.get(technique)
    if at is not None:  # the rules that work at one cell or domino, asked there
        found = at(state, wanted.cells[0] if technique is Technique.ALL_SAME_NEIGHBOURS else wanted.domino)
        if found is not None and _effect(found) == effect:
            return found
    finder = ALL_FINDERS.get(technique)
    candidates = finder(state) if finder is not None else [FINDERS[technique](state)]
    for found in candidates:
        if found is not None and _effect(found) == effect:
            return found
    raise AssertionError(f"no {technique.label} at the carried place: {wanted}")  # pragma: no cover


# The techniques asked at the cell (rule 4) or domino (rule 6, must overlap) a deduction names.
_AT = {
    Technique.ALL_SAME_NEIGHBOURS: rules.same_neighbours_at,
    Technique.SHARED_CELL: rules.shared_cell_of,
    Technique.MUST_OVERLAP: must_overlap.must_overlap_of,
}


def _effect(d: Deduction) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a deduction decides: the pairs it joins and those it splits (quietly or not), as sets."""
    return tuple(sorted(d.joins)), tuple(sorted(set(d.splits) | set(d.quiet_splits)))
