"""Elements in play: infused at the end of the turn, consumed for a bonus, waning each round."""

from __future__ import annotations

from typing import Any

from test_haven_play_support import at, card, chance, monster, new_state, play, scenario

from rulekeeper.games.haven import elements
from rulekeeper.games.haven.actions import ChooseTarget, PlayHalf, SelectCard, Skip
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


def board() -> HavenState:
    data = scenario(
        party=("pyro",),
        start=[at(0, 0)],
        monsters=[monster("dummy", at(5, 3))],
        classes={"pyro": pyro()},
    )
    return new_state(data)


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
    play(state, PlayHalf("p2", "top"))
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
