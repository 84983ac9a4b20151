"""Reading positions: the text sections and the JSON keys, mixed in one file, and every mistake one located line."""

from __future__ import annotations

import json

import pytest

from dominosa.errors import PuzzleError
from dominosa.formats import read_puzzle, write_json
from dominosa.formats.positions import read_positions

PLAIN = "22223\n10101\n23301\n03310\n"


def test_text_position_with_clues_joined_and_split_sections():
    text = f"# a position\n{PLAIN}-\n2-2@r1c2,r1c3\n+\nr1c1-r2c1 ; r4c4,r4c5\n=\nr2c1-r2c2\n# comment\nR3C4-r4c4\n"
    (position,) = read_positions(text, "pos.txt")
    assert position.record.line == 2 and position.record.source == "pos.txt"
    assert position.puzzle.clues == (((0, 1), (0, 2)),)
    assert position.joined == (((0, 0), (1, 0)), ((3, 3), (3, 4)))
    assert position.split == (((1, 0), (1, 1)), ((2, 3), (3, 3)))
    assert not position.is_start


def test_json_positions_and_bare_puzzles_mix_in_one_file():
    puzzle = read_puzzle(PLAIN)
    data = json.loads(write_json(puzzle))
    data.update(joined=[[[1, 0], [0, 0]]], split=[[[1, 0], [1, 1]]])
    text = json.dumps(data) + "\n" + write_json(puzzle) + "\n\n3:22223101012330103310\n\n" + PLAIN
    positions = read_positions(text, "mixed")
    assert [p.record.line for p in positions] == [1, 2, 4, 6]
    assert positions[0].joined == (((0, 0), (1, 0)),)  # cells put in reading order
    assert positions[0].split == (((1, 0), (1, 1)),)
    assert all(p.is_start for p in positions[1:])
    assert all(p.puzzle == puzzle for p in positions)


@pytest.mark.parametrize(
    "text, message, line, column",
    [
        (PLAIN + "=\nr1c1-r1c3\n", "r1c1 and r1c3 are not adjacent", 6, 1),
        (PLAIN + "=\nr1c1-r1c2 r9c1-r9c2\n", "r9c1 is not a cell of the board", 6, 11),
        (PLAIN + "+\nr1c1\n", "bad pair 'r1c1'", 6, 1),
        (PLAIN + "=\n=\n", "a second '=' line", 6, 1),
        ("=\n" + PLAIN, "a '=' line before any puzzle", 1, 1),
        ("3:22223101012330103310\n3:22223101012330103310\n=\nr1c1-r1c2\n", "2 puzzles before", 3, None),
        ('{"grid": [[0, 0, 1], [0, 1, 1]], "split": [[[0, 0], [1, 1]]]}', '"split" item 1', 1, 1),
        ('{"grid": [[0, 0, 1], [0, 1, 1]], "joined": [[0, 0]]}', '"joined" item 1: expected two cells', 1, 1),
        ("2222y\n" + PLAIN[6:] + "=\nr1c1-r1c2\n", "bad character 'y'", 1, 5),  # the puzzle reader's error
    ],
)
def test_bad_positions_are_one_located_error(text, message, line, column):
    with pytest.raises(PuzzleError) as caught:
        read_positions(text, "pos")
    error = caught.value
    assert message in str(error)
    assert "\n" not in str(error)
    assert error.source == "pos"
    if line is not None and error.line is not None:
        assert error.line >= line
    if column is not None:
        assert error.column == column


def test_empty_text_is_an_error():
    with pytest.raises(PuzzleError, match="no puzzle found"):
        read_positions("# nothing\n\n", "empty")
