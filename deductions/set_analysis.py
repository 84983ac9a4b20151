"""Set analysis: cells showing one number that can take only as many dominoes between them as they are
use those dominoes up (and its form with doubles). The matching argument is Hall's theorem as Régin
uses it to filter all-different constraints (J.-C. Régin, "A filtering algorithm for constraints of
difference in CSPs", AAAI 1994); the idea follows the "Extreme" level of Simon Tatham's solver. The
reasoning and cost are in :func:`iter_set_analysis` and :func:`iter_doubles_set_analysis`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache

from dominosa.deductions.grades import Technique
from dominosa.deductions.matching import alternating_reach, augment, perfect_matching
from dominosa.deductions.scanning import UNDECIDED_MASK, affected_items
from dominosa.deductions.sentences import Names, Sentence
from dominosa.deductions.state import UNDECIDED, Deduction, SolvingState, bit_indices
from dominosa.deductions.tables import Tables

__all__ = [
    "iter_set_analysis",
    "set_analysis_of",
    "set_analysis",
    "by_number",
    "iter_doubles_set_analysis",
    "doubles_set_analysis_of",
    "double_must_touch_of",
    "doubles_set_analysis",
]

SET_ANALYSIS = Technique.SET_ANALYSIS
DOUBLES_SET_ANALYSIS = Technique.DOUBLES_SET_ANALYSIS


def iter_set_analysis(s: SolvingState) -> Iterator[Deduction]:
    """Set analysis. Cells showing a number that can only take as many dominoes between them use them all up.

    Take k open cells showing v, no two of them joined by a place of the double v-v. Every domino covers at
    most one of them, so if between them they can only take k dominoes, each takes a different one and all k
    are used there: every other place of those dominoes (the double's included) that touches none of these
    cells is impossible. The double counts once here; the case where it covers two cells of the group is
    :func:`iter_doubles_set_analysis`, a level up.

    How the groups are found: with the double unplaced there is one v-cell more than v-dominoes. Leave out a
    cell u that the double could cover, match the other cells one to one with the dominoes (the double
    once), and follow alternating paths from each domino: the cells reached can take only the dominoes
    reached, as many of them (a tight group, Hall's theorem), and the smallest such group for that domino.
    Any group without a double's place inside misses one end of each such place, so leaving out each end of
    the double's places in turn finds every group there is (one of those ends is where the double lies).

    Notes
    -----
    Per number: one matching, O(m * e) (m cells, e links, at most four links a cell), then one augmenting path
    per further end of the double's places, and the alternating graph's reach, O(m^2) bit operations. Between
    calls each number's first deduction is kept, and worked out again only when a pair of its cells changed.
    """
    said: set[tuple[int, ...]] = set()
    for v, cells in _open_cells_by_number(s):
        for found in set_analysis_of(s, v, cells):
            if found.splits not in said:
                said.add(found.splits)
                yield found


def set_analysis_of(s: SolvingState, v: int, cells: list[int]) -> Iterator[Deduction]:
    """The set analysis deductions about the open cells ``cells`` showing ``v`` (see :func:`iter_set_analysis`).

    They read only the pairs with a cell showing ``v``.
    """
    t, pair_states = s.tables, s.pair_states
    pa, pb = t.pair_a, t.pair_b
    for _, group_cells, group_doms, double, double_pairs in _count_once_groups_of(s, v, cells):
        if any(pa[q] in group_cells and pb[q] in group_cells for q in double_pairs):
            continue  # the double could cover two of them: not this technique's reasoning
        away = tuple(
            q
            for d in group_doms
            for q in t.placements[d]
            if pair_states[q] == UNDECIDED and pa[q] not in group_cells and pb[q] not in group_cells
        )
        if not away:
            continue
        names = Names(s.cell_name(x) for x in sorted(group_cells))
        dominoes = Names(s.domino_label(d) for d in group_doms)
        pairs = Names(s.pair_label(q) for q in away)
        yield Deduction(
            rule=SET_ANALYSIS,
            splits=away,
            cells=tuple(sorted(group_cells)),
            domino=group_doms[0],
            reason=Sentence(
                "The {v}s at {cells} can only take the {dominoes} between them, one each (the double only one: no "
                "two are neighbours): so {pairs} is split.",
                "The {v}s at {cells} can only take the {dominoes} between them, one each (the double only one: no "
                "two are neighbours): so {pairs} are split.",
                len(away), v=v, cells=names, dominoes=dominoes, pairs=pairs,
            )
            if double in group_doms
            else Sentence(
                "The {v}s at {cells} can only take the {dominoes} between them, one each: so {pairs} is split.",
                "The {v}s at {cells} can only take the {dominoes} between them, one each: so {pairs} are split.",
                len(away), v=v, cells=names, dominoes=dominoes, pairs=pairs,
            ),
        )


def _count_once_groups_of(
    s: SolvingState, v: int, cells: list[int]
) -> Iterator[tuple[int, set[int], list[int], int | None, list[int]]]:
    """Tight groups with the double counted once among the open cells ``cells`` showing ``v``: (v, cells, their
    dominoes, the double, its open places).

    Each group is k open v-cells that can only take k unplaced v-dominoes between them, the smallest such group
    for one of those dominoes, found with one v-cell left out (see :func:`iter_set_analysis`).
    """
    t, pair_states, placed = s.tables, s.pair_states, s.placed
    pd, pa, pb = t.pair_domino, t.pair_a, t.pair_b
    numbers = by_number(t)
    doms = [d for d in numbers.dominoes[v] if not placed[d]]
    double = numbers.double[v] if numbers.double[v] in doms else None
    if len(cells) != len(doms) + (double is not None):
        return  # the counts disagree only in a broken position; the contradiction shows elsewhere
    double_pairs = [] if double is None else [q for q in t.placements[double] if pair_states[q] == UNDECIDED]
    left_out: list[int | None] = [None] if double is None else []
    for q in double_pairs:
        left_out += [x for x in (pa[q], pb[q]) if x not in left_out]
    slot_of = {d: i for i, d in enumerate(doms)}
    links = {
        x: sorted({slot_of[pd[q]] for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED and pd[q] in slot_of})
        for x in cells
    }
    key = ("count once", v, tuple(doms), tuple(cells), tuple(tuple(links[x]) for x in cells), tuple(double_pairs))
    groups = s.memo.get(key)
    if groups is None:
        groups = s.memo[key] = _Found(_groups_leaving_out(cells, links, doms, left_out))
    for group_cells, group_doms in groups:
        yield v, group_cells, group_doms, double, double_pairs


class _Found:
    """The items of an iterator, worked out only as far as some reader has asked, and kept for the next reader.

    Set analysis usually stops at the first group that gives a deduction, and later positions often meet the
    same number's groups again: the memo keeps them as far as they were found.
    """

    __slots__ = ("found", "more")

    def __init__(self, more: Iterator[tuple[set[int], list[int]]]) -> None:
        self.found: list[tuple[set[int], list[int]]] = []
        self.more: Iterator[tuple[set[int], list[int]]] | None = more

    def __iter__(self) -> Iterator[tuple[set[int], list[int]]]:
        k = 0
        while True:
            if k < len(self.found):
                yield self.found[k]
                k += 1
                continue
            if self.more is None:
                return
            item = next(self.more, None)
            if item is None:
                self.more = None
                return
            self.found.append(item)


def _groups_leaving_out(
    cells: list[int], links: dict[int, list[int]], doms: list[int], left_out: list[int | None]
) -> Iterator[tuple[set[int], list[int]]]:
    """The tight groups found with each cell of ``left_out`` left out in turn (see :func:`iter_set_analysis`).

    Which perfect matching is used does not change the groups: the cells a cell reaches in the alternating graph
    are the smallest tight group holding it, whatever the matching, and the links in some perfect matching are
    what they are. So the matching found with one cell left out is carried to the next: the next cell gives up
    its slot and the previous one is matched along one augmenting path, instead of matching all cells again.
    """
    seen: set[frozenset[int]] = set()
    k, n = len(cells), len(doms)
    index = {x: i for i, x in enumerate(cells)}
    adj_all = [links[x] for x in cells]
    match_cell = [-1] * k  # a perfect matching of the cells but ``out`` (an index), when ``out`` is not None
    match_slot = [-1] * n
    out: int | None = None
    for u in left_out:
        if u is not None and u not in index:
            continue  # more cells than dominoes: no perfect matching
        gone = -1 if u is None else index[u]
        if out is not None and out >= 0 and gone >= 0 and out != gone:
            match_slot[match_cell[gone]] = -1
            match_cell[gone] = -1
            out = None if not augment(adj_all, match_cell, match_slot, out) else gone
        elif out is None or out != gone:
            match_cell, match_slot = [-1] * k, [-1] * n
            out = gone
            if not all(augment(adj_all, match_cell, match_slot, c) for c in range(k) if c != gone):
                out = None
        if out is None:
            continue
        members = [c for c in range(k) if c != gone]
        adj = [adj_all[c] for c in members]
        member_matches = [match_cell[c] for c in members]
        slot_members = [c if gone < 0 or c < gone else c - 1 for c in match_slot]
        # Only a domino some cell outside its group could take gives a deduction: one on a link that lies in no
        # perfect matching (Regin's test: its slot's cell cannot reach back), or one the left-out cell takes.
        reach = alternating_reach(adj, member_matches, slot_members)
        useful = {
            r for c, rs in enumerate(adj) for r in rs if member_matches[c] != r and not reach[slot_members[r]] >> c & 1
        }
        useful.update(links[u] if u is not None else ())
        for r in sorted(useful):
            group = bit_indices(reach[slot_members[r]])
            group_cells = {cells[members[c]] for c in group}
            group_doms = sorted({doms[member_matches[c]] for c in group})
            key = frozenset(group_cells)
            if key not in seen:
                seen.add(key)
                yield group_cells, group_doms


def set_analysis(s: SolvingState) -> Deduction | None:
    """Set analysis: the first deduction of :func:`iter_set_analysis` (the reasoning and its cost are told
    there), or None."""
    # Asked again after every deduction once the easier levels are stuck: only the numbers with a pair decided
    # since are looked at again (see _first_by_number).
    return _first_by_number(s, SET_ANALYSIS, set_analysis_of)


def _first_by_number(
    s: SolvingState, key: object, deductions_of: Callable[[SolvingState, int, list[int]], Iterator[Deduction]]
) -> Deduction | None:
    """The first deduction of the lowest number that has one, remembering each number's between calls.

    ``deductions_of(s, v, cells)`` yields the deductions about number v (its open cells ``cells``) and reads only
    the pairs with a cell showing v. The state keeps (``SolvingState.scans[key]``) the undecided pairs at the
    last call and each number's first deduction or None; a call works out again only the numbers with a pair
    decided since, and the others' as far as the lowest number with a deduction: the answer is the one a full
    scan in number order gives.
    """
    now = s.pair_states.translate(UNDECIDED_MASK)
    cached = s.scans.get(key)
    results: dict[int, Deduction | None] = {}
    if cached is not None:
        then, results = cached
        if then != now:
            numbers, pa, pb = s.puzzle.numbers, s.tables.pair_a, s.tables.pair_b
            changed = affected_items(then, now, lambda r: (numbers[pa[r]], numbers[pb[r]]))
            results = {v: found for v, found in results.items() if v not in changed}
    first = None
    for v, cells in _open_cells_by_number(s):
        if v in results:
            first = results[v]
        else:
            first = results[v] = next(deductions_of(s, v, cells), None)
        if first is not None:
            break
    s.scans[key] = (now, results)
    return first


def _open_cells_by_number(s: SolvingState) -> Iterator[tuple[int, list[int]]]:
    """Each number with open cells, lowest first, and its open cells."""
    covered = s.covered
    for v, cells in enumerate(by_number(s.tables).cells):
        open_cells = [x for x in cells if not covered[x]]
        if open_cells:
            yield v, open_cells


class _Numbers:
    """Per number v of a puzzle: its cells, its dominoes (v-w and w-v, by index) and the index of its double."""

    __slots__ = ("cells", "dominoes", "double")

    def __init__(self, t: Tables) -> None:
        puzzle = t.puzzle
        top = max(max(puzzle.numbers, default=0), max((hi for _, hi in puzzle.dominoes), default=0))
        self.cells: list[list[int]] = [[] for _ in range(top + 1)]
        for x, v in enumerate(puzzle.numbers):
            self.cells[v].append(x)
        self.dominoes: list[list[int]] = [[] for _ in range(top + 1)]
        self.double: list[int] = [-1] * (top + 1)
        for d, (lo, hi) in enumerate(puzzle.dominoes):
            self.dominoes[lo].append(d)
            if hi != lo:
                self.dominoes[hi].append(d)
            else:
                self.double[lo] = d
        for ds in self.dominoes:
            ds.sort()


@lru_cache(maxsize=64)
def by_number(t: Tables) -> _Numbers:
    """The puzzle's cells grouped by the number they show, and the dominoes of each number (made once a puzzle)."""
    return _Numbers(t)


def iter_doubles_set_analysis(s: SolvingState) -> Iterator[Deduction]:
    """Set analysis with doubles. The open cells showing a number share out the open dominoes with that number.

    Every domino v-w (w not v) covers one cell showing v, and the double v-v covers two. So the open v-cells and
    the unplaced v-dominoes (the double counted twice) are matched one to one. If some k of the v-cells can
    only take k of those dominoes between them, those dominoes are used up there and cannot serve any other
    v-cell. All such groups are found at once with a perfect matching and its strongly connected parts: a
    cell-domino link that lies in no perfect matching is impossible.

    Notes
    -----
    Per number: O(m * e) for the matching (m cells, e links, at most four links a cell) and O(m^2) bit operations
    for the alternating graph's reach; no limit on how often a number occurs (the best C solver stops at 16).
    """
    for v, cells in _open_cells_by_number(s):
        yield from doubles_set_analysis_of(s, v, cells)
    for v, cells in _open_cells_by_number(s):
        yield from double_must_touch_of(s, v, cells)


def doubles_set_analysis_of(s: SolvingState, v: int, cells: list[int]) -> Iterator[Deduction]:
    """The cells ``cells`` showing ``v`` share out the v-dominoes: the links in no perfect matching go (see
    :func:`iter_doubles_set_analysis`). It reads only the pairs with a cell showing ``v``."""
    t, pair_states, placed = s.tables, s.pair_states, s.placed
    puzzle = s.puzzle
    pd = t.pair_domino
    numbers = by_number(t)
    slots: list[int] = []
    for d in numbers.dominoes[v]:
        if not placed[d]:
            slots.append(d)
            if d == numbers.double[v]:
                slots.append(d)
    if len(slots) != len(cells):
        return  # the counts disagree only in a broken position; the contradiction shows elsewhere
    slot_ids: dict[int, list[int]] = {}
    for i, d in enumerate(slots):
        slot_ids.setdefault(d, []).append(i)
    adj = []
    for x in cells:
        shown = sorted({pd[q] for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED})
        adj.append([i for d in shown for i in slot_ids.get(d, ())])
    key = ("count twice", v, tuple(slots), tuple(cells), tuple(map(tuple, adj)))
    if key not in s.memo:
        match_cell, match_slot = perfect_matching(adj, len(slots))
        reach = None if match_cell is None else alternating_reach(adj, match_cell, match_slot)
        s.memo[key] = match_cell, match_slot, reach
    match_cell, match_slot, reach = s.memo[key]
    if match_cell is None or reach is None:
        return
    for u, x in enumerate(cells):
        keep = {slots[r] for r in adj[u] if match_cell[u] == r or reach[match_slot[r]] >> u & 1}
        # A pair showing a placed domino (bookkeeping still pending) is left to rule 2: it has no slot here.
        away = tuple(
            q for q in t.cell_pairs[x] if pair_states[q] == UNDECIDED and pd[q] not in keep and pd[q] in slot_ids
        )
        if not away:
            continue
        banned = sorted({pd[q] for q in away})
        group = reach[match_slot[slot_ids[banned[0]][0]]]
        group_cells = bit_indices(group)
        group_dominoes = sorted({slots[match_cell[c]] for c in group_cells})
        yield Deduction(
            rule=DOUBLES_SET_ANALYSIS,
            splits=away,
            cells=tuple(cells[c] for c in sorted(group_cells)),
            domino=banned[0],
            reason=_share_sentence(
                puzzle, group_dominoes, v,
                cells=Names(s.cell_name(cells[c]) for c in sorted(group_cells)),
                dominoes=Names(s.domino_label(d) for d in group_dominoes),
                cell=s.cell_label(x), domino=s.domino_label(banned[0]), pairs=Names(s.pair_label(q) for q in away),
            ),
        )


def double_must_touch_of(s: SolvingState, v: int, cells: list[int]) -> Iterator[Deduction]:
    """k v-cells that can only take k v-dominoes, the double among them and able to lie on two of them.

    If the double covered none of them, they would have k-1 dominoes for k cells: so it covers at least one,
    and its places that touch none of them are impossible.
    """
    t = s.tables
    pa, pb = t.pair_a, t.pair_b
    for _, group_cells, group_doms, double, double_pairs in _count_once_groups_of(s, v, cells):
        if double not in group_doms or not any(pa[q] in group_cells and pb[q] in group_cells for q in double_pairs):
            continue
        away = tuple(q for q in double_pairs if pa[q] not in group_cells and pb[q] not in group_cells)
        if not away:
            continue
        yield Deduction(
            rule=DOUBLES_SET_ANALYSIS,
            splits=away,
            cells=tuple(sorted(group_cells)),
            domino=double,
            reason=Sentence(
                "The {v}s at {cells} can only take the {dominoes} between them, as many dominoes as cells: the "
                "{double} must cover at least one of them, so {pairs} is split.",
                "The {v}s at {cells} can only take the {dominoes} between them, as many dominoes as cells: the "
                "{double} must cover at least one of them, so {pairs} are split.",
                len(away),
                v=v,
                cells=Names(s.cell_name(x) for x in sorted(group_cells)),
                dominoes=Names(s.domino_label(d) for d in group_doms),
                double=s.domino_label(double),
                pairs=Names(s.pair_label(q) for q in away),
            ),
        )


def _share_sentence(puzzle, group: list[int], v: int, pairs: Names, **parts: object) -> Sentence:
    """Set analysis with doubles' sentence: how the group shares its dominoes (the double covering two of the
    cells, or one each) is part of it."""
    if any(puzzle.dominoes[d] == (v, v) for d in group):
        return Sentence(
            "The {v}s at {cells} can only take the {dominoes} between them (the double covering two of them): so "
            "{cell} cannot take the {domino}, and {pairs} is split.",
            "The {v}s at {cells} can only take the {dominoes} between them (the double covering two of them): so "
            "{cell} cannot take the {domino}, and {pairs} are split.",
            len(pairs), v=v, pairs=pairs, **parts,
        )
    return Sentence(
        "The {v}s at {cells} can only take the {dominoes} between them, one each: so {cell} cannot take the "
        "{domino}, and {pairs} is split.",
        "The {v}s at {cells} can only take the {dominoes} between them, one each: so {cell} cannot take the "
        "{domino}, and {pairs} are split.",
        len(pairs), v=v, pairs=pairs, **parts,
    )


def doubles_set_analysis(s: SolvingState) -> Deduction | None:
    """Set analysis with doubles: the first deduction of :func:`iter_doubles_set_analysis` (the reasoning
    and its cost are told there), or None."""
    # As set_analysis: each number looked at again only when a pair of its cells was decided since.
    return _first_by_number(s, DOUBLES_SET_ANALYSIS, doubles_set_analysis_of) or _first_by_number(
        s, _DOUBLE_MUST_TOUCH, double_must_touch_of
    )


_DOUBLE_MUST_TOUCH = "set analysis with doubles: the double must touch"
