"""Writing output files safely: whole or not at all.

Pictures and books are written with :func:`dominosa.atomic.atomic_write` (re-exported here): a reader never
sees half a file, and a failed or interrupted run leaves the old file (or no file) in place.
"""

from __future__ import annotations

import os
from pathlib import Path

from dominosa.atomic import atomic_write

__all__ = ["atomic_write", "format_from_path", "FORMATS"]

FORMATS = ("png", "svg", "pdf")


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
