"""Attacks in play go through the haven attack modules: draws, advantage, shields, poison."""

from __future__ import annotations

from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.games.haven.actions import ChooseTarget, PlayHalf, SelectCard
from rulekeeper.games.haven.attack_draw import KeepModifier
from rulekeeper.games.haven.state import HavenState


def adjacent_dummy(ruleset: str = "gloomhaven") -> HavenState:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]), ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    return state


def test_HV_ATK_3_a_ranged_attack_on_an_adjacent_enemy_has_disadvantage_in_play() -> None:
    state = adjacent_dummy()
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))  # Attack 3, range 3
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.mode == "disadvantage"
    chance(state, "+1", "-1")  # the worse applies (HV-ADV-2)
    assert state.figures["dummy 1"].hp == 5 - 2


def test_HV_ADV_3_a_frosthaven_character_with_advantage_keeps_either_card() -> None:
    state = adjacent_dummy("frosthaven")
    state.figures["tester"].conditions.append("strengthen")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))  # melee Attack 3
    chance(state, "-1", "+0")
    assert state.current_player() == 0
    assert state.legal_actions() == [KeepModifier(0, "-1"), KeepModifier(1, "+0")]
    play(state, KeepModifier(0, "-1"))
    assert state.figures["dummy 1"].hp == 5 - 2


def test_HV_ATK_1_poison_adds_one_and_the_monsters_shield_subtracts() -> None:
    state = adjacent_dummy()
    dummy = state.figures["dummy 1"]
    dummy.conditions.append("poison")
    dummy.shield = 2
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.context.attack == 4 and state.turn.draw.context.shield == 2
    chance(state, "+0")
    assert dummy.hp == 5 - 2
