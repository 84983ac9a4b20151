"""Reading tiling puzzles from text: the format of the bundled puzzles, and of any a user brings.

A file is a list of sections, each a header line ending in ``:`` followed by its lines; ``#`` starts a comment
and blank lines are ignored except that they end a picture::

    title: 6x10 pentominoes

    board:
    . . . . . . . . . .
    . . . . . . . . . .

    piece F:
    .##
    ##.
    .#.

    piece S, no flip:
    .##
    ##.

- ``title: TEXT`` names the puzzle.
- ``board:`` then one line per row of whitespace-separated tokens: ``.`` is a cell, ``-`` a square that is not
  part of the board, any other token a cell labelled with it (``Jan``, ``21``).
- ``circles: all`` (every corner of every cell) or ``circles: i,j i,j ...``: the corner points that must each hold
  one peg; corner ``i,j`` is the top-left corner of cell ``i,j``.
- ``piece NAME:`` then a picture, any character but ``.`` and space being a cell; ``piece NAME, no flip:`` for a
  piece that may be turned but not turned over. Inside a piece, a line ``pegs: i,j i,j`` lists the corners of
  the picture that carry a peg (each a corner of one of its cells). Since ``#`` draws cells, a comment inside a
  piece is ``# `` (hash, space) at the start of a line or `` # `` after the picture; draw gaps with ``.``.

Errors are :class:`~dominosa.errors.PuzzleError` with the line they are about.
"""

from __future__ import annotations

import re

from dominosa.errors import PuzzleError
from dominosa.tiling.packing import Packing
from dominosa.tiling.pieces import Cell, Corner, Piece, parse_picture

__all__ = ["read_packing", "NOT_A_CELL"]

NOT_A_CELL = "-"
_HEADER = re.compile(r"^(title|board|circles|piece)\b\s*(.*?)\s*:\s*(.*)$")
_POINT = re.compile(r"^(\d+),(\d+)$")


def read_packing(text: str, source: str | None = None) -> Packing:
    """The :class:`Packing` a text describes (see the module docstring for the format).

    Raises
    ------
    PuzzleError : with the source and line: an unknown section, a board or piece with no cells, a badly written
        corner, a piece that is not in one piece, pieces that do not cover the board exactly, and so on.
    """
    title = ""
    board_lines: list[tuple[int, str]] = []
    circles_spec: tuple[int, str] | None = None
    pieces: list[tuple[int, str, bool, list[str], list[tuple[int, str]]]] = []
    section: str | None = None
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].rstrip() if section != "piece" else _strip_comment(raw)
        header = _HEADER.match(line.strip()) if line.strip() else None
        if header and not (section == "piece" and _is_picture(line)):
            kind, name, rest = header.groups()
            if kind != "piece" and kind in seen:
                raise PuzzleError(f"{kind} is given twice (first on line {seen[kind]})", line=number, source=source)
            seen.setdefault(kind, number)
            if kind == "title":
                title, section = rest.strip(), None
            elif kind == "board":
                section = "board"
            elif kind == "circles":
                circles_spec, section = (number, rest), None
            else:
                name, flip = _piece_name(name, number, source)
                if any(name == other for _, other, *_ in pieces):
                    raise PuzzleError(
                        f"two pieces are called {name!r}: every piece needs a name of its own",
                        line=number,
                        source=source,
                    )
                pieces.append((number, name, flip, [], []))
                section = "piece"
            continue
        if not line.strip():
            if (section == "board" and board_lines) or (section == "piece" and pieces[-1][3]):
                section = None  # a blank line ends a picture
            continue
        if line.strip().startswith("pegs:") and section == "piece":
            pieces[-1][4].append((number, line.strip()[5:]))
        elif section == "board":
            board_lines.append((number, line))
        elif section == "piece":
            pieces[-1][3].append(line)
        else:
            raise PuzzleError(
                f"{line.strip()!r} is outside any section: start one with title:, board:, circles: or piece NAME:",
                line=number,
                source=source,
            )

    if not board_lines:
        raise PuzzleError("no board: give one with a 'board:' section", source=source)
    cells: set[Cell] = set()
    labels: dict[Cell, str] = {}
    for r, (_, line) in enumerate(board_lines):
        for c, token in enumerate(line.split()):
            if token == NOT_A_CELL:
                continue
            cells.add((r, c))
            if token != ".":
                labels[(r, c)] = token
    if not cells:
        raise PuzzleError("the board has no cells", line=board_lines[0][0], source=source)
    circles: set[Corner] = set()
    if circles_spec is not None:
        number, spec = circles_spec
        if spec.strip() == "all":
            circles = {(r + dr, c + dc) for r, c in cells for dr in (0, 1) for dc in (0, 1)}
        else:
            circles = set(_points(spec, number, source))
    if not pieces:
        raise PuzzleError("no pieces: give each with a 'piece NAME:' section and its picture", source=source)
    built = []
    for number, name, flip, picture, peg_lines in pieces:
        shape = parse_picture(picture)
        if not shape:
            raise PuzzleError(f"piece {name} has no cells: draw it under its header", line=number, source=source)
        pegs = [p for n, spec in peg_lines for p in _points(spec, n, source)]
        try:
            built.append(Piece(name, shape, frozenset(pegs), flip))
        except ValueError as error:
            raise PuzzleError(str(error), line=number, source=source) from None
    try:
        return Packing(frozenset(cells), tuple(built), frozenset(circles), labels, title)
    except ValueError as error:
        raise PuzzleError(str(error), source=source) from None


def _strip_comment(raw: str) -> str:
    """A line of a piece section without its comment.

    ``#`` draws cells there, so a comment is ``# `` (hash and space) at the start of a line, or `` # `` after
    the picture; ``#`` followed by anything else is part of the drawing (``#.#``, ``##``).
    """
    stripped = raw.rstrip()
    body = stripped.lstrip()
    if body == "#" or not body.startswith("# "):
        head, sep, _ = stripped.partition(" # ")
        if not sep and stripped.endswith(" #") and _is_picture(stripped[:-2]):
            head = stripped[:-2]
        return head.rstrip()
    return ""


def _is_picture(line: str) -> bool:
    """A line made only of picture characters (no spaces inside, no colon): part of a piece's drawing."""
    body = line.strip()
    return bool(body) and ":" not in body and " " not in body


def _piece_name(text: str, number: int, source: str | None) -> tuple[str, bool]:
    name, _, option = text.partition(",")
    name, option = name.strip(), option.strip().lower()
    if not name:
        raise PuzzleError("a piece needs a name: 'piece F:'", line=number, source=source)
    if option and option not in ("no flip", "noflip", "fixed"):
        raise PuzzleError(f"unknown piece option {option!r}: the only one is 'no flip'", line=number, source=source)
    return name, not option


def _points(spec: str, number: int, source: str | None) -> list[tuple[int, int]]:
    out = []
    for token in spec.split():
        match = _POINT.match(token)
        if not match:
            raise PuzzleError(f"{token!r} is not a corner: write row,column such as 0,1", line=number, source=source)
        out.append((int(match[1]), int(match[2])))
    return out
