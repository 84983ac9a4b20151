"""The documentation in the code is true: its ``>>>`` examples run and print what they show, and every ``docs/``
file it cites is in the repository.

The examples are read from the source files, not from the imported modules, and run against the modules as
imported: a module the compiled build turned into C (``generator/layouts.py``, say) keeps no docstrings a doctest
finder can walk, yet its examples must hold for it as much as for the Python source.
"""

from __future__ import annotations

import re
import subprocess
import sys

import doc_examples
import pytest
from doc_examples import ROOT, docstrings, source_modules, with_examples


def test_the_examples_are_found():
    # The walk is not blind: these modules show examples (the model, the exact cover, the generator).
    assert {"dominosa", "dominosa.cover", "dominosa.canonical", "dominosa.generator.layouts"} <= set(
        with_examples()
    )
    assert len(with_examples()) >= 10


def test_the_engines_public_functions_show_examples():
    # The engine's public modules (docs/architecture.md) show how they are called: the rules, the position, the
    # loop, the counter, the grader, the path and the rater, on the README's puzzle. Their examples run in
    # test_the_examples_run, compiled or not.
    modules = {f"dominosa.deductions.{leaf}"
               for leaf in ("rules", "state", "driver", "counting", "grading", "graph", "rating")}
    assert modules <= set(with_examples())
    shown = sum(text.count(">>>") for name in modules for _, text, _ in docstrings(source_modules()[name]))
    assert shown >= 8


@pytest.mark.parametrize("name", sorted(with_examples()))
def test_the_examples_run(name):
    # In a fresh interpreter, as a reader would try them: what earlier tests imported must not change the outcome
    # (once dominosa.generator.generate, the module, is imported, it hides the package's lazy generate function).
    done = subprocess.run([sys.executable, doc_examples.__file__, name], capture_output=True, text=True, cwd=ROOT)
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
