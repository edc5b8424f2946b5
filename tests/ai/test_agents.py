"""Agents (issue 15): random, greedy (one ply, expected value over chance), MCTS."""

from __future__ import annotations

import pytest
from walks import bound_game

from rulekeeper.ai.adapter import adapter_for
from rulekeeper.ai.agents import AGENTS, Agent, GreedyAgent, MCTSAgent, evaluate, make_agent
from rulekeeper.core.randomness import SeededSampler, play_out

AREAS = ("areas", "thorn-warren", "standard")


def _wins(policy: str, seeds: range) -> int:
    bound = bound_game(AREAS)
    won = 0
    for seed in seeds:
        state = play_out(bound.new_state(seed), make_agent(policy, seed), SeededSampler(seed))
        outcome = state.outcome()
        won += outcome is not None and outcome.result == "won"
    return won


def test_greedy_beats_random_on_the_same_seeds() -> None:
    seeds = range(8)
    assert _wins("greedy", seeds) > _wins("random", seeds)


def test_greedy_expected_value_weights_each_outcome_by_its_probability() -> None:
    bound = bound_game(("salvage", "flooded-annex", "standard"))
    adapter = adapter_for("salvage")
    state = bound.new_state(0)
    sampler = SeededSampler(0)
    agent = make_agent("random", 0)
    while not state.is_chance_node():
        state.apply(agent.choose(state))
    expected = 0.0
    for outcome, probability in state.chance_outcomes():
        child = state.clone()
        child.apply(outcome)
        expected += float(probability) * GreedyAgent().expected_value(child, adapter, 1)
    assert GreedyAgent().expected_value(state, adapter, 2) == pytest.approx(expected)
    assert sampler is not None


def test_evaluate_pays_a_won_game_above_any_unfinished_one() -> None:
    bound = bound_game(AREAS)
    adapter = adapter_for("areas")
    start = bound.new_state(0)
    for seed in range(20):
        state = play_out(bound.new_state(seed), make_agent("greedy", seed), SeededSampler(seed))
        outcome = state.outcome()
        if outcome is not None and outcome.result == "won":
            assert evaluate(state, adapter) > evaluate(start, adapter)
            return
    pytest.fail("greedy won no game in 20 seeds")


@pytest.mark.parametrize("family", ["haven", "salvage", "ether", "areas"])
def test_mcts_plays_a_whole_game_through_chance_nodes(family: str) -> None:
    scenario = {"haven": "sunken-larder", "salvage": "flooded-annex", "ether": "lantern-rift"}
    bound = bound_game((family, scenario.get(family, "sunken-gate"), bound_ruleset(family)))
    agent = MCTSAgent(1, iterations=4, rollout_depth=10)
    state = play_out(bound.new_state(1), agent, SeededSampler(1))
    assert state.outcome() is not None


def bound_ruleset(family: str) -> str:
    return "gloomhaven" if family == "haven" else "standard"


def _small(policy: str, seed: int) -> Agent:
    if policy == "mcts":
        return MCTSAgent(seed, iterations=6, rollout_depth=10)
    return make_agent(policy, seed)


@pytest.mark.parametrize("policy", list(AGENTS))
def test_agents_replay_exactly_from_their_seed(policy: str) -> None:
    bound = bound_game(AREAS)
    one = play_out(bound.new_state(4), _small(policy, 4), SeededSampler(4))
    two = play_out(bound.new_state(4), _small(policy, 4), SeededSampler(4))
    assert one.history == two.history


def test_an_unknown_policy_is_named() -> None:
    with pytest.raises(ValueError, match="unknown policy 'smart'"):
        make_agent("smart", 0)
