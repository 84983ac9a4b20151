"""The shaped puzzles of ``dominosa book --shapes heart,star,...``: puzzles on the library's shapes, generated
as the book's other puzzles are (the grade mix, the best a budget finds, no repeat and no near-twin).

The shapes take turns, and so do the sizes (``--orders``, else ``--order``, else double-6), each shape at the set
it is drawn for nearest the size asked; the grades of the mix take turns too, so each shape comes easy and hard.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from dominosa.cli.usage import UsageError
from dominosa.generator.grade_mix import DEFAULT_MIX, MIX_GIVE_UP
from dominosa.generator.shapes import ShapeError, load_shape, shape_names

__all__ = ["SECTION", "parse_shapes", "plan_shapes", "shaped_entries"]

SECTION = "Shapes"  # the section's heading when the shaped puzzles join a book of rectangles


def parse_shapes(text: str) -> list[str]:
    """``heart,star`` as shape names (``all`` for every shape of the library); an unknown name is a usage error
    listing the library's shapes."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if names == ["all"]:
        return list(shape_names())
    if not names:
        raise UsageError(f"--shapes needs shape names, such as heart,star; the shapes are {', '.join(shape_names())}")
    for name in names:
        try:
            load_shape(name)
        except ShapeError as error:
            raise UsageError(f"--shapes: {error}") from None
    return list(dict.fromkeys(names))


def plan_shapes(
    names: Sequence[str], count: int, orders: Sequence[int], grade: str | None
) -> list[tuple[str, int, str | None]]:
    """(shape, order, grade) for each of ``count`` puzzles: shapes, sizes and grades in turn. Each round of the
    shapes starts the grades one further on, so a shape drawn several times comes in every grade of the mix, and
    the grades still share the puzzles evenly."""
    grades: list[str | None] = [grade] if grade is not None else list(DEFAULT_MIX)
    plan = []
    for k in range(count):
        shape = load_shape(names[k % len(names)])
        round_ = k // len(names)
        size = orders[round_ % len(orders)]
        plan.append((shape.name, shape.nearest_order(size), grades[(k + round_) % len(grades)]))
    return plan


def shaped_entries(
    plan: Sequence[tuple[str, int, str | None]],
    seed: int,
    *,
    section: str | None,
    fresh: Callable[[object], bool],
    workers,
    budget: int | None,
    progress: Callable[[int], None] | None = None,
) -> list:
    """The planned shaped puzzles as book entries, in ``section`` (None: by grade, as in a whole shaped book).
    ``fresh(made)`` refuses a repeat or a near-twin of a puzzle the book already has (and records one it
    takes). A grade a shape cannot reach gives its puzzles to any grade, as the book's mix does."""
    from dominosa.generator.best import Budget
    from dominosa.generator.evolve import NoPuzzleFound, Settings
    from dominosa.generator.generate import generate, make_request
    from dominosa.generator.shapes import shape_board
    from dominosa.rendering.book import BookEntry

    entries: list = []
    for (name, order, wanted), share in Counter(plan).items():
        board = shape_board(name, order)
        left = share
        for target in (wanted, None) if wanted is not None else (None,):
            best = Budget(evaluations=budget) if target is not None and budget else None
            settings = Settings(give_up=MIX_GIVE_UP) if target is not None else Settings()
            request = make_request(board=board, grade=target, seed=seed, settings=settings, best=best)
            try:
                for made in generate(request, left, workers=workers, accept=fresh):
                    entries.append(BookEntry(made.puzzle, made.solution, made.grade, made.score, section, name))
                    left -= 1
                    if progress is not None:
                        progress(len(entries))
            except NoPuzzleFound:
                if target is None:
                    raise UsageError(f"no proper double-{order} {name} puzzle could be made") from None
                continue
            break
    return entries
