"""The companion table in the terminal: round, elements, initiative, standees and their
numbers, characters, loot and the objective (rich renderables; no rule is decided here)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from rulekeeper.core.actions import Action
from rulekeeper.games.haven.companion_labels import label
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.games.haven.companion_terms import phase_name, term_now
from rulekeeper.i18n import _, _n, text_of


def render_companion(state: CompanionState) -> Any:
    head = Text(
        _(
            "{title} — round {round}, {phase}",
            title=state.content.title,
            round=state.round,
            phase=phase_name(state.phase),
        ),
        style="bold",
    )
    parts: list[Any] = [head]
    if state.players:
        parts.append(
            Text(
                _n(
                    "scenario level {level} · {n} character",
                    "scenario level {level} · {n} characters",
                    state.players,
                    level=max(0, state.level),
                )
            )
        )
    if state.elements:
        shown = [
            _("{element} {strength}", element=term_now(e), strength=term_now(level))
            for e, level in sorted(state.elements.items())
        ]
        parts.append(Text(_("elements: {elements}", elements=shown)))
    else:
        parts.append(Text(_("elements: all inert")))
    if state.order:
        marks = [
            ("▶ " if n == state.slot else "") + entry.split(":", 1)[1]
            for n, entry in enumerate(state.order)
        ]
        parts.append(Text(_("initiative: {order}", order=" · ".join(marks))))
    parts.append(Text(_("rooms revealed: {rooms}", rooms=list(state.revealed) or _("none"))))
    parts.append(
        Text(
            _(
                "loot tokens on the board: {n}; treasures: {treasures}",
                n=state.tokens,
                treasures=list(state.treasures) or _("none"),
            )
        )
    )
    if state.monsters():
        parts.append(_monster_table(state))
    summons = [f for f in state.figures.values() if f.kind == "summon"]
    if summons:
        lines = [f"{f.id} ({f.owner}) {f.hp}/{f.max_hp}" for f in summons]
        parts.append(Text(_("summons: {summons}", summons="; ".join(lines))))
    objectives = [f for f in state.figures.values() if f.kind == "objective"]
    if objectives:
        lines = [
            _("{figure} {hp}/{most} (protect it)", figure=f.id, hp=f.hp, most=f.max_hp)
            if f.escort
            else f"{f.id} {f.hp}/{f.max_hp}"
            for f in objectives
        ]
        parts.append(Text(_("objectives: {objectives}", objectives="; ".join(lines))))
    if state.characters:
        parts.append(_character_table(state))
    return Group(*parts)


def _monster_table(state: CompanionState) -> Table:
    table = Table(title=_("monsters"), title_justify="left")
    for column in (_("standee"), _("hit points"), _("conditions"), _("this round")):
        table.add_column(column)
    for figure in sorted(state.monsters(), key=lambda m: (m.type, m.number)):
        rank = term_now("boss" if figure.boss else ("elite" if figure.elite else "normal"))
        card = state.groups[figure.type].card
        table.add_row(
            f"{figure.id} ({rank})",
            f"{figure.hp}/{figure.max_hp}",
            ", ".join(term_now(c) for c in figure.conditions),
            f"{card}: {numbers(state, figure).summary()}" if card else "",
        )
    return table


def _character_table(state: CompanionState) -> Table:
    table = Table(title=_("characters"), title_justify="left")
    for column in (
        _("character"),
        _("hit points"),
        _("conditions"),
        _("hand/discard/lost"),
        _("cards"),
        _("loot"),
    ):
        table.add_column(column)
    for character in state.characters.values():
        figure = state.figures.get(character.id)
        hp = _("exhausted") if figure is None else f"{figure.hp}/{figure.max_hp}"
        chosen = (
            _("long rest")
            if character.long_rest
            else " + ".join(c for c in (character.leading, character.second) if c)
        )
        looted = _n("{n} token", "{n} tokens", character.money)
        if character.treasures:
            looted = _n(
                "{tokens}, treasure {treasures}",
                "{tokens}, treasures {treasures}",
                len(character.treasures),
                tokens=looted,
                treasures=list(character.treasures),
            )
        table.add_row(
            f"{character.id} (L{character.level})",
            hp,
            "" if figure is None else ", ".join(term_now(c) for c in figure.conditions),
            f"{len(character.hand)}/{len(character.discard)}/{len(character.lost)}",
            f"{chosen} ({character.initiative})" if chosen else "",
            looted,
        )
    return table


def describe(state: CompanionState, action: Action) -> str:
    """How a menu shows an action, in the current language (companion_labels.py)."""
    return text_of(label(state, action))
