"""Our grades against the reference grader's: Simon Tatham's levels on 600 puzzles his generator made.

tests/data/tatham-graded.jsonl holds 25 puzzles for each order 4-9 and each of his levels (trivial, basic,
hard, extreme), with the level his own solver gives. Ours must agree on at least 98% of them and never be
harder: each of his levels is one of ours, by the families of technique it allows, and our techniques at each
level are at least as strong as his.
"""

from __future__ import annotations

from collections import Counter

from tatham_data import tatham_rows

from dominosa.deductions.grades import GRADES, Technique
from dominosa.deductions.grading import PROPER, grade
from dominosa.formats.game_id import read_game_id


def _why(graded) -> str:
    """The techniques of the grade's level the run used: what lets ours finish below his level."""
    used = [t.label for t in Technique if t.level == graded.level and graded.uses.get(t)]
    return ", ".join(used)


def test_our_grades_are_his_levels_on_his_puzzles():
    rows = tatham_rows()
    agree, harder, easier = 0, [], []
    table: Counter[tuple[str, str]] = Counter()
    for row in rows:
        graded = grade(read_game_id(row["game_id"]), verdict=PROPER)  # his generator proves each one unique
        ours, his = graded.name, row["level"]
        table[(his, ours)] += 1
        if ours == his:
            agree += 1
        elif GRADES.index(ours) > GRADES.index(his):
            harder.append(f"{row['game_id']}: his {his}, ours {ours}")
        else:
            easier.append(f"{row['game_id']}: his {his}, ours {ours} by {_why(graded)}")
    report = "\n".join(["harder:", *harder, "easier:", *easier, f"table (his, ours): {dict(table)}"])
    assert not harder, report
    assert agree >= 0.98 * len(rows), report
