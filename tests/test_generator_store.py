"""Tests for the store as a whole (generator/store.py): what is added survives closing, a kill and a second
connection, and a store opened read-only refuses every write."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap

import pytest
from store_cases import layout
from waiting import PATIENCE

from dominosa import problems
from dominosa.generator.proper import proper_layout
from dominosa.generator.store import PuzzleStore
from dominosa.generator.store_records import StoreError


def test_everything_survives_closing_and_the_file_is_in_wal_mode(tmp_path):
    path = tmp_path / "deep" / "folder" / "p.sqlite"  # folders are made as needed
    with PuzzleStore(path) as store:
        for seed in range(5):
            store.add(*layout(3, seed), seed=seed)
    with PuzzleStore(path, create=False) as store:
        assert len(store) == 5
        assert [r.seed for r in store.query()] == [0, 1, 2, 3, 4]
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_two_connections_to_one_file_share_deduplication(tmp_path):
    path = tmp_path / "p.sqlite"
    puzzle, solution = layout(5, 11)
    with PuzzleStore(path) as one, PuzzleStore(path) as two:
        assert one.add(puzzle, solution) == 1
        assert two.add(puzzle, solution) is None
        assert two.contains(puzzle)


ADDER = """\
import random, sys
from dominosa.generator.layouts import random_layout
from dominosa.generator.store import PuzzleStore

store = PuzzleStore(sys.argv[1])
rng = random.Random(int(sys.argv[2]))
for i in range(1_000_000):
    puzzle, solution = random_layout(rng.randint(2, 7), rng)
    new = store.add(puzzle, solution, grade="hard", score=float(i), params={"i": i}, seed=i)
    if new is not None:
        print(new, i, flush=True)
"""


def _run_and_kill(script, path, seed: int, wanted: int) -> list[tuple[int, int]]:
    """Start the adder, read ``wanted`` lines, kill it with SIGKILL, and return every (id, i) it printed."""
    child = subprocess.Popen(
        [sys.executable, str(script), str(path), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    printed = []
    try:
        while len(printed) < wanted:
            line = child.stdout.readline()
            assert line, f"the adder stopped early: {child.stderr.read()}"
            printed.append(tuple(map(int, line.split())))
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate(timeout=PATIENCE)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == -signal.SIGKILL
    printed.extend(tuple(map(int, line.split())) for line in rest.splitlines() if line.strip())
    return printed


def test_a_killed_run_loses_nothing_it_added_and_the_next_run_carries_on(tmp_path):
    script = tmp_path / "adder.py"
    script.write_text(textwrap.dedent(ADDER), encoding="utf-8")
    path = tmp_path / "p.sqlite"
    first = _run_and_kill(script, path, seed=1, wanted=40)
    second = _run_and_kill(script, path, seed=2, wanted=20)  # a second run on the same store, killed too
    with PuzzleStore(path, create=False) as store:
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert len(store) >= len(first) + len(second)
        for puzzle_id, i in first + second:
            record = store.get(puzzle_id)
            assert (record.seed, record.params, record.score, record.grade) == (i, {"i": i}, float(i), "hard")
            assert problems(record.puzzle, record.solution) == []
        ids = [r.id for r in store.query()]
        assert len(ids) == len(set(ids))
        keys = store._db.execute("SELECT COUNT(DISTINCT canonical) FROM puzzles").fetchone()[0]
        assert keys == len(store)
        # Puzzles of the killed run are still known: adding one again is refused as a duplicate.
        puzzle_id, _ = first[0]
        again = store.get(puzzle_id)
        assert store.add(again.puzzle, again.solution) is None


def test_a_store_opened_read_only_reads_and_refuses_every_write(tmp_path):
    # The studio opens its store so unless --allow-save: writable permissions must not matter.
    path = tmp_path / "puzzles.sqlite"
    with PuzzleStore(path) as store:
        kept = store.add(*proper_layout(5, random.Random(1)), grade="basic", level=1, score=30.0)
    before = path.read_bytes()
    with PuzzleStore(path, create=False, read_only=True) as store:
        assert store.count() == 1 and store.get(kept).grade == "basic"
        with pytest.raises(StoreError, match="read-only"):
            store.add(*proper_layout(5, random.Random(2)), grade="basic", level=1, score=31.0)
    assert path.read_bytes() == before
    with pytest.raises(ValueError):
        PuzzleStore(tmp_path / "new.sqlite", read_only=True)
    assert not (tmp_path / "new.sqlite").exists()
