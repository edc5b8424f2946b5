"""The salvage board as SVG: the room grid with heroes and enemies, and the noise track.

Only reads the state. Rooms carry ``data-place="room-N"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.games.salvage.actions import Step
from rulekeeper.games.salvage.passives import abilities_of, uses_text
from rulekeeper.games.salvage.terms import STATUSES, say
from rulekeeper.i18n import N_, _
from rulekeeper.web.boards.svg import esc, svg_open

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState

CELL_W = 190
CELL_H = 150
DIE_STATUS = ("ready", "committed", "applied", "exhausted")
"""A hero die's states, in the order the panel lists them (shown as salvage's terms)."""
THRESHOLD_EFFECTS = {"spawn": N_("spawn"), "lose": N_("lose")}
"""What a noise threshold does, as the track shows it (the scenario keeps the English key)."""


def place_of(state: SalvageState, action: Action) -> str | None:
    if isinstance(action, Step):
        return f"room-{action.room}"
    return None


def draw(state: SalvageState) -> str:
    grid = state.data.grid
    width = grid.cols * CELL_W + 20
    height = grid.rows * CELL_H + 90
    out = [svg_open((0, 0, width, height), _("{title} rooms", title=state.data.title))]
    for row in range(grid.rows):
        for col in range(grid.cols):
            room_id = grid.room_at(row, col)
            if room_id is not None:
                out.append(_room(state, room_id, 10 + col * CELL_W, 10 + row * CELL_H))
    out.append(_noise(state, 10, grid.rows * CELL_H + 24))
    out.append("</svg>")
    return "".join(out)


def _room(state: SalvageState, room_id: int, x: int, y: int) -> str:
    room = state.rooms[room_id]
    status = "active" if room.active else "inactive"
    lines: list[tuple[str, str]] = [
        ("room-name", f"{room_id} {room.name}"),
        ("room-status", _("active") if room.active else _("inactive")),
    ]
    if room.items:
        top = room.items[0] if room.active else "?"
        lines.append(("items", _("items {n} (top: {top})", n=len(room.items), top=top)))
    if room.active and room.actions:
        lines.append(("room-actions", _("actions: {actions}", actions=list(room.actions))))
    for i, hero in enumerate(state.heroes):
        if hero.room == room_id:
            ko = " KO" if hero.knocked_out else ""
            turn = " ◀" if state.turn_hero == i else ""
            lines.append(("hero", f"{hero.name} {hero.health}/{hero.max_health}{ko}{turn}"))
    for enemy in state.enemies_in(room_id):
        health = state.data.enemy_specs[enemy.kind].health
        lines.append(("enemy", f"#{enemy.id} {enemy.kind} {health - enemy.wounds}/{health}"))
    texts = "".join(
        f'<text class="{css}" x="{x + 8}" y="{y + 20 + n * 16}">{esc(text[:30])}</text>'
        for n, (css, text) in enumerate(lines[:8])
    )
    return (
        f'<g class="room {status}" data-room="{room_id}">'
        f'<rect class="room-box" data-place="room-{room_id}" x="{x}" y="{y}" width="{CELL_W - 10}"'
        f' height="{CELL_H - 10}" rx="8"><title>{esc(room.name)}</title></rect>{texts}</g>'
    )


def _noise(state: SalvageState, x: int, y: int) -> str:
    out = [f'<g class="noise-track" transform="translate({x},{y})">']
    noise = _("noise {n}", n=state.noise)
    out.append(f'<text class="track-title" x="0" y="14">{esc(noise)}</text>')
    for n, threshold in enumerate(state.data.thresholds):
        fired = " fired" if n in state.fired else ""
        effect = THRESHOLD_EFFECTS.get(threshold.effect)
        shown = _(effect) if effect is not None else threshold.effect
        out.append(
            f'<g class="threshold{fired}"><rect x="{90 + n * 120}" y="0" width="112" height="22" rx="4"/>'
            f'<text x="{146 + n * 120}" y="11">{threshold.at}: {esc(shown[:14])}</text></g>'
        )
    round_text = _(
        "round {round} of {limit} · {phase}",
        round=state.round,
        limit=state.data.round_limit,
        phase=_(state.phase),
    )
    out.append(f'<text class="round" x="0" y="44">{esc(round_text)}</text>')
    out.append("</g>")
    return "".join(out)


def panel(state: SalvageState) -> str:
    rows = []
    for i, hero in enumerate(state.heroes):
        dice = "; ".join(
            say(STATUSES, status)
            + ": "
            + " ".join(
                d.die + (f"={d.face}" if d.face else "") for d in hero.dice if d.status == status
            )
            for status in DIE_STATUS
            if any(d.status == status for d in hero.dice)
        )
        items = ", ".join(it.name + (f" x{it.uses}" if it.uses else "") for it in hero.items) or "-"
        turn = " ◀" if state.turn_hero == i else ""
        rows.append(
            f"<tr><td>{esc(hero.name)}{turn}</td><td>{hero.health}/{hero.max_health}</td>"
            f"<td>{hero.strategy}</td><td>{esc(dice)}</td><td>{esc(items)}</td></tr>"
        )
    supply = ", ".join(
        _(
            "{die} {ready} ready/{exhausted} exhausted",
            die=die,
            ready=state.enemy_ready[die],
            exhausted=state.enemy_exhausted[die],
        )
        for die in sorted(state.enemy_ready)
    )
    heads = (_("hero"), _("health"), _("strategy"), _("dice"), _("items"))
    objective = _("objective: {text}", text=state.data.objective.text)
    caption = _("Heroes")
    enemy_dice = _("enemy dice: {supply}", supply=supply)
    return (
        f'<p class="status-line">{esc(objective)}</p>'
        f'<table class="heroes"><caption>{esc(caption)}</caption><tr>'
        + "".join(f"<th>{esc(h)}</th>" for h in heads)
        + "</tr>"
        + "".join(rows)
        + "</table>"
        f"<p>{esc(enemy_dice)}</p>" + _abilities(state)
    )


def _abilities(state: SalvageState) -> str:
    """Every hero ability with its uses; by-hand ones are marked, never hidden (SV-ENG-2)."""
    items = []
    for i, hero in enumerate(state.heroes):
        for spec in abilities_of(state, i):
            kind = (
                _("{kind}, resolve by hand", kind=_(spec.kind))
                if spec.effect == "by_hand"
                else _(spec.kind)
            )
            uses = f"; {uses_text(hero, spec)}" if spec.limited else ""
            what = spec.text or f"{spec.effect} {spec.amount}"
            items.append(
                f"<li>{esc(hero.name)}: {esc(spec.name)} ({esc(kind + uses)}): {esc(what)}</li>"
            )
    if not items:
        return ""
    title = _("abilities:")
    return f'<p>{esc(title)}</p><ul class="abilities">' + "".join(items) + "</ul>"
