"""Short rests, long rests and the discard requirement (HV-REST-1..3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_haven_play_support import (
    at,
    chance,
    idle_target_scenario,
    lost_attack_turn,
    monster,
    new_state,
    play,
    quiet_turn,
    scenario,
    settle_options,
)

from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import (
    LongRest,
    LongRestHeal,
    LoseCard,
    Negate,
    Redraw,
    RestLoss,
    SelectCard,
    ShortRest,
)
from rulekeeper.games.haven.state import HavenState


def at_end_of_round_one(ruleset: str = "gloomhaven") -> HavenState:
    """The Tester starts with t3 in its discard, plays t1 and t2: three discards at round end."""
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))]), ruleset)
    hero = state.heroes["tester"]
    hero.hand.remove("t3")
    hero.discard.append("t3")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    quiet_turn(state, "t1", "t2")
    return state


def test_HV_REST_1_a_short_rest_loses_a_random_discard_and_returns_the_rest() -> None:
    state = at_end_of_round_one()
    assert state.phase == "rest"
    assert state.legal_actions() == [ShortRest("tester", True), ShortRest("tester", False)]
    play(state, ShortRest("tester", True))
    assert state.is_chance_node()
    assert state.chance_outcomes() == [
        (RestLoss("tester", c), Fraction(1, 3)) for c in ("t1", "t2", "t3")
    ]
    chance(state, "t2")
    play(state, Redraw("tester", False))
    hero = state.heroes["tester"]
    assert hero.lost == ["t2"]
    assert sorted(hero.hand) == ["t1", "t3", "t4", "t5", "t6"]
    assert hero.discard == [] and state.round == 2


def test_HV_REST_1_once_per_rest_suffer_1_damage_to_lose_a_different_card() -> None:
    state = at_end_of_round_one()
    play(state, ShortRest("tester", True))
    chance(state, "t2")
    hp = state.figures["tester"].hp
    play(state, Redraw("tester", True))
    assert state.figures["tester"].hp == hp - 1
    assert state.chance_outcomes() == [
        (RestLoss("tester", "t1"), Fraction(1, 2)),
        (RestLoss("tester", "t3"), Fraction(1, 2)),
    ]
    chance(state, "t3")
    hero = state.heroes["tester"]
    assert hero.lost == ["t3"] and "t2" in hero.hand
    assert state.phase == "select"  # no second redraw was offered
    with pytest.raises(RuleViolation):
        state.apply(Redraw("tester", True))


def test_HV_REST_2_a_long_rest_acts_at_99_loses_a_chosen_card_and_heals_2() -> None:
    state = new_state(scenario(party=("tester", "tester2"), monsters=[monster("dummy", at(5, 3))]))
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.hand.remove("t6")
    hero.discard.extend(["t5", "t6"])
    state.figures["tester"].hp = 5
    play(state, LongRest("tester"), SelectCard("tester2", "t1"), SelectCard("tester2", "t2"))
    chance(state, "dummy-a")
    assert state.order == ["tester2", "group:dummy", "tester"]  # initiative 99
    quiet_turn(state, "t1", "t2")
    assert state.turn is not None and state.turn.actor == "tester"
    assert state.legal_actions() == [LoseCard("tester", "t5"), LoseCard("tester", "t6")]
    play(state, LoseCard("tester", "t6"))
    assert hero.lost == ["t6"] and "t5" in hero.hand and hero.discard == []
    assert state.figures["tester"].hp == 7  # Heal 2, not optional in Gloomhaven


def test_HV_REST_2_frosthaven_makes_the_long_rest_heal_optional() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))]), "frosthaven")
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.hand.remove("t6")
    hero.discard.extend(["t5", "t6"])
    state.figures["tester"].hp = 5
    play(state, LongRest("tester"))
    chance(state, "dummy-a")
    settle_options(state)
    play(state, LoseCard("tester", "t5"))
    assert state.legal_actions() == [LongRestHeal("tester", True), LongRestHeal("tester", False)]
    play(state, LongRestHeal("tester", False))
    assert state.figures["tester"].hp == 5


def test_HV_REST_3_resting_with_one_discard_is_refused_and_nothing_changes() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))]))
    hero = state.heroes["tester"]
    hero.hand.remove("t6")
    hero.discard.append("t6")
    assert LongRest("tester") not in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(LongRest("tester"))
    assert refused.value.rule_id == "HV-REST-3"
    assert state.to_dict() == before


def test_HV_REST_3_no_short_rest_is_offered_with_fewer_than_two_discards() -> None:
    state = new_state(idle_target_scenario())
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))  # t5's top is lost
    chance(state, "idle")
    lost_attack_turn(state, "t5", "t1")
    assert state.heroes["tester"].discard == ["t1"]
    assert state.phase == "select" and state.round == 2  # the rest step was skipped


def test_HV_REST_2_a_long_rest_whose_discards_were_lost_to_negation_still_heals() -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.hand.remove("t6")
    hero.discard.extend(["t5", "t6"])
    state.figures["tester"].hp = 5
    play(state, LongRest("tester"))
    chance(state, "dummy-a", "+0")  # the Dummy (45) attacks before the rest (99)
    play(state, Negate("tester", "discard"), LoseCard("tester", "t5"), LoseCard("tester", "t6"))
    assert hero.discard == [] and state.figures["tester"].hp == 7  # healed 2 all the same
    assert any("empty discard pile" in e.text for e in state.log)


def test_HV_REST_2_a_long_rest_at_99_acts_before_a_monster_group_at_99() -> None:
    """HV-REST-2 and HV-INIT-3: the long rest is initiative 99; a character tied with a
    monster group acts first (FH FAQ: at 99, not necessarily last)."""
    deck = {
        "cards": [{"id": "late", "initiative": 99, "actions": [{"type": "shield", "value": 1}]}]
    }
    state = new_state(
        scenario(monsters=[monster("dummy", at(5, 3))], monster_decks={"dummy": deck})
    )
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.discard.append("t5")
    hero.hand.remove("t6")
    hero.discard.append("t6")
    play(state, LongRest("tester"))
    chance(state, "late")
    assert state.order == ["tester", "group:dummy"]
