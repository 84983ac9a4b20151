"""``dominosa book`` as a user runs it: the first test through the installed console script, in a separate process
(its exit code, its output, the same file for the same seed); the others call the command in this process
(:func:`_book`), except a book piped into its standard input and one in another language, which keep a process."""

from __future__ import annotations

import datetime
import io
import json
import random
import re
from pathlib import Path

import pypdf
import pytest
from cli_run import in_process
from pdf_checks import smallest_text, text_sizes
from test_cli_render import assert_one_line_error, dominosa
from test_rendering_pdf import assert_fonts_embedded_truetype

from dominosa.formats import write_json
from dominosa.generator.proper import proper_layout


def test_book_without_input_generates_puzzles_into_output(tmp_path):
    done = dominosa("book", "--count", "3", "--order", "4", "--seed", "7", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "book.pdf"
    assert done.stdout == "output/book.pdf: 12 pages, 3 puzzles, trim 6x9in (432x648 pt), gutter 0.375 in, seed 7\n"
    # Too short for a print service: one warning that says why and what to do, on standard error.
    assert done.stderr.count("\n") == 1 and "under 24" in done.stderr and "--min-pages 24" in done.stderr
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 12
    assert "3\u00a0puzzles with solutions" in reader.pages[0].extract_text()  # the number bound to its word
    again = dominosa("book", "--count", "3", "--order", "4", "--seed", "7", "--out", "again.pdf", cwd=tmp_path)
    assert again.returncode == 0
    assert out.read_bytes() == (tmp_path / "again.pdf").read_bytes()  # same seed, the same file byte for byte


def _book(capsys, *args: object):
    """``dominosa book ARGS`` run in this process (``in_process``), in the current folder (the test's, by
    ``monkeypatch.chdir``): what these tests check is what the command writes and says, not the process, whose
    start-up (the renderer's fonts and PDF writer, the generator) was a good part of their time."""
    return in_process(capsys, "book", *args)


def _assert_print_ready(reader: pypdf.PdfReader, data: bytes, *, trim=(432, 648), bleed=False) -> None:
    """What a print service checks: every text at 7 pt or more, fonts embedded, trim and bleed boxes."""
    size, page, text = smallest_text(reader)
    assert size >= 7 - 1e-6, (size, page, text)
    assert_fonts_embedded_truetype(data)
    extra = 9 if bleed else 0
    for number, page in enumerate(reader.pages, 1):
        media = [float(v) for v in page.mediabox]
        assert media == [0, 0, trim[0] + extra, trim[1] + 2 * extra]
        left = 0 if number % 2 else extra  # the bleed is on the outside edge
        assert [float(v) for v in page.trimbox] == pytest.approx([left, extra, left + trim[0], extra + trim[1]])
        assert [float(v) for v in page.bleedbox] == media


def test_the_default_book_is_print_ready_and_a_fresh_seed_each_time_rebuilds_exactly(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "--puzzles-out", "p.jsonl")
    assert done.returncode == 0, done.stderr
    # No warning (the book is long enough); off a terminal, progress is a plain line as each puzzle is made.
    progress = re.compile(r"book: (\d+) of 40 puzzles made, \d+ s")
    made = [progress.fullmatch(line) for line in done.stderr.splitlines()]
    assert all(made) and [int(m[1]) for m in made] == list(range(1, 41)), done.stderr
    line = done.stdout.strip()
    match = re.fullmatch(
        r"output/book\.pdf: (\d+) pages, 40 puzzles, trim 6x9in \(432x648 pt\), gutter 0\.375 in, seed (\d+);"
        r" p\.jsonl: 40 puzzles as JSON lines",
        line,
    )
    assert match, line
    pages, seed = int(match[1]), match[2]
    data = (tmp_path / "output" / "book.pdf").read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == pages >= 24
    _assert_print_ready(reader, data)
    copyright_page = reader.pages[1].extract_text()
    year = datetime.date.today().year  # this year unless --year says otherwise
    assert f"seed {seed}" in copyright_page and f"Copyright © {year}" in copyright_page
    assert "All rights reserved" in copyright_page and "dominosa" in copyright_page
    contents = reader.pages[2].extract_text()
    assert contents.startswith("Contents") and "The grades, easiest first" in contents
    words = " ".join(contents.split())
    assert "must overlap" in words and "MUST_OVERLAP" not in words  # techniques named in words
    _assert_puzzles_out(tmp_path / "p.jsonl", reader, 40)
    # Another run draws another seed, and the seed it prints rebuilds its very file, cover included (the font
    # subset used to carry the time it was made, so two runs of one seed differed). A small book proves it: the
    # seed is the same whatever the book holds.
    small = ("--count", "2", "--order", "3")
    other = _book(capsys, *small, "--out", "other.pdf", "--cover-out", "other-cover.pdf")
    assert other.returncode == 0, other.stderr
    drawn = re.search(r"seed (\d+)", other.stdout)
    assert drawn and drawn[1] != seed, other.stdout
    again = _book(capsys, *small, "--seed", drawn[1], "--out", "again.pdf", "--cover-out", "again-cover.pdf",
                  "--quiet")  # fmt: skip
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "again.pdf").read_bytes() == (tmp_path / "other.pdf").read_bytes()
    assert (tmp_path / "again-cover.pdf").read_bytes() == (tmp_path / "other-cover.pdf").read_bytes()


def _assert_puzzles_out(path, reader: pypdf.PdfReader, count: int) -> None:
    """The --puzzles-out file: one object a line in book order, each a proper puzzle with its solution and the
    grade its section heads; no two sharing more than 40% of their cells, whatever turn or mirror."""
    from test_generator_twins import plain_share

    from dominosa.cover.dominosa import count_solutions_exact_cover
    from dominosa.formats.json_format import puzzle_from_dict, solution_from_dict
    from dominosa.rendering.book_sections import display_name

    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [row["number"] for row in rows] == list(range(1, count + 1))
    text = " ".join(page.extract_text() for page in reader.pages)
    for row in rows:
        assert {"number", "section", "grade", "score", "grid", "solution"} <= set(row)
        assert row["section"] == display_name(row["grade"]) and isinstance(row["score"], float)
        puzzle = puzzle_from_dict(row)
        assert solution_from_dict(row, puzzle) is not None and count_solutions_exact_cover(puzzle, 2) == (1, True)
        assert f"Puzzle {row['number']}" in text
    grids = [row["grid"] for row in rows]
    worst = max(plain_share(a, b) for k, a in enumerate(grids) for b in grids[k + 1 :])
    assert worst <= 0.4, worst
    # Each technique the puzzles need (walked here with the engine's driver loop) is taught in the chapter.
    from dominosa.deductions import Technique, iter_deductions

    texts = [p.extract_text() for p in reader.pages]
    chapter = " ".join(t for t in texts if t.upper().startswith("SOLVING TECHNIQUES"))
    needed = {Technique(step.rule) for row in rows for step in iter_deductions(puzzle_from_dict(row))}
    for technique in needed - {Technique.GUESS}:
        if not technique.bookkeeping:
            assert technique.label[:1].upper() + technique.label[1:] in chapter, technique.label


def test_orders_let_sizes_grow_through_the_book_and_a_warm_up_opens_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "--count", "8", "--orders", "4,5", "--seed", "2", "--quiet", "--puzzles-out", "p.jsonl",
                 "--hints")  # fmt: skip
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    sizes = [len(row["grid"]) * len(row["grid"][0]) for row in rows]
    assert sizes[0] == 5 * 6 and sizes[-1] == 6 * 7 and sum(sizes[:4]) < sum(sizes[4:])
    assert rows[0]["section"] == "Warm-up" and rows[0]["grade"] == "trivial"
    texts = [page.extract_text() for page in pypdf.PdfReader(tmp_path / "output" / "book.pdf").pages]
    text = next(t for t in texts if t.startswith("WARM-UP"))
    assert "double-4 · 5×6" in text  # sizes differ: the captions say which
    hints = [line for t in texts if t.upper().startswith("HINTS") for line in t.splitlines() if "look at" in line]
    assert [int(line.split()[0]) for line in hints] == list(range(1, 9))
    for bad in ("5,4", "4,x", "0,3"):
        refused = _book(capsys, "--orders", bad)
        assert_one_line_error(refused, "--orders")
    both = _book(capsys, "--orders", "4,5", "--order", "4")
    assert_one_line_error(both, "not both")


def test_a_short_book_is_padded_to_min_pages_and_gets_its_cover(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    done = _book(
        capsys, "--count", "4", "--order", "4", "--seed", "5", "--bleed", "--min-pages", "24",
        "--author", "Ann Lee", "--year", "2026", "--isbn", "978-1-23456-789-7", "--publisher", "Grid Press",
        "--cover-out", "output/cover.pdf", "--paper", "cream",
    )  # fmt: skip (output/ does not exist yet: the default folder is made for the book and its cover)
    assert done.returncode == 0, done.stderr
    progress = re.compile(r"book: \d of 4 puzzles made, \d+ s")
    assert all(progress.fullmatch(line) for line in done.stderr.splitlines()), done.stderr  # padded: no warning
    data = (tmp_path / "output" / "book.pdf").read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 24 and "24 pages" in done.stdout
    _assert_print_ready(reader, data, bleed=True)
    texts = [page.extract_text() for page in reader.pages]
    assert texts[-1].startswith("NOTES") and "Notes" in texts[2]  # ruled pages, listed in the contents
    imprint = texts[1]
    # (a no-break space after the year: the book keeps a number with the word after it)
    for words in ("Copyright © 2026\u00a0Ann Lee", "ISBN 978-1-23456-789-7", "Grid Press", "seed 5"):
        assert words in imprint
    # The cover: back, spine and front with 0.125 in of bleed all round, the spine 24 pages of cream paper.
    cover_data = (tmp_path / "output" / "cover.pdf").read_bytes()
    cover = pypdf.PdfReader(io.BytesIO(cover_data))
    assert len(cover.pages) == 1
    spine = 24 * 0.0025 * 72
    width, height = 2 * 432 + spine + 18, 648 + 18
    assert [float(v) for v in cover.pages[0].mediabox] == pytest.approx([0, 0, width, height], abs=0.001)
    assert [float(v) for v in cover.pages[0].trimbox] == pytest.approx([9, 9, width - 9, height - 9], abs=0.001)
    assert f"cover {width / 72:.3f}x{height / 72:.3f} in" in done.stdout and "no spine text" in done.stdout
    assert smallest_text(cover)[0] >= 7
    assert_fonts_embedded_truetype(cover_data)
    front = cover.pages[0].extract_text()
    assert "Dominosa" in front and "Ann Lee" in front
    assert "4\u00a0PUZZLES · WARM-UP TO " in front  # the count and the grade range, easiest to hardest
    assert b"SourceSerifPro-Bold" in cover_data  # the title in the book's display face


def test_large_print_sets_body_text_at_16_pt_and_digits_no_smaller_than_normal(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    sizes, digits = {}, {}
    for name, extra in (("normal", []), ("large", ["--large-print"])):
        done = _book(capsys, "--count", "2", "--order", "5", "--seed", "2", "--out", f"{name}.pdf", *extra)
        assert done.returncode == 0, done.stderr
        reader = pypdf.PdfReader(tmp_path / f"{name}.pdf")
        sizes[name] = {number: [size for size, _ in text_sizes(page)] for number, page in enumerate(reader.pages, 1)}
        first = next(n for n, page in enumerate(reader.pages, 1) if "Puzzle 1" in page.extract_text())
        digits[name] = max(set(sizes[name][first]), key=sizes[name][first].count)  # the commonest size: digits
    assert min(sizes["large"][3]) >= 16  # page 3: how to play, body text
    assert digits["large"] >= digits["normal"]
    assert min(min(page, default=99) for page in sizes["large"].values()) >= 7


def test_book_from_a_file_with_grades_trim_and_bleed(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)

    lines = []
    for k, (grade, level) in enumerate((("Hard", 2), ("Easy", 0), ("Hard", 2))):
        puzzle, solution = proper_layout(3, random.Random(k))
        lines.append(json.dumps({**json.loads(write_json(puzzle, solution)), "grade": grade, "level": level}))
    source = tmp_path / "puzzles.jsonl"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "a5.pdf"
    done = _book(capsys, source, "--trim", "A5", "--bleed", "--per-page", "1", "--title", "Small", "--out", out)
    assert done.returncode == 0, done.stderr
    assert "3 puzzles" in done.stdout and "A5" in done.stdout and "with bleed" in done.stdout
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) % 2 == 0
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(148 / 25.4 * 72 + 9, abs=0.01)
    assert float(box.height) == pytest.approx(210 / 25.4 * 72 + 18, abs=0.01)
    assert "Small" in reader.pages[0].extract_text()
    contents = reader.pages[2].extract_text()
    assert contents.index("Easy") < contents.index("Hard")  # sections by level, easiest first
    first = next(page.extract_text() for page in reader.pages if page.extract_text().startswith("EASY"))
    assert "Puzzle 1" in first


def test_a_failed_book_leaves_the_previous_pdf_untouched(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "book.pdf"
    out.write_bytes(b"previous")
    done = _book(capsys, "3:22223101012330103310", "--per-page", "24", "--out", out)
    assert_one_line_error(done, "--per-page")
    assert out.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]


def test_rated_solved_and_explained_json_chain_into_a_book_that_keeps_the_grades(tmp_path, monkeypatch, capsys):
    # In this process (in_process) but for the pipe into book: what is checked is what each command reads and
    # writes, not the process (ten processes' start-up was most of this test's time).
    monkeypatch.chdir(tmp_path)
    made = in_process(capsys, "generate", "--order", "4", "--count", "3", "--seed", "2", "--quiet")
    assert made.returncode == 0, made.stderr
    (tmp_path / "made.txt").write_text(made.stdout)
    rated = in_process(capsys, "rate", "made.txt", "--format", "json")
    assert rated.returncode == 0, rated.stderr
    rows = [json.loads(line) for line in rated.stdout.splitlines()]
    assert all(row["grid"] and row["clues"] == [] and "dominoes" not in row for row in rows)
    (tmp_path / "rated.jsonl").write_text(rated.stdout)
    book = in_process(capsys, "book", "rated.jsonl", "--out", "rated.pdf")
    assert book.returncode == 0, book.stderr
    grades = sorted({row["grade"] for row in rows}, key=lambda g: next(r["level"] for r in rows if r["grade"] == g))
    contents = pypdf.PdfReader(tmp_path / "rated.pdf").pages[2].extract_text()
    places = [contents.index(grade.capitalize()) for grade in grades]
    assert places == sorted(places)  # the sections are the grades rate gave, easiest first
    # store add keeps the grades too, and a book from the store has the same sections.
    added = in_process(capsys, "store", "add", "rated.jsonl", "--store", "rated.sqlite")
    assert added.returncode == 0, added.stderr
    listed = in_process(capsys, "store", "list", "--store", "rated.sqlite", "--format", "json")
    assert [json.loads(line)["grade"] for line in listed.stdout.splitlines()] == [row["grade"] for row in rows]
    stored = in_process(capsys, "book", "--store", "rated.sqlite", "--out", "stored.pdf")
    assert stored.returncode == 0, stored.stderr
    assert pypdf.PdfReader(tmp_path / "stored.pdf").pages[2].extract_text() == contents
    # solve's and explain's JSON read back as puzzles too, through a pipe and a file.
    solved = in_process(capsys, "solve", "made.txt", "--format", "json")
    assert all(json.loads(line)["solution"] for line in solved.stdout.splitlines())  # unique: the solution too
    piped = dominosa("book", "-", "--out", "solved.pdf", cwd=tmp_path, stdin=solved.stdout)
    assert piped.returncode == 0 and "3 puzzles" in piped.stdout, piped.stderr
    explained = in_process(capsys, "explain", "made.txt", "--format", "json")
    rows = [json.loads(line) for line in explained.stdout.splitlines()]
    assert all(len(row["deductions"]) == row["steps"] for row in rows)  # one meaning per key, as in rate
    (tmp_path / "explained.jsonl").write_text(explained.stdout)
    again = in_process(capsys, "rate", "explained.jsonl", "--format", "json")
    assert [json.loads(line)["grade"] for line in again.stdout.splitlines()] == [row["grade"] for row in rows]


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_is_a_bar_on_a_terminal_and_plain_lines_elsewhere(monkeypatch):
    from dominosa.cli import book

    clock = iter([0.0, 0.0, 1.0, 6.0, 7.0, 12.5])
    monkeypatch.setattr(book.time, "monotonic", lambda: next(clock))
    terminal = _Stream(tty=True)
    bar = book.BookProgress(4, terminal)
    assert terminal.getvalue() == "\rbook: [........................] 0/4 puzzles, 0 s"  # at once, before the first
    for done in range(1, 5):
        bar(done)
    assert terminal.getvalue().count("\r") == 5 and "\n" not in terminal.getvalue()
    assert terminal.getvalue().endswith("] 4/4 puzzles, 12 s")
    bar.clear()
    assert terminal.getvalue().endswith("\r")  # the line is wiped before the summary is printed
    clock = iter([0.0, 1.0, 6.0, 7.0, 130.5])
    log = _Stream(tty=False)
    lines = book.BookProgress(4, log)
    for done in (1, 2, 3, 4):  # at 1 s, 6 s, 7 s and 130.5 s after the start: a line each, the last one too
        lines(done)
    assert log.getvalue().splitlines() == [
        "book: 1 of 4 puzzles made, 1 s",
        "book: 2 of 4 puzzles made, 6 s",
        "book: 3 of 4 puzzles made, 7 s",
        "book: 4 of 4 puzzles made, 130 s",
    ]
    assert "\r" not in log.getvalue()


def test_the_readme_clue_example_is_a_clue_of_the_one_solution():
    from pathlib import Path

    from dominosa.deductions import count_solutions
    from dominosa.formats import read_puzzle

    readme = (Path(__file__).parents[1] / "README.md").read_text("utf-8")
    block = readme.split("# a double-3 puzzle with one clue", 1)[1].split("```", 1)[0]
    puzzle = read_puzzle("# a double-3 puzzle with one clue" + block)
    assert len(puzzle.clues) == 1
    result = count_solutions(puzzle, 2, keep_solutions=True)
    assert result.count == 1 and result.complete
    compact = re.search(r"in the compact form is `([^`]+)`", readme)[1]
    assert read_puzzle("22223\n10101\n23301\n03310\n-\n" + compact).clues == puzzle.clues


def test_ctrl_c_says_how_many_puzzles_were_made_and_writes_nothing(tmp_path, monkeypatch, capsys):
    """Ctrl-C while the puzzles are made: exit code 130, no book, and one line saying how far it got."""
    from dominosa.cli import book as book_command
    from dominosa.cli.main import main

    def interrupted(count, order, seed, *, grade=None, progress=None, exclude=()):
        for done in range(1, 4):
            progress(done)  # three puzzles made, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(book_command, "generate_entries", interrupted)
    out = tmp_path / "book.pdf"
    assert main(["book", "--count", "8", "--quiet", "--out", str(out)]) == 130
    assert capsys.readouterr().err == "dominosa: interrupted: 3 of 8 puzzles finished; the book was not written\n"
    assert list(tmp_path.iterdir()) == []


def _puzzles_of(path) -> list:
    from dominosa.formats import read_file_records

    return [record.puzzle for record in read_file_records(path)]


def test_a_cover_the_preflight_refuses_leaves_no_book_behind(tmp_path, monkeypatch, capsys):
    # The cover is made and checked before the book is written: one line, exit 2, and neither file on disk.
    from dominosa.cli import book as cli_book
    from dominosa.cli.main import main
    from dominosa.rendering.book_cover import CoverError

    def refused(*args, **kwargs):
        raise CoverError("preflight: the cover: the text 'x' runs 3.0 pt past the right edge; not written")

    monkeypatch.setattr(cli_book, "_make_cover", refused)
    monkeypatch.chdir(tmp_path)
    code = main(["book", "--count", "2", "--order", "3", "--seed", "1", "--quiet", "--no-techniques",
                 "--out", "b.pdf", "--cover-out", "c.pdf"])  # fmt: skip
    assert code == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert not list(tmp_path.rglob("*.pdf"))


def _shaped_lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_shapes_add_a_section_of_unique_shaped_puzzles_after_the_grades(tmp_path, monkeypatch, capsys):
    """A real generated book (two rectangles, three shapes, each the best of the book's budget): several seconds,
    the price of checking the section as a buyer gets it, PDF included."""
    monkeypatch.chdir(tmp_path)
    from dominosa.cover.dominosa import count_solutions_exact_cover
    from dominosa.formats import puzzle_from_dict
    from dominosa.generator.shapes import shape_board
    from dominosa.generator.twins import share

    out, lines = tmp_path / "b.pdf", tmp_path / "b.jsonl"
    done = _book(
        capsys, "--count", "2", "--orders", "5", "--shapes", "heart,house", "--shape-count", "3", "--seed", "5",
        "--quiet", "--out", out, "--puzzles-out", lines,
    )
    assert done.returncode == 0, done.stderr
    records = _shaped_lines(lines)
    shaped = [r for r in records if r["section"] == "Shapes"]
    assert len(shaped) == 3 and records[-3:] == shaped  # after the graded sections
    puzzles = [puzzle_from_dict(r) for r in shaped]
    boards = {shape_board("heart", 5), shape_board("house", 5)}
    assert {p.board for p in puzzles} == boards
    assert all(count_solutions_exact_cover(p, 2) == (1, True) for p in puzzles)
    assert all(r["grade"] for r in shaped)
    for k, a in enumerate(puzzles):
        for b in puzzles[k + 1:]:
            assert a.board is not b.board or share(a, b) <= 0.4
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    _assert_print_ready(reader, out.read_bytes())
    text = [page.extract_text() for page in reader.pages]
    assert "Shapes" in text[2]  # in the contents
    assert any("Heart" in page and "Puzzle" in page for page in text)


def test_count_0_with_shapes_is_a_whole_book_of_shapes_in_sections_by_grade(tmp_path, monkeypatch, capsys):
    """Two double-9 stars, generated as a book generates them: a few seconds."""
    monkeypatch.chdir(tmp_path)
    lines = tmp_path / "b.jsonl"
    out = tmp_path / "b.pdf"
    done = _book(capsys, "--count", "0", "--shapes", "star", "--shape-count", "2", "--order", "9", "--seed", "2",
                 "--hints", "--quiet", "--out", out, "--puzzles-out", lines)  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    assert "Hints" in text and "Solutions" in text and "Star" in text
    records = _shaped_lines(lines)
    assert len(records) == 2
    assert all(len([v for row in r["grid"] for v in row if v is not None]) == 110 for r in records)
    assert "Shapes" not in {r["section"] for r in records}


MONTHLY = Path(__file__).with_name("data") / "monthly-2025-11-o40.json"
FIENDISH = Path(__file__).with_name("data") / "book-fiendish-seed2.jsonl"


def test_a_book_of_the_double_40_monthly_on_letter_pages(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    refused = _book(capsys, MONTHLY)  # 6x9in by default: too small for 41x42 cells at 7 pt
    assert_one_line_error(refused, "does not fit on 6x9in pages", "--trim 8.5x11in or A4")
    done = _book(capsys, MONTHLY, "--trim", "8.5x11in", "--out", "monthly.pdf")
    assert done.returncode == 0, done.stderr
    reader = pypdf.PdfReader(tmp_path / "monthly.pdf")
    texts = [page.extract_text() for page in reader.pages]
    puzzle = next(text for text in texts if text.startswith("PUZZLES"))
    first_row = json.loads(MONTHLY.read_text(encoding="utf-8"))["grid"][0]
    assert " ".join(map(str, first_row)) in puzzle  # the grid's numbers, row by row, as text
    assert sum(text.startswith("SOLUTIONS") for text in texts) == 1
    assert smallest_text(reader)[0] >= 7 - 1e-6
    assert [round(float(v)) for v in reader.pages[0].trimbox] == [0, 0, 612, 792]


def test_a_fiendish_german_book_teaches_easiest_first_on_puzzles_of_its_own(tmp_path):
    # The case: 'book --grade fiendish --count 3 --seed 2 --lang de' had set analysis before single
    # neighbour, and the lessons showed the book's own puzzles partly solved. The puzzles are those that
    # 'book --grade fiendish --count 2 --seed 2 --puzzles-out' made (tests/data/README.md): generating two fiendish
    # puzzles took most of this test's time, and the chapter depends on the puzzles, not on how they were made.
    from dominosa.deductions import TECHNIQUES, Technique
    from dominosa.rendering.i18n import _, use_language

    done = dominosa("book", FIENDISH, "--lang", "de", "--quiet", "--out", "b.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pages = [page.extract_text() for page in pypdf.PdfReader(tmp_path / "b.pdf").pages]
    with use_language("de"):
        head = _("Solving techniques").upper()
        chapter = "\n".join(text for text in pages if text.upper().startswith(head))  # opening title or head
        names = {_(t.label)[:1].upper() + _(t.label)[1:]: t for t in TECHNIQUES if not t.bookkeeping}
        key = [_("cell looked at"), _("domino placed"), _("pair ruled out")]
    taught = [names[line] for line in chapter.splitlines() if line in names]
    assert len(taught) >= 4 and taught[0] is Technique.SINGLE_NEIGHBOUR
    assert [TECHNIQUES.index(t) for t in taught] == sorted(TECHNIQUES.index(t) for t in taught)
    assert all(words in chapter for words in key)
    assert "Rätsel 1:" not in chapter and "Rätsel 2:" not in chapter
    for puzzle in _puzzles_of(FIENDISH):  # no grid of the book is drawn in the chapter
        assert not all(" ".join(map(str, row)) in chapter for row in puzzle.grid)


def test_a_page_the_layout_cannot_mend_stops_the_book_in_one_line_and_writes_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    # A title of one unbreakable word wider than the title page at its smallest size: no wrap or smaller type
    # mends it, so the preflight stops the book naming the page, and no PDF is written (on main: exit 0 and a
    # title running 65 pt past the safe area).
    puzzles = Path(__file__).with_name("data") / "book_languages.jsonl"
    title = "Dominosa-Rätselbuch-Gesamtausgabe-Sonderedition-Jubiläum"
    done = _book(capsys, puzzles, "--title", title, "--out", "book.pdf")
    assert_one_line_error(done, "preflight: page 1: the text 'Dominosa-Rätselbuch", "past the right edge of the safe")
    assert not (tmp_path / "book.pdf").exists()
