"""Random walks through every scenario an agent adapter covers (test helper)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from rulekeeper.ai.adapter import AgentGame, agent_game, agent_scenarios
from rulekeeper.core.actions import Action
from rulekeeper.core.game import State
from rulekeeper.core.randomness import pick_weighted

SCENARIOS = agent_scenarios()
"""Every (game, scenario, ruleset) shipped with an adapter."""

SCENARIO_IDS = [f"{g}-{s}-{r}" for g, s, r in SCENARIOS]


def choices(state: State) -> list[Action]:
    if state.is_chance_node():
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def walk(bound: AgentGame, seed: int, steps: int) -> Iterator[State]:
    """The states of one seeded random game, first ``steps`` of them."""
    rng = random.Random(seed)
    state = bound.new_state(seed)
    for _ in range(steps):
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_trusted(pick_weighted(state.chance_outcomes(), rng))
        else:
            actions = state.legal_actions()
            state.apply_trusted(actions[rng.randrange(len(actions))])


def bound_game(scenario: tuple[str, str, str]) -> AgentGame:
    return agent_game(*scenario)
