"""Scenario level and what it sets (HV-SCEN-1..5), standees per party size."""

from __future__ import annotations

import pytest
from test_haven_play_support import at, monster, new_state, rect, scenario

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN
from rulekeeper.games.haven.scaling import (
    FormulaError,
    evaluate,
    recommended_level,
    scaling,
)


def test_HV_SCEN_2_recommended_level_is_half_the_average_rounded_up_plus_difficulty() -> None:
    assert recommended_level([1, 2, 2], "normal", solo=False, rules=GLOOMHAVEN) == 1
    assert recommended_level([3, 4], "normal", solo=False, rules=GLOOMHAVEN) == 2
    assert recommended_level([3, 4], "easy", solo=False, rules=GLOOMHAVEN) == 1
    assert recommended_level([3, 4], "hard", solo=False, rules=GLOOMHAVEN) == 3
    assert recommended_level([3, 4], "very_hard", solo=False, rules=GLOOMHAVEN) == 4
    assert recommended_level([1, 1], "easy", solo=False, rules=GLOOMHAVEN) == 0
    assert recommended_level([9, 9], "very_hard", solo=False, rules=GLOOMHAVEN) == 7


def test_HV_SCEN_2_solo_gloomhaven_raises_monster_level_and_traps_not_gold() -> None:
    solo = scaling(2, solo=True, rules=GLOOMHAVEN)
    assert (solo.scenario_level, solo.monster_level, solo.trap_damage) == (2, 3, 5)
    assert solo.gold_conversion == 3 and solo.bonus_experience == 8


def test_HV_SCEN_2_solo_frosthaven_adds_one_to_the_average_level() -> None:
    assert recommended_level([2], "normal", solo=True, rules=FROSTHAVEN) == 2
    assert recommended_level([2], "normal", solo=True, rules=GLOOMHAVEN) == 1
    solo = scaling(2, solo=True, rules=FROSTHAVEN)
    assert solo.monster_level == 2 and solo.trap_damage == 4


@pytest.mark.parametrize("level", range(8))
def test_HV_SCEN_3_by_level(level: int) -> None:
    got = scaling(level, solo=False, rules=GLOOMHAVEN)
    assert got.monster_level == level
    assert got.trap_damage == 2 + level
    assert got.gold_conversion == (2, 2, 3, 3, 4, 4, 5, 6)[level]
    assert got.bonus_experience == 4 + 2 * level
    assert got.hazardous_damage == (2 + level) // 2
    assert scaling(level, solo=False, rules=FROSTHAVEN).hazardous_damage == 1 + -(-level // 3)


def test_HV_SCEN_4_equations_in_L_and_C_round_up() -> None:
    assert evaluate("10*C", level=2, characters=3) == 30
    assert evaluate("8 x C + L", level=2, characters=3) == 26
    assert evaluate("(L+C)/2", level=2, characters=3) == 3  # 2.5 rounds up
    assert evaluate("H/2", level=0, characters=2, elite_hp=7) == 4
    for bad in ("C*", "10*Q", "(C+1", "1/0", "9" * 100):
        with pytest.raises(FormulaError):
            evaluate(bad, level=1, characters=2)


def test_HV_SCEN_4_a_bad_hp_equation_is_refused_at_load_naming_the_field() -> None:
    data = scenario()
    data["monster_types"]["dummy"]["normal"][0]["hp"] = "10*Z"
    with pytest.raises(ContentError, match=r"monster_types\.dummy\.normal\.0"):
        new_state(data)


def test_HV_SCEN_2_a_scenario_without_level_plays_at_the_recommended_level() -> None:
    data = scenario(level=1, monsters=[monster("dummy", at(5, 3))])
    data["level"] = None
    data["character_level"] = 3
    data["difficulty"] = "hard"
    data["classes"]["tester"]["hp"] = [8, 9, 10]
    with pytest.raises(ContentError, match="no stats for level 3"):
        new_state(data)  # ⌈3 / 2⌉ + 1 = 3: the dummy's stats have only levels 0 and 1
    data["monster_types"]["dummy"]["normal"] *= 4
    data["monster_types"]["dummy"]["elite"] *= 4
    state = new_state(data)
    assert state.scaling.scenario_level == 3 and state.scaling.trap_damage == 5


def test_HV_SCEN_5_trap_damage_is_2_plus_the_scenario_level() -> None:
    for level in (0, 1):
        state = new_state(
            scenario(
                hexes=rect(4, 1),
                start=[at(0, 0)],
                terrain={"trap": [at(1, 0)]},
                monsters=[monster("dummy", at(3, 0))],
                level=level,
            )
        )
        from rulekeeper.games.haven.actions import MoveTo, PlayHalf, SelectCard

        state.apply(SelectCard("tester", "t1"))
        state.apply(SelectCard("tester", "t2"))
        while state.is_chance_node():
            state.apply(state.legal_actions()[0])
        state.apply(PlayHalf("t1", "bottom"))
        state.apply(MoveTo(at(1, 0)))
        assert state.negation is not None and state.negation.damage == 2 + level
        assert at(1, 0) in state.sprung_traps


@pytest.mark.parametrize(("party", "expected"), [(1, "normal"), (2, "elite"), (3, None)])
def test_HV_SCEN_1_standees_by_the_number_of_characters(party: int, expected: str | None) -> None:
    names = ("tester", "tester2", "tester3")[:party]
    standee = {"type": "dummy", "hex": at(5, 3), "normal": [1], "elite": [2]}
    state = new_state(scenario(party=names, monsters=[standee]))
    found = [f for f in state.figures.values() if f.kind == "monster"]
    if expected is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].elite == (expected == "elite")
