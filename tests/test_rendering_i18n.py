"""The book in other languages (rendering/i18n.py, the catalogs, ``book --lang``).

The books are read back with pypdf as a reader sees them. The puzzles are tests/data/book_languages.jsonl: eight
of tests/data/tatham-graded.jsonl (two double-5 puzzles of each of his four levels), rated by ``dominosa rate``,
so that the techniques chapter teaches eight techniques. The English texts
(tests/data/book_languages_en.txt and ..._en_cover.txt) were extracted from the book and cover that main built
from them before the book had languages (the command in ``_build``, with ``--lang`` left out), then once more
when the techniques chapter's figures gained their row and column labels (r1.., c1..: the only lines added),
once more when the book set its words as the language does (a no-break space between a number and its word,
the how-to page naming cells, the techniques' summaries reworded: nothing else changed), and once more for issue
42's page layout (the only lines changed: contents leaders ending short of the widest page number, no running
head on a chapter's opening page, solution pages headed "Puzzles 1–8"), and once more when the chapter took
its examples from puzzles of its own (its pages, with the key to its marks, and the cover's line on it).

Building and reading the four books takes several seconds: each is a whole book (title to notes), the smallest
that shows every part in every language.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import re
import subprocess
from pathlib import Path

import pypdf
import pytest
from pdf_checks import smallest_text

from dominosa.deductions import Names, Sentence
from dominosa.puzzle import Puzzle
from dominosa.rendering.i18n import (
    LANGUAGES,
    _,
    and_list,
    french_spacing,
    ngettext,
    number,
    sentence,
    typeset,
    use_language,
)

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[1]
# Words of the English book that are words of the language too (or names, the same in every language).
NAMES = {"ann", "lee", "acme", "press", "dominosa", "isbn", "n"}  # n: the count in the set analysis summary
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


def dominosa(*args: object) -> subprocess.CompletedProcess[str]:
    """``dominosa ARGS`` run in this process (``main``), its exit code and output as a process would give them:
    what is checked here is the book, and four whole books built each in a process of its own spent a quarter of
    their time starting it (the command as a process is test_cli_book's). Every path given is absolute."""
    from dominosa.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as stop:  # argparse's own exits
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    return subprocess.CompletedProcess(["dominosa", *map(str, args)], code, out.getvalue(), err.getvalue())


def _build(folder: Path, lang: str | None) -> tuple[Path, Path]:
    name = lang or "default"
    book, cover = folder / f"{name}.pdf", folder / f"{name}-cover.pdf"
    done = dominosa(
        "book", DATA / "book_languages.jsonl", "--hints", "--year", "2026", "--author", "Ann Lee",
        "--publisher", "Acme Press", "--isbn", "978-0-306-40615-7", "--min-pages", "24", "--out", book,
        "--cover-out", cover, *(("--lang", lang) if lang else ()),
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
    assert german.startswith("Jeder verbleibende Platz für den Stein 4-4 benutzt Z2S5 (4)")  # Zeile 2, Spalte 5
    assert german.endswith("Z1S5-Z2S5 und Z2S5-Z2S6 werden getrennt.")
    with use_language("fr"):
        assert sentence(said).endswith("L1C5-L2C5 et L2C5-L2C6 sont séparées.")  # ligne, colonne
        assert sentence("plain text") == "plain text"
    why = Sentence("would cover {cell} twice", cell="r2c2 (1)")
    chain = Sentence("The cells {cells} each have two remaining pairs, so either {first} or {second} are joined. "
                     "The first way {why}, so the second holds.", cells=Names(["r1c1", "r1c2"]), first="a",
                     second="b", why=why)  # fmt: skip
    with use_language("es"):
        assert "cubriría F2C2 (1) dos veces" in sentence(chain) and "F1C1 y F1C2" in sentence(chain)  # fila


def test_counts_and_lists_in_the_languages_style():
    assert number(1436) == "1,436" and number(12345) == "12,345" and number(-1436) == "-1,436"
    # French groups with a narrow no-break space; Spanish leaves four digits whole (CLDR's minimum grouping)
    expected = {"de": ("1.234", "12.345"), "fr": ("1\u202f234", "12\u202f345"), "es": ("1234", "12.345")}
    for lang, (four, five) in expected.items():
        with use_language(lang):
            assert (number(1234), number(12345), number(999)) == (four, five, "999")
    with use_language("de"):
        assert and_list(["a", "b", "c"]) == "a, b und c"
        assert ngettext("{count} puzzle", "{count} puzzles", 1) == "{count} Rätsel"
        assert ngettext("{n} cell", "{n} cells", 2) == "{n} Felder"
    assert and_list(["a", "b"]) == "a and b"


def test_a_language_the_book_does_not_come_in_is_one_line_and_exit_2(tmp_path):
    done = dominosa("book", DATA / "book_languages.jsonl", "--lang", "it", "--out", tmp_path / "x.pdf")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "'it'" in done.stderr and all(code in done.stderr for code in LANGUAGES)
    assert not (tmp_path / "x.pdf").exists()
    assert dominosa("book", DATA / "book_languages.jsonl", "--lang", "", "--out", tmp_path / "x.pdf").returncode == 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_contents_and_grades_stay_on_the_page_in_large_print_on_a_small_trim(lang):
    import json

    from dominosa.deductions import count_solutions
    from dominosa.rendering.book import compose_book
    from dominosa.rendering.book_sections import BookEntry

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
    from dominosa.rendering.book import compose_book
    from dominosa.rendering.book_sections import BookEntry
    from dominosa.rendering.fonts import text_width
    from dominosa.rendering.pdf_writer import PdfPage

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
    from dominosa.rendering.book_sections import SHAPE_WORDS, display_name

    assert {name.capitalize() for name in shape_names()} | {"Shapes"} == set(SHAPE_WORDS)
    with use_language(lang):
        named = {display_name(name) for name in [*shape_names(), "shapes"]}
        volume = _("Volume {number}").format(number=3)
    assert not named & set(SHAPE_WORDS) - {"Ring"}  # 'Ring' is German too
    assert volume.endswith("3") and (volume != "Volume 3" or lang == "fr")


NNBSP, NBSP = "\u202f", "\u00a0"


def test_french_spacing_sets_the_space_before_each_mark_whatever_was_there():
    assert french_spacing("Échauffement: Voisin unique") == f"Échauffement{NBSP}: Voisin unique"
    assert french_spacing("Vraiment ? Oui! Non ; peut-être?") == (
        f"Vraiment{NNBSP}? Oui{NNBSP}! Non{NNBSP}; peut-être{NNBSP}?"
    )
    assert french_spacing("«bonjour» et « au revoir »") == f"«{NBSP}bonjour{NBSP}» et «{NBSP}au revoir{NBSP}»"
    assert french_spacing("jeu 3:2222, (voir ci-dessous)") == "jeu 3:2222, (voir ci-dessous)"  # inside a word
    once = french_spacing("Pourquoi ? Parce que : « voilà » !")
    assert french_spacing(once) == once
    assert typeset("Why? Because: 12 dominoes") == f"Why? Because: 12{NBSP}dominoes"  # English: none of it
    with use_language("de"):
        assert typeset("Warum? Darum: Z4S7") == "Warum? Darum: Z4S7"


def test_a_long_list_names_six_cells_at_most_in_every_language():
    cells = Names(f"r{k}c1" for k in range(1, 36))
    said = Sentence("The 4s at {cells} can only take the 1-4.", cells=cells)
    assert sentence(said) == "The 4s at r1c1, r2c1, r3c1, r4c1, r5c1 and 30 more can only take the 1-4."
    short = Sentence("The 4s at {cells} can only take the 1-4.", cells=Names(cells[:6]))
    assert sentence(short) == short  # six are all named
    with use_language("de"):  # (a template the catalog lacks stays English: the list is the language's)
        assert "at Z1S1, Z2S1, Z3S1, Z4S1, Z5S1 und 30 weitere can" in sentence(said)
    with use_language("es"):
        assert "at F1C1, F2C1, F3C1, F4C1, F5C1 y 30 más can" in sentence(said)


def test_the_french_book_sets_its_spaces_before_every_mark(texts):
    book, cover = texts["fr"]
    for text in (book, cover):
        plain = re.findall(r".{12} [;:?!»]", text) + re.findall(r"« .{12}", text)
        missing = re.findall(r".{12}[^\s\u00a0\u202f][;:?!»](?=\s|$)", text) + re.findall(r"«[^\u00a0].{12}", text)
        assert not plain and not missing, (plain, missing)
        assert not re.search(r"^[;:?!»]", text, re.MULTILINE)  # never a line that starts with the mark
    assert book.count(f"{NNBSP};") >= 1 and book.count(f"{NBSP}:") >= 20 and f"{NNBSP}?" in book
    assert f"Échauffement{NBSP}:" in book


@pytest.mark.parametrize("lang, cell", [("de", r"Z\d+S\d+"), ("fr", r"L\d+C\d+"), ("es", r"F\d+C\d+")])
def test_a_translated_book_names_cells_in_its_letters_in_text_hints_and_figures(texts, lang, cell):
    book = texts[lang][0]
    assert not re.findall(r"\br\d+c\d+\b", book)  # no English cell name left
    named = re.findall(rf"\b{cell}\b", book)
    assert len(named) >= 20
    hints = book[book.rindex(_hints_heading(lang)) :]
    assert re.search(rf"\b{cell}\b", hints)  # the hints name their pair in the same letters
    letter = cell[0]
    assert re.search(rf"^{letter}1$", book, re.MULTILINE)  # the figures' row labels: Z1, L1, F1


def _hints_heading(lang: str) -> str:
    with use_language(lang):
        return _("Hints")


def test_the_english_book_binds_every_number_to_its_word(texts):
    book, _cover = texts["en"]
    assert f"28{NBSP}dominoes" in book
    assert not re.findall(r"(?<![\w-])\d+ [a-z]", book)  # a number and the word it counts never apart


def test_an_author_with_central_european_letters_prints(tmp_path):
    author, publisher = "Jiří Dvořák", "Łukasz Wydawnictwo"
    book = tmp_path / "book.pdf"
    done = dominosa(
        "book", DATA / "book_languages.jsonl", "--author", author, "--publisher", publisher, "--out", book,
        "--min-pages", "24", "--lang", "fr",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = _text(book)
    assert author in text and publisher in text
    assert "?" not in text.replace(f"{NNBSP}?", "")  # nothing set as a question mark in its place
    many = "".join(chr(c) for c in range(0x100, 0x128))  # more such letters than a PDF of ours holds: one line
    refused = dominosa("book", DATA / "book_languages.jsonl", "--author", many, "--out", tmp_path / "x.pdf")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1 and "at most" in refused.stderr
    assert not (tmp_path / "x.pdf").exists()
