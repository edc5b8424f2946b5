"""Elements in play: infused at the end of the turn, consumed for a bonus, waning each round."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import at, card, chance, monster, new_state, play, scenario

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import elements
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    ConsumeElement,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState

FIRE_ATTACK = {"type": "attack", "value": 2, "element": "fire", "consume_bonus": 2}


def pyro() -> dict[str, Any]:
    cards = [
        card("p1", 10, [FIRE_ATTACK], [{"type": "infuse", "element": "fire"}]),
        card("p2", 20, [FIRE_ATTACK], [{"type": "move", "value": 1}]),
        card("p3", 30, [FIRE_ATTACK], [{"type": "move", "value": 1}]),
        card("p4", 40, [FIRE_ATTACK], [{"type": "move", "value": 1}]),
    ]
    return {"name": "Pyro", "hp": [10], "hand_size": 4, "cards": cards}


def board(ruleset: str = "gloomhaven", **classes: Any) -> HavenState:
    data = scenario(
        party=("pyro",),
        start=[at(0, 0)],
        monsters=[monster("dummy", at(5, 3))],
        classes={"pyro": pyro(), **classes},
    )
    return new_state(data, ruleset)


def test_HV_ELEM_1_HV_ELEM_2_an_infusion_becomes_strong_at_the_end_of_the_turn_and_wanes() -> None:
    state = board()
    play(state, SelectCard("pyro", "p1"), SelectCard("pyro", "p2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p1", "bottom"))
    assert state.elements == {}  # not yet: at the end of the turn
    play(state, PlayHalf("p2", "top"))  # no target in reach: the turn ends
    assert state.elements == {"fire": "strong"}
    while state.phase != "select":
        play(state, state.legal_actions()[0])
    assert state.elements == {"fire": "waning"}
    elements.wane(state)
    assert state.elements == {}


def test_HV_ELEM_3_consuming_an_element_adds_the_bonus_and_uses_it_up() -> None:
    state = board()
    state.elements["fire"] = "waning"
    state.figures["dummy 1"].hex = at(1, 0)
    play(state, SelectCard("pyro", "p2"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p2", "top"), ConsumeElement("fire", True))
    assert state.elements == {}
    play(state, ChooseTarget("dummy 1"))
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.context.attack == 4
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 1
    play(state, PlayHalf("p3", "bottom"), Skip())


def test_HV_ELEM_3_an_attack_with_no_target_does_not_consume_its_element() -> None:
    """An element is consumed only to enhance an ability performed (GH p.24; FH p.29): an
    attack with no enemy in range and sight is not made, so the element stays."""
    state = board()
    state.elements["fire"] = "strong"
    play(state, SelectCard("pyro", "p2"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p2", "top"))  # the dummy is out of reach
    assert any("no enemy in range" in e.text for e in state.log)
    assert state.elements == {"fire": "strong"}


def dummies_with(card_actions: list[dict[str, Any]], strong: tuple[str, ...] = ()) -> HavenState:
    """Two Dummies next to the Tester; their one card acts at 45, before the Tester's 50."""
    deck = {"cards": [{"id": "d", "initiative": 45, "actions": card_actions}]}
    state = new_state(
        scenario(
            monsters=[monster("dummy", at(1, 0)), monster("dummy", at(0, 1))],
            monster_decks={"dummy": deck},
        )
    )
    state.elements.update(dict.fromkeys(strong, "strong"))
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "d")
    return state


def attacks_on_tester(state: HavenState) -> list[int]:
    """Draw +0 for every monster attack and suffer the damage; the attack values made."""
    from rulekeeper.games.haven.actions import Negate

    made = []
    while state.turn is not None and state.turn.actor != "tester":
        if state.turn.draw is not None and state.is_chance_node():
            made.append(state.turn.draw.context.attack)
            chance(state, "+0")
        elif state.negation is not None:
            play(state, Negate("tester", "suffer"))
        else:
            play(state, state.legal_actions()[0])
    return made


def test_HV_ELEM_4_every_monster_of_a_group_gets_the_element_the_group_consumed() -> None:
    """GH p.24: monsters always consume an element they can, and every monster of that
    type acting this round gets its benefit, not just the first."""
    state = dummies_with(
        [{"type": "attack", "value": 0, "element": "fire", "consume_bonus": 2}], strong=("fire",)
    )
    assert attacks_on_tester(state) == [4, 4]  # Attack 2 + 2 for both Dummies
    assert state.elements == {}
    assert sum("consumes fire" in e.text for e in state.log) == 1


def test_HV_ELEM_4_a_monster_groups_infusion_comes_at_the_end_of_its_last_monsters_turn() -> None:
    """FH p.43 (and GH p.24: no element is made and consumed in one turn): the first Dummy's
    infusion is not there for the second Dummy to consume."""
    state = dummies_with(
        [
            {"type": "attack", "value": 0, "element": "fire", "consume_bonus": 2},
            {"type": "infuse", "element": "fire"},
        ]
    )
    assert attacks_on_tester(state) == [2, 2]
    assert state.elements == {"fire": "strong"}


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ELEM_4_a_characters_consumption_is_its_players_choice(ruleset: str) -> None:
    """A character may consume the element for the bonus or leave it on the board."""
    state = board(ruleset)
    state.elements["fire"] = "strong"
    state.figures["dummy 1"].hex = at(1, 0)
    play(state, SelectCard("pyro", "p2"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p2", "top"))
    assert state.legal_actions() == [ConsumeElement("fire", True), ConsumeElement("fire", False)]
    assert state.elements == {"fire": "strong"}  # nothing consumed before the choice
    play(state, ConsumeElement("fire", False), ChooseTarget("dummy 1"))
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.context.attack == 2  # no bonus
    assert state.elements == {"fire": "strong"}
    assert any("HV-ELEM-4" in e.rules for e in state.log)


def test_HV_ELEM_4_no_choice_is_offered_when_the_element_is_inert() -> None:
    state = board()
    state.figures["dummy 1"].hex = at(1, 0)
    play(state, SelectCard("pyro", "p2"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p2", "top"))
    assert ChooseTarget("dummy 1") in state.legal_actions()
    assert not any(isinstance(a, ConsumeElement) for a in state.legal_actions())


def costly_pyro() -> dict[str, Any]:
    """p1's top costs fire (upper-left, mandatory) and is lost: Attack 4."""
    data = pyro()
    first = dict(data["cards"][0])
    first["top"] = {"actions": [{"type": "attack", "value": 4}], "lost": True, "consume": ["fire"]}
    data["cards"] = [first, *data["cards"][1:]]
    return data


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ELEM_4_an_upper_left_consumption_is_paid_before_the_action(ruleset: str) -> None:
    """[FH] an element in the action's upper-left corner must be consumed to perform any
    of the action; with it available it is consumed at once, no choice offered."""
    state = board(ruleset, pyro=costly_pyro())
    state.elements["fire"] = "waning"
    state.figures["dummy 1"].hex = at(1, 0)
    play(state, SelectCard("pyro", "p1"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p1", "top"))
    assert state.elements == {}
    assert ChooseTarget("dummy 1") in state.legal_actions()
    play(state, ChooseTarget("dummy 1"))
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.context.attack == 4
    assert "p1" in state.heroes["pyro"].lost


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ELEM_4_an_unpaid_upper_left_consumption_performs_nothing(ruleset: str) -> None:
    """Without the element none of the action is performed: no attack, and the lost icon
    never applies (HV-CHAR-5), so the card is discarded."""
    state = board(ruleset, pyro=costly_pyro())
    state.figures["dummy 1"].hex = at(1, 0)
    play(state, SelectCard("pyro", "p1"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p1", "top"))
    assert state.turn is not None and state.turn.stage == "choose"  # straight to the next half
    assert "p1" in state.heroes["pyro"].discard and "p1" not in state.heroes["pyro"].lost
    assert state.figures["dummy 1"].hp == 5
    assert any("none of the action" in e.text and "HV-ELEM-4" in e.rules for e in state.log)


def test_HV_ELEM_4_an_upper_left_cost_names_each_element_once() -> None:
    data = costly_pyro()
    data["cards"][0]["top"]["consume"] = ["fire", "fire"]
    with pytest.raises(ContentError):
        board(pyro=data)
