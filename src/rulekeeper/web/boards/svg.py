"""Small helpers for writing SVG by hand: escaped text, attributes, hex outlines.

Every string that comes from content or a request goes through :func:`esc`;
attribute values are always quoted.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterable, Mapping

from rulekeeper.boards.hexgrid import Hex, centre, corners

HEX_SIZE = 30.0
"""A hex's circumradius in SVG units."""
_SQRT3_HALF = math.sqrt(3) / 2


def esc(text: object) -> str:
    """``text`` escaped for SVG/HTML content and quoted attribute values."""
    return html.escape(str(text), quote=True)


def attrs(values: Mapping[str, object | None]) -> str:
    """`` name="value"`` pairs, skipping None; names with ``_`` are written with ``-``."""
    return "".join(
        f' {name.replace("_", "-")}="{esc(value)}"'
        for name, value in values.items()
        if value is not None
    )


def action_json(data: object) -> str:
    """An action's JSON form as it goes in ``data-action`` (compact, keys sorted)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def hex_point(h: Hex) -> tuple[float, float]:
    """The screen centre of a hex (flat-top, y down)."""
    x, y = centre(h)
    return x / 2 * HEX_SIZE, y * _SQRT3_HALF * HEX_SIZE


def hex_polygon(h: Hex) -> str:
    """The ``points`` of a hex's outline."""
    return " ".join(
        f"{x / 2 * HEX_SIZE:.1f},{y * _SQRT3_HALF * HEX_SIZE:.1f}" for x, y in corners(h)
    )


def view_box(
    hexes: Iterable[Hex], margin: float = HEX_SIZE * 1.2
) -> tuple[float, float, float, float]:
    """A view box holding every hex with a margin."""
    points = [hex_point(h) for h in hexes] or [(0.0, 0.0)]
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (
        min(xs) - margin,
        min(ys) - margin,
        max(xs) - min(xs) + 2 * margin,
        max(ys) - min(ys) + 2 * margin,
    )


def svg_open(box: tuple[float, float, float, float], label: str) -> str:
    x, y, w, h = box
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x:.1f} {y:.1f} {w:.1f} {h:.1f}"'
        f' width="{w:.0f}" height="{h:.0f}" role="img" aria-label="{esc(label)}" class="board-svg">'
    )
