"""A boxed text table and wrapped lines for commands that must start fast.

``rulekeeper haven odds`` answers in a few milliseconds, and importing ``rich``
(its console, styles, themes and markup) would cost it more than the answer
(issue 12, start-up: 150 ms for the whole process). Its table is small and
fixed: a title, right-aligned columns, one header row. This module draws it
with the same heavy-headed box ``rich`` uses for its tables, so the command
looks as it did, and wraps prose lines to the terminal's width.

On a terminal the title is italic and the header bold (ANSI, unless
``NO_COLOR`` is set or ``TERM`` is ``dumb``); an output that cannot encode the
box characters gets an ASCII box.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import TextIO

_HEAVY_HEAD = ("┏━┳┓", "┃┃┃", "┡━╇┩", "│││", "└─┴┘")
"""The box's rows: top, header, below the header, body, bottom (left, line, cross, right)."""

_ASCII = ("+-++", "|||", "+-++", "|||", "+-++")


def terminal_width() -> int:
    """The output's width in columns: the terminal's, ``COLUMNS``, or 80."""
    return max(20, shutil.get_terminal_size((80, 24)).columns)


def _styled(out: TextIO) -> bool:
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(out, "isatty", None)
    return bool(isatty and isatty())


def _box_for(out: TextIO) -> tuple[str, ...]:
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        "".join(_HEAVY_HEAD).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return _ASCII
    return _HEAVY_HEAD


def render_table(
    title: str,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    box: tuple[str, ...] = _HEAVY_HEAD,
    styled: bool = False,
) -> str:
    """The table as lines of text: every column right-aligned, one space of padding.

    The title is centred over the table and wrapped to its width.
    """
    widths = [len(header) for header in headers]
    for row in rows:
        if len(row) != len(headers):
            raise ValueError(f"a row has {len(row)} cells for {len(headers)} columns")
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    total = sum(widths) + 3 * len(widths) + 1

    def rule(which: str) -> str:
        left, line, cross, right = which[0], which[1], which[2], which[3]
        return left + cross.join(line * (width + 2) for width in widths) + right

    def line_of(cells: Sequence[str], which: str, bold: bool) -> str:
        left, middle, right = which[0], which[1], which[2]
        parts = [f" {cell.rjust(width)} " for cell, width in zip(cells, widths, strict=True)]
        if bold:
            parts = [f"\x1b[1m{part}\x1b[0m" for part in parts]
        return left + middle.join(parts) + right

    lines = []
    for part in textwrap.wrap(title, total, break_on_hyphens=False) or [""]:
        left = (total - len(part)) // 2
        centred = " " * left + part + " " * (total - len(part) - left)
        lines.append(f"\x1b[3m{centred}\x1b[0m" if styled else centred)
    lines.append(rule(box[0]))
    lines.append(line_of(headers, box[1], styled))
    lines.append(rule(box[2]))
    lines.extend(line_of(row, box[3], False) for row in rows)
    lines.append(rule(box[4]))
    return "\n".join(lines) + "\n"


def print_table(
    title: str, headers: Sequence[str], rows: Sequence[Sequence[str]], out: TextIO | None = None
) -> None:
    """Print :func:`render_table` to ``out`` (stdout), boxed and styled as it can take."""
    stream = sys.stdout if out is None else out
    stream.write(render_table(title, headers, rows, box=_box_for(stream), styled=_styled(stream)))


def print_wrapped(text: str, out: TextIO | None = None) -> None:
    """Print a line of prose, wrapped at word boundaries to the terminal's width."""
    stream = sys.stdout if out is None else out
    stream.write(
        "\n".join(textwrap.wrap(text, terminal_width(), break_on_hyphens=False) or [""]) + "\n"
    )
