"""Random legal games to the end: invariants, determinism, copies and files.

Every card stays somewhere (hand, inventory, decks, the map), every hero keeps
their dice, every listed action is accepted, and the ether track ends the game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from ether_setup import card_census
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core import RandomPolicy, RuleViolation, SeededSampler, play_out
from rulekeeper.core.randomness import pick_weighted
from rulekeeper.core.replay import replay_actions, replay_to_json
from rulekeeper.games.ether.actions import (
    Pay,
    Source,
    attack,
    explore,
    face_boss,
    influence,
    move,
    unique,
)
from rulekeeper.games.ether.content import shipped_scenarios
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.state import EtherState

SCENARIO = "lantern-rift"
MAX_ACTIONS = 2_000


def check_invariants(
    state: EtherState, start: tuple[Counter[str], ...], dice: list[Counter[str]]
) -> None:
    assert card_census(state) == start
    assert [Counter(d.colour for d in h.dice) for h in state.heroes] == dice
    for hero in state.heroes:
        assert 0 <= hero.health <= hero.max_health
        assert hero.defeated == (hero.space is None)
        if hero.space is not None:
            assert state.board.has_space(hero.space)
    for enemy in state.enemies.values():
        assert state.board.has_space(enemy.space)
        assert state.enemy_health(enemy) > 0
    assert 0 <= state.ether <= state.content.ether_end
    assert state.round <= state.content.ether_end


def play_checked(seed: int, scenario: str = SCENARIO) -> EtherState:
    state = GAME.new_state(scenario, seed)
    start = card_census(state)
    dice = [Counter(d.colour for d in h.dice) for h in state.heroes]
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            action = pick_weighted(outcomes, rng)
        else:
            actions = state.legal_actions()
            assert actions, "a player must always have something to do"
            assert len(actions) < 60
            action = actions[rng.randrange(len(actions))]
            assert GAME.parse_action(json.loads(json.dumps(action.to_json()))) == action
            assert GAME.describe_action(state, action)
        state.apply(action)
        check_invariants(state, start, dice)
    assert state.is_terminal(), f"seed {seed} did not finish in {MAX_ACTIONS} actions"
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_legal_games_end_and_conserve_cards_and_dice(seed: int) -> None:
    """ET-END-1 bounds every game; cards and dice are conserved throughout."""
    state = play_checked(seed)
    assert state.outcome() is not None


@pytest.mark.parametrize("scenario", sorted(shipped_scenarios()))
def test_every_shipped_scenario_plays_to_the_end_at_random(scenario: str) -> None:
    """Random autoplay on each scenario: it ends, conserving cards and dice; the CLI runs it.

    Seeds are given, so a failure replays: the CLI's own default seed is random.
    """
    for seed in range(1, 6):
        assert play_checked(seed, scenario).outcome() is not None
    result = CliRunner().invoke(
        app,
        ["play", "ether", "--scenario", scenario, "--auto", "random", "--seed", "6", "--quiet"],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output


def test_auto_random_finishes_for_seeds_1_to_3_and_many_more() -> None:
    """What ``rulekeeper play ether --auto random --seed N`` runs."""
    for seed in range(1, 31):
        state = play_out(
            GAME.new_state(SCENARIO, seed),
            RandomPolicy(seed),
            SeededSampler(seed),
            max_actions=5_000,
        )
        assert state.outcome() is not None
        assert state.round <= state.content.ether_end


@pytest.mark.parametrize(("scenario", "seed"), [("ether-spire", 259), ("ember-vault", 294)])
def test_auto_random_games_where_an_enemy_fell_mid_movement_in_the_enemy_phase(
    scenario: str, seed: int
) -> None:
    """``play ether --scenario S --auto random --seed N`` for the two seeds (of 1,200 tried)
    where a hero defeated the next enemy to act while a paid movement was under way: the
    defeated enemy stayed first in the enemy queue and listing the legal actions failed."""
    state = play_out(GAME.new_state(scenario, seed), RandomPolicy(seed), SeededSampler(seed))
    assert state.outcome() is not None
    defeats = [e for e in state.log if e.kind == "defeat"]
    assert defeats and not state.enemy_queue


def test_the_same_seed_plays_the_same_game() -> None:
    a = play_out(GAME.new_state(SCENARIO, 5), RandomPolicy(5), SeededSampler(5))
    b = play_out(GAME.new_state(SCENARIO, 5), RandomPolicy(5), SeededSampler(5))
    assert [x.to_json() for _, x in a.history] == [x.to_json() for _, x in b.history]


def test_a_replay_rebuilds_the_game_exactly() -> None:
    state = play_out(GAME.new_state(SCENARIO, 2), RandomPolicy(2), SeededSampler(2))
    replay = replay_to_json(state)
    again = replay_actions(GAME, "standard", SCENARIO, 2, replay["actions"])
    assert again.to_dict() == state.to_dict()


def test_state_round_trips_through_its_dict_mid_game() -> None:
    state = GAME.new_state(SCENARIO, 4)
    policy, sampler = RandomPolicy(4), SeededSampler(4)
    for _ in range(80):
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    data = json.loads(json.dumps(state.to_dict()))
    restored = GAME.state_from_dict(data)
    assert restored.to_dict() == state.to_dict()
    assert restored.legal_actions() == state.legal_actions()


def test_clone_is_independent() -> None:
    state = GAME.new_state(SCENARIO, 6)
    policy, sampler = RandomPolicy(6), SeededSampler(6)
    for _ in range(40):
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    before = state.to_dict()
    copy = state.clone()
    play_out(copy, RandomPolicy(9), SeededSampler(9))
    assert state.to_dict() == before
    assert copy.is_terminal()


def test_render_shows_map_heroes_and_the_payment() -> None:
    state = GAME.new_state(SCENARIO, 3)
    policy, sampler = RandomPolicy(3), SeededSampler(3)
    console = Console(width=160, record=True)
    for _ in range(200):
        if state.is_terminal():
            break
        console.print(GAME.render(state))
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    text = console.export_text()
    assert "Mistbound Crossroads" in text
    assert "Wren Ashvale" in text and "Odo Brackwater" in text
    assert "gathered" in text
    assert "surplus lost" in text


SOURCES = (
    [Source("hand", c) for c in ("glimmer-thought", "mending-hymn", "red-fury", "iron-skin")]
    + [Source("inventory", c) for c in ("rope-coil", "rusted-blade", "iron-skin")]
    + [Source("die", d) for d in ("green", "yellow", "yellow", "red", "red", "blue")]
)
INTENTS = [
    move(1),
    move(2),
    attack("e1", 1),
    attack("e2", 2),
    attack("boss", 3),
    face_boss(2),
    influence("glimmer-thought"),
    influence("mending-hymn"),
    influence("iron-skin"),
    influence("ember-spite", "e1"),
    explore("north"),
    explore("east"),
    explore("south"),
    unique("shrine-rest"),
    unique("kindle-lantern"),
]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    tries=st.lists(
        st.tuples(
            st.lists(st.sampled_from(SOURCES), max_size=4),
            st.lists(st.sampled_from(INTENTS), min_size=0, max_size=2),
            st.integers(min_value=-1, max_value=2),
        ),
        min_size=1,
        max_size=6,
    ),
)
def test_any_payment_is_either_accepted_or_refused_with_a_rule_and_no_change(seed, tries) -> None:
    """Fuzz the one-shot payment: a refusal names an ET rule and changes nothing."""
    state = GAME.new_state(SCENARIO, seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    start = card_census(state)
    for sources, intents, alternative in tries:
        for _ in range(7):
            if state.is_terminal():
                return
            state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
        if state.is_chance_node() or state.is_terminal():
            continue
        hero = state.heroes[state.current_player()].id
        action = Pay(hero, tuple(sources), tuple(intents), alternative)
        before = state.to_dict()
        try:
            state.apply(action)
        except RuleViolation as error:
            assert error.rule_id.startswith("ET-"), str(error)
            assert state.to_dict() == before
        else:
            assert len(intents) == 1
            assert card_census(state) == start
