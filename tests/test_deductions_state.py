"""The engine's position and its index, checked on the source: a SolvingState changes only through its own methods,
and no engine module reaches into another's private names (docs/architecture.md, "Tables and positions").

A :class:`~dominosa.deductions.state.SolvingState` is an index of a position (its candidates and counts follow the
position), so a module outside ``state.py`` that wrote one of its fields or called one of its ``_`` methods could
leave the index saying something the position does not. The check reads every module of ``deductions/`` with
``ast``: a name is taken as a SolvingState where it is a parameter or variable annotated so, or made by
``SolvingState(...)``, ``SolvingState.from_position(...)`` or the ``copy()`` of one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from dominosa import read_puzzle
from dominosa.deductions.settled import settle_pending, settle_position, start_position
from dominosa.deductions.state import Contradiction, Deduction, Position, SolvingState, Unsettled
from dominosa.deductions.tables import masks_of, tables_for

ENGINE = Path(__file__).resolve().parents[1] / "deductions"

# The caches a technique keeps on the state (keyed by all they depend on, or checking themselves whether they
# still hold): not part of the position's index, so the techniques fill them themselves.
CACHES = frozenset({"memo", "scans"})
MUTATORS = frozenset({
    "add", "append", "clear", "difference_update", "discard", "extend", "insert", "intersection_update", "pop",
    "remove", "setdefault", "symmetric_difference_update", "update",
})


def _mentions_state(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = annotation.value if isinstance(annotation, ast.Constant) else ast.unparse(annotation)
    return isinstance(text, str) and "SolvingState" in text


def _makes_state(value: ast.expr | None, states: set[str]) -> bool:
    if not isinstance(value, ast.Call):
        return False
    f = value.func
    if isinstance(f, ast.Name):
        return f.id == "SolvingState"
    if isinstance(f, ast.Attribute):
        if isinstance(f.value, ast.Name) and f.value.id == "SolvingState":
            return True
        return f.attr == "copy" and isinstance(f.value, ast.Name) and f.value.id in states
    return False


def _state_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names bound to a SolvingState in one function."""
    args = function.args
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs) if _mentions_state(a.annotation)}
    for node in ast.walk(function):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and _mentions_state(node.annotation):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign) and _makes_state(node.value, names):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


def _self_states(tree: ast.AST) -> set[str]:
    """The ``self.x`` attributes annotated as a SolvingState in a class of the module."""
    return {
        node.target.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Attribute)
        and isinstance(node.target.value, ast.Name) and node.target.value.id == "self"
        and _mentions_state(node.annotation)
    }


def _written(node: ast.AST) -> list[ast.expr]:
    """What a statement writes: an assignment's or a deletion's targets, a tuple of targets taken apart."""
    if isinstance(node, ast.Assign | ast.Delete):
        targets = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        targets = [node.target]
    else:
        return []
    return [t for target in targets for t in (target.elts if isinstance(target, ast.Tuple) else [target])]


def state_writes(source: str) -> list[str]:
    """Each place in ``source`` that writes a field of a SolvingState or calls one of its ``_`` methods."""
    tree = ast.parse(source)
    on_self = _self_states(tree)
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        names = _state_names(function)

        def is_state(e: ast.expr) -> bool:
            if isinstance(e, ast.Name):
                return e.id in names  # noqa: B023 - read while this function's names are current
            return (isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name) and e.value.id == "self"
                    and e.attr in on_self)

        # Names bound to a field of a state (``pair_states = s.pair_states``, ``a, b = s.x, s.y``): writes through
        # them count.
        aliases: dict[str, str] = {}
        for node in ast.walk(function):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    pairs = (zip(target.elts, node.value.elts, strict=False)
                             if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                             else [(target, node.value)])
                    for name, value in pairs:
                        if (isinstance(name, ast.Name) and isinstance(value, ast.Attribute)
                                and is_state(value.value)):
                            aliases[name.id] = value.attr

        def field_of_state(e: ast.expr) -> str | None:
            if isinstance(e, ast.Attribute) and is_state(e.value):
                return e.attr
            if isinstance(e, ast.Name):
                return aliases.get(e.id)  # noqa: B023 - read while this function's aliases are current
            return None

        for node in ast.walk(function):
            for t in _written(node):
                if isinstance(t, ast.Attribute) and field_of_state(t) is not None:
                    found.append(f"line {t.lineno}: assigns {ast.unparse(t)}")
                elif isinstance(t, ast.Subscript) and field_of_state(t.value) not in (None, *CACHES):
                    found.append(f"line {t.lineno}: writes into {ast.unparse(t.value)}")
            if (isinstance(node, ast.Attribute) and is_state(node.value) and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                found.append(f"line {node.lineno}: reaches {ast.unparse(node)}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                f = node.func
                if f.attr in MUTATORS and field_of_state(f.value) not in (None, *CACHES):
                    found.append(f"line {node.lineno}: changes {ast.unparse(f.value)}")
    return sorted(found, key=lambda w: int(w.split()[1].rstrip(":")))


def index_fields() -> frozenset[str]:
    """The fields a SolvingState's ``__init__`` sets on itself, less the techniques' caches: its position and index."""
    tree = ast.parse((ENGINE / "state.py").read_text("utf-8"))
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "SolvingState")
    init = next(n for n in state.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    return frozenset(
        t.attr
        for node in ast.walk(init)
        for t in (node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign)
                  else [])
        if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
    ) - CACHES


def chained_writes(source: str, fields: frozenset[str]) -> list[str]:
    """Each write into a state's field reached through another object (``search.states[k].pair_states[q] = 1``,
    ``self.following.state.dirty_cells.clear()``), whatever the names on the way.

    :func:`state_writes` knows a state by its annotation or its making; a state held inside another object (a dict
    of states, a walker's ``state`` attribute) carries neither. Here the field's name is enough: a write to
    ``x.y.<field>`` with ``<field>`` one of the index's fields is taken as a write into a state, unless the chain is
    plain ``self.<field>`` (an object writing a field of its own that shares the name).
    """
    found = []

    def through_other(e: ast.expr) -> str | None:
        if isinstance(e, ast.Subscript):
            e = e.value
        if not (isinstance(e, ast.Attribute) and e.attr in fields):
            return None
        if isinstance(e.value, ast.Name) and e.value.id == "self":
            return None
        return ast.unparse(e)

    for node in ast.walk(ast.parse(source)):
        for t in _written(node):
            if isinstance(t, ast.Attribute | ast.Subscript) and (reached := through_other(t)):
                found.append(f"line {t.lineno}: writes {reached}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS
                and (reached := through_other(node.func.value))):
            found.append(f"line {node.lineno}: changes {reached}")
    return sorted(found, key=lambda w: int(w.split()[1].rstrip(":")))


def private_imports(source: str) -> list[str]:
    """Each private name (``_x``, not ``__x__``) that ``source`` imports from, or reads off, an engine module."""
    tree = ast.parse(source)
    modules = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("dominosa.deductions"):
            for alias in node.names:
                if node.module == "dominosa.deductions":
                    modules.add(alias.asname or alias.name)
                elif alias.name.startswith("_"):
                    found.append(f"line {node.lineno}: imports {alias.name} from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("dominosa.deductions.") and alias.asname:
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):
            found.append(f"line {node.lineno}: reads {node.value.id}.{node.attr}")
    return found


def _engine_modules() -> list[Path]:
    return sorted(ENGINE.glob("*.py"))


@pytest.mark.parametrize("path", _engine_modules(), ids=lambda p: p.name)
def test_no_engine_module_but_state_writes_a_solving_state(path: Path) -> None:
    if path.name == "state.py":
        return
    assert state_writes(path.read_text("utf-8")) == []


@pytest.mark.parametrize("path", _engine_modules(), ids=lambda p: p.name)
def test_no_engine_module_imports_anothers_private_names(path: Path) -> None:
    assert private_imports(path.read_text("utf-8")) == []


PACKAGE = ENGINE.parent
LAYERS = ("dominosa", "deductions", "cover", "generator", "rendering", "web", "cli")


def _package_modules() -> list[Path]:
    return sorted(path for layer in LAYERS for path in (PACKAGE / layer).rglob("*.py"))


def test_no_module_writes_a_state_held_by_another_object() -> None:
    fields = index_fields()
    found = {
        str(path.relative_to(PACKAGE)): writes
        for path in _package_modules()
        if path != ENGINE / "state.py" and (writes := chained_writes(path.read_text("utf-8"), fields))
    }
    assert found == {}


def test_the_chained_check_finds_writes_through_attributes_and_subscripts() -> None:
    fields = index_fields()
    assert {"pair_states", "dirty_cells", "joined", "newly_split"} <= fields and not fields & CACHES
    written = chained_writes(
        "def f(search, key, q):\n"
        "    search.states[key].pair_states[q] = 1\n"
        "    self.following.state.dirty_cells.clear()\n"
        "    search.state.joined |= 4\n"
        "    self.pair_states[q] = 2\n"
        "    search.state.memo[q] = 3\n"
        "    n = search.state.pair_states[q]\n",
        fields,
    )
    assert [w.split(":")[0] for w in written] == ["line 2", "line 3", "line 4"]


def test_the_source_checks_find_what_they_look_for() -> None:
    # The checks themselves, on source that breaks each rule (as the engine did before the state kept its index).
    written = state_writes(
        "def f(s: SolvingState, q: int) -> None:\n"
        "    s.pair_states[q] = 1\n"
        "    s.dirty_cells.discard(q)\n"
        "    s._set_split(q, 2)\n"
        "    s.joined |= 1\n"
        "    s.memo[q] = 3\n"
        "def g(puzzle):\n"
        "    t = SolvingState(puzzle)\n"
        "    u = t.copy()\n"
        "    u.newly_split.add(1)\n"
        "    pair_states, lonely = u.pair_states, u.lonely_cells\n"
        "    pair_states[3] = 1\n"
        "    lonely.pop()\n"
    )
    assert [w.split(":")[0] for w in written] == ["line 2", "line 3", "line 4", "line 5", "line 10", "line 12",
                                                   "line 13"]
    imported = private_imports(
        "from dominosa.deductions.advanced import _must_overlap_of, must_overlap\n"
        "from dominosa.deductions import advanced\n"
        "x = advanced._set_analysis_of\n"
    )
    assert imported == ["line 1: imports _must_overlap_of from dominosa.deductions.advanced",
                        "line 3: reads advanced._set_analysis_of"]


README = "3:22223101012330103310"


def test_a_state_is_an_index_of_its_position() -> None:
    # Settling a state by the kernel gives the position the kernel gives on its bitsets, and a state made at that
    # position afresh has the same candidates and counts.
    puzzle = read_puzzle(README)
    s = SolvingState(puzzle)
    m = masks_of(tables_for(puzzle))
    s.apply(Deduction(rule=5, joins=(16,)))  # the README's first step: its consequences pending
    unsettled = s.unsettled()
    assert isinstance(unsettled, Unsettled) and unsettled.pending_joins == 1 << 16
    with pytest.raises(ValueError, match="unsettled"):
        s.position()  # never taken for a settled position
    after, _, _ = settle_pending(m, unsettled)
    s.settle_to(after)
    assert s.position() == after and s.unsettled()[4:] == (0, 0)
    fresh = SolvingState.from_position(puzzle, s.joined_pairs(), s.split_pairs())
    assert fresh.position() == after
    assert (fresh.cell_live, fresh.dom_live, fresh.lonely_cells, fresh.lonely_dominoes) == (
        s.cell_live, s.dom_live, s.lonely_cells, s.lonely_dominoes)


def test_the_kernel_raises_where_a_position_cannot_stand() -> None:
    puzzle = read_puzzle(README)
    t = tables_for(puzzle)
    m = masks_of(t)
    start = start_position(m)
    a, b = t.cell_pairs[0][:2]  # two pairs of one cell: joining both covers it twice
    with pytest.raises(Contradiction, match="covered twice"):
        settle_position(m, start, joins=(a, b), tables=t)
    assert isinstance(settle_position(m, start, joins=(a,))[0], Position)
