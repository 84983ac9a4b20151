"""How a diagram looks: the colours of ink, guides, tiles and highlights, and whether numbers are pips.

Two palettes come ready. ``mono`` (the default) uses black, greys and white only, so it prints the same on any
printer and photocopies well: a clue is told from a solved domino by its grey fill, a highlighted cell by a
darker grey, a highlighted pair by a dashed outline. ``colour`` keeps every one of those cues (so nothing is
lost in a black-and-white print) and adds colour for screens: pastel tiles, blue clues, orange highlights.

Geometry (line widths, insets) is not part of a style: it is fixed in :mod:`dominosa.rendering.scene` so
that every picture of the same board lines up with every other, whatever its colours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Style", "MONO", "COLOUR", "STYLE_NAMES", "resolve_style"]


@dataclass(frozen=True)
class Style:
    """Colours (``#rrggbb``) and the pips option of a diagram.

    Attributes
    ----------
    name : what the style is called (``mono``, ``colour`` or your own).
    ink : numbers, pips, the board's outline and the edges of dominoes.
    paper : the background.
    guide : the faded double lines between neighbouring cells, on which a solver draws borders.
    clue_fill : dominoes given in place at the start.
    tile_fills : fills of placed dominoes, used in turn by the domino's number; one colour for a plain look.
    wall : the mark of a pair known not to be a domino (a split pair).
    highlight_fill : cells an explanation step points at.
    highlight_stroke : the dashed outline of pairs an explanation step points at.
    label : the row and column labels (``r1``, ``c1``, ...) drawn outside the board when asked for.
    pips : draw die pips instead of digits (numbers above 9 keep their digits).
    """

    name: str = "mono"
    ink: str = "#000000"
    paper: str = "#ffffff"
    guide: str = "#a6a6a6"
    clue_fill: str = "#dcdcdc"
    tile_fills: tuple[str, ...] = ("#ffffff",)
    wall: str = "#000000"
    highlight_fill: str = "#c4c4c4"
    highlight_stroke: str = "#000000"
    label: str = "#767676"  # the lightest grey that still reads as text on white (4.5:1)
    pips: bool = False

    def tile_fill(self, domino_number: int) -> str:
        """The fill of a placed domino: the palette's colours in turn, so neighbours rarely match."""
        return self.tile_fills[domino_number % len(self.tile_fills)]


MONO = Style()

COLOUR = Style(
    name="colour",
    ink="#1d2433",
    paper="#ffffff",
    guide="#9db4cc",
    clue_fill="#b9d3f0",
    tile_fills=("#fde2c8", "#d7f0d2", "#fbd5dc", "#dcd6f7", "#fff3b8", "#cdeef0", "#f2d7ee", "#e3ecc8"),
    wall="#c0392b",
    highlight_fill="#ffc66e",
    highlight_stroke="#d35400",
    label="#5f6b7a",
)

STYLE_NAMES = {"mono": MONO, "colour": COLOUR, "color": COLOUR}


def resolve_style(style: Style | str | None = None, *, pips: bool | None = None) -> Style:
    """A :class:`Style` from a style or its name, with ``pips`` switched on or off when given.

    Raises ``ValueError`` for an unknown name, listing the known ones.
    """
    if style is None:
        resolved = MONO
    elif isinstance(style, Style):
        resolved = style
    else:
        resolved = STYLE_NAMES.get(str(style).lower())
        if resolved is None:
            raise ValueError(f"unknown style {style!r}: use mono or colour")
    if pips is not None and pips != resolved.pips:
        resolved = replace(resolved, pips=pips)
    return resolved
