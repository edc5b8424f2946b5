"""Salvage speed: a whole random game, and the apply / clone hot paths."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import RandomPolicy, SeededSampler, State, play_out
from rulekeeper.games.salvage.game import GAME
from rulekeeper.games.salvage.state import SalvageState


def _midgame(seed: int = 4) -> SalvageState:
    state = GAME.new_state("drowned-spire", seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def test_bench_salvage_random_game(benchmark: Any) -> None:
    def game() -> State:
        return play_out(GAME.new_state("drowned-spire", 2), RandomPolicy(2), SeededSampler(2))

    state = benchmark(game)
    assert state.is_terminal()


def test_bench_salvage_clone(benchmark: Any) -> None:
    state = _midgame()
    twin = benchmark(state.clone)
    assert twin.to_dict() == state.to_dict()


def test_bench_salvage_legal_and_apply(benchmark: Any) -> None:
    state = _midgame()
    sampler = SeededSampler(9)

    def step() -> None:
        twin = state.clone()
        action = sampler.sample(twin) if twin.is_chance_node() else twin.legal_actions()[0]
        twin.apply(action)

    benchmark(step)
