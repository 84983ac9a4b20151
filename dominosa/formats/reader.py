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
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from dominosa.errors import PuzzleError
from dominosa.formats._lines import Line, is_comment, locate, split_lines
from dominosa.formats.bounded_read import read_path, read_stream
from dominosa.formats.game_id import looks_like_game_id, puzzle_from_game_id_line
from dominosa.formats.json_format import iter_json_values, puzzle_from_dict, solution_from_dict
from dominosa.formats.plain import HOLES, puzzle_from_lines
from dominosa.limits import MAX_INPUT_BYTES
from dominosa.puzzle import Puzzle
from dominosa.solution import Solution

__all__ = [
    "PuzzleRecord",
    "read_records",
    "read_puzzles",
    "read_puzzle",
    "read_file",
    "read_file_records",
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
    number = 0
    content_seen = False
    for chunk in blank_separated_chunks(split_lines(text)):
        content = [line for line in chunk if not is_comment(line[1])]
        if not content:
            continue
        content_seen = True
        first_line, first = content[0]
        head = first.lstrip()
        column = len(first) - len(head) + 1
        if head[0] in "{[":
            for value, line, col in iter_json_values(chunk, source=source):
                for item in value if isinstance(value, list) else [value]:
                    try:
                        puzzle = puzzle_from_dict(item)
                        solution = solution_from_dict(item, puzzle)
                    except PuzzleError as error:
                        raise locate(error, source=source, line=line, column=col) from None
                    number += 1
                    yield PuzzleRecord(puzzle, solution, source, line, number, "json")
        elif looks_like_game_id(first):
            for line in content:
                number += 1
                yield PuzzleRecord(
                    puzzle_from_game_id_line(line, source=source), None, source, line[0], number, "game-id"
                )
        elif head[0] in _GRID_START:
            number += 1
            yield PuzzleRecord(
                puzzle_from_lines(chunk, source=source), None, source, first_line, number, "plain"
            )
        else:
            preview = head if len(head) <= 30 else head[:27] + "..."
            raise PuzzleError(
                f"unknown format: {preview!r} is not a grid of numbers,"
                " a game ID (like 3:22223101012330103310) or JSON",
                line=first_line,
                column=column,
                source=source,
            )
    if number == 0:
        if content_seen:
            why = "only empty JSON lists"
        else:
            why = "the text is empty" if not text.strip() else "only comments and blank lines"
        raise PuzzleError(f"no puzzle found: {why}", source=source)


def blank_separated_chunks(lines: list[Line]) -> Iterator[list[Line]]:
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
        line, column = _byte_position(data, nul)
        raise PuzzleError(
            "binary data, not a puzzle file (a NUL byte; puzzle files are UTF-8 text)",
            line=line,
            column=column,
            source=source,
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line, column = _byte_position(data, error.start)
        raise PuzzleError(
            f"not UTF-8 text: byte 0x{data[error.start]:02x} cannot be decoded",
            line=line,
            column=column,
            source=source,
        ) from None


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """The 1-based line and column (in characters) of a byte offset."""
    start = data.rfind(b"\n", 0, offset) + 1
    return data.count(b"\n", 0, offset) + 1, len(data[start:offset].decode("utf-8", "replace")) + 1


def read_file_records(
    path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES
) -> list[PuzzleRecord]:
    """Every puzzle of a file as records; ``"-"`` reads standard input.

    The whole file is checked before anything is returned, so a bad puzzle at the end stops the work before
    it starts. A missing or unreadable file raises ``OSError``; bad content, or more than ``max_bytes`` of it
    (see :mod:`dominosa.limits`), raises ``PuzzleError``.
    """
    text, source = read_input_text(path, max_bytes=max_bytes)
    return list(read_records(text, source))


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
