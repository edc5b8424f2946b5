"""Shared checks for a family whose players choose the party (issue 17): ``NAME@a,b``."""

from __future__ import annotations

import subprocess
import sys

from rulekeeper.core.game import Game, State
from rulekeeper.core.randomness import SeededSampler, choose_step
from rulekeeper.core.replay import parse_replay, replay_to_json, run_replay


def replays_from_its_name(game: Game, scenario: str, seed: int) -> State:
    """Play 40 steps of ``scenario``; the replay (which keeps the name) ends in the same state."""
    state = game.new_state(scenario, seed)
    sampler = SeededSampler(seed)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(choose_step(state, None, sampler)[0])
        else:
            state.apply(state.legal_actions()[-1])
    header = parse_replay(replay_to_json(state))
    assert header.scenario == scenario  # type: ignore[attr-defined]
    again = run_replay(header)
    assert again.to_dict()["state"] == state.to_dict()["state"]
    return state


def play_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rulekeeper.cli.main", "play", *args],
        capture_output=True,
        text=True,
        input="quit\n",
        timeout=300,
    )
