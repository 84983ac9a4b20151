"""Reading many puzzles in any format from text and files; every bad input is one located line."""

from __future__ import annotations

import io
import sys
from textwrap import dedent

import pytest

from dominosa import PuzzleError
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.formats import (
    PuzzleRecord,
    example_names,
    read_example,
    read_file,
    read_file_records,
    read_game_id,
    read_puzzle,
    read_puzzles,
    read_records,
    write_json,
)

ID = "3:22223101012330103310"
PLAIN = "22223\n10101\n23301\n03310\n"

MIXED = dedent(
    f"""\
    # a file mixing every format
    {ID}
    3db:22223101012330103310

    # the same puzzle as a grid, with a clue
    22223
    10101
    23301
    03310
    -
    2-2@r1c1,r1c2

    {write_json(read_game_id(ID))}
    """
)


def test_every_format_in_one_file():
    records = list(read_records(MIXED, "mixed.txt"))
    assert [(r.format, r.line, r.number) for r in records] == [
        ("game-id", 2, 1),
        ("game-id", 3, 2),
        ("plain", 6, 3),
        ("json", 13, 4),
    ]
    assert all(r.source == "mixed.txt" and r.solution is None for r in records)
    assert records[2].puzzle.clues == (((0, 0), (0, 1)),)
    assert records[2].location == "mixed.txt, line 6"
    assert len({r.puzzle.with_clues([]) for r in records}) == 1
    assert read_puzzles(MIXED) == [r.puzzle for r in records]


def test_a_record_made_by_hand():
    record = PuzzleRecord(read_game_id(ID))
    assert (record.location, record.solution, record.format) == ("line 1", None, "plain")


def test_read_puzzle_wants_exactly_one():
    assert read_puzzle(f"# one\n{ID}\n").order == 3
    with pytest.raises(PuzzleError, match="more than one puzzle") as caught:
        read_puzzle(MIXED)
    assert caught.value.line == 3


def test_errors_in_later_puzzles_give_the_file_line():
    text = PLAIN + "\n# second\n22223\n10101\n23301\n03410\n"
    with pytest.raises(PuzzleError) as caught:
        read_puzzles(text, "two.txt")
    assert str(caught.value) == (
        "two.txt: line 10, column 3: number 4 at r4c3 is above the range of the double-3 set (0..3)"
    )


def test_a_game_id_chunk_holds_only_game_ids():
    with pytest.raises(PuzzleError, match="not a game ID") as caught:
        read_puzzles(f"{ID}\n22223\n")
    assert caught.value.line == 2


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("hello world\n", r"unknown format: 'hello world' is not a grid of numbers, a game ID", 1, 1),
        ("# c\n\n   <html>\n", r"unknown format: '<html>'", 3, 4),
        ("", r"no puzzle found: the text is empty", None, None),
        ("# only\n\n# comments\n", r"no puzzle found: only comments and blank lines", None, None),
        ("[]\n\n[ ]\n", r"no puzzle found: only empty JSON lists", None, None),
        ("xx\nx\n", r"the board has no cells", 1, None),
    ],
)
def test_text_that_holds_no_puzzle(text, message, line, column):
    with pytest.raises(PuzzleError, match=message) as caught:
        read_puzzles(text, "t.txt")
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith("t.txt: ")


def test_read_file_and_standard_input(tmp_path, monkeypatch):
    path = tmp_path / "p.txt"
    path.write_text(MIXED, encoding="utf-8")
    assert read_file(path) == read_puzzles(MIXED)
    assert [r.source for r in read_file_records(str(path))] == [str(path)] * 4
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(MIXED.encode())))
    records = read_file_records("-")
    assert len(records) == 4 and records[0].source == "standard input"


def test_windows_line_ends_and_a_byte_order_mark(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\xef\xbb\xbf# bom\r\n" + PLAIN.replace("\n", "\r\n").encode())
    assert read_file(path) == [read_game_id(ID)]


@pytest.mark.parametrize(
    ("data", "message", "line", "column"),
    [
        (b"", "the file is empty", None, None),
        (b"\n  \n\t\n", "the file is blank: no puzzle in it", None, None),
        (b"22223\n101\x0001\n", r"binary data, not a puzzle file \(a NUL byte; puzzle files", 2, 4),
        (b"\x89PNG\r\n\x1a\n", "not UTF-8 text: byte 0x89 cannot be decoded", 1, 1),
        ("22223\n10é01\n".encode("latin-1"), "not UTF-8 text: byte 0xe9 cannot be decoded", 2, 3),
        ("22223\n10é01\n".encode(), r"bad character 'é' in the grid", 2, 3),
    ],
)
def test_bad_files(tmp_path, data, message, line, column):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(PuzzleError, match=message) as caught:
        read_file(path)
    error = caught.value
    assert (error.source, error.line, error.column) == (str(path), line, column)
    assert "\n" not in str(error)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_file(tmp_path / "nowhere.txt")


def test_the_bundled_example_has_exactly_one_solution():
    assert "double-6" in example_names()
    (record,) = read_example()
    assert record.source == "example double-6"
    puzzle = record.puzzle
    assert (puzzle.order, puzzle.rows, puzzle.cols) == (6, 7, 8)
    assert count_solutions_exact_cover(puzzle, 2)[0] == 1


def test_an_unknown_example():
    with pytest.raises(PuzzleError, match="no example named 'nope'; the examples are: double-6"):
        read_example("nope")


def test_the_brute_force_counter_sees_ambiguity():
    assert count_solutions_exact_cover(read_puzzle("001\n110"), 2)[0] == 1
    assert count_solutions_exact_cover(read_puzzle("011\n010"), 2)[0] == 2  # all upright, or 0-0 upright and two across
    assert count_solutions_exact_cover(read_puzzle("011\n010\n-\n1-1@r1c2,r1c3"), 2)[0] == 1
    assert count_solutions_exact_cover(read_puzzle("010\n101"), 2)[0] == 0  # every tiling uses the 0-1 twice
