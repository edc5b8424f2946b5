"""Goals, special rules, rooms and doors (HV-GOAL-1, HV-SCEN-6/7, HV-ROOM-1..5)."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    number_in_order,
    play,
    rect,
    scenario,
)

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import special_rules
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    MoveTo,
    PlayHalf,
    Resolved,
    SelectCard,
    ShortRest,
    Skip,
)
from rulekeeper.games.haven.exhaustion import exhaust
from rulekeeper.games.haven.state import HavenState


def start(state: HavenState, *cards: str) -> None:
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    while state.is_chance_node():
        play(state, state.legal_actions()[0])


def to_round(state: HavenState, number: int) -> None:
    """Play (first legal choices, skipping what can be skipped) until round ``number``."""
    while state.round < number and not state.is_terminal():
        actions = state.legal_actions()
        for preferred in (Skip(), ShortRest("tester", False)):
            if preferred in actions:
                play(state, preferred)
                break
        else:
            play(state, actions[0])


@pytest.mark.parametrize(("ruleset", "result"), [("gloomhaven", "won"), ("frosthaven", "lost")])
def test_HV_GOAL_1_goal_and_loss_in_one_round(ruleset: str, result: str) -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]), ruleset)
    start(state)
    state.figures["dummy 1"].hp = 1
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.ending == "won" and not state.is_terminal()
    exhaust(state, state.heroes["tester"], "a test")
    assert state.outcome() is not None and state.outcome().result == result  # type: ignore[union-attr]


def test_HV_GOAL_1_the_goal_is_shown_at_the_start() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))], round_limit=4))
    goal = [e for e in state.log if e.kind == "goal"]
    assert goal and "kill every monster" in goal[0].text and "round 4" in goal[0].text


def test_HV_GOAL_1_a_round_limit_loses_at_the_end_of_that_round() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))], round_limit=1))
    start(state)
    to_round(state, 2)
    assert state.outcome() is not None and state.outcome().result == "lost"  # type: ignore[union-attr]
    assert state.round == 1


def test_HV_GOAL_1_frosthaven_kill_all_waits_for_pending_spawns() -> None:
    rules = [{"when": {"round": 3}, "spawn": [{"type": "dummy", "hex": at(5, 3), "normal": [1]}]}]
    for ruleset, met in (("gloomhaven", True), ("frosthaven", False)):
        state = new_state(
            scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))], rules=rules), ruleset
        )
        start(state)
        state.figures["dummy 1"].hp = 1
        play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
        chance(state, "+0")
        assert (state.ending == "won") == met


def test_HV_SCEN_7_special_rule_texts_are_shown_to_resolve_by_hand() -> None:
    state = new_state(
        scenario(monsters=[monster("dummy", at(5, 3))], special_rules=["Bells ring."])
    )
    shown = [e for e in state.log if e.kind == "special-rule"]
    assert shown and "resolve by hand: Bells ring." in shown[0].text
    assert "HV-SCEN-7" in shown[0].rules


def test_HV_SCEN_7_a_fired_rule_with_text_is_a_pending_step() -> None:
    rules = [{"when": {"round": 2}, "text": "The floor tilts west."}]
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))], rules=rules))
    start(state)
    to_round(state, 2)
    assert state.by_hand == ["The floor tilts west."]
    assert state.legal_actions() == [Resolved("The floor tilts west.")]
    assert "resolve by hand" in state.pending_decision()
    with pytest.raises(RuleViolation, match="HV-SCEN-7"):
        state.check(SelectCard("tester", "t1"))
    play(state, Resolved("The floor tilts west."))
    assert state.by_hand == [] and state.phase == "select"


def test_HV_ROOM_4_a_spawn_on_an_occupied_hex_goes_to_the_nearest_empty_hex() -> None:
    rules = [{"when": {"round": 1}, "spawn": [{"type": "dummy", "hex": at(5, 3), "normal": [1]}]}]
    for ruleset, no_drop in (("gloomhaven", True), ("frosthaven", True)):
        state = new_state(
            scenario(monsters=[monster("dummy", at(5, 3))], rules=rules, terrain={}), ruleset
        )
        spawned = state.figures["dummy 2"]
        assert spawned.hex != at(5, 3) and spawned.no_drop == no_drop
        assert special_rules.nearest_empty(state, at(5, 3)) not in (at(5, 3), spawned.hex)
        assert any("HV-ROOM-4" in e.rules for e in state.log)


def test_HV_ROOM_4_a_spawn_in_a_room_not_revealed_yet_does_not_appear_and_says_so() -> None:
    data = scenario(hexes=rect(6, 2), start=[at(0, 0)], monsters=[monster("dummy", at(2, 1))])
    data["rooms"] = [{"id": "vault", "hexes": [at(4, 0), at(4, 1), at(5, 0), at(5, 1)]}]
    data["doors"] = [{"hex": at(3, 0), "opens": ["vault"]}]
    data["rules"] = [
        {"when": {"round": 1}, "spawn": [{"type": "dummy", "hex": at(5, 0), "normal": [1]}]}
    ]
    for ruleset in ("gloomhaven", "frosthaven"):
        state = new_state(data, ruleset)
        assert [f for f in state.figures if f.startswith("dummy")] == ["dummy 1"]
        [event] = [e for e in state.log if e.kind == "spawn"]
        assert "HV-ROOM-4" in event.rules
        assert str(event).count("not revealed yet") == 1, str(event)


def test_HV_SCEN_6_an_empty_hex_gloomhaven_counts_money_tokens() -> None:
    data = scenario(monsters=[monster("dummy", at(5, 3))], terrain={"obstacle": [at(2, 2)]})
    data["money"] = [at(3, 3)]
    for ruleset, empty in (("gloomhaven", False), ("frosthaven", True)):
        state = new_state(data, ruleset)
        assert special_rules.is_empty(state, at(3, 3)) == empty
        assert not special_rules.is_empty(state, at(2, 2))  # an overlay tile
        assert not special_rules.is_empty(state, at(5, 3))  # a figure


def locked(**kw: Any) -> dict[str, Any]:
    data = scenario(hexes=rect(6, 2), start=[at(0, 0)], **kw)
    data["rooms"] = [{"id": "vault", "hexes": [at(4, 0), at(4, 1), at(5, 0), at(5, 1)]}]
    data["doors"] = [{"hex": at(3, 0), "opens": ["vault"], "locked": True}]
    data["monsters"] = [monster("dummy", at(5, 1))]
    data["rules"] = [{"when": {"plate": at(1, 1)}, "open_doors": [at(3, 0)]}]
    return data


def test_HV_ROOM_2_a_locked_door_is_a_wall_until_a_rule_opens_it() -> None:
    state = new_state(locked())
    start(state)
    play(state, PlayHalf("t1", "bottom"))
    assert MoveTo(at(3, 0)) not in state.legal_actions()
    with pytest.raises(RuleViolation, match="HV-MOVE-1"):
        state.check(MoveTo(at(3, 0)))


def test_HV_ROOM_5_HV_ROOM_1_a_pressure_plate_opens_the_door_and_reveals_the_room() -> None:
    state = new_state(locked())
    start(state)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 1)))
    assert state.revealed == []  # the plate acts at the end of the turn
    play(state, PlayHalf("t2", "top"))
    number_in_order(state)  # HV-SCEN-1
    assert state.revealed == ["vault"] and at(3, 0) in state.open_doors
    assert "dummy 1" in state.figures
    assert any("HV-ROOM-1" in e.rules and "revealed" in e.text for e in state.log)


def test_HV_ROOM_3_revealed_monsters_draw_a_card_and_act_this_round() -> None:
    data = scenario(hexes=rect(6, 1), start=[at(0, 0)])
    data["rooms"] = [{"id": "hall", "hexes": [at(4, 0), at(5, 0)]}]
    data["doors"] = [{"hex": at(3, 0), "opens": ["hall"]}]
    data["monsters"] = [monster("dummy", at(5, 0))]
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(3, 0)))
    number_in_order(state)  # HV-SCEN-1
    assert state.is_chance_node() and state.reveal_draws == ["dummy"]
    chance(state, "dummy-a")
    assert any("HV-ROOM-3" in e.rules for e in state.log)


def test_HV_SCEN_7_a_rule_on_the_last_death_of_a_type_fires() -> None:
    rules = [{"when": {"dead": "dummy"}, "lose": True}]
    state = new_state(
        scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))], rules=rules)
    )
    start(state)
    state.figures["dummy 1"].hp = 1
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.ending == "lost"  # the rule fired before the kill-all goal was noted


def test_HV_GOAL_1_HV_SCEN_7_the_screen_shows_goal_rules_tokens_and_locked_doors() -> None:
    from rich.console import Console

    from rulekeeper.games.haven.render import render_state

    data = locked(special_rules=["Bells ring."], round_limit=9)
    data["money"] = [at(1, 0)]
    state = new_state(data)
    console = Console(width=140, record=True)
    console.print(render_state(state))
    shown = console.export_text()
    assert "goal: kill every monster" in shown and "round 9" in shown
    assert "resolve by hand: Bells ring." in shown
    assert "when a character ends its turn on the plate" in shown
    assert "$1" in shown and "LD" in shown and "PP" in shown
