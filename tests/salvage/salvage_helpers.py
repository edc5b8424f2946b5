"""Shared setup for the salvage rule tests: a lab scenario and small play helpers."""

from __future__ import annotations

from pathlib import Path

from rulekeeper.core import RuleViolation, ScriptedSampler, advance_chance
from rulekeeper.core.actions import Action
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.salvage.game import GAME
from rulekeeper.games.salvage.records import Enemy
from rulekeeper.games.salvage.state import SalvageState

LAB = str(Path(__file__).with_name("salvage_lab.toml"))
RUNNER, PORTER = 0, 1


def lab(hero: int = RUNNER, seed: int = 0) -> SalvageState:
    """The lab scenario with ``hero`` taking their Engagement turn."""
    state = GAME.new_state(LAB, seed)
    state.apply(GAME.codec.parse({"type": "choose_hero", "hero": hero}))
    return state


def place_enemy(state: SalvageState, kind: str, room: int) -> int:
    """Put an enemy on the board (a test's setup) and return its id."""
    enemy = Enemy(state.next_enemy_id, kind, room)
    state.next_enemy_id += 1
    state.enemies.append(enemy)
    return enemy.id


def act(state: SalvageState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def roll(state: SalvageState, *faces: str) -> None:
    """The dice show ``faces``, in order (one chance node each), until a player acts."""
    sampler = ScriptedSampler(faces)
    advance_chance(state, sampler)
    assert not sampler.remaining, f"unused faces: {sampler.remaining}"


def rejected(state: SalvageState, action: Action, rule_id: str) -> RuleViolation:
    """``action`` is refused citing ``rule_id`` and the state is exactly as before."""
    return assert_rejected(state, action, rule_id)


def statuses(state: SalvageState, hero: int) -> list[str]:
    return [d.status for d in state.heroes[hero].dice]
