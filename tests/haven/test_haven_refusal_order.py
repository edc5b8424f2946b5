"""Refusals while a card is being drawn cite the rule that forbids the action (issue 17).

An action a haven rule forbids whatever the card drawn is refused under that
rule; one that only waits for the draw is refused under CORE-CHANCE.
"""

from __future__ import annotations

from typing import Any

from test_haven_items import start_turn, with_items
from test_haven_play_support import at, monster, new_state, play

from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.haven.actions import ChooseTarget, MoveTo, PlayHalf, SelectCard, UseItem
from rulekeeper.games.haven.state import HavenState


def _drawing_a_modifier(carried: list[str]) -> HavenState:
    """The tester attacks the dummy; the attack modifier card is being drawn."""
    state = new_state(with_items(carried, start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    start_turn(state)
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))  # Attack 3
    assert state.is_chance_node()
    return state


def test_HV_ITEM_5_an_attack_item_mid_draw_cites_the_item_rule() -> None:
    """HV-ITEM-5: an item that changes an attack is used before its modifier is drawn."""
    state = _drawing_a_modifier(["stone"])
    assert_rejected(state, UseItem("tester", "stone"), "HV-ITEM-5")


def test_HV_ITEM_1_an_item_not_brought_mid_draw_cites_the_item_rule() -> None:
    """HV-ITEM-1: an item the character did not bring is refused as such, draw or not."""
    state = _drawing_a_modifier(["stone"])
    assert_rejected(state, UseItem("tester", "boots"), "HV-ITEM-1")


def test_HV_CARD_1_a_card_selection_mid_draw_cites_the_selection_rule() -> None:
    """HV-CARD-1: cards are selected at the start of the round, not during an attack."""
    state = _drawing_a_modifier(["stone"])
    assert_rejected(state, SelectCard("tester", "t1"), "HV-CARD-1")


def test_CORE_CHANCE_an_action_that_only_waits_on_the_draw() -> None:
    """CORE-CHANCE: the other half of the turn waits until the attack's card is drawn."""
    state = _drawing_a_modifier(["stone"])
    assert_rejected(state, PlayHalf("t2", "bottom"), "CORE-CHANCE")


def test_HV_CARD_1_companion_mode_cites_the_selection_rule_mid_draw() -> None:
    """HV-CARD-1 (companion mode): a card selection while a modifier is drawn cites the
    selection rule; ending the turn only waits on the draw (CORE-CHANCE)."""
    from test_companion_game import play as play_companion

    from companion_script import SCRIPT
    from rulekeeper.games.haven.companion_actions import EndTurn

    # The first point of the scripted game where an attack modifier is being drawn.
    mid_draw = [
        state
        for state in (play_companion(upto) for upto in range(len(SCRIPT)))
        if state.is_chance_node() and state.attack is not None
    ]
    assert mid_draw, "the scripted companion game draws an attack modifier"
    state = mid_draw[0]
    assert_rejected(state, SelectCard("lampwright", "x"), "HV-CARD-1")
    assert_rejected(state, EndTurn(), "CORE-CHANCE")


def test_an_action_with_misshapen_fields_is_refused_naming_the_field() -> None:
    """CORE-LEGAL: an action built in code with a field of the wrong shape (a one-number hex,
    a name where a number belongs) is refused naming that field, before any rule reads it:
    compiled rule modules would otherwise fail on the type instead of refusing."""
    state = _drawing_a_modifier([])
    short: Any = (2,)
    named: Any = ("a", 1)
    for action in (MoveTo(hex=short), MoveTo(hex=named)):
        violation = assert_rejected(state, action, "CORE-LEGAL")
        assert "field 'hex'" in str(violation), violation
