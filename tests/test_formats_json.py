"""The JSON form: the shape, round trips with solutions, and errors naming the key and item."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from strategies import layouts

from dominosa import Puzzle, PuzzleError, Solution
from dominosa.formats import (
    puzzle_from_dict,
    puzzle_to_dict,
    read_records,
    solution_from_dict,
    write_json,
)
from dominosa.formats.json_format import _decode_all

GRID = [[0, 0, 1], [1, 1, 0]]
PUZZLE = Puzzle.from_grid(GRID)
SOLUTION = Solution((((0, 0), (0, 1)), ((0, 2), (1, 2)), ((1, 0), (1, 1))))


def test_the_shape():
    assert puzzle_to_dict(PUZZLE) == {"grid": GRID, "clues": []}
    clued = PUZZLE.with_clues([((0, 2), (1, 2))])
    assert puzzle_to_dict(clued, SOLUTION) == {
        "grid": GRID,
        "clues": [[[0, 2], [1, 2]]],
        "solution": [[[0, 0], [0, 1]], [[0, 2], [1, 2]], [[1, 0], [1, 1]]],
    }
    assert write_json(PUZZLE) == '{"grid":[[0,0,1],[1,1,0]],"clues":[]}'


def test_holes_are_null_and_partial_sets_are_listed():
    holes = Puzzle.from_grid([[0, 0, None], [1, 1, 0], [1]])
    assert puzzle_to_dict(holes)["grid"] == [[0, 0, None], [1, 1, 0], [1, None, None]]
    assert puzzle_from_dict({"grid": [[0, 0, None], [1, 1, 0], [1]]}) == holes
    partial = Puzzle.from_grid([[0, 1], [0, 1]], dominoes=[(0, 0), (1, 1)])
    data = puzzle_to_dict(partial)
    assert data["dominoes"] == [[0, 0], [1, 1]]
    assert puzzle_from_dict(json.loads(json.dumps(data))) == partial


def test_unknown_keys_are_ignored():
    data = {"grid": GRID, "grade": "basic", "score": 3.5, "solution": None}
    assert puzzle_from_dict(data) == PUZZLE
    assert solution_from_dict(data, PUZZLE) is None


def test_the_solution_is_read_and_checked():
    data = puzzle_to_dict(PUZZLE, SOLUTION)
    assert solution_from_dict(data, PUZZLE) == SOLUTION
    data["solution"][0] = [[0, 0], [1, 0]]
    with pytest.raises(
        PuzzleError,
        match=r"the solution given is wrong: 0-1 is used twice \(at r1c1,r2c1 and r1c3,r2c3\) \(and 2 more",
    ):
        solution_from_dict(data, PUZZLE)


@settings(max_examples=80, deadline=None)
@given(layouts(max_order=20, clues=True))
def test_round_trip_with_solution(layout):
    puzzle, solution = layout
    data = json.loads(write_json(puzzle, solution))
    assert puzzle_from_dict(data) == puzzle
    assert solution_from_dict(data, puzzle) == solution
    assert write_json(puzzle_from_dict(data), solution_from_dict(data, puzzle)) == write_json(
        puzzle, solution
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], r'a puzzle in JSON is an object with a "grid", not a list'),
        ({"grids": GRID}, r"""needs a "grid" \(rows of numbers\); its keys are: 'grids'"""),
        ({"grid": []}, r'"grid" must be a non-empty list of rows, not an empty list'),
        ({"grid": "001110"}, r'"grid" must be a non-empty list of rows, not the string "001110"'),
        ({"grid": [[0, 0, 1], 5]}, r'"grid" row 2 must be a list of numbers, not the number 5'),
        ({"grid": [[0, 0, 1], [1, "1", 0]]}, r'"grid" row 2, item 2: expected a number or null, found "1"'),
        ({"grid": [[0, 0, 1], [1, True, 0]]}, r'"grid" row 2, item 2: expected a number or null, found true'),
        ({"grid": [[0, 0, 1], [1, 1.0, 0]]}, r'"grid" row 2, item 2: expected a number or null, found 1.0'),
        ({"grid": GRID, "dominoes": [[0, 1, 2]]}, r'"dominoes" item 1: expected two numbers like \[2, 5\]'),
        (
            {"grid": GRID, "clues": [[0, 0], [0, 1]]},
            r'"clues" item 1: expected two cells like \[\[0, 1\], \[1, 1\]\]',
        ),
        (
            {"grid": GRID, "clues": [[[0, -1], [0, 0]]]},
            r'"clues" item 1: \[\[0, -1\], \[0, 0\]\] has a negative',
        ),
        ({"grid": GRID, "clues": [[[0, 2], [0, 3]]]}, r"clue r1c3,r1c4 leaves the board: r1c4 is not a cell"),
        ({"grid": GRID, "clues": [[[0, 0], [0, 1]], [[0, 1], [1, 1]]]}, r"overlaps clue r1c1,r1c2 at r1c2"),
        ({"grid": [[0, 0, 1], [1, 1, 1]]}, r"number 0 appears 2 times; the double-1 set needs it 3 times"),
        (
            {"grid": GRID, "solution": {"a": 1}},
            r'"solution" must be a list of \[\[row, column\], \[row, column\]\]',
        ),
    ],
)
def test_bad_objects(data, message):
    with pytest.raises(PuzzleError, match=message):
        puzzle = puzzle_from_dict(data)
        solution_from_dict(data, puzzle)


def test_json_lines_arrays_and_pretty_printed_objects():
    line = write_json(PUZZLE)
    pretty = json.dumps(puzzle_to_dict(PUZZLE, SOLUTION), indent=2)
    text = f"{line}\n{line}\n\n[{line}, {line}]\n\n# pretty:\n{pretty}\n"
    records = list(read_records(text, "p.jsonl"))
    assert [r.line for r in records] == [1, 2, 4, 4, 7]
    assert all(r.puzzle == PUZZLE and r.format == "json" for r in records)
    assert records[-1].solution == SOLUTION and records[0].solution is None


class _Searched(str):
    """Text that tallies how many characters its ``count`` and ``rfind`` searches cover."""

    covered = 0

    def count(self, sub, start=None, end=None):  # type: ignore[override]
        type(self).covered += (len(self) if end is None else end) - (start or 0)
        return super().count(sub, start, end)

    def rfind(self, sub, start=None, end=None):  # type: ignore[override]
        type(self).covered += (len(self) if end is None else end) - (start or 0)
        return super().rfind(sub, start, end)


def test_many_values_on_one_line_are_placed_in_one_pass(monkeypatch):
    """Finding each value's line and column once searched back to the line's start for every value: quadratic in
    the values on a line. The fuzz suite's '-1' pasted 40,000 times took 10 s, and a 1 MiB line of one-domino
    puzzles (a studio body) minutes. The searches now cover each character a bounded number of times."""
    unit = '{"grid":[[0,0]]} '
    text = "\n" + unit * 3 + "\n " + unit * 5000
    monkeypatch.setattr(_Searched, "covered", 0)
    found = list(_decode_all(json.JSONDecoder(), _Searched(text), 1, None))
    assert len(found) == 5003
    assert found[2][1:] == (2, 1 + 2 * len(unit)) and found[-1][1:] == (3, 2 + 4999 * len(unit))
    assert _Searched.covered <= 2 * len(text)


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ('{"grid": [[0, 0, 1], [1, 1, 0]]', "malformed JSON: Expecting ',' delimiter", 1, 32),
        ('# comment\n{"grid": [[0, 0, 1],\n [1, 1, 0]], }', "malformed JSON: Expecting property name", 3, 14),
        ('{"grid": [[0, 0, 1], [1, 1, 0]]} x', "malformed JSON: Expecting value", 1, 34),
        (
            '{"grid": [[0, 0, 1], [1, 1, 0]]}\n{"grid": [[0, 0, 1], [1, 1, 1]]}',
            "number 0 appears 2 times",
            2,
            1,
        ),
        ('\n\n  {"grid": [[0, 0, 1], [1, 1, "a"]]}', r'"grid" row 2, item 3', 3, 3),
    ],
)
def test_errors_in_json_text_name_line_and_column(text, message, line, column):
    with pytest.raises(PuzzleError, match=message) as caught:
        list(read_records(text, "p.json"))
    assert (caught.value.line, caught.value.column) == (line, column)
    assert str(caught.value).startswith(f"p.json: line {line}, column {column}: ")
