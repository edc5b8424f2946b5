"""The haven map as a terminal picture: the revealed hexes drawn with their walls, terrain,
doors and figure marks (:func:`rulekeeper.boards.hexdraw.draw_hexes`), coloured, with its
legend and notes.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console, ConsoleOptions, RenderResult
from rich.console import Group as RichGroup
from rich.text import Text

from rulekeeper.boards import hexdraw, hexgrid
from rulekeeper.games.haven import loot, map_state
from rulekeeper.games.haven.state import HavenState
from rulekeeper.i18n import _

MAP_STYLES: dict[str, str] = {
    hexdraw.GRID: "dim",
    hexdraw.EDGE: "bold",
    hexdraw.WALL: "bold bright_red",
    hexdraw.EMPTY: "dim",
    "terrain.obstacle": "bold",
    "terrain.trap": "magenta",
    "terrain.hazardous": "bright_magenta",
    "terrain.difficult": "green",
    "terrain.icy": "bright_cyan",
    "door": "bold yellow",
    "character": "bold green",
    "summon": "green",
    "monster": "red",
    "elite": "bold yellow",
    "actor": "reverse",
}
"""Colours of the map's style tags (:mod:`rulekeeper.boards.hexdraw`), shared by every haven drawing."""


def drawing_text(drawing: hexdraw.HexDrawing, palette: Mapping[str, str]) -> Text:
    """A hex drawing as rich text, its tags coloured by ``palette`` (unknown tags stay plain).

    Lines are never wrapped: a wrapped hex map is unreadable, and the drawing
    already chose a layout for the width and noted when it does not fit.
    """
    text = Text(drawing.text(), no_wrap=True, overflow="ignore")
    for start, end, tag in drawing.offsets():
        style = palette.get(tag)
        if style:
            text.stylize(style, start, end)
    return text


def figure_mark(state: HavenState, figure_id: str) -> str:
    figure = state.figures[figure_id]
    if figure.kind == "character":
        return figure.id[:2].upper()
    if figure.kind == "summon":
        return "s" + str(figure.standee)
    if figure.kind == "objective":
        return "OB"  # HV-GOAL-2
    if figure.kind == "ally":
        return "a" + str(figure.standee)  # HV-GOAL-3
    letter = figure.type[0].upper() if figure.elite else figure.type[0].lower()
    return f"{letter}{figure.standee or '?'}"  # HV-SCEN-1: "?" until its number is drawn


def map_text(state: HavenState, width: int | None = None) -> RichGroup:
    """The revealed map drawn with :func:`rulekeeper.boards.hexdraw.draw_hexes`.

    Hexes are outlined, thin walls drawn with ``#`` and the map edge in bold;
    terrain, closed doors (``[]``) and figure marks fill the hexes. Rooms not
    yet revealed are not drawn. Given ``width`` (the console's), a map too
    wide to draw in full is drawn compact and the drawing says so. The legend
    and notes below the map wrap; the map itself never does.
    """
    visible = set(map_state.visible_hexes(state, with_closed_doors=True))
    locked = [  # HV-ROOM-2: shown, though no one may enter them yet
        d.hex
        for d in state.spec.doors
        if d.locked
        and d.hex not in state.open_doors
        and d.hex not in visible
        and any(n in visible for n in hexgrid.neighbours(d.hex))
    ]
    visible.update(locked)
    terrain_spec = state.spec.map.terrain
    terrain: dict[tuple[int, int], str] = {}
    for kind in hexdraw.TERRAIN_MARKS:
        for h in getattr(terrain_spec, kind):
            if h in visible and not (kind == "trap" and h in state.sprung_traps):
                terrain[h] = kind
    labels: dict[tuple[int, int], str] = {}
    tags: dict[tuple[int, int], list[str]] = {}
    doors = [h for h in map_state.closed_doors(state) if h in visible and h not in locked]
    for h in doors:
        labels[h] = "[]"
        tags[h] = ["door"]
    for h in locked:
        labels[h] = "LD"
        tags[h] = ["door"]
    for h in state.money:  # HV-LOOT-1..3: money or loot tokens ("$" and how many)
        if h in visible:
            count = state.money.count(h)
            labels[h] = "$" + (str(count) if count < 10 else "+")
    for h in loot.treasure_hexes(state).values():  # HV-LOOT-6
        if h in visible:
            labels[h] = "TT"
    plates = {r.when.plate for r in state.spec.rules if r.when.plate is not None}
    for h in plates:  # HV-ROOM-5: pressure plates
        if h in visible:
            labels[h] = "PP"
    linked = [pair for pair in state.spec.links if pair[0] in visible and pair[1] in visible]
    for n, pair in enumerate(linked):  # HV-ROOM-5: both hexes of a link carry one mark
        for h in pair:
            labels[h] = "L" + _LINK_MARKS[n % len(_LINK_MARKS)]
    actor = state.turn.actor if state.turn else None
    for figure in state.figures.values():
        kind = "elite" if figure.elite else figure.kind
        for h in figure.covers:  # HV-GOAL-2: an objective may cover several hexes
            if h in visible:
                labels[h] = figure_mark(state, figure.id)[:2]
                tags[h] = [kind] + (["actor"] if figure.id == actor else [])
    drawing = hexdraw.draw_hexes(
        sorted(visible),
        walls=state.spec.map.walls,
        terrain=terrain,
        labels=labels,
        styles=tags,
        width=width,
    )
    hidden = len(visible) < len(set(state.spec.map.hexes))
    legend = "  ".join(
        part
        for part in (
            drawing.legend,
            _("[] closed door") if doors else "",
            _("LD locked door") if locked else "",
            _token_legend(state) if state.money else "",
            _("TT treasure") if state.treasures else "",
            _("PP pressure plate") if any(h in visible for h in plates) else "",
            _("L1 linked hexes (the two hexes with one mark)") if linked else "",
            _("(unrevealed rooms are not drawn)") if hidden else "",
        )
        if part
    )
    below = Text(legend + "\n" if legend else "", style="dim")
    for note in drawing.notes:
        below.append(note + "\n", style="default")
    return RichGroup(drawing_text(drawing, MAP_STYLES), below)


_LINK_MARKS = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The second character of a link's mark, one per link shown (HV-ROOM-5)."""


def _token_legend(state: HavenState) -> str:
    if loot.token_name(state) == "loot":
        return _("$N loot tokens")
    return _("$N money tokens")


class MapView:
    """The map as a rich renderable, drawn for the console's width when printed."""

    def __init__(self, state: HavenState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield map_text(self.state, width=options.max_width)
