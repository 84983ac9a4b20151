"""The grades and the techniques that define them: the one table everything else derives from.

The scale, easiest first. The first four are exactly the levels of the best-known Dominosa grader (Simon
Tatham's solver in his puzzle collection), by the families of technique each allows, so that players and
setters meet the names they know; the last two go past him:

- ``trivial``: a cell with one pair left, a domino with one place left (and drawing their consequences);
- ``basic``: a cell whose pairs all show one domino, a placement that every place of some domino overlaps,
  local duplicates (two neighbours left needing one domino as his solver sees them), parity (a bridge between
  two even parts is split);
- ``hard``: set analysis, a group of cells showing one number that can only take as many dominoes (the double
  counted once);
- ``extreme``: set analysis in which the double covers two cells of the group, and forcing chains (a way that
  uses a domino twice or uses up every domino of another cell);
- ``fiendish``: logic beyond his solver: the strong forms of parity (an odd bridge joined, a cut cell), of local
  duplicates (the pair's own domino left out first) and of forcing chains (a way covering a cell twice or leaving
  a neighbour with no pair), which his solver has at no level; then short contradictions (one supposition
  followed by the simple rules);
- ``guessing``: trial and error is needed.

A technique's strength can set its level: where one of ours sees more than his solver's technique of the same
name, the stronger form is a technique of its own, a level up (see ``bench/bench_grades_vs_tatham.py``, which
checks that his solver gives our generated puzzles the grade we give them). A puzzle's grade is the level of the
hardest technique it needs when the easiest deduction that makes progress is always applied first. "ambiguous"
and "no solution" are verdicts, not grades.

:class:`Technique` is the table: each member is one technique, its value the rule number deductions carry
(``Deduction.rule``), with its name, level, cost on a deduction path and a sentence saying what it does. The
functions that find its deductions are bound to it in :mod:`~dominosa.deductions.techniques`: the rules import
this table (a deduction carries its technique), so the table imports none of them. Costs
and the score weights in :mod:`dominosa.deductions.score` can be overridden by passing other tables.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "GRADES",
    "OLD_GRADE_NAMES",
    "TRIVIAL",
    "BASIC",
    "HARD",
    "EXTREME",
    "FIENDISH",
    "GUESSING",
    "Technique",
    "TECHNIQUES",
    "BOOKKEEPING",
    "BOOKKEEPING_RULES",
    "grade_name",
    "grade_level",
    "ordered_by_tier",
]

GRADES: tuple[str, ...] = ("trivial", "basic", "hard", "extreme", "fiendish", "guessing")
"""The grades' names, easiest first; a grade's level is its position here (:func:`grade_level` reads it)."""
TRIVIAL, BASIC, HARD, EXTREME, FIENDISH, GUESSING = range(len(GRADES))

# Grade names of the old seven-grade scale that are no grade now, and the grade they became. Its "tricky"
# (rules 4 and 6) is part of today's basic; so is its "hard" (parity, local duplicates), and its "extreme" (set
# analysis) is today's hard or extreme: names that clash, so a version-1 store has its grades recomputed.
OLD_GRADE_NAMES: dict[str, str] = {"tricky": "basic"}


class Technique(IntEnum):
    """One technique: its rule number (the value), name, level, cost, whether it is bookkeeping, and summary.

    Attributes
    ----------
    label : the technique's name in words ("must overlap").
    level : the grade (position in ``GRADES``) a puzzle needing it gets at least.
    cost : the weight of one of its deductions on the shortest deduction path.
    bookkeeping : True for rules 2 and 3, which only draw the consequences of an earlier deduction.
    summary : what it does, in one sentence (the README and ``dominosa rate --help`` use it).

    The functions that find its deductions are in :mod:`~dominosa.deductions.techniques`.
    """

    label: str
    level: int
    cost: float
    bookkeeping: bool
    summary: str

    def __new__(cls, rule: int, label: str, level: int, cost: float, summary: str, bookkeeping: bool = False):
        member = int.__new__(cls, rule)
        member._value_ = rule
        member.label, member.level, member.cost = label, level, cost
        member.summary, member.bookkeeping = summary, bookkeeping
        return member

    SINGLE_NEIGHBOUR = (1, "single neighbour", TRIVIAL, 1.0, "a cell with one remaining pair is covered by it")
    JOIN_CONSEQUENCES = (2, "join consequences", TRIVIAL, 0.0, "a placed domino rules out its cells' other "
                         "pairs and its own other places", True)
    SPLIT_CONSEQUENCES = (3, "split consequences", TRIVIAL, 0.0, "a domino with one remaining place goes there "
                          "(as a split happens)", True)
    UNIQUE_PLACEMENT = (5, "unique placement", TRIVIAL, 3.0, "a domino with one remaining place goes there "
                        "(the board-wide scan)")
    ALL_SAME_NEIGHBOURS = (4, "all the same neighbours", BASIC, 2.0, "a cell whose pairs all show one domino is "
                           "covered by it, which rules out that domino's other places")
    SHARED_CELL = (6, "shared cell", BASIC, 2.0, "a cell used by every place of a domino belongs to it")
    MUST_OVERLAP = (13, "must overlap", BASIC, 2.5, "a pair that every remaining place of a domino overlaps "
                    "cannot be joined, or that domino would have nowhere to go")
    LOCAL_DUPLICATE = (9, "local duplicate", BASIC, 3.0, "a placement that would leave a neighbouring cell with "
                       "no partner, or two neighbours needing the same domino, is ruled out")
    PARITY = (8, "parity", BASIC, 3.0, "no placement may cut the open cells into a region of odd size")
    SET_ANALYSIS = (10, "set analysis", HARD, 5.0, "if n cells showing one number can only take n dominoes "
                    "between them, those dominoes are theirs (the double covering just one of the cells)")
    DOUBLES_SET_ANALYSIS = (14, "set analysis with doubles", EXTREME, 6.0, "set analysis in which the double "
                            "covers two of the cells")
    FORCING_CHAIN = (11, "forcing chain", EXTREME, 6.0, "a chain of cells with two pairs each goes one of two "
                     "ways; a way that breaks a rule is ruled out")
    CUT_PARITY = (15, "cut-cell parity", FIENDISH, 7.0, "a placement may not leave an odd region behind a cell it "
                  "covers, and a lone link between two odd parts must be joined")
    WIDE_LOCAL_DUPLICATE = (16, "wide local duplicate", FIENDISH, 7.0, "a placement that would leave two "
                            "neighbours needing the same domino once its own domino is used up is ruled out")
    WIDE_FORCING_CHAIN = (17, "wide forcing chain", FIENDISH, 7.0, "of the two ways a chain of two-pair cells "
                          "can go, one that would cover a cell twice or leave a neighbour with no pair is ruled out")
    SHORT_CONTRADICTION = (12, "short contradiction", FIENDISH, 8.0, "a placement from which the simple rules "
                           "alone lead to a contradiction is ruled out")
    GUESS = (7, "guess", GUESSING, 25.0, "trial and error: a placement is tried and its consequences searched out")


TECHNIQUES: tuple[Technique, ...] = tuple(sorted(Technique, key=lambda t: (t.level, not t.bookkeeping)))
"""Every technique, easiest first and bookkeeping first within its level: the order grading tries them in."""

BOOKKEEPING: tuple[Technique, ...] = tuple(t for t in TECHNIQUES if t.bookkeeping)
"""The bookkeeping techniques (rules 2 and 3) in the order the step run asks them: a settled run's technique list
starts with them, and draws them after each deduction instead of asking them."""
BOOKKEEPING_RULES: frozenset[int] = frozenset(t.value for t in BOOKKEEPING)
"""The bookkeeping techniques' rule numbers, for a loop over deductions (an enum call per deduction costs more)."""


def ordered_by_tier(max_level: int | None = None) -> tuple[Technique, ...]:
    """The techniques tier by tier, easiest first (bookkeeping first within its level), up to the tier of level
    ``max_level`` (a level is a number; its tier, the techniques of that level)."""
    return tuple(t for t in TECHNIQUES if max_level is None or t.level <= max_level)


def grade_name(level: int) -> str:
    return GRADES[level]


def grade_level(name: str) -> int:
    """The level of a grade by name (case and spaces forgiven); ValueError naming the grades otherwise.

    A name of the old scale is refused with its new name (``tricky`` is part of basic now): someone asking for
    it should know that the scale changed. Stored grades are recomputed instead (see the puzzle store).
    """
    key = name.strip().lower().replace(" ", "-")
    for level, grade in enumerate(GRADES):
        if grade == key:
            return level
    if key in OLD_GRADE_NAMES:
        raise ValueError(
            f"{name!r} is a grade of the old scale, now part of {OLD_GRADE_NAMES[key]!r}: the grades are "
            f"{', '.join(GRADES)}"
        )
    raise ValueError(f"unknown grade {name!r}: the grades are {', '.join(GRADES)}")
