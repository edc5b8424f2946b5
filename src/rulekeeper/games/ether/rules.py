"""Checking and applying every ether action: the dispatcher over the rule modules.

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
    CancelPayment,
    DrawEnemy,
    DrawInfluence,
    DrawItem,
    DrawMap,
    EndActivation,
    EndMovement,
    Pay,
    Spend,
    Step,
)
from rulekeeper.games.ether.resources import NOTHING

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState

CANCELS_PER_ACTIVATION = 3
"""How often a hero may put a gathered payment back in one activation.

Not a rule of the game: a bound so that every activation ends (a random player
could otherwise gather and cancel forever). Ending the activation always
drops an unspent payment.
"""

CHANCE_ACTIONS = (DrawInfluence, DrawEnemy, DrawMap, DrawItem)


def check(state: EtherState, action: Action) -> None:
    if state.phase == "over":
        raise RuleViolation("ET-END-1", "the game is over")
    if flow.waiting_on_chance(state):
        if not isinstance(action, CHANCE_ACTIONS):
            _check_regardless_of_chance(state, action)
        if action not in [a for a, _ in flow.chance_outcomes(state)]:
            raise RuleViolation("CORE-CHANCE", f"{action.label()} is not a possible outcome here")
        return
    if isinstance(action, CHANCE_ACTIONS):
        raise RuleViolation("CORE-CHANCE", f"{action.label()}: the game is not waiting on chance")
    if state.phase == "enemy":
        _check_assign(state, action)
        return
    if isinstance(action, AssignDamage):
        raise RuleViolation("ET-ROUND-1", "enemy damage is assigned in the enemy phase")
    _check_activation(state, action)


def _check_regardless_of_chance(state: EtherState, action: Action) -> None:
    """While a card is being drawn, an action a rule forbids whatever the card is cites
    that rule, not CORE-CHANCE (issue 17): damage assigned outside the enemy phase
    (ET-ROUND-1), one payment for several actions (ET-PAY-2)."""
    if isinstance(action, AssignDamage) and state.phase != "enemy":
        raise RuleViolation("ET-ROUND-1", "enemy damage is assigned in the enemy phase")
    if isinstance(action, Pay) and len(action.actions) != 1:
        raise RuleViolation(
            "ET-PAY-2", f"one payment pays for exactly one action, not {len(action.actions)}"
        )


def _check_assign(state: EtherState, action: Action) -> None:
    if not isinstance(action, AssignDamage):
        raise RuleViolation(
            "ET-TIME-1", "actions are taken in a hero's activation; now the enemies act"
        )
    uid = state.enemy_queue[0]
    if action.enemy != uid:
        raise RuleViolation("ET-ROUND-1", f"the next enemy to act is {uid}, not {action.enemy!r}")
    heroes = combat.heroes_on_card(state, state.enemies[uid])
    if action.hero not in [h.id for h in heroes]:
        raise RuleViolation("ET-ROUND-1", f"{action.hero!r} is not on {uid}'s map card")


def _check_activation(state: EtherState, action: Action) -> None:
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
            raise RuleViolation("ET-PAY-2", "a payment is being gathered; spend or cancel it first")
        payment.check_payment(state, action.sources, action.actions, action.alternative)
    elif isinstance(action, CancelPayment):
        if not state.draft:
            raise RuleViolation("CORE-LEGAL", "no payment is being gathered")
        if state.cancels >= CANCELS_PER_ACTIVATION:
            raise RuleViolation(
                "CORE-LEGAL",
                f"a payment may be put back at most {CANCELS_PER_ACTIVATION} times per activation",
            )
    elif isinstance(action, Step):
        movement.check_step(state, action)
    elif isinstance(action, EndMovement):
        if state.moving is None:
            raise RuleViolation("ET-MOVE-1", "no movement is being resolved")
    elif not isinstance(action, EndActivation):
        raise RuleViolation("ET-KIND-1", f"{action.TYPE!r} is not an ether action")


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
                f"the {state.last_surplus} left over from the last payment was lost; "
                "one payment pays for one action only",
            )


def apply(state: EtherState, action: Action) -> None:
    if isinstance(action, AddSource):
        state.draft.append(action.source)
        state.last_surplus = NOTHING
    elif isinstance(action, Spend):
        sources = list(state.draft)
        state.draft.clear()
        payment.pay(state, sources, action.action, action.alternative)
    elif isinstance(action, Pay):
        payment.pay(state, action.sources, action.actions[0], action.alternative)
    elif isinstance(action, CancelPayment):
        state.draft.clear()
        state.cancels += 1
        state.emit(
            "cancel",
            f"{state.hero.name} puts the gathered sources back; nothing is spent",
            "ET-PAY-4",
        )
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
    elif isinstance(action, DrawItem):
        flow.draw_item(state, action.card)
    elif isinstance(action, DrawInfluence):
        flow.draw_influence(state, action.card)
    flow.settle(state)
