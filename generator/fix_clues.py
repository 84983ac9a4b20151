"""The clue search of ``dominosa fix``: the fewest clues (dominoes of the kept solution given in place) that
rule out every other solution of an ambiguous grid.

Each other solution is the set of the kept solution's dominoes it does not use, and a clue set works exactly
when it meets every such set: a minimum hitting set (:mod:`~dominosa.generator.hitting`), exact when the
solutions could all be listed. Without ``keep``, every solution is tried as the one to keep, and among the
smallest clue sets the one whose puzzle grades hardest (or nearest the grade asked for) is chosen. Past the cap
the kept solution's clue set is found by the implicit hitting set loop: solve the hitting set of the solutions
known, count the puzzle with those clues, add the other solution that count finds, again; when the count says
unique, the set is minimum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dominosa.deductions.counting import count_solutions
from dominosa.deductions.grades import GRADES
from dominosa.deductions.grading import GradeResult
from dominosa.generator.fix_search import FixSearch, closeness, finish, grade_proper, pair_mask, replaced
from dominosa.generator.hitting import bits, minimum_hitting_sets
from dominosa.puzzle import Puzzle

if TYPE_CHECKING:  # the result type lives with the driver, which imports this module
    from dominosa.generator.fixing import Fix

__all__ = ["ClueSearch"]

# Kept solutions tried as candidates when not told which to keep, and clue sets graded to choose among.
_MAX_KEPT = 400
_MAX_GRADED = 40


class ClueSearch(FixSearch):
    """The fewest clues that leave one solution (see the module)."""

    def _with_clues(self, pairs: list[int]) -> Puzzle:
        board = self.puzzle.board
        return self.puzzle.with_clues([*self.puzzle.clues, *(board.pair_cells(q) for q in pairs)])

    def _offer(self, kept: int, pairs: list[int], graded: GradeResult, *, minimal: bool, lower: int) -> Fix:
        """A clue fix as a result, kept as the best so far when it is better than the one there."""
        fixed = self._with_clues(pairs)
        result = replaced(
            self.base,
            kept=kept + 1,
            clues=tuple(self.puzzle.board.pair_cells(q) for q in sorted(pairs)),
            puzzle=fixed,
            solution=self.found[kept],
            graded=graded,
            minimal=minimal,
            lower_bound=lower,
        )
        best = self.progress.best
        if best is None or (len(result.clues), closeness(result.level, self.target)) < (
            len(best.clues),
            closeness(best.level, self.target),
        ):
            self.progress.best = result
        return result

    def clues(self) -> Fix:
        """The fewest clues (see the module), the kept solution chosen unless ``keep`` says which."""
        if not self.complete:
            return self._implicit_clues(0 if self.keep is None else self.keep - 1)
        n = len(self.masks)
        if self.keep is not None:
            kepts = [self.keep - 1]
        elif n <= _MAX_KEPT:
            kepts = list(range(n))
        else:  # too many to try each: those whose greedy clue sets are smallest
            kepts = self._promising_kept(_MAX_KEPT // 10)
        best_size: int | None = None
        candidates: list[tuple[int, int]] = []  # (kept, clue pairs bitmask)
        proved = True
        lower_by_kept: dict[int, int] = {}
        for k in kepts:
            if self.clock.over():
                proved = False
                break
            # The kept solution's family: for each other solution, the dominoes of the kept one it does not use.
            family = [self.masks[k] & ~m for j, m in enumerate(self.masks) if j != k]
            allowed = self.masks[k] & ~self.clue_mask
            result = minimum_hitting_sets(
                family, most=_MAX_GRADED, upper=best_size, deadline=self.clock.deadline, allowed=allowed
            )
            proved = proved and result.proved
            lower_by_kept[k] = result.lower_bound
            if not result.sets:
                continue
            if best_size is None or result.size < best_size:
                best_size, candidates = result.size, []
            candidates.extend((k, s) for s in result.sets)
            if best_size is not None and len(candidates) == len(result.sets):
                # First candidates of this size: an answer to hand back at once if the work is stopped.
                k0, s0 = candidates[0]
                self._offer(k0, bits(s0), grade_proper(self._with_clues(bits(s0))), minimal=False, lower=1)
        if best_size is None:
            best = self.progress.best or self.base
            return finish(self.progress, best, stopped=True, note="stopped before any clue set was found")
        if len(kepts) < n:
            # Not every solution was tried as the one to keep: proved only if no smaller set can work at all.
            proved = proved and self._fewest_possible(best_size - 1) == best_size
        if proved:
            lower = best_size
        elif len(kepts) < n:
            lower = self._fewest_possible(best_size - 1)
        else:
            lower = min([best_size, *lower_by_kept.values()])
        chosen = None
        for k, s in candidates[:_MAX_GRADED]:
            pairs = bits(s)
            graded = grade_proper(self._with_clues(pairs))
            key = closeness(graded.level, self.target)
            if chosen is None or key < chosen[0]:
                chosen = (key, k, pairs, graded)
            if key[0] == 0 and (self.target is not None or graded.level == len(GRADES) - 1):
                break
            if self.clock.over():
                break
        assert chosen is not None
        _, k, pairs, graded = chosen
        result = self._offer(k, pairs, graded, minimal=proved, lower=lower)
        result = replaced(result, note=self._grade_note(graded), stopped=self.clock.over())
        return finish(self.progress, result)

    def _fewest_possible(self, most: int, budget: int = 200_000) -> int:
        """A lower bound on any clue set, whatever solution it keeps: the size past which no set of ``most``
        clues or fewer leaves exactly one of the solutions (searched exhaustively while the budget of nodes
        lasts; each clue must narrow the solutions left, or a smaller set would do)."""
        where = self._containing()
        pairs = sorted(where)
        state = {"nodes": 0}

        def exists(size: int, start: int, left: int) -> bool | None:
            if left.bit_count() == 1:
                return True
            if size == 0:
                return False
            for i in range(start, len(pairs)):
                state["nodes"] += 1
                if state["nodes"] > budget:
                    return None
                narrower = left & where[pairs[i]]
                if narrower and narrower != left:
                    got = exists(size - 1, i + 1, narrower)
                    if got is not False:
                        return got
            return False

        everyone = (1 << len(self.masks)) - 1
        for size in range(1, most + 1):
            got = exists(size, 0, everyone)
            if got is None:
                return size
            if got:
                return size
        return most + 1

    def _implicit_clues(self, kept: int) -> Fix:
        """Past the cap: hit the solutions known, count with those clues, learn the other solution found, again."""
        family = [self.masks[kept] & ~m for j, m in enumerate(self.masks) if j != kept]
        allowed = self.masks[kept] & ~self.clue_mask
        lower = 1
        while True:
            result = minimum_hitting_sets(family, deadline=self.clock.deadline, allowed=allowed)
            pairs = bits(result.sets[0]) if result.sets else bits(allowed)
            if result.proved:
                lower = max(lower, result.size)
            fixed = self._with_clues(pairs)
            counted = count_solutions(fixed, 2, keep_solutions=True, timeout=self.clock.left())
            if counted.unique:
                graded = grade_proper(fixed)
                proved = result.proved and self.keep is not None
                offered = self._offer(kept, pairs, graded, minimal=proved, lower=lower if not proved else len(pairs))
                return finish(self.progress, offered, stopped=self.clock.over())
            if counted.timed_out or self.clock.over() or len(counted.solutions) < 2:
                # Out of time: the best known is a fix that has not been proved to work; give the lower bound.
                return finish(
                    self.progress,
                    replaced(self.progress.best or self.base, stopped=True, lower_bound=lower),
                    note=f"stopped before a clue set was proved to work; any needs at least {lower} clues",
                )
            other = next(s for s in counted.solutions if pair_mask(self.puzzle, s) != self.masks[kept])
            family.append(self.masks[kept] & ~pair_mask(self.puzzle, other))
