"""Writing files whole or not at all, for every part of the program that writes one.

The data goes to a hidden temporary file beside the destination, which replaces the destination
(``os.replace``, atomic on POSIX and Windows) only once it is written and synced. A reader never sees half a
file, and a run that fails or is interrupted leaves the older file (or none) in place, with no temporary file
behind. Nothing in the model calls this: it sits here, on the ground floor, so that the store, the renderer
and the command share one implementation.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

__all__ = ["open_atomic", "atomic_write", "refuse_unusual_target", "check_writable"]


@contextmanager
def open_atomic(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """A file to write that appears at ``path`` whole, or not at all.

    ``mode`` is ``"w"`` (UTF-8 text) or ``"wb"``. Raises ``OSError`` naming ``path`` when its folder is missing
    or not writable.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f'mode must be "w" or "wb", not {mode!r}')
    path = Path(path)
    refuse_unusual_target(path)
    fd, temporary = _temporary_beside(path)
    try:
        with os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as out:
            os.fchmod(out.fileno(), _new_file_mode(path))
            yield out
            out.flush()
            os.fsync(out.fileno())
        try:
            os.replace(temporary, path)
        except OSError as error:  # name the user's path, not our temporary file
            raise OSError(error.errno, error.strerror, str(path)) from None
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse now, before long work, a destination that :func:`open_atomic` could not write: an unusual file
    (see :func:`refuse_unusual_target`), or a folder where no file can be made (read-only, ``/proc``, no space
    for a new entry). It makes the temporary file the write would make and removes it at once; ``OSError``
    names ``path``."""
    path = Path(path)
    refuse_unusual_target(path)
    fd, temporary = _temporary_beside(path)
    os.close(fd)
    os.unlink(temporary)


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new hidden temporary file in ``path``'s folder (descriptor and name); ``OSError`` names ``path``."""
    try:
        return tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None


def refuse_unusual_target(path: Path) -> None:
    """Refuse to replace anything but a regular file: a symlink, a FIFO, a device or a folder.

    Replacing is what an atomic write does, so writing "to" ``/dev/full``, a named pipe another program reads,
    or a symlink into another folder would silently swap it for a regular file; each is refused with
    ``OSError`` naming the user's path and the reason, so the user can name the real file instead.
    """
    try:
        status = path.lstat()
    except FileNotFoundError:
        return
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None
    kind = status.st_mode
    if stat.S_ISREG(kind):
        return
    if stat.S_ISLNK(kind):
        reason = "a symbolic link: not replaced by a file (name the file it points to instead)"
        raise OSError(errno.ELOOP, reason, str(path))
    if stat.S_ISDIR(kind):
        raise IsADirectoryError(errno.EISDIR, "a folder, not a file", str(path))
    what = (
        "a named pipe (FIFO)"
        if stat.S_ISFIFO(kind)
        else "a device"
        if stat.S_ISCHR(kind) or stat.S_ISBLK(kind)
        else "a socket"
    )
    raise OSError(
        errno.EINVAL, f"{what}, not a regular file: dominosa writes files whole and will not replace it", str(path)
    )


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` (bytes, or text as UTF-8) to ``path`` atomically and return the path."""
    with open_atomic(path, "wb") as out:
        out.write(data.encode("utf-8") if isinstance(data, str) else data)
    return Path(path)


def _new_file_mode(path: Path) -> int:
    """The permissions the file would get if written in place: those of the file it replaces, or the usual
    ones under the umask (a temporary file starts private)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
