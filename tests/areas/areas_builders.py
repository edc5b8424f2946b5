"""Builders for small areas-game positions used as rule examples in the tests."""

from __future__ import annotations

from typing import Any

from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.games.areas.content import scenario_from_data
from rulekeeper.games.areas.game import GAME, AreasState

# Test-only figures: plain stats so each example reads on its own.
TEST_CATALOG: dict[str, Any] = {
    "heroes": [
        {
            "id": "warden",
            "name": "Test Warden",
            "health": 10,
            "items": ["test-axe", "test-rune"],
            "tokens": [
                {"id": "step", "name": "Step", "symbols": ["move"]},
                {"id": "crush", "name": "Crushing Blow", "symbols": ["melee"], "dice": 3},
                {"id": "shout", "name": "Rallying Shout", "symbols": []},
            ],
            "effects": [{"id": "last-stand", "name": "Last Stand", "damage": 2, "uses": 1}],
        },
        {
            "id": "duelist",
            "name": "Test Duelist",
            "health": 8,
            "items": ["test-axe", "test-whip", "test-venom"],
            "tokens": [
                {"id": "step", "name": "Step", "symbols": ["move"]},
                {"id": "cut", "name": "Cut", "symbols": ["melee"], "dice": 1},
            ],
        },
        {
            "id": "scholar",
            "name": "Test Scholar",
            "health": 6,
            "items": ["test-charm"],
            "tokens": [
                {"id": "step", "name": "Step", "symbols": ["move"]},
                {"id": "strike", "name": "Strike", "symbols": ["melee"], "dice": 2},
            ],
        },
        {
            "id": "binder",
            "name": "Test Binder",
            "health": 7,
            "items": ["test-axe", "test-rune"],
            "tokens": [
                {"id": "step", "name": "Step", "symbols": ["move"]},
                {"id": "daze", "name": "Daze", "symbols": ["melee"], "damage": False, "stun": True},
                {
                    "id": "shove",
                    "name": "Shove",
                    "symbols": ["melee"],
                    "damage": False,
                    "push": True,
                },
                {"id": "sweep", "name": "Sweep", "symbols": ["melee"], "dice": 1, "push": True},
            ],
        },
    ],
    "items": [
        {
            "id": "test-axe",
            "name": "Test Axe",
            "kind": "weapon",
            "symbols": ["melee"],
            "modifier": 1,
        },
        {
            "id": "test-whip",
            "name": "Test Whip",
            "kind": "weapon",
            "symbols": ["melee"],
            "range": 2,
        },
        {"id": "test-rune", "name": "Test Rune", "kind": "rune", "effect": {"damage": 2}},
        {
            "id": "test-venom",
            "name": "Test Venom",
            "kind": "poison",
            "effect": {"poison": 1, "uses": 1},
        },
        {"id": "test-charm", "name": "Test Charm", "kind": "gear"},
    ],
    "allies": [
        {
            "id": "hound",
            "name": "Test Hound",
            "health": 4,
            "attacks": [
                {"id": "bite", "name": "Bite", "symbols": ["melee"], "damage": 2},
                {"id": "howl", "name": "Howl", "symbols": ["ranged"], "damage": 1},
            ],
        },
        {
            "id": "wisp",
            "name": "Test Wisp",
            "health": 3,
            "attacks": [
                {"id": "glare", "name": "Glare", "symbols": ["melee"], "stun": True, "range": 2}
            ],
        },
    ],
    "enemies": [
        {"id": "crawler", "name": "Crawler", "health": 3, "damage": 1},
        {"id": "brute", "name": "Brute", "health": 8, "damage": 2, "size": 2},
    ],
}


def build(
    areas: list[tuple[str, int, int]],
    links: list[tuple[str, str] | tuple[str, str, str]],
    heroes: list[tuple[str, str]],
    enemies: list[tuple[str, str]],
    allies: list[tuple[str, str]] = (),  # type: ignore[assignment]
    *,
    round_limit: int = 12,
) -> AreasState:
    """A state from areas ``(id, capacity, height)``, links ``(a, b[, "barrier"])``, placements."""
    data = {
        "format": "rulekeeper-areas/1",
        "title": "Test position",
        "round_limit": round_limit,
        "areas": [{"id": a, "name": a.title(), "capacity": c, "height": h} for a, c, h in areas],
        "links": [
            {"between": [link[0], link[1]], "barrier": len(link) == 3 and link[2] == "barrier"}
            for link in links
        ],
        "heroes": [{"figure": f, "area": a} for f, a in heroes],
        "allies": [{"figure": f, "area": a} for f, a in allies],
        "enemies": [{"figure": f, "area": a} for f, a in enemies],
        "catalog": TEST_CATALOG,
    }
    return GAME.state_for(scenario_from_data(data, name="test"))


def roll(state: AreasState, *faces: str) -> None:
    """Script the Action dice of the pending attack."""
    sampler = ScriptedSampler(list(faces))
    advance_chance(state, sampler)
    if sampler.remaining:
        raise AssertionError(f"unused scripted faces: {sampler.remaining}")


def pass_turn(state: AreasState) -> None:
    """The acting hero or ally passes."""
    from rulekeeper.games.areas.actions import Pass

    actor = state.actor()
    if actor is None:
        raise AssertionError("no hero or ally is acting")
    state.apply(Pass(actor.id))


def actor_id(state: AreasState) -> str | None:
    """The id of the hero or ally acting now, or None."""
    actor = state.actor()
    return actor.id if actor is not None else None


def result(state: AreasState) -> str | None:
    """How the game ended (``won`` / ``lost``), or None while it goes on."""
    outcome = state.outcome()
    return outcome.result if outcome is not None else None
