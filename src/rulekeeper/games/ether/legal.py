"""The legal actions of an ether state, kept small by building payments step by step.

A payment is never enumerated as a subset of sources: the hero adds one
source at a time (:class:`AddSource`), and the actions the gathered sources
can pay for are offered as :class:`Spend` choices. Every candidate is passed
through ``rules.check``, so the list holds exactly what ``apply`` accepts.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rulekeeper.boards.mapcards import DIRECTIONS
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import combat, flow, payment, rules
from rulekeeper.games.ether.actions import (
    AddSource,
    AssignDamage,
    CancelPayment,
    EndActivation,
    EndMovement,
    Intent,
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
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.resources import NOTHING, Resources

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def legal_actions(state: EtherState) -> list[Action]:
    if state.phase == "over":
        return []
    if flow.waiting_on_chance(state):
        return [a for a, _ in flow.chance_outcomes(state)]
    if state.phase == "enemy":
        enemy = state.enemies[state.enemy_queue[0]]
        return [AssignDamage(enemy.uid, h.id) for h in combat.heroes_on_card(state, enemy)]
    candidates: list[Action] = []
    if state.moving:
        candidates.extend(Step(d) for d in DIRECTIONS)
    if state.moving is not None:
        candidates.append(EndMovement())
    candidates.extend(AddSource(s) for s in addable_sources(state))
    gathered = gathered_resources(state)
    for intent in candidate_intents(state, gathered):
        for alternative in range(len(payment.intent_costs(state, intent))):
            candidates.append(Spend(intent, alternative))
    candidates.append(CancelPayment())
    candidates.append(EndActivation())
    legal = []
    for action in candidates:
        try:
            rules.check(state, action)
        except RuleViolation:
            continue
        legal.append(action)
    return legal


def gathered_resources(state: EtherState) -> Resources:
    """What the payment being gathered yields so far."""
    total = NOTHING
    for source in state.draft:
        total = total + payment.source_yield(state, state.hero, source)
    return total


def addable_sources(state: EtherState) -> list[Source]:
    """One source per distinct card or ready die not yet gathered."""
    hero = state.hero
    drafted = Counter(state.draft)
    sources: list[Source] = []
    for kind, cards in (("hand", hero.hand), ("inventory", hero.inventory)):
        for card, count in sorted(Counter(cards).items()):
            source = Source(kind, card)  # type: ignore[arg-type]
            if drafted[source] < count:
                sources.append(source)
    for die in hero.dice:
        source = Source("die", die.id)
        if die.ready and not drafted[source]:
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
    intents.extend(unique(u.id) for u in features.uniques)
    return intents
