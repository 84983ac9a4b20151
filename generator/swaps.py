"""Number swaps that keep a tiling's domino set whole: the moves ``dominosa fix --swaps`` makes.

A setter's grid hides an intended tiling (the solution kept). Swapping two cells' numbers must leave that tiling
showing every domino of the set once, or the grid stops being a Dominosa puzzle. A single swap of cells ``x``
and ``y`` does so in exactly two cases:

- ``x`` and ``y`` are the two halves of one domino: the domino turns end for end;
- ``x`` and ``y`` lie on two dominoes whose *other* halves hold the same number ``v``: the dominoes ``a-v`` and
  ``b-v`` become ``b-v`` and ``a-v``, the same two dominoes in each other's places.

Swapping whole dominoes (two swaps: ``a-b`` and ``c-d`` trade places) is the one move of two swaps that no pair
of the moves above gives. A move is only sure to keep the set whole while the dominoes it touches keep their
other numbers, so the moves of one fix touch different dominoes of the tiling; the number of swaps of a fix is
then the sum of its moves', and the cells changed are twice that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Move", "moves_keeping", "apply_moves", "cells_mask"]


class Move(NamedTuple):
    """Cell swaps done together: ``swaps`` are (cell, cell) index pairs, ``cells`` their cells as a bitmask, and
    ``tiles`` every cell of the dominoes they touch (another move of the same fix must stay off them)."""

    swaps: tuple[tuple[int, int], ...]
    cells: int
    tiles: int

    @property
    def cost(self) -> int:
        return len(self.swaps)


def cells_mask(cells: Sequence[int]) -> int:
    mask = 0
    for x in cells:
        mask |= 1 << x
    return mask


def moves_keeping(
    tiles: Sequence[tuple[int, int]],
    numbers: Sequence[int],
    *,
    fixed: int = 0,
    whole_dominoes: bool = True,
    most: int | None = None,
) -> list[Move]:
    """Every move that keeps the tiling's domino set whole and changes the grid, cheapest first.

    ``tiles`` are the kept tiling's (cell, cell) pairs, ``numbers`` the grid by cell; cells in the bitmask
    ``fixed`` (the clues') are never touched. With ``whole_dominoes`` the two-swap moves trading two dominoes
    are listed too (after every single swap). With ``most``, the list stops there (the cheapest moves kept): a
    big board has hundreds of thousands of trades.
    """
    partner = [0] * len(numbers)
    for a, b in tiles:
        partner[a], partner[b] = b, a
    free = [(a, b) for a, b in tiles if not (fixed >> a & 1 or fixed >> b & 1)]
    out: list[Move] = []
    for a, b in free:
        if numbers[a] != numbers[b]:
            out.append(Move(((a, b),), 1 << a | 1 << b, 1 << a | 1 << b))
    # Cells by the number on their domino's other half.
    by_other: dict[int, list[int]] = {}
    for a, b in free:
        by_other.setdefault(numbers[b], []).append(a)
        by_other.setdefault(numbers[a], []).append(b)
    for v in sorted(by_other):
        cells = by_other[v]
        for i, x in enumerate(cells):
            for y in cells[i + 1 :]:
                if numbers[x] != numbers[y] and partner[x] != y:
                    tiles = 1 << x | 1 << y | 1 << partner[x] | 1 << partner[y]
                    out.append(Move(((min(x, y), max(x, y)),), 1 << x | 1 << y, tiles))
    if most is not None and len(out) >= most:
        return out[:most]
    if whole_dominoes:
        for i, (a, b) in enumerate(free):
            if most is not None and len(out) >= most:
                return out[:most]
            for c, d in free[i + 1 :]:
                if len({numbers[a], numbers[b], numbers[c], numbers[d]}) < 4:
                    continue  # a shared number: one single swap (above) does the same
                cells = 1 << a | 1 << b | 1 << c | 1 << d
                out.append(Move(((a, c), (b, d)), cells, cells))
                out.append(Move(((a, d), (b, c)), cells, cells))
    return out


def apply_moves(numbers: Sequence[int], moves: Sequence[Move]) -> tuple[int, ...]:
    """The grid after the moves' swaps, in order."""
    out = list(numbers)
    for move in moves:
        for x, y in move.swaps:
            out[x], out[y] = out[y], out[x]
    return tuple(out)
