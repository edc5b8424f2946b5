"""How the CLI shows a salvage game: the room grid, the noise track, heroes' dice.

Rendering never decides a rule; it only reads the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from rulekeeper.boards.textgrid import grid, pack, wrap
from rulekeeper.core.actions import Action
from rulekeeper.games.salvage.actions import (
    ActivateRoom,
    AnswerTrade,
    ApplyHit,
    ApplyRoll,
    ChooseHero,
    CommitDie,
    DieFace,
    EndEngagement,
    EndTurn,
    EnemyFace,
    FinishAttack,
    FinishRecovery,
    LeaveInactive,
    NextOpportunity,
    OfferItem,
    ProposeTrade,
    RecoverDie,
    Reroll,
    Resolved,
    RollDice,
    StartAttack,
    StartMove,
    StartSalvage,
    StartTrade,
    Step,
    StopMoving,
    UseAbility,
    UseItem,
    UseRoomAction,
)
from rulekeeper.games.salvage.passives import abilities_of, ability_named, uses_text
from rulekeeper.games.salvage.state import SalvageState

STATUS_STYLE = {"ready": "green", "committed": "yellow", "applied": "magenta", "exhausted": "dim"}
FACE_MARK = {"hit": "H", "crit": "C!", "blank": "-"}


def _room_cell(state: SalvageState, room_id: int) -> Text:
    room = state.rooms[room_id]
    text = Text()
    style = "bold" if room.active else "dim italic"
    text.append(f"{room_id} {room.name}\n", style=style)
    text.append(
        "active" if room.active else "inactive (face-down)", style="green" if room.active else "dim"
    )
    if room.items:
        top = room.items[0] if room.active else "?"
        text.append(f"\nitems: {len(room.items)} (top: {top})")
    if room.active and room.actions:
        text.append(f"\nactions: {', '.join(room.actions)}", style="cyan")
    for i, hero in enumerate(state.heroes):
        if hero.room == room_id:
            mark = " (KO)" if hero.knocked_out else ""
            text.append(
                f"\n[{i}] {hero.name} {hero.health}/{hero.max_health}{mark}", style="bold blue"
            )
    for enemy in state.enemies_in(room_id):
        health = state.data.enemy_specs[enemy.kind].health
        text.append(
            f"\n#{enemy.id} {enemy.kind} {health - enemy.wounds}/{health}", style="bold red"
        )
    return text


def render_state(state: SalvageState) -> Any:
    grid = state.data.grid
    board = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(grid.cols):
        board.add_column(min_width=12)
    for row in range(grid.rows):
        cells = []
        for col in range(grid.cols):
            room = grid.room_at(row, col)
            cells.append(Text("") if room is None else _room_cell(state, room))
        board.add_row(*cells)

    thresholds = " ".join(
        f"[{'x' if i in state.fired else ' '}]{t.at}:{t.effect}"
        for i, t in enumerate(state.data.thresholds)
    )
    track = Text(f"noise {state.noise}   thresholds {thresholds}", style="bold")
    header = Text(
        f"{state.data.title} - round {state.round} of {state.data.round_limit}, {state.phase}"
        f"   objective: {state.data.objective.text}"
    )
    supply = ", ".join(
        f"{die} {state.enemy_ready[die]} ready/{state.enemy_exhausted[die]} exhausted"
        for die in sorted(state.enemy_ready)
    )

    heroes = Table(title="heroes", show_lines=False)
    for column in ("hero", "Health", "Strategy", "dice", "items"):
        heroes.add_column(column)
    for i, hero in enumerate(state.heroes):
        dice = Text()
        for status in ("ready", "committed", "applied", "exhausted"):
            group = [d for d in hero.dice if d.status == status]
            if not group:
                continue
            shown = " ".join(
                d.die + (f"={FACE_MARK.get(d.face, d.face)}" if d.face else "") for d in group
            )
            dice.append(f"{status}: {shown}  ", style=STATUS_STYLE[status])
        items = (
            ", ".join(f"{it.name}" + (f" x{it.uses}" if it.uses else "") for it in hero.items)
            or "-"
        )
        turn = " *" if state.turn_hero == i else ""
        heroes.add_row(
            f"[{i}] {hero.name}{turn}",
            f"{hero.health}/{hero.max_health}",
            str(hero.strategy),
            dice,
            items,
        )

    abilities = _abilities_text(state)
    # A grid, not bare Text: the play loop's soft-wrapping console crops Text inside a
    # Panel, which cut the objective off on narrow terminals.
    header_grid = Table.grid()
    header_grid.add_row(header)
    return Group(
        Panel(header_grid),
        board,
        track,
        Text(f"enemy dice: {supply}"),
        heroes,
        *([abilities] if abilities.plain else []),
    )


def _abilities_text(state: SalvageState) -> Text:
    """Every hero ability, with its uses left; by-hand ones are marked, never hidden."""
    text = Text()
    for i, hero in enumerate(state.heroes):
        for spec in abilities_of(state, i):
            if text.plain:
                text.append("\n")
            what = spec.text or f"{spec.effect} {spec.amount}".strip()
            kind = "action" if spec.kind == "action" else "passive"
            if spec.effect == "by_hand":
                kind += ", resolve by hand"
            uses = f"; {uses_text(hero, spec)}" if spec.limited else ""
            text.append(f"[{i}] {spec.name} ({kind}{uses}): {what}", style="cyan")
    return text


def describe(state: SalvageState, action: Action) -> str:
    hero = state.heroes[state.turn_hero] if state.turn_hero is not None else None
    if isinstance(action, ChooseHero):
        return f"{state.heroes[action.hero].name} takes the next Engagement turn"
    if isinstance(action, EndEngagement):
        return "end Engagement (remaining heroes pass)"
    if isinstance(action, EndTurn):
        return "end this hero's turn"
    if isinstance(action, StartMove):
        return "move (commit 0..max Health dice)"
    if isinstance(action, StartAttack):
        return "attack (commit up to max Health dice)"
    if isinstance(action, StartSalvage):
        return "salvage (commit all ready dice)"
    if isinstance(action, StartTrade):
        return f"trade with {state.heroes[action.partner].name}"
    if isinstance(action, UseRoomAction):
        room_action = state.data.room_actions[action.name]
        return f"room action {action.name}: {room_action.text or room_action.effect}"
    if isinstance(action, UseItem) and hero is not None:
        item = hero.items[action.slot]
        spec = state.data.items[item.name]
        target = ""
        if action.target is not None:
            enemy = state.enemy(action.target)
            target = f" on {enemy.kind} #{enemy.id}" if enemy else f" on #{action.target}"
        kind = "action" if spec.action else "free"
        return (
            f"use {item.name}{target} ({spec.text or spec.effect}; {kind}; {item.uses} use(s) left)"
        )
    if isinstance(action, UseAbility) and state.turn_hero is not None:
        ability = ability_named(state, state.turn_hero, action.ability)
        target = ""
        if action.target is not None:
            enemy = state.enemy(action.target)
            target = f" on {enemy.kind} #{enemy.id}" if enemy else f" on #{action.target}"
        what = "" if ability is None else f" ({ability.text or ability.effect})"
        return f"ability {action.ability}{target}{what}"
    if isinstance(action, Resolved):
        return f"done: {action.ability} was resolved by hand"
    if isinstance(action, CommitDie):
        return f"commit one {action.die} die"
    if isinstance(action, RollDice):
        return "roll the committed dice"
    if isinstance(action, Reroll):
        return "re-roll all committed dice (another Strategy phase)"
    if isinstance(action, ApplyRoll):
        return "apply the roll"
    if isinstance(action, ApplyHit) and hero is not None:
        die = hero.dice[action.die]
        enemy = state.enemy(action.enemy)
        name = f"{enemy.kind} #{enemy.id}" if enemy else f"#{action.enemy}"
        return f"apply {die.die} die {action.die} ({die.face}) to {name}"
    if isinstance(action, FinishAttack):
        return "finish the attack (exhaust unapplied dice)"
    if isinstance(action, Step):
        return f"step into room {action.room} ({state.rooms[action.room].name})"
    if isinstance(action, StopMoving):
        return "stop moving"
    if isinstance(action, NextOpportunity):
        enemy = state.enemy(action.enemy)
        return f"opportunity attack next from {enemy.kind if enemy else ''} #{action.enemy}"
    if isinstance(action, ActivateRoom):
        return f"activate the room ({action.requirement})"
    if isinstance(action, LeaveInactive):
        return "leave the room face-down"
    if isinstance(action, RecoverDie):
        return f"recover an exhausted {action.die} die"
    if isinstance(action, FinishRecovery):
        return "recover no more dice"
    if isinstance(action, OfferItem):
        owner = state.heroes[action.owner]
        return f"add {owner.items[action.slot].name} (from {owner.name}) to the trade"
    if isinstance(action, ProposeTrade):
        return "propose the trade"
    if isinstance(action, AnswerTrade):
        return "accept the trade" if action.accept else "refuse the trade"
    if isinstance(action, DieFace | EnemyFace):
        return f"the {action.die} die shows {action.face}"
    return action.label()


def screen(
    state: SalvageState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The salvage play screen in sections of plain lines within ``width`` (cli/play.py)."""
    title = (
        f"{state.data.title} · round {state.round} of {state.data.round_limit} · {state.phase}"
        f" · seed {state.seed}"
    )
    goal = wrap(f"objective: {state.data.objective.text}", width)
    grid_data = state.data.grid
    rows = []
    for row in range(grid_data.rows):
        cells = []
        for col in range(grid_data.cols):
            room_id = grid_data.room_at(row, col)
            if room_id is None:
                cells.append([""])
                continue
            room = state.rooms[room_id]
            figures = [
                f"H{i}" + ("(KO)" if hero.knocked_out else "")
                for i, hero in enumerate(state.heroes)
                if hero.room == room_id
            ]
            figures += [f"#{e.id}" for e in state.enemies_in(room_id)]
            items = f"{len(room.items)} item{'s' if len(room.items) != 1 else ''}"
            cells.append(
                [
                    f"{room_id} {room.name}",
                    ("open" if room.active else "face-down") + (f", {items}" if room.items else ""),
                    " ".join(figures),
                ]
            )
        rows.append(cells)
    board = grid(rows, width)
    thresholds = " ".join(
        f"[{'x' if i in state.fired else ' '}]{t.at}:{t.effect}"
        for i, t in enumerate(state.data.thresholds)
    )
    supply = ", ".join(
        f"{die} {state.enemy_ready[die]}/{state.enemy_ready[die] + state.enemy_exhausted[die]}"
        for die in sorted(state.enemy_ready)
    )
    board += wrap(f"noise {state.noise}  thresholds {thresholds}", width)
    board += wrap(f"enemy dice ready: {supply}", width)
    enemies = []
    for enemy in sorted(
        (e for r in state.rooms for e in state.enemies_in(r.id) if True), key=lambda e: e.id
    ):
        health = state.data.enemy_specs[enemy.kind].health
        enemies.append(f"#{enemy.id} {enemy.kind} {health - enemy.wounds}/{health}")
    heroes = []
    for i, hero in enumerate(state.heroes):
        counts: dict[str, int] = {}
        for d in hero.dice:
            if d.status != "exhausted":
                key = d.die + (f"={FACE_MARK.get(d.face, d.face)}" if d.face else "")
                counts[key] = counts.get(key, 0) + 1
        dice = " ".join(f"{key}x{n}" if n > 1 else key for key, n in counts.items())
        spent = sum(1 for d in hero.dice if d.status == "exhausted")
        items = ", ".join(it.name + (f" x{it.uses}" if it.uses else "") for it in hero.items)
        turn = "*" if state.turn_hero == i else " "
        line = (
            f"{turn}H{i} {hero.name} {hero.health}/{hero.max_health} strategy {hero.strategy}"
            f" dice {dice or '-'}" + (f" ({spent} exhausted)" if spent else "")
        )
        heroes += wrap(line + (f"; {items}" if items else ""), width, "     ")
    return [
        ("title", wrap(title, width)),
        ("goal", goal),
        ("board", board),
        ("enemies", pack(enemies, width)),
        ("heroes", heroes),
    ]
