"""Steps per second through each agent adapter, per game (issue 15).

Each benchmark plays ``STEPS`` player steps of seeded masked-random play
(restarting a finished game) through one interface: the core protocol
(baseline: ``legal_actions`` + ``apply_trusted``), the encoded core
(``legal_indices`` + ``decode``), Gymnasium, PettingZoo AEC and OpenSpiel.
Steps per second = STEPS / the benchmark's median; compare the ratios between
interfaces measured in the same run.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pyspiel
import pytest

import rulekeeper.ai.gymnasium
import rulekeeper.ai.openspiel  # noqa: F401
from rulekeeper.ai import pettingzoo as rk_pettingzoo
from rulekeeper.ai.adapter import agent_game
from rulekeeper.core.randomness import SeededSampler

STEPS = 200
SCENARIOS = {
    "haven": ("sunken-larder", "gloomhaven"),
    "salvage": ("flooded-annex", "standard"),
    "ether": ("lantern-rift", "standard"),
    "areas": ("sunken-gate", "standard"),
}
GAMES = list(SCENARIOS)


def core_steps(game: str, encoded: bool) -> None:
    bound = agent_game(game, *SCENARIOS[game])
    rng = random.Random(0)
    state, seed, steps = bound.new_state(0), 0, 0
    while steps < STEPS:
        if state.is_terminal():
            seed += 1
            state = bound.new_state(seed)
        if state.is_chance_node():
            state.apply_trusted(SeededSampler(seed).sample(state))
            continue
        if encoded:
            indices = bound.legal_indices(state)
            state.apply_trusted(bound.decode(indices[rng.randrange(len(indices))], state))
            bound.features(state, max(state.current_player(), 0))
        else:
            actions = state.legal_actions()
            state.apply_trusted(actions[rng.randrange(len(actions))])
        steps += 1


def gymnasium_steps(env: Any) -> None:
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    for _ in range(STEPS):
        _, _, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if terminated or truncated:
            _, info = env.reset()


def pettingzoo_steps(env: Any) -> None:
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = 0
    while steps < STEPS:
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1


def openspiel_steps(game: Any) -> None:
    rng = np.random.default_rng(0)
    state, steps = game.new_initial_state(), 0
    while steps < STEPS:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        state.apply_action(int(rng.choice(state.legal_actions())))
        if not state.is_terminal() and state.current_player() >= 0:
            state.observation_tensor(state.current_player())
        steps += 1


@pytest.mark.parametrize("game", GAMES)
def test_bench_core_steps(benchmark: Any, game: str) -> None:
    benchmark(core_steps, game, False)


@pytest.mark.parametrize("game", GAMES)
def test_bench_encoded_core_steps(benchmark: Any, game: str) -> None:
    benchmark(core_steps, game, True)


@pytest.mark.parametrize("game", GAMES)
def test_bench_gymnasium_steps(benchmark: Any, game: str) -> None:
    scenario, ruleset = SCENARIOS[game]
    env = gymnasium.make(f"rulekeeper/{game}-v0", scenario=scenario, ruleset=ruleset)
    benchmark(gymnasium_steps, env)


@pytest.mark.parametrize("game", GAMES)
def test_bench_pettingzoo_steps(benchmark: Any, game: str) -> None:
    env = rk_pettingzoo.env(game, *SCENARIOS[game])
    benchmark(pettingzoo_steps, env)


@pytest.mark.parametrize("game", GAMES)
def test_bench_openspiel_steps(benchmark: Any, game: str) -> None:
    scenario, ruleset = SCENARIOS[game]
    loaded = pyspiel.load_game(f"rulekeeper_{game}", {"scenario": scenario, "ruleset": ruleset})
    benchmark(openspiel_steps, loaded)
