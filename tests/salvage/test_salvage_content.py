"""Salvage content: shipped catalogs and scenarios, and rejection of bad files."""

from __future__ import annotations

from pathlib import Path

import pytest
from salvage_helpers import LAB

from rulekeeper.core import ContentError, find_game
from rulekeeper.games.salvage.content import load_scenario, parse_requirement, shipped_catalog
from rulekeeper.games.salvage.game import GAME


def test_shipped_catalog_has_the_promised_content() -> None:
    catalog = shipped_catalog()
    assert len(catalog.hero) >= 3
    assert len(catalog.enemy) >= 4
    assert len(catalog.item) >= 12
    assert sum(1 for i in catalog.item if i.uses > 1) >= 3
    assert len(catalog.die) >= 2
    assert {d.name for d in catalog.die} >= {"brass", "ember"}


def test_shipped_scenarios_are_a_3x3_and_a_4x4_grid() -> None:
    shapes = {}
    for info in GAME.scenarios():
        data = load_scenario(info.name)
        shapes[(data.grid.rows, data.grid.cols)] = info.name
        assert data.thresholds and data.objective.text and data.round_limit > 0
        assert any(room.items for room in data.rooms)
    assert (3, 3) in shapes and (4, 4) in shapes


def test_the_registry_finds_salvage() -> None:
    assert find_game("salvage") is GAME


def test_a_scenario_file_path_loads_with_its_own_catalog_entries() -> None:
    state = GAME.new_state(LAB, 0)
    assert [h.name for h in state.heroes] == ["Lab Runner", "Lab Porter"]


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _lab_with(old: str, new: str, tmp_path: Path) -> str:
    text = Path(LAB).read_text(encoding="utf-8")
    assert old in text
    return _write(tmp_path, text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("max_health = 3", "max_health = 0", "hero.0.max_health"),
        ('items = ["Spare Cell"]', 'items = ["Spare Sail"]', "rooms.5.items.0"),
        ('requirements = ["free"]', 'requirements = ["bribe"]', "rooms.1.requirements.0"),
        ('requirements = ["free"]', 'requirements = ["item:Nothing"]', "rooms.1.requirements.0"),
        ('damage = ["maw", "fang"]', 'damage = ["maw", "claw"]', "enemy.0.damage.1"),
        ("start_room = 0", "start_room = 9", "start_room"),
        ('heroes = ["Lab Runner", "Lab Porter"]', 'heroes = ["Nobody"]', "heroes.0"),
        (
            "enemy_dice = { fang = 2, maw = 1 }",
            "enemy_dice = { fang = 2, tusk = 1 }",
            "enemy_dice.tusk",
        ),
        ("room = 4\n", "room = 12\n", "thresholds.0.room"),
        ("rows = 3", "rows = 4", "rooms"),
        ('title = "Rules lab"', 'title = "Rules lab"\ncolour = "red"', "colour"),
        ('actions = ["Mend Station"]', 'actions = ["Nap"]', "rooms.1.actions.0"),
        ('kind = "escape"', 'kind = "defeat"', "objective"),
        (
            '[[item]]\nname = "Lab Beacon"',
            '[[room_action]]\nname = "Dice Font"\neffect = "roll_heal"\namount = 1\ndie = "opal"\n\n'
            '[[item]]\nname = "Lab Beacon"',
            "room_action.0.die",
        ),
        ("strategy = 2", "strategy = 2\nluck = 3", "hero.0.luck"),
    ],
)
def test_an_invalid_content_file_is_rejected_naming_file_and_field(
    tmp_path: Path, old: str, new: str, field: str
) -> None:
    path = _lab_with(old, new, tmp_path)
    with pytest.raises(ContentError) as caught:
        GAME.new_state(path, 0)
    assert caught.value.source == path
    assert caught.value.field == field
    assert path in str(caught.value) and field in str(caught.value)


def test_a_file_that_is_not_toml_is_rejected(tmp_path: Path) -> None:
    path = _write(tmp_path, "format = ")
    with pytest.raises(ContentError) as caught:
        GAME.new_state(path, 0)
    assert caught.value.source == path


def test_an_unknown_scenario_is_rejected() -> None:
    with pytest.raises(ContentError) as caught:
        GAME.new_state("no_such_scenario", 0)
    assert caught.value.field == "scenario"


def test_an_unknown_ruleset_is_rejected() -> None:
    with pytest.raises(ValueError, match="ruleset"):
        GAME.new_state("flooded-annex", 0, "deluxe")


def test_requirements_parse() -> None:
    assert parse_requirement("free").kind == "free"
    assert parse_requirement("item:Brass Key").item == "Brass Key"
    assert parse_requirement("health:3").amount == 3
    assert parse_requirement("dice:2").kind == "dice"
    for bad in ("health:0", "health:x", "item:", "luck:3"):
        with pytest.raises(ValueError):
            parse_requirement(bad)
