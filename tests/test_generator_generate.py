"""The generator as a whole: every puzzle proper (by the independent counter) and of the grade asked for, the
same puzzles for the same seed whatever the workers, and store runs that resume without loss or repeat."""

from __future__ import annotations

import os
import random
import signal
import sys

import pytest

from dominosa import Board, problems
from dominosa.canonical import canonical_key
from dominosa.cover.dominosa import count_solutions_exact_cover
from dominosa.deductions import grade, rate
from dominosa.generator.evolve import NoPuzzleFound, Settings
from dominosa.generator.generate import StoreRun, generate, make_request, read_shape, signals_held
from dominosa.generator.layouts import random_irregular_board
from dominosa.generator.store import PuzzleStore
from dominosa.generator.workers import PoolWorkers, SerialWorkers, WorkersError, open_workers
from dominosa.limits import MAX_MADE_ORDER


def assert_proper_and_graded(made, grade_name: str | None) -> None:
    assert count_solutions_exact_cover(made.puzzle, 2) == (1, True)
    assert problems(made.puzzle, made.solution) == []
    graded = grade(made.puzzle)
    assert graded.name == made.grade
    if grade_name is not None:
        assert made.grade == grade_name
    assert made.score is not None and made.rating["unique"]


@pytest.mark.parametrize(
    ("order", "grade_name"),
    [(4, "trivial"), (4, "basic"), (5, "hard"), (5, "extreme"), (5, "fiendish"), (6, None)],
)
def test_every_puzzle_is_proper_and_of_the_grade_asked_for(order, grade_name):
    request = make_request(order=order, grade=grade_name, seed=3)
    made = list(generate(request, 2))
    assert len(made) == 2
    for one in made:
        assert_proper_and_graded(one, grade_name)
        assert one.puzzle.order == order and one.puzzle.board.is_rectangle
    assert len({canonical_key(one.puzzle) for one in made}) == 2


@pytest.mark.parametrize("order", [5, 6, 7, 8])
@pytest.mark.parametrize("grade_name", ["trivial", "basic", "hard", "extreme"])
def test_the_reference_levels_are_made_at_every_usual_order(order, grade_name):
    # Each of Tatham's four levels, asked for at orders 5-8, is what a fresh rating says (and proper), score too.
    (made,) = generate(make_request(order=order, grade=grade_name, seed=order), 1)
    assert_proper_and_graded(made, grade_name)
    fresh = rate(made.puzzle)
    assert fresh.grade_name == grade_name and fresh.score == made.score


def test_the_same_seed_gives_the_same_puzzles_with_one_and_two_workers():
    request = make_request(order=5, grade="hard", seed=11)
    with SerialWorkers() as one:
        serial = [m.to_dict() for m in generate(request, 4, map=one.map)]
    with PoolWorkers(2) as two:
        pooled = [m.to_dict() for m in generate(request, 4, map=two.map)]
    assert serial == pooled
    other = make_request(order=5, grade="hard", seed=12)
    assert [m.to_dict()["grid"] for m in generate(other, 1)] != [serial[0]["grid"]]


def test_dask_on_a_local_cluster_gives_the_same_puzzles():
    pytest.importorskip("distributed")
    request = make_request(order=4, grade="basic", seed=5)
    serial = [m.to_dict() for m in generate(request, 2)]
    with open_workers(2, "local") as cluster:
        assert cluster.workers == 2 and "Dask" in cluster.describe()
        distributed = [m.to_dict() for m in generate(request, 2, map=cluster.map)]
    assert distributed == serial


def test_puzzles_on_an_irregular_board():
    board = random_irregular_board(5, random.Random(2))
    request = make_request(board=board, grade="basic", seed=1)
    (made,) = generate(request, 1)
    assert made.puzzle.board == board and not board.is_rectangle
    assert_proper_and_graded(made, "basic")


def test_a_score_range_is_met_by_the_full_rating():
    request = make_request(order=5, grade="basic", min_score=45, seed=2)
    for made in generate(request, 2):
        assert made.score >= 45 and made.grade == "basic"


def test_unreachable_grades_are_refused_or_given_up():
    with pytest.raises(ValueError, match="unknown grade"):
        make_request(order=6, grade="impossible")
    tiny = make_request(order=1, grade="fiendish", settings=Settings(generations=2, give_up=2))
    with pytest.raises(NoPuzzleFound, match="2 searches"):
        list(generate(tiny, 1))


def test_store_runs_save_every_puzzle_and_resume_without_repeats(tmp_path):
    path = tmp_path / "p.sqlite"
    request = make_request(order=4, grade="basic", seed=9)
    with PuzzleStore(path) as store:
        first = StoreRun(store, request, 3)
        ids = [made.id for made in first.puzzles()]
        assert ids == first.saved == [1, 2, 3] and len(store) == 3
        record = store.get(1)
        assert record.grade == "basic" and record.seed == 9 and record.params["grade"] == "basic"
        resumed = StoreRun(store, request, 5, resume=True)
        assert (resumed.already, resumed.wanted) == (3, 2)
        assert resumed.first_search > max(store.get(i).params["search"] for i in ids)
        list(resumed.puzzles())
        assert len(store) == 5
        done = StoreRun(store, request, 5, resume=True)
        assert done.wanted == 0
        again = StoreRun(store, request, 2)  # the same seed without --resume: new searches, new puzzles
        list(again.puzzles())
        assert len(store) == 7 and again.duplicates == 0
        keys = {canonical_key(r.puzzle) for r in store.query()}
        assert len(keys) == 7


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C raising KeyboardInterrupt, as in a terminal, whatever this process inherited: a runner started in the
    background of a script ignores SIGINT, and Python then installs no handler of its own."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_a_ctrl_c_right_after_a_commit_is_counted_in_what_was_saved(tmp_path, monkeypatch, ctrl_c_raises):
    """The interrupt arrives the moment the store has committed the second puzzle, before the run has counted it:
    the run still stops, and its count says what the store holds."""
    path = tmp_path / "p.sqlite"
    with PuzzleStore(path) as store:
        commit = store.add

        def add_then_interrupt(*args, **kwargs):
            new = commit(*args, **kwargs)
            if new == 2:
                os.kill(os.getpid(), signal.SIGINT)  # pending until the commit is counted, then raised
            return new

        monkeypatch.setattr(store, "add", add_then_interrupt)
        run = StoreRun(store, make_request(order=4, grade="basic", seed=9), 5)
        with pytest.raises(KeyboardInterrupt):
            for _ in run.puzzles(workers=SerialWorkers()):
                pass
        assert run.saved == [1, 2] and len(store) == 2


def test_signals_held_delivers_a_held_signal_once_after_the_block(ctrl_c_raises):
    reached_the_end_of_the_block = False
    with pytest.raises(KeyboardInterrupt), signals_held():
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler would run at any of these bytecodes, were the signal not held
            pass
        reached_the_end_of_the_block = True
    assert reached_the_end_of_the_block


def test_read_shape_from_a_picture_and_from_a_puzzle():
    picture = "# a double-1 board with a hole\nooo.\nooo\n"
    board = read_shape(picture)
    assert board == Board.from_cells([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
    assert read_shape("22223\n10101\n23301\n03310\n") == Board.rectangle(4, 5)
    with pytest.raises(ValueError, match="no cell"):
        read_shape("...\nxx\n")


HEART = """\
# a heart: 30 cells, the double-4 set
###  ###
########
########
 ######
   ##
"""


def test_a_shape_drawn_in_hashes_is_a_picture_not_comments():
    board = read_shape(HEART)  # the comment line has words; the rows are only '#' and spaces
    assert len(board) == 30 and (0, 3) not in board.cells and (4, 3) in board.cells
    puzzle = next(iter(generate(make_request(board=board, seed=1), 1))).puzzle
    assert puzzle.order == 4 and puzzle.board == board


def test_a_board_no_full_set_fits_says_how_many_cells_to_add_or_take_away():
    with pytest.raises(ValueError, match=r"34 cells.*take away 4 for the double-4 set \(30 cells\) or add 8"):
        make_request(board=read_shape(HEART.replace("   ##", "  ####\n   ##")))


def test_without_dask_the_scheduler_option_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(WorkersError, match=r"pip install 'dominosa\[dask\]'"):
        open_workers(2, "local")
    with pytest.raises(WorkersError, match="at least 1"):
        open_workers(0)


def test_orders_up_to_the_made_limit_are_accepted_and_the_refusal_names_it():
    request = make_request(order=MAX_MADE_ORDER, grade="hard", seed=1)
    assert request.order == MAX_MADE_ORDER == 50 and len(request.board) == 51 * 52
    with pytest.raises(ValueError, match=r"between 1 and 50, not 51"):
        make_request(order=MAX_MADE_ORDER + 1)
    with pytest.raises(ValueError, match=r"double-51 set; the largest supported is double-50"):
        make_request(board=Board.rectangle(52, 53))
