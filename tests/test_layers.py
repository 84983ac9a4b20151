"""The layers of the design (docs/architecture.md, "The layers"), checked on the source: imports point down only.

    cli, web  ->  generator, rendering  ->  deductions, cover  ->  dominosa (the model)

Every import in every module counts, lazy ones inside functions included, and so do the names a package offers
lazily through a ``_LAZY`` table (:mod:`dominosa.lazy`). Packages on the same floor do not import each other.
An import that breaks the rule must be listed in ``ALLOWED`` below with the reason it is there; an entry that no
longer matches any import fails too, so the list never outlives its reasons.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The floor of each installed package (first two parts of a module name); higher floors import lower ones.
FLOORS = {
    "dominosa": 0,
    "dominosa.cover": 1,
    "dominosa.deductions": 1,
    "dominosa.generator": 2,
    "dominosa.rendering": 2,
    "dominosa.cli": 3,
    "dominosa.web": 3,
}

# (importing module, imported module): why this import may go up or sideways.
ALLOWED = {
    ("dominosa.__main__", "dominosa.cli"):
        "the command's entry point (python -m dominosa, the console script) puts its Ctrl-C handler in before it"
        " loads the command, which it imports inside main(); it is the top floor's door, kept in the package root",
    ("dominosa", "dominosa.deductions"):
        "the package root offers solve, count_solutions, ... as conveniences, imported on first use"
        " (docs/architecture.md, the layers)",
    ("dominosa.web.jobs", "dominosa.cli.explain"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.fix"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.hint"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.rate"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.solve"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.tile"):
        "the studio answers with the command's own JSON builder, so page and terminal never disagree",
    ("dominosa.web.jobs", "dominosa.cli.usage"):
        "a bad option in a request is the command's UsageError, reported with the command's one line",
    ("dominosa.cli.serve", "dominosa.web"):
        "the serve command starts the studio; imported when the command runs, so other commands never load it",
    ("dominosa.cli.site", "dominosa.web.site"):
        "the site command writes the studio's play pages as a static folder; imported when the command runs",
    ("dominosa.web.site", "dominosa.cli.explain"):
        "the static site's hints are the explain command's own steps, so site and terminal never disagree",
}


def _packages() -> dict[str, Path]:
    """Each installed package and its folder, as pyproject's ``package-dir`` maps them."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    return {package: ROOT / folder for package, folder in settings["package-dir"].items()}


def _modules() -> dict[str, Path]:
    packages = _packages()
    found: dict[str, Path] = {}
    for package, folder in packages.items():
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(folder).with_suffix("").parts
            name = ".".join((package, *parts)).removesuffix(".__init__")
            # a folder mapped to a package of its own (dominosa/formats is inside dominosa/) is walked once
            if max((p for p in packages if name == p or name.startswith(p + ".")), key=len) == package:
                found[name] = path
    return found


def _imports(module: str, path: Path, modules: set[str]) -> list[tuple[str, int]]:
    """Every dominosa module ``module`` imports, with its line: statements anywhere, and ``_LAZY`` tables.

    ``from dominosa.cli import rate`` imports the module ``dominosa.cli.rate``: ``modules`` says which names are.
    """
    tree = ast.parse(path.read_text("utf-8"), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[: len(package.split(".")) - node.level + 1], base]).strip(".")
            found += [(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base, node.lineno)
                      for alias in node.names]
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "_LAZY" for t in node.targets):
            assert isinstance(node.value, ast.Dict), f"{path}: _LAZY must be a dict literal"
            found += [(value.value, value.lineno) for value in node.value.values if isinstance(value, ast.Constant)]
    return [(name, line) for name, line in found if name == "dominosa" or name.startswith("dominosa.")]


def _package_of(module: str) -> str:
    parts = module.split(".")
    candidate = ".".join(parts[:2])
    return candidate if candidate in FLOORS else "dominosa"


def _allowed(importer: str, imported: str) -> str | None:
    for (source, target), reason in ALLOWED.items():
        if importer == source and (imported == target or imported.startswith(target + ".")):
            return reason
    return None


@functools.cache
def _edges() -> tuple[tuple[str, str, str], ...]:
    """Every import of the package, walked once per run: seven tests read them, and the walk of every module's
    tree was most of this file's time."""
    modules = _modules()
    return tuple((module, imported, f"{path.relative_to(ROOT)}:{line}")
                 for module, path in modules.items() for imported, line in _imports(module, path, set(modules)))


def test_every_package_has_a_floor():
    assert set(_packages()) - {"dominosa.formats", "dominosa.tiling"} == set(FLOORS)


def test_imports_point_down_only():
    wrong = []
    for importer, imported, where in _edges():
        source, target = _package_of(importer), _package_of(imported)
        if source == target or FLOORS[target] < FLOORS[source] or _allowed(importer, imported):
            continue
        wrong.append(f"{where}: {importer} imports {imported} ({source} is not above {target})")
    assert not wrong, "\n".join(wrong)


def test_every_allowed_import_is_still_there():
    used = {(source, target) for importer, imported, _ in _edges() for (source, target) in ALLOWED
            if importer == source and (imported == target or imported.startswith(target + "."))}
    assert set(ALLOWED) - used == set()


def test_the_model_imports_nothing_of_the_engine():
    """The model (the floor-0 modules) knows no package above it: no import of the engine, not even inside a
    function, but the package root's conveniences (``dominosa.solve``, ...), which the root offers lazily."""
    wrong = [f"{where}: {importer} imports {imported}" for importer, imported, where in _edges()
             if _package_of(importer) == "dominosa" and importer != "dominosa"
             and imported.startswith("dominosa.deductions")]
    assert not wrong, "\n".join(wrong)


def test_a_puzzles_tables_load_no_engine():
    """Reading a puzzle and asking where its dominoes can go runs the model alone."""
    loaded = _loaded_after("import dominosa\n"
                           "p = dominosa.read_puzzle('3:22223101012330103310')\n"
                           "assert p.placements and p.pair_domino")
    assert not {name for name in loaded if name.startswith("dominosa.deductions")}


def test_the_walk_sees_lazy_imports():
    """The walk is not blind to imports inside functions: the store's rescoring imports the rater in one."""
    assert ("dominosa.generator.store_writing", "dominosa.deductions") in {
        (importer, imported) for importer, imported, _ in _edges()}


def test_the_model_writes_no_format_and_draws_nothing():
    """The model's modules import neither the formats nor the drawing, not even inside a function: both import
    the model, so a convenience on ``Puzzle`` that wrote or drew it made a circle (callers call the formats)."""
    above = ("dominosa.formats", "dominosa.rendering", "dominosa.tiling")
    wrong = [f"{where}: {importer} imports {imported}" for importer, imported, where in _edges()
             if _package_of(importer) == "dominosa" and importer != "dominosa"
             and not importer.startswith(above) and imported.startswith(above)]
    assert not wrong, "\n".join(wrong)


def _cycle_among(modules: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``modules`` (each module and those it imports), as the modules around it, or []."""
    finished: set[str] = set()

    def walk(module: str, trail: list[str]) -> list[str]:
        if module in trail:
            return trail[trail.index(module):] + [module]
        if module in finished:
            return []
        for imported in sorted(modules.get(module, ())):
            cycle = walk(imported, [*trail, module])
            if cycle:
                return cycle
        finished.add(module)
        return []

    for module in sorted(modules):
        cycle = walk(module, [])
        if cycle:
            return cycle
    return []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle_among({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle_among({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


# Import circles that remain anywhere, each with the reason it is still there; an entry that is no longer a
# circle fails too, so the list never outlives its reasons.
KNOWN_CIRCLES: dict[frozenset[str], str] = {}


def _circles(modules: dict[str, set[str]]) -> set[frozenset[str]]:
    """Every import circle of ``modules``, as the set of modules that reach one another (Tarjan's strongly
    connected components of more than one module)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for imported in sorted(modules.get(module, ())):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            component = set()
            while True:
                top = stack.pop()
                component.add(top)
                if top == module:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for module in sorted(modules):
        if module not in order:
            visit(module)
    return found


def test_the_circle_finder_finds_every_circle():
    assert _circles({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}) == {
        frozenset("ab"), frozenset("cde")}
    assert _circles({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == set()


def test_no_module_imports_round_a_circle():
    """No two modules of the project import each other, through any number of others, imports inside functions
    counted: a circle is a layer inside out (the model's ``Puzzle`` writing itself through the formats that
    import it), or parts of one job that cannot be read one at a time (cli/main, common and search_progress; the
    fix driver and its searches, before the result moved below them). Those named in KNOWN_CIRCLES aside."""
    modules: dict[str, set[str]] = {}
    for importer, imported, _ in _edges():
        modules.setdefault(importer, set()).add(imported)
    assert _circles(modules) == set(KNOWN_CIRCLES)


def test_the_engine_has_no_import_cycle():
    """The engine's modules import one another one way, imports inside functions counted too: the table of
    techniques (grades) sits below the rules that carry its members, and the module that binds each technique to
    its functions (techniques) above them, so no import has to be put off to a function to break a loop."""
    inside = "dominosa.deductions."
    modules: dict[str, set[str]] = {}
    for importer, imported, _ in _edges():
        if importer.startswith(inside):
            modules.setdefault(importer, set())
            if imported.startswith(inside):
                modules[importer].add(imported)
    assert len(modules) > 10
    assert _cycle_among(modules) == []


def _loaded_after(statement: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", f"{statement}\nimport sys\nprint(' '.join(sys.modules))"],
                          capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_counting_engine_does_not_load_networkx():
    """Every generator worker imports the counter: it must not pay for networkx (~140 ms) or the state graph."""
    loaded = _loaded_after("import dominosa.deductions.counting")
    assert "networkx" not in loaded
    assert "dominosa.deductions.graph" not in loaded


def test_the_layouts_do_not_load_deap():
    assert "deap" not in _loaded_after("import dominosa.generator.layouts")


def _engine_definitions() -> dict[str, set[str]]:
    """Each name the engine's modules define at their top level (functions, classes, assigned names), and the
    modules that define it (``__all__`` aside)."""
    defined: dict[str, set[str]] = {}
    for module, path in _modules().items():
        if module.startswith("dominosa.deductions"):
            for node in ast.parse(path.read_text("utf-8"), str(path)).body:
                if isinstance(node, ast.FunctionDef | ast.ClassDef):
                    names = [(node.name, "function")]
                elif isinstance(node, ast.Assign | ast.AnnAssign):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names = [(t.id, "value") for t in targets if isinstance(t, ast.Name)]
                else:
                    names = []
                for name, kind in names:
                    if name != "__all__":
                        defined.setdefault(f"{kind} {name}", set()).add(module)
    return defined


def test_an_engine_name_means_one_thing():
    """A public name, and any function or class name, is defined in one module of the engine: two definitions
    under one name (two ``AllFinder`` types, two ``_first_found`` that did different things) read as one thing."""
    twice = {name: sorted(modules) for name, modules in _engine_definitions().items() if len(modules) > 1
             and (name.startswith("function ") or not name.split()[1].startswith("_"))}
    assert not twice


# Where the project's Python lives: the packages, and the tests, benches and tools beside them.
_SOURCE_FOLDERS = ("dominosa", "deductions", "generator", "rendering", "output", "cli", "cover", "web", "tests",
                   "bench", "tools")
MAX_MODULE_LINES, MAX_FUNCTION_LINES = 800, 100


def _sources() -> list[Path]:
    return sorted(p for folder in _SOURCE_FOLDERS if (ROOT / folder).is_dir() for p in (ROOT / folder).rglob("*.py"))


def test_every_module_and_function_fits_in_a_readers_head():
    """No module of the project is longer than 800 lines and no function than 100 (docstring included), anywhere:
    a module has one job, and a function one step a reader can hold."""
    long = []
    for path in _sources():
        text = path.read_text("utf-8")
        if (n := len(text.splitlines())) > MAX_MODULE_LINES:
            long.append(f"{path.relative_to(ROOT)}: {n} lines")
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.name}, {lines} lines")
    assert _sources(), "no sources found"
    assert not long, "\n".join(long)


# -- the engine's public core ------------------------------------------------------------------------------------

# Files that import the engine's modules directly, each with its reason. Nothing else outside deductions/ may.
PRIVATE_IMPORTS_ALLOWED = {
    # white-box benches: they measure an engine module's own internals against a reference, as the tests that
    # mirror an engine module (tests/test_deductions_*.py) read them
    "bench/bench_scans.py": "white-box: times local duplicate's and must overlap's remembered scans against full"
                            " scans written with their private helpers",
    "bench/bench_big_solve.py": "white-box: --rate's reference turns off what trial and error keeps between its"
                                " searches (deductions/known_solutions.py), to time rate with every guess searched",
    "bench/bench_big_rate.py": "white-box: forgets what trial and error kept (deductions/known_solutions.py) between"
                               " ratings of a grid, so that each run on either side pays in full",
    "bench/bench_graphs.py": "white-box: times set analysis's hand-written matching against networkx's",
    "bench/bench_generator.py": "white-box: --phases wraps the rating module's grade and path search with clocks",
    "bench/old_revision.py": "forget_tables() clears the tables cache of a revision from before the public core too,"
                             " which kept tables_for in its own module",
}


def _public_core() -> tuple[list[str], dict[str, str]]:
    """``dominosa.deductions.__all__`` and its ``_LAZY`` table, read from the source."""
    tree = ast.parse((ROOT / "deductions" / "__init__.py").read_text("utf-8"))
    found: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = node.value
    names = ast.literal_eval(found["__all__"])
    lazy = ast.literal_eval(found["_LAZY"])
    return names, lazy


def _outside_engine() -> list[Path]:
    """Every Python file of the project outside deductions/ that must keep to the public core: all code, the
    tests but those that mirror an engine module (tests/test_deductions_*.py, which may read its internals)."""
    files = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in {"deductions", "build"} or rel.parts[0].startswith("."):
            continue
        if rel.parts[0] == "tests" and rel.name.startswith("test_deductions_"):
            continue
        files.append(path)
    return files


def _private_engine_imports(path: Path, public: set[str]) -> list[str]:
    """The imports in ``path`` of anything of the engine but a name of its public core, each as ``line: what``:
    ``from dominosa.deductions.X import ...``, ``import dominosa.deductions.X``, ``from dominosa.deductions import
    name`` of a name not public (a module among them), and ``_LAZY`` entries naming the engine's modules or a name
    not public."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    wrong = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dominosa.deductions"):
            names = [alias.name for alias in node.names]
            if node.module != "dominosa.deductions":
                wrong.append(f"{node.lineno}: from {node.module} import {', '.join(names)}")
            else:
                wrong += [f"{node.lineno}: {name} is not public" for name in names if name not in public]
        elif isinstance(node, ast.Import):
            wrong += [f"{node.lineno}: import {alias.name}" for alias in node.names
                      if alias.name.startswith("dominosa.deductions.")]
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "_LAZY" for t in node.targets):
            table = ast.literal_eval(node.value)
            wrong += [f"{node.lineno}: _LAZY {name} from {module}" for name, module in table.items()
                      if module.startswith("dominosa.deductions")
                      and (module != "dominosa.deductions" or name not in public)]
    return sorted(wrong, key=lambda line: int(line.partition(":")[0]))


def test_other_layers_import_only_the_engines_public_core():
    """Outside deductions/ the engine is ``dominosa.deductions`` and the names of its ``__all__``: its modules can
    change shape without touching another layer (but for the files ``PRIVATE_IMPORTS_ALLOWED`` names)."""
    public = set(_public_core()[0])
    wrong = []
    for path in _outside_engine():
        rel = path.relative_to(ROOT).as_posix()
        if rel not in PRIVATE_IMPORTS_ALLOWED:
            wrong += [f"{rel}:{line}" for line in _private_engine_imports(path, public)]
    assert not wrong, "\n".join(wrong)


def test_every_allowed_private_engine_import_is_still_there():
    public = set(_public_core()[0])
    stale = [rel for rel in PRIVATE_IMPORTS_ALLOWED if not _private_engine_imports(ROOT / rel, public)]
    assert not stale, stale


def test_the_guard_sees_private_engine_imports(tmp_path):
    source = tmp_path / "some.py"
    source.write_text("from dominosa.deductions.driver import settle\n"
                      "from dominosa.deductions import rate, stepping, counting\n"
                      "def f():\n    import dominosa.deductions.rating as r\n"
                      "_LAZY = {'rate': 'dominosa.deductions', 'walk': 'dominosa.deductions.positions'}\n")
    assert _private_engine_imports(source, {"rate", "settle", "walk"}) == [
        "1: from dominosa.deductions.driver import settle", "2: stepping is not public", "2: counting is not public",
        "4: import dominosa.deductions.rating", "5: _LAZY walk from dominosa.deductions.positions"]


def _docstring_where_made(name: str, module: str) -> str | None:
    """The docstring of ``name`` where ``module`` makes it: a function's or class's own, or for a value the string
    statement right after its assignment (the attribute docstring that Sphinx reads)."""
    body = ast.parse((ROOT / "deductions" / f"{module.rpartition('.')[2]}.py").read_text("utf-8")).body
    for i, node in enumerate(body):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name == name:
            return ast.get_docstring(node)
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            made = [e.id for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])
                    if isinstance(e, ast.Name)]
            if name in made:
                after = body[i + 1] if i + 1 < len(body) else None
                if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                    return str(after.value.value)
                return None
    return None


def test_the_public_core_is_small_and_each_name_says_what_it_is():
    names, lazy = _public_core()
    assert len(names) <= 50
    assert len(set(names)) == len(names) and set(names) == set(lazy)
    # a name that is also a module's would be the module once that is imported (import sets the package's attribute)
    assert not {name for name in names if (ROOT / "deductions" / f"{name}.py").exists()}
    undocumented = [name for name in names if not _docstring_where_made(name, lazy[name])]
    assert not undocumented


def test_the_public_core_loads_lazily():
    """Asking the package for the counter does not load networkx, the state graph or the grader."""
    loaded = _loaded_after("from dominosa.deductions import count_solutions")
    assert not {"networkx", "dominosa.deductions.graph", "dominosa.deductions.grading"} & loaded
