"""Benchmarks for search and rollouts on haven (issue 12): clone() and trusted random play.

Goals (median, on an unloaded machine): ``clone()`` at most 50 µs; random play
at least 25,000 trusted steps a second. Steps per second = the ``steps``
recorded in ``extra_info`` divided by the median time of one round.

- ``clone``: a state early, in the middle and late in a seeded random game of
  The Sunken Larder (history and log grow with the game; a clone shares them).
- ``trusted_steps``: eight seeded random games from prepared starts with
  ``play_out(..., trusted=True)`` (one listing of the legal actions per step,
  choices applied with ``apply_trusted``); ``checked_steps`` the same games
  with every choice checked against that listing.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.core.randomness import play_step
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.state import HavenState

SEEDS = range(1, 9)


def _start(seed: int) -> HavenState:
    return GAME.new_state("sunken-larder", seed, "frosthaven" if seed % 2 else "gloomhaven")


def _state_after(fraction: float) -> HavenState:
    """The state ``fraction`` of the way through seed 3's random game."""
    whole = play_out(_start(3), RandomPolicy(3), SeededSampler(3), trusted=True)
    state = _start(3)
    policy, sampler = RandomPolicy(3), SeededSampler(3)
    for _ in range(int(len(whole.history) * fraction)):
        play_step(state, policy, sampler, trusted=True)
    return state


@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9], ids=["early", "middle", "late"])
def test_bench_haven_clone(benchmark: Any, fraction: float) -> None:
    state = _state_after(fraction)
    state.clone()  # the first clone in a process works out the copy plans, once
    twin = benchmark(state.clone)
    benchmark.extra_info["history"] = len(state.history)
    benchmark.extra_info["log"] = len(state.log)
    assert twin.to_dict() == state.to_dict()


def _play(starts: list[HavenState], trusted: bool) -> int:
    steps = 0
    for seed, start in zip(SEEDS, starts, strict=True):
        state = start.clone()
        play_out(state, RandomPolicy(seed), SeededSampler(seed), trusted=trusted)
        steps += len(state.history) - len(start.history)
    return steps


@pytest.mark.parametrize("trusted", [True, False], ids=["trusted_steps", "checked_steps"])
def test_bench_haven_random_play(benchmark: Any, trusted: bool) -> None:
    starts = [_start(seed) for seed in SEEDS]
    steps = benchmark(_play, starts, trusted)
    benchmark.extra_info["steps"] = steps
    assert steps > 8 * 50
