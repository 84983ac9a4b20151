"""The puzzle: a board, a number in every cell, the domino set, and any clues.

A ``Puzzle`` is an immutable value. Building one checks it: the numbers must be exactly the halves of the
domino set, clues must be real adjacent cells showing distinct dominoes of the set. The tables the engine
needs (which domino each pair shows, where each domino can go) are computed on first use and kept.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from itertools import chain

from dominosa.board import Board, Cell, cell_name
from dominosa.dominoes import (
    Domino,
    domino,
    domino_name,
    domino_places,
    full_set,
    full_set_size,
    half_counts,
    order_for_cells,
    pair_dominoes,
)
from dominosa.errors import PuzzleError

__all__ = ["Puzzle", "Placement", "placement"]

Placement = tuple[Cell, Cell]


def placement(a: Cell, b: Cell) -> Placement:
    """A domino's position as its two cells, the first in reading order first."""
    a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Puzzle:
    """A Dominosa puzzle. Build with :meth:`from_grid`; the constructor checks everything.

    Attributes
    ----------
    board : the cells.
    numbers : the number in each cell, by cell index.
    dominoes : the domino set, each low number first, sorted; each used exactly once.
    clues : dominoes given in place at the start, as pairs of cells.
    """

    board: Board
    numbers: tuple[int, ...]
    dominoes: tuple[Domino, ...]
    clues: tuple[Placement, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(int(v) for v in self.numbers))
        object.__setattr__(self, "dominoes", _normal_set(self.dominoes))
        if self.clues:
            object.__setattr__(self, "clues", tuple(sorted(placement(a, b) for a, b in self.clues)))
        else:
            object.__setattr__(self, "clues", ())
        _check(self)

    # -- construction ----------------------------------------------------------------------------------------

    @classmethod
    def from_grid(
        cls,
        grid: Sequence[Sequence[int | None]],
        *,
        dominoes: Iterable[Domino] | None = None,
        clues: Iterable[Placement] = (),
    ) -> Puzzle:
        """A puzzle from rows of numbers; ``None`` marks a square that is not a cell.

        Without ``dominoes`` the full double-n set is assumed, n chosen from the number of cells.

        >>> Puzzle.from_grid([[0, 0, 1], [1, 1, 0]]).order
        1
        """
        width = len(grid[0]) if grid else 0
        if width and all(len(row) == width and None not in row for row in grid):  # a full rectangle: the usual
            board = Board.rectangle(len(grid), width)
            values = tuple(chain.from_iterable(grid))
            if dominoes is None:
                dominoes = _implied_set(len(values), values, board)
            return cls(board, values, tuple(dominoes), tuple(clues))
        cells, numbers = [], []
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                if value is not None:
                    cells.append((r, c))
                    numbers.append(value)
        return cls.from_cells(dict(zip(cells, numbers, strict=True)), dominoes=dominoes, clues=clues)

    @classmethod
    def from_cells(
        cls,
        numbers: dict[Cell, int],
        *,
        dominoes: Iterable[Domino] | None = None,
        clues: Iterable[Placement] = (),
    ) -> Puzzle:
        """A puzzle from a mapping (row, column) -> number."""
        if not numbers:
            raise PuzzleError("the board has no cells")
        board = Board.from_cells(numbers)
        values = tuple(numbers[cell] for cell in board.cells)
        if dominoes is None:
            dominoes = _implied_set(len(board.cells), values, board)
        return cls(board, values, tuple(dominoes), tuple(clues))

    @classmethod
    def unchecked(cls, board: Board, numbers: tuple[int, ...], dominoes: tuple[Domino, ...]) -> Puzzle:
        """The puzzle the constructor would give, with no clues, but without its checks: for numbers the caller
        dealt itself from the domino set (the generator's layouts, which every move keeps a tiling of the set).

        ``numbers`` must be a tuple of ints, one per cell, holding exactly the halves of ``dominoes``: nothing
        here says otherwise. The generator builds ~18 puzzles per puzzle it makes, and the checks were a third
        of the cost of each.
        """
        shared = _SHARED_SETS.get(len(dominoes))  # the full set, as a job brings it (a copy): no sort
        normal = shared if shared is not None and shared == dominoes else _normal_set(dominoes)
        puzzle = object.__new__(cls)
        puzzle.__dict__.update(board=board, numbers=numbers, dominoes=normal, clues=())
        return puzzle

    def with_clues(self, clues: Iterable[Placement]) -> Puzzle:
        return Puzzle(self.board, self.numbers, self.dominoes, tuple(clues))

    # -- derived tables --------------------------------------------------------------------------------------

    @cached_property
    def order(self) -> int:
        """The largest number of the domino set (n of a double-n set)."""
        return max(b for _, b in self.dominoes)

    @cached_property
    def is_full_set(self) -> bool:
        """True for the whole double-n set. ``dominoes`` is sorted low-first, unlike ``full_set``'s index
        order, and holds distinct dominoes no higher than ``order``, so counting them is the exact test."""
        return len(self.dominoes) == full_set_size(self.order)

    @cached_property
    def domino_ids(self) -> dict[Domino, int]:
        """Each domino's position in ``dominoes``: the engine's domino number (one dict shared per set)."""
        return _domino_ids(self.dominoes)

    @cached_property
    def pair_domino(self) -> tuple[int, ...]:
        """For each pair of the board, the number of the domino it shows, or -1 if that is not in the set."""
        pairs = self.board.pairs
        return pair_dominoes(
            self.numbers, tuple([a for a, _ in pairs]), tuple([b for _, b in pairs]), self.dominoes
        )

    @cached_property
    def placements(self) -> tuple[tuple[int, ...], ...]:
        """For each domino, the pairs that show it: every place it could go."""
        return domino_places(self.pair_domino, len(self.dominoes))

    @cached_property
    def clue_pairs(self) -> tuple[int, ...]:
        """The clues as pair indices."""
        return tuple(self.board.pair_of(a, b) for a, b in self.clues)  # type: ignore[misc]

    @property
    def rows(self) -> int:
        return self.board.rows

    @property
    def cols(self) -> int:
        return self.board.cols

    @cached_property
    def grid(self) -> tuple[tuple[int | None, ...], ...]:
        """Rows of numbers, ``None`` where a square is not a cell."""
        out = [[None] * self.board.cols for _ in range(self.board.rows)]
        for (r, c), v in zip(self.board.cells, self.numbers, strict=True):
            out[r][c] = v
        return tuple(tuple(row) for row in out)

    def number_at(self, cell: Cell) -> int:
        return self.numbers[self.board.index[cell]]

    def domino_at(self, a: Cell, b: Cell) -> Domino:
        """The domino that cells ``a`` and ``b`` show together."""
        return domino(self.number_at(a), self.number_at(b))

    def __repr__(self) -> str:
        shape = f"{self.rows}x{self.cols}" if self.board.is_rectangle else f"{len(self.board.cells)} cells"
        extra = f", {len(self.clues)} clues" if self.clues else ""
        kind = f"double-{self.order}" if self.is_full_set else f"{len(self.dominoes)} dominoes"
        return f"<Puzzle {kind} {shape}{extra}>"


def implied_domino_set(
    cell_count: int, numbers: Sequence[int], board: Board | None = None
) -> tuple[Domino, ...]:
    """The full set that fits this many cells, or a ``PuzzleError`` saying why none does."""
    if cell_count % 2:
        raise PuzzleError(f"odd number of cells ({cell_count}): dominoes cover cells two at a time")
    order = order_for_cells(cell_count)
    if order is None:
        below = 0
        while (below + 2) * (below + 3) < cell_count:
            below += 1
        lo, hi = (below + 1) * (below + 2), (below + 2) * (below + 3)
        raise PuzzleError(
            f"{cell_count} cells fit no full domino set: the double-{below} set needs {lo} cells"
            f" and the double-{below + 1} set {hi}"
        )
    return full_set(order)


def _implied_set(cell_count: int, numbers: Sequence[int], board: Board) -> tuple[Domino, ...]:
    """:func:`implied_domino_set` as the shared tuple a puzzle keeps (its last domino is the double-n)."""
    return sorted_full_set(implied_domino_set(cell_count, numbers, board)[-1][1])


_SHARED_SETS: dict[int, tuple[Domino, ...]] = {}  # each full set made by sorted_full_set, by its size


@cache
def sorted_full_set(order: int) -> tuple[Domino, ...]:
    """The double-``order`` set, low-first and sorted as ``Puzzle.dominoes`` keeps it: one tuple per order,
    shared by every puzzle of that set (28 dominoes are 1.8 KB a puzzle when each has its own)."""
    dominoes = tuple(sorted(full_set(order)))
    _SHARED_SETS[len(dominoes)] = dominoes
    return dominoes


def _normal_set(dominoes: Iterable[Domino]) -> tuple[Domino, ...]:
    """The dominoes low-first and sorted; a full set becomes the shared tuple of :func:`sorted_full_set`."""
    if type(dominoes) is tuple and dominoes and _SHARED_SETS.get(len(dominoes)) is dominoes:
        return dominoes  # already the shared set: nothing to sort
    normal = tuple(sorted(domino(a, b) for a, b in dominoes))
    if normal and all(a >= 0 for a, _ in normal):
        order = max(b for _, b in normal)
        if len(normal) == full_set_size(order) and normal == sorted_full_set(order):
            return sorted_full_set(order)
    return normal


@lru_cache(maxsize=64)
def _domino_ids(dominoes: tuple[Domino, ...]) -> dict[Domino, int]:
    return {d: i for i, d in enumerate(dominoes)}


@lru_cache(maxsize=64)
def _half_counts(dominoes: tuple[Domino, ...]) -> Counter[int]:
    return half_counts(dominoes)


def _check(p: Puzzle) -> None:
    """Raise ``PuzzleError`` naming the first thing wrong with a puzzle."""
    board, numbers, dominoes = p.board, p.numbers, p.dominoes
    n_cells = len(board.cells)
    if n_cells == 0:
        raise PuzzleError("the board has no cells")
    if len(numbers) != n_cells:
        raise PuzzleError(f"{len(numbers)} numbers for {n_cells} cells")
    if n_cells % 2:
        raise PuzzleError(f"odd number of cells ({n_cells}): dominoes cover cells two at a time")
    if len(set(dominoes)) != len(dominoes):
        dup = next(d for d, k in Counter(dominoes).items() if k > 1)
        raise PuzzleError(f"the domino set lists {domino_name(dup)} twice")
    if any(a < 0 for a, _ in dominoes):
        raise PuzzleError("a domino of the set has a negative number")
    if 2 * len(dominoes) != n_cells:
        raise PuzzleError(f"{len(dominoes)} dominoes cannot cover {n_cells} cells")
    order = max(b for _, b in dominoes)
    full = len(dominoes) == full_set_size(order)  # distinct (checked above), all within 0..order
    set_name = f"the double-{order} set" if full else "the domino set"
    for cell, v in zip(board.cells, numbers, strict=True):
        if v < 0:
            raise PuzzleError(f"negative number {v} at {cell_name(cell)}", cell=cell)
        if v > order:
            raise PuzzleError(
                f"number {v} at {cell_name(cell)} is above the range of {set_name} (0..{order})", cell=cell
            )
    need = _half_counts(dominoes)
    have = Counter(numbers)
    for v in sorted(set(need) | set(have)):
        if have[v] != need[v]:
            first = next((c for c, x in zip(board.cells, numbers, strict=True) if x == v), None)
            if full and full_set_size(order) * 2 == n_cells:
                why = f"{set_name} needs it {need[v]} times"
            else:
                why = f"the domino set needs it {need[v]} times"
            raise PuzzleError(f"number {v} appears {have[v]} times; {why}", cell=first)
    if not p.clues:
        return
    ids = p.domino_ids
    used_cells: dict[Cell, Placement] = {}
    used_dominoes: dict[Domino, Placement] = {}
    for a, b in p.clues:
        where = f"clue {cell_name(a)},{cell_name(b)}"
        for cell in (a, b):
            if cell not in board.index:
                raise PuzzleError(f"{where} leaves the board: {cell_name(cell)} is not a cell", cell=cell)
        if board.pair_of(a, b) is None:
            raise PuzzleError(f"{where}: the two cells are not adjacent", cell=a)
        d = domino(numbers[board.index[a]], numbers[board.index[b]])
        if d not in ids:
            raise PuzzleError(f"{where} shows {domino_name(d)}, which is not in {set_name}", cell=a)
        for cell in (a, b):
            if cell in used_cells:
                other = used_cells[cell]
                raise PuzzleError(
                    f"{where} overlaps clue {cell_name(other[0])},{cell_name(other[1])} at {cell_name(cell)}",
                    cell=cell,
                )
            used_cells[cell] = (a, b)
        if d in used_dominoes:
            other = used_dominoes[d]
            raise PuzzleError(
                f"{where} places {domino_name(d)}, already placed by clue "
                f"{cell_name(other[0])},{cell_name(other[1])}",
                cell=a,
            )
        used_dominoes[d] = (a, b)
