"""The book in other languages (rendering/i18n.py, the catalogs, ``book --lang``).

The books are read back with pypdf as a reader sees them. The puzzles are tests/data/book_languages.jsonl: eight
of tests/data/tatham-graded.jsonl (two double-5 puzzles of each of his four levels), rated by ``dominosa rate``,
so that the techniques chapter teaches eight techniques. The English texts
(tests/data/book_languages_en.txt and ..._en_cover.txt) were extracted from the book and cover that main built
from them before the book had languages (the command in ``_build``, with ``--lang`` left out), then once more
when the techniques chapter's figures gained their row and column labels (r1.., c1..: the only lines added),
and once more when the chapter took its examples from puzzles of its own (its pages and the cover's line on it).

Building and reading the four books takes several seconds: each is a whole book (title to notes), the smallest
that shows every part in every language.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pypdf
import pytest
from cli_run import dominosa
from pdf_checks import smallest_text

from dominosa.deductions.sentences import Names, Sentence
from dominosa.puzzle import Puzzle
from dominosa.rendering.i18n import LANGUAGES, _, and_list, ngettext, number, sentence, use_language

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[1]
# Words of the English book that are words of the language too (or names, the same in every language).
NAMES = {"ann", "lee", "acme", "press", "dominosa", "isbn"}
SAME = {
    "de": {"in", "so", "partner"},
    "fr": {"a", "domino", "double", "doubles", "local", "notes", "part", "place", "places", "position"}
    | {"solution", "solutions", "technique", "techniques", "unique"},
    "es": {"a", "no", "local"},
}


def _words(text: str) -> set[str]:
    """The words of a text, lower case, an apostrophe's included (l'on, domino's); a cell's name (r4c7) and a
    domino (1-4) are not words."""
    return {w.lower() for w in re.findall(r"\b[^\W\d_]+(?:['’][^\W\d_]+)*\b", text)}


def _text(path: Path) -> str:
    return "\n\f\n".join(page.extract_text() for page in pypdf.PdfReader(path).pages)


def _build(folder: Path, lang: str | None) -> tuple[Path, Path]:
    name = lang or "default"
    book, cover = folder / f"{name}.pdf", folder / f"{name}-cover.pdf"
    done = dominosa(
        "book", DATA / "book_languages.jsonl", "--hints", "--year", "2026", "--author", "Ann Lee",
        "--publisher", "Acme Press", "--isbn", "978-0-306-40615-7", "--min-pages", "24", "--out", book,
        "--cover-out", cover, *(("--lang", lang) if lang else ()), cwd=folder,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "24 pages, 8 puzzles" in done.stdout  # the summary line stays English
    return book, cover


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    folder = tmp_path_factory.mktemp("books")
    return {lang: _build(folder, None if lang == "en" else lang) for lang in LANGUAGES}


@pytest.fixture(scope="module")
def texts(books) -> dict[str, tuple[str, str]]:
    """Each language's book and cover as text."""
    return {lang: (_text(book), _text(cover)) for lang, (book, cover) in books.items()}


def test_the_english_book_and_cover_are_what_they_were_before_languages(texts):
    book, cover = texts["en"]
    assert book == (DATA / "book_languages_en.txt").read_text(encoding="utf-8")
    assert cover == (DATA / "book_languages_en_cover.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_a_translated_book_and_cover_print_no_english_word(texts, lang):
    english = _words((DATA / "book_languages_en.txt").read_text(encoding="utf-8"))
    english |= _words((DATA / "book_languages_en_cover.txt").read_text(encoding="utf-8"))
    text = "\n".join(texts[lang])
    left = sorted((_words(text) & english) - NAMES - SAME[lang])
    assert not left, f"English words in the {lang} book: {left}"
    with use_language(lang):  # and it says what the English one says, in its own words
        for heading in ("How to play", "Solving techniques", "Hints", "Contents", "forcing chain", "Find every domino"):
            assert _(heading) != heading and _(heading) in text
        assert _("All rights reserved. No part of this book may be reproduced without the written permission of"
                 " the copyright holder.").split()[0] in text  # fmt: skip


@pytest.mark.parametrize("lang", ["de", "fr", "es"])
def test_a_translated_book_stays_print_ready_with_its_accents_in_embedded_fonts(books, texts, lang):
    book, cover = books[lang]
    for path in (book, cover):
        reader = pypdf.PdfReader(path)
        assert smallest_text(reader)[0] >= 7.0 - 1e-6
        for page in reader.pages:
            for font in page["/Resources"]["/Font"].values():
                assert "/FontFile2" in font.get_object()["/FontDescriptor"]
        assert reader.trailer["/Root"]["/Lang"] == lang  # readers that speak the text know its language
    accents = {"de": "Lösungstechniken", "fr": "Règles du jeu", "es": "Técnicas de resolución"}[lang]
    assert accents in texts[lang][0]  # set in the fonts' own glyphs, and read back as written


def test_every_message_is_translated_in_every_catalog_and_compiled():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    catalogs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogs)
    assert catalogs.problems() == []
    found = catalogs.messages()
    assert "Solving techniques" in found and "forcing chain" in found  # the book's words and the technique table
    assert any(isinstance(m, tuple) and m[0].startswith("Every remaining place for the {domino}") for m in found)


def test_the_engines_sentences_are_said_in_the_language_with_its_and():
    opening = "Every remaining place for the {domino} uses {cell}, so the cell is covered by it: "
    pairs = Names(["r1c5-r2c5", "r2c5-r2c6"])
    said = Sentence(opening + "{pairs} is split.", opening + "{pairs} are split.", 2, domino="4-4", cell="r2c5 (4)",
                    pairs=pairs)  # fmt: skip
    assert sentence(said) == said  # English outside a language
    with use_language("de"):
        german = sentence(said)
    assert german.startswith("Jeder verbleibende Platz für den Stein 4-4 benutzt r2c5 (4)")
    assert german.endswith("r1c5-r2c5 und r2c5-r2c6 werden getrennt.")
    with use_language("fr"):
        assert sentence(said).endswith("r1c5-r2c5 et r2c5-r2c6 sont séparées.")
        assert sentence("plain text") == "plain text"
    why = Sentence("would cover {cell} twice", cell="r2c2 (1)")
    chain = Sentence("The cells {cells} each have two remaining pairs, so either {first} or {second} are joined. "
                     "The first way {why}, so the second holds.", cells=Names(["r1c1", "r1c2"]), first="a",
                     second="b", why=why)  # fmt: skip
    with use_language("es"):
        assert "cubriría r2c2 (1) dos veces" in sentence(chain) and "r1c1 y r1c2" in sentence(chain)


def test_counts_and_lists_in_the_languages_style():
    assert number(1234) == "1234" and number(12345) == "12,345"  # English as the book always printed it
    expected = {"de": ("1.234", "12.345"), "fr": ("1\u00a0234", "12\u00a0345"), "es": ("1234", "12.345")}
    for lang, (four, five) in expected.items():
        with use_language(lang):
            assert (number(1234), number(12345), number(999)) == (four, five, "999")
    with use_language("de"):
        assert and_list(["a", "b", "c"]) == "a, b und c"
        assert ngettext("{count} puzzle", "{count} puzzles", 1) == "{count} Rätsel"
        assert ngettext("{n} cell", "{n} cells", 2) == "{n} Felder"
    assert and_list(["a", "b"]) == "a and b"


def test_a_language_the_book_does_not_come_in_is_one_line_and_exit_2(tmp_path):
    done = dominosa("book", DATA / "book_languages.jsonl", "--lang", "it", "--out", "x.pdf", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "'it'" in done.stderr and all(code in done.stderr for code in LANGUAGES)
    assert not (tmp_path / "x.pdf").exists()
    assert dominosa("book", DATA / "book_languages.jsonl", "--lang", "", cwd=tmp_path).returncode == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_contents_and_grades_stay_on_the_page_in_large_print_on_a_small_trim(lang):
    import json

    from dominosa.deductions import count_solutions
    from dominosa.rendering.book import BookEntry, compose_book

    entries = []
    for line in (DATA / "book_languages.jsonl").read_text().splitlines():
        row = json.loads(line)
        puzzle = Puzzle.from_grid(row["grid"])
        solution = count_solutions(puzzle, 2, keep_solutions=True).solutions[0]
        entries.append(BookEntry(puzzle, solution, row["grade"], row["score"]))
    layout = compose_book(entries, large_print=True, trim="5.5x8.5in", hints=True, min_pages=24, lang=lang)
    page, frame = layout.document.pages[2], layout.frames[2]  # title, copyright, contents
    assert page.ink is not None and page.ink[3] <= frame.safe[3] + 0.01, (page.ink, frame.safe)


@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_a_caption_and_its_difficulty_marker_never_overlap_on_narrow_boards(monkeypatch, lang):
    import random

    from dominosa.generator.proper import proper_layout
    from dominosa.rendering.book import BookEntry, compose_book
    from dominosa.rendering.pdf_writer import PdfPage, text_width

    texts = []  # (page, left, right, baseline) of every caption and marker set
    draw = PdfPage.text

    def record(page, x, y, text, size=10.0, **options):
        anchor, face = options.get("anchor", "start"), options.get("bold", False)
        width = text_width(text, size, bold=face)
        left = x - width if anchor == "end" else x - width / 2 if anchor == "middle" else x
        texts.append((id(page), left, left + width, y, text))
        return draw(page, x, y, text, size=size, **options)

    monkeypatch.setattr(PdfPage, "text", record)
    entries = []
    for k in range(12):  # double-3 boards, twelve to a small page: the captions have little room
        puzzle, solution = proper_layout(3, random.Random(1000 + k))
        entries.append(BookEntry(puzzle, solution, "trivial", float(k)))
    compose_book(entries, per_page=12, techniques=False, lang=lang, trim="5.5x8.5in")
    with use_language(lang):
        caption = _("Puzzle {number}").format(number=1)
    captions = [t for t in texts if t[4].split()[0] == caption.split()[0] and t[4].split()[-1].isdigit()]
    assert len(captions) >= 12
    for page, left, right, baseline, text in captions:
        beside = [t for t in texts if t[0] == page and t[3] == baseline and t[4] != text and t[1] > left]
        assert all(t[1] >= right for t in beside), (text, beside)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_shape_and_a_volume_are_named_in_the_language(lang):
    from dominosa.generator.shapes import shape_names
    from dominosa.rendering.book import SHAPE_WORDS, display_name

    assert {name.capitalize() for name in shape_names()} | {"Shapes"} == set(SHAPE_WORDS)
    with use_language(lang):
        named = {display_name(name) for name in [*shape_names(), "shapes"]}
        volume = _("Volume {number}").format(number=3)
    assert not named & set(SHAPE_WORDS) - {"Ring"}  # 'Ring' is German too
    assert volume.endswith("3") and (volume != "Volume 3" or lang == "fr")
