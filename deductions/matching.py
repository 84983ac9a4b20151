"""Bipartite matching for set analysis: a perfect matching of cells to slots by augmenting paths, and
which cells each cell reaches in the alternating graph (Hall's theorem as Régin's all-different filter
reads it: an edge in no perfect matching can be removed).
"""

from __future__ import annotations

__all__ = ["augment", "perfect_matching", "alternating_reach"]


def perfect_matching(adj: list[list[int]], n_slots: int) -> tuple[list[int] | None, list[int]]:
    """A perfect matching of cells to slots by augmenting paths, or (None, ...) if there is none."""
    match_cell = [-1] * len(adj)
    match_slot = [-1] * n_slots
    for u in range(len(adj)):
        if not augment(adj, match_cell, match_slot, u):
            return None, match_slot
    return match_cell, match_slot


def augment(adj: list[list[int]], match_cell: list[int], match_slot: list[int], u: int) -> bool:
    """Match the unmatched cell ``u`` along an augmenting path (depth first), in place; False if there is none."""
    seen = [False] * len(match_slot)
    stack = [(u, iter(adj[u]))]
    while stack:
        w, it = stack[-1]
        for r in it:
            if seen[r]:
                continue
            seen[r] = True
            if match_slot[r] < 0:
                # Flip the path found: each cell on the stack takes the slot it reached.
                for cell, _ in reversed(stack):
                    previous = match_cell[cell]
                    match_cell[cell] = r
                    match_slot[r] = cell
                    r = previous
                return True
            stack.append((match_slot[r], iter(adj[match_slot[r]])))
            break
        else:
            stack.pop()
    return False


def alternating_reach(adj: list[list[int]], match_cell: list[int], match_slot: list[int]) -> list[int]:
    """For each cell, the cells it reaches in the alternating graph, itself included, as a bitmask.

    The matching is perfect with as many slots as cells (the only case set analysis meets). A cell leads to the
    cell matched with each other slot it could take. Two facts make this all set analysis needs (Régin):
    a link from cell c to slot r lies in some perfect matching exactly when it is matched or the cell matched
    with r reaches c (c, r and that cell are then in one strongly connected part); and the cells the cell
    matched with r reaches are Hall's tight group behind r: they can take only the slots matched with them, as
    many as they are, so those dominoes are theirs, and no smaller group holding that cell is.
    """
    n = len(adj)
    succ = [[match_slot[r] for r in rs if r != match_cell[c]] for c, rs in enumerate(adj)]
    # The strongly connected parts by Tarjan's algorithm: a part is closed only after every part it leads to, so
    # its reach is its own cells and its successors' reach, each part worked out once.
    reach = [0] * n
    order = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    counter = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        frames = [(root, iter(succ[root]))]
        while frames:
            c, it = frames[-1]
            for d in it:
                if order[d] < 0:
                    order[d] = low[d] = counter
                    counter += 1
                    stack.append(d)
                    on_stack[d] = True
                    frames.append((d, iter(succ[d])))
                    break
                if on_stack[d] and order[d] < low[c]:
                    low[c] = order[d]
            else:
                frames.pop()
                if frames:
                    parent = frames[-1][0]
                    if low[c] < low[parent]:
                        low[parent] = low[c]
                if low[c] == order[c]:
                    members = []
                    while True:
                        d = stack.pop()
                        on_stack[d] = False
                        members.append(d)
                        if d == c:
                            break
                    seen = 0
                    for d in members:
                        seen |= 1 << d
                    for d in members:
                        for e in succ[d]:
                            seen |= reach[e]  # 0 for the part's own cells, not yet set
                    for d in members:
                        reach[d] = seen
    return reach
