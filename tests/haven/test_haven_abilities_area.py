"""A character's area-of-effect attacks (HV-ATK-1, HV-LOS-1, HV-LOS-2).

GH p.21 ("Area Effects"), FH p.22 ("Area of Effect"): the area may be turned
and mirrored; a melee area holds the attacker's hex, a ranged one needs one
hex within range; every enemy in it and in line of sight is attacked, each
with its own modifier draw.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import chance, monster, new_state, play, scenario

from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import ChooseTarget, PlaceArea, PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.state import HavenState

ARC = [[0, 0], [1, -1], [1, 0]]
"""A melee area: the attacker's hex and two neighbours side by side."""
TRIANGLE = [[0, 0], [1, 0], [0, 1]]
"""A ranged area: three hexes touching each other."""


def with_area(top: dict[str, Any], **kw: Any) -> HavenState:
    """The Tester's t1 top becomes ``top``; it leads with t1 (10) and plays its top."""
    data = scenario(**kw)
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [top]
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))
    return state


def test_HV_ATK_1_HV_TGT_4_a_melee_area_hits_every_enemy_in_it_one_draw_each() -> None:
    state = with_area(
        {"type": "attack", "value": 2, "aoe": ARC},
        start=[(1, 1)],
        monsters=[monster("dummy", (2, 0)), monster("dummy", (2, 1))],
    )
    both = PlaceArea(((2, 0), (2, 1)))
    assert both in state.legal_actions()
    play(state, both)
    # two targets: the player chooses which is attacked first
    assert state.legal_actions() == [ChooseTarget("dummy 1"), ChooseTarget("dummy 2")]
    play(state, ChooseTarget("dummy 2"))
    chance(state, "+0")
    assert state.figures["dummy 2"].hp == 5 - 2
    chance(state, "+1")  # the last target follows by itself
    assert state.figures["dummy 1"].hp == 5 - 3
    assert state.turn is not None and state.turn.stage == "choose"


def test_HV_ATK_1_HV_TGT_3_the_area_turns_and_mirrors_around_the_attacker() -> None:
    """One enemy next to the Tester: of the arc's six orientations two cover it."""
    state = with_area(
        {"type": "attack", "value": 2, "aoe": ARC},
        start=[(1, 1)],
        monsters=[monster("dummy", (2, 0))],
    )
    legal = state.legal_actions()
    assert len(legal) == 3 and legal[-1] == Skip()
    assert all(isinstance(a, PlaceArea) and (2, 0) in a.hexes for a in legal[:2])


def test_HV_LOS_1_HV_TGT_4_an_enemy_in_the_area_behind_a_wall_is_not_attacked() -> None:
    state = with_area(
        {"type": "attack", "value": 2, "aoe": ARC},
        start=[(1, 1)],
        walls=[[(1, 1), (2, 1)], [(1, 2), (2, 1)], [(2, 0), (2, 1)]],  # around dummy 2
        monsters=[monster("dummy", (2, 0)), monster("dummy", (2, 1))],
    )
    play(state, PlaceArea(((2, 0), (2, 1))))
    area = next(e for e in state.log if e.kind == "area")
    assert "dummy 1" in area.text and "dummy 2" not in area.text
    chance(state, "+0")
    assert state.figures["dummy 2"].hp == 5


def test_HV_ATK_1_HV_LOS_2_a_refused_placement_names_its_rule_and_changes_nothing() -> None:
    state = with_area(
        {"type": "attack", "value": 2, "range": 2, "aoe": TRIANGLE},
        start=[(0, 0)],
        monsters=[monster("dummy", (3, 0)), monster("dummy", (5, 0))],
    )
    before = state.to_dict()
    with pytest.raises(RuleViolation) as wrong_shape:
        state.apply(PlaceArea(((2, 0), (4, 0))))
    assert wrong_shape.value.rule_id == "HV-ATK-1"
    with pytest.raises(RuleViolation) as too_far:
        state.apply(PlaceArea(((4, 0), (5, -1), (5, 0))))  # nearest hex 4 away, range 2
    assert too_far.value.rule_id == "HV-LOS-2"
    assert state.to_dict() == before
    play(state, PlaceArea(((2, 0), (2, 1), (3, 0))))  # one hex in range, the dummy inside
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 5 - 2


def test_HV_LOS_2_HV_TGT_3_a_ranged_area_needs_only_one_hex_in_range() -> None:
    state = with_area(
        {"type": "attack", "value": 2, "range": 2, "aoe": TRIANGLE},
        start=[(0, 0)],
        monsters=[monster("dummy", (3, 0))],
    )
    placed = [a for a in state.legal_actions() if isinstance(a, PlaceArea)]
    assert placed and all((3, 0) in a.hexes for a in placed)
    assert PlaceArea(((2, 0), (2, 1), (3, 0))) in placed
    assert PlaceArea(((3, 0), (4, -1), (4, 0))) not in placed  # no hex within range 2


def test_HV_TGT_4_frosthaven_may_leave_enemies_in_the_area_out() -> None:
    """[FH] the attacker may leave enemies in the area out (Skip), even the last one;
    [GH] every enemy in the area is attacked (no Skip once the area is placed)."""
    for ruleset in ("gloomhaven", "frosthaven"):
        data = scenario(
            start=[(1, 1)], monsters=[monster("dummy", (2, 0)), monster("dummy", (2, 1))]
        )
        data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
            {"type": "attack", "value": 2, "aoe": ARC}
        ]
        state = new_state(data, ruleset)
        play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
        chance(state, "dummy-b")
        play(state, PlayHalf("t1", "top"), PlaceArea(((2, 0), (2, 1))))
        assert (Skip() in state.legal_actions()) is (ruleset == "frosthaven")
        if ruleset == "gloomhaven":
            with pytest.raises(RuleViolation) as refused:
                state.apply(Skip())
            assert refused.value.rule_id == "HV-TGT-4"
            continue
        play(state, ChooseTarget("dummy 2"))
        chance(state, "+0")
        assert Skip() in state.legal_actions()  # the last one may be left out too
        play(state, Skip())
        assert state.figures["dummy 1"].hp == 5
        assert state.turn is not None and state.turn.stage == "choose"
