"""Diagrams as SVG text, written directly as strings: no drawing library, so a picture costs well under a
millisecond per cell and the markup stays small and readable.

Each layer becomes one ``<g>`` whose ``class`` names what it shows (``guides``, ``outline``, ``tiles``,
``walls``, ``numbers``, ``pips``, ...), so the picture can be restyled with CSS or checked by a program; the
numbers are real ``<text>`` elements, one per cell.
"""

from __future__ import annotations

from html import escape

from dominosa.rendering.scene import DIGIT_HEIGHT, Diagram, Layer

__all__ = ["diagram_svg", "FONT_FAMILY"]

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"
_CAPS = {"butt": "butt", "round": "round", "square": "square"}


def diagram_svg(diagram: Diagram, *, cell: float = 40.0, title: str | None = None) -> str:
    """The diagram as a standalone SVG document, ``cell`` pixels (CSS px, 1/96 in) per cell."""
    w, h = diagram.width * cell, diagram.height * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(w)}" height="{_n(h)}" '
        f'viewBox="0 0 {_n(w)} {_n(h)}">'
    ]
    if title:
        out.append(f"<title>{escape(title)}</title>")
    out.append(f'<rect class="paper" width="100%" height="100%" fill="{diagram.paper}"/>')
    for layer in diagram.layers:
        out.append(_layer(layer, cell))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _layer(layer: Layer, k: float) -> str:
    cls = f' class="{layer.role}"' if layer.role else ""
    if layer.kind == "rects":
        d = "".join(f"M{_n(x * k)} {_n(y * k)}h{_n(w * k)}v{_n(h * k)}h{_n(-w * k)}z" for x, y, w, h in layer.items)
        return f'<path{cls} fill="{layer.fill}" d="{d}"/>'
    if layer.kind == "segments":
        d = "".join(f"M{_n(a * k)} {_n(b * k)}L{_n(c * k)} {_n(e * k)}" for a, b, c, e in layer.items)
        return f'<path{cls} fill="none" {_stroke(layer, k)} d="{d}"/>'
    if layer.kind == "tiles":
        rx = _n(layer.radius * k)
        fill = layer.fill or "none"
        body = "".join(
            f'<rect x="{_n(x * k)}" y="{_n(y * k)}" width="{_n(w * k)}" height="{_n(h * k)}" rx="{rx}"/>'
            for x, y, w, h in layer.items
        )
        return f'<g{cls} fill="{fill}" {_stroke(layer, k)} stroke-linejoin="round">{body}</g>'
    if layer.kind == "circles":
        body = "".join(f'<circle cx="{_n(x * k)}" cy="{_n(y * k)}" r="{_n(r * k)}"/>' for x, y, r in layer.items)
        return f'<g{cls} fill="{layer.fill}">{body}</g>'
    if layer.kind == "texts":
        size = layer.size * k
        drop = DIGIT_HEIGHT * size / 2  # centre the digits' height on the point, not the whole line
        body = "".join(
            f'<text x="{_n(x * k)}" y="{_n(y * k + drop)}">{escape(text)}</text>' for x, y, text in layer.items
        )
        return (
            f'<g{cls} fill="{layer.fill}" font-family="{FONT_FAMILY}" font-size="{_n(size)}" '
            f'text-anchor="middle">{body}</g>'
        )
    raise ValueError(f"unknown layer kind {layer.kind!r}")


def _stroke(layer: Layer, k: float) -> str:
    attrs = f'stroke="{layer.stroke}" stroke-width="{_n(layer.width * k)}" stroke-linecap="{_CAPS[layer.cap]}"'
    if layer.dash:
        attrs += f' stroke-dasharray="{_n(layer.dash[0] * k)} {_n(layer.dash[1] * k)}"'
    return attrs


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (``12``, ``12.5``, ``12.25``)."""
    text = f"{value:.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text
