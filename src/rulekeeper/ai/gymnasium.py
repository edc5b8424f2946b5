"""Gymnasium environments: ``gymnasium.make("rulekeeper/<game>-v0", scenario=..., ruleset=...)``.

Importing this module registers one id per game family, each pointing at the
entry point ``rulekeeper.ai.gymnasium:RulekeeperEnv``; without the import,
``gymnasium.make("rulekeeper.ai.gymnasium:rulekeeper/haven-v0")`` imports it
first. The whole party is one agent: an observation is the acting player's
view, the action is an index of the family's fixed encoding, and
``info["action_mask"]`` marks the legal ones. Chance is resolved inside the
environment from the game's seed, which ``reset(seed=...)`` sets. The reward
is the party's utility (+1 won, -1 lost) when the game ends, 0 before. An
illegal action leaves the state as it was, earns no reward and sets
``info["illegal_action"]``.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from rulekeeper.ai.adapter import agent_game, supported_games
from rulekeeper.ai.observation import FEATURE_BOUND, action_mask, observation_tensor
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import State
from rulekeeper.core.randomness import SeededSampler, advance_chance

MAX_EPISODE_STEPS = 20_000


def env_id(game: str) -> str:
    return f"rulekeeper/{game}-v0"


class RulekeeperEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One scenario of a game family, the party as one agent."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's shape)

    def __init__(
        self,
        game: str,
        scenario: str | None = None,
        ruleset: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        from rulekeeper.core.registry import find_game

        scenario = scenario or find_game(game).scenarios()[0].name
        self.agent_game = agent_game(game, scenario, ruleset)
        size = self.agent_game.encoding.num_distinct_actions
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Box(
            -FEATURE_BOUND, FEATURE_BOUND, shape=(self.agent_game.feature_size,), dtype=np.float32
        )
        self.render_mode = render_mode
        self.state: State = self.agent_game.new_state(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**31 - 1))
        self.state = self.agent_game.new_state(game_seed)
        advance_chance(self.state, SeededSampler(game_seed))
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        try:
            chosen = self.agent_game.decode(int(action), state)
        except RuleViolation as error:
            info = self._info()
            info["illegal_action"] = str(error)
            return self._observation(), 0.0, state.is_terminal(), False, info
        state.apply_trusted(chosen)
        advance_chance(state, SeededSampler(state.seed))
        terminated = state.is_terminal()
        reward = self.agent_game.returns(state)[0] if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.state.pending_decision()

    def _viewer(self) -> int:
        player = self.state.current_player()
        return player if player >= 0 else 0

    def _observation(self) -> np.ndarray:
        return observation_tensor(self.agent_game, self.state, self._viewer())

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": action_mask(self.agent_game, self.state),
            "player": self.state.current_player(),
        }


def register_envs() -> None:
    """Register ``rulekeeper/<game>-v0`` for every family with an agent adapter."""
    for game in supported_games():
        if env_id(game) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(game),
                entry_point="rulekeeper.ai.gymnasium:RulekeeperEnv",
                kwargs={"game": game},
                max_episode_steps=MAX_EPISODE_STEPS,
                disable_env_checker=True,
            )


register_envs()
