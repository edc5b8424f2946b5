"""Areas benchmarks: a whole random game, legal actions, apply and clone."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.games.areas.actions import MeleeAttack
from rulekeeper.games.areas.game import GAME, AreasState


def _mid_game() -> AreasState:
    """Sunken Gate a few rounds in, with attacks on the menu."""
    state = GAME.new_state("sunken-gate", 3)
    policy, sampler = RandomPolicy(3), SeededSampler(3)
    while not state.is_terminal() and len(state.history) < 25:
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def test_bench_areas_random_game(benchmark: Any) -> None:
    def game() -> AreasState:
        state = GAME.new_state("sunken-gate", 5)
        return play_out(state, RandomPolicy(5), SeededSampler(5))  # type: ignore[return-value]

    state = benchmark(game)
    assert state.outcome() is not None


def test_bench_areas_legal_actions(benchmark: Any) -> None:
    state = _mid_game()
    actions = benchmark(state.legal_actions)
    assert actions


def test_bench_areas_clone(benchmark: Any) -> None:
    state = _mid_game()
    copy = benchmark(state.clone)
    assert copy.to_dict() == state.to_dict()


def test_bench_areas_apply_attack(benchmark: Any) -> None:
    """Checked apply of a declared melee attack on a fresh copy each time."""
    state = GAME.new_state("thorn-warren", 1)
    attack = next(a for a in state.legal_actions() if isinstance(a, MeleeAttack))

    def apply() -> AreasState:
        copy = state.clone()
        copy.apply(attack)
        return copy

    after = benchmark(apply)
    assert after.is_chance_node()
