"""The deduction engine: pair states, the rules, propagation, search and solution counting.

``count_solutions`` and ``solve`` are the fast path (the generator's hot loop); ``iter_deductions`` walks the
rules one deduction at a time, in the order a person would apply them, for explanations and grading.

Glossary
--------
The words, and how the engine holds each (``docs/architecture.md`` describes the engine: positions, rules and
techniques, the driver, counting, grading, the graph and the layers):

- **cell**: one square holding a number; an index ``0 .. n_cells - 1`` into the board's cells.
- **pair**: two orthogonally adjacent cells, an edge of the grid graph; an index into ``board.pairs``
  (``pair_a[q]``, ``pair_b[q]`` are its cells).
- **domino**: an unordered value pair {a, b}, a <= b, used once in a solution; an index into the puzzle's domino
  set (``pair_domino[q]`` is the domino pair ``q`` shows, -1 for none of the set).
- **placement**: a pair seen as a place for the domino it shows; ``placements[d]`` lists domino ``d``'s pairs.
  Outside the engine (model, formats) a placement is the two cells themselves, ``((r, c), (r, c))``.
- **placed** (of a domino) and **covered** (of a cell): in the position, a domino joined on one of its pairs. The
  names say which, in the container's form: bits of a :class:`~dominosa.deductions.state.Position`, a flag per
  domino or cell in a :class:`SolvingState` (``placed_bits``, ``covered_bits`` its bitsets); a count is ``n_...``
  (``n_covered``, the counter's ``n_joined``), and the steps that place a domino are ``placing_steps``.
- **position**: a puzzle with some pairs decided (joined: a domino placed there; split: ruled out): as four
  bitsets a :class:`~dominosa.deductions.state.Position`, settled (what the settle kernel, the candidate lists, the
  state graph and the bitset walker take and give); with consequences still pending an
  :class:`~dominosa.deductions.state.Unsettled`; indexed for the rules by a :class:`SolvingState`; read from text
  as a :class:`~dominosa.formats.positions.PositionRecord` (cell pairs, as written).
- **pair state**: ``UNDECIDED``, ``JOINED``, ``SPLIT`` and, while consequences are pending,
  ``NEWLY_JOINED``, ``NEWLY_SPLIT`` (:mod:`~dominosa.deductions.state`; the counter uses the first three).
- **deduction**: one step of a rule or technique (:class:`Deduction`); **technique**: a rule as graded, with its
  level and cost (:mod:`~dominosa.deductions.grades`, the one table); a **step** is a deduction as a person makes
  it: ``steps`` is always a list of them (``DeductionPath.steps``), their number a ``step_count``.
- **settled**: a position with no consequences pending (rules 2 and 3 drawn); **bookkeeping**: those two rules,
  which only draw the consequences of an earlier deduction (``Technique.bookkeeping``, ``grades.BOOKKEEPING``),
  and nothing else; a *bookkeeping step* is one of their deductions (``Deduction.is_bookkeeping``), and a run's
  ``with_bookkeeping`` says whether it yields or keeps those steps.
- **walk**: a run of the one stepping loop (:func:`~dominosa.deductions.driver.stepping`) over a position, which
  owns how a deduction is applied and what is drawn after it (:class:`~dominosa.deductions.driver.Walked`).
- **replay**: a path stepped again from a settled start (:func:`settled_start`), each step with the position
  before, the moves it forces and the position after (:func:`walk`: hints, the state graph, carried paths and
  ``explain`` read it).
- **level**: a technique's or grade's number, its place in ``GRADES`` (``Technique.level``); **tier**: the
  techniques of one level, which the loop asks together (the driver's ``tiers``, ``ordered_by_tier``). Two
  outside formats keep ``tier`` for a level: the hint's JSON and the score's weight per level.
- **grade** (level): the hardest technique a proper puzzle needs, easiest deduction first (``GRADES``);
  **verdict**: ``PROPER`` (one solution), ``AMBIGUOUS``, ``NO_SOLUTION`` or ``UNDECIDED_VERDICT``, not a grade.
- **public core**: ``__all__`` below, all that other layers import of the engine.

The one-letter names of the hot loops, the same in every module:

- ``x`` a cell, ``q`` and ``p`` pairs (``p`` the one being joined, ``q`` the others it touches), ``d`` and ``e``
  dominoes, ``c`` a count;
- ``t`` the puzzle's :class:`~dominosa.deductions.tables.Tables` (integer tables, computed once per puzzle);
- ``state`` a :class:`SolvingState`, and nothing else; its ``pair_states`` the bytearray of pair states by index
  (a local bound to it is ``pair_states`` too);
- ``s``: in the rules (``rules.py``, ``parity.py`` and the other techniques' modules) the :class:`SolvingState`
  a rule reads; in a loop over ``pair_states`` or ``pstate``, one pair's state value. (Two meanings, never in
  one function.)
- in the counter (``counting.py``): ``pstate``, ``ccount``, ``dcount`` the pair states, open
  pairs per cell and places per domino; ``v`` a pair as a search variable and ``lit`` its literal (``2v``
  joined, ``2v + 1`` split).
"""

from __future__ import annotations

from dominosa import native as _native
from dominosa.lazy import lazy_attributes

# Before any module of the engine is imported: the finder decides whether its compiled modules, if built, are
# used (dominosa.native). Here rather than in the top package, whose import must stay next to free.
_native.install()

# The public core: everything other layers (cli, web, generator, rendering, bench, tools and the tests but
# tests/test_deductions_*.py) import of the engine, and only from here (tests/test_layers.py checks it). At most
# 50 names, each with a docstring where it is made.
__all__ = [
    # the counter: whether a puzzle has one solution, and which
    "count_solutions",
    "count_from_position",
    "count_solution_pairs",
    "solutions",
    "solve",
    "is_unique",
    "CountResult",
    "SearchStats",
    # the grades and the techniques that define them (the one table)
    "GRADES",
    "TECHNIQUES",
    "Technique",
    "grade_level",
    "ordered_by_tier",
    # the grader and its verdicts
    "grade",
    "closure_reach",
    "GradeResult",
    "PROPER",
    "AMBIGUOUS",
    "NO_SOLUTION",
    "UNDECIDED_VERDICT",
    # the rating: verdict, grade, shortest deduction path and score together
    "rate",
    "Rating",
    # the shortest deduction path
    "shortest_path",
    "DeductionPath",
    "DEFAULT_NODE_BUDGET",
    # the interestingness score
    "path_score",
    "ScoreWeights",
    "DEFAULT_WEIGHTS",
    "SCORE_VERSION",
    "read_score_weights",
    "dominoes_to_place",
    # a position as the rules read it, and one step
    "SolvingState",
    "Deduction",
    "Contradiction",
    # the step mode: one deduction at a time
    "iter_deductions",
    "next_deduction",
    "solve_by_steps",
    "StepLog",
    "settled_start",
    # a player's position: hints, checks and the replay of a path (walk, from a settled start)
    "check_position",
    "position_hint",
    "PositionCheck",
    "Hint",
    "CONSISTENT",
    "walk",
    # the sentences deductions carry, for translations
    "Sentence",
    "Names",
    "english_list",
    # who watches the counter's long searches (progress lines)
    "watching_searches",
    # the puzzle's integer tables (a benchmark clears their cache to measure a cold start)
    "tables_for",
]

# Imported on first use, so that importing one module (the counting engine, say) never loads the others or
# networkx: every generator worker imports the counter.
_LAZY = {
    # counting
    "count_solutions": "dominosa.deductions.counting",
    "count_from_position": "dominosa.deductions.counting",
    "count_solution_pairs": "dominosa.deductions.counting",
    "solutions": "dominosa.deductions.counting",
    "solve": "dominosa.deductions.counting",
    "is_unique": "dominosa.deductions.counting",
    "CountResult": "dominosa.deductions.counting",
    "SearchStats": "dominosa.deductions.search",
    # grades
    "GRADES": "dominosa.deductions.grades",
    "TECHNIQUES": "dominosa.deductions.grades",
    "Technique": "dominosa.deductions.grades",
    "grade_level": "dominosa.deductions.grades",
    "ordered_by_tier": "dominosa.deductions.grades",
    # grading
    "grade": "dominosa.deductions.grading",
    "closure_reach": "dominosa.deductions.grading",
    "GradeResult": "dominosa.deductions.grading",
    "PROPER": "dominosa.deductions.grading",
    "AMBIGUOUS": "dominosa.deductions.grading",
    "NO_SOLUTION": "dominosa.deductions.grading",
    "UNDECIDED_VERDICT": "dominosa.deductions.grading",
    # rating
    "rate": "dominosa.deductions.rating",
    "Rating": "dominosa.deductions.rating",
    # graph
    "shortest_path": "dominosa.deductions.graph",
    "DeductionPath": "dominosa.deductions.graph",
    "DEFAULT_NODE_BUDGET": "dominosa.deductions.graph",
    # score
    "path_score": "dominosa.deductions.score",
    "ScoreWeights": "dominosa.deductions.score",
    "DEFAULT_WEIGHTS": "dominosa.deductions.score",
    "SCORE_VERSION": "dominosa.deductions.score",
    "read_score_weights": "dominosa.deductions.score",
    "dominoes_to_place": "dominosa.deductions.score",
    # state
    "SolvingState": "dominosa.deductions.state",
    "Deduction": "dominosa.deductions.state",
    "Contradiction": "dominosa.deductions.state",
    # driver
    "iter_deductions": "dominosa.deductions.driver",
    "next_deduction": "dominosa.deductions.driver",
    "solve_by_steps": "dominosa.deductions.driver",
    "StepLog": "dominosa.deductions.driver",
    "settled_start": "dominosa.deductions.driver",
    # positions
    "check_position": "dominosa.deductions.positions",
    "position_hint": "dominosa.deductions.positions",
    "PositionCheck": "dominosa.deductions.positions",
    "Hint": "dominosa.deductions.positions",
    "CONSISTENT": "dominosa.deductions.positions",
    "walk": "dominosa.deductions.driver",
    # sentences
    "Sentence": "dominosa.deductions.sentences",
    "Names": "dominosa.deductions.sentences",
    "english_list": "dominosa.deductions.sentences",
    # search_watch
    "watching_searches": "dominosa.deductions.search_watch",
    # tables
    "tables_for": "dominosa.deductions.tables",
}

__getattr__, __dir__ = lazy_attributes(__name__, _LAZY, globals())
