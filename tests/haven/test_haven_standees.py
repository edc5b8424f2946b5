"""Standee numbers are drawn at random (HV-SCEN-1): one chance node per standee placed.

Every draw is a chance node among the type's numbers not on the map; a number that
is the only one left is given without one; a room's standees are numbered before
anything else happens, then announced under their numbers; a game replays exactly
from (scenario, seed, actions).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from test_haven_play_support import (
    at,
    chance,
    dummy_monster,
    monster,
    new_state,
    number_in_order,
    play,
    rect,
    scenario,
)

from rulekeeper.core.errors import ReplayError
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.core.replay import load_replay, parse_replay, replay_to_json, run_replay
from rulekeeper.games.haven.actions import MoveTo, NumberStandee, PlayHalf, SelectCard
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState


def three_dummies(**kw: object) -> dict[str, object]:
    return scenario(
        start=[at(0, 0)],
        monsters=[
            monster("dummy", at(3, 0)),
            monster("dummy", at(4, 0)),
            monster("dummy", at(5, 0)),
        ],
        **kw,
    )


def test_HV_SCEN_1_each_standee_placed_at_setup_draws_its_number_at_random() -> None:
    state = new_state(three_dummies(), numbered=False)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [NumberStandee("dummy", n) for n in range(1, 11)]
    assert {p for _, p in outcomes} == {Fraction(1, 10)}
    assert "standee number" in state.pending_decision()
    # the standee on [3, 0] (placed first) draws 7; the next draws among the other nine
    chance(state, "dummy 7")
    assert state.figures["dummy 7"].hex == at(3, 0) and state.figures["dummy 7"].standee == 7
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 9 and NumberStandee("dummy", 7) not in [a for a, _ in outcomes]
    chance(state, "dummy 2", "dummy 9")
    assert not state.is_chance_node() and state.phase == "select"
    assert {f.id: f.hex for f in state.figures.values() if f.kind == "monster"} == {
        "dummy 7": at(3, 0),
        "dummy 2": at(4, 0),
        "dummy 9": at(5, 0),
    }
    numbered = [e for e in state.log if e.kind == "standee"]
    assert [e.data["figure"] for e in numbered] == ["dummy 7", "dummy 2", "dummy 9"]
    assert all("HV-SCEN-1" in e.rules for e in numbered)


def test_HV_SCEN_1_the_numbers_set_the_order_monsters_of_a_type_act_in() -> None:
    """HV-INIT-4 by number: the standee drawn 2 acts before the one drawn 7, wherever placed."""
    from rulekeeper.games.haven import initiative

    state = new_state(three_dummies(), numbered=False)
    chance(state, "dummy 7", "dummy 2", "dummy 9")
    assert initiative.monsters_of(state, "dummy") == ["dummy 2", "dummy 7", "dummy 9"]


def test_HV_SCEN_1_a_last_free_number_needs_no_draw() -> None:
    one = {**dummy_monster(), "standees": 1}
    state = new_state(
        scenario(monster_types={"dummy": one}, monsters=[monster("dummy", at(5, 3))]),
        numbered=False,
    )
    assert not state.is_chance_node() and "dummy 1" in state.figures
    three = {**dummy_monster(), "standees": 3}
    state = new_state(three_dummies(monster_types={"dummy": three}), numbered=False)
    chance(state, "dummy 3", "dummy 1")  # the third takes number 2 without a draw
    assert not state.is_chance_node() and state.figures["dummy 2"].hex == at(5, 0)


def test_HV_SCEN_1_HV_ROOM_1_revealed_standees_are_numbered_before_anything_else() -> None:
    data = scenario(hexes=rect(6, 1), start=[at(0, 0)])
    data["rooms"] = [{"id": "hall", "hexes": [at(4, 0), at(5, 0)]}]
    data["doors"] = [{"hex": at(3, 0), "opens": ["hall"]}]
    data["monsters"] = [monster("dummy", at(4, 0)), monster("dummy", at(5, 0))]
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(3, 0)))
    # both standees stand on the map (their hexes are taken), waiting for their numbers
    assert [f.hex for f in state.figures.values() if f.kind == "monster"] == [at(4, 0), at(5, 0)]
    assert len(state.standee_draws) == 2 and state.reveal_draws == ["dummy"]
    assert not any(e.kind == "spawn" for e in state.log)  # announced once numbered
    chance(state, "dummy 4", "dummy 8")
    appeared = [e for e in state.log if e.kind == "spawn"]
    assert [e.data["figure"] for e in appeared] == ["dummy 4", "dummy 8"]
    assert f"Dummy 4 appears at {list(at(4, 0))}" in appeared[0].text
    assert state.arrivals == ["dummy 4", "dummy 8"]  # they act this round (HV-ROOM-3)
    chance(state, "dummy-a")  # then the revealed type's ability card
    assert state.groups["dummy"].card == "dummy-a"


def test_HV_SCEN_1_a_seeded_game_replays_exactly_with_its_standee_draws() -> None:
    spec = parse_scenario(three_dummies(), "test.json")
    state = GAME.start(spec, "test", 11, "gloomhaven")
    sampler = SeededSampler(11)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(sampler.sample(state))
        else:
            state.apply(state.legal_actions()[0])
    drawn = [a for _, a in state.history if isinstance(a, NumberStandee)]
    assert len(drawn) >= 3
    recorded = replay_to_json(state)["actions"]
    twin = GAME.start(spec, "test", 11, "gloomhaven")
    for raw in recorded:
        twin.apply(GAME.parse_action(raw), legal=twin.legal_actions())
    assert twin.to_dict() == state.to_dict()


def test_HV_SCEN_1_the_helper_numbers_standees_in_order() -> None:
    state = new_state(three_dummies(), numbered=False)
    number_in_order(state)
    assert sorted(f.id for f in state.figures.values() if f.kind == "monster") == [
        "dummy 1",
        "dummy 2",
        "dummy 3",
    ]


# -- replays recorded before standee numbers were drawn ------------------------------

LEGACY_REPLAY = Path(__file__).parent.parent / "data" / "haven" / "replay-before-standee-draws.json"
"""A Frozen Weir game (Gloomhaven rules) recorded when each standee took the lowest free
number: its actions hold no ``number-standee``."""


def test_HV_SCEN_1_a_replay_recorded_before_standee_draws_still_replays() -> None:
    replay = load_replay(LEGACY_REPLAY)
    assert not any(a["type"] == "number-standee" for a in replay.actions)
    state = run_replay(replay)
    assert state.is_terminal()
    filled = [a for _, a in state.history if isinstance(a, NumberStandee)]
    assert filled, "the standees' numbers are filled in"
    assert all(a.number == 1 for a in filled[:2])  # the lowest free number, as recorded
    # the upgraded history is a current recording: it replays with no filling
    again = run_replay(parse_replay(replay_to_json(state)))
    assert [a for _, a in again.history] == [a for _, a in state.history]


def test_HV_SCEN_1_a_recorded_standee_draw_is_never_replaced() -> None:
    replay = load_replay(LEGACY_REPLAY)
    state = run_replay(replay, upto=0)
    assert isinstance(state, HavenState) and state.standee_draws
    taken = NumberStandee(state.figures[state.standee_draws[0].figure].type, 99)
    assert GAME.unrecorded_outcome(state, taken) is None
    bad = {**replay.model_dump(), "actions": [taken.to_json(), *replay.actions]}
    with pytest.raises(ReplayError, match="action 1"):
        run_replay(parse_replay(bad))
