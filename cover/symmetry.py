"""Solutions up to symmetry: each class of equivalent solutions found once, and a canonical form to compare them.

The 6x10 pentomino box has 9356 tilings, but turning the box over or round gives four of each, so there are
2339 that differ in an interesting way. Finding all 9356 and keeping one of every four wastes three quarters of
the search. The classic remedy (Knuth, "Dancing links", 2000) is to restrict one piece: the X pentomino may
only lie in one quarter of the box. This module does that for any exact cover problem and any symmetry group:

1. A symmetry is a permutation of the columns that maps every row onto a row (an automorphism of the problem).
   :class:`SymmetryGroup` keeps those of the candidates it is offered that are automorphisms (offer it the
   eight symmetries of the square and it keeps the ones the board and pieces allow) and turns each into a
   permutation of rows.
2. :meth:`SymmetryGroup.reduction` picks a *pivot*: a primary column every symmetry leaves in place (a piece),
   so every solution uses exactly one of its rows. The group acts on those rows; one row of each orbit is kept
   and the others are forbidden. Every class of solutions then still has a member in the search, and when the
   kept row is moved by every symmetry but the identity (its *stabiliser* is trivial), exactly one.
3. When a kept row is fixed by some symmetries (the X pentomino on a centre line of an odd box), the solutions
   through it come in small groups under that stabiliser; :meth:`Reduction.keep` keeps the least of each group
   (in the canonical order of sorted row indices). The pivot is chosen to make this rare: fewest kept rows with
   a non-trivial stabiliser, then fewest kept rows.

The count is then exactly the number of classes (orbits) of solutions, whatever the symmetries of the
solutions themselves. :meth:`SymmetryGroup.canonical` gives every solution of a class the same form, which is
what tests and users need to compare two lists of solutions.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass

from dominosa.cover.exact_cover import ExactCover

__all__ = ["SymmetryGroup", "Reduction"]

Solution = tuple[int, ...]


class SymmetryGroup:
    """The symmetries of an exact cover problem among given candidates, as permutations of its rows.

    Parameters
    ----------
    problem : ExactCover
    candidates : iterable of callables
        Each maps a column name to a column name. Offer a whole group (the eight symmetries of the square,
        say); those that are automorphisms of the problem form a subgroup, which is what is kept. The identity
        is always kept. A candidate that maps a column outside the problem, a row onto no row, or the forced
        rows onto other rows, is dropped.

    Raises
    ------
    ValueError : the symmetries kept are not closed under composition (the candidates were not a group).

    Attributes
    ----------
    row_maps : tuple of tuples
        ``row_maps[g][i]`` is the row symmetry ``g`` maps row ``i`` to; ``row_maps[0]`` is the identity.
    column_maps : tuple of tuples
        The same for column positions.
    """

    __slots__ = ("problem", "row_maps", "column_maps")

    def __init__(self, problem: ExactCover, candidates: Iterable[Callable[[Hashable], Hashable]] = ()) -> None:
        columns = problem.columns
        position = {name: k for k, name in enumerate(columns)}
        # Rows by their set of columns; equal rows are told apart by their rank among equals, so a symmetry
        # maps the k-th copy of a row to the k-th copy of its image and stays a permutation.
        copies: dict[frozenset[int], list[int]] = {}
        rank = []
        for i, cols in enumerate(problem.row_columns):
            same = copies.setdefault(frozenset(cols), [])
            rank.append(len(same))
            same.append(i)
        forced = set(problem.forced)
        identity_columns = tuple(range(len(columns)))
        identity_rows = tuple(range(len(problem.row_columns)))
        column_maps = [identity_columns]
        row_maps = [identity_rows]
        for candidate in candidates:
            mapped = tuple(position.get(candidate(name), -1) for name in columns)
            if -1 in mapped or sorted(mapped) != list(identity_columns):
                continue
            if any((k < problem.n_primary) != (mapped[k] < problem.n_primary) for k in identity_columns):
                continue  # a symmetry keeps primary columns primary
            rows = []
            for i, cols in enumerate(problem.row_columns):
                images = copies.get(frozenset(mapped[k] for k in cols))
                if images is None or len(images) <= rank[i]:
                    break
                rows.append(images[rank[i]])
            else:
                if {rows[i] for i in forced} != forced:
                    continue  # the rows forced into every solution must stay where they are
                if tuple(rows) not in row_maps:
                    column_maps.append(mapped)
                    row_maps.append(tuple(rows))
        _check_group(row_maps)
        self.problem = problem
        self.column_maps: tuple[tuple[int, ...], ...] = tuple(column_maps)
        self.row_maps: tuple[tuple[int, ...], ...] = tuple(row_maps)

    def __len__(self) -> int:
        return len(self.row_maps)

    def image(self, g: int, solution: Iterable[int]) -> Solution:
        """The solution moved by symmetry ``g``, as sorted row indices."""
        row_map = self.row_maps[g]
        return tuple(sorted(row_map[i] for i in solution))

    def orbit(self, solution: Iterable[int]) -> set[Solution]:
        """Every solution equivalent to this one (itself included)."""
        solution = tuple(solution)
        return {self.image(g, solution) for g in range(len(self))}

    def canonical(self, solution: Iterable[int]) -> Solution:
        """The least member of the solution's orbit: equal for two solutions exactly when they are equivalent."""
        return min(self.orbit(solution))

    def reduction(self) -> Reduction:
        """Rows to forbid and a final filter so that a search finds each class of solutions exactly once.

        Returns
        -------
        Reduction
            With the trivial group, or when no primary column is fixed by every symmetry (then nothing safe can
            be forbidden), a reduction that forbids nothing and keeps every solution only when it is canonical.
        """
        if len(self) == 1:
            return Reduction(self, None, frozenset(), {})
        problem = self.problem
        fixed = [k for k in range(problem.n_primary) if all(column_map[k] == k for column_map in self.column_maps)]
        rows_of: dict[int, list[int]] = {k: [] for k in fixed}
        for i, cols in enumerate(problem.row_columns):
            for k in cols:
                if k in rows_of:
                    rows_of[k].append(i)
        best: tuple[tuple[int, int], int, frozenset[int], dict[int, tuple[int, ...]]] | None = None
        for k in fixed:
            rows = rows_of[k]
            kept: dict[int, tuple[int, ...]] = {}
            forbidden: set[int] = set()
            seen: set[int] = set()
            for i in rows:
                if i in seen:
                    continue
                images = [row_map[i] for row_map in self.row_maps]
                seen.update(images)
                forbidden.update(j for j in images if j != i)
                kept[i] = tuple(g for g, j in enumerate(images) if j == i)
            cost = (sum(1 for stabiliser in kept.values() if len(stabiliser) > 1), len(kept))
            if best is None or cost < best[0]:
                best = (cost, k, frozenset(forbidden), kept)
        if best is None:
            return Reduction(self, None, frozenset(), {})
        _, pivot, forbidden, kept = best
        return Reduction(self, pivot, forbidden, kept)


@dataclass(frozen=True)
class Reduction:
    """How to search for one solution per class: forbid ``forbidden``, then :meth:`keep` what the search finds.

    ``pivot`` is the column whose rows were reduced (None if none could be); ``stabilisers`` maps each kept row of
    the pivot to the symmetries that fix it.
    """

    group: SymmetryGroup
    pivot: int | None
    forbidden: frozenset[int]
    stabilisers: dict[int, tuple[int, ...]]

    def keep(self, solution: Solution) -> bool:
        """True for exactly one solution of each class among those a search with :attr:`forbidden` finds."""
        if self.pivot is None:
            return len(self.group) == 1 or solution == self.group.canonical(solution)
        row = next(i for i in solution if i in self.stabilisers)
        stabiliser = self.stabilisers[row]
        if len(stabiliser) == 1:
            return True
        return all(solution <= self.group.image(g, solution) for g in stabiliser)

    def filter(self, solutions: Iterable[Solution]) -> Iterator[Solution]:
        """The solutions :meth:`keep` keeps, lazily."""
        return (solution for solution in solutions if self.keep(solution))


def _check_group(row_maps: list[tuple[int, ...]]) -> None:
    """``ValueError`` unless the kept symmetries are closed under composition (they are whenever the candidates
    offered form a group; a partial list could make the reduction drop solutions)."""
    kept = set(row_maps)
    for f in row_maps:
        for g in row_maps:
            if tuple(f[i] for i in g) not in kept:
                raise ValueError("the symmetries offered do not form a group: offer all of them (the 8 of the square)")
