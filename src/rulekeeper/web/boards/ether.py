"""The ether board as SVG: the map cards placed so far, their spaces, walls, heroes and enemies.

Only reads the state. Spaces carry ``data-place="sp-x,y"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.mapcards import DIRECTIONS, Space
from rulekeeper.core.actions import Action
from rulekeeper.games.ether.actions import Step
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.render import describe_action as _describe
from rulekeeper.i18n import _
from rulekeeper.web.boards.svg import esc, svg_open

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState

CELL = 84
ARROWS = {"north": "▲", "east": "▶", "south": "▼", "west": "◀"}


def space_key(space: Space) -> str:
    return f"sp-{space.x},{space.y}"


def place_of(state: EtherState, action: Action) -> str | None:
    if isinstance(action, Step) and state.hero.space is not None:
        target = state.board.neighbours(state.hero.space).get(action.direction)
        return space_key(target) if target is not None else None
    return None


def draw(state: EtherState) -> str:
    board = state.board
    min_x, min_y, max_x, max_y = board.bounds()
    width = max((max_x - min_x + 1) * CELL + 40, 460)
    height = (max_y - min_y + 1) * CELL + 70
    out = [svg_open((0, 0, width, height), _("{title} map", title=state.content.title))]

    def origin(space: Space) -> tuple[int, int]:
        return 20 + (space.x - min_x) * CELL, 20 + (space.y - min_y) * CELL

    for pos, card_id in sorted(state.placed.items()):
        spaces = board.spaces_of(pos)
        xs = [origin(s)[0] for s in spaces]
        ys = [origin(s)[1] for s in spaces]
        name = state.content.map_cards[card_id].name
        out.append(
            f'<g class="map-card" data-card="{esc(card_id)}"><rect class="card-box" x="{min(xs) - 3}" y="{min(ys) - 3}"'
            f' width="{max(xs) - min(xs) + CELL + 6}" height="{max(ys) - min(ys) + CELL + 6}" rx="6"/>'
            f'<text class="card-name" x="{min(xs) + 4}" y="{min(ys) + 12}">{esc(name)}</text></g>'
        )
    for space in board.spaces():
        out.append(_space(state, space, *origin(space)))
    out.append(_walls(state, origin))
    round_text = _(
        "round {round} · ether {ether}/{end} · phase {phase}",
        round=state.round,
        ether=state.ether,
        end=state.content.ether_end,
        phase=_(state.phase),
    )
    out.append(f'<text class="round" x="20" y="{height - 20}">{esc(round_text)}</text>')
    out.append("</svg>")
    return "".join(out)


def _space(state: EtherState, space: Space, x: int, y: int) -> str:
    marks: list[tuple[str, str]] = []
    for hero in state.heroes:
        if hero.space == space:
            marks.append(("hero", f"{hero.name.split()[0]} {hero.health}/{hero.max_health}"))
    for enemy in state.enemies.values():
        if enemy.space == space:
            css = "boss" if enemy.uid == BOSS_UID else "enemy"
            marks.append((css, f"{state.enemy_name(enemy)[:10]} {state.enemy_health(enemy)}"))
    features = state.features(space)
    notes = ""
    if features.enemy_icon:
        notes += "!"
    notes += "".join(ARROWS[a.direction] for a in features.explores)
    if features.uniques:
        notes += "★"
    texts = "".join(
        f'<text class="{css}" x="{x + 4}" y="{y + 30 + n * 14}">{esc(text)}</text>'
        for n, (css, text) in enumerate(marks[:4])
    )
    title = _("space {space}", space=str(space))
    return (
        f'<g class="space" data-space="{space.x},{space.y}">'
        f'<rect class="space-box" data-place="{space_key(space)}" x="{x + 2}" y="{y + 2}" width="{CELL - 4}"'
        f' height="{CELL - 4}"><title>{esc(title)}</title></rect>'
        f'<text class="features" x="{x + CELL - 6}" y="{y + 16}">{esc(notes)}</text>{texts}</g>'
    )


def _walls(state: EtherState, origin: object) -> str:
    board = state.board
    out = ['<g class="walls">']
    for space in board.spaces():
        x, y = origin(space)  # type: ignore[operator]
        for direction in DIRECTIONS:
            other = space.step(direction)
            if board.has_space(other) and not board.wall_between(space, other):
                continue
            inside = board.has_space(other)
            if inside and direction in ("west", "north"):
                continue  # drawn once, from the other side
            css = "wall" if inside else "edge-line"  # a wall inside the map, or the map's edge
            x1, y1, x2, y2 = {
                "north": (x, y, x + CELL, y),
                "south": (x, y + CELL, x + CELL, y + CELL),
                "west": (x, y, x, y + CELL),
                "east": (x + CELL, y, x + CELL, y + CELL),
            }[direction]
            out.append(f'<line class="{css}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    out.append("</g>")
    return "".join(out)


def panel(state: EtherState) -> str:
    rows = []
    for index, hero in enumerate(state.heroes):
        marker = "▶ " if state.phase == "activation" and index == state.active else ""
        dice = " ".join(f"{d.id}{'' if d.ready else '(x)'}" for d in hero.dice)
        cards = ", ".join(state.content.card_name(c) for c in [*hero.hand, *hero.inventory])
        where = _("defeated") if hero.space is None else str(hero.space)
        rows.append(
            f"<tr><td>{esc(marker + hero.name)}</td><td>{hero.health}/{hero.max_health}</td>"
            f"<td>{esc(where)}</td>"
            f"<td>{esc(dice)}</td><td>{esc(cards)}</td></tr>"
        )
    caption = _("Heroes")
    legend = _("! enemy icon · ▲▶▼◀ explore · ★ unique action")
    heads = (_("hero"), _("health"), _("space"), _("dice ((x) exhausted)"), _("hand and inventory"))
    return (
        f'<p class="status-line">{esc(legend)}</p>'
        f'<table class="heroes"><caption>{esc(caption)}</caption><tr>'
        + "".join(f"<th>{esc(h)}</th>" for h in heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
    )


describe_action = _describe
