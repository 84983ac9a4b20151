"""Tests for series of books in the store (generator/store_series.py): volumes numbered per series, recorded
all or nothing, and what a new volume may print."""

from __future__ import annotations

import random

import pytest
from store_cases import near_twin, transposed_and_renamed

from dominosa.generator.proper import proper_layout
from dominosa.generator.store_records import StoreError


def test_volumes_number_on_per_series_and_keep_their_puzzles_in_book_order(store):
    ids = [store.add(*proper_layout(4, random.Random(seed))) for seed in range(4)]
    digest = "0123456789abcdef" * 4
    first = store.record_volume("classic", store.next_volume("classic"), digest, [ids[2], ids[0]])
    assert (first.volume, first.puzzle_ids) == (1, (ids[2], ids[0]))
    assert store.next_volume("classic") == 2 and store.next_volume("kids") == 1  # each series counts its own
    store.record_volume("kids", 1, digest, [ids[2]])  # another series may print the same puzzle
    store.record_volume("classic", 2, digest, [ids[1]])
    assert [v.volume for v in store.volumes("classic")] == [1, 2]
    assert [r.id for r in store.used_in_series("classic")] == [ids[2], ids[0], ids[1]]
    assert [r.id for r in store.iter_unused("classic")] == [ids[3]]
    assert [r.id for r in store.iter_unused("kids")] == [ids[0], ids[1], ids[3]]
    assert store.volumes("classic")[0].made.tzinfo is not None


def test_recording_a_volume_is_all_or_nothing(store):
    good = store.add(*proper_layout(4, random.Random(1)))
    digest = "ab" * 32
    with pytest.raises(StoreError, match="no puzzle 99"):
        store.record_volume("classic", 1, digest, [good, 99])  # the bad id is met after the volume's row
    assert store.volumes("classic") == [] and store.next_volume("classic") == 1
    store.record_volume("classic", 1, digest, [good])
    with pytest.raises(StoreError, match="already records volume 1"):
        store.record_volume("classic", 1, digest, [good])
    for bad, words in (
        (dict(series=" "), "needs a name"),
        (dict(volume=0), "from 1"),
        (dict(pdf_sha256="xyz"), "SHA-256"),
        (dict(puzzle_ids=[good, good]), "twice"),
    ):
        arguments = dict(series="other", volume=1, pdf_sha256=digest, puzzle_ids=[good]) | bad
        with pytest.raises(StoreError, match=words):
            store.record_volume(**arguments)
    assert [v.volume for v in store.volumes("classic")] == [1] and store.volumes("other") == []


def test_what_is_unused_leaves_out_disguised_copies_and_near_twins_of_what_a_volume_printed(store):
    from test_generator_twins import plain_share

    printed, solution = proper_layout(5, random.Random(11))
    grid = [list(row) for row in printed.grid]
    twin, twin_solution = near_twin(printed, solution)
    assert plain_share([list(r) for r in twin.grid], grid) > 0.4
    stranger = proper_layout(5, random.Random(12))
    first = store.add(printed, solution)
    twin_id = store.add(twin, twin_solution)
    stranger_id = store.add(*stranger)
    assert twin_id is not None
    store.record_volume("classic", 1, "cd" * 32, [first])
    assert [r.id for r in store.iter_unused("classic")] == [stranger_id]
    # A puzzle named by an earlier book outside the store (book --exclude) is left out the same way, turned
    # and renamed as it may be.
    disguised, _ = transposed_and_renamed(*stranger, seed=5)
    assert list(store.iter_unused("classic", exclude=[disguised])) == []
    assert [r.id for r in store.iter_unused(None, exclude=[disguised])] == [first, twin_id]


def test_a_limit_on_what_is_unused_counts_the_puzzles_left_not_those_looked_at(store):
    ids = [store.add(*proper_layout(4, random.Random(seed))) for seed in (31, 32, 35)]  # strangers to each other
    store.record_volume("classic", 1, "ef" * 32, [ids[0]])
    assert [r.id for r in store.iter_unused("classic", limit=1)] == [ids[1]]
    assert [r.id for r in store.iter_unused("classic", limit=5, by="id")] == ids[1:]
