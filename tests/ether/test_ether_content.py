"""Ether content: the shipped demo set, and bad files named by file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulekeeper.core import ContentError, find_game
from rulekeeper.games.ether.content import load_scenario, shipped_scenarios
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.resources import Resources, parse_cost


def test_the_shipped_demo_set() -> None:
    scenario = load_scenario("lantern-rift")
    assert [h.id for h in scenario.heroes] == ["wren", "odo"]
    assert len(scenario.influence_deck) == 20
    assert len(scenario.items) == 8
    assert len(scenario.enemies) == 6
    assert any(e.icons for e in scenario.enemies.values())
    assert scenario.boss.requires == ("kindle-lantern",)
    assert len(scenario.map_deck) == 10
    assert set(shipped_scenarios()) >= {"lantern-rift", "ember-vault"}
    assert GAME.scenarios()[0].name == "lantern-rift"  # the default to play
    assert find_game("ether") is GAME


def test_ET_UNQ_3_slash_costs_are_read_as_alternatives() -> None:
    assert parse_cost("2 cunning / 1 wrath") == (Resources(cunning=2), Resources(wrath=1))
    assert parse_cost("1 awareness + 1 wrath") == (Resources(awareness=1, wrath=1),)
    assert parse_cost("free") == (Resources(),)
    with pytest.raises(ValueError):
        parse_cost("two cunning")


SCENARIO = """
format = "rulekeeper-ether/1"
[scenario]
name = "mine"
title = "Mine"
heroes = ["wren"]
start_card = "crossroads"
start_space = [0, 0]
ether_end = 3
boss = "ashen-warden"
map_deck = ["ashen-throne", "lantern-chapel"]
{extra}
"""


def write(tmp_path: Path, extra: str = "") -> str:
    path = tmp_path / "mine.toml"
    path.write_text(SCENARIO.format(extra=extra), encoding="utf-8")
    return str(path)


def test_a_user_scenario_file_plays(tmp_path: Path) -> None:
    state = GAME.new_state(write(tmp_path), 1)
    assert len(state.heroes) == 1
    assert len(state.map_deck) == 2


def test_a_user_file_may_add_its_own_cards(tmp_path: Path) -> None:
    extra = """
[[enemy]]
id = "ash-moth"
name = "Ash Moth"
health = 1
damage = 1
"""
    scenario = load_scenario(write(tmp_path, extra))
    assert "ash-moth" in scenario.enemies


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("[[enemy]]\nid = 'x'\nname = 'X'\nhealth = 0\ndamage = 1\n", "enemy.0.health"),
        ("[[enemy]]\nid = 'x'\nname = 'X'\nhealth = 1\ndamage = 1\nspeed = 3\n", "enemy.0.speed"),
        (
            "[[influence]]\nid = 'y'\nname = 'Y'\nmode = 'instant'\ncost = '2 gold'\n",
            "influence.0.cost",
        ),
        (
            "[[influence]]\nid = 'z'\nname = 'Z'\nmode = 'ongoing'\n"
            "effect = { kind = 'draw', amount = 1 }\n",
            "influence.0.effect",
        ),
    ],
)
def test_bad_content_names_file_and_field(tmp_path: Path, extra: str, field: str) -> None:
    path = write(tmp_path, extra)
    with pytest.raises(ContentError) as caught:
        load_scenario(path)
    assert caught.value.source == path
    assert caught.value.field == field


def test_bad_references_name_the_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.format(extra="").replace('"wren"', '"nobody"'), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert caught.value.field == "scenario.heroes.0"
    assert str(path) in str(caught.value)


def test_a_missing_lair_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nolair.toml"
    path.write_text(SCENARIO.format(extra="").replace('"ashen-throne", ', ""), encoding="utf-8")
    with pytest.raises(ContentError, match="boss"):
        load_scenario(str(path))


def test_unknown_scenario_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="unknown scenario"):
        GAME.new_state("no-such-scenario", 1)
    path = tmp_path / "broken.toml"
    path.write_text("format = ", encoding="utf-8")
    with pytest.raises(ContentError, match="TOML"):
        load_scenario(str(path))


def test_ET_BOSS_1_a_boss_requirement_must_be_on_a_map_card_of_the_scenario(
    tmp_path: Path,
) -> None:
    """ET-BOSS-1: the Warden needs the chapel's lantern; without the chapel it can never be faced."""
    path = tmp_path / "nochapel.toml"
    path.write_text(SCENARIO.format(extra="").replace(', "lantern-chapel"', ""), encoding="utf-8")
    with pytest.raises(ContentError, match="kindle-lantern") as caught:
        load_scenario(str(path))
    assert caught.value.field == "boss 'ashen-warden'.requires"


def test_the_boss_lair_cannot_be_the_start_card(tmp_path: Path) -> None:
    """The boss appears when its lair is explored (ET-EXP-1); a lair at the start never would."""
    extra = """
[[map_card]]
id = "throne-gate"
name = "Throne Gate"
  [[map_card.space]]
  at = [1, 1]
  boss = true
"""
    text = SCENARIO.format(extra=extra).replace('"crossroads"', '"throne-gate"')
    text = text.replace('"ashen-throne", ', "")
    path = tmp_path / "startlair.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match="lair") as caught:
        load_scenario(str(path))
    assert caught.value.field == "scenario.start_card"
