"""``dominosa book`` run as a user runs it: the installed console script, in a separate process."""

from __future__ import annotations

import io
import json

import pypdf
import pytest
from test_cli_render import assert_one_line_error, dominosa

from dominosa.formats import write_json
from dominosa.generator.proper import proper_layout


def test_book_without_input_generates_puzzles_into_output(tmp_path):
    done = dominosa("book", "--count", "3", "--order", "4", "--seed", "7", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "book.pdf"
    assert done.stdout == "output/book.pdf: 6 pages, 3 puzzles, trim 6x9in (432x648 pt), gutter 0.375 in\n"
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 6
    assert "3 puzzles with solutions" in reader.pages[0].extract_text()
    again = dominosa("book", "--count", "3", "--order", "4", "--seed", "7", "--out", "again.pdf", cwd=tmp_path)
    assert again.returncode == 0
    first, second = pypdf.PdfReader(out), pypdf.PdfReader(tmp_path / "again.pdf")
    assert [p.extract_text() for p in first.pages] == [p.extract_text() for p in second.pages]  # same seed


def test_book_from_a_file_with_grades_trim_and_bleed(tmp_path):
    import random

    lines = []
    for k, (grade, level) in enumerate((("Hard", 2), ("Easy", 0), ("Hard", 2))):
        puzzle, solution = proper_layout(3, random.Random(k))
        lines.append(json.dumps({**json.loads(write_json(puzzle, solution)), "grade": grade, "level": level}))
    source = tmp_path / "puzzles.jsonl"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "a5.pdf"
    done = dominosa("book", source, "--trim", "A5", "--bleed", "--per-page", "1", "--title", "Small", "--out", out)
    assert done.returncode == 0, done.stderr
    assert "3 puzzles" in done.stdout and "A5" in done.stdout and "with bleed" in done.stdout
    reader = pypdf.PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) % 2 == 0
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(148 / 25.4 * 72 + 9, abs=0.01)
    assert float(box.height) == pytest.approx(210 / 25.4 * 72 + 18, abs=0.01)
    first = reader.pages[0].extract_text()
    assert "Small" in first and first.index("Easy") < first.index("Hard")  # sections by level, easiest first
    assert reader.pages[2].extract_text().startswith("Easy") and "Puzzle 1" in reader.pages[2].extract_text()


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["book", "--trim", "7x"], "", ["--trim", "unknown trim size"]),
        (["book", "--count", "4", "--order", "3", "--per-page", "20"], "", ["--per-page"]),
        (["book", "--count", "0"], "", ["--count"]),
        (["book", "--count", "2", "--order", "3", "--out", "/nonexistent-folder/b.pdf"], "", ["cannot use"]),
        (["book", "-"], "111\n000\n", ["more than one solution"]),
        (["book", "-"], json.dumps({"grid": [[1, 1]]}), ["line 1"]),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_pdf(tmp_path, args, stdin, words):
    done = dominosa(*args, cwd=tmp_path, stdin=stdin)
    assert_one_line_error(done, *words)
    assert not list(tmp_path.rglob("*.pdf")) and not list(tmp_path.rglob("*.tmp"))


def test_a_failed_book_leaves_the_previous_pdf_untouched(tmp_path):
    out = tmp_path / "book.pdf"
    out.write_bytes(b"previous")
    done = dominosa("book", "3:22223101012330103310", "--per-page", "24", "--out", out)
    assert_one_line_error(done, "--per-page")
    assert out.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["book.pdf"]
