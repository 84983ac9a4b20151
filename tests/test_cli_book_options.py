"""``dominosa book``'s refusals before any work (cli/book_options.py): one line, exit 2, nothing written.

Each refusal runs in this process (``in_process``): what is checked is the line and the exit code ``main`` gives,
and a process of its own per case was most of this module's time. The first test keeps to a true process, for
the exit code and the one line a shell sees from the console script."""

from __future__ import annotations

import json

import pytest
from cli_run import in_process
from test_cli_render import assert_one_line_error, dominosa


@pytest.mark.parametrize("per_page", ["20", "12"])
def test_solutions_too_small_to_print_are_refused_with_the_count_that_fits(tmp_path, per_page):
    done = dominosa("book", "--count", "2", "--order", "6", "--seed", "1", "--solutions-per-page", per_page,
                    cwd=tmp_path)  # fmt: skip
    assert_one_line_error(done, f"{per_page} solutions per page", "under 7 pt", "--solutions-per-page")


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["book", "--trim", "7x"], "", ["--trim", "unknown trim size"]),
        (["book", "--count", "4", "--order", "3", "--per-page", "20", "--quiet"], "", ["--per-page"]),  # (no progress)
        (["book", "--count", "0"], "", ["--count"]),
        (["book", "--count", "2", "--order", "3", "--out", "/nonexistent-folder/b.pdf"], "", ["cannot use"]),
        (["book", "--count", "2", "--order", "3", "--cover-out", "/nonexistent-folder/c.pdf"], "", ["--cover-out"]),
        (["book", "-"], "111\n000\n", ["more than one solution"]),
        (["book", "--count", "1", "--order", "2", "--isbn", "978-1-23456-789-0"], "", ["--isbn", "check digit"]),
        (["book", "--count", "1", "--order", "2", "--isbn", "12345"], "", ["--isbn", "not an ISBN"]),
        (["book", "--count", "1", "--order", "2", "--min-pages", "-1"], "", ["--min-pages"]),
        (["book", "--count", "1", "--order", "2", "--cover-out", "b.pdf", "--out", "b.pdf"], "", ["--cover-out"]),
        (["book", "-"], json.dumps({"grid": [[1, 1]]}), ["line 1"]),
        (["book", "--best", "3"], "", ["--best", "--store"]),
        (["book", "--shapes", "heart,unicorn"], "", ["--shapes", "unicorn", "heart, house"]),
        (["book", "--shapes", ","], "", ["--shapes", "heart"]),
        (["book", "--shape-count", "3"], "", ["--shape-count", "--shapes"]),
        (["book", "--shapes", "heart", "--shape-count", "0"], "", ["--shape-count"]),
        (["book", "--shapes", "heart", "--store", "s.sqlite"], "", ["--shapes", "--store"]),
        (["book", "--shapes", "star", "--count", "-1"], "", ["--count", "0 (with --shapes)"]),
        (["book", "--store", "s.sqlite", "--best", "3", "--count", "5"], "", ["--best", "--count"]),
        (["book", "-", "--grade", "hard", "--count", "2"], "3:22223101012330103310", ["--grade and --count", "files"]),
        (["book", "--example", "--seed", "3"], "", ["--seed", "every puzzle of the files"]),
        (["book", "--store", "s.sqlite", "--seed", "3"], "", ["--seed", "generated books"]),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_pdf(tmp_path, monkeypatch, capsys, args, stdin, words):
    monkeypatch.chdir(tmp_path)
    done = in_process(capsys, *args, stdin=stdin)
    assert_one_line_error(done, *words)
    assert not list(tmp_path.rglob("*.pdf")) and not list(tmp_path.rglob("*.tmp"))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--exclude", "missing.jsonl"], ["--exclude missing.jsonl", "cannot read"]),
        (["--exclude", "folder"], ["--exclude folder", "cannot read"]),
        (["--exclude", "bad.jsonl"], ["--exclude", "bad.jsonl", "line 1"]),
        (["--exclude", "empty.txt"], ["--exclude", "empty.txt", "empty"]),
        (["--series", "classic"], ["--series", "--store"]),
        (["--store", "s.sqlite", "--series", " "], ["--series", "name"]),
        (["--volume", "0"], ["--volume", "between 1"]),
        (["--store", "missing.sqlite", "--series", "classic"], ["no puzzle store", "missing.sqlite"]),
    ],
)
def test_bad_series_input_is_one_line_exit_2_before_any_work(tmp_path, monkeypatch, capsys, args, words):
    (tmp_path / "folder").mkdir()
    (tmp_path / "bad.jsonl").write_text('{"grid": [[0, 0]', encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = in_process(capsys, "book", "--count", "1", "--order", "2", *args)
    assert_one_line_error(done, *words)
    assert not list(tmp_path.rglob("*.pdf"))


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--order", "40"], ["double-40 puzzle (41×42 cells) does not fit on 6x9in pages", "--trim 8.5x11in or A4"]),
        (["--orders", "6,40", "--trim", "A4", "--per-page", "2"], ["one puzzle per page is the most (--per-page 1)"]),
        (["--order", "50", "--trim", "8.5x11in"], ["nor on any trim Amazon KDP prints", "use --order 41 or less"]),
        (["--order", "40", "--trim", "letter", "--solutions-per-page", "2"], ["most (--solutions-per-page 1)"]),
        (["--order", "51"], ["--order must be between 1 and 50 (the largest order dominosa makes), not 51"]),
        (["--orders", "6,51"], ["orders must be between 1 and 50 (the largest order dominosa makes)"]),
    ],
)
def test_orders_a_page_cannot_hold_are_refused_before_any_puzzle_is_made(tmp_path, monkeypatch, capsys, args, words):
    monkeypatch.chdir(tmp_path)
    done = in_process(capsys, "book", "--count", "300", *args)  # making 300 puzzles would take hours
    assert_one_line_error(done, *words)
    assert not (tmp_path / "output").exists()
