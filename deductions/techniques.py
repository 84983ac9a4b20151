"""Each technique's functions: the one that finds its first deduction in a position, and the one that finds all.

The table of grades (:mod:`~dominosa.deductions.grades`) says what each technique is: its name, level and cost.
This module says where its code is, in :mod:`~dominosa.deductions.rules` and the modules of the techniques
beyond the rules, one a family (:mod:`~dominosa.deductions.parity` to
:mod:`~dominosa.deductions.short_contradiction`). The two are apart so that imports point one way: the rules and the
deductions they make know the table (a deduction carries its technique), and the table knows none of them.
The driver (:mod:`~dominosa.deductions.driver`, both its modes) and the state graph look the functions up
here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from dominosa.deductions import (
    forcing_chains,
    local_duplicate,
    must_overlap,
    parity,
    rules,
    set_analysis,
    short_contradiction,
)
from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction, SolvingState

__all__ = ["ALL_FINDERS", "FINDERS", "Finder", "AllFinder", "technique_of"]

Finder = Callable[[SolvingState], "Deduction | None"]
"""A technique's first deduction in a position, or None."""

AllFinder = Callable[[SolvingState], Iterable[Deduction]]
"""A technique's deductions in a position, all of them (the state graph's edges, the level-only closures): a
generator here, a list from some of the closure mode's bulk finders (:mod:`~dominosa.deductions.levels`)."""


def _every_same_neighbours(s: SolvingState) -> Iterator[Deduction]:
    for x in range(s.tables.n_cells):
        found = rules.same_neighbours_at(s, x)
        if found is not None:
            yield found


def _every_shared_cell(s: SolvingState) -> Iterator[Deduction]:
    for d in range(s.tables.n_dominoes):
        found = rules.shared_cell_of(s, d)
        if found is not None:
            yield found


def _every_unique_placement(s: SolvingState) -> Iterator[Deduction]:
    for d in sorted(s.lonely_dominoes):
        yield rules.unique_placement_of(s, d)


FINDERS: dict[Technique, Finder] = {
    Technique.SINGLE_NEIGHBOUR: rules.single_neighbour,
    Technique.JOIN_CONSEQUENCES: rules.join_consequences,
    Technique.SPLIT_CONSEQUENCES: rules.split_consequences,
    Technique.UNIQUE_PLACEMENT: rules.unique_placement,
    Technique.ALL_SAME_NEIGHBOURS: rules.all_same_neighbours,
    Technique.SHARED_CELL: rules.shared_cell,
    Technique.MUST_OVERLAP: must_overlap.must_overlap,
    Technique.LOCAL_DUPLICATE: local_duplicate.local_duplicate,
    Technique.PARITY: parity.parity,
    Technique.SET_ANALYSIS: set_analysis.set_analysis,
    Technique.DOUBLES_SET_ANALYSIS: set_analysis.doubles_set_analysis,
    Technique.FORCING_CHAIN: forcing_chains.forcing_chain,
    Technique.CUT_PARITY: parity.cut_parity,
    Technique.WIDE_LOCAL_DUPLICATE: local_duplicate.wide_local_duplicate,
    Technique.WIDE_FORCING_CHAIN: forcing_chains.wide_forcing_chain,
    Technique.SHORT_CONTRADICTION: short_contradiction.short_contradiction,
    Technique.GUESS: rules.guess,
}
"""Every technique's function returning its first deduction in a position, or None."""

ALL_FINDERS: dict[Technique, AllFinder] = {
    Technique.UNIQUE_PLACEMENT: _every_unique_placement,
    Technique.ALL_SAME_NEIGHBOURS: _every_same_neighbours,
    Technique.SHARED_CELL: _every_shared_cell,
    Technique.MUST_OVERLAP: must_overlap.iter_must_overlap,
    Technique.LOCAL_DUPLICATE: local_duplicate.iter_local_duplicate,
    Technique.PARITY: parity.iter_parity,
    Technique.SET_ANALYSIS: set_analysis.iter_set_analysis,
    Technique.DOUBLES_SET_ANALYSIS: set_analysis.iter_doubles_set_analysis,
    Technique.FORCING_CHAIN: forcing_chains.iter_forcing_chain,
    Technique.CUT_PARITY: parity.iter_cut_parity,
    Technique.WIDE_LOCAL_DUPLICATE: local_duplicate.iter_wide_local_duplicate,
    Technique.WIDE_FORCING_CHAIN: forcing_chains.iter_wide_forcing_chain,
    Technique.SHORT_CONTRADICTION: short_contradiction.iter_short_contradiction,
}
"""The function yielding all of a technique's deductions in a position, for every technique but those the state
graph handles itself: rule 1 (asked first, alone), the bookkeeping (drawn as each position settles) and guessing."""


def technique_of(deduction: Deduction) -> Technique:
    """The technique that made a deduction."""
    return Technique(deduction.rule)
