"""Trial and error answered by the solution: the same guesses as the searching rule."""

from __future__ import annotations

import random

from grading_sequences import NO_FIENDISH

from dominosa.deductions.counting import count_solution_pairs
from dominosa.deductions.grades import GUESSING, Technique
from dominosa.deductions.grading import PROPER, graded_by_steps
from dominosa.deductions.known_guess import KnownGuess
from dominosa.generator.proper import proper_layout


def test_a_run_guessing_by_the_solution_makes_the_searching_runs_guesses():
    # Without the fiendish tier some order-6 puzzles need trial and error: a run whose guesses know the solution
    # takes every step the searching run takes (the same cells, pairs and splits), and only the effort differs.
    guessed = 0
    for seed in range(30):
        puzzle, _ = proper_layout(6, random.Random(seed))
        searched = graded_by_steps(puzzle, PROPER, NO_FIENDISH, True, True)
        if searched.level != GUESSING:
            continue
        _, (solution,) = count_solution_pairs(puzzle, 2)
        instead = {Technique.GUESS: KnownGuess(solution, 9)}
        known = graded_by_steps(puzzle, PROPER, NO_FIENDISH, True, True, None, instead)
        steps = [(d.rule, d.joins, d.splits, d.cells, d.domino) for d in searched.deductions]
        assert [(d.rule, d.joins, d.splits, d.cells, d.domino) for d in known.deductions] == steps
        assert (known.level, known.guesses, known.guess_depth) == (GUESSING, searched.guesses, 9)
        guessed += 1
    assert guessed >= 2
