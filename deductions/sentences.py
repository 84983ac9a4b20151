"""The engine's sentences, as English text that also keeps what they were made of.

A deduction explains itself in one English sentence (``Deduction.reason``), which the commands print and the
grading records keep. A book in another language needs the same sentence in its own words, and the engine should
know nothing of languages: so a rule makes its sentence as a :class:`Sentence`, a ``str`` (the English sentence,
the very text an f-string made before) that also carries its template and its parts. Whoever prints it in
another language looks the template up in a catalog and fills in the parts; everyone else just has a string.

Parts are names (``r3c4 (5)``, ``2-5``), numbers, lists of names (:class:`Names`, joined with "and" in English),
or a smaller :class:`Sentence` (a clause said inside another). A sentence whose words depend on a count ("is
split" or "are split") carries both templates and the count, the way gettext's plural lookup wants them.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Sentence", "Names", "english_list"]


def english_list(labels: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: names as the engine's English sentences list them."""
    labels = list(labels)
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


class Names(tuple):
    """Names to be said as a list ("r1c1, r1c2 and r2c2"): the joining word belongs to the language."""

    __slots__ = ()

    def __str__(self) -> str:
        return english_list(self)


class Sentence(str):
    """An English sentence (the ``str`` itself) made from ``template`` and its named ``parts``.

    With ``plural`` and ``quantity``, ``template`` is the sentence for a quantity of one and ``plural`` for any
    other (not ``count``: a ``str`` has a method of that name). Equal to, hashed as and printed as its English
    text, so records and comparisons see a plain string.
    """

    template: str
    plural: str | None
    quantity: int | None
    parts: dict[str, object]

    def __new__(
        cls, template: str, plural: str | None = None, quantity: int | None = None, **parts: object
    ) -> Sentence:
        chosen = template if plural is None or quantity == 1 else plural
        text = chosen.format(**{key: str(value) for key, value in parts.items()})
        made = super().__new__(cls, text)
        made.template, made.plural, made.quantity, made.parts = template, plural, quantity, parts
        return made

    def __reduce__(self):  # noqa: ANN204 - pickle's protocol
        return _remake, (self.template, self.plural, self.quantity, self.parts)


def _remake(template: str, plural: str | None, quantity: int | None, parts: dict[str, object]) -> Sentence:
    return Sentence(template, plural, quantity, **parts)
