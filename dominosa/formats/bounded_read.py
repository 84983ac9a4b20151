"""Reading a puzzle file's bytes with the input limits checked while reading, not after.

``Path.read_bytes()`` on ``/dev/zero`` grows until the machine runs out of memory, and a single ``read()`` of
an endless pipe cannot be interrupted. Here the bytes come in chunks of :data:`~dominosa.limits.READ_CHUNK_BYTES`,
so that a NUL byte (binary data), a line longer than :data:`~dominosa.limits.MAX_LINE_BYTES` or more than the
allowed total stops the reading at once with one :class:`~dominosa.errors.PuzzleError`, and Ctrl-C is
honoured between chunks.

:class:`LineStream` goes one step further and hands the text over line by line as the chunks arrive, so a
reader that works puzzle by puzzle holds one chunk of the file at a time, never the whole of it: the memory of
reading 100,000 puzzles is that of reading one.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import BinaryIO

from dominosa.errors import PuzzleError
from dominosa.limits import MAX_INPUT_BYTES, MAX_LINE_BYTES, READ_CHUNK_BYTES

__all__ = ["read_stream", "read_path", "LineStream", "named", "binary_data_error", "not_utf8_error"]


def read_path(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a file, within the limits; ``OSError`` (naming ``path``) when it cannot be read."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as stream:
            return read_stream(stream, source=name, max_bytes=max_bytes)
    except OSError as error:
        raise named(error, name) from None


def read_stream(stream: BinaryIO, *, source: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """Every byte of a binary stream, refusing binary data, long lines and too much input as they arrive."""
    data = bytearray()
    for chunk in _checked_chunks(stream, source=source, max_bytes=max_bytes):
        data += chunk
    return bytes(data)


def named(error: OSError, name: str) -> OSError:
    """The error naming the user's path: errors while reading (EIO from /proc/self/mem, ...) name no file."""
    if error.filename is None:
        return OSError(error.errno, error.strerror or str(error), name)
    return error


def _checked_chunks(stream: BinaryIO, *, source: str, max_bytes: int) -> Iterator[bytes]:
    """The stream's bytes in chunks, each checked for NUL bytes, over-long lines and the total before it is
    handed on. Only the current line's length and the count of line breaks are kept, never the bytes read."""
    total = 0
    lines_before = 0  # line breaks in the chunks already handed on
    tail = b""  # the bytes of the current line so far (at most MAX_LINE_BYTES), for the column of a NUL byte
    while True:
        chunk = stream.read(READ_CHUNK_BYTES)
        if not chunk:
            return
        nul = chunk.find(b"\0")
        if nul >= 0:
            raise binary_data_error(tail + chunk[:nul], lines_before, source)
        # A chunk is shorter than the line limit, so only a line running on from earlier chunks can pass it.
        first_break = chunk.find(b"\n")
        longest = len(tail) + (len(chunk) if first_break < 0 else first_break)
        if longest > MAX_LINE_BYTES:
            line = lines_before + 1
            raise PuzzleError(
                f"line {line} is longer than {MAX_LINE_BYTES:,} bytes (the limit on one line):"
                " not a puzzle file",
                source=source,
            )
        if total + len(chunk) > max_bytes:
            raise PuzzleError(
                f"more than {max_bytes:,} bytes of input (the limit; --max-input raises it)", source=source
            )
        total += len(chunk)
        last_break = chunk.rfind(b"\n")
        if last_break < 0:
            tail += chunk
        else:
            lines_before += chunk.count(b"\n")
            tail = chunk[last_break + 1 :]
        yield chunk


def binary_data_error(before: bytes, lines_before: int, source: str | None) -> PuzzleError:
    """The error for a NUL byte, placed after the bytes ``before`` it (which follow ``lines_before`` lines)."""
    start = before.rfind(b"\n") + 1
    return PuzzleError(
        "binary data, not a puzzle file (a NUL byte; puzzle files are UTF-8 text)",
        line=lines_before + before.count(b"\n") + 1,
        column=len(before[start:].decode("utf-8", "replace")) + 1,
        source=source,
    )


def not_utf8_error(data: bytes, offset: int, lines_before: int, source: str | None) -> PuzzleError:
    """The error for a byte that is not UTF-8, at ``offset`` in ``data`` (which follows ``lines_before`` lines)."""
    start = data.rfind(b"\n", 0, offset) + 1
    return PuzzleError(
        f"not UTF-8 text: byte 0x{data[offset]:02x} cannot be decoded",
        line=lines_before + data.count(b"\n", 0, offset) + 1,
        column=len(data[start:offset].decode("utf-8", "replace")) + 1,
        source=source,
    )


class LineStream:
    """The lines of a binary stream as ``(number, text)``, decoded from UTF-8 chunk by chunk, limits checked.

    Iterate over it once. Afterwards ``empty`` and ``blank`` say whether the input held no byte, or only white
    space, so the caller can say so in its own words. A byte-order mark at the start is skipped, and a line
    ends at ``\\n`` alone (with an optional ``\\r`` before it), as ``split_lines`` cuts a text.
    """

    def __init__(self, stream: BinaryIO, *, source: str, max_bytes: int = MAX_INPUT_BYTES) -> None:
        self._chunks = _checked_chunks(stream, source=source, max_bytes=max_bytes)
        self.source = source
        self.empty = True
        self.blank = True

    def __iter__(self) -> Iterator[tuple[int, str]]:
        pending = b""  # the start of a line whose end has not arrived yet
        number = 1
        codec = "utf-8-sig"  # the first text decoded loses a byte-order mark
        for chunk in self._chunks:
            self.empty = False
            if self.blank and chunk.strip():
                self.blank = False
            data = pending + chunk if pending else chunk
            cut = data.rfind(b"\n") + 1
            if cut == 0:
                pending = data
                continue
            pending = data[cut:]
            text = self._decode(data[:cut], number, codec)
            codec = "utf-8"
            lines = text.split("\n")
            lines.pop()  # the empty text after the last line break
            for line in lines:
                yield number, line.removesuffix("\r")
                number += 1
        yield number, self._decode(pending, number, codec).removesuffix("\r")

    def _decode(self, data: bytes, number: int, codec: str) -> str:
        try:
            return data.decode(codec)
        except UnicodeDecodeError as error:
            raise not_utf8_error(data, error.start, number - 1, self.source) from None

