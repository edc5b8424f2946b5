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


def test_an_infusion_becomes_strong_at_the_end_of_the_turn_and_wanes() -> None:
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


def test_consuming_an_element_adds_the_bonus_and_uses_it_up() -> None:
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


def test_an_attack_with_no_target_does_not_consume_its_element() -> None:
    """An element is consumed only to enhance an ability performed (GH p.24; FH p.29): an
    attack with no enemy in range and sight is not made, so the element stays."""
    state = board()
    state.elements["fire"] = "strong"
    play(state, SelectCard("pyro", "p2"), SelectCard("pyro", "p3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("p2", "top"))  # the dummy is out of reach
    assert any("no enemy in range" in e.text for e in state.log)
    assert state.elements == {"fire": "strong"}
