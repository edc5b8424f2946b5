"""The companion table in the terminal: round, elements, initiative, standees and their
numbers, characters, loot and the objective (rich renderables; no rule is decided here)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rulekeeper.core.actions import Action
from rulekeeper.games.haven.actions import (
    DrawAbility,
    LongRest,
    Negate,
    PlayHalf,
    Resolved,
    RestLoss,
    SelectCard,
)
from rulekeeper.games.haven.attack_draw import DrawModifier
from rulekeeper.games.haven.companion_actions import (
    Attack,
    ChooseClass,
    Consume,
    DeclareResult,
    EndTurn,
    Infuse,
    OpenDoor,
    Spawn,
    SummonFigure,
)
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_state import CompanionState


def render_companion(state: CompanionState) -> Any:
    head = Text(f"{state.content.title} — round {state.round}, {state.phase}", style="bold")
    parts: list[Any] = [head]
    if state.players:
        parts.append(Text(f"scenario level {max(0, state.level)} · {state.players} character(s)"))
    elements = ", ".join(f"{e} {level}" for e, level in sorted(state.elements.items()))
    parts.append(Text(f"elements: {elements or 'all inert'}"))
    if state.order:
        marks = [
            ("▶ " if n == state.slot else "") + entry.split(":", 1)[1]
            for n, entry in enumerate(state.order)
        ]
        parts.append(Text("initiative: " + " · ".join(marks)))
    parts.append(Text(f"rooms revealed: {', '.join(state.revealed) or 'none'}"))
    parts.append(
        Text(
            f"loot tokens on the board: {state.tokens}; treasures: {', '.join(state.treasures) or 'none'}"
        )
    )
    if state.monsters():
        parts.append(_monster_table(state))
    summons = [f for f in state.figures.values() if f.kind == "summon"]
    if summons:
        lines = [f"{f.id} ({f.owner}) {f.hp}/{f.max_hp}" for f in summons]
        parts.append(Text("summons: " + "; ".join(lines)))
    objectives = [f for f in state.figures.values() if f.kind == "objective"]
    if objectives:
        lines = [
            f"{f.id} {f.hp}/{f.max_hp}{' (protect it)' if f.escort else ''}" for f in objectives
        ]
        parts.append(Text("objectives: " + "; ".join(lines)))
    if state.characters:
        parts.append(_character_table(state))
    return Group(*parts)


def _monster_table(state: CompanionState) -> Table:
    table = Table(title="monsters", title_justify="left")
    for column in ("standee", "hit points", "conditions", "this round"):
        table.add_column(column)
    for figure in sorted(state.monsters(), key=lambda m: (m.type, m.number)):
        rank = "boss" if figure.boss else ("elite" if figure.elite else "normal")
        card = state.groups[figure.type].card
        table.add_row(
            f"{figure.id} ({rank})",
            f"{figure.hp}/{figure.max_hp}",
            ", ".join(figure.conditions),
            f"{card}: {numbers(state, figure).summary()}" if card else "",
        )
    return table


def _character_table(state: CompanionState) -> Table:
    table = Table(title="characters", title_justify="left")
    for column in ("character", "hit points", "conditions", "hand/discard/lost", "cards", "loot"):
        table.add_column(column)
    for character in state.characters.values():
        figure = state.figures.get(character.id)
        hp = "exhausted" if figure is None else f"{figure.hp}/{figure.max_hp}"
        chosen = (
            "long rest"
            if character.long_rest
            else " + ".join(c for c in (character.leading, character.second) if c)
        )
        table.add_row(
            f"{character.id} (L{character.level})",
            hp,
            "" if figure is None else ", ".join(figure.conditions),
            f"{len(character.hand)}/{len(character.discard)}/{len(character.lost)}",
            f"{chosen} ({character.initiative})" if chosen else "",
            f"{character.money} tokens" + "".join(f", treasure {t}" for t in character.treasures),
        )
    return table


def describe(state: CompanionState, action: Action) -> str:
    """How a menu shows an action."""
    if isinstance(action, DrawAbility):
        deck = state.content.deck_of(action.group)
        drawn = next((c for c in deck.cards if c.id == action.card), None)
        initiative = f" (initiative {drawn.initiative})" if drawn is not None else ""
        name = state.content.monster_types[action.group].name
        return f"{name}'s ability card: {action.card}{initiative}"
    if isinstance(action, DrawModifier):
        return f"the {action.deck} modifier deck shows {action.card}"
    if isinstance(action, RestLoss):
        return f"{action.character}'s short rest loses {action.card}"
    if isinstance(action, Negate):
        words = {
            "suffer": "suffer the damage",
            "hand": "negate it: lose 1 card from hand",
            "discard": "negate it: lose 2 cards from discard",
        }
        return f"{action.character}: {words[action.choice]}"
    if isinstance(action, Resolved):
        return f"resolved: {action.rule}"
    if isinstance(action, SelectCard):
        cls = state.content.classes[action.character]
        card = next((c for c in cls.cards if c.id == action.card), None)
        name = f" {card.name}" if card is not None and card.name else ""
        initiative = f" (initiative {card.initiative})" if card is not None else ""
        return f"select {action.card}{name}{initiative}"
    if isinstance(action, LongRest):
        return f"{action.character}: long rest"
    if isinstance(action, PlayHalf):
        return f"play {action.card} {action.half}{' as basic' if action.basic else ''}"
    if isinstance(action, ChooseClass):
        return f"{state.content.classes[action.character].name} (level {action.level})"
    if isinstance(action, Attack):
        extra = f" pierce {action.pierce}" if action.pierce else ""
        extra += f" {action.mode}" if action.mode != "none" else ""
        extra += "".join(f" {c}" for c in action.conditions)
        return f"{action.attacker} attacks {action.target} with attack {action.value}{extra}"
    if isinstance(action, Infuse):
        return f"infuse {action.element}"
    if isinstance(action, Consume):
        return f"consume {action.element}"
    if isinstance(action, OpenDoor):
        return f"open the door to room {action.room}"
    if isinstance(action, Spawn):
        what = f"an elite {action.monster}" if action.elite else f"a {action.monster}"
        return f"set out {what} (summoned or spawned)"
    if isinstance(action, SummonFigure):
        summon = state.content.classes[action.character].summons[action.summon]
        return f"{action.character} summons {summon.name or action.summon}"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, DeclareResult):
        return f"declare the scenario {action.result} (its goal, by hand)"
    return action.label()
