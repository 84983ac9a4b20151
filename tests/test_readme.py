"""The README's Python examples run as printed, and print what their comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text("utf-8")
# The internals the README points to, where its detailed map of the code lives.
HOW_IT_WORKS = (ROOT / "docs" / "how-it-works.md").read_text("utf-8")


def _python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_the_solve_rate_generate_example_runs_and_prints_what_it_says():
    block = next(b for b in _python_blocks() if "generate(make_request" in b)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "1 True"
    assert lines[1].startswith("[[[0, 0], [1, 0]], [[0, 1], [0, 2]]")
    assert lines[2].startswith("proper ")
    assert lines[3] == lines[2].split()[1]  # the level-only grade is the rating's
    assert len(lines) == 6 and all(line.startswith("hard ") for line in lines[4:])


def test_every_source_file_the_readme_names_exists():
    """The map of the code (and every other mention of a module) points at files that are there."""
    root = ROOT
    named = set(re.findall(r"`((?:[a-z_]+/)+[a-z_]+\.py)`", README + HOW_IT_WORKS))
    assert "deductions/rules.py" in named and "generator/fitness.py" in named  # the pattern finds the map's names
    missing = set()
    for name in named:
        candidates = [root / name, root / "dominosa" / name]  # formats/reader.py lives in dominosa/
        if not any(path.is_file() for path in candidates):
            missing.add(name)
    assert not missing


def test_the_first_screen_shows_the_two_commands_and_how_to_rate_and_play():
    first_screen = "\n".join(README.splitlines()[:40])
    assert "pip install -e . && .venv/bin/dominosa book" in first_screen
    assert "pip install -e '.[dev]' && .venv/bin/pytest" in first_screen
    assert "dominosa rate " in first_screen and "dominosa serve" in first_screen and "dominosa hint" in first_screen


def test_the_pictures_the_readme_shows_are_in_the_project():
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert "docs/studio-play.png" in pictures and "docs/book-puzzle-page.png" in pictures
    missing = [p for p in pictures if not (ROOT / p).is_file()]
    # docs/book-puzzle-page.png is made by docs/make_book_pictures.py: where that script is, so is the picture.
    if not (ROOT / "docs" / "make_book_pictures.py").is_file():
        missing = [p for p in missing if p != "docs/book-puzzle-page.png"]
    assert not missing


def test_the_book_table_of_orders_each_trim_holds_is_what_the_book_checks():
    from dominosa.rendering.book_fit import check_order_fits
    from dominosa.rendering.book_sections import BookError

    def holds(order: int, trim: str, **options) -> bool:
        try:
            check_order_fits(order, trim, count=40, **options)
        except BookError:
            return False
        return True

    rows = re.findall(r"^  \| ([\w.]+)(?:, letter)? \| (\d+) \| (\d+) \| (\d+) \|$", README, flags=re.M)
    assert len(rows) == 5, rows
    for trim, two, one, large in rows:
        for most, options in ((two, {"per_page": 2}), (one, {"per_page": 1}), (large, {"large_print": True})):
            assert holds(int(most), trim, **options) and not holds(int(most) + 1, trim, **options), (trim, options)
