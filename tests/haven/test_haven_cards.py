"""Ability cards: selection, the leading card, one top and one bottom, card destinations.

HV-CARD-1..4 as rule examples on a small board: one Tester, one Dummy far away.
"""

from __future__ import annotations

import pytest
from test_haven_play_support import (
    at,
    chance,
    dummy_monster,
    monster,
    new_state,
    play,
    scenario,
)

from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import LongRest, PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.state import HavenState


def fresh() -> HavenState:
    return new_state(scenario(monsters=[monster("dummy", at(5, 3))]))


def to_turn(state: HavenState, leading: str, second: str, ability: str = "dummy-b") -> None:
    play(state, SelectCard("tester", leading), SelectCard("tester", second))
    chance(state, ability)


def test_HV_CARD_1_every_character_selects_two_cards_from_hand() -> None:
    state = fresh()
    assert state.legal_actions() == [SelectCard("tester", f"t{i}") for i in range(1, 7)]
    play(state, SelectCard("tester", "t2"))
    assert SelectCard("tester", "t2") not in state.legal_actions()
    assert len(state.legal_actions()) == 5
    play(state, SelectCard("tester", "t4"))
    assert state.heroes["tester"].leading == "t2"
    assert state.heroes["tester"].second == "t4"
    assert state.is_chance_node()  # monster ability cards are drawn once all have selected


def test_HV_CARD_1_a_card_not_in_hand_is_refused_and_nothing_changes() -> None:
    state = fresh()
    state.heroes["tester"].hand.remove("t6")
    state.heroes["tester"].lost.append("t6")
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(SelectCard("tester", "t6"))
    assert refused.value.rule_id == "HV-CARD-1"
    assert state.to_dict() == before


def test_HV_CARD_1_a_long_rest_is_the_alternative_to_selecting() -> None:
    state = fresh()
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.hand.remove("t6")
    hero.discard.extend(["t5", "t6"])
    assert LongRest("tester") in state.legal_actions()
    play(state, LongRest("tester"))
    assert hero.long_rest and hero.leading is None


def test_HV_CARD_2_the_leading_card_sets_initiative() -> None:
    late = fresh()
    to_turn(late, "t5", "t1", "dummy-a")  # leads 50 against the Dummy's 45
    assert late.order == ["group:dummy", "tester"]
    early = fresh()
    to_turn(early, "t1", "t5", "dummy-a")  # leads 10
    assert early.order == ["tester", "group:dummy"]
    assert early.heroes["tester"].initiative == 10


def test_HV_CARD_3_one_top_and_one_bottom_in_either_order() -> None:
    state = fresh()
    to_turn(state, "t1", "t2")
    assert state.turn is not None and state.turn.stage == "choose"
    assert PlayHalf("t2", "bottom") in state.legal_actions()
    play(state, PlayHalf("t2", "bottom"))  # bottom first
    play(state, Skip())
    assert state.legal_actions() == [PlayHalf("t1", "top"), PlayHalf("t1", "top", basic=True)]


def test_HV_CARD_3_two_tops_are_refused_and_nothing_changes() -> None:
    state = fresh()
    to_turn(state, "t1", "t3")
    play(state, PlayHalf("t1", "top"))  # no enemy in reach: the attack has no target
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(PlayHalf("t3", "top"))
    assert refused.value.rule_id == "HV-CARD-3"
    assert state.to_dict() == before


def test_HV_CARD_3_a_card_from_hand_cannot_be_played() -> None:
    state = fresh()
    to_turn(state, "t1", "t3")
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(PlayHalf("t4", "top"))
    assert refused.value.rule_id == "HV-CARD-3"
    assert state.to_dict() == before


def test_HV_CARD_4_lost_halves_go_to_the_lost_pile_others_to_discard() -> None:
    sturdy = {"dummy": dummy_monster(hp=9)}
    state = new_state(scenario(monsters=[monster("dummy", at(1, 0))], monster_types=sturdy))
    to_turn(state, "t5", "t1", "dummy-b")
    play(state, PlayHalf("t5", "top"))  # Attack 5, lost
    assert state.heroes["tester"].lost == ["t5"]
    play(state, state.legal_actions()[0])  # the Dummy
    chance(state, "+0")
    play(state, PlayHalf("t1", "bottom"))
    play(state, Skip())  # the move is left unused
    assert state.heroes["tester"].discard == ["t1"]
    assert state.heroes["tester"].lost == ["t5"]


def test_HV_CHAR_5_a_lost_half_performed_in_no_part_is_discarded() -> None:
    """The Dummy is out of reach: t5's lost Attack 5 is performed in no part, so the card
    is discarded, not lost; skipping t1's move discards t1 as usual."""
    state = fresh()
    to_turn(state, "t5", "t1", "dummy-b")
    play(state, PlayHalf("t5", "top"))  # Attack 5, lost: no target
    play(state, PlayHalf("t1", "bottom"))
    play(state, Skip())  # the move is left unused
    assert state.heroes["tester"].lost == []
    assert sorted(state.heroes["tester"].discard) == ["t1", "t5"]
    assert any("HV-CHAR-5" in e.rules for e in state.log)


def test_HV_CARD_4_a_basic_action_never_loses_the_card() -> None:
    state = fresh()
    to_turn(state, "t5", "t1", "dummy-b")
    play(state, PlayHalf("t5", "top", basic=True))
    assert state.heroes["tester"].lost == []
    assert state.heroes["tester"].discard == ["t5"]


def test_HV_CARD_4_HV_COND_STUN_2_a_stunned_character_discards_its_cards_even_a_lost_half() -> None:
    """GH p.23 Stun: a stunned character still plays two cards; their actions are not
    used and the cards are simply discarded, so a lost half is not lost."""
    state = fresh()
    state.figures["tester"].conditions.append("stun")
    to_turn(state, "t5", "t1")
    play(state, PlayHalf("t5", "top"))  # Attack 5, lost
    hero = state.heroes["tester"]
    assert hero.discard == ["t5"] and hero.lost == []
    assert any(e.kind == "stun" and "HV-COND-STUN-2" in e.rules for e in state.log)
    play(state, PlayHalf("t1", "bottom"))
    assert hero.discard == ["t5", "t1"] and state.figures["tester"].hex == at(0, 0)
    assert "stun" not in state.figures["tester"].conditions  # gone at the end of its turn
