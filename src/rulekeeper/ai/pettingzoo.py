"""PettingZoo AEC environments: ``rulekeeper.ai.pettingzoo.env(game=..., scenario=..., ruleset=...)``.

One agent per hero or character, named as the game names them. Each
observation is a dict: ``observation`` (the agent's own view as a float32
tensor: hidden information stays hidden) and ``action_mask`` (int8, 1 for
each legal action of the fixed encoding; all zeros when the agent is not the
one to act). Chance is resolved inside from the game's seed, which
``reset(seed=...)`` sets. Every agent receives the party's utility (+1 won,
-1 lost) when the game ends.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from rulekeeper.ai.adapter import agent_game
from rulekeeper.ai.observation import FEATURE_BOUND, action_mask, observation_tensor
from rulekeeper.core.game import State
from rulekeeper.core.randomness import SeededSampler, advance_chance
from rulekeeper.core.registry import find_game

MAX_STEPS = 20_000


def env(
    game: str, scenario: str | None = None, ruleset: str | None = None, **kwargs: Any
) -> AECEnv:
    """The AEC environment of one scenario."""
    return RulekeeperAEC(game, scenario, ruleset, **kwargs)


class RulekeeperAEC(AECEnv):  # type: ignore[misc]
    metadata: dict[str, Any] = {  # noqa: RUF012 (pettingzoo's shape)
        "render_modes": ["ansi"],
        "name": "rulekeeper_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        scenario: str | None = None,
        ruleset: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        scenario = scenario or find_game(game).scenarios()[0].name
        self.agent_game = agent_game(game, scenario, ruleset)
        self.metadata = {**self.metadata, "name": f"rulekeeper_{game}_v0"}
        self.possible_agents = list(self.agent_game.player_names)
        size = self.agent_game.encoding.num_distinct_actions
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -FEATURE_BOUND,
                        FEATURE_BOUND,
                        shape=(self.agent_game.feature_size,),
                        dtype=np.float32,
                    ),
                    "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.render_mode = render_mode
        self._seed_source = np.random.default_rng()
        self.state: State = self.agent_game.new_state(0)
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_source = np.random.default_rng(seed)
        game_seed = int(self._seed_source.integers(0, 2**31 - 1))
        self.state = self.agent_game.new_state(game_seed)
        advance_chance(self.state, SeededSampler(game_seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._select_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        viewer = self.possible_agents.index(agent)
        acting = self.state.current_player() == viewer
        mask = action_mask(self.agent_game, self.state) if acting else None
        if mask is None:
            mask = np.zeros(self.agent_game.encoding.num_distinct_actions, dtype=np.int8)
        return {
            "observation": observation_tensor(self.agent_game, self.state, viewer),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        chosen = self.agent_game.decode(int(action), self.state)
        self.state.apply_trusted(chosen)
        advance_chance(self.state, SeededSampler(self.state.seed))
        self.steps += 1
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            shared = self.agent_game.returns(self.state)[0]
            for a in self.agents:
                self.rewards[a] = shared
                self.terminations[a] = True
        elif self.steps >= MAX_STEPS:
            for a in self.agents:
                self.truncations[a] = True
        self._accumulate_rewards()
        self._select_agent()

    def _select_agent(self) -> None:
        player = self.state.current_player()
        if player >= 0 and not (self.state.is_terminal() or self.steps >= MAX_STEPS):
            self.agent_selection = self.possible_agents[player]
        elif self.agents:
            done = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
            self.agent_selection = done[0] if done else self.agents[0]

    def render(self) -> str:
        return self.state.pending_decision()

    def close(self) -> None:
        pass
