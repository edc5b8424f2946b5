"""Content is validated at load in all four games, naming the field (issue 11).

Each case takes a shipped scenario, breaks one thing and plays it: the result is
one line naming the file and the field, exit 2, before anything is played or
saved. The limits (README, "Limits") are refused the same way. And every
accepted action is exactly one listed action.
"""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hardening_cli import run_cli, snapshot

from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.limits import MAX_COORDINATE, MAX_COUNT, MAX_DECK_CARDS, MAX_MAP_CELLS

CONTENT = Path(__file__).parents[2] / "src" / "rulekeeper" / "content"


def _shipped(game: str, name: str) -> dict[str, Any]:
    return tomllib.loads((CONTENT / game / "scenarios" / f"{name}.toml").read_text("utf-8"))


def _play(game: str, data: dict[str, Any], tmp_path: Path, *fragments: str) -> None:
    if game == "haven":
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(data))
    else:
        path = tmp_path / "scenario.toml"
        path.write_text(_toml(data))
    home = tmp_path / "home"
    before = snapshot(tmp_path)
    result = run_cli("play", game, "--scenario", str(path), "--auto", "random", "--save", "x")
    result.assert_user_error(str(path), *fragments)
    assert snapshot(tmp_path) == before
    assert not home.exists()


def _haven() -> dict[str, Any]:
    data = _shipped("haven", "ember-vault")
    if str(CONTENT).endswith("content"):
        data = copy.deepcopy(data)
    return data


HAVEN_CASES = {
    "a standee on a door hex": (
        lambda d: d["monsters"][0].update(hex=d["doors"][0]["hex"]),
        ("monsters.0.hex", "door"),
    ),
    "two standees on one hex": (
        lambda d: d["monsters"][2].update(hex=d["monsters"][0]["hex"]),
        ("monsters.2.hex", "already stands"),
    ),
    "a standee on an obstacle": (
        lambda d: d["monsters"][0].update(hex=d["map"]["terrain"]["obstacle"][1]),
        ("monsters.0.hex", "obstacle"),
    ),
    "a start hex on an obstacle": (
        lambda d: d["start_hexes"].append(d["map"]["terrain"]["obstacle"][0]),
        ("start_hexes.3", "obstacle"),
    ),
    "a start hex listed twice": (
        lambda d: d["start_hexes"].append(d["start_hexes"][0]),
        ("start_hexes.3", "twice"),
    ),
    "two rooms with one id": (
        lambda d: d["rooms"][1].update(id=d["rooms"][0]["id"]),
        ("rooms.1.id", "twice"),
    ),
    "a coordinate beyond the limit": (
        lambda d: d["map"]["hexes"].append([10**9, 0]),
        ("map.hexes", str(MAX_COORDINATE)),
    ),
    "a map beyond the limit": (
        lambda d: d["map"].update(
            hexes=[[q, r] for q in range(-100, 101) for r in range(-100, 101)]
        ),
        ("map.hexes", str(MAX_MAP_CELLS)),
    ),
}


@pytest.mark.parametrize("case", sorted(HAVEN_CASES))
def test_haven_scenarios_are_checked_at_load(case: str, tmp_path: Path) -> None:
    data = _haven()
    change, fragments = HAVEN_CASES[case]
    change(data)
    _play("haven", data, tmp_path, *fragments)


def test_salvage_scenarios_are_checked_at_load(tmp_path: Path) -> None:
    data = _shipped("salvage", "flooded-annex")
    data["enemy_dice"]["fang"] = 10**9
    _play("salvage", data, tmp_path, "enemy_dice.fang", str(MAX_COUNT))
    data = _shipped("salvage", "flooded-annex")
    data["item"] = [
        {"name": "lamp", "effect": "none"},
        {"name": "lamp", "effect": "none"},
    ]
    _play("salvage", data, tmp_path, "item.1.name", "twice")


def test_areas_scenarios_are_checked_at_load(tmp_path: Path) -> None:
    data = _shipped("areas", "thorn-warren")
    data["areas"][1]["id"] = data["areas"][0]["id"]
    _play("areas", data, tmp_path, "areas.1.id")
    data = _shipped("areas", "thorn-warren")
    data["areas"][0]["capacity"] = 10**9
    _play("areas", data, tmp_path, "areas.0.capacity")


def test_ether_content_is_checked_at_load(tmp_path: Path) -> None:
    text = (CONTENT / "ether" / "scenarios" / "lantern-rift.toml").read_text("utf-8")
    data = tomllib.loads(text)
    data.setdefault("scenario", {})["map_card_width"] = 1
    for key in ("card_width", "card_height"):
        broken = copy.deepcopy(tomllib.loads(text))
        section = next(
            (v for v in broken.values() if isinstance(v, dict) and key in v), broken["scenario"]
        )
        section[key] = 10**6
        path = tmp_path / "rift.toml"
        path.write_text(_toml(broken))
        result = run_cli("play", "ether", "--scenario", str(path), "--auto", "random")
        result.assert_user_error(str(path), key)


def _toml(data: dict[str, Any]) -> str:
    """A small TOML writer for the test (tables, arrays of tables, plain values)."""
    lines: list[str] = []

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"
        return str(v)

    def table(prefix: str, body: dict[str, Any]) -> None:
        plain = {k: v for k, v in body.items() if not _nested(v)}
        nested = {k: v for k, v in body.items() if _nested(v)}
        if prefix:
            lines.append(f"[{prefix}]")
        lines.extend(f"{json.dumps(k)} = {value(v)}" for k, v in plain.items())
        for k, v in nested.items():
            name = f"{prefix}.{json.dumps(k)}" if prefix else json.dumps(k)
            if isinstance(v, dict):
                table(name, v)
            else:
                for item in v:
                    lines.append(f"[[{name}]]")
                    lines.extend(f"{json.dumps(a)} = {value(b)}" for a, b in item.items())

    table("", data)
    return "\n".join(lines) + "\n"


def _nested(v: Any) -> bool:
    return isinstance(v, dict) or (
        isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)
    )


def test_attack_deck_files_over_the_deck_limit_are_refused(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(f'format = 1\n[added]\n"+1" = {MAX_DECK_CARDS + 1}\n')
    run_cli("haven", "odds", "--attack", "2", "--deck", str(deck)).assert_user_error(
        str(deck), str(MAX_DECK_CARDS)
    )


# -- --batch: one bad line answers itself ------------------------------------------------
def test_one_bad_batch_line_does_not_abort_the_batch(tmp_path: Path) -> None:
    good = {
        "format": "haven-board/1",
        "ruleset": "gloomhaven",
        "hexes": [[0, 0], [1, 0], [2, 0]],
        "figures": [
            {"id": "m1", "team": "monsters", "hex": [0, 0]},
            {"id": "c1", "team": "characters", "hex": [2, 0], "initiative": 10},
        ],
        "turn": {"figure": "m1", "move": 2},
    }
    bad_lines = [
        b"\xff\xfe not utf-8",
        b"[" * 10_000,
        json.dumps({**good, "hexes": [[0, 0], [10**9, 0]]}).encode(),
        b'{"format": 1' + b"9" * 5000 + b"}",
        b"[1, 2, 3]",
    ]
    batch = tmp_path / "boards.jsonl"
    batch.write_bytes(
        b"\n".join([json.dumps(good).encode(), *bad_lines, json.dumps(good).encode()]) + b"\n"
    )
    result = run_cli("haven", "monster-move", "--batch", str(batch), "--json")
    assert result.code == 0, result.err
    answers = [json.loads(line) for line in result.out.splitlines()]
    assert len(answers) == 2 + len(bad_lines)
    assert "options" in answers[0] and "options" in answers[-1]
    assert all("error" in a and "\n" not in a["error"] for a in answers[1:-1])


# -- every accepted action is exactly one listed action ----------------------------------
def test_areas_effects_in_another_order_are_refused() -> None:
    """Issue 11: an areas attack with its effects reordered was applied, unlisted."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "areas"))
    from test_areas_declaration import _duel  # type: ignore[import-not-found]

    from rulekeeper.games.areas.actions import MeleeAttack

    state = _duel()
    listed = [
        a for a in state.legal_actions() if isinstance(a, MeleeAttack) and len(a.effects) == 2
    ]
    assert listed
    action = listed[0]
    swapped = MeleeAttack(
        action.attacker, action.action, action.target, action.weapon, action.effects[::-1]
    )
    before = state.to_dict()
    with pytest.raises(RuleViolation):
        state.apply(swapped)
    assert state.to_dict() == before
    state.apply(action)
