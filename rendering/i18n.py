"""The book in other languages: gettext catalogs, the language in use, and the engine's sentences in its words.

The words a book and its cover print are English in the code, wrapped in :func:`_` (or :func:`ngettext` where a
count decides the form, or marked :func:`N_` where they are defined before the language is known). A book is laid
out inside :func:`use_language`, which makes those calls answer from the language's catalog:
``locale/<lang>/LC_MESSAGES/dominosa.mo`` beside this module, compiled from the ``.po`` file next to it (the
translations, and a glossary of the technique names in its header). English needs no catalog: every call gives
back the text it was handed.

The engine's sentences (:class:`~dominosa.deductions.sentences.Sentence`) come in English with their template and
parts; :func:`sentence` looks the template up and fills the parts in, lists joined with the language's "and" and
cut to :data:`MOST_NAMED` names ("... and 29 more"). Numbers that count something go through :func:`number`, in
the language's form as CLDR has it (Babel knows it: ``1,436``, ``1.436``, ``1 436`` with a narrow no-break space).

Every string the PDF writer measures or sets passes through :func:`typeset` first: cells named in the language's
letters (``Z4S7``), a number bound to the word after it by a no-break space, and in French the spaces before
``; ? ! :`` and inside guillemets. One function, applied where text meets the page, so catalogue lines, engine
sentences and generated words alike are set by the same rules, and measuring agrees with setting.

The catalogs are built and checked by ``tools/catalogs.py``: it collects every string the code wraps, the
technique names and summaries, and the engine's sentence templates, merges them into the ``.po`` files and compiles
the ``.mo`` files that ship with the package.
"""

from __future__ import annotations

import contextvars
import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dominosa.board import rename_cells
from dominosa.deductions import Names, Sentence, english_list

__all__ = [
    "LANGUAGES",
    "DOMAIN",
    "LOCALE_DIR",
    "Language",
    "language",
    "use_language",
    "check_language",
    "pdf_language",
    "_",
    "N_",
    "ngettext",
    "number",
    "sentence",
    "and_list",
    "typeset",
    "french_spacing",
    "MOST_NAMED",
]

DOMAIN = "dominosa"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@dataclass(frozen=True)
class _Style:
    """How a language writes what is not a word: its "and" in a list, and the fewest digits a number has before
    its digits are grouped (3 + CLDR's minimum grouping digits: Spanish's 2 writes 1436 but 12.345; Babel groups
    every number of four digits, so the rule is kept here)."""

    name: str
    conjunction: str
    group_from: int = 4


LANGUAGES: dict[str, _Style] = {
    "en": _Style("English", "and"),
    "de": _Style("Deutsch", "und"),
    "fr": _Style("Français", "et"),
    "es": _Style("Español", "y", group_from=5),
}
# The most names a sentence lists: past them it names the first few and counts the rest ("... and 29 more").
MOST_NAMED = 6


class Language:
    """One language of the book: its catalog (none for English) and its style."""

    def __init__(self, code: str) -> None:
        check_language(code)
        self.code = code
        self.style = LANGUAGES[code]
        if code == "en":
            self.catalog: gettext.NullTranslations = gettext.NullTranslations()
        else:
            self.catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])

    def gettext(self, text: str) -> str:
        return self.catalog.gettext(text)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.catalog.ngettext(singular, plural, count)


def check_language(code: str) -> None:
    """Refuse a language the book does not come in, naming those it does (ValueError)."""
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: the book comes in {', '.join(LANGUAGES)}")


_LOADED: dict[str, Language] = {}
_CURRENT: contextvars.ContextVar[Language | None] = contextvars.ContextVar("dominosa_language", default=None)


def _load(code: str) -> Language:
    if code not in _LOADED:
        _LOADED[code] = Language(code)
    return _LOADED[code]


def language() -> Language:
    """The language in use (English outside :func:`use_language`)."""
    return _CURRENT.get() or _load("en")


@contextmanager
def use_language(code: str) -> Iterator[Language]:
    """Lay out in language ``code`` within the block: :func:`_` and the rest answer in it."""
    token = _CURRENT.set(_load(code))
    try:
        yield _CURRENT.get() or _load(code)
    finally:
        _CURRENT.reset(token)


def pdf_language() -> str | None:
    """The code a translated PDF declares as its ``/Lang``; None in English, whose files stay as they were."""
    code = language().code
    return None if code == "en" else code


def _(text: str) -> str:
    """``text`` in the language in use."""
    return language().gettext(text)


def N_(text: str) -> str:
    """Marks ``text`` for the catalog where it is defined; :func:`_` translates it where it is used."""
    return text


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form for ``count`` of a text, in the language in use."""
    return language().ngettext(singular, plural, count)


def number(value: int) -> str:
    """A count as the language writes it: ``1,436`` in English, ``1.436`` in German, ``1\u202f436`` in French
    (a narrow no-break space), ``1436`` but ``12.345`` in Spanish."""
    current = language()
    if len(str(abs(value))) < current.style.group_from:
        return str(value)
    from babel.numbers import format_decimal  # (imported when first needed: it reads CLDR's tables)

    return format_decimal(value, locale=current.code)


def and_list(items: list[str]) -> str:
    """``a, b and c`` with the language's "and"; past :data:`MOST_NAMED` items, the first few and how many more
    (``a, b, c, d, e and 29 more``)."""
    if len(items) > MOST_NAMED:
        rest = len(items) - (MOST_NAMED - 1)
        items = [*items[: MOST_NAMED - 1], ngettext("{count} more", "{count} more", rest).format(count=number(rest))]
    conjunction = language().style.conjunction
    if conjunction == "and":
        return english_list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def sentence(text: str) -> str:
    """One of the engine's sentences in the language in use: its template looked up, its parts filled in (lists
    joined with the language's "and" and cut to :data:`MOST_NAMED` names, clauses said in it too), its cells
    named in the language's letters. A plain string comes back as it is; so does an English sentence with no long
    list."""
    if not isinstance(text, Sentence):
        return str(text)
    code = language().code
    if code == "en" and not _long_list(text):
        return str(text)
    return rename_cells(_filled(text), code)


def _long_list(text: Sentence) -> bool:
    """Does the sentence, or a clause inside it, list more than :data:`MOST_NAMED` names?"""
    return any(
        (isinstance(part, Names) and len(part) > MOST_NAMED) or (isinstance(part, Sentence) and _long_list(part))
        for part in text.parts.values()
    )


def _filled(text: Sentence) -> str:
    """The sentence's template in the language in use, its parts filled in."""
    if text.plural is None:
        template = _(text.template)
    else:
        template = ngettext(text.template, text.plural, text.quantity if text.quantity is not None else 1)
    return template.format(**{key: _part(value) for key, value in text.parts.items()})


def _part(value: object) -> str:
    if isinstance(value, Sentence):
        return _filled(value)
    if isinstance(value, Names):
        return and_list(list(value))
    if isinstance(value, int):
        return number(value)
    return str(value)


_NUMBER_THEN_WORD = re.compile(r"\b(\d+) (?=[^\W\d_])")  # a number alone, not the end of a name like r4c7
_BEFORE_TALL = re.compile(r"(?<=[^\s;:?!«])[ \u00a0\u202f]*([;?!]+)(?=\s|$|[»)\]])")
_BEFORE_COLON = re.compile(r"(?<=[^\s;:?!«])[ \u00a0\u202f]*:(?=\s|$)")
_AFTER_OPENING = re.compile(r"«[ \u00a0\u202f]*")
_BEFORE_CLOSING = re.compile(r"[ \u00a0\u202f]*»")


def french_spacing(text: str) -> str:
    """French punctuation spacing (Imprimerie nationale): a narrow no-break space (U+202F) before ``;``, ``?``
    and ``!``, a no-break space (U+00A0) before ``:`` and inside ``« »``, whatever space was there before (none,
    a plain one). A colon or mark inside a word (``3:22``) is left alone; applying it twice changes nothing."""
    text = _BEFORE_TALL.sub("\u202f\\1", text)
    text = _BEFORE_COLON.sub("\u00a0:", text)
    text = _AFTER_OPENING.sub("«\u00a0", text)
    return _BEFORE_CLOSING.sub("\u00a0»", text)


def typeset(text: str) -> str:
    """``text`` as the language in use prints it: cells in its letters (``Z4S7``), a number bound to the word
    after it with a no-break space (so a line never ends between them), and French spacing in French. The PDF
    writer calls it on every string it measures or sets; it leaves typeset text as it is."""
    code = language().code
    text = _NUMBER_THEN_WORD.sub("\\1\u00a0", rename_cells(text, code))
    return french_spacing(text) if code == "fr" else text
