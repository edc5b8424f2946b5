"""The areas board as SVG: the area graph with capacity, height, barriers and figures.

Only reads the state. Areas carry ``data-place="area-ID"``. The layout is a
fixed drawing choice: areas in columns by walking distance from the first
area, so the same scenario is always drawn the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.games.areas.actions import EnemyStep, Move
from rulekeeper.games.areas.reach import occupancy
from rulekeeper.i18n import N_, _
from rulekeeper.web.boards.svg import esc, svg_open

if TYPE_CHECKING:
    from rulekeeper.boards.areagraph import AreaGraph
    from rulekeeper.games.areas.game import AreasState

BOX_W = 200
BOX_H = 120
GAP_X = 80
GAP_Y = 36
SIDE_TURNS = {
    "heroes": N_("heroes' turns"),
    "allies": N_("allies' turns"),
    "enemies": N_("enemies' turns"),
}
KINDS = {"hero": N_("hero"), "ally": N_("ally"), "enemy": N_("enemy")}


def place_of(state: AreasState, action: Action) -> str | None:
    if isinstance(action, Move | EnemyStep):
        return f"area-{action.to}"
    return None


def layout(board: AreaGraph) -> dict[str, tuple[int, int]]:
    """Column (graph distance from the first area) and row of each area."""
    ids = list(board.areas)
    column: dict[str, int] = {}
    for start in ids:
        if start in column:
            continue
        base = max(column.values(), default=-1) + 1
        frontier = [start]
        column[start] = base
        while frontier:
            nxt = []
            for area in frontier:
                for other in board.neighbours(area):
                    if other not in column:
                        column[other] = column[area] + 1
                        nxt.append(other)
            frontier = nxt
    rows: dict[int, int] = {}
    placed = {}
    for area in ids:
        c = column[area]
        placed[area] = (c, rows.get(c, 0))
        rows[c] = rows.get(c, 0) + 1
    return placed


def draw(state: AreasState) -> str:
    board = state.board
    where = layout(board)
    cols = max(c for c, _ in where.values()) + 1
    rows = max(r for _, r in where.values()) + 1
    width = cols * (BOX_W + GAP_X) + 20
    height = rows * (BOX_H + GAP_Y) + 60
    used = occupancy(board, state.figures.values())

    def box(area: str) -> tuple[int, int]:
        c, r = where[area]
        return 20 + c * (BOX_W + GAP_X), 20 + r * (BOX_H + GAP_Y)

    out = [svg_open((0, 0, width, height), _("{title} area map", title=state.setup.title))]
    out.append('<g class="links">')
    for link in board.links:
        (ax, ay), (bx, by) = box(link.a), box(link.b)
        a = board.area(link.a)
        b = board.area(link.b)
        css = (
            "link barrier" if link.barrier else "link" + (" climb" if a.height != b.height else "")
        )
        x1, y1, x2, y2 = ax + BOX_W / 2, ay + BOX_H / 2, bx + BOX_W / 2, by + BOX_H / 2
        out.append(f'<line class="{css}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
        mid = ""
        if link.barrier:
            mid = "╳ " + _("barrier")
        elif a.height != b.height:
            mid = "↕ " + _("height")
        if mid:
            out.append(
                f'<text class="link-label" x="{(x1 + x2) / 2}" y="{(y1 + y2) / 2 - 4}">{esc(mid)}</text>'
            )
    out.append("</g>")
    for area in board.areas.values():
        x, y = box(area.id)
        full = used[area.id] >= area.capacity
        here = [f for f in state.figures.values() if f.area == area.id]
        shown = [_("{name} {health} hp", name=f.name[:18], health=f.health) for f in here[:4]]
        lines = "".join(
            f'<text class="{"hero" if f.kind in ("hero", "ally") else "enemy"}" x="{x + 8}" y="{y + 54 + n * 15}">'
            f"{esc(text)}</text>"
            for n, (f, text) in enumerate(zip(here, shown, strict=False))
        )
        room = {"used": used[area.id], "capacity": area.capacity, "height": area.height}
        capacity = (
            _("space {used}/{capacity} full · height {height}", **room)
            if full
            else _("space {used}/{capacity} · height {height}", **room)
        )
        out.append(
            f'<g class="area{" full" if full else ""}" data-area="{esc(area.id)}">'
            f'<rect class="area-box height-{min(area.height, 3)}" data-place="area-{esc(area.id)}" x="{x}" y="{y}"'
            f' width="{BOX_W}" height="{BOX_H}" rx="10"><title>{esc(area.name)}</title></rect>'
            f'<text class="area-name" x="{x + 8}" y="{y + 18}">{esc(area.name)}</text>'
            f'<text class="capacity" x="{x + 8}" y="{y + 36}">{esc(capacity)}</text>{lines}</g>'
        )
    side = SIDE_TURNS.get(state.phase)
    round_text = _(
        "round {round}/{limit} · {turns}",
        round=state.round,
        limit=state.setup.round_limit,
        turns=_(side) if side is not None else state.phase,
    )
    out.append(f'<text class="round" x="20" y="{height - 16}">{esc(round_text)}</text>')
    out.append("</svg>")
    return "".join(out)


def panel(state: AreasState) -> str:
    rows = []
    for f in state.figures.values():
        notes = []
        if f.poison:
            notes.append(_("poison {n}", n=f.poison))
        if f.stunned:
            notes.append(_("stunned"))
        kind = KINDS.get(f.kind)
        rows.append(
            f"<tr><td>{esc(f.name)}</td><td>{esc(_(kind) if kind else f.kind)}</td>"
            f"<td>{esc(state.board.area(f.area).name)}</td>"
            f"<td>{f.health}/{f.max_health}</td><td>{esc('; '.join(notes))}</td></tr>"
        )
    removed = _("Removed: {figures}", figures=list(state.fallen))
    fallen = f"<p>{esc(removed)}</p>" if state.fallen else ""
    heads = (_("figure"), _("side"), _("area"), _("health"), _("notes"))
    caption = _("Figures")
    return (
        f'<table class="figures"><caption>{esc(caption)}</caption><tr>'
        + "".join(f"<th>{esc(h)}</th>" for h in heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
        + fallen
    )
