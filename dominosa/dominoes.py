"""Dominoes and domino sets.

A domino is an unordered pair of numbers, written low first: ``(2, 5)`` is the 2-5. The full double-n set holds
every such pair with numbers 0..n, (n+1)(n+2)/2 dominoes in all. Dominoes are numbered in a way that does not
depend on n (``domino_index``), so the double-6 set is exactly the first 28 numbers of the double-9 set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

__all__ = [
    "Domino",
    "domino",
    "domino_index",
    "domino_name",
    "full_set",
    "full_set_size",
    "order_for_cells",
    "half_counts",
]

Domino = tuple[int, int]


def domino(a: int, b: int) -> Domino:
    """The domino showing ``a`` and ``b``, low number first."""
    return (a, b) if a <= b else (b, a)


def domino_index(a: int, b: int) -> int:
    """A number for the domino a-b, the same in every set: 0-0 is 0, 0-1 is 1, 1-1 is 2, 0-2 is 3, ..."""
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a


def domino_name(d: Domino) -> str:
    return f"{d[0]}-{d[1]}"


def full_set_size(order: int) -> int:
    """How many dominoes the double-``order`` set holds."""
    return (order + 1) * (order + 2) // 2


def full_set(order: int) -> tuple[Domino, ...]:
    """Every domino with numbers 0..order, in ``domino_index`` order."""
    return tuple((a, b) for b in range(order + 1) for a in range(b + 1))


def order_for_cells(cell_count: int) -> int | None:
    """The n whose full double-n set covers exactly ``cell_count`` cells, or None if there is none."""
    n = 0
    while (n + 1) * (n + 2) < cell_count:
        n += 1
    return n if (n + 1) * (n + 2) == cell_count else None


def half_counts(dominoes: Iterable[Domino]) -> Counter[int]:
    """How many times each number appears on the dominoes (a double counts twice)."""
    counts: Counter[int] = Counter()
    for a, b in dominoes:
        counts[a] += 1
        counts[b] += 1
    return counts
