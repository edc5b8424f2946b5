"""Retaliate, "+N target" and other added effects of a modifier card in play.

No effect a card may carry is dropped: the engine applies it by its rule or makes it a
step the players resolve by hand (HV-DECK-5, HV-SCEN-7).

- HV-SHIELD-2 / HV-RET-1: a card's "retaliate X" is the attacker's, against adjacent
  attackers, to the end of the round.
- HV-TGT-1 / HV-TGT-4: a card's "+N target" adds N targets within range, not yet
  targeted, each with its own draw; a target added so adds no more. For monsters,
  summons and allies, and "infuse any": test_haven_card_choices.py.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_haven_play_support import chance, monster, new_state, play, rect, scenario

from rulekeeper.games.haven import retaliate
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DeclineEffect,
    KeepEffects,
    Negate,
    PlaceArea,
    PlayHalf,
    SelectCard,
)
from rulekeeper.games.haven.state import HavenState

TESTER = (1, 1)
CARDS = {
    "rolling-retaliate-1": {"rolling": True, "effects": ["retaliate 1"]},
    "rolling-target-1": {"rolling": True, "effects": ["target 1"]},
    "rolling-infuse-any": {"rolling": True, "effects": ["infuse any"]},
    "rolling-bane": {"rolling": True, "effects": ["bane"]},
}


def attacked(
    ruleset: str, cards: tuple[str, ...], monsters: list[dict[str, Any]] | None = None
) -> HavenState:
    """The Tester's melee Attack 1 on dummy 1; its deck draws ``cards``."""
    data = scenario(
        hexes=rect(7, 5),
        start=[TESTER],
        monsters=monsters or [monster("dummy", (2, 1))],
        modifier_cards=copy.deepcopy(CARDS),
    )
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [{"type": "attack", "value": 1}]
    state = new_state(data, ruleset)
    for card in cards:
        if card not in state.decks["tester"].counts():
            state.decks["tester"].shuffle_in(card)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, *cards)
    return state


THREE_DUMMIES = [monster("dummy", (2, 1)), monster("dummy", (1, 2)), monster("dummy", (0, 2))]


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_RET_1_HV_SHIELD_2_a_cards_retaliate_is_the_attackers_this_round(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-retaliate-1", "+0"))
    assert state.legal_actions() == [KeepEffects(), DeclineEffect("retaliate 1")]
    play(state, KeepEffects())
    tester, dummy = state.figures["tester"], state.figures["dummy 1"]
    assert tester.retaliate == [[1, 0]]
    assert retaliate.retaliation(state, tester, dummy) == 1  # adjacent: it answers
    assert any(e.kind == "retaliate-bonus" for e in state.log)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_5_a_declined_cards_retaliate_is_not_gained(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-retaliate-1", "+0"))
    play(state, DeclineEffect("retaliate 1"))
    assert state.figures["tester"].retaliate == []


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_RET_1_a_monsters_card_retaliate_hits_the_character_attacking_it(ruleset: str) -> None:
    """The monsters' deck draws a retaliate card: the monster bears it to the end of the
    round, so the Tester's attack on it after the monster's turn is answered."""
    data = scenario(
        hexes=rect(7, 5),
        start=[TESTER],
        monsters=[monster("dummy", (2, 1))],
        modifier_cards=copy.deepcopy(CARDS),
    )
    deck = copy.deepcopy(data["monster_decks"]["dummy"])
    deck["cards"][0]["actions"] = [{"type": "attack", "value": 0}]
    data["monster_decks"]["dummy"] = deck
    data["classes"]["tester"]["cards"][4]["top"]["actions"] = [{"type": "attack", "value": 1}]
    state = new_state(data, ruleset)
    state.decks["monsters"].shuffle_in("rolling-retaliate-1")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "dummy-a", "rolling-retaliate-1", "+0")
    if state.negation is not None:
        play(state, Negate("tester", "suffer"))
    assert state.figures["dummy 1"].retaliate == [[1, 0]]
    hp = state.figures["tester"].hp
    play(state, PlayHalf("t5", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    if state.negation is not None:
        play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == hp - 1


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_a_cards_plus_one_target_adds_a_target_to_the_attack(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-target-1", "+0"), THREE_DUMMIES)
    assert DeclineEffect("target 1") in state.legal_actions()
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.stage == "attack"
    legal = state.legal_actions()
    assert ChooseTarget("dummy 2") in legal and ChooseTarget("dummy 1") not in legal
    play(state, ChooseTarget("dummy 2"))
    chance(state, "+1")
    assert state.figures["dummy 2"].hp == 5 - 2
    # One target added, one taken: dummy 3 is in reach but the attack is over.
    assert state.turn is None or state.turn.stage != "attack"


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_without_the_card_the_single_target_attack_ends(ruleset: str) -> None:
    state = attacked(ruleset, ("+0",), THREE_DUMMIES)
    assert state.turn is None or state.turn.stage != "attack"


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_5_a_declined_plus_target_adds_no_target(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-target-1", "+0"), THREE_DUMMIES)
    play(state, DeclineEffect("target 1"))
    assert state.turn is None or state.turn.stage != "attack"


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_an_added_target_adds_no_further_target(ruleset: str) -> None:
    """The target a card added gets the attack's effects except more targets."""
    state = attacked(ruleset, ("rolling-target-1", "+0"), THREE_DUMMIES)
    state.decks["tester"].shuffle_in("rolling-target-1")
    play(state, KeepEffects(), ChooseTarget("dummy 2"))
    chance(state, "rolling-target-1", "+0")
    play(state, KeepEffects())
    assert state.turn is None or state.turn.stage != "attack"
    assert any(e.kind == "card-target" and "no further" in e.text for e in state.log)


def test_HV_DECK_5_a_frosthaven_condition_drawn_under_gloomhaven_is_resolved_by_hand() -> None:
    """Bane is no Gloomhaven condition (HV-COND-3 table): the engine cannot apply it, so the
    players are asked to resolve it, never left unaware."""
    state = attacked("gloomhaven", ("rolling-bane", "+0"))
    assert "bane" not in state.figures["dummy 1"].conditions
    assert state.by_hand and "bane" in str(state.by_hand[0])
    frost = attacked("frosthaven", ("rolling-bane", "+0"))
    play(frost, KeepEffects())
    assert "bane" in frost.figures["dummy 1"].conditions and not frost.by_hand


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_4_a_cards_plus_target_on_an_area_attack_adds_one_outside_the_area(
    ruleset: str,
) -> None:
    data = scenario(
        hexes=rect(7, 5),
        start=[TESTER],
        monsters=[monster("dummy", (2, 0)), monster("dummy", (2, 1)), monster("dummy", (0, 2))],
        modifier_cards=copy.deepcopy(CARDS),
    )
    arc = [[0, 0], [1, -1], [1, 0]]
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 1, "aoe": arc}
    ]
    state = new_state(data, ruleset)
    state.decks["tester"].shuffle_in("rolling-target-1")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), PlaceArea(((2, 0), (2, 1))), ChooseTarget("dummy 2"))
    chance(state, "rolling-target-1", "+0")
    play(state, KeepEffects())
    if not state.is_chance_node():  # [FH] the player still orders the area's last enemy
        play(state, ChooseTarget("dummy 1"))
    chance(state, "+0")  # the area's other enemy
    assert state.turn is not None and state.turn.stage == "attack"
    assert state.legal_actions()[0] == ChooseTarget("dummy 3")
    play(state, ChooseTarget("dummy 3"))
    chance(state, "+0")
    assert state.figures["dummy 3"].hp == 5 - 1
