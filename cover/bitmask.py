"""Exact cover on integer bitmasks, branching on the first empty column: the fast path for plain packings.

Dancing links (:mod:`~dominosa.cover.exact_cover`) choose, at every level, the column with the fewest rows
left. That choice is what makes Dominosa puzzles fast, but it costs a scan of the column list and the unlinking of
every row a choice touches. For a packing of pieces into a small board (pentominoes, the calendar puzzle,
DominoPeg) a cheaper rule does as well: fill the *first empty cell* in a fixed order. Every row is one Python
integer whose bits are its columns, the cells come first in the order given, and a row is filed under its
lowest bit only: when the first empty cell is bit ``k``, every cell before it is full, so a row reaching back
before ``k`` could not fit anyway. A candidate is tried with one ``&``; placing it is one ``|``. This is
Dana Scott's classic method for pentominoes (1958), in the form Knuth compares with dancing links in
"Dancing links" (2000), section on pentominoes.

The order of the cells matters: along the short side of a long board, the filled region keeps a short ragged
edge and dead ends show early. :class:`BitmaskCover` takes the order from its caller (the tiling layer passes
cells column by column on wide boards).

:class:`BitmaskCover` answers the same questions as :class:`~dominosa.cover.exact_cover.ExactCover`
(``solutions``, ``first``, ``count``, ``tally``, with forced and forbidden rows) and reports solutions in the
same terms (sorted row indices of the same problem), so a caller can pick either search and the tests can hold
each to the other.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice

from dominosa.cover.exact_cover import CoverCount, ExactCover

__all__ = ["BitmaskCover"]


class BitmaskCover:
    """First-empty-column search over the rows of an :class:`ExactCover`, on Python integers.

    Parameters
    ----------
    problem : ExactCover
        The problem: its columns, rows, primary/secondary split and forced rows.
    bits : sequence of int, optional
        The bit of each primary column (``bits[k]`` for column position ``k``), all distinct; the search always
        branches on the lowest bit still empty, so the bits give the filling order. Gaps are allowed: a grid can
        leave one spare bit per line so that neighbours are a fixed shift apart (see ``holes``). Default: column
        ``k`` is bit ``k``. Put the cells first, in an order that keeps the frontier short; piece columns last.
    grid : int, optional
        The bits that are cells of the board. Rows are grouped by their other bits (for a packing: the piece), so
        one test skips every row of a piece already placed.
    watches : sequence of (int, sequence of int), optional
        Dead ends to spot at once, each as ``(targets, offsets)``: every empty target bit needs an empty ``grid``
        bit at one of these offsets from it (``+1`` is the next bit up), or nothing can ever cover it. A placement
        that leaves such a target is dropped when it is tried, not when the search reaches the target. For a grid
        laid out in lines ``stride`` bits apart with a spare bit between lines, ``(grid, (1, -1, stride,
        -stride))`` drops placements that wall in an empty cell (give it only when no piece is a single square,
        which could fill it); a pegged board adds its circles with the offsets of the cells around a corner.

    Notes
    -----
    Building is O(total row size). Memory is one integer per row. The search is iterative (an explicit stack of
    candidate lists), so depth is bounded by memory only.

    Secondary columns are bits too (above the primary ones): two rows sharing one never fit together, and
    nothing asks for them to be covered.
    """

    __slots__ = ("problem", "bits", "_masks", "_by_lowest", "_full", "_grid", "_watches")

    def __init__(
        self,
        problem: ExactCover,
        bits: Sequence[int] | None = None,
        grid: int = 0,
        watches: Sequence[tuple[int, Sequence[int]]] = (),
    ) -> None:
        n_primary = problem.n_primary
        bits = tuple(range(n_primary)) if bits is None else tuple(bits)
        if len(bits) != n_primary or len(set(bits)) != n_primary or (bits and min(bits) < 0):
            raise ValueError("give one distinct bit, 0 or more, to every primary column")
        top = max(bits, default=-1) + 1
        bit = list(bits) + [top + j for j in range(len(problem.columns) - n_primary)]
        full = 0
        for b in bits:
            full |= 1 << b
        masks = []
        # Rows filed under their lowest primary bit, and there grouped by their bits outside the grid (for a
        # packing: the piece), so one test skips every row of a piece already placed.
        groups: list[dict[int, list[tuple[int, int]]]] = [{} for _ in range(top)]
        for i, cols in enumerate(problem.row_columns):
            mask = 0
            for k in cols:
                mask |= 1 << bit[k]
            masks.append(mask)
            primary = mask & full
            if primary:  # a row with no primary column is never chosen, as in Algorithm X
                lowest = (primary & -primary).bit_length() - 1
                groups[lowest].setdefault(mask & ~grid, []).append((mask, i))
        by_lowest = [list(g.items()) for g in groups]
        self.problem = problem
        self.bits = bits
        self._masks = masks
        self._by_lowest = by_lowest
        self._full = full
        self._grid = grid
        self._watches = tuple((targets, tuple(offsets)) for targets, offsets in watches if targets and offsets)

    def solutions(self, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> Iterator[tuple[int, ...]]:
        """Every solution as sorted row indices, forced rows included; see :meth:`ExactCover.solutions`."""
        forced_rows = tuple(sorted(set(self.problem.forced) | set(self.problem.checked_rows(forced, "forced"))))
        for rows in self._search(forced_rows, set(self.problem.checked_rows(forbidden, "forbidden"))):
            yield tuple(sorted(forced_rows + tuple(rows)))

    def first(self, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> tuple[int, ...] | None:
        """The first solution found, or None; see :meth:`ExactCover.first`."""
        return next(self.solutions(forced, forbidden), None)

    def count(self, limit: int | None = None, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> int:
        """How many solutions, counting no further than ``limit``; see :meth:`ExactCover.count`."""
        return self.tally(limit, forced, forbidden).count

    def tally(self, limit: int | None = None, forced: Iterable[int] = (), forbidden: Iterable[int] = ()) -> CoverCount:
        """The count up to ``limit`` and whether it is complete; see :meth:`ExactCover.tally`."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be at least 0, not {limit}")
        forced_rows = tuple(sorted(set(self.problem.forced) | set(self.problem.checked_rows(forced, "forced"))))
        search = self._search(forced_rows, set(self.problem.checked_rows(forbidden, "forbidden")))
        if limit is not None:
            search = islice(search, limit)
        found = sum(1 for _ in search)
        return CoverCount(found, limit is None or found < limit)

    def _search(self, forced: tuple[int, ...], forbidden: set[int]) -> Iterator[list[int]]:
        """Yield the live list of chosen rows (not counting the forced ones) at every solution."""
        masks = self._masks
        used = 0
        for i in forced:
            if i in forbidden or masks[i] & used:
                return  # a forced row that is also forbidden, or two forced rows that collide
            used |= masks[i]
        by_lowest = self._by_lowest
        if forbidden:
            by_lowest = [
                [(others, [(m, i) for m, i in rows if i not in forbidden]) for others, rows in groups]
                for groups in by_lowest
            ]
        full = self._full
        grid = self._grid
        dead = _dead_end_test(grid, self._watches)
        stride = _walled_cell_stride(grid, self._watches)

        # Per level: the rows that fit when the level was entered, the next one to try, and the board as it was
        # then. Every row of a level still fits whenever the search is back at that level (the board is as it
        # was), so each is tested once, in one list comprehension, the fastest way Python has to filter; rows
        # are grouped by their bits outside the grid (the piece), so a piece already placed is skipped whole.
        # With watches, a row is also dropped when it leaves a target that nothing can cover any more.
        frames: list[list] = []
        while True:
            free = full & ~used
            if not free:
                yield [frame[0][frame[1] - 1][1] for frame in frames]
            else:
                groups = by_lowest[(free & -free).bit_length() - 1]
                if dead is None:
                    fits = [row for others, rows in groups if not others & used for row in rows if not row[0] & used]
                elif stride:  # the walled-cell test written out: a function call per row would cost a third more
                    fits = [
                        row
                        for others, rows in groups
                        if not others & used
                        for row in rows
                        if not row[0] & used
                        and not (
                            (empty := grid & ~(used | row[0]))
                            & ~((empty << 1) | (empty >> 1) | (empty << stride) | (empty >> stride))
                        )
                    ]
                else:
                    fits = [
                        row
                        for others, rows in groups
                        if not others & used
                        for row in rows
                        if not row[0] & used and not dead(used | row[0])
                    ]
                if fits:
                    frames.append([fits, 0, used])
            # Take the next row of the deepest level, going up a level whenever one runs out.
            while frames:
                frame = frames[-1]
                fits, i, before = frame
                if i < len(fits):
                    frame[1] = i + 1
                    used = before | fits[i][0]
                    break
                frames.pop()
            else:
                return

    def __repr__(self) -> str:
        return f"<BitmaskCover of {self.problem!r}>"


def _walled_cell_stride(grid: int, watches: tuple[tuple[int, tuple[int, ...]], ...]) -> int | None:
    """The stride when the only watch is the walled-cell test on the whole grid, else None."""
    if len(watches) != 1:
        return None
    targets, offsets = watches[0]
    stride = max(abs(o) for o in offsets)
    if targets == grid and set(offsets) == {1, -1, stride, -stride}:
        return stride
    return None


def _dead_end_test(grid: int, watches: tuple[tuple[int, tuple[int, ...]], ...]):
    """A function of the covered bits that is true when a watched target can no longer be covered, or None."""
    if not watches:
        return None
    shifts = tuple(
        (targets, tuple(o for o in offsets if o > 0), tuple(-o for o in offsets if o < 0))
        for targets, offsets in watches
    )

    def stranded(used: int) -> bool:
        empty = grid & ~used
        for targets, down, up in shifts:
            reach = 0
            for o in down:
                reach |= empty >> o
            for o in up:
                reach |= empty << o
            if targets & ~used & ~reach:
                return True
        return False

    return stranded
