"""Content files: shipped content loads; bad files fail with file, field and reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from areas_builders import TEST_CATALOG

from rulekeeper.core import ContentError
from rulekeeper.games.areas.content import load_scenario, scenario_from_data, shipped_catalog
from rulekeeper.games.areas.game import GAME


def _data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "rulekeeper-areas/1",
        "title": "Bad file",
        "round_limit": 5,
        "areas": [{"id": "a", "name": "A", "capacity": 2}, {"id": "b", "name": "B", "capacity": 1}],
        "links": [{"between": ["a", "b"]}],
        "heroes": [{"figure": "warden", "area": "a"}],
        "enemies": [{"figure": "crawler", "area": "b"}],
        "catalog": TEST_CATALOG,
    }
    data.update(changes)
    return data


def test_shipped_content_has_the_promised_pieces() -> None:
    catalog = shipped_catalog()
    assert len(catalog.heroes) == 3 and all(h.tokens for h in catalog.heroes)
    assert len(catalog.items) == 10
    assert any(i.range == 2 and i.is_melee_weapon for i in catalog.items)
    assert {i.kind for i in catalog.items} >= {"weapon", "rune", "poison"}
    assert len(catalog.allies) == 2
    assert any(a.damage is None and a.stun for ally in catalog.allies for a in ally.attacks)
    assert len(catalog.enemies) == 5 and any(e.size == 2 for e in catalog.enemies)
    for info in GAME.scenarios():
        board = load_scenario(info.name).board
        assert len({a.height for a in board.areas.values()}) > 1
        assert any(link.barrier for link in board.links)
        assert any(a.capacity == 1 for a in board.areas.values())


def test_a_user_scenario_file_loads_by_path(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        """
format = "rulekeeper-areas/1"
title = "Mine"
round_limit = 3
areas = [{ id = "a", name = "A", capacity = 2 }, { id = "b", name = "B", capacity = 2 }]
links = [{ between = ["a", "b"] }]
heroes = [{ figure = "orla", area = "a" }]
enemies = [{ figure = "skitterer", area = "b" }]
""",
        encoding="utf-8",
    )
    state = GAME.new_state(str(path), 1)
    assert state.scenario == str(path)
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


@pytest.mark.parametrize(
    ("changes", "field", "reason"),
    [
        ({"format": "other/1"}, "format", "Input should be"),
        ({"colour": "red"}, "colour", "Extra inputs"),
        ({"round_limit": 0}, "round_limit", "greater than or equal to 1"),
        ({"heroes": [{"figure": "nobody", "area": "a"}]}, "heroes.0.figure", "unknown hero"),
        ({"enemies": [{"figure": "crawler", "area": "z"}]}, "enemies.0.area", "unknown area"),
        (
            {"enemies": [{"figure": "brute", "area": "b"}]},
            "areas.b",
            "total size 2 start in an area of capacity 1",
        ),
        ({"links": [{"between": ["a", "q"]}]}, "links", "unknown area"),
        (
            {
                "catalog": {
                    "allies": [
                        {
                            "id": "x",
                            "name": "X",
                            "health": 1,
                            "attacks": [{"id": "y", "name": "Y", "symbols": ["melee"]}],
                        }
                    ]
                }
            },
            "catalog.allies.0.attacks.0",
            "another effect",
        ),
        (
            {
                "catalog": {
                    **TEST_CATALOG,
                    "heroes": [{**TEST_CATALOG["heroes"][0], "items": ["nope"]}],
                }
            },
            "catalog.heroes.0.items.0",
            "unknown item",
        ),
    ],
)
def test_bad_scenarios_name_the_field(changes: dict[str, Any], field: str, reason: str) -> None:
    with pytest.raises(ContentError) as caught:
        scenario_from_data(_data(**changes), name="bad", source="bad.toml")
    assert caught.value.source == "bad.toml"
    assert caught.value.field == field
    assert reason in caught.value.reason


def test_unknown_scenario_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="no shipped scenario"):
        GAME.new_state("no-such-place", 1)
    broken = tmp_path / "broken.toml"
    broken.write_text("title = [", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid TOML") as caught:
        GAME.new_state(str(broken), 1)
    assert caught.value.source == str(broken)
    with pytest.raises(ValueError, match="unknown ruleset"):
        GAME.new_state("sunken-gate", 1, "deluxe")


def test_a_hero_placed_under_its_own_id_is_named_and_plays(tmp_path: Path) -> None:
    """A placement's ``id`` names the figure; the player is still named by the hero card,
    also once that hero has fallen."""
    path = tmp_path / "twins.toml"
    path.write_text(
        """
format = "rulekeeper-areas/1"
title = "Twins"
round_limit = 3
areas = [{ id = "a", name = "A", capacity = 3 }, { id = "b", name = "B", capacity = 2 }]
links = [{ between = ["a", "b"] }]
heroes = [{ figure = "orla", area = "a", id = "orla-left" }, { figure = "brannoc", area = "a", id = "tank" }]
enemies = [{ figure = "skitterer", area = "b" }]
""",
        encoding="utf-8",
    )
    state = GAME.new_state(str(path), 1)
    assert state.player_name(state.current_player()) == "Orla Thistledown"
    assert state.player_name(1) == "Brannoc Ironvow"
    del state.figures["tank"]
    assert state.player_name(1) == "Brannoc Ironvow"
