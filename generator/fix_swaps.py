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

import random
import time
from collections.abc import Callable
from typing import Any

from dominosa.board import Cell
from dominosa.deductions import GRADES, GradeResult, count_solutions
from dominosa.generator.fitness import Target, fitness_of
from dominosa.generator.fix_memory import moves_cap
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
from dominosa.generator.hitting import bits, disjoint_bound, minimal_sets
from dominosa.generator.layouts import board_squares, trivial_square_indices
from dominosa.generator.swaps import Move, apply_moves, moves_keeping
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["SwapSearch", "MAX_SWAPS"]

MAX_SWAPS = 6
"""The most swaps the uniqueness search tries (each swap more multiplies its work by the moves available)."""
# Solutions tried as the one to keep by the swap search (it costs a search per swap count and solution).
_SWAP_KEPT = 32
# The most solutions listed for which the promising ones are picked to keep (picking costs a pass over them all).
_PROMISING_UP_TO = 2_000
# Fixes of the fewest swaps found before choosing the one whose grade is nearest the target (or hardest).
_SWAP_CHOICES = 12
# ... looked for at least this long, or as long as the first took.
_MORE_CHOICES_SECONDS = 0.1
# Solutions a count of the greedy swaps asks for: two (one other) at a time, as proving that a grid near unique has
# no more than a few solutions takes a full search, where finding the second takes a few nodes.
_LEARN_AT_ONCE = 2
# Puzzles kept from one round of the grade search to the next.
_BEAM = 6


def _swappable_with(
    x: int, numbers: list[int], partner: list[int], fixed: int, by_other: dict[int, list[int]]
) -> list[int]:
    """The cells whose number can trade with ``x``'s keeping the tiling's domino set whole (see
    :mod:`~dominosa.generator.swaps`): its domino's other half, or a cell whose domino's other half holds the same
    number as ``x``'s (``by_other``: the cells by the number on their domino's other half). Clue cells
    (``fixed``) never move."""
    mate = partner[x]
    out = [mate] if numbers[mate] != numbers[x] and not fixed >> mate & 1 else []
    for y in by_other.get(numbers[mate], ()):
        if y != mate and partner[y] != x and numbers[y] != numbers[x] and not fixed >> y & 1:
            out.append(y)
    return out


def _none_found(proved_below: int) -> str:
    """What is known when no swap fix was found: none exists up to the size searched through (if any)."""
    if proved_below < 1:
        return "no swaps found that keep a solution whole and make it unique"
    swaps = "1 swap" if proved_below == 1 else f"{proved_below} swaps"
    return f"no fix of up to {swaps} keeps a solution whole and makes it unique"


def _as_move(swaps: list[tuple[int, int]]) -> Move:
    """Swaps made in order, as one move (for :func:`~dominosa.generator.swaps.apply_moves`)."""
    return Move(tuple(swaps), 0, 0)


def _indices(puzzle: Puzzle, swaps: tuple[tuple[Cell, Cell], ...]) -> list[tuple[int, int]]:
    index = puzzle.board.index
    return [(index[a], index[b]) for a, b in swaps]


def _name(level: int | None) -> str | None:
    return None if level is None else GRADES[level]


class SwapSearch(FixSearch):
    """The fewest swaps that make the puzzle unique, reach a grade, or give it a solution (see the module)."""

    # One kept solution's moves and tables, as (kept, tables), remade when another is kept.
    _moves_cache: tuple[int, tuple[list[Move], list[int], list[int]]] | None = None
    # False once a kept solution's moves were cut to the memory budget: no count of swaps is then proved the fewest.
    moves_complete = True
    # Bytes the candidate moves may take (None: the generator's MOVES_BUDGET); set by fix(moves_budget=...).
    moves_budget: int | None = None

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
        self,
        kept: int | None,
        swaps: list[tuple[int, int]],
        puzzle: Puzzle,
        solution: Solution | None,
        *,
        grade_it: bool = True,
        **more: Any,
    ) -> Fix:
        """The swaps as a fix; the puzzle they make graded when proper (unless ``grade_it`` is False: the first
        answer is given before its grading, which can take a while on a big board)."""
        cells = self.puzzle.board.cells
        graded = grade_proper(puzzle) if solution is not None and grade_it else None
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
        """Swaps keeping a solution whole that leave it the only one (then toward the grade): a first answer by
        greedy swaps, then the fewest, searched exactly up to :data:`MAX_SWAPS` when no bound rules that out."""
        first_kept = 0 if self.keep is None else self.keep - 1
        first = self._first_swaps(first_kept)
        need = self._swaps_needed(first_kept)
        if first is not None and first[1] is None:
            first = None  # out of time before these swaps were proved to work: they are the best so far
        elif first is not None:
            swaps, solution = first
            fixed = self._swapped(apply_moves(self.puzzle.numbers, [_as_move(swaps)]))
            self.progress.best = self._swap_fix(
                first_kept + 1, swaps, fixed, solution, grade_it=False, lower_bound=need
            )
            if not self.clock.over():
                graded = self._swap_fix(first_kept + 1, swaps, fixed, solution, lower_bound=need)
                self.progress.best = proved_by_bound(graded)
        if not self.clock.over():
            self.list_more()
        if self.keep is not None:
            kepts = [first_kept]
        elif len(self.masks) <= _SWAP_KEPT:
            kepts = list(range(len(self.masks)))
        elif len(self.masks) <= _PROMISING_UP_TO and need <= MAX_SWAPS:
            # the solutions that the fewest clues single out are tried as the one to keep (the first too)
            kepts = [first_kept, *(k for k in self._promising_kept(_SWAP_KEPT // 4) if k != first_kept)]
        else:
            kepts = [first_kept]
        # The exact search goes up to the greedy answer's size too: among fixes that small, it picks by grade.
        most = MAX_SWAPS if first is None else min(MAX_SWAPS, len(first[0]))
        every_kept = self.keep is not None or (len(kepts) == len(self.masks) and self.complete)
        if len(kepts) == 1 and need > most:
            return self._answer_first(first, need)
        hits, proved_below = self._fewest_by_search(kepts, most)
        if not hits:
            lower = max(need, proved_below + 1) if len(kepts) == 1 else proved_below + 1
            over_all = first is not None and every_kept and proved_below + 1 >= len(first[0])
            return self._answer_first(first, lower, over_all=over_all)
        # among the fewest swaps found, the fix whose puzzle grades nearest the target (or hardest)
        graded = [
            (closeness(grade_proper(self._swapped(apply_moves(self.puzzle.numbers, m))).level, self.target), i)
            for i, (_, m, _) in enumerate(hits)
        ]
        k, moves, solution = hits[min(graded)[1]]
        numbers = apply_moves(self.puzzle.numbers, moves)
        swaps = [s for m in moves for s in m.swaps]
        fixed = self._swapped(numbers)
        cost = len(swaps)
        proved = proved_below == cost - 1
        minimal = proved and every_kept
        lower = cost if proved else max(1, need if k == first_kept else 1)
        result = self._swap_fix(k + 1, swaps, fixed, solution, minimal=minimal, lower_bound=lower)
        return self._then_to_grade(proved_by_bound(result))

    def _answer_first(
        self, first: tuple[list[tuple[int, int]], Solution] | None, lower: int, *, over_all: bool = False
    ) -> Fix:
        """The greedy answer as the fix (no smaller one found), or, without one, the verdict and what is known."""
        if first is None:
            partial = self.progress.best
            if partial is not None and partial.swaps and not partial.proper:
                return finish(self.progress, partial, lower_bound=lower, stopped=True)
            note = _none_found(lower - 1)
            if self.clock.over():
                note = "stopped with no fix found" + (f": {note}" if lower > 1 else "")
            return finish(
                self.progress,
                replaced(self.base, lower_bound=lower, stopped=self.clock.over(), note=note),
            )
        best = self.progress.best
        assert best is not None
        lower = max(best.lower_bound, lower)
        return self._then_to_grade(proved_by_bound(replaced(best, lower_bound=lower, minimal=over_all or best.minimal)))

    def _then_to_grade(self, result: Fix) -> Fix:
        self.progress.best = result
        if self.target is None or result.level == self.target or result.solution is None or self.clock.over():
            return finish(self.progress, result, stopped=self.clock.over())
        lower = result.lower_bound
        return self.swaps_to_grade(
            result.solution,
            tuple(_indices(self.puzzle, result.swaps)),
            kept=result.kept or 1,
            start=result.puzzle,
            lower=lower,
        )

    def _fewest_by_search(self, kepts: list[int], most: int) -> tuple[list[tuple[int, list[Move], Solution]], int]:
        """Fixes of the fewest swaps up to ``most`` keeping one of ``kepts``, by the exact search, and the number
        of swaps below which none exists (as far as the search got)."""
        hits: list[tuple[int, list[Move], Solution]] = []
        proved_below = 0
        started = time.monotonic()
        enough: float | None = None  # once a fix is found, the others of its size are looked for a while longer
        for cost in range(1, most + 1):
            for k in kepts:
                found = self._unique_within(k, cost, _SWAP_CHOICES - len(hits), enough)
                hits.extend((k, moves, sol) for moves, sol in found)
                if hits and enough is None:
                    enough = time.monotonic() + max(_MORE_CHOICES_SECONDS, time.monotonic() - started)
                if len(hits) >= _SWAP_CHOICES or self.clock.over() or (enough and time.monotonic() > enough):
                    break
            if hits or self.clock.over():
                break
            proved_below = cost if self.moves_complete else 0
        return hits, proved_below

    def _swaps_needed(self, kept: int) -> int:
        """A lower bound on the swaps that keep the solution and leave it alone: the other solutions known that
        differ from it on disjoint cells each need a changed cell, and a swap changes two."""
        kept_mask = self.masks[kept]
        regions = [self._differing_cells(kept_mask, m) for j, m in enumerate(self.masks) if j != kept]
        regions += [self._differing_cells(kept_mask, kept_mask & ~t) for t in trivial_families(self.puzzle, kept_mask)]
        disjoint = disjoint_bound(minimal_sets(r & ~self.clue_cells for r in regions))
        return (disjoint + 1) // 2

    def _first_swaps(self, kept: int) -> tuple[list[tuple[int, int]], Solution | None] | None:
        """Swaps that leave only the kept solution, found greedily (not the fewest): count, and while the count
        finds other solutions, swap two cells that break the most of them, keeping the kept solution's dominoes
        whole and making no new trivially ambiguous square. With no solution (None) when the time runs out
        first: the swaps made so far, left as the best so far too; None when no swap helps."""
        board = self.puzzle.board
        kept_mask = self.masks[kept]
        partner = list(range(len(board.cells)))
        for q in bits(kept_mask):
            a, b = board.pairs[q]
            partner[a], partner[b] = b, a
        numbers = list(self.puzzle.numbers)
        squares, cell_squares = board_squares(board)
        rng = random.Random(len(numbers))
        all_squares = range(len(squares))
        swaps: list[tuple[int, int]] = []
        for _ in range(4 * len(numbers)):
            if self.clock.over():
                return (swaps, None) if swaps else None
            # Trivially ambiguous squares are other solutions known without counting: they go first.
            regions = [
                1 << a | 1 << b | 1 << c | 1 << d
                for a, b, c, d in (squares[t] for t in trivial_square_indices(squares, all_squares, partner, numbers))
            ]
            if not regions:
                puzzle = self._swapped(tuple(numbers))
                if swaps:  # the count may take the rest of the time: what is done so far is the answer till then
                    note = "not yet unique: the count ran out of time before these swaps were proved to make it so"
                    self.progress.best = self._swap_fix(kept + 1, swaps, puzzle, None, note=note)
                counted = count_solutions(puzzle, _LEARN_AT_ONCE, keep_solutions=True, timeout=self.clock.left())
                if counted.unique:
                    return swaps, counted.solutions[0]
                regions = [self._differing_cells(kept_mask, pair_mask(puzzle, s)) for s in counted.solutions]
                regions = [r for r in regions if r]
                if counted.timed_out and not regions:
                    return (swaps, None) if swaps else None
            if not regions:
                return None
            by_other: dict[int, list[int]] = {}
            for y, py in enumerate(partner):
                by_other.setdefault(numbers[py], []).append(y)
            best: tuple[tuple[int, float], int, int] | None = None
            for x in bits(min(regions, key=int.bit_count) & ~self.clue_cells):
                for y in _swappable_with(x, numbers, partner, self.clue_cells, by_other):
                    broken = sum(1 for r in regions if (r >> x | r >> y) & 1)
                    near = {t for c in (x, y, partner[x], partner[y]) for t in cell_squares[c]}
                    before = len(trivial_square_indices(squares, near, partner, numbers))
                    numbers[x], numbers[y] = numbers[y], numbers[x]
                    after = len(trivial_square_indices(squares, near, partner, numbers))
                    numbers[x], numbers[y] = numbers[y], numbers[x]
                    key = (broken - 2 * (after - before), rng.random())
                    if best is None or key > best[0]:
                        best = (key, x, y)
            if best is None:
                return None
            _, x, y = best
            numbers[x], numbers[y] = numbers[y], numbers[x]
            swaps.append((min(x, y), max(x, y)))
        return None

    def _moves_of(self, kept: int) -> tuple[list[Move], list[int], list[int]]:
        """The moves keeping solution ``kept`` whole (up to the memory budget's count: the cheapest), and as bits
        over them, for each cell, the moves that change it and those that touch its domino. Made once per kept
        solution; the per-cell tables are built as bytes (setting one bit of a big integer copies it)."""
        if self._moves_cache is not None and self._moves_cache[0] == kept:
            return self._moves_cache[1]
        cap = moves_cap(self.puzzle, self.moves_budget)
        tiles = self._tiles(self.solution_of(kept))
        moves = moves_keeping(tiles, self.puzzle.numbers, fixed=self.clue_cells, most=cap + 1)
        if len(moves) > cap:
            moves = moves[:cap]
            self.moves_complete = False
        width = len(moves) // 8 + 1
        changing_bytes = [bytearray(width) for _ in self.puzzle.numbers]
        touching_bytes = [bytearray(width) for _ in self.puzzle.numbers]
        for i, move in enumerate(moves):
            byte, bit = i >> 3, 1 << (i & 7)
            for x in bits(move.cells):
                changing_bytes[x][byte] |= bit
            for x in bits(move.tiles):
                touching_bytes[x][byte] |= bit
        changing = [int.from_bytes(b, "little") for b in changing_bytes]
        touching = [int.from_bytes(b, "little") for b in touching_bytes]
        self._moves_cache = (kept, (moves, changing, touching))
        return moves, changing, touching

    def _unique_within(
        self, kept: int, cost: int, most: int, enough: float | None = None
    ) -> list[tuple[list[Move], Solution]]:
        """Up to ``most`` sets of moves of ``cost`` swaps (or fewer) that make the puzzle unique keeping solution
        ``kept``, with the solution they leave; once one is found, the search stops at the time ``enough``."""
        kept_mask = self.masks[kept]
        constraints = minimal_sets(self._differing_cells(kept_mask, m) for j, m in enumerate(self.masks) if j != kept)
        moves, changing, touching = self._moves_of(kept)

        def clashes(i: int) -> int:
            """The moves that touch a domino move ``i`` touches (a fix takes one of them at most)."""
            out = 0
            for x in bits(moves[i].tiles):
                out |= touching[x]
            return out

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
                over = search(chosen, used | move.cells, allowed & ~clashes(i), spent + move.cost, rules)
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

    def no_solution(self, refix: Callable[..., Fix]) -> Fix:
        """Every single swap of two cells' numbers, for one that leaves a solution: a unique one if any does,
        the nearest the target grade among those. When a swap leaves several solutions, the puzzle it makes is
        fixed in turn by ``refix`` (the driver, :func:`~dominosa.generator.fixing.fix`, which passes itself: it
        sits above this module)."""
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
            then = refix(swapped, swaps=True, grade=_name(self.target), timeout=self.clock.left())
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
