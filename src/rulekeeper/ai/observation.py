"""Observation tensors (numpy) and legal-action masks for the agent adapters.

The tensor of a player is :meth:`AgentGame.features` as ``float32``; its
layout (named segments, in order) is ``agent_game.layout.segments`` and is
documented per family in ``docs/agents.md``. The mask has one ``int8`` per
encoded action: 1 where the action (or chance outcome) is legal now.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from rulekeeper.ai.adapter import AgentGame
from rulekeeper.core.game import State

FEATURE_BOUND = float(2**20)
"""Every feature lies within ±FEATURE_BOUND (the observation spaces' bounds)."""


def observation_tensor(agent_game: AgentGame, state: State, viewer: int) -> npt.NDArray[np.float32]:
    features = np.asarray(agent_game.features(state, viewer), dtype=np.float32)
    return np.clip(features, -FEATURE_BOUND, FEATURE_BOUND)


def action_mask(agent_game: AgentGame, state: State) -> npt.NDArray[np.int8]:
    mask = np.zeros(agent_game.encoding.num_distinct_actions, dtype=np.int8)
    if not state.is_terminal():
        mask[agent_game.legal_indices(state)] = 1
    return mask
