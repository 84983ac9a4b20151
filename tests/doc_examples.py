"""The ``>>>`` examples of the package's docstrings, found in the source files and run against the modules as
imported (tests/test_docs.py).

Run as a script (``python tests/doc_examples.py MODULE``) it runs one module's examples in a fresh interpreter, as
test_docs does for each: this file imports neither pytest nor the package, so that the fresh interpreter starts
with nothing of either (pytest's import was most of each run's time).
"""

from __future__ import annotations

import ast
import doctest
import importlib
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def source_modules() -> dict[str, Path]:
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


def docstrings(path: Path) -> list[tuple[str, str, int]]:
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


def with_examples() -> dict[str, Path]:
    return {name: path for name, path in source_modules().items() if ">>>" in path.read_text("utf-8")}


def run_examples(name: str) -> tuple[int, int, str]:
    """Run the examples of module ``name``: how many ran, how many failed, and doctest's report of the failures."""
    module = importlib.import_module(name)
    path = with_examples()[name]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    ran = 0
    for qualname, text, line in docstrings(path):
        if ">>>" in text:
            test = doctest.DocTestParser().get_doctest(text, dict(vars(module)), f"{name}.{qualname}".rstrip("."),
                                                       str(path), line)
            runner.run(test, out=report.append)
            ran += len(test.examples)
    return ran, runner.summarize(verbose=False).failed, "".join(report)


if __name__ == "__main__":  # one module's examples, run by test_docs.test_the_examples_run in a fresh interpreter
    ran, failed, report = run_examples(sys.argv[1])
    print(report, end="")
    if not ran:
        print(f"{sys.argv[1]}: no example found in its docstrings (a '>>>' outside one?)")
    sys.exit(1 if failed or not ran else 0)
