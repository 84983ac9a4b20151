"""The fonts' measures: what layout reserves for a text is what the PDF sets, in the face that has each glyph."""

from __future__ import annotations

import pytest

from dominosa.rendering.fonts import FACES, face_name, face_runs, text_width, unprintable, wrap_text
from dominosa.rendering.i18n import use_language


def test_a_width_is_the_sum_of_its_characters_and_grows_with_the_size():
    line = "Puzzle 12 · Hard"
    assert text_width(line, 10) == pytest.approx(sum(text_width(c, 10) for c in line))
    assert text_width(line, 20) == pytest.approx(2 * text_width(line, 10))
    assert text_width(line, 10, bold=True) > text_width(line, 10)


def test_a_face_is_named_or_chosen_by_boldness_and_an_unknown_name_is_refused():
    assert face_name(False) == "sans" and face_name(True) == "sans-bold"
    assert all(face_name(name) == name for name in FACES)
    with pytest.raises(ValueError, match="unknown face 'gothic'"):
        face_name("gothic")


def test_a_character_the_face_lacks_is_set_in_its_stand_in_and_one_no_face_has_is_named():
    runs = face_runs("serif", "Ł\u202fa")
    assert "".join(piece for _, piece in runs) == "Ł\u202fa"
    assert unprintable("Łódź\u202f!", "serif") is None
    assert unprintable("dominoes \u4e00 here", "serif") == "\u4e00"


def test_a_line_never_breaks_between_a_number_and_its_word():
    text = "the set has 28 dominoes"
    width = text_width("the set has 28", 10) + 1  # "28" would end the first line but for the no-break space
    assert wrap_text(text, 10, width) == ["the set has", "28\u00a0dominoes"]
    with use_language("fr"):  # and French sets its spaces before the marks, never to be broken
        assert wrap_text("Vraiment ? Oui : 12 dominos", 10, 1) == ["Vraiment\u202f?", "Oui\u00a0:", "12\u00a0dominos"]
