"""Dominoes and domino sets.

A domino is an unordered pair of numbers, written low first: ``(2, 5)`` is the 2-5. The full double-n set holds
every such pair with numbers 0..n, (n+1)(n+2)/2 dominoes in all. Dominoes are numbered in a way that does not
depend on n (``domino_index``), so the double-6 set is exactly the first 28 numbers of the double-9 set.

A puzzle numbers the dominoes of its own set by their place in it; which of them each pair of cells shows, and
where each can go (:func:`pair_dominoes`, :func:`domino_places`), are facts about dominoes on numbered cells, made
here for the model (``Puzzle.pair_domino``, ``Puzzle.placements``) and read by the engine's tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

__all__ = [
    "Domino",
    "domino",
    "domino_index",
    "domino_name",
    "full_set",
    "full_set_size",
    "order_for_cells",
    "half_counts",
    "domino_lookup",
    "pair_dominoes",
    "domino_places",
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


@lru_cache(maxsize=64)
def domino_lookup(dominoes: tuple[Domino, ...], size: int) -> tuple[int, ...]:
    """Domino numbers by ``a * size + b`` for numbers ``a``, ``b`` below ``size`` (either way round), -1 for
    none of the set: the number of a domino is its place in ``dominoes``.

    >>> domino_lookup(((0, 0), (0, 1)), 2)
    (0, 1, 1, -1)
    """
    lookup = [-1] * (size * size)
    for d, (a, b) in enumerate(dominoes):
        if a < size and b < size:
            lookup[a * size + b] = lookup[b * size + a] = d
    return tuple(lookup)


def pair_dominoes(
    numbers: tuple[int, ...], pair_a: tuple[int, ...], pair_b: tuple[int, ...], dominoes: tuple[Domino, ...]
) -> tuple[int, ...]:
    """For each pair (cells ``pair_a[q]`` and ``pair_b[q]``), the number of the domino of ``dominoes`` it shows, or
    -1 if that is not in the set: one table lookup per pair.

    Cells showing 0, 1, 1: the pair of cells 0 and 1 shows the 0-1, that of cells 1 and 2 the 1-1, which a set
    of 0-0 and 0-1 lacks.

    >>> pair_dominoes((0, 1, 1), (0, 1), (1, 2), ((0, 0), (0, 1)))
    (1, -1)
    """
    size = max(numbers) + 1
    lookup = domino_lookup(dominoes, size)
    return tuple([lookup[numbers[a] * size + numbers[b]] for a, b in zip(pair_a, pair_b, strict=True)])


def domino_places(pair_domino: tuple[int, ...], n_dominoes: int) -> tuple[tuple[int, ...], ...]:
    """For each domino, the pairs that show it (from :func:`pair_dominoes`): every place it could go.

    >>> domino_places((1, -1, 1), 2)
    ((), (0, 2))
    """
    where: list[list[int]] = [[] for _ in range(n_dominoes)]
    for q, d in enumerate(pair_domino):
        if d >= 0:
            where[d].append(q)
    return tuple([tuple(places) for places in where])
