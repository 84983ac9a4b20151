"""The engine says each thing once: no run of six or more lines (the same, or the same shape with other names)
stands in ``deductions/`` in more than three places (issue 27).

The detector is ours and small: each source line is reduced to its shape (names, strings and numbers replaced
by placeholders, keywords and operators kept; blank lines, comments, docstrings, imports and lines of lone
punctuation passed over), a window of six such lines slides over every file, and the places a window's shape
stands in are counted, a place being a run of lines that does not overlap another place of the same shape in
its file.
"""

from __future__ import annotations

import ast
import io
import keyword
import tokenize
from collections import defaultdict
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "deductions"
RUN = 6  # lines in a run
MOST_PLACES = 3  # places a run may stand in

# Runs allowed over the limit, each named by where its places stand (file:function, one entry a place) with what it
# is; a run not named here fails the test, and so does a name no run over the limit answers to any more, so the
# list only shrinks. Empty since the flat-array propagator's split bookkeeping (four places) folded into the counter.
KNOWN: dict[tuple[str, ...], str] = {}


def shape_lines(source: str) -> list[tuple[int, str]]:
    """The file's lines that count, as (line number, shape): what the rule compares."""
    shapes: dict[int, list[str]] = defaultdict(list)
    statement: list[tokenize.TokenInfo] = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            _shape_statement(statement, shapes)
            statement = []
        elif token.type not in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT):
            statement.append(token)
    return [(row, " ".join(shapes[row])) for row in sorted(shapes) if not set(shapes[row]) <= _PUNCTUATION]


def _shape_statement(tokens: list[tokenize.TokenInfo], shapes: dict[int, list[str]]) -> None:
    """Add one statement's words to the shapes of the lines it spans: imports and docstrings (a statement of a
    string alone) add none."""
    if not tokens or tokens[0].string in ("import", "from") or all(t.type == tokenize.STRING for t in tokens):
        return
    for token in tokens:
        if token.type == tokenize.NAME:
            word = token.string if keyword.iskeyword(token.string) or keyword.issoftkeyword(token.string) else "N"
        elif token.type == tokenize.STRING or token.type in _FSTRING_PARTS:
            word = "S"
        elif token.type == tokenize.NUMBER:
            word = "0"
        else:
            word = token.string
        shapes[token.start[0]].append(word)


_FSTRING_PARTS = {
    getattr(tokenize, n) for n in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END") if hasattr(tokenize, n)
}
_PUNCTUATION = set("()[]{},:;.") | {"S"}  # a line of a string alone continues a call or an expression


def repeated_runs(files: dict[str, str], run: int = RUN) -> dict[tuple[str, ...], list[tuple[str, int]]]:
    """Every shape of ``run`` lines standing in more than one place: its places (file, first line), in order."""
    places: dict[tuple[str, ...], list[tuple[str, int]]] = defaultdict(list)
    for name, source in sorted(files.items()):
        lines = shape_lines(source)
        last_end: dict[tuple[str, ...], int] = {}
        for k in range(len(lines) - run + 1):
            window = tuple(shape for _, shape in lines[k : k + run])
            if last_end.get(window, -1) > k:
                continue  # overlaps the last place of the same shape in this file
            last_end[window] = k + run
            places[window].append((name, lines[k][0]))
    return {window: where for window, where in places.items() if len(where) > 1}


def over_the_limit(files: dict[str, str]) -> list[list[tuple[str, int]]]:
    """The places of each shape standing in more than :data:`MOST_PLACES` places."""
    return [where for where in repeated_runs(files).values() if len(where) > MOST_PLACES]


def functions_at(source: str) -> dict[int, str]:
    """Each line of a function (or method) and the innermost function's name; lines outside any, no entry."""
    names: dict[int, str] = {}
    for node in ast.walk(ast.parse(source)):  # outer functions come first: inner ones overwrite their lines
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                names[line] = node.name
    return names


def test_no_run_of_six_lines_stands_in_more_than_three_places_in_the_engine():
    sources = {path.name: path.read_text("utf-8") for path in sorted(ENGINE.glob("*.py"))}
    functions = {name: functions_at(source) for name, source in sources.items()}
    found = {
        tuple(sorted(f"{file}:{functions[file].get(line, '<module>')}" for file, line in where)): where
        for where in over_the_limit(sources)
    }
    unknown = {places: where for places, where in found.items() if places not in KNOWN}
    assert not unknown, f"runs of {RUN} lines (file, first line) in more than {MOST_PLACES} places: {unknown}"
    gone = set(KNOWN) - set(found)
    assert not gone, f"allowed runs no longer over the limit (delete them from KNOWN): {gone}"


def test_the_detector_counts_places_by_shape_and_not_overlapping():
    body = "\n".join(f"    NAME_{k} = NAME.get({k}, 'x{k}')" for k in range(6))
    copies = {f"m{i}.py": f'def f{i}(v{i}):\n    """Doc."""\n{body.replace("NAME", f"v{i}")}\n' for i in range(4)}
    assert {len(w) for w in over_the_limit(copies)} == {4}  # the same shape with other names and values
    assert over_the_limit({k: v for k, v in copies.items() if k != "m3.py"}) == []  # three places are allowed
    same = "def f():\n" + "    x = 1\n" * 23  # one run of 23 like lines: three places of 6, not eighteen
    assert [len(w) for w in repeated_runs({"m.py": same}).values()] == [3]
    imports = "from m import (\n" + "".join(f"    n{k},\n" for k in range(8)) + ")\n"
    assert repeated_runs({"a.py": imports, "b.py": imports, "c.py": imports, "d.py": imports}) == {}
    nested = "x = 1\ndef f():\n    def g():\n        pass\n    return g\n"
    assert functions_at(nested) == {2: "f", 3: "g", 4: "g", 5: "f"}
