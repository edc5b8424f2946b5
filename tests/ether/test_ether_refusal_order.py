"""Refusals while a card is being drawn cite the rule that forbids the action (issue 17).

An action an ether rule forbids whatever the card drawn is refused under that
rule; one that only waits for the draw is refused under CORE-CHANCE.
"""

from __future__ import annotations

from ether_setup import die, new_game

from rulekeeper.boards.mapcards import Space
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.ether.actions import AssignDamage, Pay, explore, move
from rulekeeper.games.ether.state import EtherState

W = "wren"


def _exploring() -> EtherState:
    """Wren explores east; the map card is being drawn (ET-EXP-1)."""
    state = new_game()
    state.heroes[0].space = Space(1, 1)
    state.apply(Pay(W, (die("green"),), (explore("east"),)))
    assert state.is_chance_node()
    return state


def test_ET_ROUND_1_damage_assigned_mid_draw_cites_the_round_rule() -> None:
    """ET-ROUND-1: enemy damage is assigned in the enemy phase, draw or no draw."""
    state = _exploring()
    enemy_id = next(iter(state.enemies), "e0")
    assert_rejected(state, AssignDamage(enemy_id, state.heroes[0].id), "ET-ROUND-1")


def test_ET_PAY_2_one_payment_for_two_actions_mid_draw_cites_the_payment_rule() -> None:
    """ET-PAY-2: one payment pays for exactly one action, draw or no draw."""
    state = _exploring()
    both = Pay(W, (die("red"),), (move(1), explore("north")))
    assert_rejected(state, both, "ET-PAY-2")


def test_CORE_CHANCE_a_payment_that_only_waits_on_the_draw() -> None:
    """CORE-CHANCE: a single payment waits until the map card is placed."""
    state = _exploring()
    assert_rejected(state, Pay(W, (die("red"),), (move(1),)), "CORE-CHANCE")
