"""The book in other languages: gettext catalogs, the language in use, and the engine's sentences in its words.

The words a book and its cover print are English in the code, wrapped in :func:`_` (or :func:`ngettext` where a
count decides the form, or marked :func:`N_` where they are defined before the language is known). A book is laid
out inside :func:`use_language`, which makes those calls answer from the language's catalog:
``locale/<lang>/LC_MESSAGES/dominosa.mo`` beside this module, compiled from the ``.po`` file next to it (the
translations, and a glossary of the technique names in its header). English needs no catalog: every call gives
back the text it was handed, so an English book is the same, byte for byte, as before there were languages.

The engine's sentences (:class:`~dominosa.deductions.sentences.Sentence`) come in English with their template and
parts; :func:`sentence` looks the template up and fills the parts in, lists joined with the language's "and".
Numbers that count something go through :func:`number`, in the language's style (``1.234`` in German).

The catalogs are built and checked by ``tools/catalogs.py``: it collects every string the code wraps, the
technique names and summaries, and the engine's sentence templates, merges them into the ``.po`` files and compiles
the ``.mo`` files that ship with the package.
"""

from __future__ import annotations

import contextvars
import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dominosa.deductions.sentences import Names, Sentence, english_list

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
]

DOMAIN = "dominosa"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@dataclass(frozen=True)
class _Style:
    """How a language writes what is not a word: its "and" in a list, and numbers (the digit group mark, and
    the fewest digits a number has before it is grouped, as the language's custom has it)."""

    name: str
    conjunction: str
    group_mark: str = ","
    group_from: int = 5


# en: numbers as the English book has always printed them (no group mark under 10,000; counts stay under it).
# de: 1.234 (Duden groups four digits too); fr: 1 234 with a no-break space (the narrow one is outside the fonts'
# Windows-1252); es: 1234 but 12.345 (the RAE leaves four-digit numbers whole).
LANGUAGES: dict[str, _Style] = {
    "en": _Style("English", "and", ",", 5),
    "de": _Style("Deutsch", "und", ".", 4),
    "fr": _Style("Français", "et", "\u00a0", 4),
    "es": _Style("Español", "y", ".", 5),
}


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
    """A count as the language writes it (``1.234`` in German, ``1 234`` in French)."""
    style = language().style
    digits = str(abs(value))
    if len(digits) >= style.group_from:
        groups = []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        digits = style.group_mark.join(groups)
    return f"-{digits}" if value < 0 else digits


def and_list(items: list[str]) -> str:
    """``a, b and c`` with the language's "and"."""
    conjunction = language().style.conjunction
    if conjunction == "and":
        return english_list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def sentence(text: str) -> str:
    """One of the engine's sentences in the language in use: its template looked up, its parts filled in (lists
    joined with the language's "and", clauses said in it too). English, or a plain string, comes back as is."""
    if language().code == "en" or not isinstance(text, Sentence):
        return str(text)
    if text.plural is None:
        template = _(text.template)
    else:
        template = ngettext(text.template, text.plural, text.quantity if text.quantity is not None else 1)
    return template.format(**{key: _part(value) for key, value in text.parts.items()})


def _part(value: object) -> str:
    if isinstance(value, Sentence):
        return sentence(value)
    if isinstance(value, Names):
        return and_list(list(value))
    if isinstance(value, int):
        return number(value)
    return str(value)
