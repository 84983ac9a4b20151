"""The optional compiled build: which modules it compiles, whether they are compiled here, and the way back.

The engine's hot modules (:data:`COMPILED_MODULES`: the counter, the grading engine and the generator's random layouts)
are plain, typed Python that mypyc, mypy's compiler, can turn into C extension modules. ``pip install .``
(and ``pip install -e .``) builds them when mypy and a C compiler are at hand (see ``setup.py``); otherwise, or with
``DOMINOSA_PURE_PYTHON=1`` set at install time, the package is pure Python. Both give the same results, step for step:
the tests run the engine both ways and compare every count, node and solution, and every deduction of grading (its
sentence included), of the shortest path and of generation with a seed.

At run time ``DOMINOSA_PURE_PYTHON=1`` makes this process import the Python sources even where compiled modules
are installed, and a compiled module older than its source (an editable checkout edited since its build) is
never used: its source is imported instead, with a warning to rebuild. :func:`build_description` says which is
in use (``dominosa --version`` prints it). The counter's search core in C (:data:`COUNTER_CORE`) follows the same
rules (:func:`counter_core`).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from types import ModuleType
from typing import Any

__all__ = [
    "COMPILED_MODULES",
    "COUNTER_CORE",
    "PURE_ENV",
    "build_description",
    "compiled_modules",
    "counter_core",
    "source_module",
]

COMPILED_MODULES: tuple[str, ...] = (
    "dominosa.deductions.counting",
    "dominosa.deductions.node",
    "dominosa.deductions.probe",
    "dominosa.deductions.search",
    "dominosa.deductions.state",
    "dominosa.deductions.rules",
    "dominosa.deductions.parity",
    "dominosa.deductions.local_duplicate",
    "dominosa.deductions.must_overlap",
    "dominosa.deductions.set_analysis",
    "dominosa.deductions.matching",
    "dominosa.deductions.forcing_chains",
    "dominosa.deductions.short_contradiction",
    "dominosa.deductions.batch_contradiction",
    "dominosa.deductions.scanning",
    "dominosa.deductions.driver",
    "dominosa.deductions.grading",
    "dominosa.deductions.tables",
    "dominosa.deductions.levels",
    "dominosa.deductions.settled",
    "dominosa.deductions.graph",
    "dominosa.generator.layouts",
)
"""The modules the compiled build compiles, the one list (``setup.py`` reads it from here). Each must type-check
under mypy, since mypyc compiles by the types. The package holding them calls :func:`install` in its
``__init__`` (``dominosa.deductions`` does); a module of another package needs that package to do the same.

Each pays for itself, measured against the build without it (the figures: ``bench/README.md``, "The compiled
modules"): the counter on proofs of uniqueness; rules, the driver, grading and the techniques beyond the rules
(``scanning`` to ``short_contradiction``, once one module) on grading, where the rules and their bookkeeping are
most of the work; tables because the engine reads them at every step; ``levels``
(the closure mode's bulk finders) at small orders; ``graph``, the shortest-path search, for its loop over the
positions of a trivial puzzle, which runs on the positions' bitsets alone; ``settled``, the settle and the
candidate lists on those bitsets, which that loop and lean grading's trivial and basic tiers call at every
step. ``state`` alone pays little, but the others pay because it is compiled with them: uncompiled, every
``Deduction`` and ``SolvingState`` access would cross back into Python. The generator's layouts are compiled for
the random starts' tilings and repairs. ``batch_contradiction``, a big board's passes of short contradictions,
for its loops over the pairs each pass tries: uncompiled, they made the rating of a board with one or two passes
slower than the step finder they replace.
Left out: ``grades`` (an ``IntEnum`` with its own ``__new__``, which mypyc does not compile; read once a step)."""

COUNTER_CORE = "dominosa.deductions._counter"
"""The counter's search core, a C extension module of its own (``deductions/_counter.c``, built beside the
modules above): the search loop of :mod:`dominosa.deductions.search` on C arrays, the same walk node for node.
The Python search stays the reference and the fallback (:func:`counter_core`)."""

PURE_ENV = "DOMINOSA_PURE_PYTHON"
"""Set to 1 (at install time: build no extension; at run time: import the Python sources)."""


def _pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _is_extension(spec: importlib.machinery.ModuleSpec | None) -> bool:
    return spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)


def _source_beside(spec: importlib.machinery.ModuleSpec) -> str:
    """The ``.py`` file beside a compiled module (``counting.cpython-311-x86_64-linux-gnu.so`` -> ``counting.py``)."""
    assert spec.origin is not None
    folder, filename = os.path.split(spec.origin)
    return os.path.join(folder, filename.split(".", 1)[0] + ".py")


def _found(fullname: str) -> importlib.machinery.ModuleSpec | None:
    """How the import system would find a module without this module's finder (its package imported)."""
    package = importlib.import_module(fullname.rsplit(".", 1)[0])
    return importlib.machinery.PathFinder.find_spec(fullname, package.__path__)


def _in_checkout(path: str) -> bool:
    """Whether a module file lies in a source checkout (an editable install: ``pyproject.toml`` one folder up),
    where sources are edited after the build; an installed wheel's files all come from one build."""
    return os.path.exists(os.path.join(os.path.dirname(os.path.dirname(path)), "pyproject.toml"))


def _stale_source() -> str | None:
    """The first source file of :data:`COMPILED_MODULES` in a checkout newer than its compiled module, or None.

    The compiled modules are one shared library whose modules import each other directly, past the import
    system: they are used all together or not at all."""
    for name in COMPILED_MODULES:
        spec = _found(name)
        if _is_extension(spec):
            source = _source_beside(spec)
            if (
                _in_checkout(source)
                and os.path.exists(source)
                and os.path.getmtime(source) > os.path.getmtime(spec.origin)
            ):
                return source
    return None


class _PreferSource:
    """Finds the modules of :data:`COMPILED_MODULES` as the import system does, but answers with their Python
    sources when pure Python is asked for or a compiled module is older than its source. (A meta path finder
    by its ``find_spec`` alone: ``importlib.abc`` would cost ``import dominosa`` some 20 ms of imports.)"""

    warned = False  # about a stale build, once a process

    def find_spec(self, fullname, path, target=None):  # noqa: ANN001, ANN201 - the finder protocol's signature
        if fullname not in COMPILED_MODULES:
            return None
        spec = _found(fullname)
        if not _is_extension(spec):
            return spec
        source = _source_beside(spec)
        if not os.path.exists(source):
            return spec  # an installed wheel: the compiled module alone
        stale = _stale_source()
        if stale and not _pure_requested() and not self.warned:
            self.warned = True
            import warnings

            warnings.warn(
                f"the compiled modules are older than {stale}: using the Python sources "
                "(rebuild with `pip install -e .`)",
                RuntimeWarning,
                stacklevel=2,
            )
        if stale or _pure_requested():
            from importlib.util import spec_from_file_location

            return spec_from_file_location(fullname, source)
        return spec


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once); the compiled modules' package calls it on import."""
    if not any(isinstance(f, _PreferSource) for f in sys.meta_path):
        sys.meta_path.insert(0, _PreferSource())


def compiled_modules() -> list[str]:
    """The modules of :data:`COMPILED_MODULES` that this process runs compiled (importing them)."""
    out = []
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        if not (module.__file__ or "").endswith(".py"):
            out.append(name)
    return out


def counter_core() -> Any:
    """The counter's C core (:data:`COUNTER_CORE`), or None: not built here, pure Python asked for, or (in a
    checkout) older than its C source, which then is not used, as a stale compiled module is not."""
    if _pure_requested():
        return None
    try:
        module = importlib.import_module(COUNTER_CORE)
    except ImportError:
        return None
    built = module.__file__ or ""
    source = os.path.join(os.path.dirname(built), "_counter.c")
    if _in_checkout(built) and os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(built):
        import warnings

        warnings.warn(
            f"the compiled counter core is older than {source}: using the Python search "
            "(rebuild with `pip install -e .`)",
            RuntimeWarning,
            stacklevel=2,
        )
        return None
    return module


def build_description() -> str:
    """"compiled (mypyc): ..." naming the compiled modules (and "counter core in C" when that is in use), or
    "pure Python" (and why, when that was asked)."""
    names = compiled_modules()
    if names:
        core = "; counter core in C" if counter_core() is not None else ""
        return "compiled (mypyc): " + ", ".join(n.rsplit(".", 1)[1] for n in names) + core
    if _pure_requested():
        return f"pure Python ({PURE_ENV} is set)"
    if _stale_source():
        return "pure Python (the compiled build is older than the sources: rebuild it)"
    return "pure Python"


def source_module(fullname: str, *, along: tuple[str, ...] = ()) -> ModuleType:
    """A fresh copy of a module run from its Python source, under a private name, whatever is installed: the
    tests compare it with the module in use.

    The copy's own imports are the normal ones (a pure counting module may read compiled tables), but for the
    modules named in ``along``, which it imports as source copies too (made first, in the order given, each seeing
    the copies made before it): a module split over several compiled modules, as the counter is, runs wholly
    from source only so (a source class may not subclass a compiled one)."""
    private = f"_dominosa_source.{fullname}"
    if private in sys.modules:
        return sys.modules[private]
    made: dict[str, ModuleType] = {}
    for name in (*along, fullname):
        made[name] = _source_copy(name, made)
    return made[fullname]


def _source_copy(fullname: str, made: dict[str, ModuleType]) -> ModuleType:
    """The private source copy of one module (made once), its imports of the copies in ``made`` (by their real
    names) answered by those copies."""
    private = f"_dominosa_source.{fullname}"
    if private in sys.modules:
        return sys.modules[private]
    # From the package's folder, not the module's __file__: a compiled module's may name a folder that is not.
    package, leaf = fullname.rsplit(".", 1)
    folders = importlib.import_module(package).__path__
    source = next(p for p in (os.path.join(f, leaf + ".py") for f in folders) if os.path.exists(p))
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location(private, source)
    assert spec is not None and spec.loader is not None
    module = module_from_spec(spec)
    sys.modules[private] = module
    # While it runs, the real names of the copies made before it stand for those copies (then are put back).
    saved = {name: sys.modules.get(name) for name in made}
    sys.modules.update(made)
    try:
        spec.loader.exec_module(module)
    finally:
        for name, real in saved.items():
            if real is None:
                del sys.modules[name]
            else:
                sys.modules[name] = real
    return module
