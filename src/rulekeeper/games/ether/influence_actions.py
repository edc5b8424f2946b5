"""Influence actions: Instant and Ongoing cards played from hand (ET-INF-*).

ET-INF-1 an Instant card is discarded and its effect resolves at once;
ET-INF-2 (checked in ``payment``) its cost cannot be paid by the card itself;
ET-INF-3 a card's timing limits when it may be played; ET-INF-4 an Ongoing
card, once paid for, goes to the inventory and is an Ongoing item from then on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import effects
from rulekeeper.games.ether.actions import InfluenceIntent
from rulekeeper.games.ether.combat import in_active_area
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.i18n import N_, lazy

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


TIMING_TEXT = {
    "any": N_("{card} may be played at any time"),
    "activation": N_(
        "{card} may be played only in the hero's own activation, when not resolving a movement"
    ),
    "movement": N_("{card} may be played only while resolving a movement"),
}
"""ET-INF-3: when a card of each timing may be played (``{card}``: its name)."""


def timing_allows(state: EtherState, timing: str) -> bool:
    """ET-INF-3: whether a card with ``timing`` may be played now by the acting hero.

    ``activation`` is the one timing that forbids playing a card outside the
    hero's own activation (ET-TIME-1 allows the rest at any time).
    """
    if timing == "movement":
        return state.moving is not None
    if timing == "activation":
        return state.phase == "activation" and state.actor == state.active and state.moving is None
    return True


def check_play(state: EtherState, intent: InfluenceIntent) -> None:
    hero = state.hero
    card = state.content.influence.get(intent.card)
    if card is None or intent.card not in hero.hand:
        raise RuleViolation(
            "ET-INF-1",
            lazy(
                "{card} is not an influence card in {hero}'s hand",
                card=repr(intent.card),
                hero=hero.name,
            ),
        )
    if not timing_allows(state, card.timing):
        raise RuleViolation("ET-INF-3", lazy(TIMING_TEXT[card.timing], card=card.name))
    if card.effect.kind == "damage":
        enemy = state.enemies.get(intent.target or "")
        if enemy is None or enemy.uid == BOSS_UID or not in_active_area(state, enemy):
            raise RuleViolation(
                "ET-INF-1",
                lazy("{card} needs a non-boss enemy in the active area as target", card=card.name),
            )
    elif intent.target is not None:
        raise RuleViolation("ET-INF-1", lazy("{card} takes no target", card=card.name))


def resolve_play(state: EtherState, intent: InfluenceIntent) -> None:
    hero = state.hero
    card = state.content.influence[intent.card]
    hero.hand.remove(intent.card)
    if card.mode == "ongoing":
        hero.inventory.append(intent.card)
        state.emit(
            "ongoing",
            lazy(
                "{hero} places {card} in the inventory ({effect})",
                hero=hero.name,
                card=card.name,
                effect=card.effect.message(),
            ),
            "ET-INF-4",
        )
        return
    state.influence_deck.discard(intent.card)
    state.emit(
        "instant",
        lazy(
            "{hero} plays {card}: {effect}",
            hero=hero.name,
            card=card.name,
            effect=card.effect.message(),
        ),
        "ET-INF-1",
    )
    effects.resolve_effect(state, card.effect, intent.target, "ET-INF-1")
