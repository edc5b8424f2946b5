"""Push and pull (GH p.22 and FAQ; FH p.32): forced movement follows the movement rules.

Each hex entered is farther from (push) or closer to (pull) the attacker; no
walls, obstacles or enemies of the target on the way; allies may be passed
but not ended on (HV-MOVE-1); traps spring on entry (HV-MOVE-2). [GH] a
character's push goes its full length once begun, [FH] up to its length; a
monster's goes as far as it can, the party choosing the way.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_haven_play_support import chance, monster, new_state, play, rect, scenario

from rulekeeper.boards.hexgrid import distance
from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    ForceStep,
    Negate,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState

TESTER = (1, 1)
DUMMY = (2, 1)
AWAY = [(2, 2), (3, 0), (3, 1)]
"""The dummy's neighbours one hex farther from the Tester."""


def pushing(effect: dict[str, int], ruleset: str = "gloomhaven", **kw: Any) -> HavenState:
    """The Tester's t1 top is a melee Attack 1 with ``effect``; it attacks the Dummy next to it."""
    kw.setdefault("start", [TESTER])
    data = scenario(hexes=rect(7, 5), **kw)
    data["monsters"] = data["monsters"] or [monster("dummy", DUMMY)]
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 1, **effect}
    ]
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    if "tester2" in state.heroes:
        play(state, SelectCard("tester2", "t5"), SelectCard("tester2", "t6"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    return state


def test_HV_PUSH_1_HV_PUSH_3_push_each_hex_farther_from_the_attacker_frosthaven_up_to_x() -> None:
    """FH p.32: the character picks each hex and may stop after any step."""
    state = pushing({"push": 2}, "frosthaven")
    assert state.current_player() == 0
    assert state.legal_actions() == [*(ForceStep(h) for h in AWAY), Skip()]
    play(state, ForceStep((3, 1)))
    assert Skip() in state.legal_actions()
    play(state, Skip())
    assert state.figures["dummy 1"].hex == (3, 1)
    assert any(e.kind == "push" and "tester pushes dummy 1" in e.text for e in state.log)


def test_HV_PUSH_3_push_in_gloomhaven_goes_its_full_length_once_begun() -> None:
    """GH p.22 and FAQ: declinable as a whole, but once begun it goes on while it can."""
    state = pushing({"push": 2})
    assert Skip() in state.legal_actions()  # the whole effect may be declined
    play(state, ForceStep((3, 1)))
    assert Skip() not in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(Skip())
    assert refused.value.rule_id == "HV-MOVE-1"
    assert state.to_dict() == before
    play(state, ForceStep((4, 1)))
    assert distance(state.figures["dummy 1"].hex, TESTER) == 3


def test_HV_PUSH_2_no_push_into_an_obstacle_or_an_enemy_of_the_target() -> None:
    state = pushing(
        {"push": 1},
        "frosthaven",
        party=("tester", "tester2"),
        start=[TESTER, (3, 0)],  # the second character: an enemy of the Dummy
        terrain={"obstacle": [(3, 1)]},
    )
    legal = state.legal_actions()
    assert legal == [ForceStep((2, 2)), Skip()]
    for blocked in ((3, 1), (3, 0), (1, 2)):
        with pytest.raises(RuleViolation) as refused:
            state.apply(ForceStep(blocked))
        assert refused.value.rule_id == "HV-MOVE-1"


def test_HV_PUSH_2_a_push_passes_an_ally_of_the_target_but_cannot_end_on_it() -> None:
    allies = [monster("dummy", DUMMY), monster("dummy", (3, 1))]
    one = pushing({"push": 1}, "frosthaven", monsters=allies)
    assert ForceStep((3, 1)) not in one.legal_actions()
    two = pushing({"push": 2}, "frosthaven", monsters=allies)
    assert ForceStep((3, 1)) in two.legal_actions()
    play(two, ForceStep((3, 1)))
    assert Skip() not in two.legal_actions()  # it cannot stop on its ally


def test_HV_PUSH_1_HV_PUSH_2_pull_brings_the_target_closer_and_traps_spring_on_entry() -> None:
    """GH p.22: pull moves toward the attacker; forced movement is movement (HV-MOVE-2)."""
    state = pushing(
        {"pull": 1, "range": 3},
        "frosthaven",
        monsters=[monster("dummy", (3, 1))],
        terrain={"trap": [(2, 1)]},
    )
    closer = [a for a in state.legal_actions() if isinstance(a, ForceStep)]
    assert closer and all(distance(a.hex, TESTER) == 1 for a in closer)
    play(state, ForceStep((2, 1)))
    assert state.figures["dummy 1"].hex == (2, 1)
    assert state.figures["dummy 1"].hp == 5 - 1 - 3  # attack 1, then the trap: 2 + level 1


def test_HV_MOVE_MON_3_HV_PUSH_3_a_monster_pushes_as_far_as_it_can_and_the_party_picks_the_way() -> (
    None
):
    """GH p.32 "Ambiguity"; FH p.32: a monster's push moves the target as far as possible."""
    data = scenario(hexes=rect(7, 5), start=[(2, 2)], monsters=[monster("dummy", (3, 1))])
    deck = copy.deepcopy(data["monster_decks"]["dummy"])  # the helper's deck is shared
    deck["cards"][0]["actions"] = [{"type": "attack", "value": 0, "push": 2}]
    data["monster_decks"]["dummy"] = deck
    data["map"]["terrain"] = {"obstacle": [(1, 3), (2, 3)]}
    state = new_state(data)
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "dummy-a", "+0")
    play(state, Negate("tester", "suffer"))
    legal = state.legal_actions()
    assert state.current_player() == 0 and Skip() not in legal
    for step in legal:
        probe = state.clone()
        play(probe, step)
        while probe.turn is not None and probe.turn.stage == "forced":
            play(probe, probe.legal_actions()[0])
        assert distance(probe.figures["tester"].hex, (3, 1)) == 3  # two hexes further
