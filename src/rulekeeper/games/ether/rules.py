"""Checking and applying every ether action: the dispatcher over the rule modules.

Payments name the hero who pays and acts: any standing hero, in or out of
their own activation, in the Activation or the Enemy phase (ET-TIME-1).

:func:`check` never mutates; it raises :class:`RuleViolation` naming the rule
an action breaks. :func:`apply` changes the state and then lets
``flow.settle`` carry the round on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import combat, flow, mapactions, movement, payment
from rulekeeper.games.ether.actions import (
    AddSource,
    AssignDamage,
    DrawEnemy,
    DrawInfluence,
    DrawItem,
    DrawMap,
    EndActivation,
    EndMovement,
    Pay,
    PlaceMap,
    Spend,
    Step,
)
from rulekeeper.games.ether.resources import NOTHING
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState

CHANCE_ACTIONS = (DrawInfluence, DrawEnemy, DrawMap, DrawItem)
HERO_ACTIONS = (AddSource, Spend, Pay)
"""Actions that name the hero who pays and acts (ET-TIME-1)."""


def check(state: EtherState, action: Action) -> None:
    if state.phase == "over":
        raise RuleViolation("ET-END-1", lazy("the game is over"))
    if flow.waiting_on_chance(state):
        if not isinstance(action, CHANCE_ACTIONS):
            _check_regardless_of_chance(state, action)
        if action not in [a for a, _ in flow.chance_outcomes(state)]:
            raise RuleViolation(
                "CORE-CHANCE",
                lazy("{action} is not a possible outcome here", action=action.label()),
            )
        return
    if isinstance(action, CHANCE_ACTIONS):
        raise RuleViolation(
            "CORE-CHANCE",
            lazy("{action}: the game is not waiting on chance", action=action.label()),
        )
    if state.pending_rotation is not None or isinstance(action, PlaceMap):
        if not isinstance(action, PlaceMap):
            raise RuleViolation(
                "ET-EXP-1", lazy("the drawn map card is placed first; choose its turn")
            )
        mapactions.check_rotation(state, action)
        return
    if isinstance(action, HERO_ACTIONS):
        index = check_actor(state, action.hero)
        with state.acting(index):
            _check_hero_action(state, action)
        return
    if state.phase == "enemy":
        _check_enemy_phase(state, action)
        return
    if isinstance(action, AssignDamage):
        raise RuleViolation("ET-ROUND-1", lazy("enemy damage is assigned in the enemy phase"))
    if isinstance(action, Step):
        movement.check_step(state, action)
    elif isinstance(action, EndMovement):
        if state.moving is None:
            raise RuleViolation("ET-MOVE-1", lazy("no movement is being resolved"))
    elif not isinstance(action, EndActivation):
        raise RuleViolation(
            "ET-KIND-1", lazy("{action} is not an ether action", action=repr(action.TYPE))
        )


def _check_regardless_of_chance(state: EtherState, action: Action) -> None:
    """While a card is being drawn, an action a rule forbids whatever the card is cites
    that rule, not CORE-CHANCE (issue 17): damage assigned outside the enemy phase
    (ET-ROUND-1), one payment for several actions (ET-PAY-2)."""
    if isinstance(action, AssignDamage) and state.phase != "enemy":
        raise RuleViolation("ET-ROUND-1", lazy("enemy damage is assigned in the enemy phase"))
    if isinstance(action, Pay) and len(action.actions) != 1:
        raise RuleViolation(
            "ET-PAY-2",
            lazy("one payment pays for exactly one action, not {count}", count=len(action.actions)),
        )


def check_actor(state: EtherState, hero_id: str) -> int:
    """ET-TIME-1: any standing hero may pay and act, in or out of their own activation.

    Our readings: one payment is gathered at a time, and a movement under way is
    resolved before another hero acts (only the mover pays meanwhile).
    """
    index = state.hero_index(hero_id)
    if index is None:
        raise RuleViolation("ET-TIME-1", lazy("there is no hero {hero}", hero=repr(hero_id)))
    hero = state.heroes[index]
    if hero.defeated:
        raise RuleViolation(
            "ET-TIME-1", lazy("{hero} is defeated and takes no actions", hero=hero.name)
        )
    if index != state.actor:
        busy = state.hero
        if state.draft:
            raise RuleViolation(
                "ET-PAY-2",
                lazy("{hero} is gathering a payment; it is spent before another", hero=busy.name),
            )
        if state.moving is not None:
            raise RuleViolation(
                "ET-TIME-1",
                lazy("{hero} is resolving a movement; others act once it stops", hero=busy.name),
            )
    return index


def _check_hero_action(state: EtherState, action: Action) -> None:
    hero = state.hero
    if isinstance(action, AddSource):
        reason = payment.unavailable_reason(state, hero, [*state.draft, action.source])
        if reason is not None:
            raise RuleViolation("ET-PAY-1", reason)
    elif isinstance(action, Spend):
        if not state.draft:
            _check_surplus_not_reused(state, action)
        payment.check_payment(state, state.draft, [action.action], action.alternative)
    elif isinstance(action, Pay):
        if state.draft:
            raise RuleViolation("ET-PAY-2", lazy("a payment is being gathered; spend it first"))
        payment.check_payment(state, action.sources, action.actions, action.alternative)


def _check_enemy_phase(state: EtherState, action: Action) -> None:
    """ET-ROUND-1: the heroes choose who takes the next hit; a movement under way goes on."""
    if isinstance(action, Step):
        movement.check_step(state, action)
        return
    if isinstance(action, EndMovement):
        if state.moving is None:
            raise RuleViolation("ET-MOVE-1", lazy("no movement is being resolved"))
        return
    if not isinstance(action, AssignDamage):
        raise RuleViolation(
            "ET-ROUND-1",
            lazy(
                "{action}: in the enemy phase the heroes pay for actions or choose "
                "who takes each hit",
                action=repr(action.TYPE),
            ),
        )
    enemy = state.enemy_to_strike
    if enemy is None:
        raise RuleViolation(
            "ET-ROUND-1",
            lazy("every enemy has acted this round; finish the movement under way"),
        )
    uid = enemy.uid
    if action.enemy != uid:
        raise RuleViolation(
            "ET-ROUND-1",
            lazy("the next enemy to act is {uid}, not {enemy}", uid=uid, enemy=repr(action.enemy)),
        )
    heroes = combat.heroes_on_card(state, enemy)
    if action.hero not in [h.id for h in heroes]:
        raise RuleViolation(
            "ET-ROUND-1",
            lazy("{hero} is not on {uid}'s map card", hero=repr(action.hero), uid=uid),
        )


def _check_surplus_not_reused(state: EtherState, action: Spend) -> None:
    """ET-PAY-2: what the last payment had left over cannot pay for a second action."""
    if not state.last_surplus.total:
        return
    payment.check_intent(state, action.action)
    costs = payment.intent_costs(state, action.action)
    if 0 <= action.alternative < len(costs):
        cost = costs[action.alternative]
        if cost.total and state.last_surplus.covers(cost):
            raise RuleViolation(
                "ET-PAY-2",
                lazy(
                    "the {surplus} left over from the last payment was lost; "
                    "one payment pays for one action only",
                    surplus=state.last_surplus.message(),
                ),
            )


def apply(state: EtherState, action: Action) -> None:
    if isinstance(action, HERO_ACTIONS):
        index = state.hero_index(action.hero)
        if index is not None and index != state.actor:
            state.actor = index
            state.last_surplus = NOTHING
    if isinstance(action, AddSource):
        state.draft.append(action.source)
        state.draft.sort()
        state.last_surplus = NOTHING
    elif isinstance(action, Spend):
        sources = list(state.draft)
        state.draft.clear()
        payment.pay(state, sources, action.action, action.alternative)
    elif isinstance(action, Pay):
        payment.pay(state, action.sources, action.actions[0], action.alternative)
    elif isinstance(action, Step):
        movement.apply_step(state, action)
    elif isinstance(action, EndMovement):
        movement.end_movement(state)
    elif isinstance(action, EndActivation):
        flow.end_activation(state)
    elif isinstance(action, AssignDamage):
        flow.assign_damage(state, action.enemy, action.hero)
    elif isinstance(action, DrawEnemy):
        movement.activate_enemy(state, action.card)
    elif isinstance(action, DrawMap):
        mapactions.place_map_card(state, action.card)
    elif isinstance(action, PlaceMap):
        mapactions.resolve_rotation(state, action)
    elif isinstance(action, DrawItem):
        flow.draw_item(state, action.card)
    elif isinstance(action, DrawInfluence):
        flow.draw_influence(state, action.card)
    flow.settle(state)
