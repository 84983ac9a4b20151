"""The documentation in the code is true: its ``>>>`` examples run and print what they show, and every ``docs/``
file it cites is in the repository.

The examples are read from the source files, not from the imported modules, and run against the modules as
imported: a module the compiled build turned into C (``generator/layouts.py``, say) keeps no docstrings a doctest
finder can walk, yet its examples must hold for it as much as for the Python source.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _modules() -> dict[str, Path]:
    """Each installed module and its source file, as pyproject's ``package-dir`` maps the folders."""
    mapping = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["package-dir"]
    found: dict[str, Path] = {}
    for package, folder in mapping.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = ".".join((package, *path.relative_to(ROOT / folder).with_suffix("").parts)).removesuffix(
                ".__init__"
            )
            # a folder inside another package's folder (dominosa/formats) is mapped once, by its own package
            owner = max((p for p in mapping if name == p or name.startswith(p + ".")), key=len)
            if owner == package:
                found[name] = path
    return found


def _docstrings(path: Path) -> list[tuple[str, str, int]]:
    """(qualified name, docstring, line) of the module, and of every class and function in it, that has one."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    found = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{prefix}{child.name}"
                text = ast.get_docstring(child)
                if text:
                    found.append((name, text, child.body[0].lineno))
                visit(child, name + ".")

    text = ast.get_docstring(tree)  # type: ignore[arg-type]
    if text:
        found.append(("", text, 1))
    visit(tree, "")
    return found


def _with_examples() -> dict[str, Path]:
    return {name: path for name, path in _modules().items() if ">>>" in path.read_text("utf-8")}


def test_the_examples_are_found():
    # The walk is not blind: these modules show examples (the model, the exact cover, the generator).
    assert {"dominosa", "dominosa.cover", "dominosa.canonical", "dominosa.generator.layouts"} <= set(
        _with_examples()
    )
    assert len(_with_examples()) >= 10


def test_the_engines_public_functions_show_examples():
    # The engine's public modules (docs/architecture.md) show how they are called: the rules, the position, the
    # loop, the counter, the grader, the path and the rater, on the README's puzzle. Their examples run in
    # test_the_examples_run, compiled or not.
    modules = {f"dominosa.deductions.{leaf}"
               for leaf in ("rules", "state", "driver", "counting", "grading", "graph", "rating")}
    assert modules <= set(_with_examples())
    shown = sum(text.count(">>>") for name in modules for _, text, _ in _docstrings(_modules()[name]))
    assert shown >= 8


def _run_examples(name: str) -> tuple[int, int, str]:
    """Run the examples of module ``name``: how many ran, how many failed, and doctest's report of the failures."""
    module = importlib.import_module(name)
    path = _with_examples()[name]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    ran = 0
    for qualname, text, line in _docstrings(path):
        if ">>>" in text:
            test = doctest.DocTestParser().get_doctest(text, dict(vars(module)), f"{name}.{qualname}".rstrip("."),
                                                       str(path), line)
            runner.run(test, out=report.append)
            ran += len(test.examples)
    return ran, runner.summarize(verbose=False).failed, "".join(report)


@pytest.mark.parametrize("name", sorted(_with_examples()))
def test_the_examples_run(name):
    # In a fresh interpreter, as a reader would try them: what earlier tests imported must not change the outcome
    # (once dominosa.generator.generate, the module, is imported, it hides the package's lazy generate function).
    done = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


# A path under docs/ named in the repository's text (not ../shared/docs/, say, which is no part of it).
_DOCS_PATH = re.compile(r"(?<![\w./-])docs/[\w./-]*\w")
_TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".js", ".html", ".css", ".cfg", ".yml", ".yaml", ""}


def test_every_docs_file_the_repository_cites_exists():
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    cited: dict[str, set[str]] = {}
    for name in listed.split():
        path = ROOT / name
        if path.suffix in _TEXT_SUFFIXES and path.is_file():
            for found in _DOCS_PATH.findall(path.read_text("utf-8", errors="replace")):
                cited.setdefault(found, set()).add(name)
    assert "docs/architecture.md" in cited  # the pattern finds the engine's own citation
    missing = {found: sorted(where) for found, where in cited.items() if not (ROOT / found).exists()}
    assert not missing


if __name__ == "__main__":  # one module's examples, run by test_the_examples_run in a fresh interpreter
    ran, failed, report = _run_examples(sys.argv[1])
    print(report, end="")
    if not ran:
        print(f"{sys.argv[1]}: no example found in its docstrings (a '>>>' outside one?)")
    sys.exit(1 if failed or not ran else 0)
