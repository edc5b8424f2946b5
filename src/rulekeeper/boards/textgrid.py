"""Plain-text layout for the terminal play screens (each game's ``render.screen``).

No game rules here: wrapping, packing short items into lines, and a grid of
text cells, all kept within a width so a screen fits an 80-column terminal.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

Section = tuple[str, list[str]]


def wrap(text: str, width: int, indent: str = "  ") -> list[str]:
    """``text`` wrapped to ``width`` columns, continuation lines indented by ``indent``."""
    lines: list[str] = []
    for part in text.splitlines() or [""]:
        lines.extend(
            textwrap.wrap(
                part, width, subsequent_indent=indent, break_long_words=True, break_on_hyphens=False
            )
            or [""]
        )
    return lines


def pack(items: Sequence[str], width: int, gap: str = "  ") -> list[str]:
    """Short items joined by ``gap`` into as few lines of ``width`` as they fit."""
    lines: list[str] = []
    line = ""
    for item in items:
        item = item[:width]
        candidate = f"{line}{gap}{item}" if line else item
        if len(candidate) > width and line:
            lines.append(line)
            line = item
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def grid(cells: Sequence[Sequence[Sequence[str]]], width: int) -> list[str]:
    """Rows of cells (each a few lines) side by side in equal columns within ``width``.

    Cells are cut to their column's width; rows are separated by a rule of ``-``.
    """
    columns = max((len(row) for row in cells), default=0)
    if not columns:
        return []
    cell_width = max(4, (width - (columns - 1)) // columns)
    out: list[str] = []
    for n, row in enumerate(cells):
        if n:
            out.append("+".join("-" * cell_width for _ in range(columns)))
        height = max((len(cell) for cell in row), default=0)
        for i in range(height):
            parts = [
                (cell[i] if i < len(cell) else "")[:cell_width].ljust(cell_width) for cell in row
            ]
            out.append("|".join(parts).rstrip())
    return out
