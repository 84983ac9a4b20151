"""Every short contradiction of a position as one step: a big board's rating asks this instead of the first.

The step finder (:func:`~dominosa.deductions.short_contradiction.short_contradiction`) probes the undecided pairs,
the most constrained cells first, until one is refuted, and the step run asks it again after every deduction: on an
order-40 board a hundred short contradictions took some 35,000 probes, half of a rating (issue 45). Here one pass
over the position's pairs collects every pair whose joining meets a contradiction by rules 1-6 alone, each in the
position as it is (none split before the next is tried, so each is a short contradiction of that position, as a
person would find it), and the step splits them all. The consistent fixed points met are kept in the state's memo,
as the step finder keeps its own, and vouch for the pairs they join (:class:`~dominosa.deductions.probe.PairProbe`).
"""

from __future__ import annotations

from dominosa.deductions.grades import Technique
from dominosa.deductions.probe import PairProbe
from dominosa.deductions.sentences import Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState

__all__ = ["every_short_contradiction"]


def every_short_contradiction(s: SolvingState) -> Deduction | None:
    """The position's short contradictions as one deduction splitting every refuted pair, or None.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.counting import count_solution_pairs
    >>> puzzle = read_puzzle("3:22223101012330103310")
    >>> found = every_short_contradiction(SolvingState(puzzle))  # at the start, before rules 1-6 are drawn
    >>> _, (solution,) = count_solution_pairs(puzzle, 2)
    >>> str(found.reason), any(q in solution for q in found.splits)
    ('21 placements lead by the simple rules alone to a contradiction.', False)
    """
    t, pair_states, covered = s.tables, s.pair_states, s.covered
    fixed_points: list[tuple[int, int]] = s.memo.setdefault(_CONSISTENT_SUPPOSITIONS, [])
    suppose = PairProbe.at(t, s.joined_pairs(), s.split_pairs(), fixed_points)
    refuted: list[int] = []
    for q in range(len(pair_states)):  # the step finder's pairs: undecided, with a cell not covered
        open_cell = not covered[t.pair_a[q]] or not covered[t.pair_b[q]]
        if pair_states[q] == UNDECIDED and open_cell and suppose.refutes(q):
            refuted.append(q)
    if not refuted:
        return None
    cells = sorted({x for q in refuted for x in (t.pair_a[q], t.pair_b[q])})
    return Deduction(
        rule=int(Technique.SHORT_CONTRADICTION),
        splits=tuple(refuted),
        cells=tuple(cells),
        reason=Sentence("{n} placements lead by the simple rules alone to a contradiction.",  # the closure's words
                        "{n} placements lead by the simple rules alone to a contradiction.",
                        len(refuted), n=len(refuted)),
    )


_CONSISTENT_SUPPOSITIONS = "every short contradiction: consistent fixed points"
