"""Library folders and library scenarios (library.py): rooms, rosters by party size,
objective figures, and the resolve-by-hand step imported content carries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_haven_bosses import BOSS_DECK, boss_type, start, with_boss
from test_haven_play_support import new_state, play

from rulekeeper.core import ContentError
from rulekeeper.games.haven.actions import Resolved
from rulekeeper.games.haven.library import (
    load_library,
    load_library_scenario,
    parse_library_scenario,
    scenario_ids,
)


def scenario_data(**kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "haven-library-scenario/1",
        "id": "gh-7",
        "index": "7",
        "name": "Mossy Cellar",
        "edition": "gh",
        "monsters": ["mud-imp", "warlord"],
        "rooms": [
            {
                "id": "1",
                "tile": "A1a",
                "initial": True,
                "doors_to": ["2"],
                "monsters": [
                    {"type": "mud-imp", "normal": [2, 3], "elite": [4]},
                    {"type": "mud-imp", "normal": [4]},
                    {"type": "mud-imp", "elite": [3, 4]},
                ],
                "objectives": [0],
            },
            {"id": "2", "tile": "B2b", "monsters": [{"type": "warlord", "boss": True}]},
        ],
        "objectives": [{"name": "Totem", "hp": "3+C", "marker": "a"}],
        "goal": {"kind": "kill_boss", "text": "Kill the Warlord."},
        "rules": ["The totem heals each imp 1 at the end of the round."],
    }
    data.update(kw)
    return data


@pytest.mark.parametrize(
    ("characters", "expected"),
    [
        (1, [("mud-imp", "normal")]),
        (2, [("mud-imp", "normal")]),
        (3, [("mud-imp", "normal"), ("mud-imp", "elite")]),
        (4, [("mud-imp", "elite"), ("mud-imp", "normal"), ("mud-imp", "elite")]),
    ],
)
def test_HV_SCEN_1_a_room_reveals_its_roster_for_the_party_size(
    characters: int, expected: list[tuple[str, str]]
) -> None:
    scenario = parse_library_scenario(scenario_data())
    assert scenario.roster("1", characters) == expected
    assert scenario.roster("2", characters) == [("warlord", "boss")]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"rooms": [{"id": "1", "initial": True, "doors_to": ["9"]}]}, "unknown room"),
        ({"rooms": [{"id": "1"}]}, "starting room"),
        ({"monsters": ["mud-imp"]}, "not in the scenario's monsters"),
        ({"objectives": [{"name": "Totem", "hp": "3+Q"}]}, "hp"),
        ({"goal": {"kind": "kill_boss"}, "monsters": ["mud-imp"], "rooms": []}, "no boss"),
    ],
)
def test_bad_library_scenarios_name_the_problem(change: dict[str, Any], field: str) -> None:
    with pytest.raises(ContentError, match=field):
        parse_library_scenario(scenario_data(**change), "gh-7.json")


def test_a_placement_has_one_rank_per_party_size() -> None:
    data = scenario_data()
    data["rooms"][0]["monsters"][0] = {"type": "mud-imp", "normal": [2], "elite": [2]}
    with pytest.raises(ContentError, match="not both"):
        parse_library_scenario(data)


def write_library(root: Path) -> None:
    for kind in ("monsters", "scenarios"):
        (root / kind).mkdir(parents=True)
    line = {"hp": 4, "move": 2, "attack": 1}
    imp = {
        "format": "haven-library/1",
        "monster_types": {
            "mud-imp": {"name": "Mud Imp", "deck": "imp", "normal": [line], "elite": [line]}
        },
        "monster_decks": {"imp": {"cards": [{"id": "imp-1", "initiative": 20}]}},
    }
    boss = {
        "format": "haven-library/1",
        "monster_types": {"warlord": boss_type()},
        "monster_decks": {"boss": BOSS_DECK},
    }
    (root / "monsters" / "mud-imp.json").write_text(json.dumps(imp))
    (root / "monsters" / "warlord.json").write_text(json.dumps(boss))
    (root / "scenarios" / "gh-7.json").write_text(json.dumps(scenario_data()))


def test_a_library_folder_loads_and_cross_checks_its_scenarios(tmp_path: Path) -> None:
    write_library(tmp_path)
    assert scenario_ids(tmp_path) == ["gh-7"]
    scenario, library = load_library_scenario(tmp_path, "gh-7")
    assert scenario.name == "Mossy Cellar" and library.monster_types["warlord"].boss
    boss = json.loads((tmp_path / "monsters" / "warlord.json").read_text())
    boss["monster_types"]["warlord"]["special_1"] = [{"type": "summon", "summon": "bog-hound"}]
    (tmp_path / "monsters" / "warlord.json").write_text(json.dumps(boss))
    with pytest.raises(ContentError, match="summons 'bog-hound', which is not in the library"):
        load_library_scenario(tmp_path, "gh-7")
    (tmp_path / "monsters" / "warlord.json").unlink()
    with pytest.raises(ContentError, match="'warlord' is not in the library"):
        load_library_scenario(tmp_path, "gh-7")
    with pytest.raises(ContentError, match="no scenario 'gh-8'"):
        load_library_scenario(tmp_path, "gh-8")


def test_a_bad_library_file_names_file_and_field(tmp_path: Path) -> None:
    write_library(tmp_path)
    (tmp_path / "monsters" / "mud-imp.json").write_text('{"format": "haven-library/1", "x": 1}')
    with pytest.raises(ContentError, match=r"mud-imp.json: x"):
        load_library(tmp_path)


def test_HV_SCEN_7_a_by_hand_ability_stops_play_until_the_players_resolve_it() -> None:
    """An ability the engine does not run is shown and waits; it is never dropped."""
    data = with_boss()
    data["monster_decks"]["boss"] = {
        "cards": [
            {
                "id": "boss-odd",
                "initiative": 80,
                "actions": [
                    {"type": "by_hand", "text": "Swap places with the nearest imp."},
                    {"type": "shield", "value": 1},
                ],
            }
        ]
    }
    state = new_state(data)
    start(state, "boss-odd")
    from rulekeeper.games.haven.actions import PlayHalf

    play(state, PlayHalf("t1", "top"))
    while state.legal_actions() and not state.by_hand:
        play(state, state.legal_actions()[-1])
    assert state.by_hand == ["warlord 1: Swap places with the nearest imp."]
    assert state.legal_actions() == [Resolved("warlord 1: Swap places with the nearest imp.")]
    assert state.figures["warlord 1"].shield == 0
    play(state, Resolved("warlord 1: Swap places with the nearest imp."))
    assert state.figures["warlord 1"].shield == 1


def test_a_by_hand_ability_carries_its_text() -> None:
    from rulekeeper.games.haven.scenario_format import AbilitySpec

    with pytest.raises(ValueError, match="carries its text"):
        AbilitySpec(type="by_hand")
    with pytest.raises(ValueError, match="carries its text"):
        AbilitySpec(type="move", value=1, text="fly")
