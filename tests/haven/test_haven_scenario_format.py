"""haven-scenario/1: shipped content loads, bad files name file and field, unsupported vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_haven_play_support import at, monster, new_state, scenario

from rulekeeper.core import ContentError
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.scenario_format import (
    load_scenario,
    shipped_library,
    shipped_scenario_names,
)


def test_shipped_content_sizes() -> None:
    library = shipped_library()
    assert len(library.classes) == 3
    assert all(len(c.cards) == 12 for c in library.classes.values())
    assert sum(1 for c in library.classes.values() if c.summons) == 1
    assert len(library.monster_types) == 6
    assert sum(1 for m in library.monster_types.values() if m.boss) == 1  # HV-BOSS-1
    assert (
        len(library.items) == 10
    )  # HV-ITEM-1; attacked, refresh and flip items (HV-ITEM-3, HV-ITEM-5)
    assert all(len(d.cards) == 8 for d in library.monster_decks.values())
    assert any(m.flying for m in library.monster_types.values())
    actions = [a for d in library.monster_decks.values() for c in d.cards for a in c.actions]
    assert any(a.aoe for a in actions) and any(a.targets > 1 for a in actions)


def test_shipped_scenarios_have_doors_traps_and_terrain_and_load_on_both_rulesets() -> None:
    names = shipped_scenario_names()
    assert names == [
        "ember-vault",
        "frozen-weir",
        "gilded-crypt",
        "rime-stair",
        "signal-fire",
        "sunken-larder",
        "toll-bridge",
    ]
    assert [s.name for s in GAME.scenarios()] == names
    for name in names:
        spec = load_scenario(name)
        t = spec.map.terrain
        assert spec.doors and t.trap and t.hazardous and t.difficult
        for ruleset in GAME.rulesets:
            state = GAME.new_state(name, 1, ruleset)
            # the standees' numbers are drawn first (HV-SCEN-1); [GH] the Toll Bridge also
            # numbers its allies at random (HV-GOAL-3)
            assert state.current_player() == 0 or state.standee_draws or state.ally_numbers


def test_a_scenario_file_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(scenario(monsters=[monster("dummy", at(5, 3))])))
    state = GAME.new_state(str(path), 3, "frosthaven")
    assert [f.type for f in state.figures.values() if f.kind == "monster"] == ["dummy"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"party": ["nobody"]}, "party.0"),
        ({"level": 9}, "level"),
        ({"format": "haven-scenario/2"}, "format"),
        ({"start_hexes": [[40, 40]]}, "start_hexes.0"),
        ({"monsters": [{"type": "dragon", "hex": [1, 1]}]}, "monsters.0.type"),
    ],
)
def test_bad_files_name_file_and_field(tmp_path: Path, change: dict, field: str) -> None:  # type: ignore[type-arg]
    data = scenario()
    data.update(change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ContentError) as error:
        GAME.new_state(str(path), 1, "gloomhaven")
    assert error.value.source == str(path)
    assert error.value.field is not None and error.value.field.startswith(field)


def test_a_bad_ability_names_its_field() -> None:
    data = scenario()
    data["classes"]["tester"]["cards"][2]["top"]["actions"][0]["type"] = "teleport"
    with pytest.raises(ContentError) as error:
        new_state(data)
    assert error.value.field is not None
    assert error.value.field.startswith("classes.tester.cards.2.top.actions.0.type")


def test_an_unknown_scenario_name_is_a_content_error() -> None:
    with pytest.raises(ContentError):
        GAME.new_state("no-such-scenario", 1, "gloomhaven")


def test_HV_GOAL_2_HV_GOAL_3_shipped_scenarios_with_objectives_and_allies() -> None:
    """Issue 13's content: the Signal Fire (written for FH) guards one objective covering two
    hexes and must destroy another, with allies drawing an ability deck; the Toll Bridge (written for GH)
    has two allies, numbered at random under Gloomhaven rules."""
    fire = load_scenario("signal-fire")
    assert {o.monsters_target for o in fire.objectives} == {True, False}
    beacon = next(o for o in fire.objectives if o.monsters_target)
    assert len(beacon.hexes) == 2  # HV-GOAL-2: one figure covering two hexes, monsters' focus
    assert fire.objective.kind == "destroy" and fire.allies.figures and fire.allies.deck
    assert any(r.when.destroyed and r.lose for r in fire.rules)
    bridge = load_scenario("toll-bridge")
    assert len(bridge.allies.figures) == 2 and bridge.allies.deck is None
    state = GAME.new_state("toll-bridge", 1, "gloomhaven")
    assert state.is_chance_node() and state.ally_numbers  # numbered at random (HV-GOAL-3)


@pytest.mark.parametrize("name", ["gilded-crypt", "frozen-weir"])
def test_the_new_scenarios_use_items_loot_a_boss_and_special_rules(name: str) -> None:
    """Issue 13's content: HV-ITEM-1, HV-LOOT-1, HV-BOSS-1, HV-SCEN-7 in shipped scenarios."""
    spec = load_scenario(name)
    assert all(spec.characters[c].items for c in spec.party)
    assert any(spec.characters[c].perks for c in spec.party)  # HV-DECK-2
    assert spec.money and spec.treasures
    assert any(spec.monster_types[m.type].boss for m in spec.monsters)
    assert spec.rules and spec.special_rules and spec.round_limit
    deck_cards = [a for c in spec.monster_decks["boss"].cards for a in c.actions]
    assert any(a.type == "special" for a in deck_cards)
