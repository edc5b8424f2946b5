"""The legal actions of an ether state, kept small by building payments step by step.

A payment is never enumerated as a subset of sources: a hero adds one
source at a time (:class:`AddSource`: one per distinct card and per colour of
ready die they hold), and the actions the gathered sources can pay for are
offered as :class:`Spend` choices. Every standing hero may start a payment
(ET-TIME-1), so the list holds each hero's first steps. Gathering only grows
until the payment is spent, the mover stops, or the activation ends, so the
list is bounded by what the heroes hold and every round ends. Every candidate
is passed through ``rules.check``, so the list holds exactly what ``apply``
accepts.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rulekeeper.boards.mapcards import DIRECTIONS
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import combat, flow, mapactions, payment, rules
from rulekeeper.games.ether.actions import (
    AddSource,
    AssignDamage,
    EndActivation,
    EndMovement,
    Intent,
    PlaceMap,
    Source,
    Spend,
    Step,
    attack,
    explore,
    face_boss,
    influence,
    move,
    unique,
)
from rulekeeper.games.ether.content import UniqueAction
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.resources import NOTHING, Resources

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def legal_actions(state: EtherState) -> list[Action]:
    if state.phase == "over":
        return []
    if flow.waiting_on_chance(state):
        return [a for a, _ in flow.chance_outcomes(state)]
    if state.pending_rotation is not None:
        return [PlaceMap(r) for r in state.pending_rotation[1]]
    candidates: list[Action] = []
    if state.moving:
        candidates.extend(Step(d) for d in DIRECTIONS)
    if state.moving is not None:
        candidates.append(EndMovement())
    for index in acting_heroes(state):
        with state.acting(index):
            candidates.extend(_hero_candidates(state))
    enemy = state.enemy_to_strike if state.phase == "enemy" else None
    if enemy is not None:
        candidates.extend(
            AssignDamage(enemy.uid, h.id) for h in combat.heroes_on_card(state, enemy)
        )
    else:
        candidates.append(EndActivation())
    legal = []
    for action in candidates:
        try:
            rules.check(state, action)
        except RuleViolation:
            continue
        legal.append(action)
    return legal


def acting_heroes(state: EtherState) -> list[int]:
    """ET-TIME-1: who may pay now: the mover or payer under way, else every standing hero."""
    if state.draft or state.moving is not None:
        return [state.actor]
    return [i for i, h in enumerate(state.heroes) if not h.defeated]


def _hero_candidates(state: EtherState) -> list[Action]:
    hero_id = state.hero.id
    candidates: list[Action] = [AddSource(hero_id, s) for s in addable_sources(state)]
    gathered = gathered_resources(state)
    for intent in candidate_intents(state, gathered):
        for alternative, cost in enumerate(payment.intent_costs(state, intent)):
            # What the gathered sources cannot cover is refused (ET-PAY-4): skip the check.
            if gathered.covers(cost):
                candidates.append(Spend(hero_id, intent, alternative))
    return candidates


def gathered_resources(state: EtherState) -> Resources:
    """What the payment being gathered yields so far."""
    total = NOTHING
    for source in state.draft:
        total = total + payment.source_yield(state, state.hero, source)
    return total


def addable_sources(state: EtherState) -> list[Source]:
    """One source per distinct card, and per colour of ready die, not yet all gathered."""
    hero = state.hero
    drafted = Counter(state.draft)
    sources: list[Source] = []
    for kind, held in (
        ("hand", Counter(hero.hand)),
        ("inventory", Counter(hero.inventory)),
        ("die", payment.ready_dice(hero)),
    ):
        for ref, count in sorted(held.items()):
            source = Source(kind, ref)  # type: ignore[arg-type]
            if drafted[source] < count:
                sources.append(source)
    return sources


def candidate_intents(state: EtherState, gathered: Resources) -> list[Intent]:
    """Every action worth offering for what is gathered (``check`` filters the rest)."""
    hero = state.hero
    if hero.space is None:
        return []
    intents: list[Intent] = [move(n) for n in range(1, gathered.cunning + 1)]
    area = state.enemies_in_area(hero.space)
    for enemy in area:
        if enemy.uid == BOSS_UID:
            if gathered.wrath:
                intents.append(face_boss(gathered.wrath))
        else:
            intents.append(attack(enemy.uid, state.enemy_health(enemy)))
    targets = [e.uid for e in area if e.uid != BOSS_UID]
    for card_id in sorted(set(hero.hand)):
        card = state.content.influence.get(card_id)
        if card is None:
            continue
        if card.effect.kind == "damage":
            intents.extend(influence(card_id, t) for t in targets)
        else:
            intents.append(influence(card_id))
    features = state.features(hero.space)
    intents.extend(explore(a.direction) for a in features.explores)
    for action in features.uniques:
        intents.extend(_unique_intents(state, action, targets))
    return intents


def _unique_intents(state: EtherState, action: UniqueAction, targets: list[str]) -> list[Intent]:
    """ET-UNQ-1: one intent per target (and destination) its effects may name."""
    if not action.targeted:
        return [unique(action.id)]
    push = action.effect_of("move_enemy")
    if push is None:
        return [unique(action.id, t) for t in targets]
    return [
        unique(action.id, t, to)
        for t in targets
        for to in mapactions.enemy_destinations(state, state.enemies[t].space, push.amount)
    ]
