"""Reading puzzles from text and files in any of the formats, many per file, with precise errors.

A text is cut into chunks at blank lines; each chunk's first line that is not a comment says its format:

- ``{`` or ``[``: JSON, one or more values (JSON lines, concatenated objects, or an array of objects);
- an order, optional letters and ``:`` (``3:2222...``, ``6db:...``): game IDs, one per line;
- a digit, ``x``, ``.`` (or ``-``): a plain grid with optional clues, one puzzle per chunk;
- anything else: an ``unknown format`` error.

So a file may mix formats, as long as a blank line separates puzzles of different formats.

Each puzzle comes out as a :class:`PuzzleRecord` carrying where it was read and, from JSON, the solution the
file states (checked). Every problem is a :class:`~dominosa.errors.PuzzleError` whose message is one line
naming the source, line and column.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from itertools import chain
from typing import BinaryIO

from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, is_comment, locate, split_lines
from dominosa.formats.bounded_read import LineStream, binary_data_error, named, not_utf8_error, read_path, read_stream
from dominosa.formats.game_id import looks_like_game_id, puzzle_from_game_id_line
from dominosa.formats.json_format import iter_json_values, puzzle_from_dict, solution_from_dict
from dominosa.formats.plain import HOLES, puzzle_from_lines
from dominosa.limits import MAX_INPUT_BYTES, MAX_PLAIN_PUZZLE_CHARS
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "PuzzleRecord",
    "read_records",
    "read_puzzles",
    "read_puzzle",
    "read_file",
    "read_file_records",
    "iter_file_records",
    "records_of_lines",
    "decode_bytes",
    "example_names",
    "read_example",
    "DEFAULT_EXAMPLE",
]

STDIN = "-"
DEFAULT_EXAMPLE = "double-6"
_GRID_START = frozenset("0123456789-") | HOLES


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle as read: the puzzle, the solution the input states (or None), and where it was read.

    Attributes
    ----------
    puzzle : the puzzle, checked.
    solution : the solution the input gave (JSON only), checked against the puzzle; None when absent.
    source : the file name, ``"standard input"``, ``"example NAME"``, or None for text given directly.
    line : the 1-based line where the puzzle starts.
    number : the puzzle's position in its source, counting from 1.
    format : ``"plain"``, ``"game-id"`` or ``"json"``.
    """

    puzzle: Puzzle
    solution: Solution | None = None
    source: str | None = None
    line: int = 1
    number: int = 1
    format: str = "plain"

    @property
    def location(self) -> str:
        """Where the puzzle was read, as people say it: ``puzzles.txt, line 12``."""
        return f"{self.source}, line {self.line}" if self.source else f"line {self.line}"


def read_records(text: str, source: str | None = None) -> Iterator[PuzzleRecord]:
    """Every puzzle in the text, in order, as records; a text with no puzzle at all is an error.

    Puzzles come one at a time, so a long file can be worked on while it is read; an error stops the
    iteration at the bad puzzle.
    """
    return records_of_lines(split_lines(text), source)


def records_of_lines(
    lines: Iterable[Line], source: str | None = None, *, nothing: Callable[[bool], PuzzleError] | None = None
) -> Iterator[PuzzleRecord]:
    """Every puzzle on these numbered lines, in order, taking the lines one at a time.

    A plain grid is gathered whole (it ends at a blank line); JSON and game IDs are read a value or a line at
    a time, so a JSON lines file of any length is read in the memory of one puzzle. When no puzzle is found,
    ``nothing(content_seen)`` gives the error to raise (by default: "no puzzle found", saying why), told whether
    any line besides comments and blank ones was met (then it can only have been empty JSON lists).
    """
    number = 0
    content_seen = text_seen = False
    lines = iter(lines)
    for start in lines:
        if not start[1].strip():
            continue
        text_seen = True
        chunk = [start]  # comment lines before the first line of content, then that line
        while is_comment(chunk[-1][1]):
            following = next(lines, None)
            if following is None or not following[1].strip():
                break
            chunk.append(following)
        first_line, first = chunk[-1]
        if is_comment(first):
            continue  # a run of comments alone
        content_seen = True
        head = first.lstrip()
        rest = _until_blank(lines)
        if head[0] in "{[":
            for value, line, col in iter_json_values(chain(chunk, rest), source=source):
                for item in value if isinstance(value, list) else [value]:
                    try:
                        puzzle = puzzle_from_dict(item)
                        solution = solution_from_dict(item, puzzle)
                    except PuzzleError as error:
                        raise locate(error, source=source, line=line, column=col) from None
                    number += 1
                    yield PuzzleRecord(puzzle, solution, source, line, number, "json")
        elif looks_like_game_id(first):
            for line in chain(chunk[-1:], rest):
                if is_comment(line[1]):
                    continue
                number += 1
                yield PuzzleRecord(
                    puzzle_from_game_id_line(line, source=source), None, source, line[0], number, "game-id"
                )
        elif head[0] in _GRID_START:
            number += 1
            yield PuzzleRecord(
                puzzle_from_lines(chunk + _plain_text(rest, first_line, source), source=source),
                None,
                source,
                first_line,
                number,
                "plain",
            )
        else:
            preview = head if len(head) <= 30 else head[:27] + "..."
            raise PuzzleError(
                f"unknown format: {preview!r} is not a grid of numbers,"
                " a game ID (like 3:22223101012330103310) or JSON",
                line=first_line,
                column=len(first) - len(head) + 1,
                source=source,
            )
    if number == 0:
        if nothing is not None:
            raise nothing(content_seen)
        why = _why_no_puzzle(content_seen) if text_seen else "the text is empty"
        raise PuzzleError(f"no puzzle found: {why}", source=source)


def _why_no_puzzle(content_seen: bool) -> str:
    """Why a text with something besides blank lines holds no puzzle: comments alone, or JSON lists that are
    empty (anything else would have been read as a puzzle, or refused as a bad one)."""
    return "only empty JSON lists" if content_seen else "only comments and blank lines"


def _until_blank(lines: Iterator[Line]) -> Iterator[Line]:
    """The lines up to the next blank one (which is used up), or to the end."""
    for line in lines:
        if not line[1].strip():
            return
        yield line


def _plain_text(lines: Iterator[Line], first_line: int, source: str | None) -> list[Line]:
    """The rest of a plain puzzle's lines, refused past :data:`~dominosa.limits.MAX_PLAIN_PUZZLE_CHARS` of text
    (at once: a grid that never ends fails in a moment, holding a megabyte)."""
    kept: list[Line] = []
    size = 0
    for line in lines:
        size += len(line[1]) + 1
        if size > MAX_PLAIN_PUZZLE_CHARS:
            raise PuzzleError(
                f"more than {MAX_PLAIN_PUZZLE_CHARS:,} characters before the next blank line: too much for one"
                " puzzle (the limit on a plain puzzle's text)",
                line=first_line,
                source=source,
            )
        kept.append(line)
    return kept


def blank_separated_chunks(lines: Iterable[Line]) -> Iterator[list[Line]]:
    """Runs of lines between blank lines."""
    chunk: list[Line] = []
    for line in lines:
        if line[1].strip():
            chunk.append(line)
        elif chunk:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def read_puzzles(text: str, source: str | None = None) -> list[Puzzle]:
    """Every puzzle in the text (see :func:`read_records` for the formats and for their solutions)."""
    return [record.puzzle for record in read_records(text, source)]


def read_puzzle(text: str, source: str | None = None) -> Puzzle:
    """The one puzzle in the text, in any format; several puzzles is an error.

    >>> read_puzzle("3:22223101012330103310").order
    3
    """
    records = read_records(text, source)
    first = next(records)
    second = next(records, None)
    if second is not None:
        raise PuzzleError(
            "more than one puzzle: expected exactly one (use read_puzzles for several)",
            line=second.line,
            source=source,
        )
    return first.puzzle


def decode_bytes(data: bytes, source: str | None = None) -> str:
    """The text of a puzzle file's bytes: UTF-8 (a byte-order mark is skipped); binary data is refused.

    Checking here gives one clear line ("binary data", "not UTF-8 text") instead of a confusing complaint
    about a bad character somewhere in the middle of a picture or an archive.
    """
    nul = data.find(b"\0")
    if nul >= 0:
        raise binary_data_error(data[:nul], 0, source)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise not_utf8_error(data, error.start, 0, source) from None


def read_file_records(
    path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES
) -> list[PuzzleRecord]:
    """Every puzzle of a file as records; ``"-"`` reads standard input.

    The whole file is checked before anything is returned, so a bad puzzle at the end stops the work before
    it starts; :func:`iter_file_records` reads the same puzzles one at a time instead. A missing or unreadable
    file raises ``OSError``; bad content, or more than ``max_bytes`` of it (see :mod:`dominosa.limits`),
    raises ``PuzzleError``.
    """
    return list(iter_file_records(path, max_bytes=max_bytes))


def iter_file_records(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> Iterator[PuzzleRecord]:
    """Every puzzle of a file as records, each read and checked only when asked for; ``"-"``: standard input.

    The file is read a chunk at a time and a puzzle is made when the loop reaches it, so memory does not grow
    with the number of puzzles. A bad puzzle stops the iteration there, with the puzzles before it already
    handed out. The errors are those of :func:`read_file_records`; the file is opened at the first ``next``.
    """
    if str(path) == STDIN:
        source = "standard input"
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise PuzzleError("closed: there is nothing to read", source=source)
        yield from _stream_records(stream, source, max_bytes)
        return
    source = os.fspath(path)
    try:
        with open(source, "rb") as opened:
            yield from _stream_records(opened, source, max_bytes)
    except OSError as error:  # opening, or reading (EIO from /proc/self/mem names no file)
        raise named(error, source) from None


def _stream_records(stream: BinaryIO, source: str, max_bytes: int) -> Iterator[PuzzleRecord]:
    lines = LineStream(stream, source=source, max_bytes=max_bytes)

    def nothing(content_seen: bool) -> PuzzleError:
        what = "standard input is" if source == "standard input" else "the file is"
        if lines.empty:
            return PuzzleError(f"{what} empty", source=source)
        if lines.blank:
            return PuzzleError(f"{what} blank: no puzzle in it", source=source)
        return PuzzleError(f"no puzzle found: {_why_no_puzzle(content_seen)}", source=source)

    yield from records_of_lines(lines, source, nothing=nothing)


def read_input_text(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> tuple[str, str]:
    """The text of a file (``"-"``: standard input) and the name to report it by.

    Raises ``OSError`` when the file cannot be read and ``PuzzleError`` when it is empty, blank, not text or
    past the input limits (checked while reading, so ``/dev/zero`` fails at once).
    """
    if str(path) == STDIN:
        source = "standard input"
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise PuzzleError("closed: there is nothing to read", source=source)
        data = read_stream(stream, source=source, max_bytes=max_bytes)
    else:
        source = str(path)
        data = read_path(path, max_bytes=max_bytes)
    if not data.strip():
        what = "standard input is" if source == "standard input" else "the file is"
        raise PuzzleError(f"{what} empty" if not data else f"{what} blank: no puzzle in it", source=source)
    return decode_bytes(data, source), source


def read_file(path: str | os.PathLike[str]) -> list[Puzzle]:
    """Every puzzle of a file (``"-"`` for standard input); see :func:`read_file_records`."""
    return [record.puzzle for record in read_file_records(path)]


def _examples() -> Traversable:
    return resources.files("dominosa") / "examples"


def example_names() -> list[str]:
    """The names of the puzzle files bundled with the package, for trying things without a file."""
    return sorted(p.name.removesuffix(".txt") for p in _examples().iterdir() if p.name.endswith(".txt"))


def read_example(name: str = DEFAULT_EXAMPLE) -> list[PuzzleRecord]:
    """The puzzles of a bundled example file (see :func:`example_names`)."""
    names = example_names()
    if name not in names:
        raise PuzzleError(f"no example named {name!r}; the examples are: {', '.join(names)}")
    text = (_examples() / f"{name}.txt").read_text(encoding="utf-8")
    return list(read_records(text, f"example {name}"))
