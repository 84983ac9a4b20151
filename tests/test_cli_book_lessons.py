"""The techniques chapter's own puzzles (cli/book_lessons.py): made from the book's seed, showing every
technique the book needs, never one of the book's puzzles."""

from __future__ import annotations

import random

from dominosa.cli.book_lessons import EXAMPLE_ORDER, chapter_examples, examples_seed
from dominosa.deductions import Technique
from dominosa.generator.proper import proper_layout
from dominosa.generator.twins import RepeatGuard
from dominosa.rendering.lessons import techniques_met


def test_the_examples_show_every_technique_needed_and_none_is_a_book_puzzle():
    book = [proper_layout(6, random.Random(seed))[0] for seed in (1, 2)]
    needed = {Technique.SINGLE_NEIGHBOUR, Technique.UNIQUE_PLACEMENT, Technique.SET_ANALYSIS}
    examples, missing = chapter_examples(needed, 7, book)
    assert not missing and examples
    assert set().union(*(techniques_met(p) for p in examples)) >= needed
    guard = RepeatGuard(book)
    assert all(guard.admits(p) and p.order == EXAMPLE_ORDER for p in examples)
    again, _ = chapter_examples(needed, 7, book)
    assert again == examples  # the same seed, the same chapter


def test_a_book_puzzle_is_never_taken_as_an_example_even_when_the_generator_makes_it():
    needed = {Technique.SINGLE_NEIGHBOUR}
    first, _ = chapter_examples(needed, 11, [])
    second, _ = chapter_examples(needed, 11, first)  # the puzzle it would make is now a book puzzle
    assert first and second and second[0] != first[0]
    assert RepeatGuard(first).admits(second[0])


def test_the_seed_comes_from_the_books_seed_else_from_its_puzzles():
    a, b = (proper_layout(5, random.Random(seed))[0] for seed in (3, 4))
    assert examples_seed(5, [a]) == examples_seed(5, [b]) != examples_seed(6, [a])
    assert examples_seed(None, [a]) == examples_seed(None, [a]) != examples_seed(None, [b])
