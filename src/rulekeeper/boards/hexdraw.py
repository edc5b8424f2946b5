r"""A hex map drawn as text: outlines, thin walls, terrain and labels, with style spans.

Pure text and no game rules: the caller says which hexes exist, which pairs
have a thin wall between them, the terrain of each hex, a label of up to two
characters per hex (a figure, a door, a step of a path) and any number of
style *tags* per hex (``"path"``, ``"focus"``, ...). The result is a
:class:`HexDrawing`: plain lines plus :class:`Span` records saying which
characters carry which tag, so a caller can colour them (for ``rich``:
``Text(d.text(), spans=[Span(a, b, palette[t]) for a, b, t in d.offsets()])``).

Coordinates follow haven-board/1 (see :mod:`rulekeeper.boards.hexgrid`):
flat-top axial ``(q, r)``, ``(q, r-1)`` straight up, ``(q+1, r)`` down and to
the right. In lattice terms hex ``(q, r)`` sits at column ``3q`` and line
``2r + q``, which is exactly how the full drawing lays it out (``C1`` at
``(0, 0)``, an obstacle at ``(1, 0)`` with thin walls towards ``(2, -1)`` and
``(1, 1)``, ``A`` at ``(2, 0)``)::

        __
     __/  \__
    /C1\__/  \
    \__/XX#__/
    /  \##/A \
    \__/  \__/
       \__/

Two layouts:

* **full** (``3 * columns + 1`` characters wide): every hex outlined with
  ``/ \ __``; the label sits inside. An edge between two map hexes is a
  grid line (tag :data:`GRID`); a thin wall is drawn with ``#`` (``##`` for a
  top or bottom edge, tag :data:`WALL`); an edge with no map hex beyond it is
  the map edge (tag :data:`EDGE`), drawn with the outline characters so the
  caller can make it bold.
* **compact** (``2 * columns`` characters wide): labels only, empty hexes
  shown as ``..``, in the same staggered columns; there is no room for walls,
  so the drawing lists them in :attr:`HexDrawing.notes`.

``draw_hexes(..., width=W)`` picks the full layout when it fits in ``W``
characters and the compact one otherwise, and says so in the notes; if even
the compact layout is wider than ``W`` the notes say that too (the drawing
never cuts a line; what a too narrow screen does with it is the caller's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rulekeeper.i18n import N_, _

Hex = tuple[int, int]
"""An axial coordinate ``(q, r)``."""

TERRAIN_MARKS: Final[Mapping[str, str]] = {
    "obstacle": "XX",
    "trap": "^^",
    "hazardous": "~~",
    "difficult": "::",
    "icy": "**",
}
"""The label a hex of each terrain kind shows when it has no label of its own."""

TERRAIN_NAMES: Final[Mapping[str, str]] = {
    "obstacle": N_("obstacle"),
    "trap": N_("trap"),
    "hazardous": N_("hazardous"),
    "difficult": N_("difficult"),
    "icy": N_("icy"),
}
"""Each terrain kind's name in the legend (translated when drawn)."""

GRID: Final = "hex.grid"
"""Tag of an outline edge between two map hexes."""
EDGE: Final = "hex.edge"
"""Tag of an outline edge with no map hex beyond it (the map edge)."""
WALL: Final = "hex.wall"
"""Tag of a thin wall between two map hexes."""
EMPTY: Final = "hex.empty"
"""Tag of the ``..`` filler of an unlabelled hex in the compact layout."""
TERRAIN_TAG_PREFIX: Final = "terrain."
"""A hex with terrain carries the tag ``terrain.<kind>`` on its label."""

WALL_MARK: Final = "#"
"""The character a thin wall is drawn with in the full layout."""

# Per direction (hexgrid order 0..5): (line offset, column offset, characters)
# of that edge relative to the label line and left outline column of the hex.
_EDGE_CELLS: Final[tuple[tuple[int, int, str], ...]] = (
    (1, 3, "/"),  # 0: (q+1, r), lower right
    (0, 3, "\\"),  # 1: (q+1, r-1), upper right
    (-1, 1, "__"),  # 2: (q, r-1), top
    (0, 0, "/"),  # 3: (q-1, r), upper left
    (1, 0, "\\"),  # 4: (q-1, r+1), lower left
    (1, 1, "__"),  # 5: (q, r+1), bottom
)
_DIRECTIONS: Final[tuple[Hex, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, slots=True)
class Span:
    """Characters ``start:end`` of line ``line`` carry the style tag ``style``."""

    line: int
    start: int
    end: int
    style: str


@dataclass(frozen=True, slots=True)
class HexDrawing:
    """A drawn map: its lines, the styled spans over them, and what the reader must know.

    ``legend`` names the marks the drawing uses (terrain kinds present, ``#``
    thin walls); ``notes`` says when the compact layout was chosen, when the
    drawing is still wider than asked, and lists walls the compact layout
    cannot show. Spans of several tags may cover the same characters; apply
    them in order (later ones on top).
    """

    lines: tuple[str, ...]
    spans: tuple[Span, ...]
    compact: bool
    legend: str
    notes: tuple[str, ...]

    @property
    def width(self) -> int:
        """The length of the longest line."""
        return max((len(line) for line in self.lines), default=0)

    def text(self) -> str:
        """The lines joined with newlines (no trailing newline)."""
        return "\n".join(self.lines)

    def offsets(self) -> list[tuple[int, int, str]]:
        """The spans as ``(start, end, tag)`` character offsets into :meth:`text`."""
        starts = []
        position = 0
        for line in self.lines:
            starts.append(position)
            position += len(line) + 1
        return [(starts[s.line] + s.start, starts[s.line] + s.end, s.style) for s in self.spans]


def full_width(hexes: Iterable[Hex]) -> int:
    """Characters needed by the full layout: three per column plus one."""
    qs = [q for q, _ in hexes]
    return 3 * (max(qs) - min(qs)) + 4 if qs else 0


def compact_width(hexes: Iterable[Hex]) -> int:
    """Characters needed by the compact layout: two per column."""
    qs = [q for q, _ in hexes]
    return 2 * (max(qs) - min(qs)) + 2 if qs else 0


def draw_hexes(
    hexes: Iterable[Hex],
    *,
    walls: Iterable[tuple[Hex, Hex]] = (),
    terrain: Mapping[Hex, str] | None = None,
    labels: Mapping[Hex, str] | None = None,
    styles: Mapping[Hex, str | Sequence[str]] | None = None,
    width: int | None = None,
    compact: bool | None = None,
) -> HexDrawing:
    """Draw ``hexes`` (each once) with their walls, terrain, labels and style tags.

    ``terrain`` maps a hex to a kind of :data:`TERRAIN_MARKS`; a hex shows its
    ``labels`` entry (at most two characters, centred if one), else its terrain
    mark, else nothing (``..`` in the compact layout). ``styles`` gives each
    hex's caller tags, applied to its label after any ``terrain.<kind>`` tag.
    ``compact`` forces a layout; left None, the full layout is used unless
    ``width`` is given and too small for it.

    Raises ValueError for a label, terrain or style off the map, a label
    longer than two characters, an unknown terrain kind, or a wall between
    hexes that are not neighbours (a wall touching a hex off the map is
    ignored: the map edge is drawn there anyway).
    """
    cells = sorted(set(hexes))
    present = set(cells)
    terrain = dict(terrain or {})
    labels = dict(labels or {})
    tags = {h: (t,) if isinstance(t, str) else tuple(t) for h, t in (styles or {}).items()}
    _check(present, terrain, labels, tags)
    wall_set = _wall_set(walls, present)
    notes: list[str] = []
    chosen = compact is None
    if compact is None:
        compact = width is not None and full_width(cells) > width
    canvas = _Canvas()
    for h in cells:
        if compact:
            _draw_compact_hex(canvas, h, terrain, labels, tags)
        else:
            _draw_full_hex(canvas, h, present, wall_set, terrain, labels, tags)
    lines, spans = canvas.render()
    drawn_width = max((len(line) for line in lines), default=0)
    if width is None:
        pass
    elif chosen and compact and drawn_width <= width:
        notes.append(
            _(
                "the map needs {full} columns to draw in full; drawn compact to fit {width}",
                full=full_width(cells),
                width=width,
            )
        )
    elif chosen and compact:
        notes.append(
            _(
                "the map needs {full} columns in full and {drawn} compact, more than the "
                "{width} available; drawn compact",
                full=full_width(cells),
                drawn=drawn_width,
                width=width,
            )
        )
    elif drawn_width > width:
        notes.append(
            _(
                "the map is {drawn} characters wide, more than {width}",
                drawn=drawn_width,
                width=width,
            )
        )
    if compact and wall_set:
        shown = ", ".join(f"{list(a)}|{list(b)}" for a, b in sorted(wall_set) if a < b)
        notes.append(_("thin walls (not drawn in the compact layout): {walls}", walls=shown))
    return HexDrawing(
        lines=tuple(lines),
        spans=tuple(spans),
        compact=compact,
        legend=_legend(terrain.values(), bool(wall_set) and not compact),
        notes=tuple(notes),
    )


def terrain_legend(kinds: Iterable[str]) -> str:
    """``"XX obstacle  ^^ trap"`` for the kinds given, in :data:`TERRAIN_MARKS` order."""
    present = set(kinds)
    return "  ".join(
        f"{mark} {_(TERRAIN_NAMES[kind])}"
        for kind, mark in TERRAIN_MARKS.items()
        if kind in present
    )


def _legend(kinds: Iterable[str], walls_drawn: bool) -> str:
    parts = [terrain_legend(kinds)]
    if walls_drawn:
        parts.append(WALL_MARK + " " + _("thin wall"))
    return "  ".join(p for p in parts if p)


def _check(
    present: set[Hex],
    terrain: Mapping[Hex, str],
    labels: Mapping[Hex, str],
    tags: Mapping[Hex, tuple[str, ...]],
) -> None:
    for name, keys in (("terrain", terrain), ("label", labels), ("style", tags)):
        for h in keys:
            if h not in present:
                raise ValueError(
                    _(
                        "{field} given for {hex}, which is not on the map",
                        field=name,
                        hex=repr(list(h)),
                    )
                )
    for h, kind in terrain.items():
        if kind not in TERRAIN_MARKS:
            raise ValueError(
                _("unknown terrain kind {kind} at {hex}", kind=repr(kind), hex=repr(list(h)))
            )
    for h, label in labels.items():
        if len(label) > 2:
            raise ValueError(
                _(
                    "label {label} at {hex} is longer than two characters",
                    label=repr(label),
                    hex=repr(list(h)),
                )
            )


def _wall_set(walls: Iterable[tuple[Hex, Hex]], present: set[Hex]) -> set[tuple[Hex, Hex]]:
    out: set[tuple[Hex, Hex]] = set()
    for a, b in walls:
        a, b = (a[0], a[1]), (b[0], b[1])
        if (b[0] - a[0], b[1] - a[1]) not in _DIRECTIONS:
            raise ValueError(
                _(
                    "a wall between {first} and {second}, which are not neighbours",
                    first=repr(list(a)),
                    second=repr(list(b)),
                )
            )
        if a in present and b in present:
            out.add((a, b))
            out.add((b, a))
    return out


def _label(
    h: Hex, terrain: Mapping[Hex, str], labels: Mapping[Hex, str], empty: str
) -> tuple[str, tuple[str, ...]]:
    kind = terrain.get(h)
    text = labels.get(h)
    if text is None:
        text = TERRAIN_MARKS[kind] if kind else empty
    return text.center(2), (TERRAIN_TAG_PREFIX + kind,) if kind else ()


def _draw_full_hex(
    canvas: _Canvas,
    h: Hex,
    present: set[Hex],
    walls: set[tuple[Hex, Hex]],
    terrain: Mapping[Hex, str],
    labels: Mapping[Hex, str],
    tags: Mapping[Hex, tuple[str, ...]],
) -> None:
    q, r = h
    line, column = 2 * r + q, 3 * q
    for (dq, dr), (dl, dc, chars) in zip(_DIRECTIONS, _EDGE_CELLS, strict=True):
        other = (q + dq, r + dr)
        if other not in present:
            canvas.put(line + dl, column + dc, chars, (EDGE,))
        elif (h, other) in walls:
            canvas.put(line + dl, column + dc, WALL_MARK * len(chars), (WALL,))
        else:
            canvas.put(line + dl, column + dc, chars, (GRID,))
    text, own = _label(h, terrain, labels, "  ")
    canvas.put(line, column + 1, text, own + tags.get(h, ()))


def _draw_compact_hex(
    canvas: _Canvas,
    h: Hex,
    terrain: Mapping[Hex, str],
    labels: Mapping[Hex, str],
    tags: Mapping[Hex, tuple[str, ...]],
) -> None:
    q, r = h
    text, own = _label(h, terrain, labels, "..")
    if h not in labels and h not in terrain:
        own = (EMPTY,)
    canvas.put(2 * r + q, 2 * q, text, own + tags.get(h, ()))


class _Canvas:
    """Characters and tags at (line, column), any integers; rendered from the top-left."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], tuple[str, tuple[str, ...]]] = {}

    def put(self, line: int, column: int, chars: str, tags: tuple[str, ...]) -> None:
        # A shared edge is put by both of its hexes with the same characters and
        # tag (walls are symmetric), so a later put never changes the picture.
        for k, ch in enumerate(chars):
            self._cells[(line, column + k)] = (ch, tags)

    def render(self) -> tuple[list[str], list[Span]]:
        if not self._cells:
            return [], []
        top = min(line for line, _ in self._cells)
        left = min(column for _, column in self._cells)
        bottom = max(line for line, _ in self._cells)
        rows: list[list[tuple[str, tuple[str, ...]]]] = [[] for _ in range(bottom - top + 1)]
        for (line, column), cell in sorted(self._cells.items()):
            row = rows[line - top]
            row.extend([(" ", ())] * (column - left - len(row)))
            row.append(cell)
        lines = ["".join(ch for ch, _ in row).rstrip() for row in rows]
        spans: list[Span] = []
        for number, row in enumerate(rows):
            spans.extend(_row_spans(number, row[: len(lines[number])]))
        return lines, spans


def _row_spans(number: int, row: list[tuple[str, tuple[str, ...]]]) -> list[Span]:
    """Runs of equal tags along one line, one span per tag of each run."""
    spans: list[Span] = []
    start = 0
    for end in range(1, len(row) + 1):
        if end == len(row) or row[end][1] != row[start][1]:
            spans.extend(Span(number, start, end, tag) for tag in row[start][1])
            start = end
    return spans
