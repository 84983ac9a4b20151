"""The optional compiled build: mypyc compiles the modules listed in ``dominosa/native.py`` into C extensions.

Everything else about the package is in ``pyproject.toml``. This file only adds the extension modules, and only
when they can be built: it builds them when mypy (a build requirement) and a C compiler are there and
``DOMINOSA_PURE_PYTHON`` is not set, and otherwise (no compiler, no mypy, a type error, a compile error) warns
and installs the pure-Python package, which gives the same results more slowly.

mypyc names a compiled module after its path, so the sources are first copied into ``build/mypyc-src`` laid out
as installed (``deductions/`` as ``dominosa/deductions/``, from pyproject's ``package-dir``), and compiled there.
"""

from __future__ import annotations

import ast
import os
import shutil
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
STAGE = ROOT / "build" / "mypyc-src"


def _say(message: str) -> None:
    print(f"dominosa setup: {message}", file=sys.stderr)


def _compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of dominosa/native.py, read without importing the package."""
    tree = ast.parse((ROOT / "dominosa" / "native.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "COMPILED_MODULES":
            return list(ast.literal_eval(node.value))
    raise RuntimeError("dominosa/native.py has no COMPILED_MODULES")


def _stage() -> None:
    """Copy every subpackage's folder to where it is installed, under STAGE (so that mypy sees the real names)."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    shutil.rmtree(STAGE, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "static")
    for package, folder in sorted(mapping.items()):
        shutil.copytree(ROOT / folder, STAGE.joinpath(*package.split(".")), ignore=ignore, dirs_exist_ok=True)


def _remove_stale_builds(keep: list[str]) -> None:
    """Delete the compiled modules an earlier build left in the checkout's folders (an editable install builds in
    place) that this build will not make again: a module taken off the list, or every one when this build is pure
    Python. Left there, the import system would load them before their sources."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]
    for package, folder in mapping.items():
        for built in [*(ROOT / folder).glob("*.so"), *(ROOT / folder).glob("*.pyd")]:
            name = f"{package}.{built.name.split('.', 1)[0]}"
            if name not in keep and not (keep and name == "dominosa.native_build__mypyc"):
                _say(f"removing {built.relative_to(ROOT)}, left by an earlier build")
                built.unlink()


def _extensions() -> list:
    if os.environ.get("DOMINOSA_PURE_PYTHON", "") not in ("", "0"):
        _say("DOMINOSA_PURE_PYTHON is set: pure Python, no compiled modules")
        _remove_stale_builds([])
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypy is not installed: pure Python, no compiled modules")
        _remove_stale_builds([])
        return []
    modules = _compiled_modules()
    _remove_stale_builds(modules)
    _stage()
    here = os.getcwd()
    os.chdir(STAGE)  # mypy finds the package by the staged layout, not by the checkout's
    try:
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in modules]
        extensions = mypycify(
            ["--follow-imports=silent", "--ignore-missing-imports", *paths],
            target_dir=str(ROOT / "build" / "mypyc"),
            group_name="dominosa.native_build",
        )
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _say(f"mypyc could not compile {', '.join(modules)} ({error!r}): pure Python")
        _remove_stale_builds([])
        return []
    finally:
        os.chdir(here)
    return extensions


class OptionalBuildExt(build_ext):
    """Build the compiled modules all or none: if any fails to compile (no C compiler, say), warn and leave the
    pure-Python package as it is."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # distutils' CompileError, LinkError, a missing compiler...
            reason = str(error) if len(str(error)) < 200 else f"{type(error).__name__}, see above"
            _say(f"the compiled modules could not be built ({reason}): pure Python")
            for ext in self.extensions:
                for path in (self.get_ext_fullpath(ext.name),):
                    if os.path.exists(path):
                        os.remove(path)
            self.extensions = []

    def get_outputs(self) -> list[str]:
        return [path for path in super().get_outputs() if os.path.exists(path)]


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
