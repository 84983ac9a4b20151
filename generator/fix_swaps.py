"""The swap searches of ``dominosa fix``: number swaps instead of clues.

- **unique by swaps**: the fewest number swaps that keep the kept solution's domino set whole
  (:mod:`~dominosa.generator.swaps`) and leave one solution. Every other solution differs from the kept one on
  some cells, and a fix must change one of them: the search only tries swaps that do, in order of cost.
- **to a grade**: the fewest swaps that keep a proper puzzle proper and reach the grade, exactly for one swap and
  by a beam search (the generator's fitness toward the grade) beyond.
- **no solution**: every single swap is tried; one that leaves a solution (a unique one if any does) is the fix.

Clue cells are never swapped.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from dominosa.deductions.counting import count_solutions
from dominosa.deductions.grades import GRADES
from dominosa.deductions.grading import GradeResult
from dominosa.generator.fitness import Target, fitness_of
from dominosa.generator.fix_search import FixSearch, closeness, finish, grade_proper, pair_mask, replaced
from dominosa.generator.hitting import bits, disjoint_bound, minimal_sets
from dominosa.generator.swaps import Move, apply_moves, moves_keeping
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

if TYPE_CHECKING:  # the result type lives with the driver, which imports this module
    from dominosa.generator.fixing import Fix

__all__ = ["SwapSearch", "MAX_SWAPS"]

MAX_SWAPS = 6
"""The most swaps the uniqueness search tries (each swap more multiplies its work by the moves available)."""
# Solutions tried as the one to keep by the swap search (it costs a search per swap count and solution).
_SWAP_KEPT = 32
# Fixes of the fewest swaps found before choosing the one whose grade is nearest the target (or hardest).
_SWAP_CHOICES = 12
# ... looked for at least this long, or as long as the first took.
_MORE_CHOICES_SECONDS = 0.1
# Puzzles kept from one round of the grade search to the next.
_BEAM = 6


def _name(level: int | None) -> str | None:
    return None if level is None else GRADES[level]


class SwapSearch(FixSearch):
    """The fewest swaps that make the puzzle unique, reach a grade, or give it a solution (see the module)."""

    def _tiles(self, solution: Solution) -> list[tuple[int, int]]:
        index = self.puzzle.board.index
        return [(index[a], index[b]) for a, b in solution.placements]

    def _swapped(self, numbers: tuple[int, ...]) -> Puzzle:
        p = self.puzzle
        return Puzzle(p.board, numbers, p.dominoes, p.clues)

    def _differing_cells(self, kept_mask: int, other_mask: int) -> int:
        pairs = self.puzzle.board.pairs
        cells = 0
        for q in bits(kept_mask & ~other_mask):
            a, b = pairs[q]
            cells |= 1 << a | 1 << b
        return cells

    def _swap_fix(
        self, kept: int | None, swaps: list[tuple[int, int]], puzzle: Puzzle, solution: Solution | None, **more: Any
    ) -> Fix:
        cells = self.puzzle.board.cells
        graded = grade_proper(puzzle) if solution is not None else None
        numbers = list(self.puzzle.numbers)
        swapped = []
        for x, y in swaps:
            swapped.append((numbers[x], numbers[y]))
            numbers[x], numbers[y] = numbers[y], numbers[x]
        return replaced(
            self.base,
            kept=kept,
            swaps=tuple((cells[x], cells[y]) for x, y in swaps),
            swapped=tuple(swapped),
            puzzle=puzzle,
            solution=solution,
            graded=graded,
            **more,
        )

    def swaps_to_unique(self) -> Fix:
        """The fewest swaps keeping a solution whole that leave it the only one (then toward the grade)."""
        if self.keep is not None:
            kepts = [self.keep - 1]
        elif len(self.masks) <= _SWAP_KEPT:
            kepts = list(range(len(self.masks)))
        else:  # the solutions that the fewest clues single out are tried as the one to keep
            kepts = self._promising_kept(_SWAP_KEPT // 4)
        hits: list[tuple[int, list[Move], Solution]] = []
        proved_below = 0
        started = time.monotonic()
        enough: float | None = None  # once a fix is found, the others of its size are looked for a while longer
        for cost in range(1, MAX_SWAPS + 1):
            for k in kepts:
                found = self._unique_within(k, cost, _SWAP_CHOICES - len(hits), enough)
                hits.extend((k, moves, sol) for moves, sol in found)
                if hits and enough is None:
                    enough = time.monotonic() + max(_MORE_CHOICES_SECONDS, time.monotonic() - started)
                if len(hits) >= _SWAP_CHOICES or self.clock.over() or (enough and time.monotonic() > enough):
                    break
            if hits or self.clock.over():
                break
            proved_below = cost
        best = None
        if hits:  # among the fewest swaps found, the fix whose puzzle grades nearest the target (or hardest)
            graded = [
                (closeness(grade_proper(self._swapped(apply_moves(self.puzzle.numbers, m))).level, self.target), i)
                for i, (_, m, _) in enumerate(hits)
            ]
            best = hits[min(graded)[1]]
        if best is None:
            note = f"no fix of up to {proved_below} swaps keeps a solution whole and makes it unique"
            if self.clock.over():
                note = "stopped with no fix found: " + note
            return finish(
                self.progress,
                replaced(self.base, lower_bound=proved_below + 1, stopped=self.clock.over(), note=note),
            )
        k, moves, solution = best
        numbers = apply_moves(self.puzzle.numbers, moves)
        swaps = [s for m in moves for s in m.swaps]
        fixed = self._swapped(numbers)
        cost = len(swaps)
        every_kept = self.keep is not None or (len(kepts) == len(self.masks) and self.complete)
        minimal = proved_below == cost - 1 and every_kept
        result = self._swap_fix(k + 1, swaps, fixed, solution, minimal=minimal, lower_bound=cost if minimal else 1)
        self.progress.best = result
        if self.target is None or result.level == self.target:
            return finish(self.progress, result)
        return self.swaps_to_grade(solution, tuple(swaps), kept=k + 1, start=fixed, lower=cost if minimal else 1)

    def _unique_within(
        self, kept: int, cost: int, most: int, enough: float | None = None
    ) -> list[tuple[list[Move], Solution]]:
        """Up to ``most`` sets of moves of ``cost`` swaps (or fewer) that make the puzzle unique keeping solution
        ``kept``, with the solution they leave; once one is found, the search stops at the time ``enough``."""
        kept_mask = self.masks[kept]
        constraints = minimal_sets(self._differing_cells(kept_mask, m) for j, m in enumerate(self.masks) if j != kept)
        tiles = self._tiles(self.solution_of(kept))
        moves = moves_keeping(tiles, self.puzzle.numbers, fixed=self.clue_cells)
        # Moves as bits: those changing each cell, and those touching each cell's domino (which clash).
        changing = [0] * len(self.puzzle.numbers)
        touching = [0] * len(self.puzzle.numbers)
        for i, move in enumerate(moves):
            for x in bits(move.cells):
                changing[x] |= 1 << i
            for x in bits(move.tiles):
                touching[x] |= 1 << i
        clashes = [0] * len(moves)
        for i, move in enumerate(moves):
            for x in bits(move.tiles):
                clashes[i] |= touching[x]

        def rule(cells: int) -> tuple[int, int]:
            """A constraint: cells one of which must change, and the moves that change one."""
            hitting = 0
            for x in bits(cells):
                hitting |= changing[x]
            return cells, hitting

        tried: set[frozenset[Move]] = set()
        hits: list[tuple[list[Move], Solution]] = []

        def search(chosen: list[Move], used: int, allowed: int, spent: int, rules: list[tuple[int, int]]) -> bool:
            """Look on from the moves chosen (``allowed``: the moves still free to add); True when the search is
            over (enough found, or out of time)."""
            if self.clock.over() or (hits and enough is not None and time.monotonic() > enough):
                return True
            still = sorted(((m & allowed).bit_count(), m & allowed, c) for c, m in rules if not c & used)
            if still:
                if still[0][0] == 0:
                    return False  # a constraint no free move meets
                # Constraints met by no common move need a move each; and a swap changes two cells at most.
                need = max(
                    disjoint_bound([m for _, m, _ in still]), (disjoint_bound([c for _, _, c in still]) + 1) // 2
                )
                if spent + need > cost:
                    return False
                options = still[0][1]
            else:
                key = frozenset(chosen)
                if key in tried:
                    return False
                tried.add(key)
                puzzle = self._swapped(apply_moves(self.puzzle.numbers, chosen))
                counted = count_solutions(puzzle, 2, keep_solutions=True, timeout=self.clock.left())
                if counted.unique:
                    hits.append((list(chosen), counted.solutions[0]))
                    return len(hits) >= most
                others = [s for s in counted.solutions if pair_mask(puzzle, s) != kept_mask]
                if not others or counted.timed_out:
                    return False
                # That solution survives every extension that does not touch the cells where it differs.
                learnt = self._differing_cells(kept_mask, pair_mask(puzzle, others[0])) & ~used
                if not learnt:
                    return False
                return search(chosen, used, allowed, spent, [rule(learnt), *rules])
            for i in bits(options):
                move = moves[i]
                if spent + move.cost > cost:
                    continue
                chosen.append(move)
                over = search(chosen, used | move.cells, allowed & ~clashes[i], spent + move.cost, rules)
                chosen.pop()
                if over:
                    return True
                allowed &= ~(1 << i)  # every fix with this move was met in its branch
            return False

        if most > 0 and moves:
            search([], 0, (1 << len(moves)) - 1, 0, [rule(c) for c in constraints])
        return hits

    def swaps_to_grade(
        self,
        solution: Solution,
        done: tuple[tuple[int, int], ...],
        *,
        kept: int,
        start: Puzzle | None = None,
        lower: int = 1,
    ) -> Fix:
        """Swaps after ``done`` that keep the puzzle proper and reach the target grade: every single swap first
        (so one swap, when it does, is proved the fewest), then a beam of the fittest puzzles, a swap a round."""
        assert self.target is not None
        target = Target(self.target)
        puzzle = start or self.puzzle
        index = self.puzzle.board.index
        tiles = [(index[a], index[b]) for a, b in solution.placements]
        frontier: list[tuple[tuple, Puzzle, tuple[tuple[int, int], ...]]] = [((), puzzle, done)]
        seen = {puzzle.numbers}
        best_result: Fix | None = self.progress.best
        for depth in range(1, MAX_SWAPS + 1):
            children: list[tuple[tuple, Puzzle, tuple[tuple[int, int], ...], GradeResult, Solution]] = []
            for _, parent, swaps in frontier:
                for move in moves_keeping(tiles, parent.numbers, fixed=self.clue_cells, whole_dominoes=False):
                    if self.clock.over():
                        break
                    numbers = apply_moves(parent.numbers, [move])
                    if numbers in seen:
                        continue
                    seen.add(numbers)
                    child = self._swapped(numbers)
                    counted = count_solutions(child, 2, keep_solutions=True, timeout=self.clock.left())
                    if not counted.unique:
                        continue
                    graded = grade_proper(child, uses=True)
                    assert graded.level is not None
                    fit = fitness_of(target, graded.level, graded.uses, 0.0)
                    children.append((fit, child, swaps + move.swaps, graded, counted.solutions[0]))
            hits = [c for c in children if c[3].level == self.target]
            if hits:
                fit, child, swaps, graded, sol = max(hits, key=lambda c: c[0])
                minimal = depth == 1 and not done  # one swap from the proper puzzle given: none could do it
                result = self._swap_fix(
                    kept, list(swaps), child, sol, minimal=minimal, lower_bound=len(swaps) if minimal else lower
                )
                return finish(self.progress, result, stopped=self.clock.over())
            if children:
                fit, child, swaps, graded, sol = max(children, key=lambda c: c[0])
                near = self._swap_fix(kept, list(swaps), child, sol, minimal=False, lower_bound=lower)
                if best_result is None or closeness(near.level, self.target) < closeness(
                    best_result.level, self.target
                ):
                    best_result = near
            children.sort(key=lambda c: c[0], reverse=True)
            frontier = [(c[0], c[1], c[2]) for c in children[:_BEAM]]
            if not frontier or self.clock.over():
                break
        fallback = best_result or self.base
        note = f"no swaps found that reach {GRADES[self.target]}"
        if fallback.graded is not None:
            note += f"; the nearest found is {fallback.grade}"
        return finish(self.progress, fallback, minimal=False, stopped=self.clock.over(), note=note)

    def no_solution(self) -> Fix:
        """Every single swap of two cells' numbers, for one that leaves a solution: a unique one if any does,
        the nearest the target grade among those."""
        p = self.puzzle
        n = len(p.numbers)
        free = [x for x in range(n) if not self.clue_cells >> x & 1]
        proper: list[tuple[tuple[int, int], Puzzle, Solution, GradeResult]] = []
        some: tuple[tuple[int, int], Puzzle, int] | None = None
        for i, x in enumerate(free):
            if self.clock.over():
                break
            for y in free[i + 1 :]:
                if p.numbers[x] == p.numbers[y]:
                    continue
                numbers = list(p.numbers)
                numbers[x], numbers[y] = numbers[y], numbers[x]
                swapped = self._swapped(tuple(numbers))
                counted = count_solutions(swapped, 2, keep_solutions=True, timeout=self.clock.left())
                if counted.unique:
                    proper.append(((x, y), swapped, counted.solutions[0], grade_proper(swapped)))
                elif counted.count and some is None:
                    some = ((x, y), swapped, counted.count)
        if proper:
            (x, y), swapped, sol, graded = min(proper, key=lambda c: closeness(c[3].level, self.target))
            result = self._swap_fix(1, [(x, y)], swapped, sol, minimal=True, lower_bound=1)
            return finish(self.progress, result, note=self._grade_note(graded), stopped=self.clock.over())
        if some is not None:
            # One swap gives solutions but several: make that puzzle unique by swaps in turn. No single swap did
            # it (every one was tried), so two is the lower bound.
            (x, y), swapped, count = some
            first = self._swap_fix(None, [(x, y)], swapped, None, minimal=False, lower_bound=2)
            self.progress.best = first
            from dominosa.generator.fixing import fix  # the driver imports this module: import it when needed

            then = fix(swapped, swaps=True, grade=_name(self.target), timeout=self.clock.left())
            cells = self.puzzle.board.cells
            if not then.proper:
                note = "no single swap makes it unique, and the one that gives it solutions could not be made unique"
                return finish(self.progress, first, note=note, stopped=self.clock.over())
            result = replaced(
                then,
                verdict=self.base.verdict,
                solutions=0,
                complete=self.base.complete,
                kept=None,
                swaps=((cells[x], cells[y]), *then.swaps),
                swapped=((p.numbers[x], p.numbers[y]), *then.swapped),
                minimal=False,
                lower_bound=2,
            )
            return finish(self.progress, result, stopped=self.clock.over() or then.stopped)
        note = "no single swap of two cells gives it a solution"
        if self.clock.over():
            note = "stopped before every single swap was tried; none of those tried gives it a solution"
        return finish(self.progress, replaced(self.base, lower_bound=2 if not self.clock.over() else 1), note=note)
