"""Companion mode's rests and the end of the round: a long rest (HV-REST-2), short rests
with their random card and the one redraw (HV-REST-1), then the round's cleanup: elements
wane (HV-ELEM-2), decks marked for it reshuffle (HV-ATK-4, HV-MON-3), shields end and a
character left without cards to play is exhausted.
"""

from __future__ import annotations

from rulekeeper.games.haven.actions import LoseCard, Redraw, RestLoss, ShortRest
from rulekeeper.games.haven.companion_combat import (
    deck_reshuffled,
    exhaust,
    finish,
    heal,
    take_damage,
)
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.games.haven.elements import STRONG, WANING
from rulekeeper.i18n import lazy


def long_rest(state: CompanionState, action: LoseCard) -> None:
    character = state.characters[action.character]
    character.discard.remove(action.card)
    character.lost.append(action.card)
    character.hand.extend(character.discard)
    character.discard = []
    character.rested = True
    state.emit(
        "rest",
        lazy(
            "{character} loses {card} and takes back its discard pile",
            character=character.id,
            card=action.card,
        ),
        "HV-REST-2",
    )
    heal(state, state.figures[character.id], 2, rules=("HV-REST-2",))


def short_rest(state: CompanionState, action: ShortRest) -> None:
    state.rest_queue.pop(0)
    if action.rest:
        state.rest_loss = action.character
        state.emit(
            "rest", lazy("{character} takes a short rest", character=action.character), "HV-REST-1"
        )


def rest_loss(state: CompanionState, action: RestLoss) -> None:
    """HV-REST-1: the random card; the first may be redrawn once for 1 damage."""
    if state.rest_redrawn:
        _finish_rest(state, action.character, action.card)
        return
    state.rest_card = action.card
    state.emit(
        "rest",
        lazy("{character} would lose {card}", character=action.character, card=action.card),
        "HV-REST-1",
    )


def redraw(state: CompanionState, action: Redraw) -> None:
    if not action.redraw:
        _finish_rest(state, action.character, state.rest_card)
        return
    state.rest_redrawn = True
    state.emit(
        "rest",
        lazy(
            "{character} suffers 1 damage to lose another card instead",
            character=action.character,
        ),
        "HV-REST-1",
    )
    figure = state.figures[action.character]
    take_damage(state, figure, 1, lazy("a short rest's redraw"), ("HV-REST-1",))
    if state.characters[action.character].exhausted:
        state.rest_loss = state.rest_card = ""
        state.rest_redrawn = False


def _finish_rest(state: CompanionState, character_id: str, card: str) -> None:
    character = state.characters[character_id]
    character.discard.remove(card)
    character.lost.append(card)
    character.hand.extend(character.discard)
    character.discard = []
    state.rest_loss = state.rest_card = ""
    state.rest_redrawn = False
    state.emit(
        "rest",
        lazy(
            "{character} loses {card} at random and takes back its discards",
            character=character.id,
            card=card,
        ),
        "HV-REST-1",
    )


def end_round(state: CompanionState) -> None:
    state.turn = None
    state.order = []
    state.slot = 0
    if state.ending:
        finish(state, state.ending, lazy("the round is played out (HV-GOAL-1)"))
        return
    state.rest_queue = [
        c.id for c in state.living_characters() if not c.long_rest and len(c.discard) >= 2
    ]
    state.phase = "rest"
    if not state.rest_queue:
        next_round(state)


def next_round(state: CompanionState) -> None:
    state.elements = {e: WANING for e, level in sorted(state.elements.items()) if level == STRONG}
    for owner in state.decks.end_of_round():
        state.emit("reshuffle", deck_reshuffled(owner), "HV-ATK-4")
    for group in state.groups.values():
        if group.card is not None:
            group.deck.discard(group.card)
        if group.reshuffle_due:
            group.deck.reshuffle()
            group.reshuffle_due = False
            state.emit(
                "reshuffle",
                lazy("{group}'s ability deck is reshuffled", group=group.type),
                "HV-MON-3",
            )
        group.card = None
        group.consumed = []
    for figure in state.figures.values():
        figure.shield = 0
        figure.retaliate = 0
    for character in state.characters.values():
        character.leading = character.second = None
        character.long_rest = character.rested = False
        character.initiative = 0
        if not character.exhausted and len(character.hand) < 2 and len(character.discard) < 2:
            exhaust(state, character.id, lazy("fewer than two cards to play or rest with"))
    if state.result:
        return
    state.round += 1
    state.phase = "select"
    state.emit("round", lazy("round {round} begins", round=state.round), "HV-ELEM-2")
