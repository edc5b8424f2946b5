"""Gymnasium (issue 15): check_env for every scenario, masks, seeds, illegal actions."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from walks import SCENARIO_IDS, SCENARIOS

import rulekeeper.ai.gymnasium  # noqa: F401  (registers rulekeeper/<game>-v0)


def make(scenario: tuple[str, str, str]) -> gymnasium.Env:
    game, name, ruleset = scenario
    return gymnasium.make(f"rulekeeper/{game}-v0", scenario=name, ruleset=ruleset)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_check_env_passes(scenario: tuple[str, str, str]) -> None:
    check_env(make(scenario).unwrapped, skip_render_check=True)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_a_masked_random_game_ends_and_pays_the_party(scenario: tuple[str, str, str]) -> None:
    env = make(scenario)
    observation, info = env.reset(seed=11)
    rng = np.random.default_rng(11)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert observation.shape == env.observation_space.shape
        legal = np.flatnonzero(info["action_mask"])
        state = env.unwrapped.state
        assert sorted(legal.tolist()) == env.unwrapped.agent_game.legal_indices(state)
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
    assert terminated
    assert reward in (-1.0, 1.0, 0.0)
    outcome = env.unwrapped.state.outcome()
    assert outcome is not None
    assert reward == {"won": 1.0, "lost": -1.0}.get(outcome.result, 0.0)


def test_same_seed_same_game_and_chance_uses_the_env_seed() -> None:
    first, second = (
        make(("salvage", "flooded-annex", "standard")),
        make(("salvage", "flooded-annex", "standard")),
    )
    a, _ = first.reset(seed=5)
    b, _ = second.reset(seed=5)
    assert np.array_equal(a, b)
    assert first.unwrapped.state.to_dict() == second.unwrapped.state.to_dict()
    other = make(("salvage", "flooded-annex", "standard"))
    other.reset(seed=6)
    assert other.unwrapped.state.seed != first.unwrapped.state.seed


def test_an_illegal_action_changes_nothing() -> None:
    env = make(("haven", "ember-vault", "gloomhaven"))
    _, info = env.reset(seed=1)
    before = env.unwrapped.state.to_dict()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert "illegal_action" in info and reward == 0.0 and not terminated
    assert env.unwrapped.state.to_dict() == before
