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

The clue search is :mod:`~dominosa.generator.fix_clues`, the swap searches :mod:`~dominosa.generator.fix_swaps`,
and what they share :mod:`~dominosa.generator.fix_search`; the fix they give is a
:class:`~dominosa.generator.fix_result.Fix`, and this module picks the search.
Existing clues are kept, and their cells are never swapped. The time budget and ``progress`` make the work
interruptible: ``progress.best`` always holds the best fix found so far.
"""

from __future__ import annotations

from dominosa.deductions import AMBIGUOUS, GRADES, NO_SOLUTION, PROPER, UNDECIDED_VERDICT
from dominosa.generator.fix_clues import ClueSearch
from dominosa.generator.fix_memory import listing_cap
from dominosa.generator.fix_result import DEFAULT_CAP, Fix, FixProgress
from dominosa.generator.fix_search import Clock, Listed, finish, grade_proper, replaced
from dominosa.generator.fix_swaps import SwapSearch
from dominosa.generator.hitting import bits
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = ["fix"]

# The share of the time the listing of solutions may take, once it has found two; and the solutions listed
# before the first answer is looked for.
_LISTING_SHARE = 0.3
_FIRST_BATCH = 200


def fix(
    puzzle: Puzzle,
    *,
    keep: int | None = None,
    grade: str | None = None,
    swaps: bool = False,
    cap: int = DEFAULT_CAP,
    timeout: float | None = None,
    progress: FixProgress | None = None,
    moves_budget: int | None = None,
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
    cap : how many solutions to enumerate at most (fewer when that many would not fit the memory budget, see
        :func:`~dominosa.generator.fix_memory.listing_cap`).
    timeout : seconds for the whole search; when they run out the best fix found so far is returned, with
        ``stopped`` set and ``minimal`` False.
    progress : receives the best fix found so far, as the search goes.
    moves_budget : bytes the swap searches' candidate moves may take (default
        :data:`~dominosa.generator.fix_memory.MOVES_BUDGET`): a caller with less room (a studio worker) holds
        them to its own share; past it only the cheapest moves are tried, and a swap fix is no longer proved
        minimal.

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
    clock = Clock(timeout)
    progress = progress if progress is not None else FixProgress()
    # A share of the time is enough for the listing: the searches learn the solutions not listed by counting,
    # and need the rest of the time to find their first answer.
    most = listing_cap(puzzle, cap)
    listed = Listed(puzzle, clock)
    # A first batch, for a first answer fast; the searches list the rest after it (see FixSearch.list_more).
    listed.extend(min(most, max(_FIRST_BATCH, keep or 0)), share=_LISTING_SHARE, at_least=max(2, keep or 0))
    found, complete = listed.masks, listed.complete
    if not found:
        verdict = NO_SOLUTION if complete else UNDECIDED_VERDICT
    else:
        verdict = PROPER if (len(found) == 1 and complete) else AMBIGUOUS if len(found) > 1 else UNDECIDED_VERDICT
    if keep is not None and keep > len(found):
        have = "no solution" if not found else f"{len(found)} solution{'s' if len(found) > 1 else ''}"
        if not complete:
            raise ValueError(
                f"cannot keep solution {keep}: only {len(found)} were listed (the cap, the memory or the time)"
            )
        raise ValueError(f"cannot keep solution {keep}: the puzzle has {have}")
    base = Fix(verdict, len(found), complete, puzzle)
    progress.best = base  # the verdict, at least, for a caller that stops waiting
    state = (puzzle, listed, most, target, keep, clock, progress, base)

    def swap_search() -> SwapSearch:
        search = SwapSearch(*state)
        search.moves_budget = moves_budget
        return search

    if verdict == UNDECIDED_VERDICT and not found:
        return finish(progress, base, note="the count ran out of time before finding a solution: nothing to fix from")
    if verdict == NO_SOLUTION:
        return swap_search().no_solution(fix)
    if verdict == PROPER:
        graded = grade_proper(puzzle)
        only = Solution.from_pairs(puzzle.board, bits(found[0]))
        proper = replaced(base, kept=1, solution=only, graded=graded, minimal=True, kept_minimal=True)
        if target is None or graded.level == target:
            return finish(progress, proper)
        progress.best = replaced(proper, minimal=False, note=f"{graded.name}, not {grade}: no swap found yet")
        return swap_search().swaps_to_grade(only, (), kept=1)
    found_fix = swap_search().swaps_to_unique() if swaps else ClueSearch(*state).clues()
    if keep is not None and found_fix.kept_minimal and not found_fix.minimal:
        # The solution to keep was given: the fewest that keep it is the fewest asked for.
        found_fix = finish(progress, found_fix, minimal=True)
    return found_fix
