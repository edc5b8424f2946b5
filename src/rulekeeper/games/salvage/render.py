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
from rulekeeper.games.salvage.terms import EFFECTS, FACES, PHASES, STATUSES, requirement, say
from rulekeeper.i18n import _, _n, text_of

STATUS_STYLE = {"ready": "green", "committed": "yellow", "applied": "magenta", "exhausted": "dim"}
FACE_MARK = {"hit": "H", "crit": "C!", "blank": "-"}


def _room_cell(state: SalvageState, room_id: int) -> Text:
    room = state.rooms[room_id]
    text = Text()
    style = "bold" if room.active else "dim italic"
    text.append(f"{room_id} {room.name}\n", style=style)
    text.append(
        _("active") if room.active else _("inactive (face-down)"),
        style="green" if room.active else "dim",
    )
    if room.items:
        top = room.items[0] if room.active else "?"
        text.append("\n" + _("items: {count} (top: {top})", count=len(room.items), top=top))
    if room.active and room.actions:
        text.append("\n" + _("actions: {actions}", actions=list(room.actions)), style="cyan")
    for i, hero in enumerate(state.heroes):
        if hero.room == room_id:
            mark = " " + _("(KO)") if hero.knocked_out else ""
            text.append(
                f"\n[{i}] {hero.name} {hero.health}/{hero.max_health}{mark}", style="bold blue"
            )
    for enemy in state.enemies_in(room_id):
        health = state.data.enemy_specs[enemy.kind].health
        text.append(
            f"\n#{enemy.id} {enemy.kind} {health - enemy.wounds}/{health}", style="bold red"
        )
    return text


def _thresholds(state: SalvageState) -> str:
    return " ".join(
        f"[{'x' if i in state.fired else ' '}]{t.at}:{say(EFFECTS, t.effect)}"
        for i, t in enumerate(state.data.thresholds)
    )


def render_state(state: SalvageState) -> Any:
    grid = state.data.grid
    board = Table(show_header=False, show_lines=True, expand=False)
    for _col in range(grid.cols):
        board.add_column(min_width=12)
    for row in range(grid.rows):
        cells = []
        for col in range(grid.cols):
            room = grid.room_at(row, col)
            cells.append(Text("") if room is None else _room_cell(state, room))
        board.add_row(*cells)

    track = Text(
        _(
            "noise {noise}   thresholds {thresholds}",
            noise=state.noise,
            thresholds=_thresholds(state),
        ),
        style="bold",
    )
    header = Text(
        _(
            "{title} - round {round} of {limit}, {phase}   objective: {objective}",
            title=state.data.title,
            round=state.round,
            limit=state.data.round_limit,
            phase=say(PHASES, state.phase),
            objective=state.data.objective.text,
        )
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

    heroes = Table(title=_("heroes"), show_lines=False)
    for column in (_("hero"), _("Health"), _("Strategy"), _("dice"), _("items")):
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
            dice.append(f"{say(STATUSES, status)}: {shown}  ", style=STATUS_STYLE[status])
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
        Text(_("enemy dice: {supply}", supply=supply)),
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
            what = spec.text or f"{say(EFFECTS, spec.effect)} {spec.amount or ''}".strip()
            if spec.kind == "action":
                kind = _("action, resolve by hand") if spec.effect == "by_hand" else _("action")
            else:
                kind = _("passive, resolve by hand") if spec.effect == "by_hand" else _("passive")
            uses = f"; {text_of(uses_text(hero, spec))}" if spec.limited else ""
            text.append(f"[{i}] {spec.name} ({kind}{uses}): {what}", style="cyan")
    return text


def _enemy_name(state: SalvageState, enemy_id: int) -> str:
    enemy = state.enemy(enemy_id)
    return f"{enemy.kind} #{enemy.id}" if enemy else f"#{enemy_id}"


def describe(state: SalvageState, action: Action) -> str:
    hero = state.heroes[state.turn_hero] if state.turn_hero is not None else None
    if isinstance(action, ChooseHero):
        return _("{hero} takes the next Engagement turn", hero=state.heroes[action.hero].name)
    if isinstance(action, EndEngagement):
        return _("end Engagement (remaining heroes pass)")
    if isinstance(action, EndTurn):
        return _("end this hero's turn")
    if isinstance(action, StartMove):
        return _("move (commit 0..max Health dice)")
    if isinstance(action, StartAttack):
        return _("attack (commit up to max Health dice)")
    if isinstance(action, StartSalvage):
        return _("salvage (commit all ready dice)")
    if isinstance(action, StartTrade):
        return _("trade with {hero}", hero=state.heroes[action.partner].name)
    if isinstance(action, UseRoomAction):
        room_action = state.data.room_actions[action.name]
        return _(
            "room action {action}: {text}",
            action=action.name,
            text=room_action.text or say(EFFECTS, room_action.effect),
        )
    if isinstance(action, UseItem) and hero is not None:
        item = hero.items[action.slot]
        spec = state.data.items[item.name]
        what = spec.text or say(EFFECTS, spec.effect)
        if action.target is not None:
            target = _enemy_name(state, action.target)
            if spec.action:
                return _n(
                    "use {item} on {target} ({text}; action; {n} use left)",
                    "use {item} on {target} ({text}; action; {n} uses left)",
                    item.uses,
                    item=item.name,
                    target=target,
                    text=what,
                )
            return _n(
                "use {item} on {target} ({text}; free; {n} use left)",
                "use {item} on {target} ({text}; free; {n} uses left)",
                item.uses,
                item=item.name,
                target=target,
                text=what,
            )
        if spec.action:
            return _n(
                "use {item} ({text}; action; {n} use left)",
                "use {item} ({text}; action; {n} uses left)",
                item.uses,
                item=item.name,
                text=what,
            )
        return _n(
            "use {item} ({text}; free; {n} use left)",
            "use {item} ({text}; free; {n} uses left)",
            item.uses,
            item=item.name,
            text=what,
        )
    if isinstance(action, UseAbility) and state.turn_hero is not None:
        ability = ability_named(state, state.turn_hero, action.ability)
        what = "" if ability is None else ability.text or say(EFFECTS, ability.effect)
        if action.target is not None:
            return _(
                "ability {ability} on {target} ({text})",
                ability=action.ability,
                target=_enemy_name(state, action.target),
                text=what,
            )
        return _("ability {ability} ({text})", ability=action.ability, text=what)
    if isinstance(action, Resolved):
        return _("done: {ability} was resolved by hand", ability=action.ability)
    if isinstance(action, CommitDie):
        return _("commit one {die} die", die=action.die)
    if isinstance(action, RollDice):
        return _("roll the committed dice")
    if isinstance(action, Reroll):
        return _("re-roll all committed dice (another Strategy phase)")
    if isinstance(action, ApplyRoll):
        return _("apply the roll")
    if isinstance(action, ApplyHit) and hero is not None:
        die = hero.dice[action.die]
        return _(
            "apply {die} die {index} ({face}) to {target}",
            die=die.die,
            index=action.die,
            face=say(FACES, die.face or ""),
            target=_enemy_name(state, action.enemy),
        )
    if isinstance(action, FinishAttack):
        return _("finish the attack (exhaust unapplied dice)")
    if isinstance(action, Step):
        return _(
            "step into room {room} ({name})", room=action.room, name=state.rooms[action.room].name
        )
    if isinstance(action, StopMoving):
        return _("stop moving")
    if isinstance(action, NextOpportunity):
        return _("opportunity attack next from {enemy}", enemy=_enemy_name(state, action.enemy))
    if isinstance(action, ActivateRoom):
        return _(
            "activate the room ({requirement})",
            requirement=text_of(requirement(action.requirement)),
        )
    if isinstance(action, LeaveInactive):
        return _("leave the room face-down")
    if isinstance(action, RecoverDie):
        return _("recover an exhausted {die} die", die=action.die)
    if isinstance(action, FinishRecovery):
        return _("recover no more dice")
    if isinstance(action, OfferItem):
        owner = state.heroes[action.owner]
        return _(
            "add {item} (from {hero}) to the trade",
            item=owner.items[action.slot].name,
            hero=owner.name,
        )
    if isinstance(action, ProposeTrade):
        return _("propose the trade")
    if isinstance(action, AnswerTrade):
        return _("accept the trade") if action.accept else _("refuse the trade")
    if isinstance(action, DieFace | EnemyFace):
        return _("the {die} die shows {face}", die=action.die, face=say(FACES, action.face))
    return action.label()


def screen(
    state: SalvageState, width: int, choices: Sequence[Action] = ()
) -> list[tuple[str, list[str]]]:
    """The salvage play screen in sections of plain lines within ``width`` (cli/play.py)."""
    title = _(
        "{title} · round {round} of {limit} · {phase} · seed {seed}",
        title=state.data.title,
        round=state.round,
        limit=state.data.round_limit,
        phase=say(PHASES, state.phase),
        seed=state.seed,
    )
    goal = wrap(_("objective: {objective}", objective=state.data.objective.text), width)
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
                f"H{i}" + (_("(KO)") if hero.knocked_out else "")
                for i, hero in enumerate(state.heroes)
                if hero.room == room_id
            ]
            figures += [f"#{e.id}" for e in state.enemies_in(room_id)]
            if room.items:
                look = (
                    _n("open, {n} item", "open, {n} items", len(room.items))
                    if room.active
                    else _n("face-down, {n} item", "face-down, {n} items", len(room.items))
                )
            else:
                look = _("open") if room.active else _("face-down")
            cells.append([f"{room_id} {room.name}", look, " ".join(figures)])
        rows.append(cells)
    board = grid(rows, width)
    supply = ", ".join(
        f"{die} {state.enemy_ready[die]}/{state.enemy_ready[die] + state.enemy_exhausted[die]}"
        for die in sorted(state.enemy_ready)
    )
    board += wrap(
        _(
            "noise {noise}  thresholds {thresholds}",
            noise=state.noise,
            thresholds=_thresholds(state),
        ),
        width,
    )
    board += wrap(_("enemy dice ready: {supply}", supply=supply), width)
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
        line = f"{turn}H{i} {hero.name} {hero.health}/{hero.max_health} " + _(
            "strategy {strategy} dice {dice}", strategy=hero.strategy, dice=dice or "-"
        )
        if spent:
            line += " " + _n("({n} exhausted)", "({n} exhausted)", spent)
        heroes += wrap(line + (f"; {items}" if items else ""), width, "     ")
    return [
        ("title", wrap(title, width)),
        ("goal", goal),
        ("board", board),
        ("enemies", pack(enemies, width)),
        ("heroes", heroes),
    ]
