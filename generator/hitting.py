"""Minimum hitting sets by branch and bound, on sets written as integer bitmasks.

A *hitting set* of a family of sets is a set of elements that meets every member of the family. ``dominosa fix``
asks for the fewest clues that rule out every other solution: each other solution is the set of the kept
solution's dominoes it does not use, and a clue set works exactly when it hits all of them. The families are
small (one set per other solution, over at most a few hundred elements), so an exact search written here beats
bringing in an ILP solver: sets are Python integers, and a union or a test is one machine-level operation.

The search branches on the elements of the smallest set not yet hit (one of them must be chosen), and prunes
with a lower bound: sets that share no element need one element each, so a greedy packing of pairwise disjoint
sets among those left bounds what is still needed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

__all__ = ["HittingSets", "minimal_sets", "minimum_hitting_sets", "greedy_hitting_set", "disjoint_bound", "bits"]


def bits(mask: int) -> list[int]:
    """The elements of a bitmask, smallest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def minimal_sets(family: Iterable[int]) -> list[int]:
    """The inclusion-minimal members of a family, fewest elements first: a set that contains another is hit
    whenever that other one is, so it never changes the answer."""
    kept: list[int] = []
    for s in sorted(set(family), key=lambda m: (m.bit_count(), m)):
        if not any(k & s == k for k in kept):
            kept.append(s)
    return kept


def disjoint_bound(family: Sequence[int]) -> int:
    """A lower bound on any hitting set: how many pairwise disjoint sets a greedy pass (smallest first) finds."""
    used = 0
    count = 0
    for s in family:
        if not s & used:
            used |= s
            count += 1
    return count


def greedy_hitting_set(family: Sequence[int]) -> int:
    """A hitting set (as a bitmask) by the usual greedy rule: the element in the most sets not yet hit."""
    left = list(family)
    chosen = 0
    while left:
        tally: dict[int, int] = {}
        for s in left:
            for e in bits(s):
                tally[e] = tally.get(e, 0) + 1
        best = max(tally, key=lambda e: (tally[e], -e))
        chosen |= 1 << best
        left = [s for s in left if not s >> best & 1]
    return chosen


@dataclass
class HittingSets:
    """The outcome of :func:`minimum_hitting_sets`: the smallest size found, hitting sets of that size (as
    bitmasks, up to the number asked for), and whether the search finished, which proves the size minimum."""

    size: int
    sets: list[int] = field(default_factory=list)
    proved: bool = True
    lower_bound: int = 0


def minimum_hitting_sets(
    family: Iterable[int],
    *,
    most: int = 1,
    upper: int | None = None,
    deadline: float | None = None,
    allowed: int = -1,
) -> HittingSets:
    """The smallest hitting sets of a family of bitmask sets, up to ``most`` of them.

    Parameters
    ----------
    family : the sets, as bitmasks of their elements; an empty family is hit by the empty set.
    most : how many hitting sets of the smallest size to collect (the search still proves the size).
    upper : look only for sets of at most this size (no answer when there is none: ``size`` is then
        ``upper + 1`` and ``sets`` is empty).
    deadline : a ``time.monotonic()`` value; past it the search stops with the best found (``proved`` False).
    allowed : the elements that may be chosen (a bitmask; all by default). A set with none of them makes the
        family unhittable: ``sets`` is then empty.

    Notes
    -----
    Exponential in the worst case, like the problem (it is NP-hard); the families ``dominosa fix`` meets have
    a few dozen minimal sets and are solved in milliseconds.
    """
    sets = minimal_sets(s & allowed for s in family)
    if sets and sets[0] == 0:
        return HittingSets(0, [], True, 0)
    if not sets:
        return HittingSets(0, [0], True, 0)
    greedy = greedy_hitting_set(sets)
    bound = greedy.bit_count() if upper is None else min(upper, greedy.bit_count())
    found: list[int] = [greedy] if greedy.bit_count() <= bound else []
    state = {"bound": bound, "stopped": False, "nodes": 0}
    lower = disjoint_bound(sets)

    def search(chosen: int, count: int, left: list[int], banned: int) -> None:
        if state["stopped"]:
            return
        state["nodes"] += 1
        if deadline is not None and state["nodes"] % 256 == 0 and time.monotonic() > deadline:
            state["stopped"] = True
            return
        if not left:
            if count < state["bound"]:
                state["bound"] = count
                found.clear()
            if count == state["bound"] and len(found) < most and chosen not in found:
                found.append(chosen)
            return
        limit = state["bound"] if len(found) < most else state["bound"] - 1
        if count + disjoint_bound(left) > limit:
            return
        first = min(left, key=lambda m: m.bit_count())
        # Elements of the smallest set, those in the most sets first: a good first branch finds the bound early.
        options = bits(first)
        options.sort(key=lambda e: -sum(1 for s in left if s >> e & 1))
        for e in options:
            rest = [s for s in left if not s >> e & 1]
            search(chosen | 1 << e, count + 1, rest, banned)
            # Later branches leave e out: any set using e was already met in this branch.
            banned |= 1 << e
            left = [s & ~banned for s in left]
            if any(s == 0 for s in left):
                return

    search(0, 0, sets, 0)
    size = state["bound"] if found else (bound + 1)
    proved = not state["stopped"]
    return HittingSets(size, found, proved, size if proved else lower)
