"""How companion mode names an action: in menus, in refusals and in the log.

:func:`label` gives every companion action as a lazy message (shown in the
reader's language); content names (classes, monsters, cards, rooms) are
fields shown as the library writes them. The action's JSON form does not
change with the language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.games.haven.actions import (
    ActFirst,
    DrawAbility,
    GroupFirst,
    LongRest,
    LoseCard,
    Negate,
    PlayHalf,
    Redraw,
    Resolved,
    RestLoss,
    SelectCard,
    ShortRest,
)
from rulekeeper.games.haven.attack_draw import DrawModifier, KeepModifier
from rulekeeper.games.haven.companion_actions import (
    AddCondition,
    Attack,
    ChooseClass,
    ChooseHand,
    Consume,
    Damage,
    DeclareResult,
    EndTurn,
    FollowMover,
    Heal,
    Infuse,
    Loot,
    LootTreasure,
    Moved,
    NoAddedTarget,
    OpenDoor,
    PartySize,
    RemoveCondition,
    RoundShield,
    ScenarioLevel,
    Spawn,
    SummonFigure,
)
from rulekeeper.games.haven.companion_terms import by_hand_message, term
from rulekeeper.games.haven.modifiers import MONSTER_DECK
from rulekeeper.i18n import N_, Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.companion_state import CompanionState

_NEGATE = {
    "suffer": N_("{character}: suffer the damage"),
    "hand": N_("{character}: negate it: lose 1 card from hand"),
    "discard": N_("{character}: negate it: lose 2 cards from discard"),
}
_PLAY = {
    ("top", False): N_("play {card} top"),
    ("bottom", False): N_("play {card} bottom"),
    ("top", True): N_("play {card} top as basic attack 2"),
    ("bottom", True): N_("play {card} bottom as basic move 2"),
}


def label(state: CompanionState, action: Action) -> Msg | str:
    """``action`` as a menu or a refusal shows it (a message translated when shown).

    A refused action may name what the library does not hold: it is shown by its label.
    """
    try:
        out = _setup_label(state, action)
        if out is None:
            out = _round_label(state, action)
        if out is None:
            out = _board_label(state, action)
    except (KeyError, ValueError):
        out = None
    return action.label() if out is None else out


def _setup_label(state: CompanionState, action: Action) -> Msg | None:
    if isinstance(action, PartySize):
        return lazy_plural("{n} character plays", "{n} characters play", action.players)
    if isinstance(action, ScenarioLevel):
        return lazy("scenario level {level}", level=action.level)
    if isinstance(action, ChooseClass):
        cls = state.content.classes.get(action.character)
        name = cls.name if cls is not None else action.character
        return lazy("{name} (level {level})", name=name, level=action.level)
    if isinstance(action, ChooseHand):
        return lazy(
            "{character} brings {cards}", character=action.character, cards=list(action.cards)
        )
    if isinstance(action, Resolved):
        return lazy("resolved: {step}", step=by_hand_message(action.rule))
    if isinstance(action, DeclareResult):
        if action.result == "won":
            return lazy("declare the scenario won (its goal, by hand)")
        return lazy("declare the scenario lost (its goal, by hand)")
    return None


def _round_label(state: CompanionState, action: Action) -> Msg | None:
    if isinstance(action, SelectCard):
        cls = state.content.classes.get(action.character)
        card = next((c for c in cls.cards if c.id == action.card), None) if cls else None
        if card is None:
            return lazy("select {card}", card=action.card)
        if card.name:
            return lazy(
                "select {card} {name} (initiative {initiative})",
                card=action.card,
                name=card.name,
                initiative=card.initiative,
            )
        return lazy(
            "select {card} (initiative {initiative})", card=action.card, initiative=card.initiative
        )
    if isinstance(action, LongRest):
        return lazy("{character}: long rest", character=action.character)
    if isinstance(action, ActFirst):
        return lazy("{who} acts first among those tied", who=action.character)
    if isinstance(action, GroupFirst):
        return lazy("{who} acts first among those tied", who=action.group)
    if isinstance(action, DrawAbility):
        deck = state.content.deck_of(action.group)
        drawn = next((c for c in deck.cards if c.id == action.card), None)
        name = state.content.monster_types[action.group].name
        if drawn is not None:
            return lazy(
                "{monster}'s ability card: {card} (initiative {initiative})",
                monster=name,
                card=action.card,
                initiative=drawn.initiative,
            )
        return lazy("{monster}'s ability card: {card}", monster=name, card=action.card)
    if isinstance(action, DrawModifier):
        if action.deck == MONSTER_DECK:
            return lazy("the monster modifier deck shows {card}", card=action.card)
        return lazy("{owner}'s modifier deck shows {card}", owner=action.deck, card=action.card)
    if isinstance(action, KeepModifier):
        return lazy("keep {card}", card=action.card)
    if isinstance(action, PlayHalf):
        return lazy(_PLAY[(action.half, action.basic)], card=action.card)
    if isinstance(action, Negate):
        return lazy(_NEGATE[action.choice], character=action.character)
    if isinstance(action, LoseCard):
        return lazy("{character} loses {card}", character=action.character, card=action.card)
    if isinstance(action, ShortRest):
        if action.rest:
            return lazy("{character} takes a short rest", character=action.character)
        return lazy("{character} does not rest", character=action.character)
    if isinstance(action, RestLoss):
        return lazy(
            "{character}'s short rest loses {card}", character=action.character, card=action.card
        )
    if isinstance(action, Redraw):
        if action.redraw:
            return lazy(
                "{character}: suffer 1 damage to lose another random card",
                character=action.character,
            )
        return lazy("{character}: keep the card drawn", character=action.character)
    if isinstance(action, EndTurn):
        return lazy("end the turn")
    return None


def _board_label(state: CompanionState, action: Action) -> Msg | None:
    if isinstance(action, Attack):
        details: list[Msg | str] = []
        if action.pierce:
            details.append(lazy("pierce {n}", n=action.pierce))
        if action.mode != "none":
            details.append(term(action.mode))
        details.extend(term(c) for c in action.conditions)
        shown = {"attacker": action.attacker, "target": action.target, "n": action.value}
        if details:
            return lazy(
                "{attacker} attacks {target} with attack {n}, {details}", details=details, **shown
            )
        return lazy("{attacker} attacks {target} with attack {n}", **shown)
    if isinstance(action, FollowMover):
        if action.targets:
            return lazy_plural(
                "{monster} moves {n} hex and attacks {targets}, as the monster mover answered",
                "{monster} moves {n} hexes and attacks {targets}, as the monster mover answered",
                action.moved,
                monster=action.monster,
                targets=list(action.targets),
            )
        return lazy_plural(
            "{monster} moves {n} hex, as the monster mover answered",
            "{monster} moves {n} hexes, as the monster mover answered",
            action.moved,
            monster=action.monster,
        )
    if isinstance(action, Moved):
        return lazy_plural(
            "{figure} moves {n} hex on the board",
            "{figure} moves {n} hexes on the board",
            action.hexes,
            figure=action.figure,
        )
    if isinstance(action, Heal):
        return lazy("heal {figure} by {n}", figure=action.figure, n=action.value)
    if isinstance(action, Damage):
        return lazy("{figure} suffers {n} damage", figure=action.figure, n=action.amount)
    if isinstance(action, AddCondition):
        return lazy(
            "{figure} gains {condition}", figure=action.figure, condition=term(action.condition)
        )
    if isinstance(action, RemoveCondition):
        return lazy(
            "{figure} loses {condition}", figure=action.figure, condition=term(action.condition)
        )
    if isinstance(action, RoundShield):
        return lazy("{figure} has shield {n} this round", figure=action.figure, n=action.value)
    if isinstance(action, Infuse):
        return lazy("infuse {element}", element=term(action.element))
    if isinstance(action, NoAddedTarget):
        return lazy("no added target: none left in range and line of sight, or left out")
    if isinstance(action, Consume):
        return lazy("consume {element}", element=term(action.element))
    if isinstance(action, OpenDoor):
        return lazy("open the door to room {room}", room=action.room)
    if isinstance(action, Loot):
        return lazy_plural(
            "{character} loots {n} token",
            "{character} loots {n} tokens",
            action.tokens,
            character=action.character,
        )
    if isinstance(action, LootTreasure):
        return lazy(
            "{character} loots treasure {treasure}",
            character=action.character,
            treasure=action.treasure,
        )
    if isinstance(action, Spawn):
        if action.elite:
            return lazy("set out an elite {monster} (summoned or spawned)", monster=action.monster)
        return lazy("set out a normal {monster} (summoned or spawned)", monster=action.monster)
    if isinstance(action, SummonFigure):
        cls = state.content.classes.get(action.character)
        summon = cls.summons.get(action.summon) if cls is not None else None
        name = summon.name if summon is not None and summon.name else action.summon
        return lazy("{character} summons {summon}", character=action.character, summon=name)
    return None
