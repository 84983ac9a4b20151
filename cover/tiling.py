"""Solving tiling puzzles (pentominoes, A-Puzzle-A-Day, DominoPeg, any :class:`~dominosa.tiling.Packing`) by
exact cover.

A packing becomes an exact cover problem (:func:`packing_cover`) with a primary column per board cell, per
circle that needs a peg, and per piece, and a row per placement of a piece. Two searches answer it:

- ``"bitmask"`` (:class:`~dominosa.cover.bitmask.BitmaskCover`): fill the first empty cell along the
  board's short side, and drop a placement at once when it walls in an empty cell. The default: on these boards
  it is the faster of the two by far (see ``bench/bench_cover.py`` for the figures);
- ``"dlx"`` (:class:`~dominosa.cover.exact_cover.ExactCover`): dancing links, fewest candidates first, for
  large or irregular problems where the fixed order does badly.

``up_to_symmetry=True`` finds one tiling of each class under the symmetries of the board that the pieces allow
(:mod:`~dominosa.cover.symmetry`): 2339 tilings of the 6x10 box rather than 9356. Asked for every
tiling of a symmetric board, the search still finds only the classes and turns each one round to list its
members, which divides the search by the number of symmetries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator
from functools import cached_property
from itertools import islice

from dominosa.cover.bitmask import BitmaskCover
from dominosa.cover.exact_cover import CoverCount, ExactCover
from dominosa.cover.symmetry import Reduction, SymmetryGroup
from dominosa.tiling.packing import Packing, PiecePlacement, Tiling

__all__ = ["METHODS", "PackingCover", "packing_cover", "tilings", "first_tiling", "count_tilings", "tally"]

METHODS = ("bitmask", "dlx")


class PackingCover(ExactCover):
    """The exact cover problem of a :class:`Packing`: one row per placement in :attr:`Packing.placements`.

    Columns: ``("cell", r, c)`` per board cell (row by row), ``("circle", i, j)`` per circle,
    ``("piece", name)`` per piece; all primary. ``placements[i]`` is what row ``i`` stands for.
    """

    __slots__ = ("packing", "placements", "__dict__")

    def __init__(self, packing: Packing) -> None:
        placements = packing.placements
        primary: list[Hashable] = [("cell", *cell) for cell in sorted(packing.cells)]
        primary += [("circle", *corner) for corner in sorted(packing.circles)]
        primary += [("piece", piece.name) for piece in packing.pieces]
        rows = [
            [("cell", *cell) for cell in p.cells] + [("circle", *peg) for peg in p.pegs] + [("piece", p.piece)]
            for p in placements
        ]
        super().__init__(primary, rows)
        self.packing: Packing = packing
        self.placements: tuple[PiecePlacement, ...] = placements

    def tiling(self, rows: Iterable[int]) -> Tiling:
        """The :class:`Tiling` made of these rows."""
        return self.packing.tiling(self.placements[i] for i in rows)

    @cached_property
    def bitmask(self) -> BitmaskCover:
        """The first-empty-cell search on this problem.

        The board is filled in lines along its short side (column by column on a board wider than tall), so the
        filled part keeps a short edge; a square board starts from its fuller first row or column (the calendar
        board from its full first column: median 70 ms a date against 93 ms row by row). Each line's bits are
        the circles on its leading edge, then its cells:
        a circle left without a peg is then found as soon as the search passes it, not when the board is full,
        and a cell's neighbours are one bit and one line stride away, with no cell bit between two lines, so a
        walled-in empty cell is spotted with four shifts (when no piece is a single square, which could fill
        it). Pieces come last: they are all placed once every cell is covered.
        """
        packing = self.packing
        height, width = packing.rows - packing.top, packing.cols - packing.left
        if height != width:
            by_columns = width > height
        else:  # a square box: start from the fuller edge, whose straight side constrains the first pieces most
            first_row = sum(1 for r, _ in packing.cells if r == packing.top)
            first_column = sum(1 for _, c in packing.cells if c == packing.left)
            by_columns = first_column > first_row
        lines, across = (packing.cols, packing.rows) if by_columns else (packing.rows, packing.cols)
        stride = (across + 1) + across  # the circles of a line's leading edge, then its cells

        def major_minor(r: int, c: int) -> tuple[int, int]:
            return (c, r) if by_columns else (r, c)

        bit_of: dict = {}
        for r, c in packing.cells:
            line, k = major_minor(r, c)
            bit_of[("cell", r, c)] = line * stride + (across + 1) + k
        for i, j in packing.circles:
            line, k = major_minor(i, j)
            bit_of[("circle", i, j)] = line * stride + k
        after = (lines + 1) * stride
        bits = []
        for name in self.columns[: self.n_primary]:
            if name in bit_of:
                bits.append(bit_of[name])
            else:
                bits.append(after)
                after += 1
        grid = sum(1 << bit_of[("cell", r, c)] for r, c in packing.cells)
        watches = []
        if all(piece.size > 1 for piece in packing.pieces):  # a walled-in empty cell is a dead end
            watches.append((grid, (1, -1, stride, -stride)))
        if packing.circles:  # so is an empty circle whose cells are all covered: no piece can peg it any more
            circles = sum(1 << bit_of[("circle", i, j)] for i, j in packing.circles)
            watches.append((circles, (across + 1, across, -across, -across - 1)))
        return BitmaskCover(self, bits, grid, watches)

    @cached_property
    def symmetry(self) -> SymmetryGroup:
        """The board's symmetries that the pieces allow, acting on the rows."""
        packing = self.packing

        def candidate(t: tuple[int, int, int, int]):
            def move(column: Hashable) -> Hashable:
                kind, *where = column  # type: ignore[misc]
                if kind == "cell":
                    return ("cell", *packing.transform_cell(t, tuple(where)))
                if kind == "circle":
                    return ("circle", *packing.transform_corner(t, tuple(where)))
                return column

            return move

        return SymmetryGroup(self, [candidate(t) for t in packing.symmetries()[1:]])

    @cached_property
    def reduction(self) -> Reduction:
        return self.symmetry.reduction()

    def search(self, method: str = "bitmask") -> ExactCover | BitmaskCover:
        """The search object for ``method`` (see :data:`METHODS`)."""
        if method == "bitmask":
            return self.bitmask
        if method == "dlx":
            return self
        raise ValueError(f"unknown method {method!r}: use {' or '.join(METHODS)}")


def packing_cover(packing: Packing) -> PackingCover:
    """The exact cover problem of a packing. Building it lists every placement: keep it and pass it to
    :func:`tilings` and friends when asking several questions of one packing."""
    return PackingCover(packing)


def _rows(cover: PackingCover, up_to_symmetry: bool, method: str) -> Iterator[tuple[int, ...]]:
    """The solutions as row tuples: one per class, or every one (classes expanded) on a symmetric board."""
    search = cover.search(method)
    group = cover.symmetry
    if len(group) == 1:
        return search.solutions()
    reduction = cover.reduction
    classes = reduction.filter(search.solutions(forbidden=reduction.forbidden))
    if up_to_symmetry:
        return classes
    # Every solution is the image of exactly one class representative: search for the classes and turn each
    # round, |group| times less search for a board with |group| symmetries (4 for the 6x10 box).
    return (solution for representative in classes for solution in sorted(group.orbit(representative)))


def tilings(
    packing: Packing | PackingCover, *, up_to_symmetry: bool = False, method: str = "bitmask"
) -> Iterator[Tiling]:
    """Every tiling, lazily, in search order (take a few with ``itertools.islice``).

    Parameters
    ----------
    packing : the puzzle, or its cover problem when one is at hand (saves rebuilding it).
    up_to_symmetry : one tiling of each class under the symmetries of the board the pieces allow.
    method : ``"bitmask"`` (default) or ``"dlx"``.
    """
    cover = packing if isinstance(packing, PackingCover) else PackingCover(packing)
    for rows in _rows(cover, up_to_symmetry, method):
        yield cover.tiling(rows)


def first_tiling(packing: Packing | PackingCover, *, method: str = "bitmask") -> Tiling | None:
    """The first tiling found, or None when there is none.

    On a symmetric board the search looks at one class of tilings in |group|: the first representative is as
    good a tiling as any, and proving there is none (an impossible DominoPeg challenge) takes a fraction of the
    time.
    """
    return next(tilings(packing, up_to_symmetry=True, method=method), None)


def count_tilings(
    packing: Packing | PackingCover,
    *,
    limit: int | None = None,
    up_to_symmetry: bool = False,
    method: str = "bitmask",
) -> CoverCount:
    """How many tilings (or classes of tilings), up to ``limit``; ``complete`` says whether that is all."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be at least 0, not {limit}")
    cover = packing if isinstance(packing, PackingCover) else PackingCover(packing)
    rows = _rows(cover, up_to_symmetry, method)
    if limit is not None:
        rows = islice(rows, limit)
    found = sum(1 for _ in rows)
    return CoverCount(found, limit is None or found < limit)


def tally(packing: Packing | PackingCover, pieces: Iterable[str], *, method: str = "bitmask") -> Counter:
    """How many tilings put the named pieces where: a ``Counter`` keyed by a tuple of their placements' cells
    (in the order the names are given).

    This is how one search answers many puzzles at once: the calendar's two one-square pieces stand for the
    month and day left uncovered, and the tally by their squares is every date's count.
    """
    cover = packing if isinstance(packing, PackingCover) else PackingCover(packing)
    names = tuple(pieces)
    unknown = [n for n in names if n not in {p.name for p in cover.packing.pieces}]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not a piece of this puzzle")
    index = {name: k for k, name in enumerate(names)}
    placements = cover.placements
    keyed = [(index.get(p.piece), p.cells) for p in placements]
    counts: Counter = Counter()
    for rows in cover.search(method).solutions():
        key: list = [None] * len(names)
        for i in rows:
            k, cells = keyed[i]
            if k is not None:
                key[k] = cells
        counts[tuple(key)] += 1
    return counts
