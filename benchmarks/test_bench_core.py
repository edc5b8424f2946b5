"""Benchmarks of the core protocol on the test-only dice race: clone() and apply()."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from dice_race import Declare, DiceRace, Roll
from rulekeeper.core import RandomPolicy, SeededSampler, play_out

GAME = DiceRace()


def mid_game() -> Any:
    state = GAME.new_state("long", 1)
    policy, sampler = RandomPolicy(1), SeededSampler(1)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def test_bench_clone(benchmark: Any) -> None:
    state = mid_game()
    twin = benchmark(state.clone)
    assert twin.to_dict() == state.to_dict()


def test_bench_apply_checked(benchmark: Any) -> None:
    def declare_and_roll() -> None:
        state = GAME.new_state("long", 1)
        state.apply(Declare(1))
        state.apply(Roll("2"))

    benchmark(declare_and_roll)


def test_bench_full_random_game(benchmark: Any) -> None:
    def game() -> None:
        play_out(GAME.new_state("long", 7), RandomPolicy(7), SeededSampler(7))

    benchmark(game)
