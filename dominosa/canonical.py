"""A canonical form of a puzzle: one representative of every puzzle that is the same puzzle in disguise.

The puzzle store keys on it, so that it never holds the same puzzle twice; the engine rates the representative, so
that a puzzle's rating does not depend on how it was turned or which names its numbers were given (whatever order
the engine meets its cells and dominoes in, it meets the representative's the same way). It belongs to the model
because both need it.

Two puzzles are *the same puzzle* when one becomes the other by

- a **symmetry of the square grid**: one of the 8 rotations and reflections, followed by moving the board back to
  the origin. All 8 are used even on a rectangle that is not square: the quarter turns make a rows x cols board
  into a cols x rows one, and a book should not hold a puzzle and its transpose. A board with holes has only the
  symmetries that map its cells onto a translate of themselves, and the 8 images find exactly those;
- for a **full domino set**, a **renaming of the numbers**: any permutation of 0..n maps the full double-n set
  onto itself, so writing 3 wherever the puzzle says 5 (and 5 for 3) gives a puzzle that solves exactly alike.
  A set that is not full is kept as it is: renaming its numbers would change which dominoes it holds.

Clues move with the cells (they are part of the puzzle).

How: for each of the 8 symmetries, the image of the puzzle is read in reading order and, for a full set, its
numbers are renamed in order of first appearance (the first number read becomes 0, the next new one 1, ...).
That renaming is the same whatever names the puzzle started with, so the smallest of the 8 serialised images is
the same for every puzzle of one class, and different for puzzles of different classes (the serialisation keeps
everything: the shape, every number, the clues and the domino set). Cost: 8 passes over the bounding rectangle,
linear in its area; the per-board tables are computed once per shape.

>>> from dominosa import Puzzle
>>> a = Puzzle.from_grid([[0, 0, 1], [1, 1, 0]])
>>> b = Puzzle.from_grid([[0, 1], [0, 1], [1, 0]])   # a turned a quarter round, then 0 and 1 swapped
>>> canonical_key(a) == canonical_key(b)
True
"""

from __future__ import annotations

from functools import lru_cache

from dominosa.board import Board, Cell
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "canonical_key",
    "canonical_puzzle",
    "canonical_layout",
    "canonical_image",
    "symmetry_squares",
    "CANONICAL_VERSION",
    "SYMMETRY_COUNT",
]

# Bumped whenever the key's text changes, so a store made with older keys can tell (see generator.store).
CANONICAL_VERSION = 1

# Symmetry s (0..7): s & 4 swaps rows and columns, then s & 1 flips the rows and s & 2 the columns.
SYMMETRY_COUNT = 8


# One symmetry's image of a board: height, width, the source cell at each square (-1: hole), each cell's square.
_Image = tuple[int, int, tuple[int, ...], tuple[int, ...]]


@lru_cache(maxsize=256)
def _images(board: Board) -> tuple[_Image, ...]:
    """For each symmetry: the image's height and width, the source cell read at each square of the image in
    reading order (-1 for a hole), and each source cell's square index in the image.

    The image is translated so that its bounding rectangle starts at row 0 and column 0, which is what makes
    the key blind to where on the grid the board sits.
    """
    rows = [r for r, _ in board.cells]
    cols = [c for _, c in board.cells]
    r0, c0 = min(rows), min(cols)
    height, width = max(rows) - r0 + 1, max(cols) - c0 + 1
    out = []
    for s in range(SYMMETRY_COUNT):
        h, w = (width, height) if s & 4 else (height, width)
        source = [-1] * (h * w)
        where = [0] * len(board.cells)
        for i, (r, c) in enumerate(board.cells):
            a, b = r - r0, c - c0
            if s & 4:
                a, b = b, a
            if s & 1:
                a = h - 1 - a
            if s & 2:
                b = w - 1 - b
            square = a * w + b
            source[square] = i
            where[i] = square
        out.append((h, w, tuple(source), tuple(where)))
    return tuple(out)


def symmetry_squares(board: Board) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """For each of the 8 symmetries: the image's height and width and, by cell index, the square (row * width +
    column) the cell lands on. Two boards' images can be compared square by square when their sizes agree."""
    return tuple((h, w, where) for h, w, _, where in _images(board))


def _image_key(puzzle: Puzzle, image: _Image) -> str:
    """One symmetry's image serialised: size, grid (renamed for a full set), clues, domino set."""
    h, w, source, where = image
    numbers = puzzle.numbers
    rename = _renaming(puzzle, source)
    # Each number's text made once, not once a cell (a full set's renaming names every number: all appear).
    names = {v: str(v) for v in set(numbers)} if rename is None else {v: str(r) for v, r in rename.items()}
    entries = ["." if i < 0 else names[numbers[i]] for i in source]
    grid = "/".join(",".join(entries[k : k + w]) for k in range(0, h * w, w))
    index = puzzle.board.index
    clues = sorted(tuple(sorted((where[index[a]], where[index[b]]))) for a, b in puzzle.clues)
    clue_text = ",".join(f"{x}-{y}" for x, y in clues)
    dominoes = "full" if rename is not None else ",".join(f"{a}-{b}" for a, b in puzzle.dominoes)
    return f"{h}x{w}|{grid}|clues:{clue_text}|set:{dominoes}"


def _renaming(puzzle: Puzzle, source: tuple[int, ...]) -> dict[int, int] | None:
    """For a full set, each number's new name: its rank by first appearance in the image's reading order.
    None for a set that is not full, whose numbers must keep their names."""
    if not puzzle.is_full_set:
        return None
    numbers = puzzle.numbers
    rename: dict[int, int] = {}
    for i in source:
        if i >= 0:
            v = numbers[i]
            if v not in rename:
                rename[v] = len(rename)
                if len(rename) > puzzle.order:
                    break
    return rename


def _best_symmetry(puzzle: Puzzle) -> tuple[str, int]:
    """The smallest image key, and the first symmetry that gives it."""
    keys = [_image_key(puzzle, image) for image in _images(puzzle.board)]
    best = min(range(SYMMETRY_COUNT), key=keys.__getitem__)
    return keys[best], best


def canonical_key(puzzle: Puzzle) -> str:
    """A text equal for two puzzles exactly when one is the other turned, mirrored, moved and (for a full
    set) with its numbers renamed: what the puzzle store deduplicates on.

    The text is readable on purpose (``HxW|grid|clues|set``), so a store can be inspected with any SQLite
    tool; it grows with the board, about three characters per cell.

    Examples
    --------
    >>> from dominosa import Puzzle
    >>> canonical_key(Puzzle.from_grid([[1, 1, 0], [0, 0, 1]]))
    '2x3|0,0,1/1,1,0|clues:|set:full'
    """
    return _best_symmetry(puzzle)[0]


def canonical_puzzle(puzzle: Puzzle) -> Puzzle:
    """The representative of the puzzle's class: the image whose key is :func:`canonical_key`, as a puzzle.

    Every puzzle of one class gives this very puzzle, so it is a fair thing to print or compare; its own key is
    the same as the original's.
    """
    return _apply(puzzle, _best_symmetry(puzzle)[1], None)[0]


def canonical_layout(puzzle: Puzzle, solution: Solution) -> tuple[Puzzle, Solution]:
    """:func:`canonical_puzzle` together with the solution carried along by the same symmetry."""
    canonical, moved = _apply(puzzle, _best_symmetry(puzzle)[1], solution)
    assert moved is not None
    return canonical, moved


def canonical_image(puzzle: Puzzle) -> tuple[Puzzle, tuple[int, ...]]:
    """The puzzle's representative for the engine, and where each cell went: by the puzzle's cell index, the
    representative's.

    Like :func:`canonical_puzzle`, one of the puzzle's images (numbers renamed by first appearance for a full set),
    the same puzzle for every puzzle of the class; chosen by a cheaper order than the key's text (size, then the
    numbers in reading order, then the clues, as integers), since the engine, which rates every puzzle it is
    given in this form, needs only a choice that is the same for every copy. The cell map is what it needs to carry
    what it finds back to the puzzle it was given.

    >>> from dominosa import Puzzle
    >>> image, cells = canonical_image(Puzzle.from_grid([[0, 1], [0, 1], [1, 0]]))  # turned and mirrored
    >>> image.grid, cells
    (((0, 0, 1), (1, 1, 0)), (0, 3, 1, 4, 2, 5))
    """
    numbers, full, index = puzzle.numbers, puzzle.is_full_set, puzzle.board.index
    images = _images(puzzle.board)
    # The images' first squares tell most of them apart: the whole of each is read only where those tie.
    heads = [(h, w, _read(numbers, source[:_HEAD], full)) for h, w, source, _ in images]
    first = min(heads)
    best: tuple | None = None
    for symmetry, (_, _, source, where) in enumerate(images):
        if heads[symmetry] != first:
            continue
        clues = sorted(tuple(sorted((where[index[a]], where[index[b]]))) for a, b in puzzle.clues)
        key = (_read(numbers, source, full), clues, symmetry)
        if best is None or key < best:
            best = key
    assert best is not None
    read, clues, symmetry = best
    h, w, source, where = images[symmetry]
    if -1 not in source:  # a rectangle: each square a cell, in reading order
        board, image_numbers, cells = Board.rectangle(h, w), tuple(read), where
    else:
        squares = [square for square, i in enumerate(source) if i >= 0]  # the image's cells in reading order
        rank = {square: k for k, square in enumerate(squares)}
        board = Board.from_cells(divmod(square, w) for square in squares)
        image_numbers = tuple(read[square] for square in squares)
        cells = tuple(map(rank.__getitem__, where))
    if puzzle.clues:
        placed = tuple((divmod(a, w), divmod(b, w)) for a, b in clues)
        image = Puzzle(board, image_numbers, puzzle.dominoes, placed)
    else:
        image = Puzzle.unchecked(board, image_numbers, puzzle.dominoes)  # an image of a checked puzzle
    return image, cells


# How many squares of each image are read first, to tell the images apart (see canonical_image).
_HEAD = 12


def _read(numbers: tuple[int, ...], source: tuple[int, ...], full: bool) -> list[int]:
    """The numbers of an image's squares in reading order (-1 for a hole), renamed for a full set by first
    appearance (the first number read becomes 0, ...): the same for every image of one class read the same way."""
    read = [numbers[i] if i >= 0 else -1 for i in source]
    if not full:
        return read
    seen = dict.fromkeys(read)
    seen.pop(-1, None)
    rename = dict(zip(seen, range(len(seen)), strict=True))
    rename[-1] = -1
    return list(map(rename.__getitem__, read))


def _apply(puzzle: Puzzle, symmetry: int, solution: Solution | None) -> tuple[Puzzle, Solution | None]:
    """The puzzle (and solution) moved by one symmetry, numbers renamed as in its key."""
    h, w, source, where = _images(puzzle.board)[symmetry]
    rename = _renaming(puzzle, source)
    board = puzzle.board

    def moved(cell: Cell) -> Cell:
        return divmod(where[board.index[cell]], w)

    numbers = {
        moved(cell): (v if rename is None else rename[v]) for cell, v in zip(board.cells, puzzle.numbers, strict=True)
    }
    clues = tuple((moved(a), moved(b)) for a, b in puzzle.clues)
    image = Puzzle.from_cells(numbers, dominoes=puzzle.dominoes, clues=clues)
    if solution is None:
        return image, None
    return image, Solution(tuple((moved(a), moved(b)) for a, b in solution.placements))
