"""Exact cover by dancing links: the general problem, and Knuth's Algorithm X to count and list its solutions.

An *exact cover* problem has columns and rows; a row is a set of columns. A solution is a set of rows that
covers every *primary* column exactly once and every *secondary* column at most once. Dominosa is one: the
columns are the cells and the dominoes, and each pair of adjacent cells is a row covering its two cells and the
domino it shows. Tiling, pentomino, sudoku and n-queens puzzles are others.

This package knows nothing of the rule-based engine (:mod:`dominosa.deductions`). That lets the two check each
other: the rules and their guessing search on one side, Algorithm X on Dominosa's encoding
(:mod:`dominosa.cover.dominosa`) on the other, must agree on every count.

The links live in flat lists of integers (``L``, ``R``, ``U``, ``D``, the column ``C`` and the row of each node),
not in node objects, and the search runs on an explicit stack, so a board of a thousand cells searches
five hundred levels deep without touching Python's recursion limit.

References
----------
Donald E. Knuth, "Dancing links", Millennial Perspectives in Computer Science (2000), arXiv:cs/0011047.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import islice
from typing import NamedTuple

__all__ = [
    "CoverCount",
    "ExactCover",
]


class CoverCount(NamedTuple):
    """How many solutions a search found, and whether that is all of them.

    ``complete`` is False when the search stopped at its limit: there are at least ``count`` solutions.
    """

    count: int
    complete: bool


class ExactCover:
    """An exact cover problem, ready to be searched any number of times.

    Parameters
    ----------
    primary : sequence of hashable
        The columns every solution covers exactly once.
    rows : sequence of iterables of column names
        Row ``i`` covers the columns it lists; solutions are reported as row indices into this sequence.
    secondary : sequence of hashable, optional
        The columns every solution covers at most once (the diagonals of n-queens, say).
    forced : iterable of int, optional
        Rows that belong to every solution, such as the clues of a puzzle. Each search may force more.

    Raises
    ------
    ValueError
        If a column name is given twice, a row names an unknown column or names a column twice, or a forced
        row is out of range.

    Notes
    -----
    Building costs O(columns + total row size). The links are built once; every search works on its own
    copy of them (a few flat list copies, cheap next to any search), so searches are independent: one may be
    abandoned half-way, or run interleaved with another, without corrupting the problem.

    A row with no primary column is never chosen (Algorithm X only branches on primary columns), as in
    Knuth's formulation.

    The static problem is kept beside the links as :attr:`columns` and :attr:`row_columns` (column positions
    per row), which is all another search backend needs: a bitmask search for small problems, or one that
    skips rows equivalent under the symmetries of a polyomino board, can be added next to :meth:`solutions`
    without changing callers.

    Examples
    --------
    Knuth's example from "Dancing links" has exactly one solution:

    >>> problem = ExactCover("ABCDEFG", ["CEF", "ADG", "BCF", "AD", "BG", "DEG"])
    >>> problem.first()
    (0, 3, 4)
    >>> problem.count()
    1
    """

    __slots__ = (
        "columns",
        "n_primary",
        "row_columns",
        "forced",
        "_L",
        "_R",
        "_U",
        "_D",
        "_C",
        "_S",
        "_row_of",
        "_row_node",
    )

    def __init__(
        self,
        primary: Sequence[Hashable],
        rows: Sequence[Iterable[Hashable]],
        secondary: Sequence[Hashable] = (),
        *,
        forced: Iterable[int] = (),
    ) -> None:
        columns = tuple(primary) + tuple(secondary)
        position: dict[Hashable, int] = {}
        for k, name in enumerate(columns):
            if name in position:
                raise ValueError(f"column {name!r} is given twice")
            position[name] = k
        row_columns = []
        for i, row in enumerate(rows):
            cols = []
            for name in row:
                k = position.get(name)
                if k is None:
                    raise ValueError(f"row {i} names column {name!r}, which is not a column of the problem")
                cols.append(k)
            if len(set(cols)) != len(cols):
                raise ValueError(f"row {i} names a column twice")
            row_columns.append(tuple(cols))
        self._setup(columns, len(primary), tuple(row_columns), forced)

    def _setup(
        self,
        columns: tuple[Hashable, ...],
        n_primary: int,
        row_columns: tuple[tuple[int, ...], ...],
        forced: Iterable[int],
    ) -> None:
        """Keep the problem by column positions and build the links; subclasses that build rows from positions
        directly (a Dominosa puzzle, thousands of times in a test run) call this and skip the name lookups."""
        self.columns: tuple[Hashable, ...] = columns
        self.n_primary: int = n_primary
        self.row_columns: tuple[tuple[int, ...], ...] = row_columns
        self.forced: tuple[int, ...] = self.checked_rows(forced, "forced")
        self._link()

    def _link(self) -> None:
        """Build the dancing links: node 0 is the root, nodes 1..columns the headers, then the rows' nodes."""
        n_cols, n_primary = len(self.columns), self.n_primary
        # Header h = column k + 1. Primary headers form a circle through the root; secondary ones link to
        # themselves, so covering them never takes them out of the branching list (they are not in it).
        L = [h - 1 for h in range(n_cols + 1)]
        R = [h + 1 for h in range(n_cols + 1)]
        L[0], R[n_primary] = n_primary, 0
        for h in range(n_primary + 1, n_cols + 1):
            L[h] = R[h] = h
        U = list(range(n_cols + 1))
        D = list(range(n_cols + 1))
        C = list(range(n_cols + 1))
        S = [0] * (n_cols + 1)
        row_of = [-1] * (n_cols + 1)
        row_node = []
        for i, cols in enumerate(self.row_columns):
            first, size = len(C), len(cols)
            row_node.append(first if size else -1)
            for j, k in enumerate(cols):
                node, h = first + j, k + 1
                L.append(node - 1 if j else first + size - 1)
                R.append(node + 1 if j < size - 1 else first)
                last = U[h]
                U.append(last)
                D.append(h)
                D[last] = node
                U[h] = node
                C.append(h)
                S[h] += 1
                row_of.append(i)
        self._L, self._R, self._U, self._D, self._C, self._S = L, R, U, D, C, S
        self._row_of = row_of
        self._row_node = row_node

    def checked_rows(self, rows: Iterable[int], what: str) -> tuple[int, ...]:
        """The rows as a sorted tuple without repeats; ``ValueError`` naming ``what`` for one out of range."""
        out = sorted(set(rows))
        for i in out:
            if not 0 <= i < len(self.row_columns):
                raise ValueError(f"{what} row {i} is out of range (the problem has {len(self.row_columns)} rows)")
        return tuple(out)

    # -- searching ----------------------------------------------------------------------------------------------

    def solutions(self, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> Iterator[tuple[int, ...]]:
        """Every solution, as sorted tuples of row indices, forced rows included.

        Parameters
        ----------
        forced : iterable of int
            Rows every solution must contain, on top of those forced when the problem was built.
        forbidden : iterable of int
            Rows no solution may contain.

        Returns
        -------
        iterator of tuple of int
            The solutions, lazily, in search order. A row both forced and forbidden, or two forced rows that
            share a column, give no solutions.

        Notes
        -----
        Knuth's Algorithm X with dancing links, branching on the primary column with fewest rows left (his
        *S heuristic*; a column with none left is a dead end, one with a single row is forced). Each step
        costs time proportional to the rows it unlinks; memory is O(nodes) for the links and O(depth) for the
        explicit stack. Starting a search copies the links, O(nodes).
        """
        forced_rows = tuple(sorted(set(self.forced) | set(self.checked_rows(forced, "forced"))))
        chosen_nodes = self._search(forced_rows, self.checked_rows(forbidden, "forbidden"))
        row_of = self._row_of
        for nodes in chosen_nodes:
            yield tuple(sorted(forced_rows + tuple(row_of[n] for n in nodes)))

    def first(self, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> tuple[int, ...] | None:
        """The first solution found (sorted row indices), or None if there is none.

        Parameters
        ----------
        forced, forbidden : iterable of int
            As for :meth:`solutions`.

        Returns
        -------
        tuple of int or None

        Notes
        -----
        Stops at the first solution: as fast as the search gets lucky, exponential in the worst case.
        """
        return next(self.solutions(forced, forbidden), None)

    def count(self, limit: int | None = None, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> int:
        """How many solutions there are, counting no further than ``limit``.

        Parameters
        ----------
        limit : int or None
            Stop as soon as this many are found; ``limit=2`` decides uniqueness. None counts them all.
        forced, forbidden : iterable of int
            As for :meth:`solutions`.

        Returns
        -------
        int
            The number of solutions, or ``limit`` if there are at least that many.

        Notes
        -----
        Same search as :meth:`solutions` without building the solutions. Use :meth:`tally` to learn whether
        the count is complete.
        """
        return self.tally(limit, forced, forbidden).count

    def tally(self, limit: int | None = None, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> CoverCount:
        """Count the solutions up to ``limit`` and say whether the count is complete.

        Parameters
        ----------
        limit : int or None
            Stop as soon as this many are found. None counts them all.
        forced, forbidden : iterable of int
            As for :meth:`solutions`.

        Returns
        -------
        CoverCount
            ``(count, complete)``. ``complete`` is False exactly when the search stopped at the limit, so
            there may be more: a limit is never reported as an exact count.

        Raises
        ------
        ValueError
            If ``limit`` is negative.

        Notes
        -----
        Exponential in the worst case, like any exact cover search; stopping at a small limit is what makes
        uniqueness checks cheap on puzzles with many solutions.
        """
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, not {limit}")
        forced_rows = tuple(sorted(set(self.forced) | set(self.checked_rows(forced, "forced"))))
        search = self._search(forced_rows, self.checked_rows(forbidden, "forbidden"))
        if limit is not None:
            search = islice(search, limit)
        found = sum(1 for _ in search)
        return CoverCount(found, limit is None or found < limit)

    def _contradictory(self, forced: tuple[int, ...], forbidden: tuple[int, ...]) -> bool:
        """Whether no cover can exist, seen before searching: a row both forced and forbidden, or two forced rows
        that share a column."""
        if set(forced) & set(forbidden):
            return True
        used: set[int] = set()
        for i in forced:
            if used.intersection(self.row_columns[i]):
                return True
            used.update(self.row_columns[i])
        return False

    def _search(self, forced: tuple[int, ...], forbidden: tuple[int, ...]) -> Iterator[list[int]]:
        """Algorithm X on a private copy of the links; yields the live list of chosen nodes (copy to keep)."""
        if self._contradictory(forced, forbidden):
            return
        L, R, U, D, S = self._L[:], self._R[:], self._U[:], self._D[:], self._S[:]
        C, row_node = self._C, self._row_node

        def cover(c: int) -> None:
            # Take column c out of the header list and every row meeting c out of the other columns.
            L[R[c]] = L[c]
            R[L[c]] = R[c]
            i = D[c]
            while i != c:
                j = R[i]
                while j != i:
                    U[D[j]] = U[j]
                    D[U[j]] = D[j]
                    S[C[j]] -= 1
                    j = R[j]
                i = D[i]

        def uncover(c: int) -> None:
            # Exactly undo cover(c), in reverse order: the dancing step.
            i = U[c]
            while i != c:
                j = L[i]
                while j != i:
                    S[C[j]] += 1
                    U[D[j]] = j
                    D[U[j]] = j
                    j = L[j]
                i = U[i]
            L[R[c]] = c
            R[L[c]] = c

        _hide_rows(forbidden, row_node, C, R, U, D, S)
        for i in forced:
            first = row_node[i]
            if first < 0:
                continue
            cover(C[first])
            j = R[first]
            while j != first:
                cover(C[j])
                j = R[j]

        chosen: list[int] = []  # the explicit stack: the node chosen at each level
        while True:
            c = R[0]
            if c == 0:
                yield chosen
                advance = False
            else:
                # Knuth's S heuristic: the primary column with fewest rows; 0 is a dead end, 1 is forced.
                best, size = c, S[c]
                if size > 1:
                    c = R[c]
                    while c != 0:
                        s = S[c]
                        if s < size:
                            best, size = c, s
                            if s <= 1:
                                break
                        c = R[c]
                advance = size > 0
                if advance:
                    cover(best)
                    r = D[best]
                    chosen.append(r)
                    j = R[r]
                    while j != r:
                        cover(C[j])
                        j = R[j]
            if advance:
                continue
            # Backtrack: undo the deepest choice and try the next row of its column, or go up a level.
            while chosen:
                r = chosen.pop()
                j = L[r]
                while j != r:
                    uncover(C[j])
                    j = L[j]
                c = C[r]
                r = D[r]
                if r != c:
                    chosen.append(r)
                    j = R[r]
                    while j != r:
                        cover(C[j])
                        j = R[j]
                    break
                uncover(c)
            else:
                return

    def __repr__(self) -> str:
        n_secondary = len(self.columns) - self.n_primary
        extra = f", {len(self.forced)} forced" if self.forced else ""
        return (
            f"<ExactCover {self.n_primary} primary + {n_secondary} secondary columns,"
            f" {len(self.row_columns)} rows{extra}>"
        )


def _hide_rows(
    rows: Iterable[int], row_node: list[int], C: list[int], R: list[int], U: list[int], D: list[int], S: list[int]
) -> None:
    """Take each row out of its columns in the links (a forbidden row): unlike covering, the columns stay to be
    covered by other rows. Once per search, before it starts, so outside the dancing loop."""
    for i in rows:
        first = row_node[i]
        if first < 0:
            continue
        j = first
        while True:
            U[D[j]] = U[j]
            D[U[j]] = D[j]
            S[C[j]] -= 1
            j = R[j]
            if j == first:
                break
