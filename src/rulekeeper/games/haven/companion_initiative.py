"""Companion mode's card selection and initiative: the cards the characters lead with
(HV-CARD-1/2) or a long rest (HV-REST-2), the monster ability cards drawn (HV-MON-3), and the
order of the round (HV-INIT-1..4), with a group revealed mid-round slotted in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven.actions import DrawAbility, LongRest, SelectCard
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_rules import CHARACTER, MONSTER
from rulekeeper.games.haven.companion_state import CompanionState, Standee
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import CardSpec


def select_card(state: CompanionState, action: SelectCard | LongRest) -> None:
    character = state.characters[action.character]
    if isinstance(action, LongRest):
        character.long_rest = True
        character.initiative = 99
        state.emit(
            "select",
            lazy("{character} declares a long rest (initiative 99)", character=character.id),
            "HV-REST-2",
        )
        return
    if character.leading is None:
        character.leading = action.card
        character.initiative = class_card(state, character.id, action.card).initiative
        state.emit(
            "select",
            lazy("{character} leads with {card}", character=character.id, card=action.card),
            "HV-CARD-1",
            "HV-CARD-2",
        )
    else:
        character.second = action.card
        state.emit(
            "select",
            lazy("{character} selects {card} second", character=character.id, card=action.card),
            "HV-CARD-1",
        )


def class_card(state: CompanionState, cls: str, card_id: str) -> CardSpec:
    return next(c for c in state.content.classes[cls].cards if c.id == card_id)


def draw_ability(state: CompanionState, action: DrawAbility) -> None:
    group = state.groups[action.group]
    if group.deck.is_empty:
        group.deck.reshuffle()
    group.deck.draw(action.card)
    group.card = action.card
    spec = next(c for c in state.content.deck_of(action.group).cards if c.id == action.card)
    if spec.shuffle:
        group.reshuffle_due = True
    state.emit(
        "ability",
        lazy(
            "{monster} draws {card} (initiative {initiative})",
            monster=state.content.monster_types[action.group].name,
            card=action.card,
            initiative=spec.initiative,
        ),
        "HV-MON-3",
        group=action.group,
    )
    for figure in sorted(state.monsters(), key=monster_order):
        if figure.type == action.group:
            state.emit(
                "numbers",
                lazy(
                    "  {figure}: {abilities}",
                    figure=figure.id,
                    abilities=numbers(state, figure).parts(),
                ),
                "HV-MON-4",
            )
    if state.order:
        _insert_late_group(state, action.group)


def _group_initiative(state: CompanionState, group_type: str) -> int:
    group = state.groups[group_type]
    deck = state.content.deck_of(group_type)
    return next(c.initiative for c in deck.cards if c.id == group.card)


def turn_order(state: CompanionState) -> tuple[list[str], list[list[str]]]:
    """HV-INIT-1..4: ascending initiative; a character before a monster group on a tie
    (HV-INIT-3); tied characters by their second card. Returns the order and the entries
    still tied, which the players put in order (HV-INIT-2; groups: GH p.18, FH p.19)."""
    keyed: list[tuple[tuple[int, int, int], str]] = []
    for character in state.living_characters():
        second = 99
        if character.second is not None:
            second = class_card(state, character.id, character.second).initiative
        keyed.append(((character.initiative, 0, second), CHARACTER + character.id))
    for group_type, group in state.groups.items():
        if group.card is not None and any(m.type == group_type for m in state.monsters()):
            keyed.append(((_group_initiative(state, group_type), 1, 0), MONSTER + group_type))
    keyed.sort()
    ties: list[list[str]] = []
    for n, (key, entry) in enumerate(keyed):
        if n and keyed[n - 1][0] == key:
            if ties and ties[-1][-1] == keyed[n - 1][1]:
                ties[-1].append(entry)
            else:
                ties.append([keyed[n - 1][1], entry])
    return [entry for _, entry in keyed], ties


def _insert_late_group(state: CompanionState, group_type: str) -> None:
    """A group revealed during the turns acts this round if its initiative is still to come."""
    initiative = _group_initiative(state, group_type)
    now = _slot_initiative(state, state.order[state.slot]) if state.slot < len(state.order) else 100
    if initiative <= now:
        state.emit(
            "initiative",
            lazy(
                "{group} (initiative {initiative}) is revealed after its turn: it acts next round",
                group=group_type,
                initiative=initiative,
            ),
            "HV-INIT-4",
        )
        return
    position = state.slot + 1
    while (
        position < len(state.order) and _slot_initiative(state, state.order[position]) <= initiative
    ):
        position += 1
    state.order.insert(position, MONSTER + group_type)


def _slot_initiative(state: CompanionState, entry: str) -> int:
    if entry.startswith(CHARACTER):
        return state.characters[entry.removeprefix(CHARACTER)].initiative
    return _group_initiative(state, entry.removeprefix(MONSTER))


def monster_order(figure: Standee) -> tuple[int, int]:
    """HV-INIT-4: elites (and bosses) first, then by standee number."""
    return (0 if figure.elite or figure.boss else 1, figure.number)
