"""Writing output files safely: whole or not at all.

A picture or a book is written to a temporary file in the destination's folder and then renamed over the
destination (``os.replace``, atomic on POSIX and Windows), so a reader never sees half a file and a run that
fails, or is interrupted, leaves the old file (or no file) in place rather than a truncated one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["atomic_write", "format_from_path", "FORMATS"]

FORMATS = ("png", "svg", "pdf")


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` atomically and return the path.

    Raises ``OSError`` (with the destination as ``filename``) when the folder is missing or not writable; the
    temporary file is removed on any failure.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(target)) from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(payload)
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes files private; a picture is an ordinary file
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return target


def format_from_path(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The output format: ``fmt`` when given, else the file's suffix; ``ValueError`` if neither says one."""
    if fmt:
        fmt = fmt.lower().lstrip(".")
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}: use png, svg or pdf")
        return fmt
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        shown = f"'.{suffix}'" if suffix else "no suffix"
        raise ValueError(f"cannot tell the format from {shown} in {os.fspath(path)!r}: use .png, .svg or .pdf")
    return suffix


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
