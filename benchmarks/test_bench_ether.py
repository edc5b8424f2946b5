"""Ether benchmarks: a whole random game, legal actions, apply and clone."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.games.ether.actions import AddSource
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.state import EtherState


def _mid_game() -> EtherState:
    """The Lantern Rift a round or two in, in a hero's activation with sources to add."""
    state = GAME.new_state("lantern-rift", 3)
    policy, sampler = RandomPolicy(3), SeededSampler(3)
    while not state.is_terminal() and (
        len(state.history) < 40
        or state.is_chance_node()
        or not any(isinstance(a, AddSource) for a in state.legal_actions())
    ):
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def test_bench_ether_random_game(benchmark: Any) -> None:
    def game() -> EtherState:
        state = GAME.new_state("lantern-rift", 5)
        return play_out(state, RandomPolicy(5), SeededSampler(5))  # type: ignore[return-value]

    state = benchmark(game)
    assert state.outcome() is not None


def test_bench_ether_legal_actions(benchmark: Any) -> None:
    state = _mid_game()
    actions = benchmark(state.legal_actions)
    assert actions


def test_bench_ether_apply(benchmark: Any) -> None:
    state = _mid_game()
    action = next(a for a in state.legal_actions() if isinstance(a, AddSource))

    def apply_on_copy() -> EtherState:
        copy = state.clone()
        copy.apply(action)
        return copy

    after = benchmark(apply_on_copy)
    assert after.draft == sorted([*state.draft, action.source])


def test_bench_ether_clone(benchmark: Any) -> None:
    state = _mid_game()
    copy = benchmark(state.clone)
    assert copy.to_dict() == state.to_dict()
