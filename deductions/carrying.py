"""A deduction path found on a puzzle's canonical form, carried back to the puzzle as it was given.

The state graph's search breaks its ties in the order it meets cells, pairs and dominoes: which lonely cell it
follows first, which of two positions of equal cost it expands first, where it guesses, where it completes a path
once its budget is spent. That order is the cell numbering, so a puzzle turned, mirrored or with its numbers
renamed would be searched another way and could be given another path, cost and score, though it is the same
puzzle to a solver. The search therefore runs on the canonical form (:func:`~dominosa.canonical.canonical_image`),
the same puzzle for every copy, and its path is carried back here: each step's pairs and cells renamed to the
given puzzle's, and, where the caller reads sentences, each deduction made again by the given puzzle's own
engine at the same place, so that its sentence names the given puzzle's cells and numbers.
"""

from __future__ import annotations

from dominosa.deductions import rules
from dominosa.deductions.driver import settle
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
        self.puzzle = puzzle
        self.rank = cells
        self.cells = [0] * len(cells)  # by the canonical form's cell index, the given puzzle's
        for x, y in enumerate(cells):
            self.cells[y] = x
        board, pair_of = image.board, puzzle.board.pair_of
        given = puzzle.board.cells
        self.pairs = []  # by the canonical form's pair index, the given puzzle's
        index = board.index
        for q in range(len(board.pairs)):
            a, b = board.pair_cells(q)
            p = pair_of(given[self.cells[index[a]]], given[self.cells[index[b]]])
            assert p is not None  # a symmetry maps neighbours to neighbours
            self.pairs.append(p)

    def renamed(self, d: Deduction) -> Deduction:
        """A step's rule, pairs and cells in the given puzzle's numbering (no sentence: what the score and the
        rating's counts read)."""
        pairs, cells = self.pairs, self.cells
        return Deduction(
            rule=d.rule,
            joins=tuple(pairs[q] for q in d.joins),
            splits=tuple(pairs[q] for q in d.splits),
            quiet_splits=tuple(pairs[q] for q in d.quiet_splits),
            cells=tuple(cells[x] for x in d.cells),
            effort=d.effort,
        )

    def made_again(self, steps: list[Deduction], start: SolvingState | None) -> list[Deduction]:
        """The steps made again by the given puzzle's engine, stepping along them from its settled start
        (``start``, or made here): the same rules and pairs, the given puzzle's sentences."""
        if start is None:
            state = SolvingState(self.puzzle)
            settle(state)
        else:
            state = start.copy()
        made = []
        for step in steps:
            found = _found_again(state, self.renamed(step), self.rank)
            state.apply(found)
            settle(state)
            made.append(found)
        return made


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
    finder = ALL_FINDERS.get(technique)
    candidates = finder(state) if finder is not None else [FINDERS[technique](state)]
    for found in candidates:
        if found is not None and _effect(found) == effect:
            return found
    raise AssertionError(f"no {technique.label} at the carried place: {wanted}")  # pragma: no cover


def _effect(d: Deduction) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a deduction decides: the pairs it joins and those it splits (quietly or not), as sets."""
    return tuple(sorted(d.joins)), tuple(sorted(set(d.splits) | set(d.quiet_splits)))
