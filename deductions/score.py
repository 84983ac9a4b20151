"""The interestingness score of a puzzle, from its shortest deduction path.

What makes a Dominosa puzzle good to solve: it calls for several different techniques, it has long chains of
forced placements (one deduction setting off the next), and it does not ask for the tedious whole-board scan
(rule 5) or for trial and error. Improper puzzles, and proper ones that logic alone cannot finish, score far
below every puzzle that is both proper and logical.

The score reads the same at every size. What grows with the board (the scans, the guesses, the longest chain)
is counted per *double-six set*: 28 dominoes, the board of the classic game. A board of 280 dominoes holds ten
such sets, so 20 scans there count as 2 scans on a double-six board, and a chain of 40 placements as one of 4: the
same share of the board. What does not grow with the board (how many techniques, the hardest one, whether guessing
is needed) is counted as it is. A double-six puzzle therefore scores as it did before the score was measured this
way (version 1), and a score of 80 says the same at double-6 and at double-40: ``--min-score`` and ``--best``
compare sizes, and a book of several orders ranks them evenly.

All weights live in :class:`ScoreWeights`; pass another instance to :func:`path_score` to change them.
:data:`SCORE_VERSION` names how the score is measured, so that a store can tell scores of another measure apart.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from dominosa.deductions.grades import Technique
from dominosa.deductions.state import Deduction
from dominosa.puzzle import Puzzle

__all__ = [
    "ScoreWeights",
    "DEFAULT_WEIGHTS",
    "path_score",
    "longest_forced_chain",
    "read_score_weights",
    "IMPROPER_SCORE",
    "SCORE_VERSION",
    "REFERENCE_DOMINOES",
    "domino_sets",
    "dominoes_to_place",
]

SCORE_VERSION = 4
"""How the score is measured; a new measure gets a new number (the store rescores puzzles of an older one). 1: the
counts of scans, guesses and the chain as they are, so that big boards scored far lower than small ones. 2: those
counts per double-six set (this module). 3: as 2, on the path searched on the puzzle's canonical form
(deductions/carrying.py), so that a turned, mirrored or renumbered copy scores the same; about one puzzle in five
scores a few points otherwise than under 2. 4: as 3 up to 300 dominoes to place (order 23); beyond, the path is the
step mode's run, trial and error answered by the solution (deductions/big_rating.py), so that a board of order 40-50
is rated in seconds; its first single neighbours come in another order, and the score may move a few points."""

# The size the size-dependent terms are measured against: the double-six set, 28 dominoes.
REFERENCE_DOMINOES = 28

# Improper puzzles (several solutions or none) score this; guessing puzzles stay far below logical ones.
IMPROPER_SCORE = -1000.0


@dataclass(frozen=True)
class ScoreWeights:
    """The score's weights, each documented where it acts.

    variety : per different technique used on the path (bookkeeping and guessing not counted).
    tier : per level of the hardest logical technique on the path.
    chain : times log2(1 + the longest chain of forced placements, per double-six set of the board).
    scan : subtracted per use of rule 5, the whole-board scan people find tedious, per double-six set.
    guess : subtracted per trial-and-error step, per double-six set.
    needs_guessing : subtracted once when the path needs any trial and error, so that every puzzle logic
        alone finishes scores above every one it does not.
    """

    variety: float = 10.0
    tier: float = 4.0
    chain: float = 3.0
    scan: float = 2.0
    guess: float = 15.0
    needs_guessing: float = 100.0

    @classmethod
    def from_mapping(cls, values: dict[str, Any]) -> ScoreWeights:
        """Weights from names and numbers, the others at their defaults.

        Raises
        ------
        ValueError : one line naming the problem: an unknown name (the known ones listed), a value that is not a
            finite number.
        """
        known = [f.name for f in fields(cls)]
        checked: dict[str, float] = {}
        for name, value in values.items():
            if name not in known:
                raise ValueError(f"unknown score weight {name!r}: the weights are {', '.join(known)}")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"score weight {name} must be a number, not {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"score weight {name} must be a finite number, not {value}")
            checked[name] = float(value)
        return cls(**checked)

    def to_dict(self) -> dict[str, float]:
        """Every weight by name: what a store records beside a score, so the score can be understood later."""
        return asdict(self)


DEFAULT_WEIGHTS = ScoreWeights()
"""The weights the score uses unless a weights file (:func:`read_score_weights`) says otherwise."""


def read_score_weights(text: str) -> ScoreWeights:
    """Weights as the command line gives them: ``name=value,...`` (e.g. ``variety=12,scan=0``) or the path of
    a JSON file holding one object of names and numbers. Names left out keep their defaults.

    Raises
    ------
    ValueError : one line: a malformed item, an unknown name, a value that is not a finite number, a file that
        cannot be read or is not a JSON object.
    """
    if "=" not in text:
        path = Path(text)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise ValueError(
                f"cannot read the score weights file {text} ({error.strerror}); weights on the command line are"
                " name=value,..."
            ) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise ValueError(f"{text} is not a JSON file of score weights: {error}") from None
        if not isinstance(data, dict):
            raise ValueError(f'{text} must hold one JSON object of score weights, such as {{"variety": 12}}')
        return ScoreWeights.from_mapping(data)
    values: dict[str, Any] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        name, sep, number = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"score weight {item.strip()!r} is not name=value")
        try:
            value = float(number)
        except ValueError:
            raise ValueError(f"score weight {name.strip()} must be a number, not {number.strip()!r}") from None
        values[name.strip()] = value
    return ScoreWeights.from_mapping(values)


def longest_forced_chain(steps: list[Deduction]) -> int:
    """The longest run of consecutive steps that each place a domino (single neighbour or forced chains)."""
    best = run = 0
    for d in steps:
        if d.joins and d.rule != Technique.GUESS:
            run += len(d.joins)
            best = max(best, run)
        else:
            run = 0
    return best


def dominoes_to_place(puzzle: Puzzle) -> int:
    """How many dominoes the solver has to find: those of the board but the clues (given in place)."""
    return len(puzzle.board) // 2 - len(puzzle.clues)


def domino_sets(dominoes: int) -> float:
    """How many double-six sets ``dominoes`` make: what the scans, guesses and chain are counted per (at least
    one twenty-eighth of a set, so that a board the clues leave one domino to find is still measured)."""
    return max(dominoes, 1) / REFERENCE_DOMINOES


def path_score(
    steps: list[Deduction], *, dominoes: int, proper: bool = True, weights: ScoreWeights = DEFAULT_WEIGHTS
) -> float:
    """The interestingness of a solve along ``steps`` (higher is better); see :class:`ScoreWeights`.

    ``dominoes`` is how many dominoes the solve finds (:func:`dominoes_to_place` of the puzzle): the size the
    scans, guesses and chain are measured against, so that a score reads the same at every size.
    """
    if not proper:
        return IMPROPER_SCORE
    sets = domino_sets(dominoes)
    used = [Technique(d.rule) for d in steps]
    logical = {t for t in used if t is not Technique.GUESS and not t.bookkeeping}
    tiers = [t.level for t in logical]
    scans = used.count(Technique.UNIQUE_PLACEMENT)
    guesses = used.count(Technique.GUESS)
    value = (
        weights.variety * len(logical)
        + weights.tier * (max(tiers) if tiers else 0)
        + weights.chain * math.log2(1 + longest_forced_chain(steps) / sets)
        - weights.scan * scans / sets
        - weights.guess * guesses / sets
    )
    if guesses:
        value -= weights.needs_guessing
    return round(value, 2)
