"""Random layouts: a random domino tiling of a board, with the domino set dealt onto it at random.

A *layout* is a puzzle together with its hidden solution. Making one takes three steps:

1. **Tile** the board. A rectangle starts from rows (or columns) of parallel bricks; any other board starts
   from a perfect matching of its grid graph (Hopcroft-Karp). Then many random *flips* mix the tiling: two
   parallel dominoes filling a 2x2 square are turned a quarter round. Flips reach every tiling of a simply
   connected board (Thurston's height functions), so the tiling ends up close to uniformly random.
2. **Deal** the dominoes: shuffle the set onto the tiles, each turned either way at random.
3. **Repair** trivially ambiguous squares: two parallel dominoes in a 2x2 square whose opposite corners hold
   the same number can be turned a quarter round and still show the same two dominoes, so such a puzzle can
   never be proper. Swap the numbers of one of them with another random tile until none is left.

Everything draws from the ``random.Random`` it is given, so the same seed gives the same layout.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Iterable, Sequence
from functools import lru_cache

from dominosa.board import Board, Cell
from dominosa.dominoes import Domino, domino, full_set, order_for_cells
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "perfect_matching",
    "random_tiling",
    "random_layout",
    "random_tiles",
    "dealt_set",
    "random_irregular_board",
    "trivial_squares",
    "board_squares",
    "is_trivial_square",
    "trivial_square_indices",
]

# How hard random_layout tries before it gives up on avoiding trivial squares: fresh tilings, and number
# swaps per tiling (a constant plus this many per tile).
_TILING_ATTEMPTS = 30
_SWAPS_PER_TILE = 10


@lru_cache(maxsize=256)
def board_squares(board: Board) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[tuple[int, ...], ...]]:
    """The 2x2 squares of a board as (top-left, top-right, bottom-left, bottom-right) cell indices, and for
    each cell the indices of the squares that contain it. Computed once per board shape."""
    index = board.index
    squares = []
    for r, c in board.cells:
        tr, bl, br = index.get((r, c + 1)), index.get((r + 1, c)), index.get((r + 1, c + 1))
        if tr is not None and bl is not None and br is not None:
            squares.append((index[(r, c)], tr, bl, br))
    cell_squares: list[list[int]] = [[] for _ in board.cells]
    for s, square in enumerate(squares):
        for cell in square:
            cell_squares[cell].append(s)
    return tuple(squares), tuple(tuple(s) for s in cell_squares)


# -- tilings ------------------------------------------------------------------------------------------------


def perfect_matching(board: Board, rng: random.Random | None = None) -> list[int]:
    """A perfect matching of the board's grid graph: a domino tiling, as sorted pair indices.

    Parameters
    ----------
    board : Board
    rng : random.Random, optional
        If given, neighbours are tried in a random order, so different seeds give different matchings.

    Returns
    -------
    list of int
        Pair indices covering every cell exactly once.

    Raises
    ------
    ValueError
        If the board has no domino tiling (odd cell count, unequal colours, or a shape that cannot be tiled).

    Notes
    -----
    Hopcroft-Karp on the bipartite graph of cells coloured by (row + column) % 2, with a greedy start and an
    iterative depth-first search (no recursion, whatever the board size): O(E sqrt(V)) for V cells and E pairs.
    """
    n = len(board.cells)
    black = [i for i, (r, c) in enumerate(board.cells) if (r + c) % 2 == 0]
    if n % 2 or 2 * len(black) != n:
        raise ValueError(
            f"the board has no domino tiling: it has {len(black)} cells of one colour and {n - len(black)}"
            " of the other, and every domino covers one of each"
        )
    adj = {u: list(board.neighbours[u]) for u in black}
    if rng is not None:
        rng.shuffle(black)
        for u in black:
            rng.shuffle(adj[u])
    mate = [-1] * n  # mate of every cell, either colour
    for u in black:
        for v in adj[u]:
            if mate[v] < 0:
                mate[u], mate[v] = v, u
                break
    unreachable = n + 1
    while True:
        # Breadth-first layers from the free black cells along alternating paths.
        free = [u for u in black if mate[u] < 0]
        if not free:
            break
        dist = dict.fromkeys(black, unreachable)
        for u in free:
            dist[u] = 0
        queue = deque(free)
        found = False
        while queue:
            u = queue.popleft()
            for v in adj[u]:
                w = mate[v]
                if w < 0:
                    found = True
                elif dist[w] == unreachable:
                    dist[w] = dist[u] + 1
                    queue.append(w)
        if not found:
            raise ValueError(
                "the board has no domino tiling: some cells cannot all be paired with neighbours"
                f" (at most {sum(1 for u in black if mate[u] >= 0)} of {len(black)} dominoes fit)"
            )
        # Depth-first along the layers, an explicit stack per free cell; augment on reaching a free white cell.
        nxt = dict.fromkeys(black, 0)
        for root in free:
            stack, via = [root], []
            while stack:
                u = stack[-1]
                edges = adj[u]
                while nxt[u] < len(edges):
                    v = edges[nxt[u]]
                    nxt[u] += 1
                    w = mate[v]
                    if w < 0:
                        via.append(v)
                        for x, y in zip(stack, via, strict=True):
                            mate[x], mate[y] = y, x
                        stack = []
                        break
                    if dist[w] == dist[u] + 1:
                        via.append(v)
                        stack.append(w)
                        break
                else:
                    dist[u] = unreachable  # a dead end for the rest of this phase
                    stack.pop()
                    if via:
                        via.pop()
    return sorted(board.pair_index[(u, mate[u]) if u < mate[u] else (mate[u], u)] for u in black)


def _plain_draws(rng: random.Random) -> bool:
    """True when ``rng.choice(seq)`` is CPython's ``seq[_randbelow_with_getrandbits(len(seq))]``: the fewest
    bits that hold ``len(seq)``, drawn again until below it. Then a loop of choices can draw those bits itself
    and pick the same items without the two calls around each draw (a subclass keeps its own ``_randbelow``).
    tests/test_generator_layouts.py checks that such a loop picks what ``choice`` picks.
    """
    return getattr(type(rng), "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)


def random_tiling(board: Board, rng: random.Random, *, flips: int | None = None) -> list[int]:
    """A random domino tiling of the board, as sorted pair indices.

    Parameters
    ----------
    board : Board
        Any board that has a tiling: a rectangle with an even number of cells, or any shape with holes.
    rng : random.Random
        The only source of randomness: the same seed gives the same tiling.
    flips : int, optional
        How many flips to attempt; four per cell by default.

    Returns
    -------
    list of int
        Pair indices covering every cell exactly once.

    Raises
    ------
    ValueError
        If the board has no tiling.

    Notes
    -----
    A rectangle starts from parallel bricks (rows of horizontal or columns of vertical dominoes, at random when
    both fit); any other board from :func:`perfect_matching` with neighbours tried in random order. Then each
    flip picks a random 2x2 square and, if it holds two parallel dominoes, turns them a quarter round. Each
    attempt is O(1) (a partner array); total O(cells + flips), plus the matching on irregular boards. The flip
    chain reaches every tiling of a simply connected board; with holes some tilings may be out of reach.
    """
    n = len(board.cells)
    if board.is_rectangle:
        rows, cols = board.rows, board.cols
        if rows * cols % 2:
            raise ValueError(f"the {rows}x{cols} board has no domino tiling: its cell count is odd")
        horizontal = cols % 2 == 0 and (rows % 2 or rng.getrandbits(1))
        partner = [0] * n
        for i in range(n):
            if horizontal:
                partner[i] = i + 1 if i % 2 == 0 else i - 1  # row-major: cols is even, so i, i+1 share a row
            else:
                r = i // cols
                partner[i] = i + cols if r % 2 == 0 else i - cols
    else:
        partner = [0] * n
        for k in perfect_matching(board, rng):
            a, b = board.pairs[k]
            partner[a], partner[b] = b, a
    squares, _ = board_squares(board)
    if squares:
        # rng.choice(squares), the same draw, written out: the choices were half the time of a tiling.
        count = len(squares)
        bits = count.bit_length()
        getrandbits = rng.getrandbits
        below = None if _plain_draws(rng) else rng._randbelow  # type: ignore[attr-defined]
        for _ in range(4 * n if flips is None else flips):
            if below is None:
                r = getrandbits(bits)
                while r >= count:
                    r = getrandbits(bits)
            else:
                r = below(count)
            tl, tr, bl, br = squares[r]
            if partner[tl] == tr and partner[bl] == br:
                partner[tl], partner[bl], partner[tr], partner[br] = bl, tl, br, tr
            elif partner[tl] == bl and partner[tr] == br:
                partner[tl], partner[tr], partner[bl], partner[br] = tr, tl, br, bl
    pair_index = board.pair_index
    return sorted(pair_index[(a, b)] for a, b in enumerate(partner) if a < b)


# -- layouts ------------------------------------------------------------------------------------------------


def is_trivial_square(square: tuple[int, int, int, int], partner: list[int], numbers: list[int]) -> bool:
    """True when the square holds two parallel dominoes that show the same two dominoes turned round."""
    tl, tr, bl, br = square
    parallel = (partner[tl] == tr and partner[bl] == br) or (partner[tl] == bl and partner[tr] == br)
    return parallel and (numbers[tl] == numbers[br] or numbers[tr] == numbers[bl])


def trivial_square_indices(
    squares: Sequence[tuple[int, int, int, int]], which: Iterable[int], partner: list[int], numbers: list[int]
) -> list[int]:
    """The squares among ``which`` (indices into ``squares``) for which :func:`is_trivial_square` holds, in one
    loop: the repairs and the search's moves check squares by the dozen, and a call per square was most of that.
    The numbers are compared first, as they differ more often than the dominoes are parallel."""
    found = []
    for s in which:
        tl, tr, bl, br = squares[s]
        if (numbers[tl] == numbers[br] or numbers[tr] == numbers[bl]) and (
            (partner[tl] == tr and partner[bl] == br) or (partner[tl] == bl and partner[tr] == br)
        ):
            found.append(s)
    return found


def _deal(tiles: list[tuple[int, int]], dominoes: Sequence[Domino], rng: random.Random, numbers: list[int]) -> None:
    """Shuffle the dominoes onto the tiles, each turned either way at random."""
    dealt = list(dominoes)
    rng.shuffle(dealt)
    for (a, b), (x, y) in zip(tiles, dealt, strict=True):
        if rng.getrandbits(1):
            x, y = y, x
        numbers[a], numbers[b] = x, y


def swap_numbers(
    tiles: Sequence[tuple[int, int]], numbers: list[int], t: int, u: int, rng: random.Random
) -> tuple[int, int, int, int]:
    """Tiles ``t`` and ``u`` trade numbers in place, each landing either way round; the four cells touched.

    The one number swap of the generator: repairing a layout's trivial squares here, and the search's
    "swap two dominoes" move (:mod:`~dominosa.generator.mutations`).
    """
    (a, b), (c, d) = tiles[t], tiles[u]
    x, y, z, w = numbers[a], numbers[b], numbers[c], numbers[d]
    if rng.getrandbits(1):
        x, y = y, x
    if rng.getrandbits(1):
        z, w = w, z
    numbers[a], numbers[b], numbers[c], numbers[d] = z, w, x, y
    return a, b, c, d


def _repair(
    board: Board, tiles: list[tuple[int, int]], partner: list[int], numbers: list[int], rng: random.Random
) -> bool:
    """Swap numbers between tiles until no trivial square is left; False if the swap budget runs out.

    Only the squares touching the two tiles of a swap can change, so each swap re-checks at most a dozen.
    """
    squares, cell_squares = board_squares(board)
    bad = set(trivial_square_indices(squares, range(len(squares)), partner, numbers))
    if not bad:
        return True
    if len(tiles) < 2:
        return False
    tile_of = [0] * len(board.cells)
    for t, (a, b) in enumerate(tiles):
        tile_of[a] = tile_of[b] = t
    for _ in range(10 + _SWAPS_PER_TILE * len(tiles)):
        tl, _tr, _bl, br = squares[min(bad)]  # tl and br always lie on the two different tiles
        t = tile_of[tl] if rng.getrandbits(1) else tile_of[br]
        u = rng.randrange(len(tiles) - 1)
        if u >= t:
            u += 1
        for cell in swap_numbers(tiles, numbers, t, u, rng):
            around = cell_squares[cell]
            bad.difference_update(around)
            bad.update(trivial_square_indices(squares, around, partner, numbers))
        if not bad:
            return True
    return False


def random_layout(
    board_or_order: Board | int,
    rng: random.Random,
    *,
    dominoes: Iterable[Domino] | None = None,
    avoid_trivial_squares: bool = True,
) -> tuple[Puzzle, Solution]:
    """A random puzzle together with its hidden solution.

    Parameters
    ----------
    board_or_order : Board or int
        The board, or an order n for the standard (n+1) x (n+2) rectangle.
    rng : random.Random
        The only source of randomness: the same seed gives the same layout.
    dominoes : iterable of (int, int), optional
        The domino set; by default the full double-n set that fits the board's cell count.
    avoid_trivial_squares : bool
        Leave no 2x2 square of two parallel dominoes that could be turned round to show the same two dominoes
        (such a puzzle always has a second solution). True by default.

    Returns
    -------
    (Puzzle, Solution)
        The numbers (no clues) and the tiling they were dealt onto.

    Raises
    ------
    ValueError
        If the board has no tiling, no full set fits its cell count, the set does not fit the board, or no
        layout without trivial squares was found (tiny boards or unusual sets; pass
        ``avoid_trivial_squares=False``).

    Notes
    -----
    Tiling O(cells) flips (see :func:`random_tiling`), dealing O(cells), repair O(1) per swap; a fresh tiling
    is drawn when swaps cannot help (on the 2x3 board of order 1, every all-vertical tiling is trivially
    ambiguous whatever the numbers).

    Examples
    --------
    >>> import random
    >>> puzzle, solution = random_layout(6, random.Random(1))
    >>> puzzle.rows, puzzle.cols, len(solution)
    (7, 8, 28)
    """
    if isinstance(board_or_order, Board):
        board = board_or_order
    else:
        order = int(board_or_order)
        if order < 0:
            raise ValueError(f"the order must be at least 0, not {order}")
        board = Board.rectangle(order + 1, order + 2)
    dealt = dealt_set(board, dominoes)
    pairs, numbers = random_tiles(board, rng, dealt, avoid_trivial_squares=avoid_trivial_squares)
    puzzle = Puzzle(board, tuple(numbers), tuple(dealt))
    return puzzle, Solution.from_pairs(board, pairs)


def dealt_set(board: Board, dominoes: Iterable[Domino] | None) -> list[Domino]:
    """The domino set to deal onto the board, in the order the deal shuffles it (see :func:`random_layout`): the
    set given, sorted, or the full set whose size fits the board. ValueError when it cannot cover the board."""
    n = len(board.cells)
    if dominoes is None:
        order = order_for_cells(n)
        if order is None:
            raise ValueError(f"{n} cells fit no full domino set; pass the domino set")
        dealt = list(full_set(order))
    else:
        dealt = sorted(domino(a, b) for a, b in dominoes)
        if 2 * len(dealt) != n:
            raise ValueError(f"{len(dealt)} dominoes cannot cover {n} cells")
    return dealt


def random_tiles(
    board: Board, rng: random.Random, dealt: Sequence[Domino], *, avoid_trivial_squares: bool = True
) -> tuple[list[int], list[int]]:
    """The layout of :func:`random_layout` as plain lists, the same draws: the tiling's pair indices (sorted) and
    the number in each cell. ``dealt`` is the domino set, as long as the board has cells for, in the order
    :func:`random_layout` deals it (the set sorted, or the full set's own order when none is given).

    For the generator, which keeps layouts as plain data: building the Puzzle and the Solution only to take
    them apart again was a quarter of a random start's cost.
    """
    n = len(board.cells)
    numbers = [0] * n
    for _ in range(_TILING_ATTEMPTS):
        pairs = random_tiling(board, rng)
        tiles = [board.pairs[k] for k in pairs]
        _deal(tiles, dealt, rng, numbers)
        if not avoid_trivial_squares:
            break
        partner = [0] * n
        for a, b in tiles:
            partner[a], partner[b] = b, a
        if _repair(board, tiles, partner, numbers, rng):
            break
    else:
        raise ValueError(
            f"found no layout without a trivially ambiguous 2x2 square in {_TILING_ATTEMPTS} tilings of this"
            " board; pass avoid_trivial_squares=False to allow them"
        )
    return pairs, numbers


def trivial_squares(puzzle: Puzzle, solution: Solution) -> list[Cell]:
    """The trivially ambiguous 2x2 squares of a layout, by their top-left cell.

    Parameters
    ----------
    puzzle : Puzzle
    solution : Solution
        A tiling of the puzzle's board.

    Returns
    -------
    list of (row, column)
        Top-left cells of the squares that hold two parallel dominoes of the solution which, turned a quarter
        round, show the same two dominoes: the puzzle has a second solution there (unless a clue pins one).

    Notes
    -----
    O(cells).
    """
    board = puzzle.board
    partner = list(range(len(board.cells)))
    for k in solution.pairs(board):
        a, b = board.pairs[k]
        partner[a], partner[b] = b, a
    numbers = list(puzzle.numbers)
    squares, _ = board_squares(board)
    return [board.cells[sq[0]] for sq in squares if is_trivial_square(sq, partner, numbers)]


# -- irregular boards ---------------------------------------------------------------------------------------


def _neighbours_of(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    r, c = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def _removable_locally(a: Cell, b: Cell, alive: set[Cell]) -> bool:
    """A sufficient test, O(1), that removing the domino on cells a, b keeps a connected board connected.

    True when the remaining neighbours of a and b reach each other inside the small window around the domino:
    then a path round through the window replaces any path through the domino. False may be too cautious.
    """
    around = [cell for x in (a, b) for cell in _neighbours_of(x) if cell in alive and cell != a and cell != b]
    if len(around) <= 1:
        return True
    (r0, c0), (r1, c1) = a, b
    lo_r, hi_r, lo_c, hi_c = min(r0, r1) - 1, max(r0, r1) + 1, min(c0, c1) - 1, max(c0, c1) + 1
    left = set(around[1:])
    seen = {around[0]}
    todo = [around[0]]
    while todo and left:
        for cell in _neighbours_of(todo.pop()):
            if (
                cell not in seen
                and cell in alive
                and cell != a
                and cell != b
                and lo_r <= cell[0] <= hi_r
                and lo_c <= cell[1] <= hi_c
            ):
                seen.add(cell)
                left.discard(cell)
                todo.append(cell)
    return not left


def _spanning_tree_leaves(tiles: list[tuple[Cell, Cell]], rng: random.Random) -> list[int]:
    """The leaves of a random spanning tree of the dominoes' adjacency graph (dominoes touching by a side).

    Removing any of them, short of all, keeps the board connected: the tree without some of its leaves is
    still a tree. O(cells).
    """
    tile_of = {cell: t for t, tile in enumerate(tiles) for cell in tile}
    root = rng.randrange(len(tiles))
    parent = {root: root}
    children = [0] * len(tiles)
    queue = deque([root])
    while queue:
        t = queue.popleft()
        touching = [tile_of[n] for cell in tiles[t] for n in _neighbours_of(cell) if n in tile_of]
        rng.shuffle(touching)
        for u in touching:
            if u not in parent:
                parent[u] = t
                children[t] += 1
                queue.append(u)
    return [t for t in parent if children[t] == 0 or (t == root and children[t] == 1)]


def random_irregular_board(order: int, rng: random.Random, *, holes: float = 0.3) -> Board:
    """A random board with holes that the full double-``order`` set can tile.

    Parameters
    ----------
    order : int
        The board gets (order+1)(order+2) cells, like the standard rectangle.
    rng : random.Random
        The only source of randomness.
    holes : float
        Roughly the share of the bounding rectangle left empty, from 0 (the standard rectangle) up to, not
        including, 1.

    Returns
    -------
    Board
        Connected, with a tiling by construction.

    Raises
    ------
    ValueError
        If ``order`` is negative or ``holes`` is outside [0, 1).

    Notes
    -----
    Tiles a rectangle about 1/(1 - holes) times the needed area at random, then removes whole dominoes in
    random order, skipping any whose removal would disconnect the board, so what is left is connected and
    still tiled by the remaining dominoes. Whether a removal disconnects is decided in the domino's 3x4
    window, O(1) per domino and pass. When no domino passes that test, leaves of a random spanning tree of the
    dominoes go instead, O(cells) per round. A few passes suffice unless the holes take most of the area.
    """
    if order < 0:
        raise ValueError(f"the order must be at least 0, not {order}")
    if not 0 <= holes < 1:
        raise ValueError(f"holes is a share of the area, at least 0 and below 1, not {holes}")
    target = (order + 1) * (order + 2)
    scale = math.sqrt(1 / (1 - holes))
    rows = max(order + 1, round((order + 1) * scale))
    cols = max(order + 2, round((order + 2) * scale))
    if rows * cols % 2:
        cols += 1
    base = Board.rectangle(rows, cols)
    tiles = [base.pair_cells(k) for k in random_tiling(base, rng)]
    rng.shuffle(tiles)
    alive = set(base.cells)
    to_remove = (len(alive) - target) // 2
    while to_remove:
        kept = []
        for a, b in tiles:
            if to_remove and _removable_locally(a, b, alive):
                alive.discard(a)
                alive.discard(b)
                to_remove -= 1
            else:
                kept.append((a, b))
        if to_remove and len(kept) == len(tiles):
            # Every domino left looks like a cut in its window (the board has grown thin): remove leaves of a
            # random spanning tree of the dominoes instead, which never disconnects.
            leaves = _spanning_tree_leaves(kept, rng)
            gone = set(rng.sample(leaves, min(len(leaves), to_remove, len(kept) - 1)))
            for t in gone:
                alive.difference_update(kept[t])
            to_remove -= len(gone)
            kept = [tile for t, tile in enumerate(kept) if t not in gone]
        tiles = kept
    top = min(r for r, _ in alive)
    left = min(c for _, c in alive)
    return Board.from_cells((r - top, c - left) for r, c in alive)
