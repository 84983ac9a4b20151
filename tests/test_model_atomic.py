"""dominosa/atomic.py's early check: a destination is tried the way the write will use it, and nothing is left."""

from __future__ import annotations

import os

import pytest

from dominosa.atomic import check_writable


def test_a_writable_destination_passes_and_leaves_nothing_behind(tmp_path):
    check_writable(tmp_path / "book.pdf")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_left_as_it_was(tmp_path):
    target = tmp_path / "book.pdf"
    target.write_bytes(b"old")
    check_writable(target)
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def test_a_folder_that_takes_no_new_file_is_refused_naming_the_destination():
    with pytest.raises(OSError) as caught:
        check_writable("/proc/dominosa-book.pdf")  # /proc takes no new file, even from root
    assert caught.value.filename == "/proc/dominosa-book.pdf"


def test_an_unusual_target_is_refused(tmp_path):
    target = tmp_path / "pipe.pdf"
    os.mkfifo(target)
    with pytest.raises(OSError):
        check_writable(target)
    assert target.is_fifo()
