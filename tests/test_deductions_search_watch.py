"""The counter reports its searches to a watcher (deductions/search_watch.py), for the commands' progress line."""

from __future__ import annotations

import random

from dominosa.deductions.counting import count_solutions, solutions
from dominosa.deductions.search_watch import searched, watching_searches
from dominosa.generator.layouts import random_layout


def _several_solutions():
    """A small layout whose count needs a search past the root (it has more than one solution)."""
    puzzle, _ = random_layout(6, random.Random(0))
    return puzzle


def test_a_count_reports_its_nodes_while_it_searches_and_once_at_the_end():
    reports: list[tuple[int, bool]] = []
    with watching_searches(lambda nodes, ended: reports.append((nodes, ended))):
        result = count_solutions(_several_solutions())
    assert result.count >= 2 and result.stats.nodes > 1
    assert reports[-1] == (result.stats.nodes, True)
    during = [nodes for nodes, ended in reports[:-1]]
    assert during and not any(ended for _, ended in reports[:-1])
    assert during == sorted(during) and during[-1] <= result.stats.nodes


def test_listing_solutions_reports_its_end_too():
    reports: list[tuple[int, bool]] = []
    with watching_searches(lambda nodes, ended: reports.append((nodes, ended))):
        found = list(solutions(_several_solutions()))
    assert len(found) >= 2
    assert reports[-1][1] and reports[-1][0] > 1


def test_nothing_is_reported_once_the_block_ends_and_the_innermost_watcher_hears_it():
    outer: list[int] = []
    inner: list[int] = []
    with watching_searches(lambda nodes, ended: outer.append(nodes)):
        with watching_searches(lambda nodes, ended: inner.append(nodes)):
            searched(7, False)
        searched(3, True)
    searched(5, True)
    assert inner == [7] and outer == [3]
