"""The shape library (dominosa.generator.shapes): every shipped picture fits its set and can hold a puzzle, and a
puzzle made on one has exactly one solution by the independent exact-cover counter."""

from __future__ import annotations

import pytest

from dominosa.board import Board
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.generator.generate import generate, make_request
from dominosa.generator.layouts import perfect_matching
from dominosa.generator.shapes import ShapeError, load_shape, picture, picture_text, shape_board, shape_names

EVERY_PICTURE = [(name, order) for name in shape_names() for order in load_shape(name).orders]


def test_the_library_has_the_shapes_the_issue_names_and_more():
    assert {"heart", "star", "diamond", "cross", "ring", "house", "tree"} <= set(shape_names())
    assert len(shape_names()) >= 8


@pytest.mark.parametrize(("name", "order"), EVERY_PICTURE)
def test_each_picture_can_hold_a_full_set(name, order):
    board = shape_board(name, order)
    assert not board.is_rectangle
    assert len(board) == (order + 1) * (order + 2)
    dark = sum((r + c) % 2 for r, c in board.cells)
    assert 2 * dark == len(board), "as many dark squares as light"
    assert all(len(n) >= 2 for n in board.neighbours), "no cell held by one side only"
    seen, todo = {0}, [0]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == len(board), "one piece"
    tiling = perfect_matching(board)
    assert len(tiling) * 2 == len(board)


@pytest.mark.parametrize(("name", "order"), EVERY_PICTURE)
def test_each_picture_is_mirror_symmetric(name, order):
    rows = picture(shape_board(name, order))
    left_right = all(row == row[::-1] for row in rows)
    top_bottom = rows == rows[::-1]
    assert left_right or top_bottom




@pytest.mark.parametrize("order", load_shape("ring").boards)
def test_a_ring_is_round_at_every_size(order):
    # A ring promises more than one mirror: both, an outline that widens to the middle and narrows again, a hole.
    rows = picture(shape_board("ring", order))
    assert all(row == row[::-1] for row in rows) and rows == rows[::-1]
    widths = [len(row.strip(".")) for row in rows]
    middle = len(rows) // 2
    assert widths[: middle + 1] == sorted(widths[: middle + 1]), "the outline widens to the middle, then narrows"
    assert "." in rows[middle].strip("."), "a hole in the middle"


@pytest.mark.parametrize(("name", "order"), EVERY_PICTURE)
def test_a_puzzle_on_each_shape_and_size_has_one_solution(name, order):
    board = shape_board(name, order)
    (made,) = generate(make_request(board=board, seed=3), 1)
    assert made.puzzle.board is board
    assert made.puzzle.order == order
    assert count_solutions_exact_cover(made.puzzle, 2) == (1, True)


def test_a_set_the_shape_is_not_drawn_for_names_the_sets_it_is():
    with pytest.raises(ShapeError, match=r"the butterfly shape comes in double-7 to double-9, not double-5"):
        shape_board("butterfly", 5)
    with pytest.raises(ShapeError, match="fish shape comes in double-6 to double-9, not double-12"):
        shape_board("fish", 12)


def test_an_unknown_name_lists_the_shapes():
    with pytest.raises(ShapeError) as caught:
        load_shape("unicorn")
    message = str(caught.value)
    assert "unicorn" in message and all(name in message for name in shape_names())


def test_names_are_read_whatever_their_case():
    assert load_shape(" Heart ") is load_shape("heart")


def test_a_shape_file_reads_back_as_written():
    boards = {
        2: Board.from_cells([(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1), (2, 2), (2, 3),
                             (3, 1), (3, 2)]),  # fmt: skip
    }
    from dominosa.generator.shapes import _parse

    shape = _parse("blob", picture_text("blob", "a blob", boards))
    assert shape.title == "a blob"
    assert shape.boards == boards
    assert shape.sizes() == "double-2"


def test_the_nearest_set_to_one_asked_for():
    butterfly = load_shape("butterfly")
    assert butterfly.nearest_order(6) == 7
    assert butterfly.nearest_order(12) == 9
    heart = load_shape("heart")
    assert heart.nearest_order(6) == 6


def test_the_readme_lists_each_shape_with_the_sets_it_comes_in():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    groups: dict[str, list[str]] = {}
    for name in shape_names():
        groups.setdefault(load_shape(name).sizes(), []).append(name)
    for sizes, names in groups.items():
        assert f"| {sizes} | {', '.join(names)} |" in readme
