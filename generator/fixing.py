"""The setter's assistant: the smallest change that turns a hand-made grid into a proper puzzle of a wanted grade.

:func:`fix` takes any puzzle and says what to do with it:

- **ambiguous** (several solutions): the fewest clues (dominoes of the kept solution given in place) that rule
  out every other solution. The solutions are enumerated up to a cap; each other solution is the set of the
  kept solution's dominoes it does not use, and a clue set works exactly when it meets every such set: a
  minimum hitting set (:mod:`~dominosa.generator.hitting`), exact when the solutions could all be listed.
  Without ``keep``, every solution is tried as the one to keep, and among the smallest clue sets the one whose
  puzzle grades hardest (or nearest ``grade``) is chosen. Past the cap the kept solution's clue set is found by
  the implicit hitting set loop: solve the hitting set of the solutions known, count the puzzle with those
  clues, add the other solution that count finds, again; when the count says unique, the set is minimum.
- **swaps** instead of clues: the fewest number swaps that keep the kept solution's domino set whole
  (:mod:`~dominosa.generator.swaps`) and leave one solution. Every other solution differs from the kept one on
  some cells, and a fix must change one of them: the search only tries swaps that do, in order of cost.
- **proper, but not the grade wanted**: the fewest swaps that keep it proper and reach the grade, exactly for one
  swap and by a beam search (the generator's fitness toward the grade) beyond.
- **no solution**: every single swap is tried; one that leaves a solution (a unique one if any does) is the fix.

Existing clues are kept, and their cells are never swapped. The time budget and ``progress`` make the work
interruptible: ``progress.best`` always holds the best fix found so far.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Any

from dominosa.board import Cell
from dominosa.deductions.counting import count_solutions
from dominosa.deductions.grades import GRADES
from dominosa.deductions.grading import AMBIGUOUS, NO_SOLUTION, PROPER, UNDECIDED_VERDICT, GradeResult, grade
from dominosa.generator.fitness import Target, fitness_of
from dominosa.generator.hitting import bits, disjoint_bound, minimal_sets, minimum_hitting_sets
from dominosa.generator.swaps import Move, apply_moves, cells_mask, moves_keeping
from dominosa.puzzle import Placement, Puzzle
from dominosa.solution import Solution

__all__ = ["Fix", "FixProgress", "fix", "DEFAULT_CAP", "MAX_SWAPS"]

DEFAULT_CAP = 10_000
"""Solutions enumerated before the count is given as "more than" and the clue search goes implicit."""
MAX_SWAPS = 6
"""The most swaps the uniqueness search tries (each swap more multiplies its work by the moves available)."""
# Kept solutions tried as candidates when not told which to keep, and clue sets graded to choose among.
_MAX_KEPT = 400
_MAX_GRADED = 40
# Solutions tried as the one to keep by the swap search (it costs a search per swap count and solution).
_SWAP_KEPT = 32
# Fixes of the fewest swaps found before choosing the one whose grade is nearest the target (or hardest).
_SWAP_CHOICES = 12
# ... looked for at least this long, or as long as the first took.
_MORE_CHOICES_SECONDS = 0.1
# Puzzles kept from one round of the grade search to the next.
_BEAM = 6


@dataclass
class Fix:
    """What :func:`fix` found.

    Attributes
    ----------
    verdict : the puzzle's verdict before the fix: proper, ambiguous, no solution, or undecided.
    solutions : how many solutions it has (``complete`` False: at least that many, the cap or the time ran out).
    kept : which solution the fix keeps (1-based, in the order ``dominosa solve --all`` lists them), or None.
    clues : the clues to add, as placements (pairs of cells).
    swaps : the swaps to make, in order, as pairs of cells; ``swapped`` the two numbers each exchanges.
    minimal : whether no smaller fix exists (of the kind asked for; for swaps, among swaps that keep the kept
        solution's domino set whole); ``lower_bound`` is the fewest clues or swaps any fix needs, as proved.
    puzzle : the puzzle after the fix (with every clue, old and new).
    solution : its solution, when the fix makes it proper.
    graded : the fixed puzzle's grade, when proper.
    stopped : the time ran out or the work was interrupted before the search finished (the best found so far).
    note : a sentence on anything the fix could not do as asked.
    """

    verdict: str
    solutions: int
    complete: bool
    puzzle: Puzzle
    kept: int | None = None
    clues: tuple[Placement, ...] = ()
    swaps: tuple[tuple[Cell, Cell], ...] = ()
    swapped: tuple[tuple[int, int], ...] = ()
    minimal: bool = False
    lower_bound: int = 0
    solution: Solution | None = None
    graded: GradeResult | None = None
    stopped: bool = False
    note: str | None = None

    @property
    def proper(self) -> bool:
        """Whether the fixed puzzle has exactly one solution."""
        return self.solution is not None

    @property
    def grade(self) -> str | None:
        return self.graded.name if self.graded is not None else None

    @property
    def level(self) -> int | None:
        return self.graded.level if self.graded is not None else None

    @property
    def cells_changed(self) -> tuple[Cell, ...]:
        """The cells whose numbers the swaps change, in reading order."""
        return tuple(sorted({c for pair in self.swaps for c in pair}))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form ``dominosa fix --format json`` prints (without the puzzle's own keys)."""
        numbers = {cell: v for cell, v in zip(self.puzzle.board.cells, self.puzzle.numbers, strict=True)}
        return {
            "verdict": self.verdict,
            "solutions": self.solutions,
            "complete": self.complete,
            "kept": self.kept,
            "unique": self.proper,
            "clues": [{"domino": sorted([numbers[a], numbers[b]]), "cells": [list(a), list(b)]} for a, b in self.clues],
            "swaps": [
                {"cells": [list(a), list(b)], "numbers": list(pair)}
                for (a, b), pair in zip(self.swaps, self.swapped, strict=True)
            ],
            "minimal": self.minimal,
            "lower_bound": self.lower_bound,
            "grade": self.grade,
            "level": self.level,
            "stopped": self.stopped,
            "note": self.note,
        }


@dataclass
class FixProgress:
    """The best fix found so far, kept up to date while :func:`fix` works, so that a caller interrupted (Ctrl-C,
    a time limit of its own) still has an answer."""

    best: Fix | None = None


class _Clock:
    def __init__(self, timeout: float | None) -> None:
        self.deadline = None if timeout is None else time.monotonic() + timeout

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.001, self.deadline - time.monotonic())

    def over(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline


def fix(
    puzzle: Puzzle,
    *,
    keep: int | None = None,
    grade: str | None = None,
    swaps: bool = False,
    cap: int = DEFAULT_CAP,
    timeout: float | None = None,
    progress: FixProgress | None = None,
) -> Fix:
    """The smallest fix that makes ``puzzle`` proper (and of ``grade``, when given).

    Parameters
    ----------
    puzzle : any puzzle; its clues are kept and its clue cells never swapped.
    keep : the solution to keep, 1-based in the order ``dominosa solve --all`` lists them (default: the one
        whose fix is smallest, and among those the hardest, or nearest ``grade``).
    grade : a grade name of :data:`~dominosa.deductions.grades.GRADES` to aim at. For a proper puzzle of
        another grade, the fix is the fewest swaps that keep it proper and reach it.
    swaps : fix with number swaps instead of clues.
    cap : how many solutions to enumerate at most.
    timeout : seconds for the whole search; when they run out the best fix found so far is returned, with
        ``stopped`` set and ``minimal`` False.
    progress : receives the best fix found so far, as the search goes.

    Raises
    ------
    ValueError : ``keep`` beyond the solutions found, or an unknown ``grade``.

    Examples
    --------
    >>> from dominosa import Puzzle
    >>> found = fix(Puzzle.from_grid([[1, 1, 1, 0], [1, 2, 2, 0], [0, 2, 2, 0]]))
    >>> found.verdict, found.solutions, len(found.clues), found.minimal, found.proper
    ('ambiguous', 3, 1, True, True)
    """
    if grade is not None and grade not in GRADES:
        raise ValueError(f"unknown grade {grade!r}: one of {', '.join(GRADES)}")
    if keep is not None and keep < 1:
        raise ValueError(f"the solution to keep is counted from 1, not {keep}")
    target = None if grade is None else GRADES.index(grade)
    clock = _Clock(timeout)
    progress = progress if progress is not None else FixProgress()
    counted = count_solutions(puzzle, cap, keep_solutions=True, timeout=clock.left())
    found = counted.solutions
    complete = counted.complete
    if not found:
        verdict = NO_SOLUTION if complete else UNDECIDED_VERDICT
    else:
        verdict = PROPER if (len(found) == 1 and complete) else AMBIGUOUS if len(found) > 1 else UNDECIDED_VERDICT
    if keep is not None and keep > len(found):
        have = "no solution" if not found else f"{len(found)} solution{'s' if len(found) > 1 else ''}"
        if not complete:
            raise ValueError(f"cannot keep solution {keep}: only {len(found)} were listed (the cap or the time)")
        raise ValueError(f"cannot keep solution {keep}: the puzzle has {have}")
    base = Fix(verdict, len(found), complete, puzzle)
    search = _Search(puzzle, found, complete, target, keep, clock, progress, base)
    if verdict == UNDECIDED_VERDICT and not found:
        return _done(progress, base, note="the count ran out of time before finding a solution: nothing to fix from")
    if verdict == NO_SOLUTION:
        return search.no_solution()
    if verdict == PROPER:
        graded = _grade(puzzle)
        proper = _replace(base, kept=1, solution=found[0], graded=graded, minimal=True)
        if target is None or graded.level == target:
            return _done(progress, proper)
        progress.best = _replace(proper, minimal=False, note=f"{graded.name}, not {grade}: no swap found yet")
        return search.swaps_to_grade(found[0], (), kept=1)
    if swaps:
        return search.swaps_to_unique()
    return search.clues()


def _replace(fix_: Fix, **changes: Any) -> Fix:
    return dataclasses.replace(fix_, **changes)


def _done(progress: FixProgress, result: Fix, **changes: Any) -> Fix:
    result = _replace(result, **changes) if changes else result
    progress.best = result
    return result


def _name(level: int | None) -> str | None:
    return None if level is None else GRADES[level]


def _grade(puzzle: Puzzle) -> GradeResult:
    return grade(puzzle, verdict=PROPER)


def _pair_mask(puzzle: Puzzle, solution: Solution) -> int:
    mask = 0
    for q in solution.pairs(puzzle.board):
        mask |= 1 << q
    return mask


def _closeness(level: int | None, target: int | None) -> tuple[int, int]:
    """Sort key of a fixed puzzle's level: nearest the target (harder first on a tie), or hardest."""
    lv = -1 if level is None else level
    if target is None:
        return (0, -lv)
    return (abs(lv - target), -lv)


class _Search:
    """One fix's search: the puzzle, its solutions as pair bitmasks, the target and the clock."""

    def __init__(
        self,
        puzzle: Puzzle,
        found: list[Solution],
        complete: bool,
        target: int | None,
        keep: int | None,
        clock: _Clock,
        progress: FixProgress,
        base: Fix,
    ) -> None:
        self.puzzle = puzzle
        self.found = found
        self.complete = complete
        self.target = target
        self.keep = keep
        self.clock = clock
        self.progress = progress
        self.base = base
        self.masks = [_pair_mask(puzzle, s) for s in found]
        self.clue_mask = 0
        for q in puzzle.clue_pairs:
            self.clue_mask |= 1 << q
        self.clue_cells = cells_mask([x for q in puzzle.clue_pairs for x in puzzle.board.pairs[q]])

    # -- clues ------------------------------------------------------------------------------------------------

    def _with_clues(self, pairs: list[int]) -> Puzzle:
        board = self.puzzle.board
        return self.puzzle.with_clues([*self.puzzle.clues, *(board.pair_cells(q) for q in pairs)])

    def _offer(self, kept: int, pairs: list[int], graded: GradeResult, *, minimal: bool, lower: int) -> Fix:
        """A clue fix as a result, kept as the best so far when it is better than the one there."""
        fixed = self._with_clues(pairs)
        result = _replace(
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
        if best is None or (len(result.clues), _closeness(result.level, self.target)) < (
            len(best.clues),
            _closeness(best.level, self.target),
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
                self._offer(k0, bits(s0), _grade(self._with_clues(bits(s0))), minimal=False, lower=1)
        if best_size is None:
            best = self.progress.best or self.base
            return _done(self.progress, best, stopped=True, note="stopped before any clue set was found")
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
            graded = _grade(self._with_clues(pairs))
            key = _closeness(graded.level, self.target)
            if chosen is None or key < chosen[0]:
                chosen = (key, k, pairs, graded)
            if key[0] == 0 and (self.target is not None or graded.level == len(GRADES) - 1):
                break
            if self.clock.over():
                break
        assert chosen is not None
        _, k, pairs, graded = chosen
        result = self._offer(k, pairs, graded, minimal=proved, lower=lower)
        result = _replace(result, note=self._grade_note(graded), stopped=self.clock.over())
        return _done(self.progress, result)

    def _containing(self) -> dict[int, int]:
        """For each pair some solution uses, the solutions that use it, as a bitmask over the solutions."""
        where: dict[int, int] = {}
        for j, mask in enumerate(self.masks):
            for q in bits(mask & ~self.clue_mask):
                where[q] = where.get(q, 0) | 1 << j
        return where

    def _promising_kept(self, how_many: int) -> list[int]:
        """The solutions whose greedy clue sets are smallest: each clue in turn the one of the kept solution that
        the fewest of the solutions still left use."""
        where = self._containing()
        sizes = []
        everyone = (1 << len(self.masks)) - 1
        for k, mask in enumerate(self.masks):
            left, size = everyone, 0
            options = [where[q] for q in bits(mask & ~self.clue_mask)]
            while left != 1 << k and options:
                narrowest = min(options, key=lambda w: (left & w).bit_count())
                left &= narrowest
                size += 1
            sizes.append((size, k))
            if self.clock.over():
                break
        return [k for _, k in sorted(sizes)[:how_many]]

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

    def _grade_note(self, graded: GradeResult) -> str | None:
        if self.target is None or graded.level == self.target:
            return None
        return f"no smallest clue set gives a {GRADES[self.target]} puzzle; the nearest gives {graded.name}"

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
                graded = _grade(fixed)
                proved = result.proved and self.keep is not None
                offered = self._offer(kept, pairs, graded, minimal=proved, lower=lower if not proved else len(pairs))
                return _done(self.progress, offered, stopped=self.clock.over())
            if counted.timed_out or self.clock.over() or len(counted.solutions) < 2:
                # Out of time: the best known is a fix that has not been proved to work; give the lower bound.
                return _done(
                    self.progress,
                    _replace(self.progress.best or self.base, stopped=True, lower_bound=lower),
                    note=f"stopped before a clue set was proved to work; any needs at least {lower} clues",
                )
            other = next(s for s in counted.solutions if _pair_mask(self.puzzle, s) != self.masks[kept])
            family.append(self.masks[kept] & ~_pair_mask(self.puzzle, other))

    # -- swaps ------------------------------------------------------------------------------------------------

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
        graded = _grade(puzzle) if solution is not None else None
        numbers = list(self.puzzle.numbers)
        swapped = []
        for x, y in swaps:
            swapped.append((numbers[x], numbers[y]))
            numbers[x], numbers[y] = numbers[y], numbers[x]
        return _replace(
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
        elif len(self.found) <= _SWAP_KEPT:
            kepts = list(range(len(self.found)))
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
                (_closeness(_grade(self._swapped(apply_moves(self.puzzle.numbers, m))).level, self.target), i)
                for i, (_, m, _) in enumerate(hits)
            ]
            best = hits[min(graded)[1]]
        if best is None:
            note = f"no fix of up to {proved_below} swaps keeps a solution whole and makes it unique"
            if self.clock.over():
                note = "stopped with no fix found: " + note
            return _done(
                self.progress,
                _replace(self.base, lower_bound=proved_below + 1, stopped=self.clock.over(), note=note),
            )
        k, moves, solution = best
        numbers = apply_moves(self.puzzle.numbers, moves)
        swaps = [s for m in moves for s in m.swaps]
        fixed = self._swapped(numbers)
        cost = len(swaps)
        every_kept = self.keep is not None or (len(kepts) == len(self.found) and self.complete)
        minimal = proved_below == cost - 1 and every_kept
        result = self._swap_fix(k + 1, swaps, fixed, solution, minimal=minimal, lower_bound=cost if minimal else 1)
        self.progress.best = result
        if self.target is None or result.level == self.target:
            return _done(self.progress, result)
        return self.swaps_to_grade(solution, tuple(swaps), kept=k + 1, start=fixed, lower=cost if minimal else 1)

    def _unique_within(
        self, kept: int, cost: int, most: int, enough: float | None = None
    ) -> list[tuple[list[Move], Solution]]:
        """Up to ``most`` sets of moves of ``cost`` swaps (or fewer) that make the puzzle unique keeping solution
        ``kept``, with the solution they leave; once one is found, the search stops at the time ``enough``."""
        kept_mask = self.masks[kept]
        constraints = minimal_sets(self._differing_cells(kept_mask, m) for j, m in enumerate(self.masks) if j != kept)
        tiles = self._tiles(self.found[kept])
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
                others = [s for s in counted.solutions if _pair_mask(puzzle, s) != kept_mask]
                if not others or counted.timed_out:
                    return False
                # That solution survives every extension that does not touch the cells where it differs.
                learnt = self._differing_cells(kept_mask, _pair_mask(puzzle, others[0])) & ~used
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
                    graded = _grade(child)
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
                return _done(self.progress, result, stopped=self.clock.over())
            if children:
                fit, child, swaps, graded, sol = max(children, key=lambda c: c[0])
                near = self._swap_fix(kept, list(swaps), child, sol, minimal=False, lower_bound=lower)
                if best_result is None or _closeness(near.level, self.target) < _closeness(
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
        return _done(self.progress, fallback, minimal=False, stopped=self.clock.over(), note=note)

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
                    proper.append(((x, y), swapped, counted.solutions[0], _grade(swapped)))
                elif counted.count and some is None:
                    some = ((x, y), swapped, counted.count)
        if proper:
            (x, y), swapped, sol, graded = min(proper, key=lambda c: _closeness(c[3].level, self.target))
            result = self._swap_fix(1, [(x, y)], swapped, sol, minimal=True, lower_bound=1)
            return _done(self.progress, result, note=self._grade_note(graded), stopped=self.clock.over())
        if some is not None:
            # One swap gives solutions but several: make that puzzle unique by swaps in turn. No single swap did
            # it (every one was tried), so two is the lower bound.
            (x, y), swapped, count = some
            first = self._swap_fix(None, [(x, y)], swapped, None, minimal=False, lower_bound=2)
            self.progress.best = first
            then = fix(swapped, swaps=True, grade=_name(self.target), timeout=self.clock.left())
            cells = self.puzzle.board.cells
            if not then.proper:
                note = "no single swap makes it unique, and the one that gives it solutions could not be made unique"
                return _done(self.progress, first, note=note, stopped=self.clock.over())
            result = _replace(
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
            return _done(self.progress, result, stopped=self.clock.over() or then.stopped)
        note = "no single swap of two cells gives it a solution"
        if self.clock.over():
            note = "stopped before every single swap was tried; none of those tried gives it a solution"
        return _done(self.progress, _replace(self.base, lower_bound=2 if not self.clock.over() else 1), note=note)
