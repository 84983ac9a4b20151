"""The best renaming of one puzzle's numbers onto another's: a maximum-weight assignment, solved exactly.

Two puzzles of a full set may be the same grid with the numbers renamed (every 3 a 5, every 5 a 0, ...). How
alike they are under the best renaming is the largest total of ``agree[x][y]`` (cells where the first shows x
and the second y) over one-to-one maps x -> y: the assignment problem. It is solved here with the Hungarian
method (shortest augmenting paths with potentials), cubic in the number of names: 51 names for a double-50.

Most pairs never need it: :func:`assignment_exceeds` first bounds the answer from above (each name's best
partner, by rows and by columns) and from below (a greedy matching), and solves exactly only when the limit
asked about lies between the two.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["best_assignment", "greedy_assignment", "assignment_bound", "assignment_exceeds"]


def best_assignment(weights: Sequence[Sequence[int]]) -> int:
    """The largest total weight of a one-to-one map from rows to columns of a square matrix of whole numbers."""
    n = len(weights)
    if n == 0:
        return 0
    top = max(max(row) for row in weights)
    cost = [[top - w for w in row] for row in weights]  # least cost of top - w is most weight
    row_pot = [0] * (n + 1)
    col_pot = [0] * (n + 1)
    owner = [0] * (n + 1)  # owner[j]: the row (1-based) holding column j; column 0 is the path's root
    for row in range(1, n + 1):
        _augment(cost, row, row_pot, col_pot, owner)
    return sum(weights[owner[j] - 1][j - 1] for j in range(1, n + 1))


def _augment(cost: list[list[int]], row: int, row_pot: list[int], col_pot: list[int], owner: list[int]) -> None:
    """Give ``row`` a column along a shortest augmenting path (reduced costs), updating the potentials."""
    n = len(cost)
    owner[0] = row
    slack = [float("inf")] * (n + 1)
    came_from = [0] * (n + 1)
    done = [False] * (n + 1)
    column = 0
    while owner[column] != 0:
        done[column] = True
        here = owner[column]
        costs, pot = cost[here - 1], row_pot[here]
        delta, next_column = float("inf"), 0
        for j in range(1, n + 1):
            if done[j]:
                continue
            reduced = costs[j - 1] - pot - col_pot[j]
            if reduced < slack[j]:
                slack[j], came_from[j] = reduced, column
            if slack[j] < delta:
                delta, next_column = slack[j], j
        for j in range(n + 1):
            if done[j]:
                row_pot[owner[j]] += delta
                col_pot[j] -= delta
            else:
                slack[j] -= delta
        column = next_column
        if owner[column] == 0:
            break
    while column:
        previous = came_from[column]
        owner[column] = owner[previous]
        column = previous


def greedy_assignment(weights: Sequence[Sequence[int]]) -> int:
    """A one-to-one map's total taken greedily, heaviest pair first: never more than the best."""
    n = len(weights)
    pairs = sorted(((w, r, c) for r, row in enumerate(weights) for c, w in enumerate(row) if w), reverse=True)
    rows, cols = [False] * n, [False] * n
    total = 0
    for w, r, c in pairs:
        if not rows[r] and not cols[c]:
            rows[r] = cols[c] = True
            total += w
    return total


def assignment_bound(weights: Sequence[Sequence[int]]) -> int:
    """A total no one-to-one map exceeds: each row's (or each column's) heaviest entry, whichever sum is less."""
    by_rows = sum(max(row) for row in weights)
    by_cols = sum(max(col) for col in zip(*weights, strict=True))
    return min(by_rows, by_cols)


def assignment_exceeds(weights: Sequence[Sequence[int]], limit: float) -> bool:
    """Whether the best one-to-one map's total is more than ``limit``: solved exactly only where the bounds
    (:func:`assignment_bound` above, :func:`greedy_assignment` below) leave it open."""
    if assignment_bound(weights) <= limit:
        return False
    return greedy_assignment(weights) > limit or best_assignment(weights) > limit
