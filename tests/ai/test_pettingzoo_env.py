"""PettingZoo (issue 15): api_test and seed_test for every scenario; one agent per hero."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test, seed_test
from walks import SCENARIO_IDS, SCENARIOS

from rulekeeper.ai import pettingzoo as rk_pettingzoo


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_api_test_passes(scenario: tuple[str, str, str]) -> None:
    api_test(rk_pettingzoo.env(*scenario), num_cycles=300)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_seed_test_passes(scenario: tuple[str, str, str]) -> None:
    seed_test(lambda: rk_pettingzoo.env(*scenario), num_cycles=100)


def test_one_agent_per_character_and_masks_only_for_the_acting_agent() -> None:
    env = rk_pettingzoo.env(game="haven", scenario="sunken-larder", ruleset="frosthaven")
    env.reset(seed=3)
    assert env.possible_agents == ["warden", "tinker", "sage"]
    acting = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)


def test_a_whole_game_pays_every_agent_the_same() -> None:
    env = rk_pettingzoo.env(game="areas", scenario="sunken-gate")
    env.reset(seed=2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=10_000):
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
        else:
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[0]))
    assert len(set(totals.values())) == 1
    assert next(iter(totals.values())) in (1.0, -1.0)
