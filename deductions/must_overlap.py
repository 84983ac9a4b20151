"""Must overlap: a placement that every place left of some domino overlaps would leave that domino
nowhere. The reasoning and cost are in :func:`iter_must_overlap`; :func:`must_overlap_splits` is its logic on
bitsets, which the settled positions' candidate lists read too.
"""

from __future__ import annotations

from collections.abc import Iterator

from dominosa.deductions.grades import Technique
from dominosa.deductions.rules import cell_shared
from dominosa.deductions.scanning import lowest_by_remembered_scan
from dominosa.deductions.sentences import Names, Sentence
from dominosa.deductions.state import Deduction, SolvingState, bit_indices
from dominosa.deductions.tables import Masks

__all__ = ["iter_must_overlap", "must_overlap_of", "must_overlap_splits", "must_overlap"]

MUST_OVERLAP = Technique.MUST_OVERLAP


def iter_must_overlap(s: SolvingState) -> Iterator[Deduction]:
    """Must overlap. A placement that every place left of some domino overlaps would leave that domino nowhere.

    Wherever the domino goes, it uses a cell of the placement; so if the placement were joined, the domino
    would have no place left, and every domino is used once. The shared-cell rule (rule 6) is the case where
    the domino's places all share one cell; this technique covers the rest, typically a double v-v on two
    cells a and b when the only places left for a v-w domino are one through a and one through b.

    Notes
    -----
    Per unplaced domino, the at most six pairs touching its first place are checked against its other places:
    O(pairs) in all.
    """
    for d in range(s.tables.n_dominoes):
        found = must_overlap_of(s, d)
        if found is not None:
            yield found


def must_overlap_of(s: SolvingState, d: int) -> Deduction | None:
    """The must-overlap deduction about domino ``d``, or None. It reads only the pairs that share a cell with a
    place of ``d`` (see :func:`must_overlap`)."""
    if s.placed[d] or s.dom_live[d] < 2:
        return None
    hit_bits = must_overlap_splits(s.masks, s.undecided, d)
    if not hit_bits:
        return None
    t = s.tables
    pa, pb = t.pair_a, t.pair_b
    live = bit_indices(s.masks.placements[d] & s.undecided)
    hit = bit_indices(hit_bits)
    return Deduction(
        rule=MUST_OVERLAP,
        splits=hit,
        cells=tuple(sorted({x for r in hit for x in (pa[r], pb[r])})),
        domino=d,
        reason=Sentence(
            "Every remaining place for the {domino} ({places}) overlaps {pairs}: joining it would leave the {domino} "
            "nowhere, so {pairs} is split.",
            "Every remaining place for the {domino} ({places}) overlaps each of {pairs}: joining any of them would "
            "leave the {domino} nowhere, so {pairs} are split.",
            len(hit),
            domino=s.domino_label(d),
            places=Names(s.pair_label(q) for q in live),
            pairs=Names(s.pair_label(r) for r in hit),
        ),
    )


def must_overlap_splits(m: Masks, undecided: int, d: int) -> int:
    """Must overlap's logic for domino ``d`` of a position whose undecided pairs are ``undecided``: when the domino
    has two places or more left that share no one cell (one shared cell is the shared-cell rule's case), the pairs
    left showing another domino that every one of those places overlaps (which it splits), as a bitset; else 0.
    Such a pair touches every place, so only the pairs touching one of them are tried. A placed domino of a settled
    position has no place left."""
    places = m.placements[d]
    live = places & undecided
    last = live.bit_length() - 1
    if last < 0 or live == m.bit[last] or cell_shared(m, live) >= 0:
        return 0
    touching = m.touching
    near = touching[last] & undecided  # (the pairs every place overlaps touch any of them: the last, say)
    near ^= near & places
    hit = 0
    while near:
        r = near.bit_length() - 1
        bit = m.bit[r]
        near ^= bit
        if live & touching[r] == live:
            hit |= bit
    return hit


def must_overlap(s: SolvingState) -> Deduction | None:
    """Must overlap: the first deduction of :func:`iter_must_overlap` (the reasoning and its cost are told
    there), or None."""
    # Asked again after every deduction: a domino is checked again only when a pair sharing a cell with one of its
    # places was decided since (see lowest_by_remembered_scan).
    t = s.tables
    pd, pa, pb, cell_pairs = t.pair_domino, t.pair_a, t.pair_b, t.cell_pairs
    return lowest_by_remembered_scan(
        s,
        MUST_OVERLAP,
        t.n_dominoes,
        lambda d: must_overlap_of(s, d),
        lambda r: [pd[q] for x in (pa[r], pb[r]) for q in cell_pairs[x] if pd[q] >= 0],
    )
