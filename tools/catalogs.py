"""Keep the book's translation catalogs in step with the code: ``python tools/catalogs.py [--check]``.

The messages are every string the book's code wraps for translation (``tr``/``_``, ``N_`` and ``ngettext`` calls
in ``rendering/`` and ``cli/book.py``), the techniques' names and summaries and the grades' headings (from the
engine's tables), and the engine's sentence templates (the ``Sentence(...)`` calls in ``deductions/``): found by
reading the source, so nothing has to be listed by hand.

Without ``--check`` it merges them into each language's ``dominosa.po`` (new messages come in untranslated,
translations of messages the code no longer has are dropped) and compiles ``dominosa.mo`` beside it, the file
the package reads; Babel does the reading and writing of both formats. With ``--check`` it changes nothing and
lists what is wrong: a message untranslated, fuzzy or missing from a catalog, a translation that fills in other
``{placeholders}`` than its message, or a ``.mo`` that is not the ``.po`` compiled. The tests run the check.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "rendering" / "locale"
SOURCES = [*sorted((ROOT / "rendering").glob("*.py")), ROOT / "cli" / "book.py"]
ENGINE = sorted((ROOT / "deductions").glob("*.py"))
SINGLE = {"tr", "_", "N_"}
PLURAL = {"ngettext"}


def _text(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _calls(path: Path, names: set[str]):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in names:
                yield name, node


def messages() -> dict[str | tuple[str, str], None]:
    """Every message of the book, in a stable order: a string, or (singular, plural) for a counted one."""
    found: dict[str | tuple[str, str], None] = {}
    for path in SOURCES:
        for name, call in _calls(path, SINGLE | PLURAL):
            texts = [_text(arg) for arg in call.args[:2]]
            if name in PLURAL and texts[0] is not None and texts[1] is not None:
                found[(texts[0], texts[1])] = None
            elif name in SINGLE and texts and texts[0] is not None:
                found[texts[0]] = None
    sys.path.insert(0, str(ROOT))
    from dominosa.deductions import GRADES, Technique

    for technique in Technique:
        if not technique.bookkeeping:
            found[technique.label] = None
            found[technique.summary] = None
    for grade in GRADES[1:]:
        found[grade[:1].upper() + grade[1:]] = None
    for path in ENGINE:
        for _, call in _calls(path, {"Sentence"}):
            texts = [_text(arg) for arg in call.args[:2]]
            if texts and texts[0] is not None:
                found[(texts[0], texts[1]) if len(texts) > 1 and texts[1] is not None else texts[0]] = None
    return found


def _placeholders(text: str) -> set[str]:
    """The ``{names}`` a message fills in: a translation must fill in the same ones."""
    return set(re.findall(r"{(\w*)}", text))


def _catalogs():
    from babel.messages.pofile import read_po

    for po in sorted(LOCALE.glob("*/LC_MESSAGES/dominosa.po")):
        with po.open("rb") as handle:
            yield po, read_po(handle, locale=po.parts[-3])


def _compiled(catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def problems() -> list[str]:
    """What is wrong with the catalogs (nothing when empty)."""
    wanted = messages()
    ids = {m if isinstance(m, str) else m[0]: m for m in wanted}
    out = []
    for po, catalog in _catalogs():
        lang = po.parts[-3]
        for key, message in ids.items():
            entry = catalog.get(key)
            if entry is None:
                out.append(f"{lang}: missing {key!r}")
                continue
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if isinstance(message, tuple) != isinstance(entry.id, tuple):
                out.append(f"{lang}: {key!r} should {'' if isinstance(message, tuple) else 'not '}have plural forms")
            if not all(strings) or len(strings) < (catalog.num_plurals if isinstance(entry.id, tuple) else 1):
                out.append(f"{lang}: untranslated {key!r}")
            if entry.fuzzy:
                out.append(f"{lang}: fuzzy {key!r}")
            names = _placeholders(key)
            if any(_placeholders(string) != names for string in strings if string):
                out.append(f"{lang}: {key!r} is translated with other {{placeholders}} than {sorted(names)}")
        extra = [m.id for m in catalog if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in ids]
        out += [f"{lang}: {key!r} is not in the code any more" for key in extra]
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != _compiled(catalog):
            out.append(f"{lang}: {mo.relative_to(ROOT)} is not {po.name} compiled: run python tools/catalogs.py")
    return out


def update() -> None:
    """Merge the code's messages into every catalog and compile each."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    wanted = messages()
    for po, old in _catalogs():
        new = Catalog(
            locale=old.locale,
            domain="dominosa",
            header_comment=old.header_comment,
            project="dominosa",
            version=old.version,
            creation_date=old.creation_date,
            revision_date=old.revision_date,
            last_translator=old.last_translator,
            language_team=old.language_team,
            fuzzy=False,
        )
        for message in wanted:
            key = message if isinstance(message, str) else message[0]
            before = old.get(key)
            empty = ("",) * new.num_plurals if isinstance(message, tuple) else ""
            string = before.string if before is not None else empty
            comments = before.user_comments if before is not None else []
            new.add(message, string, user_comments=comments)
        with po.open("wb") as handle:
            write_po(handle, new, width=116, omit_header=False, sort_output=False, include_lineno=False)
        po.with_suffix(".mo").write_bytes(_compiled(new))


def main(argv: list[str]) -> int:
    if argv[1:] == ["--check"]:
        found = problems()
        print("\n".join(found) or "the catalogs are complete and compiled")
        return 1 if found else 0
    if argv[1:]:
        print("usage: python tools/catalogs.py [--check]", file=sys.stderr)
        return 2
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
