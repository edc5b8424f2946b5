"""OpenSpiel (issue 15): the registered games pass random_sim_test; MCTSBot plays each family.

Slow by nature (random_sim_test clones and observes every state of whole
games); one simulation per scenario keeps the file within CI's budget.
"""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts
from walks import SCENARIO_IDS, SCENARIOS

import rulekeeper.ai.openspiel  # noqa: F401  (registers rulekeeper_<game>)
from rulekeeper.ai.adapter import supported_games


def load(scenario: tuple[str, str, str]) -> pyspiel.Game:
    game, name, ruleset = scenario
    return pyspiel.load_game(f"rulekeeper_{game}", {"scenario": name, "ruleset": ruleset})


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_random_sim_test_passes(scenario: tuple[str, str, str]) -> None:
    pyspiel.random_sim_test(load(scenario), num_sims=1, serialize=False, verbose=False)


def test_every_family_is_registered_with_its_contract() -> None:
    names = set(pyspiel.registered_names())
    for family in supported_games():
        assert f"rulekeeper_{family}" in names
    game = load(("haven", "sunken-larder", "frosthaven"))
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert game.num_players() == 3
    assert game.max_chance_outcomes() == game.num_distinct_actions()


def test_chance_outcomes_carry_exact_probabilities() -> None:
    state = load(("salvage", "flooded-annex", "standard")).new_initial_state()
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1])
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert [a for a, _ in outcomes] == state.legal_actions()


def test_cooperative_players_share_the_return() -> None:
    state = load(("areas", "thorn-warren", "standard")).new_initial_state()
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    returns = state.returns()
    assert len(set(returns)) == 1 and returns[0] in (1.0, -1.0)


def test_per_player_observations_hide_other_selections() -> None:
    """HV-CARD-1/2 through OpenSpiel: the next character cannot tell which card was picked."""
    game = load(("haven", "sunken-larder", "gloomhaven"))
    one, other = game.new_initial_state(), game.new_initial_state()
    while one.is_chance_node():  # HV-SCEN-1: the standees' numbers, drawn alike in both
        drawn = one.chance_outcomes()[0][0]
        one.apply_action(drawn)
        other.apply_action(drawn)
    legal = one.legal_actions()
    one.apply_action(legal[0])
    other.apply_action(legal[1])
    assert one.observation_string(1) == other.observation_string(1)
    assert one.information_state_string(1) == other.information_state_string(1)
    assert one.observation_tensor(1) == other.observation_tensor(1)
    assert one.observation_string(0) != other.observation_string(0)


@pytest.mark.parametrize("family", supported_games())
def test_mcts_bot_plays_a_whole_game(family: str) -> None:
    game = pyspiel.load_game(f"rulekeeper_{family}")
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(bot.step(state))
    assert state.returns()[0] in (1.0, -1.0, 0.0)
    assert state.core.outcome() is not None
