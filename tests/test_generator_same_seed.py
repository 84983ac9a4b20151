"""Same seed, same puzzles: a guard for every change to the generator's speed.

``generator_same_seed.json`` holds what a few small ``generate`` runs gave when it was written: per run its game
IDs, and per puzzle the rating printed with it (grade, score, the deduction path's steps, cost and rules). Speed
work on the generator, the grader, the counter or the path must leave all of it unchanged.

Regenerate the file ONLY when a grade's meaning (or the score's, or the path's) changed on purpose, and say so in
the commit message:

    python tests/test_generator_same_seed.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from dominosa.formats.game_id import write_game_id
from dominosa.generator.best import Budget
from dominosa.generator.evolve import Settings
from dominosa.generator.generate import generate, make_request

FIXTURE = Path(__file__).with_name("generator_same_seed.json")

# (order, grade, seed, count, rating, best evaluations): every grade a small board reaches quickly, the three ways
# of rating the chosen puzzles, and a --best run.
RUNS = [
    (5, None, 1, 3, "path", None),
    (5, "trivial", 1, 3, "path", None),
    (5, "basic", 2, 3, "path", None),
    (5, "hard", 3, 2, "path", None),
    (5, "extreme", 1, 2, "path", None),
    (5, "fiendish", 2, 2, "path", None),
    (6, "trivial", 4, 2, "path", None),
    (6, "basic", 5, 2, "path", None),
    (6, "hard", 1, 2, "path", None),
    (6, "extreme", 2, 1, "path", None),
    (6, "fiendish", 3, 1, "path", None),
    (6, "hard", 6, 2, "grade", None),
    (6, None, 7, 2, "none", None),
    (5, "basic", 8, 2, "path", 10),
    (7, "hard", 9, 1, "path", None),
]


def _run(order, grade, seed, count, rating, best) -> dict:
    request = make_request(
        order=order,
        grade=grade,
        seed=seed,
        settings=Settings(rating=rating),
        best=Budget(evaluations=best) if best else None,
    )
    puzzles = []
    for made in generate(request, count):
        rating_dict = made.rating or {}
        puzzles.append(
            {
                "game_id": write_game_id(made.puzzle),
                "search": made.search,
                "grade": made.grade,
                "score": made.score,
                "steps": rating_dict.get("steps"),
                "cost": rating_dict.get("cost"),
                "rules": rating_dict.get("rules"),
                "techniques": rating_dict.get("techniques"),
            }
        )
    return {"run": [order, grade, seed, count, rating, best], "puzzles": puzzles}


@pytest.mark.parametrize("run", RUNS, ids=lambda run: "-".join(str(x) for x in run))
def test_the_same_seed_gives_the_same_puzzles_and_ratings(run):
    recorded = {tuple(entry["run"]): entry for entry in json.loads(FIXTURE.read_text())}
    assert tuple(run) in recorded, "a run without a recording: regenerate the fixture (see the module)"
    assert _run(*run) == recorded[tuple(run)]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    lines = ",\n".join(json.dumps(_run(*run)) for run in RUNS)  # one run a line: a change shows as its lines
    FIXTURE.write_text(f"[\n{lines}\n]\n")
    print(f"wrote {FIXTURE}")
