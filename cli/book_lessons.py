"""The techniques chapter's own puzzles: small puzzles made for the chapter from the book's seed, never printed
among the book's puzzles, so that no lesson shows a puzzle of the book partly solved.

For each technique the book's puzzles need (:func:`~dominosa.rendering.lessons.techniques_needed`), the chapter
wants one small puzzle in which it fires. Puzzles are made a grade at a time, hardest missing technique first
(a puzzle of that grade usually shows the easier techniques on the way), each checked by solving it step by step
as the chapter will; the search stops when every needed technique has an example, or after
:data:`MAX_EXAMPLES` puzzles (a technique still missing is then left out of the chapter, and the book says so).
Each is none of the book's puzzles, up to symmetry and renaming, nor a near-twin of one.

A generated book makes them from its own seed; a book of files or of a store from a seed drawn from its
puzzles, so the same puzzles give the same chapter, byte for byte.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from dominosa.deductions import GRADES, Technique
from dominosa.puzzle import Puzzle

__all__ = ["EXAMPLE_ORDER", "MAX_EXAMPLES", "chapter_examples", "examples_seed"]

# The chapter's puzzles are double-6 (a 7 x 8 board: large enough for every technique a book teaches, small
# enough to print whole at a size where every number and label is legible), and at most this many are made.
EXAMPLE_ORDER = 6
MAX_EXAMPLES = 30


def examples_seed(seed: int | None, puzzles: Sequence[Puzzle]) -> int:
    """The seed of the chapter's puzzles: drawn from the book's seed, else from its puzzles (a book of files or
    of a store), so the same book gets the same chapter."""
    from dominosa.canonical import canonical_key

    source = f"seed {seed}" if seed is not None else "\n".join(canonical_key(p) for p in puzzles)
    return int.from_bytes(hashlib.sha256(f"techniques chapter\n{source}".encode()).digest()[:6], "big")


def chapter_examples(
    needed: set[Technique], seed: int, book: Sequence[Puzzle], *, workers=None
) -> tuple[list[Puzzle], set[Technique]]:
    """Small proper puzzles that show every technique of ``needed``, none of them one of ``book`` or a near-twin
    of one; with the techniques no puzzle made within :data:`MAX_EXAMPLES` showed."""
    from dominosa.generator.evolve import NoPuzzleFound
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.twins import RepeatGuard
    from dominosa.rendering.lessons import techniques_met

    missing = set(needed)
    guard = RepeatGuard(book)
    examples: list[Puzzle] = []
    given_up: set[str] = set()
    for attempt in range(MAX_EXAMPLES):
        grades = [GRADES[t.level] for t in sorted(missing, key=lambda t: -t.level) if GRADES[t.level] not in given_up]
        if not grades:
            break
        try:
            request = make_request(order=EXAMPLE_ORDER, grade=grades[0], seed=seed + attempt)
            made = next(iter(generate(request, 1, workers=workers, accept=lambda m: guard.admits(m.puzzle))))
        except (ValueError, NoPuzzleFound):  # a grade a double-6 cannot have: its techniques go unshown
            given_up.add(grades[0])
            continue
        guard.take(made.puzzle)
        shown = techniques_met(made.puzzle) & missing
        if shown:
            examples.append(made.puzzle)
            missing -= shown
        if not missing:
            break
    return examples, missing
