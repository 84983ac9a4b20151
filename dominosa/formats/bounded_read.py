"""Reading a puzzle file's bytes with the input limits checked while reading, not after.

``Path.read_bytes()`` on ``/dev/zero`` grows until the machine runs out of memory, and a single ``read()`` of
an endless pipe cannot be interrupted. Here the bytes come in chunks of :data:`~dominosa.limits.READ_CHUNK_BYTES`,
so that a NUL byte (binary data), a line longer than :data:`~dominosa.limits.MAX_LINE_BYTES` or more than the
allowed total stops the reading at once with one :class:`~dominosa.errors.PuzzleError`, and Ctrl-C is
honoured between chunks.
"""

from __future__ import annotations

import os
from typing import BinaryIO

from dominosa.errors import PuzzleError
from dominosa.limits import MAX_INPUT_BYTES, MAX_LINE_BYTES, READ_CHUNK_BYTES

__all__ = ["read_stream", "read_path"]


def read_path(path: str | os.PathLike[str], *, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a file, within the limits; ``OSError`` (naming ``path``) when it cannot be read."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as stream:
            return read_stream(stream, source=str(name), max_bytes=max_bytes)
    except OSError as error:
        if error.filename is None:  # errors while reading (EIO from /proc/self/mem, ...) name no file
            raise OSError(error.errno, error.strerror or str(error), str(name)) from None
        raise


def read_stream(stream: BinaryIO, *, source: str, max_bytes: int = MAX_INPUT_BYTES) -> bytes:
    """Every byte of a binary stream, refusing binary data, long lines and too much input as they arrive."""
    data = bytearray()
    line_length = 0  # bytes since the last line break, across chunks
    while True:
        chunk = stream.read(READ_CHUNK_BYTES)
        if not chunk:
            return bytes(data)
        nul = chunk.find(b"\0")
        if nul >= 0:
            before = bytes(data) + chunk[:nul]
            start = before.rfind(b"\n") + 1
            raise PuzzleError(
                "binary data, not a puzzle file (a NUL byte; puzzle files are UTF-8 text)",
                line=before.count(b"\n") + 1,
                column=len(before[start:].decode("utf-8", "replace")) + 1,
                source=source,
            )
        # A chunk is shorter than the line limit, so only a line running on from earlier chunks can pass it.
        first_break = chunk.find(b"\n")
        longest = line_length + (len(chunk) if first_break < 0 else first_break)
        if longest > MAX_LINE_BYTES:
            line = data.count(b"\n") + 1
            raise PuzzleError(
                f"line {line} is longer than {MAX_LINE_BYTES:,} bytes (the limit on one line):"
                " not a puzzle file",
                source=source,
            )
        line_length = longest if first_break < 0 else len(chunk) - chunk.rfind(b"\n") - 1
        if len(data) + len(chunk) > max_bytes:
            raise PuzzleError(
                f"more than {max_bytes:,} bytes of input (the limit; --max-input raises it)", source=source
            )
        data += chunk

