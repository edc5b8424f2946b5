"""Benchmark: haven scenario play.

``one_round``: one full round of The Sunken Larder with 3 characters and all
8 monsters on the map (the cellar door already open), random choices,
seeded chance. ``full_game``: a whole random game to its end.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import RandomPolicy, SeededSampler
from rulekeeper.games.haven import area_attacks
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.rooms import reveal_room
from rulekeeper.games.haven.state import HavenState


def eight_monsters() -> HavenState:
    state = GAME.new_state("sunken-larder", 7, "gloomhaven")
    for door in state.spec.doors:
        state.open_doors.append(door.hex)
        for room in door.opens:
            reveal_room(state, room)
    return state


def play_round(prepared: HavenState) -> HavenState:
    state = prepared.clone()
    assert isinstance(state, HavenState)
    policy, sampler = RandomPolicy(7), SeededSampler(7)
    while state.round == 1 and not state.is_terminal():
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def play_game(seed: int) -> HavenState:
    state = GAME.new_state("sunken-larder", seed, "frosthaven")
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    while not state.is_terminal():
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def test_bench_haven_one_round_three_characters_eight_monsters(benchmark: Any) -> None:
    prepared = eight_monsters()
    assert sum(1 for f in prepared.figures.values() if f.kind == "monster") == 8
    assert len(prepared.heroes) == 3
    state = benchmark(play_round, prepared)
    assert state.round == 2 or state.is_terminal()


def test_bench_haven_full_random_game(benchmark: Any) -> None:
    state = benchmark(play_game, 3)
    assert state.is_terminal()


def test_bench_haven_area_placements_eight_monsters(benchmark: Any) -> None:
    """Listing a ranged area attack's placements (area_attacks.py) with 8 monsters revealed."""
    state = eight_monsters()
    sage = state.figures["sage"]
    sage.hex = (5, 0)  # the open door, in range of both rooms
    storm = next(c for c in state.spec.classes["sage"].cards if c.id == "sage-storm")
    found = benchmark(area_attacks.placements, state, sage, storm.top.actions[0])
    assert found and all(area_attacks.area_targets(state, sage, p) for p in found)
