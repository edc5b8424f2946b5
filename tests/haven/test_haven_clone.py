"""Haven clone(): independent copies that share only what never changes (issue 12).

Speed is measured in benchmarks/test_bench_haven_search.py; here: what is
shared, what is copied, and that play on a clone never reaches the original.
"""

from __future__ import annotations

import json

from rulekeeper.core import RandomPolicy, SeededSampler
from rulekeeper.core.copying import _deep_copy
from rulekeeper.games.haven import state as haven_state
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.state import HavenState


def played(
    seed: int, steps: int, state: HavenState | None = None, policy: RandomPolicy | None = None
) -> HavenState:
    """``steps`` seeded random actions, from a new game or continuing ``state``."""
    if state is None:
        state = GAME.new_state("sunken-larder", seed, "frosthaven")
    policy = policy or RandomPolicy(seed)
    sampler = SeededSampler(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    return state


def snapshot(state: HavenState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def test_clone_shares_content_and_recorded_entries_only() -> None:
    state = played(4, 40)
    twin = state.clone()
    assert isinstance(twin, HavenState) and type(twin) is type(state)
    assert twin.spec is state.spec and twin.rules is state.rules and twin.game is state.game
    assert twin.history[0] is state.history[0] and twin.log[0] is state.log[0]
    assert twin.figures is not state.figures
    for fid, figure in state.figures.items():
        assert twin.figures[fid] is not figure and twin.figures[fid] == figure
        assert twin.figures[fid].conditions is not figure.conditions
    for name, group in state.groups.items():
        assert twin.groups[name].deck is not group.deck
    assert snapshot(twin) == snapshot(state)


def test_play_on_clones_never_reaches_the_original() -> None:
    for seed in (1, 2, 3):
        policy = RandomPolicy(seed)
        state = played(seed, 25 * seed, policy=policy)
        before = snapshot(state)
        for offset in range(3):
            twin = state.clone()
            other, sampler = RandomPolicy(seed + offset), SeededSampler(seed + offset)
            while not twin.is_terminal():
                twin.apply_trusted(
                    sampler.sample(twin) if twin.is_chance_node() else other.choose(twin)
                )
            twin.emit("probe", "only in the clone")
            assert snapshot(state) == before
        # The original goes on exactly as it would have without the clones.
        played(seed, 30, state, policy)
        assert snapshot(state) == snapshot(played(seed, 25 * seed + 30))


def test_every_saved_field_has_a_fast_copy() -> None:
    """A field whose type has no copy plan would be deep copied: slow, so name it here."""
    slow = [name for name, plan in haven_state._field_copiers() if plan is _deep_copy]
    assert slow == [], f"give these fields' types a copy() or make them frozen: {slow}"


def test_an_attribute_the_state_does_not_know_is_deep_copied() -> None:
    state = played(5, 10)
    state.scratch = {"seen": [1]}  # type: ignore[attr-defined]
    twin = state.clone()
    twin.scratch["seen"].append(2)  # type: ignore[attr-defined]
    assert state.scratch == {"seen": [1]}  # type: ignore[attr-defined]
