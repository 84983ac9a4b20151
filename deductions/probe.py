"""The engine's one failed-pair probe: suppose a pair joined, follow rules 1-6 alone, and see whether they contradict.

:class:`PairProbe` serves grading's short contradictions (:mod:`~dominosa.deductions.short_contradiction`,
:mod:`~dominosa.deductions.levels`) and the counter's root (:func:`probe`), on plain nodes
(:mod:`dominosa.deductions.node`) and their copies.
"""

from __future__ import annotations

from collections.abc import Iterable

from dominosa.deductions.node import Node, propagate_position
from dominosa.deductions.state import pair_bits
from dominosa.deductions.tables import Tables

__all__ = ["PROBE_MAX_CELLS", "PairProbe", "probe"]

# Root probing (probe) on boards up to this many cells. On small boards it often leaves nothing to
# search; on large ones a probe costs about as much as a search node and learning gets the same facts more cheaply.
PROBE_MAX_CELLS = 512


class PairProbe:
    """The engine's one failed-pair probe: suppose a pair joined, follow rules 1-6 alone, and see whether they
    contradict.

    It works on a plain :class:`Node` propagated to its fixed point (the position the caller passes, or None when
    that position already contradicts by the rules: then every supposition does). :meth:`refutes` tries one pair
    on a scratch copy, so the position is untouched; :meth:`decide` joins or splits a pair in the position itself,
    as a caller does with what a refutation forced, so that later suppositions start from more.

    The rules only add what they know and reach the same fixed point in any order, so the position with a pair
    joined contradicts exactly when the propagated position with it joined does: one copy per supposition,
    never a propagation of every joined pair again. And a supposition that reached a consistent fixed point F
    (here or in an earlier position) *vouches* for every pair F joins while F holds all the position knows: the
    position with such a pair joined lies inside F, so its propagation stays inside F and meets no contradiction,
    and the pair is not tried. The fixed points are facts of the puzzle: a caller that keeps ``fixed_points``
    between positions (a grading run, the copies of one solving state) passes the same list each time, and the
    probe drops those that no longer hold the position. With ``fixed_points`` None nothing is vouched for and
    every supposition is propagated (the counter's root probe, whose count of probes the search reports).
    """

    __slots__ = ("node", "fixed_points", "vouched", "probes")

    def __init__(self, node: Node | None, fixed_points: list[tuple[int, int]] | None = None) -> None:
        self.node = node
        self.fixed_points = fixed_points
        self.vouched = 0  # the pairs the holding fixed points join, as a bitset
        self.probes = 0  # the suppositions propagated
        self._keep_holding()

    @staticmethod
    def at(
        t: Tables, joined: Iterable[int], split: Iterable[int], fixed_points: list[tuple[int, int]] | None = None
    ) -> PairProbe:
        """The probe of the position with these pairs joined and split (as pair indices), propagated first."""
        return PairProbe(propagate_position(t, joined, split), fixed_points)

    def _keep_holding(self) -> None:
        """Drop the fixed points that no longer hold the position, and vouch for the pairs the others join."""
        fixed_points, node = self.fixed_points, self.node
        if fixed_points is None or node is None:
            return
        now_joined, now_split = pair_bits(bytes(node.pstate))
        fixed_points[:] = [(j, sp) for j, sp in fixed_points if not (now_joined & ~j or now_split & ~sp)]
        vouched = 0
        for j, _ in fixed_points:
            vouched |= j
        self.vouched = vouched

    def refutes(self, q: int) -> bool:
        """Whether joining pair ``q`` leads by rules 1-6 alone to a contradiction. A supposition that does not is
        remembered (when the probe keeps fixed points) and vouches for the pairs its fixed point joins."""
        node = self.node
        if node is None:
            return True
        if self.vouched >> q & 1:
            return False
        self.probes += 1
        trial = node.copy()
        if not trial.join(q):
            return True
        if self.fixed_points is not None:
            fixed_point = pair_bits(bytes(trial.pstate))
            self.fixed_points.append(fixed_point)
            self.vouched |= fixed_point[0]
        return False

    def decide(self, q: int, join: bool) -> bool:
        """Join (or split) pair ``q`` in the position itself and draw every consequence; False on a contradiction
        (the position is then spoilt)."""
        node = self.node
        if node is None or not (node.join(q) if join else node.split(q)):
            return False
        self._keep_holding()
        return True


def probe(node: Node) -> tuple[bool, int]:
    """Failed-literal probing at the counter's root: for each cell with two pairs left, suppose each joined in
    turn (:class:`PairProbe`); if one is refuted, the cell must take the other. Repeats until nothing more is
    forced. Changes ``node`` in place; returns False on a contradiction, and how many probes it made.

    This is rule 7 restricted to one step of lookahead, done once at the root of small boards (see
    ``PROBE_MAX_CELLS``): it costs a propagation per open two-way cell but often settles the puzzle outright.
    """
    t = node.t
    cell_pairs: tuple[tuple[int, ...], ...] = t.cell_pairs
    pstate: list[int] = node.pstate  # a plain node's joins change its arrays in place
    ccount: list[int] = node.ccount
    suppose = PairProbe(node)
    changed = True
    while changed:
        changed = False
        for x in range(t.n_cells):
            if ccount[x] != 2:
                continue
            # The cell's two open pairs, each tried in turn (plain loops: a compiled build runs them natively).
            first = second = -1
            for q in cell_pairs[x]:
                if not pstate[q]:
                    if first < 0:
                        first = q
                    else:
                        second = q
            for k in range(2):
                tried, other = (second, first) if k else (first, second)
                if suppose.refutes(tried):
                    if not suppose.decide(other, join=True):
                        return False, suppose.probes
                    changed = True
                    break
    return True, suppose.probes
