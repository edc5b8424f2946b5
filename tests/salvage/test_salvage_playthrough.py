"""Whole games: random play to the end, invariants, copies, files and rendering."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from salvage_helpers import LAB

from rulekeeper.core import RandomPolicy, RuleViolation, SeededSampler, play_out
from rulekeeper.core.actions import Action
from rulekeeper.games.salvage import actions as A
from rulekeeper.games.salvage.game import GAME
from rulekeeper.games.salvage.state import SalvageState

SCENARIOS = [info.name for info in GAME.scenarios()]
MAX_ACTIONS = 20_000


def candidate_actions(state: SalvageState) -> list[Action]:
    """A wide net of actions, legal or not, for checking that ``check`` agrees with
    ``legal_actions`` everywhere."""
    data = state.data
    enemies = [e.id for e in state.enemies] + [99]
    out: list[Action] = [
        A.EndEngagement(),
        A.EndTurn(),
        A.StartMove(),
        A.StartAttack(),
        A.StartSalvage(),
        A.RollDice(),
        A.Reroll(),
        A.ApplyRoll(),
        A.FinishAttack(),
        A.StopMoving(),
        A.LeaveInactive(),
        A.FinishRecovery(),
        A.ProposeTrade(),
        A.AnswerTrade(True),
        A.AnswerTrade(False),
    ]
    out += [A.ChooseHero(h) for h in range(-1, len(state.heroes) + 1)]
    out += [A.StartTrade(h) for h in range(-1, len(state.heroes) + 1)]
    out += [A.CommitDie(d) for d in [*data.dice, "nope"]]
    out += [A.RecoverDie(d) for d in data.dice]
    out += [A.Step(r) for r in range(-1, len(state.rooms) + 1)]
    out += [A.UseRoomAction(r.id, n) for r in state.rooms for n in data.room_actions]
    out += [A.UseItem(s, t) for s in range(-1, 4) for t in [None, *enemies]]
    out += [A.ApplyHit(d, e) for d in range(-1, 8) for e in enemies]
    out += [A.NextOpportunity(e) for e in enemies]
    out += [A.ActivateRoom(t) for t in [*data.requirements, "free"]]
    out += [A.OfferItem(o, s) for o in range(-1, len(state.heroes) + 1) for s in range(-1, 4)]
    out += [A.DieFace("brass", "hit"), A.EnemyFace(0, "fang", "hit")]
    return out


def test_random_games_finish_for_every_shipped_scenario() -> None:
    """``rulekeeper play salvage --auto random --seed N`` ends, for many seeds."""
    for scenario in SCENARIOS:
        for seed in range(1, 31):
            state = GAME.new_state(scenario, seed)
            play_out(state, RandomPolicy(seed), SeededSampler(seed), max_actions=MAX_ACTIONS)
            assert state.is_terminal()
            assert state.outcome() is not None
            assert state.legal_actions() == []


def test_random_games_are_reproducible() -> None:
    first = play_out(GAME.new_state("drowned-spire", 3), RandomPolicy(3), SeededSampler(3))
    again = play_out(GAME.new_state("drowned-spire", 3), RandomPolicy(3), SeededSampler(3))
    assert first.history == again.history and first.to_dict() == again.to_dict()


@settings(max_examples=25, deadline=None)
@given(
    scenario=st.sampled_from([*SCENARIOS, LAB]),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_random_legal_play_keeps_the_invariants(scenario: str, seed: int) -> None:
    """Dice are conserved, noise never falls, every legal action is accepted, and
    nothing is accepted after the end."""
    state = GAME.new_state(scenario, seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    totals = state.dice_total()
    noise = state.noise
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        assert state.dice_total() == totals
        assert state.noise >= noise
        noise = state.noise
        legal = state.legal_actions()
        assert legal
        for action in legal:
            state.check(action)
        if state.is_chance_node():
            assert sum(p for _, p in state.chance_outcomes()) == 1
            state.apply(sampler.sample(state))
        else:
            state.apply(policy.choose(state))
    assert state.is_terminal()
    assert state.dice_total() == totals
    with pytest.raises(RuleViolation) as caught:
        state.apply(A.EndTurn())
    assert caught.value.rule_id == "CORE-END"


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000), steps=st.integers(min_value=0, max_value=400)
)
def test_check_agrees_with_legal_actions_and_never_mutates(seed: int, steps: int) -> None:
    """Whatever is not legal is refused with a RuleViolation; the state stays the same."""
    state = GAME.new_state(LAB, seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    if state.is_terminal():
        return
    legal = state.legal_actions()
    before = state.to_dict()
    for action in candidate_actions(state):
        if action in legal:
            state.check(action)
        else:
            with pytest.raises(RuleViolation):
                state.check(action)
        assert state.to_dict() == before


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_json_round_trip_of_states_and_actions(scenario: str) -> None:
    state = GAME.new_state(scenario, 7)
    policy, sampler = RandomPolicy(7), SeededSampler(7)
    for step in range(300):
        if state.is_terminal():
            break
        for action in state.legal_actions():
            assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action
        if step % 25 == 0:
            saved = json.loads(json.dumps(state.to_dict()))
            copy = GAME.state_from_dict(saved)
            assert copy.to_dict() == state.to_dict()
            assert copy.legal_actions() == state.legal_actions()
            assert copy.current_player() == state.current_player()
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))


def test_clone_is_independent() -> None:
    state = GAME.new_state("flooded-annex", 2)
    policy, sampler = RandomPolicy(2), SeededSampler(2)
    for _ in range(120):
        if state.is_terminal():
            break
        before = state.to_dict()
        twin = state.clone()
        assert twin.to_dict() == before
        action = sampler.sample(twin) if twin.is_chance_node() else policy.choose(twin)
        twin.apply(action)
        assert state.to_dict() == before
        state.apply(action)
        assert state.to_dict() == twin.to_dict()


def test_rendering_and_menus_for_a_whole_game() -> None:
    console = Console(record=True, width=140)
    state = GAME.new_state("drowned-spire", 5)
    policy, sampler = RandomPolicy(5), SeededSampler(5)
    while not state.is_terminal():
        console.print(GAME.render(state))
        for action in state.legal_actions():
            assert GAME.describe_action(state, action)
        assert state.pending_decision()
        assert state.player_name(state.current_player())
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    console.print(GAME.render(state))
    text = console.export_text()
    assert "Brine Warden" in text and "noise" in text and "ready" in text


def test_legal_action_counts_from_known_positions() -> None:
    """Counting the legal actions of known positions (perft style) pins move generation."""
    state = GAME.new_state("flooded-annex", 1)
    assert [a.label() for a in state.legal_actions()] == [
        "choose_hero 0",
        "choose_hero 1",
        "end_engagement",
    ]
    state.apply(A.ChooseHero(0))
    # move, attack, salvage, trade 1, Mend Station (the Airlock is active), Patch Kit, end turn
    assert len(state.legal_actions()) == 7
    state.apply(A.StartMove())
    assert [a.label() for a in state.legal_actions()] == [
        "commit brass",
        "commit ember",
        "roll_dice",
    ]
    for die in ("brass", "brass", "ember", "brass"):
        state.apply(A.CommitDie(die))
    assert [a.label() for a in state.legal_actions()] == ["roll_dice"]  # max Health 4 reached
    state.apply(A.RollDice())
    assert len(state.chance_outcomes()) == 3  # blank, hit, crit


def test_the_board_shows_inactive_rooms_face_down() -> None:
    console = Console(record=True, width=140)
    console.print(GAME.render(GAME.new_state("flooded-annex", 1)))
    text = console.export_text()
    assert "inactive (face-down)" in text and "top: ?" in text
    assert "Rust Gnawer" in text and "noise 0" in text and "[ ]3:spawn" in text


def test_the_objective_is_shown_whole_on_a_narrow_soft_wrapping_console() -> None:
    """SV-END-1: the objective the players play for is not cut off by the header panel
    (the play loop's console soft-wraps, which crops plain text inside a panel)."""
    console = Console(record=True, width=80, soft_wrap=True)
    console.print(GAME.render(GAME.new_state("flooded-annex", 1)))
    text = " ".join(console.export_text().replace("│", " ").split())
    assert "carry it to the Escape Hatch." in text


def test_the_4x4_board_fits_an_80_column_console() -> None:
    """The Drowned Spire's grid is not wider than the console: the play loop's console
    soft-wraps, so an over-wide table would break every row of the board."""
    console = Console(record=True, width=80, soft_wrap=True)
    console.print(GAME.render(GAME.new_state("drowned-spire", 1)))
    lines = console.export_text().splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any("Warden" in line for line in lines)


def test_die_names_read_well_in_menus_and_the_log() -> None:
    """Die types are content names: "one ember die", never "a ember die"."""
    state = GAME.new_state(LAB, 0)
    state.apply(A.ChooseHero(0))
    state.apply(A.StartMove())
    assert GAME.describe_action(state, A.CommitDie("ember")) == "commit one ember die"
    state.apply(A.CommitDie("ember"))
    assert state.log[-1].text == "Lab Runner commits one ember die"
