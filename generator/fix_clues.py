"""The clue search of ``dominosa fix``: the fewest clues (dominoes of the kept solution given in place) that
rule out every other solution of an ambiguous grid.

Each other solution is the set of the kept solution's dominoes it does not use, and a clue set works exactly
when it meets every such set: a hitting set (:mod:`~dominosa.generator.hitting`).

The search answers first, then improves, so that it always has an answer to give when the time runs out:

1. **A unique clue set, fast at any size.** Greedy hits of the solutions listed; then count with those clues,
   and while the count finds other solutions, add greedy hits of those too. A clue set that leaves one solution
   always exists (every domino of the kept solution), so this always ends, in a few counts.
2. **Redundant clues dropped**: each clue whose removal still leaves one solution (by a count) goes.
3. **The fewest, proved.** With every solution listed: a minimum hitting set per kept solution (each one, or
   the most promising when there are too many), and among the smallest the one whose puzzle grades hardest (or
   nearest the grade asked for). With only some listed: the implicit hitting set loop for the kept solution:
   solve the hitting set of the solutions known, count with those clues, learn the other solution that count
   finds, again; when the count says unique, the set is the fewest that keep that solution.
"""

from __future__ import annotations

from dominosa.deductions import GRADES, GradeResult, count_solutions
from dominosa.generator.fix_result import Fix
from dominosa.generator.fix_search import (
    FixSearch,
    closeness,
    finish,
    grade_proper,
    pair_mask,
    proved_by_bound,
    replaced,
    trivial_families,
)
from dominosa.generator.hitting import bits, disjoint_bound, greedy_hitting_set, minimal_sets, minimum_hitting_sets
from dominosa.puzzle import Puzzle

__all__ = ["ClueSearch"]

# Kept solutions tried as candidates when not told which to keep, and clue sets graded to choose among.
_MAX_KEPT = 400
_MAX_GRADED = 40
# The sets of a kept solution's family tried alone first when checking that no smaller clue set exists.
_SMALL_SET = 6
# Other solutions a count of the first answer's loop learns at a time (each round adds a clue or a few).
_LEARN_AT_ONCE = 16


class ClueSearch(FixSearch):
    """The fewest clues that leave one solution (see the module)."""

    def _with_clues(self, pairs: list[int]) -> Puzzle:
        board = self.puzzle.board
        return self.puzzle.with_clues([*self.puzzle.clues, *(board.pair_cells(q) for q in pairs)])

    def _offer(
        self, kept: int, pairs: list[int], graded: GradeResult | None, *, minimal: bool, lower: int, **more: object
    ) -> Fix:
        """A clue fix as a result, kept as the best so far when it is better than the one there: fewer clues,
        then a grade nearer the target, then a proof."""
        fixed = self._with_clues(pairs)
        result = replaced(
            self.base,
            kept=kept + 1,
            clues=tuple(self.puzzle.board.pair_cells(q) for q in sorted(pairs)),
            puzzle=fixed,
            solution=self.solution_of(kept),
            graded=graded,
            minimal=minimal,
            lower_bound=lower,
            **more,
        )
        result = proved_by_bound(result)
        best = self.progress.best
        if best is None or not best.proper or _rank(result, self.target) < _rank(best, self.target):
            self.progress.best = result
        return result

    def clues(self) -> Fix:
        """The fewest clues (see the module), the kept solution chosen unless ``keep`` says which."""
        kept = 0 if self.keep is None else self.keep - 1
        family = self._family(kept)
        first = self._first_unique(kept, family)
        if first is None:
            best = self.progress.best or self.base
            return finish(self.progress, best, stopped=True, note="stopped before any clue set was found")
        first = self._without_redundant(kept, first, family)
        lower = self._lower_for(kept, family)
        self._offer(kept, first, None, minimal=False, lower=lower)
        if not self.clock.over():
            self._offer(kept, first, grade_proper(self._with_clues(first)), minimal=False, lower=lower)
        if not self.clock.over():
            before = len(self.masks)
            self.list_more()
            if len(self.masks) > before:
                kept_mask = self.masks[kept]
                family = minimal_sets([*family, *(kept_mask & ~m for m in self.masks[before:])])
        if not self.clock.over():
            if self.complete:
                self._fewest_of_listed()
            else:
                self._implicit_clues(kept, family, lower)
        best = self.progress.best
        assert best is not None
        note = self._grade_note(best.graded) if best.graded is not None else None
        return finish(self.progress, best, stopped=self.clock.over() or best.stopped, note=note)

    # -- 1 and 2: a first answer, fast ----------------------------------------------------------------------

    def _family(self, kept: int) -> list[int]:
        """The kept solution's family: for each other solution listed, the dominoes of the kept one it lacks."""
        kept_mask = self.masks[kept]
        others = (kept_mask & ~m for j, m in enumerate(self.masks) if j != kept)
        return minimal_sets([*others, *trivial_families(self.puzzle, kept_mask)])

    def _first_unique(self, kept: int, family: list[int]) -> list[int] | None:
        """Clues that leave only the kept solution (greedy, not the fewest); ``family`` learns the solutions the
        counts meet. None when the time runs out first."""
        kept_mask = self.masks[kept]
        chosen = greedy_hitting_set(family)
        while not self.clock.over():
            counted = count_solutions(
                self._with_clues(bits(chosen)), _LEARN_AT_ONCE, keep_solutions=True, timeout=self.clock.left()
            )
            if counted.unique:
                return bits(chosen)
            learnt = [kept_mask & ~pair_mask(self.puzzle, s) for s in counted.solutions]
            learnt = [s for s in learnt if s]
            if not learnt:
                return None  # out of time before the count found another solution
            family.extend(learnt)
            chosen |= greedy_hitting_set(minimal_sets(learnt))
        return None

    def _without_redundant(self, kept: int, pairs: list[int], family: list[int]) -> list[int]:
        """The clues with each one that is not needed dropped: first by the solutions known (a clue that is the
        only hit of some known solution stays), then by a count."""
        chosen = list(pairs)
        for q in sorted(pairs, reverse=True):
            if self.clock.over():
                break
            rest = [x for x in chosen if x != q]
            rest_mask = sum(1 << x for x in rest)
            if any(not s & rest_mask for s in family):
                continue
            counted = count_solutions(self._with_clues(rest), 2, keep_solutions=True, timeout=self.clock.left())
            if counted.unique:
                chosen = rest
            elif counted.solutions:
                family.extend(m for s in counted.solutions if (m := self.masks[kept] & ~pair_mask(self.puzzle, s)))
        return chosen

    def _lower_for(self, kept: int, family: list[int]) -> int:
        """A lower bound on the clues that keep the solution: its hitting set, solved in a small share of the
        time left (the disjoint sets among its family when that runs out)."""
        deadline = self.clock.share(0.2)
        return minimum_hitting_sets(family, deadline=deadline, allowed=self._allowed(kept)).lower_bound

    def _allowed(self, kept: int) -> int:
        return self.masks[kept] & ~self.clue_mask

    # -- 3: the fewest ---------------------------------------------------------------------------------------

    def _fewest_of_listed(self) -> None:
        """Every solution listed: the smallest clue sets of each kept solution tried, the best offered."""
        n = len(self.masks)
        if self.keep is not None:
            kepts = [self.keep - 1]
        elif n <= _MAX_KEPT:
            kepts = list(range(n))
        else:  # too many to try each: those whose greedy clue sets are smallest
            kepts = self._promising_kept(max(1, _MAX_KEPT // 10))
        best_size: int | None = None
        candidates: list[tuple[int, int]] = []  # (kept, clue pairs bitmask)
        every_proved = True
        proved_kept: dict[int, bool] = {}
        for k in kepts:
            if self.clock.over():
                every_proved = False
                break
            family = [self.masks[k] & ~m for j, m in enumerate(self.masks) if j != k]
            result = minimum_hitting_sets(
                family, most=_MAX_GRADED, upper=best_size, deadline=self.clock.deadline, allowed=self._allowed(k)
            )
            every_proved = every_proved and result.proved
            proved_kept[k] = result.proved
            if not result.sets:
                continue
            if best_size is None or result.size < best_size:
                best_size, candidates = result.size, []
            candidates.extend((k, s) for s in result.sets)
        if best_size is None:
            return
        over_all = every_proved and (self.keep is not None or len(kepts) == n)
        if not over_all and self.keep is None and len(kepts) < n and every_proved:
            # Not every solution was tried as the one to keep: each of the others is checked for a smaller set.
            over_all, smaller, size = self._none_smaller(best_size, set(kepts))
            if smaller:
                best_size, candidates = size, smaller
                proved_kept.update((k, True) for k, _ in smaller)
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
        self._offer(k, pairs, graded, minimal=over_all, lower=best_size if proved_kept[k] else 1)
        best = self.progress.best
        if best is not None and proved_kept.get((best.kept or 0) - 1, False):
            self._proved_size(best_size, over_all)

    def _proved_size(self, size: int, over_all: bool) -> None:
        """The best so far keeps a solution that no fewer than ``size`` clues single out (``over_all``: nor any
        other solution): when it is that small (a first answer that grades nearer), it is proved too."""
        best = self.progress.best
        if best is not None and len(best.clues) == size:
            self.progress.best = proved_by_bound(replaced(best, minimal=over_all or best.minimal, lower_bound=size))

    def _none_smaller(self, size: int, tried: set[int]) -> tuple[bool, list[tuple[int, int]], int]:
        """Whether no solution outside ``tried`` is singled out by fewer than ``size`` clues; any smaller sets
        met on the way are returned as candidates with their size. Most solutions are settled at once by the
        disjoint trivially ambiguous squares around them (each needs a clue of its own); the others by their
        hitting set, bounded by the size to beat. False when the time runs out first."""
        found: list[tuple[int, int]] = []
        for k in range(len(self.masks)):
            if k in tried:
                continue
            if self.clock.over():
                return False, found, size
            if disjoint_bound(minimal_sets(trivial_families(self.puzzle, self.masks[k]))) >= size:
                continue
            family = [self.masks[k] & ~m for j, m in enumerate(self.masks) if j != k]
            # The small sets alone often need ``size`` clues already, and are far fewer to solve.
            small = [f for f in family if f.bit_count() <= _SMALL_SET]
            few = minimum_hitting_sets(small, upper=size - 1, deadline=self.clock.deadline, allowed=self._allowed(k))
            if few.proved and not few.sets:
                continue
            result = minimum_hitting_sets(
                family, most=_MAX_GRADED, upper=size - 1, deadline=self.clock.deadline, allowed=self._allowed(k)
            )
            if not result.proved:
                return False, found, size
            if result.sets:
                size, found = result.size, [(k, s) for s in result.sets]
        return True, found, size

    def _implicit_clues(self, kept: int, family: list[int], lower: int) -> None:
        """Not every solution listed: hit the solutions known, count with those clues, learn the other solution
        found, again, until the count says unique (the fewest that keep the solution) or the time runs out."""
        allowed = self._allowed(kept)
        while not self.clock.over():
            result = minimum_hitting_sets(family, deadline=self.clock.deadline, allowed=allowed)
            if not result.proved or not result.sets:
                return  # out of time: the first answer stands, with the bound found before
            lower = max(lower, result.size)
            pairs = bits(result.sets[0])
            fixed = self._with_clues(pairs)
            counted = count_solutions(fixed, _LEARN_AT_ONCE, keep_solutions=True, timeout=self.clock.left())
            if counted.unique:
                proved = self.keep is not None
                graded = grade_proper(fixed) if not self.clock.over() else None
                self._offer(kept, pairs, graded, minimal=proved, lower=len(pairs))
                best = self.progress.best
                if best is not None and best.kept == kept + 1:
                    self._proved_size(len(pairs), proved)
                return
            learnt = [m for s in counted.solutions if (m := self.masks[kept] & ~pair_mask(self.puzzle, s))]
            if not learnt:
                return
            family.extend(learnt)
            best = self.progress.best
            if best is not None and best.kept == kept + 1 and lower > best.lower_bound:
                self.progress.best = proved_by_bound(replaced(best, lower_bound=lower))


def _rank(found: Fix, target: int | None) -> tuple[int, int, int, int, int]:
    """Sort key of clue fixes, best first: fewer clues, graded, nearer the target grade, proved."""
    near = closeness(found.level, target) if found.graded is not None else (len(GRADES) + 1, 0)
    return (len(found.clues), found.graded is None, *near, not (found.minimal or found.kept_minimal))
