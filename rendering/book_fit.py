"""Whether and how boards fit a page legibly: the slot grid, dense numbers, and the refusals that name a fix.

No text in a printed book may be under 7 pt, so the cell a board gets has a floor; here are the grid that gives
``count`` boards the biggest cells (:func:`fit_grid`, with a checklist beside or under each by
:func:`fit_ticked`), the fallback that grows a huge board's numbers to fill its cells (:func:`legible_fit`), and
the messages that refuse a book before any slow work, naming the per-page count or the trim that would work
(:func:`refuse_unfit`, :func:`check_order_fits`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass

from dominosa.puzzle import Puzzle
from dominosa.rendering.book_page import (
    LARGE_PRINT,
    NORMAL_PRINT,
    TypeSizes,
    caption_height,
    content_box,
    foot_height,
    head_height,
    page_board,
    smallest_cell,
)
from dominosa.rendering.book_sections import BookError
from dominosa.rendering.pages import INCH, MIN_TEXT, OUTSIDE_MARGIN, Trim, gutter_for, parse_trim
from dominosa.rendering.scene import Diagram

# Numbers of a board too big for a page at their usual size (in cells, by digits) grow to these, so that smaller
# cells still carry them at 7 pt: two figures then fill about 0.6 of a cell's width, a digit 0.4 of its height.
DENSE_NUMBERS = {1: 0.7, 2: 0.6}


# ... and a solution's dominoes grow by the first (in cells, each side) and take the second as their line width.
DENSE_TILES = (0.015, 0.035)


KDP_WIDEST = 8.5 * INCH  # the widest trim Amazon KDP prints; a wider custom trim is refused there


@dataclass(frozen=True)
class Grid:
    """Slots on a page: ``cols`` x ``rows``, the size of one cell in points, and where each puzzle's checklist
    goes (``aside``, ``below`` or None) with the size of its boxes."""

    cols: int
    rows: int
    cell: float
    checklist: str | None = None
    box: float = 0.0
    dims: tuple[float, float] = (0.0, 0.0)  # the section's widest and tallest diagram, in cells


def fit_grid(
    count: int,
    width: float,
    height: float,
    dims: tuple[float, float],
    caption: float,
    kind: TypeSizes,
    aside: tuple[float, float] = (0.0, 0.0),
) -> Grid:
    """The arrangement of ``count`` slots that gives the biggest cells, capped at the style's largest; ``aside``
    is the room (width, height) each slot keeps beside or below its diagram."""
    best = Grid(1, count, 0.0)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        slot_w = (width - (cols - 1) * kind.gap) / cols - aside[0]
        slot_h = (height - (rows - 1) * kind.gap) / rows - caption - aside[1]
        cell = min(slot_w / dims[0], slot_h / dims[1])
        if cell > best.cell + 1e-9:
            best = Grid(cols, rows, cell)
    return Grid(best.cols, best.rows, min(best.cell, kind.max_cell))


def checklist_size(order: int, box: float) -> float:
    """The side of a double-``order`` checklist: a header row and column, and a box for each number."""
    return (order + 2) * box


def fit_ticked(count, width, height, dims, caption, kind, ticks: int | None, floor: float) -> Grid:
    """As :func:`fit_grid`, with each puzzle's checklist beside its grid or under it, whichever leaves bigger cells;
    without one when neither leaves cells of at least ``floor``."""
    plain = fit_grid(count, width, height, dims, caption, kind)
    if ticks is None:
        return plain
    options = []
    for box in (kind.checklist_box * f for f in (1.5, 1.25, 1.0)):  # the largest boxes that cost no cell size
        side = checklist_size(ticks, box) + kind.gap
        options += [
            dataclasses.replace(
                fit_grid(count, width, height, dims, caption, kind, (side, 0)), checklist="aside", box=box
            ),
            dataclasses.replace(
                fit_grid(count, width, height, dims, caption, kind, (0, side)), checklist="below", box=box
            ),
        ]
    biggest = max(g.cell for g in options)
    ticked = next(g for g in options if g.cell >= biggest * 0.995)
    return ticked if ticked.cell >= floor - 1e-9 else plain


def _most_that_fit(width, height, dims, caption, kind, smallest) -> int:
    """The largest count (up to 24) whose cells are at least ``smallest`` points; 0 if not even one."""
    most = 0
    for count in range(1, 25):
        if fit_grid(count, width, height, dims, caption, kind).cell >= smallest:
            most = count
    return most


@dataclass(frozen=True)
class Legible:
    """Diagrams as a page will draw them, their largest size in cells, the smallest cell that keeps their
    numbers at :data:`MIN_TEXT`, and how many fit a page at that cell (0: not one)."""

    diagrams: list[Diagram]
    dims: tuple[float, float]
    floor: float
    most: int


def legible_fit(diagrams: Sequence[Diagram], width, height, caption, kind, min_cell: float) -> Legible:
    """The diagrams at their usual proportions when at least one fits a page; otherwise, in normal print, with
    their numbers grown to :data:`DENSE_NUMBERS` of a cell, so that a big board (a double-40 on a letter page)
    prints in smaller cells with its numbers still at 7 pt. Large print keeps its promise of big cells."""
    dims = (max(d.width for d in diagrams), max(d.height for d in diagrams))
    floor = smallest_cell(min_cell, diagrams)
    most = _most_that_fit(width, height, dims, caption, kind, floor)
    if most or kind is LARGE_PRINT:
        return Legible(list(diagrams), dims, floor, most)
    dense = [_dense(d) for d in diagrams]
    floor = smallest_cell(0.0, dense)
    return Legible(dense, dims, floor, _most_that_fit(width, height, dims, caption, kind, floor))


def _dense(diagram: Diagram) -> Diagram:
    """The diagram with its numbers as large as a cell holds them (:data:`DENSE_NUMBERS`), and a solution's
    dominoes drawn a little wider and with a finer line (:data:`DENSE_TILES`), so that two figures do not touch
    their domino's edge."""
    grow, line = DENSE_TILES
    layers = []
    for layer in diagram.layers:
        if layer.role == "numbers":
            digits = max(len(text) for _, _, text in layer.items)
            layer = dataclasses.replace(layer, size=max(layer.size, DENSE_NUMBERS.get(digits, layer.size)))
        elif layer.role == "tiles":
            boxes = [(x - grow, y - grow, w + 2 * grow, h + 2 * grow) for x, y, w, h in layer.items]
            layer = dataclasses.replace(layer, items=boxes, width=min(layer.width, line))
        layers.append(layer)
    return dataclasses.replace(diagram, layers=layers)


def no_room(puzzles: Sequence[Puzzle], trim: Trim, gutter: float, kind: TypeSizes, per_page: int) -> str:
    """Why not one of these puzzles fits a page of this trim with its numbers at 7 pt, and the preset trims that
    would hold it (one a page, when that is the most they hold), or the smallest trim that would."""
    from dominosa.rendering.pages import TRIMS

    biggest = _biggest(puzzles)
    what = f"a double-{biggest.order} puzzle ({biggest.board.rows}×{biggest.board.cols} cells)"
    diagrams = [page_board(biggest)]
    caption = caption_height(kind)
    roomy, single = [], []
    for other in dict.fromkeys(TRIMS.values()):
        if (other.width, other.height) in {(t.width, t.height) for t in roomy + single}:
            continue  # letter is 8.5x11in by another name
        most = legible_fit(diagrams, *content_box(other, gutter, kind), caption, kind, kind.min_cell).most
        if most >= per_page:
            roomy.append(other)
        elif most:
            single.append(other)
    legible = f"with its numbers at {MIN_TEXT:g} pt or more" if kind is not LARGE_PRINT else "in large print"
    head = f"{what} does not fit on {trim.name} pages {legible}"
    if roomy:
        also = f" (or {_names(single)} with --per-page 1)" if single else ""
        return f"{head}: use a larger trim, --trim {_names(roomy)}{also}"
    if single:
        most = "one puzzle per page is the most (--per-page 1)"
        return f"{head}: use a larger trim, --trim {_names(single)}, where {most}"
    drawn = diagrams if kind is LARGE_PRINT else [_dense(d) for d in diagrams]
    cell = smallest_cell(kind.min_cell if kind is LARGE_PRINT else 0.0, drawn)
    need_w = drawn[0].width * cell + gutter + OUTSIDE_MARGIN
    need_h = drawn[0].height * cell + caption + head_height(kind) + foot_height(kind) + 2 * OUTSIDE_MARGIN
    size = f"{math.ceil(need_w / INCH * 10) / 10:g}x{math.ceil(need_h / INCH * 10) / 10:g}in"
    if need_w <= KDP_WIDEST + 1e-9:
        larger = f"use a larger trim of at least {size} (--trim {size}), one puzzle a page"
        return f"{head}, nor does any preset trim: {larger}"
    smaller = _largest_order_on(TRIMS["letter"], gutter, kind, biggest.order) if biggest.is_full_set else None
    instead = f": use --order {smaller} or less" if smaller else ""
    return (
        f"{head}, nor on any trim Amazon KDP prints: it needs pages {math.ceil(need_w / INCH * 10) / 10:g} in wide,"
        f" and KDP prints up"
        f" to {KDP_WIDEST / INCH:g} in{instead} (or --trim {size} for a printer that takes wider pages)"
    )


def _largest_order_on(trim: Trim, gutter: float, kind: TypeSizes, below: int) -> int | None:
    """The largest set under double-``below`` whose standard board fits a page of ``trim`` legibly, or None."""
    caption = caption_height(kind)
    for order in range(below - 1, 0, -1):
        side = order + 1
        stand_in = Puzzle.from_grid([[row] * (side + 1) for row in range(side)])
        if legible_fit([page_board(stand_in)], *content_box(trim, gutter, kind), caption, kind, kind.min_cell).most:
            return order
    return None


def too_many_puzzles(per_page: int, cell: float, fit: Legible, trim: Trim) -> str:
    """Why ``per_page`` puzzles a page is too many, and the most that fit."""
    return (
        f"{per_page} puzzles per page leave cells {cell:.0f} pt wide on a {trim.name} page "
        f"(at least {fit.floor:.3g} pt keeps numbers at {MIN_TEXT:g} pt): "
        + (
            "one puzzle per page is the most (--per-page 1), or use a larger trim"
            if fit.most == 1
            else f"use --per-page {fit.most} or less, or a larger trim"
        )
    )


def too_many_solutions(count: int, cell: float, fit: Legible) -> str:
    """Why ``count`` solutions a page is too many, and the most that fit."""
    return (
        f"{count} solutions per page leave cells {cell:.1f} pt wide, numbers under {MIN_TEXT:g} pt, which print"
        " services refuse: "
        + (
            "one solution per page is the most (--solutions-per-page 1)"
            if fit.most == 1
            else f"use --solutions-per-page {fit.most} or less"
        )
    )


def refuse_unfit(
    puzzles: Sequence[Puzzle],
    trim: Trim,
    gutter: float,
    kind: TypeSizes,
    per_page: int,
    asked: bool,
    solutions_per_page: int | None = None,
) -> None:
    """Refuse, before the book's slow work (lessons, hints), puzzles of which not one fits a page of this trim
    with its numbers at 7 pt, or more to a page than fit when ``asked`` (or than ``solutions_per_page``)."""
    caption = caption_height(kind)
    width, height = content_box(trim, gutter, kind)
    drawn = [page_board(_biggest(puzzles))]
    fit = legible_fit(drawn, width, height, caption, kind, kind.min_cell)
    if not fit.most:
        raise BookError(no_room(puzzles, trim, gutter, kind, per_page if asked else 1))
    if asked and fit.most < per_page:
        cell = fit_grid(per_page, width, height, fit.dims, caption, kind).cell
        raise BookError(too_many_puzzles(per_page, cell, fit, trim))
    if solutions_per_page is not None:
        caption = kind.label * 1.5
        solved = legible_fit(drawn, width, height, caption, kind, kind.min_solution_cell)
        if solved.most < solutions_per_page:
            cell = fit_grid(solutions_per_page, width, height, solved.dims, caption, kind).cell
            raise BookError(too_many_solutions(solutions_per_page, cell, solved))


def check_order_fits(
    order: int,
    trim: str | Trim,
    *,
    large_print: bool = False,
    per_page: int | None = None,
    solutions_per_page: int | None = None,
    count: int = 1,
) -> None:
    """Refuse a book of ``count`` double-``order`` puzzles that cannot be printed on ``trim`` with numbers at
    :data:`MIN_TEXT` (or ``per_page`` to a page), before a single puzzle is made: making them may take long.

    Raises ``BookError`` naming the trims that would fit, as the finished layout would.
    """
    trim = parse_trim(trim)
    kind = LARGE_PRINT if large_print else NORMAL_PRINT
    side = order + 1
    stand_in = Puzzle.from_grid([[row] * (side + 1) for row in range(side)])
    pages = 10 + 2 * count  # at most: one puzzle and one solution a page; the widest gutter it may need
    refuse_unfit([stand_in], trim, gutter_for(pages), kind, per_page or 1, per_page is not None, solutions_per_page)


def _biggest(puzzles: Sequence[Puzzle]) -> Puzzle:
    """The puzzle with the biggest board (the largest numbers among equals): the hardest to fit on a page."""
    return max(puzzles, key=lambda p: (p.board.rows * p.board.cols, p.order))


def _names(trims: Sequence[Trim]) -> str:
    names = [t.name for t in trims]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
