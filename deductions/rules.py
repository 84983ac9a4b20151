"""The seven rules of Dominosa solving, one function each (their names, levels and order: the technique
table, :class:`~dominosa.deductions.grades.Technique`).

Each rule looks at a :class:`~dominosa.deductions.state.SolvingState` and returns the first deduction it can make
(lowest cell, pair or domino number first, so results are reproducible) or ``None``. A rule never changes the position:
:meth:`SolvingState.apply` does that (rules 4 and 6 only tell the state, by its own methods, where they looked in vain,
so that it stops offering those cells and dominoes until they change). After any rule fires, solving starts again at
rule 1.

A rule's logic at one cell, pair or domino is written once, on the position's pair bitsets and the puzzle's
:class:`~dominosa.deductions.tables.Masks`: :func:`single_pair_of` (rule 1), :func:`join_splits` (rule 2),
:func:`only_place_of` (rules 3 and 5), :func:`same_neighbours_away` (rule 4), :func:`shared_cell_splits` (rule 6).
The step finders here wrap it in a deduction with its sentence; the position's closure
(:func:`~dominosa.deductions.driver.close_trivially`), the settled runs' bookkeeping
(:func:`~dominosa.deductions.driver.settle_counted`), the closure mode's bulk finders, and the state graph's
children and trivial moves (:func:`~dominosa.deductions.settled.settled_after`,
:func:`~dominosa.deductions.settled.trivial_moves`) call the same functions.

Rules 1-6 are deductions a person makes; rule 7 is trial and error, which people dislike. Every rule is sound:
it never rules out a solution (rule 7 only splits a pair after proving that joining it leads nowhere).
"""

from __future__ import annotations

from collections.abc import Callable

from dominosa.deductions.counting import count_position_pairs
from dominosa.deductions.known_solutions import completes, keep_refutation, keep_solution, refutation_nodes
from dominosa.deductions.sentences import Names, Sentence
from dominosa.deductions.state import Deduction, SolvingState, bit_indices, names_of
from dominosa.deductions.tables import Masks, Tables

__all__ = [
    "Rule",
    "single_neighbour",
    "single_neighbour_at",
    "single_pair_of",
    "join_consequences",
    "join_splits",
    "split_consequences",
    "placing_split",
    "only_place_of",
    "all_same_neighbours",
    "same_neighbours_away",
    "unique_placement",
    "shared_cell",
    "shared_cell_splits",
    "cell_shared",
    "guess",
    "guess_at",
]


# The sentences of rules 1-6 are made on first read (grading reads none of them): each rule passes a function
# of the puzzle's names (its tables, not the state, so a deduction kept does not keep its position alive).


def single_neighbour(s: SolvingState) -> Deduction | None:
    """Rule 1. A cell with only one pair left must be covered by that pair.

    Every cell belongs to exactly one domino; if all but one of its neighbours are ruled out, the domino
    covering it can only lie towards the one that is left.
    """
    if not s.lonely_cells:
        return None
    return single_neighbour_at(s, min(s.lonely_cells))


def single_neighbour_at(s: SolvingState, x: int) -> Deduction:
    """Rule 1 at one cell with a single pair left (see :func:`single_neighbour`)."""
    q = single_pair_of(s.masks, s.undecided, x)
    t = s.tables
    other = t.pair_b[q] if t.pair_a[q] == x else t.pair_a[q]
    d = t.pair_domino[q]
    return Deduction(
        rule=1,
        joins=(q,),
        cells=(x, other),
        domino=d,
        reason=lambda: Sentence("{cell} has only one remaining neighbour, {other}: the {domino} goes there.",
                                cell=names_of(t).cell_label[x], other=names_of(t).cell_label[other],
                                domino=names_of(t).domino[d]),
    )


def single_pair_of(m: Masks, undecided: int, x: int) -> int:
    """Rule 1's logic at cell ``x`` of a position whose undecided pairs are ``undecided``: the cell's one pair left
    (which the rule joins), or -1 when it has none or several."""
    return _only(m, m.cell_pairs[x] & undecided)


def _only(m: Masks, pairs: int) -> int:
    """The one pair of a bitset of pairs, or -1 when it has none or several."""
    q = pairs.bit_length() - 1
    return q if q >= 0 and pairs == m.bit[q] else -1


def join_consequences(s: SolvingState) -> Deduction | None:
    """Rule 2. Once a domino is placed, nothing else can use its cells, and it can go nowhere else.

    Every other undecided pair touching either of its cells becomes newly split (each may have consequences of
    its own, drawn by rule 3), and every other undecided placement of the same domino becomes split.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.state import SolvingState
    >>> s = SolvingState(read_puzzle("3:22223101012330103310"))
    >>> s.apply(unique_placement(s))
    >>> found = join_consequences(s)
    >>> found.reason
    'The 0-0 at r2c4-r3c4 is placed: 6 neighbouring pairs split.'
    """
    if not s.newly_joined:
        return None
    q = min(s.newly_joined)
    t = s.tables
    d = t.pair_domino[q]
    m = s.masks
    near, away = join_splits(m, s.undecided, q)
    touching = tuple(r for r in t.touching[q] if near & m.bit[r])  # in the tables' order, as ever
    elsewhere = bit_indices(away)
    return Deduction(
        rule=2,
        splits=touching,
        quiet_splits=elsewhere,
        settles=(q,),
        cells=(t.pair_a[q], t.pair_b[q]),
        domino=d,
        reason=lambda: _placed_words(t, q, d, len(touching), len(elsewhere)),
    )


def join_splits(m: Masks, undecided: int, q: int) -> tuple[int, int]:
    """Rule 2's logic for a joined pair ``q`` of a position whose undecided pairs are ``undecided``: the pairs left
    touching it (which the rule splits, each with consequences of its own to draw) and its domino's other places
    left (split with none), as bitsets."""
    near = m.touching[q] & undecided
    away = m.placements[m.pair_domino[q]] & undecided
    return near, away ^ (away & near)


def _placed_words(t, q: int, d: int, n_touching: int, n_elsewhere: int) -> str:
    """Rule 2's sentence."""
    names = names_of(t)
    parts = []
    if n_touching:
        parts.append(f"{n_touching} neighbouring pair{'s' if n_touching != 1 else ''} split")
    if n_elsewhere:
        parts.append(f"{n_elsewhere} other place{'s' if n_elsewhere != 1 else ''} of the "
                     f"{names.domino[d]} ruled out")
    consequence = "; ".join(parts) if parts else "nothing else changes"
    return f"The {names.domino[d]} at {names.pair[q]} is placed: {consequence}."


def split_consequences(s: SolvingState) -> Deduction | None:
    """Rule 3. A split pair may leave its domino with a single place, which then must be used.

    If the domino shown by a newly split pair is not placed yet and has exactly one undecided placement left,
    that placement becomes newly joined. Either way the split is now fully drawn.

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.state import SolvingState
    >>> s = SolvingState(read_puzzle("3:22223101012330103310"))
    >>> s.apply(unique_placement(s))
    >>> s.apply(join_consequences(s))
    >>> split_consequences(s).reason
    'r1c4-r2c4 is split.'
    """
    if not s.newly_split:
        return None
    q = min(s.newly_split)
    t = s.tables
    d = t.pair_domino[q]
    only = only_place_of(s.masks, s.undecided, d) if d >= 0 and not s.placed[d] and s.dom_live[d] == 1 else -1
    if only >= 0:
        return placing_split(t, q, only)
    return Deduction(rule=3, settles=(q,), domino=d if d >= 0 else None,
                     reason=lambda: Sentence("{pair} is split.", pair=names_of(t).pair[q]))


def placing_split(t: Tables, q: int, only: int) -> Deduction:
    """Rule 3's deduction where the split of pair ``q`` leaves its domino one place, ``only``: that place is
    joined (the settle kernel reports these steps, and the driver makes them with this)."""
    d = t.pair_domino[q]
    return Deduction(
        rule=3,
        joins=(only,),
        settles=(q,),
        cells=(t.pair_a[only], t.pair_b[only]),
        domino=d,
        reason=lambda: Sentence("With {pair} split, the {domino} has only one remaining place: {place}.",
                                pair=names_of(t).pair[q], domino=names_of(t).domino[d],
                                place=names_of(t).pair[only]),
    )


def only_place_of(m: Masks, undecided: int, d: int) -> int:
    """The logic of rules 3 and 5 for domino ``d`` (not placed) of a position whose undecided pairs are
    ``undecided``: its one place left (which the rules join), or -1 when it has none or several."""
    return _only(m, m.placements[d] & undecided)


def all_same_neighbours(s: SolvingState) -> Deduction | None:
    """Rule 4. If every pair left at a cell shows the same domino, that domino covers this cell.

    Whichever way the cell is covered, it is by that domino; so the domino's placements that do not touch
    this cell are impossible.
    """
    looked: list[int] = []  # looked at in vain: only a change at such a cell can make rule 4 fire there
    found: Deduction | None = None
    for x in sorted(s.dirty_cells):
        found = same_neighbours_at(s, x)
        if found is not None:
            break  # stays a candidate until the deduction is applied (then it will not fire again)
        looked.append(x)
    s.cells_looked_at(looked)
    return found


def same_neighbours_at(s: SolvingState, x: int) -> Deduction | None:
    """Rule 4 at one cell (see :func:`all_same_neighbours`)."""
    if s.covered[x] or s.cell_live[x] < 2:
        return None
    away_bits = same_neighbours_away(s.masks, s.undecided, x)
    if not away_bits:
        return None
    t = s.tables
    away = bit_indices(away_bits)
    d = t.pair_domino[away[0]]
    return Deduction(
        rule=4,
        splits=away,
        cells=(x,),
        domino=d,
        reason=lambda: Sentence(
            "Every remaining neighbour of {cell} makes the {domino}, so that domino covers it: {pairs} is ruled out.",
            "Every remaining neighbour of {cell} makes the {domino}, so that domino covers it: {pairs} are ruled out.",
            len(away),
            cell=names_of(t).cell_label[x],
            domino=names_of(t).domino[d],
            pairs=Names(names_of(t).pair[q] for q in away),
        ),
    )


def same_neighbours_away(m: Masks, undecided: int, x: int) -> int:
    """Rule 4's logic at cell ``x`` of a position whose undecided pairs are ``undecided``: when the cell has two
    pairs or more left and all show one domino, that domino's places left away from the cell (which the rule
    splits), as a bitset; else 0. A covered cell of a settled position has no pair left."""
    # (Written for few big-integer operations: each makes a new integer of the board's size.)
    live = m.cell_pairs[x] & undecided
    top = live.bit_length() - 1
    if top < 0 or live == m.bit[top]:
        return 0
    places = m.placements[m.pair_domino[top]]
    if live & places != live:
        return 0
    return (places & undecided) ^ live


def unique_placement(s: SolvingState) -> Deduction | None:
    """Rule 5. A domino with only one place left on the whole board must go there (the tedious scan).

    Every domino is used once; when all its other placements are gone the last one is forced. Rule 3 catches
    most of these as they happen; this rule is the global scan that finds the rest, such as a domino that
    shows up only once from the very start. The README's puzzle shows its 0-0 once:

    >>> from dominosa import read_puzzle
    >>> from dominosa.deductions.state import SolvingState
    >>> found = unique_placement(SolvingState(read_puzzle("3:22223101012330103310")))
    >>> found.reason, found.joins
    ('The 0-0 can only go at r2c4-r3c4.', (16,))
    """
    if not s.lonely_dominoes:
        return None
    return unique_placement_of(s, min(s.lonely_dominoes))


def unique_placement_of(s: SolvingState, d: int) -> Deduction:
    """Rule 5 for one domino with a single place left (see :func:`unique_placement`)."""
    q = only_place_of(s.masks, s.undecided, d)
    t = s.tables
    return Deduction(
        rule=5,
        joins=(q,),
        cells=(t.pair_a[q], t.pair_b[q]),
        domino=d,
        reason=lambda: Sentence("The {domino} can only go at {pair}.", domino=names_of(t).domino[d],
                                pair=names_of(t).pair[q]),
    )


def shared_cell(s: SolvingState) -> Deduction | None:
    """Rule 6. If every place left for a domino uses the same cell, that cell belongs to that domino.

    Wherever the domino goes, it covers that cell; so the cell's other pairs, which show other dominoes,
    are impossible.
    """
    looked: list[int] = []
    found: Deduction | None = None
    for d in sorted(s.dirty_dominoes):
        found = shared_cell_of(s, d)
        if found is not None:
            break
        looked.append(d)
    s.dominoes_looked_at(looked)
    return found


def shared_cell_of(s: SolvingState, d: int) -> Deduction | None:
    """Rule 6 for one domino (see :func:`shared_cell`)."""
    if s.placed[d] or s.dom_live[d] < 2:
        return None
    x, others_bits = shared_cell_splits(s.masks, s.undecided, d)
    if not others_bits:
        return None
    t = s.tables
    others = bit_indices(others_bits)
    return Deduction(
        rule=6,
        splits=others,
        cells=(x,),
        domino=d,
        reason=lambda: Sentence(
            "Every remaining place for the {domino} uses {cell}, so the cell is covered by it: {pairs} is split.",
            "Every remaining place for the {domino} uses {cell}, so the cell is covered by it: {pairs} are split.",
            len(others),
            domino=names_of(t).domino[d],
            cell=names_of(t).cell_label[x],
            pairs=Names(names_of(t).pair[q] for q in others),
        ),
    )


def shared_cell_splits(m: Masks, undecided: int, d: int) -> tuple[int, int]:
    """Rule 6's logic for domino ``d`` of a position whose undecided pairs are ``undecided``: when the domino has
    two places or more left and all use one cell, that cell and its other pairs left (which the rule splits, as a
    bitset); else (-1, 0). A placed domino of a settled position has no place left."""
    places = m.placements[d]
    live = places & undecided
    x = cell_shared(m, live)
    if x < 0:
        return -1, 0
    near = m.cell_pairs[x] & undecided
    return x, near ^ (near & places)


def cell_shared(m: Masks, pairs: int) -> int:
    """The cell every one of ``pairs`` (a bitset) uses when they are two or more, else -1 (two pairs share one
    cell at most: rule 6's case; "must overlap" is about the places of a domino sharing none)."""
    q = pairs.bit_length() - 1
    if q < 0:
        return -1
    a, b = m.pair_a[q], m.pair_b[q]
    pairs ^= m.bit[q]
    if not pairs:
        return -1
    while pairs and (a >= 0 or b >= 0):
        q = pairs.bit_length() - 1
        pairs ^= m.bit[q]
        qa, qb = m.pair_a[q], m.pair_b[q]
        if a != qa and a != qb:
            a = -1
        if b != qa and b != qb:
            b = -1
    return a if a >= 0 else b


def guess(s: SolvingState) -> Deduction | None:
    """Rule 7. Try a pair: if joining it leads to a contradiction, split it (trial and error).

    The pair tried is one of the cell with the fewest pairs left. Joining each of its pairs in turn is
    followed through by search; the first that cannot be completed is split. If every one of them can be
    completed (the puzzle has several solutions), the first is joined as a choice.
    """
    t = s.tables
    open_cells = [x for x in range(t.n_cells) if not s.covered[x]]
    if not open_cells:
        return None
    x = min(open_cells, key=lambda c: (s.cell_live[c], c))
    live = s.live_pairs_of_cell(x)
    for q in live:
        found = guess_at(s, x, q, refuted_only=True)
        if found is not None:
            return found
    return guess_at(s, x, live[0])


def guess_at(s: SolvingState, x: int, q: int, *, refuted_only: bool = False) -> Deduction | None:
    """Rule 7 trying pair ``q`` of cell ``x``: split when joining it cannot be completed, else (not with
    ``refuted_only``) joined as a choice, as :func:`guess` chooses once every pair of the cell can be completed."""
    t = s.tables
    joined, split = s.joined_pairs(), s.split_pairs()
    nodes = refutation_nodes(t, joined, split, q)  # the same search made before, or -1
    if nodes >= 0:
        refuted = True
    elif completes(t, joined, split, q):  # a solution kept from an earlier guess joins q: no search needed
        refuted, nodes = False, 0
    else:
        result, found = count_position_pairs(s.puzzle, joined + [q], split, max_solutions=1)
        refuted = result.count == 0
        nodes = result.stats.nodes
        if found:
            keep_solution(t, found[0])
        elif refuted:
            keep_refutation(t, joined, split, q, nodes)
    if not refuted and refuted_only:
        return None
    how = "at once" if nodes <= 1 else f"after {nodes} search steps"
    reason = (
        f"Trying the {s.domino_label(t.pair_domino[q])} at {s.pair_label(q)} leads to a contradiction {how}, so it "
        "is split." if refuted else f"Every pair of {s.cell_label(x)} can be completed, so the puzzle has more "
        f"than one solution; choosing {s.pair_label(q)}."
    )
    return Deduction(
        rule=7,
        joins=() if refuted else (q,),
        splits=(q,) if refuted else (),
        cells=(x,),
        domino=t.pair_domino[q],
        reason=reason,
        effort=max(1, nodes) if refuted else 0,
    )


Rule = Callable[[SolvingState], "Deduction | None"]
