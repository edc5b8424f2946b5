"""Helpers for haven play tests: small scenarios built in code, and driving a state.

Maps are rectangles of flat-top hexes; ``at(q, row)`` names a hex by column
and row. The test class ``tester`` has plain cards whose initiatives and
halves the tests rely on.
"""

from __future__ import annotations

from typing import Any

from rulekeeper.core import Action, ScriptedSampler
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState


def at(q: int, row: int) -> tuple[int, int]:
    return (q, row - q // 2)


def rect(width: int, height: int, q0: int = 0) -> list[tuple[int, int]]:
    return [at(q, row) for q in range(q0, q0 + width) for row in range(height)]


def card(
    card_id: str,
    initiative: int,
    top: list[dict[str, Any]],
    bottom: list[dict[str, Any]],
    **kw: Any,
) -> dict[str, Any]:
    return {
        "id": card_id,
        "initiative": initiative,
        "top": {"actions": top, "lost": kw.get("top_lost", False)},
        "bottom": {"actions": bottom, "lost": kw.get("bottom_lost", False)},
    }


def make_tester_class(hp: int = 10, hand_size: int = 6, **kw: Any) -> dict[str, Any]:
    """Cards t1..t6: initiatives 10, 20, 30, 40, 50, 60; top Attack 3, bottom Move 3.

    t5's top is lost; t6's top summons a ``pup`` (hp 3, move 2, attack 1).
    """
    cards = [
        card("t1", 10, [{"type": "attack", "value": 3}], [{"type": "move", "value": 3}]),
        card("t2", 20, [{"type": "attack", "value": 3}], [{"type": "move", "value": 3}]),
        card(
            "t3", 30, [{"type": "attack", "value": 3, "range": 3}], [{"type": "move", "value": 3}]
        ),
        card(
            "t4",
            40,
            [{"type": "heal", "value": 2, "range": 2}],
            [{"type": "move", "value": 2, "jump": True}],
        ),
        card(
            "t5",
            50,
            [{"type": "attack", "value": 5}],
            [{"type": "move", "value": 2, "flying": True}],
            top_lost=True,
        ),
        card(
            "t6",
            60,
            [{"type": "summon", "summon": "pup"}],
            [{"type": "shield", "value": 1}],
            top_lost=True,
        ),
    ]
    return {
        "name": kw.get("name", "Tester"),
        "hp": [hp],
        "hand_size": hand_size,
        "cards": cards,
        "summons": {"pup": {"name": "Pup", "hp": 3, "move": 2, "attack": 1}},
    }


def dummy_monster(hp: int = 5, move: int = 2, attack: int = 2, range_: int = 0) -> dict[str, Any]:
    stats = {"hp": hp, "move": move, "attack": attack, "range": range_}
    return {
        "name": "Dummy",
        "deck": "dummy",
        "normal": [stats, stats],
        "elite": [{**stats, "hp": hp + 2}, {**stats, "hp": hp + 2}],
    }


DUMMY_DECK = {
    "cards": [
        {
            "id": "dummy-a",
            "initiative": 45,
            "actions": [{"type": "move", "value": 0}, {"type": "attack", "value": 0}],
        },
        {
            "id": "dummy-b",
            "initiative": 70,
            "actions": [{"type": "move", "value": 0}, {"type": "attack", "value": 0}],
        },
    ]
}


def scenario(
    *,
    party: tuple[str, ...] = ("tester",),
    hexes: list[tuple[int, int]] | None = None,
    start: list[tuple[int, int]] | None = None,
    monsters: list[dict[str, Any]] | None = None,
    terrain: dict[str, list[tuple[int, int]]] | None = None,
    walls: list[Any] | None = None,
    objective: dict[str, Any] | None = None,
    level: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    classes = {
        "tester": make_tester_class(),
        "tester2": make_tester_class(name="Second"),
        "tester3": make_tester_class(name="Third"),
    }
    data: dict[str, Any] = {
        "format": "haven-scenario/1",
        "name": "test",
        "level": level,
        "party": list(party),
        "start_hexes": start or [at(0, i) for i in range(len(party))],
        "map": {"hexes": hexes or rect(6, 4), "walls": walls or [], "terrain": terrain or {}},
        "monsters": monsters or [],
        "objective": objective or {"kind": "kill_all"},
        "classes": classes,
        "monster_types": {"dummy": dummy_monster()},
        "monster_decks": {"dummy": DUMMY_DECK},
    }
    if len(party) == 1:
        # HV-CHAR-1 asks two to four characters: one-character boards are a house rule.
        data["house_rules"] = {"one_character": True}
    data.update(extra)
    return data


def new_state(
    data: dict[str, Any], ruleset: str = "gloomhaven", seed: int = 0, *, numbered: bool = True
) -> HavenState:
    """The scenario set up; with ``numbered`` its standees' numbers (HV-SCEN-1, chance nodes)
    are scripted to the lowest free number, so tests name monsters ``dummy 1``, ``dummy 2``."""
    spec = parse_scenario(data, "test.json")
    state = GAME.start(spec, "test", seed, ruleset)
    if numbered:
        number_in_order(state)
    return state


def number_in_order(state: HavenState) -> None:
    """HV-SCEN-1: script every pending standee draw to the lowest free number."""
    while state.standee_draws:
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply(min(outcomes, key=lambda a: getattr(a, "number", 0)))


def play(state: HavenState, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def chance(state: HavenState, *script: str) -> None:
    """Apply scripted chance outcomes, one per label suffix."""
    sampler = ScriptedSampler(list(script))
    for _ in script:
        if not state.is_chance_node():
            raise AssertionError(f"not at a chance node: {state.pending_decision()}")
        state.apply(sampler.sample(state))


def monster(type_: str, hex_: tuple[int, int], elite: bool = False) -> dict[str, Any]:
    return {
        "type": type_,
        "hex": hex_,
        "normal": [] if elite else [1, 2, 3, 4],
        "elite": [1, 2, 3, 4] if elite else [],
    }


def snapshot(state: HavenState) -> dict[str, Any]:
    return state.to_dict()


def settle_options(state: HavenState) -> None:
    """Pick the first of the monster mover's tied options until none is pending."""
    while state.turn is not None and state.turn.stage == "monster_option":
        state.apply(state.legal_actions()[0])


def quiet_turn(state: HavenState, first: str, second: str) -> None:
    """The Tester plays ``first``'s top (an attack with no target in reach) and ``second``'s
    bottom, leaving the move unused; then any tied mover options are settled."""
    from rulekeeper.games.haven.actions import PlayHalf, Skip

    state.apply(PlayHalf(first, "top"))
    state.apply(PlayHalf(second, "bottom"))
    if Skip() in state.legal_actions():
        state.apply(Skip())
    settle_options(state)


IDLE_DECK = {"cards": [{"id": "idle", "initiative": 70, "actions": []}]}
"""A Dummy deck whose one card does nothing."""


def idle_target_scenario(**kw: Any) -> dict[str, Any]:
    """The Tester at at(0, 0) next to a 9-hit-point Dummy that never acts."""
    return scenario(
        start=[at(0, 0)],
        monsters=[monster("dummy", at(1, 0))],
        monster_types={"dummy": dummy_monster(hp=9)},
        monster_decks={"dummy": IDLE_DECK},
        **kw,
    )


def lost_attack_turn(state: HavenState, lost: str = "t5", other: str = "t1") -> None:
    """The Tester performs ``lost``'s lost top (an attack on the Dummy, +0 drawn), so the
    card is lost (HV-CARD-4, HV-CHAR-5), then ``other``'s bottom, its move unused."""
    from rulekeeper.games.haven.actions import ChooseTarget, PlayHalf, Skip

    state.apply(PlayHalf(lost, "top"))
    state.apply(ChooseTarget("dummy 1"))
    chance(state, "+0")
    state.apply(PlayHalf(other, "bottom"))
    if Skip() in state.legal_actions():
        state.apply(Skip())
    settle_options(state)
