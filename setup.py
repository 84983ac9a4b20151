"""The optional compiled build: mypyc compiles the modules listed in ``dominosa/native.py`` into C extensions.

Everything else about the package is in ``pyproject.toml``. This file only adds the extension modules, and only
when they can be built: it builds them when mypy (a build requirement) and a C compiler are there and
``DOMINOSA_PURE_PYTHON`` is not set, and otherwise (no compiler, no mypy, a type error, a compile error) warns
and installs the pure-Python package, which gives the same results more slowly.

mypyc names a compiled module after its path, so the sources are first copied into ``build/mypyc-src`` laid out
as installed (``deductions/`` as ``dominosa/deductions/``, from pyproject's ``package-dir``), and compiled there.
One hand-written C module, the counter's search core (``deductions/_counter.c``), is built with them, all or none.

An editable install builds the modules in place, beside their sources. Installing again (the README's second
command, after its first) would compile the same sources again, for minutes: so a build in place leaves a stamp,
``build/mypyc-stamp.json``, with a digest of what the build depends on (the compiled modules and every module of
the package they import, mypy's version, the Python ABI, this file) and of each module it made. When an editable
install finds the stamp true of the checkout as it is, it registers the same extension modules and keeps the
ones in place instead of compiling them again. Any difference, a missing or changed module included (the C core's
source is among the inputs), compiles.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
STAGE = ROOT / "build" / "mypyc-src"
STAMP = ROOT / "build" / "mypyc-stamp.json"
# The commands that build the package; pip's others (egg_info, dist_info) only read its metadata.
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install", "bdist_egg"}
GROUP = "dominosa.native_build"  # mypyc's group: one shared library, dominosa/native_build__mypyc
# The counter's search core, hand-written C (dominosa/native.py's COUNTER_CORE), built with mypyc's modules and by
# the same rule: all or none.
CORE = "dominosa.deductions._counter"
CORE_SOURCE = "deductions/_counter.c"


def _say(message: str) -> None:
    print(f"dominosa setup: {message}", file=sys.stderr)


def _compiled_modules() -> list[str]:
    """``COMPILED_MODULES`` of dominosa/native.py, read without importing the package."""
    tree = ast.parse((ROOT / "dominosa" / "native.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "COMPILED_MODULES":
            return list(ast.literal_eval(node.value))
    raise RuntimeError("dominosa/native.py has no COMPILED_MODULES")


def _package_dirs() -> dict[str, str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-dir"]


def _source_of(module: str, package_dirs: dict[str, str]) -> Path | None:
    """The checkout's file for a module of the package (``dominosa.deductions.state`` -> deductions/state.py)."""
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        folder = package_dirs.get(".".join(parts[:cut]))
        if folder is not None:
            base, rest = ROOT / folder, parts[cut:]
            candidates = [base.joinpath(*rest, "__init__.py")]
            if rest:
                candidates.append(base.joinpath(*rest).with_suffix(".py"))
            return next((path for path in candidates if path.is_file()), None)
    return None


def _imported(module: str, tree: ast.Module, is_package: bool) -> set[str]:
    """The modules (and their packages) that a module's source imports, absolute names."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = module if is_package else module.rsplit(".", 1)[0]
            for _ in range(max(node.level - 1, 0)):
                base = base.rsplit(".", 1)[0]
            start = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            names.add(start)
            names.update(f"{start}.{alias.name}" for alias in node.names)  # `from package import module`
    return {name.rsplit(".", i)[0] for name in names for i in range(name.count(".") + 1)}


def _build_inputs(modules: list[str]) -> str:
    """A digest of what a compiled build depends on: the sources mypy reads for ``modules`` (they and whatever
    of the package they import, transitively), mypy's version, the Python ABI and this file."""
    from importlib.metadata import version

    package_dirs = _package_dirs()
    seen: dict[str, Path] = {}
    todo = list(modules)
    while todo:
        name = todo.pop()
        if name in seen or not name.startswith("dominosa"):
            continue
        path = _source_of(name, package_dirs)
        if path is None:
            continue
        seen[name] = path
        todo.extend(_imported(name, ast.parse(path.read_bytes()), path.name == "__init__.py"))
    digest = hashlib.sha256()
    for part in (
        f"mypy {version('mypy')}",
        sys.version,
        sysconfig.get_config_var("EXT_SUFFIX") or "",
        json.dumps(sorted(modules)),
        Path(__file__).read_text(),
        (ROOT / CORE_SOURCE).read_text(),  # the C core's source: a changed one builds again
    ):
        digest.update(part.encode() + b"\0")
    for name, path in sorted(seen.items()):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _in_place(name: str) -> Path:
    """Where an editable install builds the extension module ``name``: beside its source."""
    package, _, leaf = name.rpartition(".")
    return ROOT / _package_dirs()[package] / (leaf + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_stamp(inputs: str, names: list[str]) -> None:
    """Record a finished build in place: its inputs' digest and each module it made (atomically)."""
    made = {name: _file_digest(_in_place(name)) for name in names}
    STAMP.parent.mkdir(parents=True, exist_ok=True)
    partial = STAMP.with_suffix(".part")
    partial.write_text(json.dumps({"inputs": inputs, "modules": made}, indent=1))
    partial.replace(STAMP)


def _reusable(inputs: str, modules: list[str]) -> list[str] | None:
    """The extension modules in place, when the stamp says they were built from exactly these inputs and they are
    still those (each one's digest, and each newer than its source, which dominosa/native.py requires)."""
    try:
        stamp = json.loads(STAMP.read_text())
        if stamp["inputs"] != inputs:
            return None
        names = sorted(stamp["modules"])
        if set(modules) - set(names) or f"{GROUP}__mypyc" not in names:
            return None
        for name in names:
            built = _in_place(name)
            if _file_digest(built) != stamp["modules"][name]:
                return None
            source = _source_of(name, _package_dirs())
            if source is not None and built.stat().st_mtime < source.stat().st_mtime:
                return None
        return names
    except (OSError, ValueError, KeyError, TypeError):
        return None


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
    if not BUILDING.intersection(sys.argv[1:]):
        return []  # metadata only (pip asks for it first, each time in a process of its own): nothing to compile
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
    _remove_stale_builds([*modules, CORE])
    inputs = _build_inputs(modules)
    editable = bool({"editable_wheel", "develop", "--inplace"}.intersection(sys.argv[1:]))
    reusable = _reusable(inputs, [*modules, CORE]) if editable else None
    if reusable is not None:
        _say(f"the compiled modules in place were built from these sources ({STAMP.relative_to(ROOT)}): kept")
        OptionalBuildExt.reused = True
        return [Extension(name, sources=[]) for name in reusable]
    OptionalBuildExt.stamp_inputs = inputs
    _stage()
    here = os.getcwd()
    os.chdir(STAGE)  # mypy finds the package by the staged layout, not by the checkout's
    try:
        paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in modules]
        extensions = mypycify(
            ["--follow-imports=silent", "--ignore-missing-imports", *paths],
            target_dir=str(ROOT / "build" / "mypyc"),
            group_name=GROUP,
        )
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        _say(f"mypyc could not compile {', '.join(modules)} ({error!r}): pure Python")
        _remove_stale_builds([])
        return []
    finally:
        os.chdir(here)
    return [*extensions, Extension(CORE, sources=[CORE_SOURCE])]


class OptionalBuildExt(build_ext):
    """Build the compiled modules all or none: if any fails to compile (no C compiler, say), warn and leave the
    pure-Python package as it is. A build in place leaves its stamp; the modules kept from one are not built."""

    reused = False  # the modules in place are kept (see the module's docstring)
    stamp_inputs: str | None = None  # the digest to stamp a build in place with

    def run(self) -> None:
        if self.reused:
            return
        try:
            STAMP.unlink(missing_ok=True)  # a build that stops half way leaves no stamp
            super().run()
            if self.inplace and self.stamp_inputs is not None and self.extensions:
                _write_stamp(self.stamp_inputs, [ext.name for ext in self.extensions])
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
