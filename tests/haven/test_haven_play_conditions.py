"""Conditions in play: what they stop, how long they last, and the rule each event names.

Durations (GH p.22–23; FH p.28–29): immobilize, disarm, stun, muddle,
strengthen and invisible end at the end of the bearer's next turn (one gained
on the bearer's own turn lasts through its following turn); wound and poison
last until healed. Small boards: one Tester, one Dummy.
"""

from __future__ import annotations

from typing import Any

from test_haven_play_support import (
    at,
    card,
    chance,
    make_tester_class,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.games.haven.actions import PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.state import HavenState

STRENGTHEN_SELF = {"type": "condition", "conditions": ["strengthen"]}


def self_strengthening_tester() -> dict[str, Any]:
    cls = make_tester_class()
    cls["cards"][1] = card(
        "t2", 20, [{"type": "attack", "value": 3}], [STRENGTHEN_SELF]
    )  # bottom: strengthen self
    return cls


def board(dummy_at: tuple[int, int] = at(5, 3), **kw: Any) -> HavenState:
    return new_state(scenario(monsters=[monster("dummy", dummy_at)], **kw))


def rules_of(state: HavenState, kind: str) -> list[str]:
    return [r for e in state.log if e.kind == kind for r in e.rules]


def finish_round(state: HavenState) -> None:
    """Let monsters act (first mover option) and decline short rests up to the next selection."""
    for _ in range(200):
        if state.phase == "select" or state.is_terminal():
            return
        settle_options(state)
        if state.is_chance_node():
            chance(state, "+0")
            continue
        play(state, state.legal_actions()[-1])


def test_HV_COND_IMMOBILIZE_1_an_immobilized_character_cannot_move_and_the_event_says_why() -> None:
    state = board()
    state.figures["tester"].conditions.append("immobilize")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"))  # Move 3: not offered
    assert state.figures["tester"].hex == at(0, 0)
    assert "HV-COND-IMMOBILIZE-1" in rules_of(state, "immobilize")
    play(state, PlayHalf("t2", "top"))  # no target in reach: the turn ends
    assert "immobilize" not in state.figures["tester"].conditions  # end of its next turn


def test_HV_COND_DISARM_1_a_disarmed_character_cannot_attack_and_the_event_says_why() -> None:
    state = board(dummy_at=at(1, 0))
    state.figures["tester"].conditions.append("disarm")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))  # Attack 3 on an adjacent Dummy: not performed
    assert state.turn is not None and state.turn.draw is None
    assert state.figures["dummy 1"].hp == state.figures["dummy 1"].max_hp
    assert "HV-COND-DISARM-1" in rules_of(state, "disarm")


def test_HV_COND_DISARM_1_a_disarmed_monster_does_not_attack_and_the_event_says_why() -> None:
    state = board(dummy_at=at(1, 0))
    state.figures["dummy 1"].conditions.append("disarm")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))  # 50: the Dummy first
    chance(state, "dummy-a")  # 45: move +0, attack +0
    settle_options(state)
    assert state.figures["tester"].hp == state.figures["tester"].max_hp
    assert "HV-COND-DISARM-1" in rules_of(state, "disarm")
    assert "disarm" not in state.figures["dummy 1"].conditions


def test_HV_COND_2_a_condition_gained_on_the_bearers_own_turn_lasts_through_its_next_turn() -> None:
    """Strengthen on oneself: kept at the end of this turn, gone at the end of the next."""
    state = board(classes={"tester": self_strengthening_tester()})
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t2", "bottom"))  # strengthen self
    play(state, PlayHalf("t1", "top"))  # no target: the turn ends
    assert "strengthen" in state.figures["tester"].conditions
    finish_round(state)
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    chance(state, "dummy-a")  # the only card left in the Dummy's deck
    play(state, PlayHalf("t3", "bottom"), Skip(), PlayHalf("t4", "top"))
    if Skip() in state.legal_actions():
        play(state, Skip())
    assert "strengthen" not in state.figures["tester"].conditions


def test_HV_COND_WOUND_1_HV_HEAL_2_wound_hurts_at_the_start_of_each_turn_until_healed() -> None:
    state = board()
    state.figures["tester"].conditions.append("wound")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t4"))
    chance(state, "dummy-b")
    # The Tester has cards to negate with (HV-NEG-1): it chooses to suffer.
    assert "wound" in state.pending_decision()
    play(state, state.legal_actions()[0])
    assert state.figures["tester"].hp == 9
    assert "wound" in state.figures["tester"].conditions  # not a turn-limited condition
    play(state, PlayHalf("t4", "top"))  # Heal 2, range 2: the Tester itself
    play(state, state.legal_actions()[0])
    assert "wound" not in state.figures["tester"].conditions
    assert state.figures["tester"].hp == 10
