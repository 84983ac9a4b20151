"""Another git revision's package, unpacked beside this one, so a benchmark can time old and new code in one run.

A benchmark imports this checkout's code; to compare with ``main`` (or any revision) it unpacks that revision
with :func:`old_package` and runs a child process with ``PYTHONPATH`` set to the folder returned, from a working
directory outside the checkout. The child must check ``dominosa.__file__`` lies in that folder: an editable
install of this checkout would otherwise answer for it.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path


def old_package(revision: str, into: Path, *, compiled: bool = False) -> Path:
    """The package of a git revision, laid out as setuptools installs it, under ``into``; the folder to import from.

    ``git archive`` unpacks the revision's files; its pyproject's ``package-dir`` says which folder is which
    subpackage (``deductions/`` is ``dominosa.deductions``, ...), and they are copied into place.

    ``compiled``: the revision's own build instead (``pip wheel``, which compiles its engine with mypyc where it
    can: about a minute), unpacked into place, so that a compiled checkout is timed against a compiled revision
    rather than against its pure-Python sources. Raises ``RuntimeError`` if the wheel holds no compiled module.
    """
    source = _unpacked(revision, into)
    if compiled:
        return _built_package(revision, source, into)
    return _laid_out(source, into / "site")


def checkout_package(into: Path) -> Path:
    """This checkout's Python sources, uncommitted changes included, laid out as :func:`old_package` lays out a
    revision's, under ``into``: the folder to import from.

    A comparison that counts instructions must import both sides the same way. Imported in place (through the
    editable install), this checkout's modules had other paths, of other lengths, than the revision's, and that
    alone moved a count by 4% (bench_instructions.py's docstring)."""
    here = Path(__file__).resolve().parent.parent
    return _laid_out(here, into / "site", ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))


def _laid_out(source: Path, target: Path, ignore=None) -> Path:
    """Each package folder of ``source`` (its pyproject's ``package-dir``) copied into place under ``target``."""
    mapping = tomllib.loads((source / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    for package, folder in sorted(mapping.items()):
        shutil.copytree(source / folder, target.joinpath(*package.split(".")), dirs_exist_ok=True, ignore=ignore)
    return target


def alternating(against: str, rounds: int) -> Iterator[tuple[str, Path | None, str, str]]:
    """This checkout and revision ``against`` in turn, ``rounds`` times (a shared machine's load moves slowly, so
    the sides take turns rather than one running after the other): for each turn its side (``"new"`` or
    ``"old"``), the ``site`` to give :func:`run_side`, the folder its ``dominosa`` must be imported from (a worker
    checks, since an editable install of this checkout would otherwise answer for the revision), and a working
    directory outside the checkout. The revision is unpacked once, for the whole run."""
    import dominosa

    here = str(Path(dominosa.__file__).resolve().parent.parent)
    with tempfile.TemporaryDirectory() as folder:
        site = old_package(against, Path(folder))
        for _ in range(rounds):
            yield "new", None, here, folder
            yield "old", site, str(site), folder


def run_side(site: Path | None, argv: list[str], *, cwd: str | Path | None, input: str | None = None) -> str:
    """Run ``python ARGV`` as one side of a comparison and return its standard output.

    ``site`` is a revision's package from :func:`old_package`, put first on ``PYTHONPATH``; None means this
    checkout, with ``PYTHONPATH`` cleared so that the installed package answers. Both sides start the same way,
    so their figures compare like with like.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    done = subprocess.run([sys.executable, *argv], input=input, capture_output=True, text=True, env=env, cwd=cwd,
                          check=True)
    return done.stdout


def _unpacked(revision: str, into: Path) -> Path:
    """The revision's files (``git archive``) in ``into/source``."""
    here = str(Path(__file__).resolve().parent)  # the checkout this benchmark belongs to, wherever it is run from
    root = Path(subprocess.run(["git", "-C", here, "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                               check=True).stdout.strip())
    archive = subprocess.run(["git", "-C", str(root), "archive", revision], capture_output=True, check=True).stdout
    source = into / "source"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    return source


def _built_package(revision: str, source: Path, into: Path) -> Path:
    """The revision's wheel, built by pip from its files and unpacked under ``into``: the folder to import from."""
    wheels = into / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(source)],
                   check=True, capture_output=True)
    target = into / "site"
    (wheel,) = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as unpacked:
        unpacked.extractall(target)
        if not any(name.endswith((".so", ".pyd")) for name in unpacked.namelist()):
            raise RuntimeError(f"the build of {revision} compiled nothing (no C compiler or mypy?)")
    return target


def forget_tables() -> None:
    """Clear the engine's per-puzzle tables cache, so that the next count pays for its tables as a first count does:
    in this code through the public core, in a revision from before it (which offered no ``tables_for`` there)
    where that revision kept it."""
    try:
        from dominosa.deductions import tables_for
    except ImportError:  # a revision before the public core
        from dominosa.deductions.tables import tables_for
    tables_for.cache_clear()
