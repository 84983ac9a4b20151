"""Every short contradiction at once: the pairs the step finder would refute, one at a time, in that position."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from strategies import layouts

from dominosa.deductions import short_contradiction
from dominosa.deductions.batch_contradiction import every_short_contradiction
from dominosa.deductions.driver import iter_deductions
from dominosa.deductions.grades import Technique
from dominosa.deductions.state import SolvingState


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(layouts(min_order=3, max_order=6))
def test_every_short_contradiction_splits_what_the_step_finder_finds_one_by_one(layout):
    puzzle, _ = layout
    s = SolvingState(puzzle)
    for k, _step in enumerate(iter_deductions(s, guess=False)):
        if s.solved:
            break
        if k % 3:
            continue  # every third position: the positions of one solve are much alike
        one_by_one = {d.splits[0] for d in short_contradiction.iter_short_contradiction(s)}
        at_once = every_short_contradiction(s)
        if not one_by_one:
            assert at_once is None
            continue
        assert at_once is not None and at_once.rule == Technique.SHORT_CONTRADICTION
        assert set(at_once.splits) == one_by_one and not at_once.joins
