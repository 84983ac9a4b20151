"""``dominosa book`` from a puzzle store, and volumes of a series that never repeat a puzzle.

The books are built in this process (``in_process``, in the test's folder): what is checked is what ``main`` writes
and says, and a process of its own per book was a third of this module's time. The first test keeps to a true
process, the console script as a user runs it."""

from __future__ import annotations

import io
import json
import random
import re

import pypdf
from cli_run import in_process
from test_cli_book import _assert_print_ready, _puzzles_of
from test_cli_render import assert_one_line_error, dominosa

from dominosa.formats import write_json
from dominosa.generator.proper import proper_layout


def test_best_takes_the_highest_scoring_puzzles_of_each_grade_from_a_store(tmp_path):
    from dominosa.cli.book_store import store_entries
    from dominosa.generator.store import PuzzleStore

    scores = {"basic": [30.0, 55.0, 41.0, 60.0], "hard": [70.0, 90.0, 65.0]}
    seed = 0
    with PuzzleStore(tmp_path / "s.sqlite") as store:
        for level, (name, values) in enumerate(scores.items(), start=1):
            for value in values:
                seed += 1
                store.add(*proper_layout(4, random.Random(seed)), grade=name, level=level, score=value)
    entries, _ = store_entries(str(tmp_path / "s.sqlite"), best=2)
    assert [(e.grade, e.score) for e in entries] == [("basic", 60.0), ("basic", 55.0), ("hard", 90.0), ("hard", 70.0)]
    entries, _ = store_entries(str(tmp_path / "s.sqlite"), best=5, grade="hard")
    assert [e.score for e in entries] == [90.0, 70.0, 65.0]
    done = dominosa("book", "--store", "s.sqlite", "--best", "1", "--out", "b.pdf", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "2 puzzles" in done.stdout


def test_best_from_a_store_passes_over_a_near_twin_of_a_puzzle_taken(tmp_path):
    from test_generator_twins import plain_share

    from dominosa import Puzzle
    from dominosa.cli.book_store import store_entries
    from dominosa.generator.store import PuzzleStore

    puzzle, solution = proper_layout(5, random.Random(11))
    grid = [list(row) for row in puzzle.grid]
    places = list(solution)
    for first, second in ((0, 1), (4, 7), (10, 13)):  # three pairs of dominoes trade places: the set stays full
        (a1, b1), (a2, b2) = places[first], places[second]
        (x, y), (u, v) = (grid[a1[0]][a1[1]], grid[b1[0]][b1[1]]), (grid[a2[0]][a2[1]], grid[b2[0]][b2[1]])
        grid[a1[0]][a1[1]], grid[b1[0]][b1[1]], grid[a2[0]][a2[1]], grid[b2[0]][b2[1]] = u, v, x, y
    twin = Puzzle.from_grid(grid)
    assert plain_share(grid, [list(row) for row in puzzle.grid]) > 0.4  # a near-twin, as a reader sees it
    stranger, other = proper_layout(5, random.Random(12))
    with PuzzleStore(tmp_path / "s.sqlite") as store:
        store.add(puzzle, solution, grade="hard", level=2, score=90.0)
        store.add(twin, solution, grade="hard", level=2, score=80.0)
        store.add(stranger, other, grade="hard", level=2, score=70.0)
    entries, _ = store_entries(str(tmp_path / "s.sqlite"), best=2)
    assert [e.score for e in entries] == [90.0, 70.0]


def test_a_book_from_a_store_with_old_scores_says_once_how_to_measure_them_again(tmp_path, capsys):
    from dominosa.cli.book_store import store_entries
    from dominosa.generator.store import PuzzleStore

    path = tmp_path / "s.sqlite"
    with PuzzleStore(path) as store:
        store.add(*proper_layout(4, random.Random(1)), grade="basic", level=1, score=30.0, score_version=1)
        store.add(*proper_layout(4, random.Random(2)), grade="basic", level=1, score=20.0)
    entries, _ = store_entries(str(path), best=2)
    assert [e.score for e in entries] == [20.0, 30.0]  # the old 30 ranks after today's 20
    assert capsys.readouterr().err.splitlines() == [
        f"dominosa: 1 puzzle holds a score of an older measure (shown as 'old'); run 'dominosa store rescore"
        f" {path}' to measure them again"
    ]


def test_a_store_with_fewer_puzzles_than_asked_says_so_with_the_counts(tmp_path, capsys, monkeypatch):
    from dominosa.cli.book_store import store_entries
    from dominosa.generator.store import PuzzleStore

    with PuzzleStore(tmp_path / "s.sqlite") as store:
        for seed, score in ((1, 30.0), (2, 40.0)):
            store.add(*proper_layout(4, random.Random(seed)), grade="basic", level=1, score=score)
        store.add(*proper_layout(4, random.Random(3)))  # ungraded, as 'store add' used to keep imports
    options = ("--out", "count.pdf", "--quiet", "--no-techniques")
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "--store", "s.sqlite", "--count", "5", *options)
    assert done.returncode == 0, done.stderr
    assert "dominosa: s.sqlite holds 3 puzzles, fewer than --count 5: the book has those 3" in done.stderr.splitlines()
    entries, _ = store_entries(str(tmp_path / "s.sqlite"), best=3)
    assert len(entries) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"dominosa: {tmp_path / 's.sqlite'} gives 2 basic puzzles (near-twins passed over), fewer than --best 3",
        f"dominosa: 1 ungraded puzzle of {tmp_path / 's.sqlite'} left out: --best takes the best of each grade",
    ]


def _book(capsys, *args: object):
    """``dominosa book ARGS`` run in this process, in the current folder (the test's, by ``monkeypatch.chdir``)."""
    return in_process(capsys, "book", *args)


def _assert_no_repeat(earlier: list, later: list) -> None:
    """The independent check: no puzzle of ``later`` is one of ``earlier`` turned, mirrored or renamed (the
    oracle of test_generator_canonical), nor shares more than 40% of its cells with one (plain grids turned
    with list operations, test_generator_twins)."""
    from test_generator_canonical import same_puzzle
    from test_generator_twins import plain_share

    for new in later:
        for old in earlier:
            assert not same_puzzle(old, new)
            if (old.rows, old.cols) in ((new.rows, new.cols), (new.cols, new.rows)):
                assert plain_share([list(r) for r in old.grid], [list(r) for r in new.grid]) <= 0.4


def test_a_second_volume_from_the_same_seed_with_exclude_repeats_nothing_and_stays_print_ready(
    tmp_path, monkeypatch, capsys
):
    # Two generated books as a user builds them (about 6 s of CPU): the check is on the files a reader gets.
    common = ("--count", "3", "--order", "4", "--seed", "21", "--quiet")
    monkeypatch.chdir(tmp_path)
    first = _book(capsys, *common, "--out", "v1.pdf", "--puzzles-out", "v1.jsonl", "--no-techniques")
    assert first.returncode == 0, first.stderr
    second = _book(capsys, *common, "--out", "v2.pdf", "--puzzles-out", "v2.jsonl", "--exclude", "v1.jsonl",
                   "--volume", "2", "--min-pages", "24")  # fmt: skip
    assert second.returncode == 0, second.stderr
    assert second.stderr == ""  # long enough for print: no warning
    one, two = _puzzles_of(tmp_path / "v1.jsonl"), _puzzles_of(tmp_path / "v2.jsonl")
    assert len(one) == len(two) == 3  # as many as asked: the generator made others in place of the repeats
    _assert_no_repeat(one, two)
    data = (tmp_path / "v2.pdf").read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 24
    _assert_print_ready(reader, data)
    assert "Volume 2" in reader.pages[0].extract_text() and "Dominosa, Volume 2" in reader.pages[1].extract_text()
    assert "Volume" not in pypdf.PdfReader(tmp_path / "v1.pdf").pages[0].extract_text()


def test_excluded_puzzles_are_replaced_the_same_way_for_the_same_seed():
    from dominosa.cli.book import generate_entries

    plain = [entry.puzzle for entry in generate_entries(1, 4, 5)]
    again = [entry.puzzle for entry in generate_entries(1, 4, 5, exclude=plain)]
    assert again == [entry.puzzle for entry in generate_entries(1, 4, 5, exclude=plain)]
    _assert_no_repeat(plain, again)


def test_a_book_of_files_leaves_out_disguised_copies_of_the_excluded_puzzles(tmp_path, monkeypatch, capsys):
    from store_cases import transposed_and_renamed

    layouts = [proper_layout(4, random.Random(seed)) for seed in (31, 32, 35)]
    _assert_no_repeat([p for p, _ in layouts[:2]], [layouts[2][0]])  # the third is a stranger to the first two
    earlier = tmp_path / "earlier.txt"
    earlier.write_text("\n".join(write_json(p, s) for p, s in layouts[:2]) + "\n", encoding="utf-8")
    disguised = [transposed_and_renamed(p, s, seed=k) for k, (p, s) in enumerate(layouts[:2])]
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join(write_json(p, s) for p, s in [*disguised, layouts[2]]) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "mixed.jsonl", "--exclude", "earlier.txt", "--puzzles-out", "left.jsonl")
    assert done.returncode == 0, done.stderr
    assert _puzzles_of(tmp_path / "left.jsonl") == [layouts[2][0]]
    nothing = _book(capsys, "earlier.txt", "--exclude", "mixed.jsonl", "--out", "n.pdf")
    assert_one_line_error(nothing, "every one of the 2 puzzles", "--exclude")
    assert not (tmp_path / "n.pdf").exists()


def _series_store(path) -> list:
    """A store of ten double-4 puzzles and, second, a near-twin of the first (three pairs of dominoes traded);
    the puzzles in the order added."""
    from store_cases import near_twin as _near_twin

    from dominosa.generator.store import PuzzleStore

    layouts = [proper_layout(4, random.Random(400 + seed)) for seed in range(10)]
    layouts.insert(1, _near_twin(*layouts[0]))
    with PuzzleStore(path) as store:
        for puzzle, solution in layouts:
            assert store.add(puzzle, solution) is not None
    return [puzzle for puzzle, _ in layouts]


def _listed(capsys, *args: str) -> str:
    """What ``dominosa store list ARGS`` prints, run in this process (quicker than a new one each time)."""
    from dominosa.cli.main import main

    assert main(["store", "list", *args]) == 0
    return capsys.readouterr().out


def test_volumes_of_a_series_from_one_store_never_repeat_and_are_recorded_with_their_pdf(
    tmp_path, capsys, monkeypatch
):
    import hashlib

    from test_generator_twins import plain_share

    from dominosa.generator.store import PuzzleStore

    # Four volumes built as a user builds them (about 8 s of CPU, small books without the techniques chapter):
    # what is recorded must match the very PDFs written.
    stored = _series_store(tmp_path / "s.sqlite")
    monkeypatch.chdir(tmp_path)
    printed: list = []
    for volume in (1, 2, 3):
        done = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--count", "2", "--out", f"v{volume}.pdf",
                     "--puzzles-out", f"v{volume}.jsonl", "--quiet", "--no-techniques")  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith(f"volume {volume} of the series 'classic' recorded in s.sqlite")
        assert f"Volume {volume}" in pypdf.PdfReader(tmp_path / f"v{volume}.pdf").pages[0].extract_text()
        these = _puzzles_of(tmp_path / f"v{volume}.jsonl")
        assert len(these) == 2
        _assert_no_repeat(printed, these)
        printed += these
    assert stored[1] not in printed  # the near-twin of volume 1's first puzzle is never printed
    with PuzzleStore(tmp_path / "s.sqlite", create=False) as store:
        volumes = store.volumes("classic")
        assert [v.volume for v in volumes] == [1, 2, 3]
        for v in volumes:
            assert v.pdf_sha256 == hashlib.sha256((tmp_path / f"v{v.volume}.pdf").read_bytes()).hexdigest()
            assert [store.get(i).puzzle for i in v.puzzle_ids] == _puzzles_of(tmp_path / f"v{v.volume}.jsonl")
    # What is left, by the store's reckoning and by the test's own: neither printed nor a near-twin of one.
    listed = _listed(capsys, "--store", "s.sqlite", "--series", "classic", "--unused", "--format", "json")
    left = [json.loads(line)["id"] for line in listed.splitlines()]
    grids = [[list(r) for r in p.grid] for p in printed]
    expected = [
        k + 1
        for k, puzzle in enumerate(stored)
        if puzzle not in printed and all(plain_share(g, [list(r) for r in puzzle.grid]) <= 0.4 for g in grids)
    ]
    assert left == expected and 2 not in left
    text = _listed(capsys, "--store", "s.sqlite", "--series", "classic", "--unused")
    assert text.splitlines()[-1] == f"{len(expected)} puzzle{'s' * (len(expected) != 1)} left in s.sqlite" \
        " for volume 4 of the series 'classic'"  # fmt: skip
    rows = [line.split() for line in _listed(capsys, "--store", "s.sqlite", "--series", "classic").splitlines()[1:]]
    assert [row[0] for row in rows] == ["1", "1", "2", "2", "3", "3"]
    assert [int(row[1]) for row in rows] == [i for v in volumes for i in v.puzzle_ids]
    again = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--volume", "2")
    assert_one_line_error(again, "--volume 2", "already records volume 2")
    # Asked for more than is left, a volume takes what is left; asked again with nothing left, it says so.
    more = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--out", "v4.pdf", "--quiet",
                 "--no-techniques")  # fmt: skip
    assert more.returncode == 0 and f"{len(expected)} puzzle" in more.stdout and "volume 4 of" in more.stdout
    empty = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--out", "v5.pdf")
    assert_one_line_error(empty, "but those the volumes of the series 'classic' printed", "--unused")


def test_an_interrupted_or_failed_book_records_no_volume(tmp_path, monkeypatch, capsys):
    from dominosa.cli.main import main
    from dominosa.generator.store import PuzzleStore
    from dominosa.rendering import book as book_module

    _series_store(tmp_path / "s.sqlite")
    monkeypatch.chdir(tmp_path)
    failed = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--count", "2", "--solutions-per-page",
                   "24")  # fmt: skip
    assert_one_line_error(failed, "--solutions-per-page")

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(book_module, "build_book", interrupted)
    assert main(["book", "--store", "s.sqlite", "--series", "classic", "--count", "2", "--quiet"]) == 130
    with PuzzleStore(tmp_path / "s.sqlite", create=False) as store:
        assert store.volumes("classic") == []
    assert not list(tmp_path.rglob("*.pdf"))


def test_a_book_of_files_says_in_one_line_what_it_left_out_and_why(tmp_path, monkeypatch, capsys):
    from store_cases import transposed_and_renamed
    from test_generator_twins import _renamed_near_twin

    layouts = [proper_layout(6, random.Random(seed)) for seed in (61, 62, 63)]
    earlier = tmp_path / "earlier.jsonl"
    earlier.write_text("\n".join(write_json(p, s) for p, s in layouts[:2]) + "\n", encoding="utf-8")
    copy = transposed_and_renamed(*layouts[0], seed=1)
    twin = _renamed_near_twin(layouts[1][0], 0.06, seed=5)  # 94% of cells alike once renamed, turned round
    offered = tmp_path / "offered.txt"
    offered.write_text(f"{json.dumps({'grid': [list(r) for r in twin.grid]})}\n{write_json(*copy)}\n"
                       f"{write_json(*layouts[2])}\n", encoding="utf-8")  # fmt: skip
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "offered.txt", "--exclude", "earlier.jsonl", "--puzzles-out", "kept.jsonl",
                 "--no-techniques")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert _puzzles_of(tmp_path / "kept.jsonl") == [layouts[2][0]]
    assert "dominosa: left out 2 of 3 puzzles: 1 repeat, 1 near-twin" in done.stderr.splitlines()


def test_a_store_volume_says_what_it_left_out_including_those_over_the_count(tmp_path, monkeypatch, capsys):
    from dominosa.generator.store import PuzzleStore

    stored = _series_store(tmp_path / "s.sqlite")  # eleven: the second a near-twin of the first
    with PuzzleStore(tmp_path / "s.sqlite") as store:
        store.record_volume("classic", 1, "0" * 64, [1])
    monkeypatch.chdir(tmp_path)
    done = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--count", "3", "--out", "v2.pdf",
                 "--quiet", "--no-techniques")  # fmt: skip
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stderr.splitlines() if "left out" in line)
    match = re.fullmatch(r"dominosa: left out (\d+) of 11 puzzles: 1 repeat, (\d+) near-twins?, (\d+) over the count",
                         line)  # fmt: skip
    assert match, line
    left, twins, over = map(int, match.groups())
    assert left == 1 + twins + over == len(stored) - 3 and twins >= 1


def test_a_series_name_one_slip_from_a_stored_one_is_refused_unless_new_series(tmp_path, capsys, monkeypatch):
    from dominosa.cli.main import main
    from dominosa.generator.store import PuzzleStore

    _series_store(tmp_path / "s.sqlite")
    with PuzzleStore(tmp_path / "s.sqlite") as store:
        store.record_volume("classic", 1, "0" * 64, [1, 3])
    monkeypatch.chdir(tmp_path)
    for slip in ("Classic", "CLASSIC", "clasic", "classics", "classix"):
        assert main(["book", "--store", "s.sqlite", "--series", slip, "--count", "1", "--out", "x.pdf"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"--series {slip!r}" in err and "did you mean --series 'classic'" in err
        assert "--new-series" in err
    assert not (tmp_path / "x.pdf").exists()
    same = _book(capsys, "--store", "s.sqlite", "--series", "classic", "--new-series", "--count", "1")
    assert_one_line_error(same, "--new-series", "already records the series 'classic'")
    new = _book(capsys, "--store", "s.sqlite", "--series", "Classic", "--new-series", "--count", "1", "--out",
                "c.pdf", "--quiet", "--no-techniques")  # fmt: skip
    assert new.returncode == 0, new.stderr
    assert new.stdout.strip().endswith("volume 1 of the series 'Classic' recorded in s.sqlite")
    other = _book(capsys, "--store", "s.sqlite", "--series", "puzzler", "--count", "1", "--out", "p.pdf",
                  "--quiet", "--no-techniques")  # fmt: skip
    assert other.returncode == 0, other.stderr  # a name far from every series begins one without asking
