"""The core protocol on the test-only dice race: chance, rule violations, replays."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dice_race import Declare, DiceRace, DiceRaceState, Draw, Roll
from rulekeeper.core import (
    CHANCE,
    RandomPolicy,
    ReplayError,
    RuleViolation,
    ScriptedSampler,
    SeededSampler,
    advance_chance,
    play_out,
)
from rulekeeper.core.conformance import check_game
from rulekeeper.core.replay import parse_replay, replay_to_json, run_replay

GAME = DiceRace()


def new_race(seed: int = 1) -> DiceRaceState:
    return GAME.new_state("short", seed)


def test_the_dice_race_conforms_to_the_protocol() -> None:
    report = check_game(GAME, "long", range(10))
    assert report.games == 10
    assert report.actions > 100


def test_chance_nodes_list_exact_outcomes_and_are_applied_like_actions() -> None:
    state = new_race()
    state.apply(Declare(1))
    assert state.current_player() == CHANCE
    assert dict(state.chance_outcomes())[Roll("skull")] == pytest.approx(1 / 6)
    state.apply(Roll("3"))
    assert state.positions == [3, 0]
    assert state.history[-1] == (CHANCE, Roll("3"))


def test_scripted_chance_plays_the_named_faces() -> None:
    state = new_race()
    state.apply(Declare(2))
    advance_chance(state, ScriptedSampler(["2", "3", "+1"]))
    assert state.positions == [6, 0]
    assert state.is_terminal()


def test_a_script_naming_an_impossible_outcome_is_refused() -> None:
    state = new_race()
    state.apply(Declare(1))
    with pytest.raises(RuleViolation, match="'6' is not a possible outcome"):
        advance_chance(state, ScriptedSampler(["6"]))


@given(st.integers(0, 10_000))
@settings(max_examples=30, deadline=None)
def test_seeded_play_is_deterministic(seed: int) -> None:
    first = play_out(new_race(seed), RandomPolicy(seed), SeededSampler(seed))
    second = play_out(new_race(seed), RandomPolicy(seed), SeededSampler(seed))
    assert first.to_dict() == second.to_dict()


def test_different_seeds_give_different_games() -> None:
    histories = {
        json.dumps(play_out(new_race(s), RandomPolicy(s), SeededSampler(s)).to_dict()["history"])
        for s in range(10)
    }
    assert len(histories) > 5


illegal_actions = st.one_of(
    st.builds(Declare, st.integers(-3, 6).filter(lambda n: n not in (1, 2))),
    st.builds(Roll, st.sampled_from(["1", "2", "3", "skull", "7"])),
)


@given(st.integers(0, 1000), st.integers(0, 30), illegal_actions)
@settings(max_examples=60, deadline=None)
def test_a_rule_violation_leaves_the_state_exactly_as_it_was(
    seed: int, steps: int, action: Declare | Roll
) -> None:
    state = new_race(seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    before = state.to_dict()
    if action in state.legal_actions():
        return
    with pytest.raises(RuleViolation):
        state.apply(action)
    assert state.to_dict() == before


def test_no_action_after_the_end() -> None:
    state = play_out(new_race(), RandomPolicy(1), SeededSampler(1))
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="CORE-END"):
        state.apply(Declare(1))
    assert state.to_dict() == before


def test_the_violation_names_the_rule() -> None:
    with pytest.raises(RuleViolation) as caught:
        new_race().apply(Declare(3))
    assert caught.value.rule_id == "DR-DICE-1"
    assert str(caught.value) == "illegal: DR-DICE-1 you may roll 1 or 2 dice, not 3"


@given(st.integers(0, 10_000))
@settings(max_examples=25, deadline=None)
def test_a_replay_reproduces_the_game_exactly(seed: int) -> None:
    from rulekeeper.core import register_game

    register_game(GAME)
    state = play_out(GAME.new_state("long", seed), RandomPolicy(seed), SeededSampler(seed))
    replay = parse_replay(json.loads(json.dumps(replay_to_json(state))))
    assert run_replay(replay).to_dict() == state.to_dict()


def test_a_replay_stops_at_the_first_illegal_action_naming_it() -> None:
    from rulekeeper.core import register_game

    register_game(GAME)
    state = new_race()
    state.apply(Declare(1))
    state.apply(Roll("1"))
    state.apply(Draw("+0"))
    data = replay_to_json(state)
    data["actions"].append({"type": "declare", "dice": 5})
    with pytest.raises(ReplayError, match="illegal at action 4: DR-DICE-1") as caught:
        run_replay(parse_replay(data))
    assert caught.value.index == 4


def test_clone_is_independent() -> None:
    state = new_race()
    twin = state.clone()
    twin.apply(Declare(2))
    twin.apply(Roll("3"))
    assert state.positions == [0, 0]
    assert state.history == []
    assert twin.positions == [3, 0]


def test_state_round_trips_through_to_dict() -> None:
    state = play_out(new_race(4), RandomPolicy(4), SeededSampler(4))
    rebuilt = GAME.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert rebuilt.to_dict() == state.to_dict()


def test_an_unknown_ruleset_is_named() -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'blitz'"):
        GAME.new_state("short", 1, "blitz")


def test_assert_rejected_checks_the_rule_and_the_untouched_state() -> None:
    from rulekeeper.core.conformance import ConformanceError, assert_rejected

    state = new_race()
    violation = assert_rejected(state, Declare(3), "DR-DICE-1")
    assert violation.rule_id == "DR-DICE-1"
    with pytest.raises(ConformanceError, match="refused under DR-DICE-1, not DR-TURN-1"):
        assert_rejected(state, Declare(3), "DR-TURN-1")
    with pytest.raises(ConformanceError, match="was accepted"):
        assert_rejected(state, Declare(1), "DR-DICE-1")


def test_fuzz_game_finds_a_check_that_crashes() -> None:
    """The fuzzer reports a check() that raises something other than RuleViolation."""
    from rulekeeper.core.conformance import ConformanceError, fuzz_game

    class Fragile(DiceRaceState):
        def check(self, action: object) -> None:
            if isinstance(action, Declare) and action.dice not in (1, 2):
                raise KeyError(action.dice)
            super().check(action)  # type: ignore[arg-type]

    class FragileRace(DiceRace):
        def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> Fragile:
            return Fragile(self, ruleset="standard", scenario=scenario, seed=seed, goal=15)

    assert fuzz_game(GAME, "long", range(3)) > 0
    with pytest.raises(ConformanceError, match="raised KeyError"):
        fuzz_game(FragileRace(), "long", range(3))


def test_an_emitted_event_is_the_event_its_fields_make() -> None:
    """``State.emit`` (and haven's compiled one) make the event in C (make_event): the same
    value, type and fields as ``Event(kind, message, rules, data)``."""
    from rulekeeper.core.events import Event
    from rulekeeper.games.haven.game import GAME
    from rulekeeper.i18n import lazy

    message = lazy("{who} rolled", who="someone")
    for state in (DiceRace().new_state("short", 1), GAME.new_state("sunken-larder", 1)):
        event = state.emit("roll", message, "CORE-CHANCE", "X-1", faces=[1, 2])
        assert type(event) is Event and state.log[-1] is event
        assert event == Event("roll", message, ("CORE-CHANCE", "X-1"), {"faces": [1, 2]})
        assert (event.kind, event.rules, event.data) == (
            "roll",
            ("CORE-CHANCE", "X-1"),
            {"faces": [1, 2]},
        )
        assert event.message is message
