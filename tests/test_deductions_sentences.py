"""The engine's sentences: English text that keeps its template and parts (deductions/sentences.py)."""

from __future__ import annotations

import pickle

from dominosa.deductions.driver import next_deduction
from dominosa.deductions.sentences import Names, Sentence, english_list
from dominosa.deductions.state import SolvingState
from dominosa.puzzle import Puzzle


def test_a_sentence_is_its_english_text_and_keeps_what_made_it():
    said = Sentence("{cell} has only one remaining neighbour, {other}: the {domino} goes there.",
                    cell="r1c1 (0)", other="r1c2 (3)", domino="0-3")  # fmt: skip
    assert said == "r1c1 (0) has only one remaining neighbour, r1c2 (3): the 0-3 goes there."
    assert repr(said) == repr(str(said)) and hash(said) == hash(str(said))
    assert said.template.startswith("{cell} has") and said.parts["domino"] == "0-3" and said.plural is None


def test_the_quantity_picks_the_singular_or_the_plural_template():
    one = Sentence("{pairs} is split.", "{pairs} are split.", 1, pairs=Names(["r1c1-r1c2"]))
    three = Sentence("{pairs} is split.", "{pairs} are split.", 3, pairs=Names(["a", "b", "c"]))
    assert one == "r1c1-r1c2 is split." and three == "a, b and c are split."
    assert three.count("a") == str(three).count("a")  # still a string in every way
    assert english_list(["a", "b"]) == "a and b" and english_list(["a"]) == "a" and str(Names([])) == ""


def test_a_sentence_pickles_with_its_parts_and_a_clause_inside_it():
    why = Sentence("would cover {cell} twice", cell="r2c2 (1)")
    said = Sentence("The first way {why}, so the second holds.", why=why)
    back = pickle.loads(pickle.dumps(said))
    assert back == said == "The first way would cover r2c2 (1) twice, so the second holds."
    assert isinstance(back, Sentence) and back.parts["why"].template == "would cover {cell} twice"


def test_the_engine_says_its_deductions_as_sentences():
    puzzle = Puzzle.from_grid(((0, 1, 1, 0), (2, 2, 2, 0), (1, 0, 2, 1)))
    step = next_deduction(SolvingState(puzzle))
    said = step.reason
    assert isinstance(said, Sentence)
    chosen = said.template if said.plural is None or said.quantity == 1 else said.plural
    assert chosen.format(**{key: str(value) for key, value in said.parts.items()}) == said
