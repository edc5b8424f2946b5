"""Importing monsters from Gloomhaven Secretariat's JSON shape (hand-written test files)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_haven_play_support import at, new_state, scenario

from rulekeeper.core import ContentError
from rulekeeper.games.haven.ghs_import import (
    import_deck,
    import_monster,
    import_stats,
    library_document,
)
from rulekeeper.games.haven.scenario_format import parse_library

DATA = Path(__file__).parent.parent / "data" / "haven" / "ghs" / "monster"


def stalker() -> tuple:  # type: ignore[type-arg]
    return import_monster(DATA / "reed-stalker.json", DATA / "deck" / "reed-stalker.json")


def test_stats_per_level_normal_and_elite() -> None:
    mtype, _ = stalker()
    assert mtype.name == "Reed Stalker" and mtype.deck == "reed-stalker" and not mtype.flying
    assert [s.hp for s in mtype.normal] == [4, 5]
    assert [s.hp for s in mtype.elite] == [7, 8]
    assert mtype.elite[1].range == 4 and mtype.elite[0].shield == 1


def test_ability_cards_relative_values_and_sub_actions() -> None:
    _, deck = stalker()
    first, second, third = deck.cards
    assert first.initiative == 18 and [a.value for a in first.actions] == [1, -1]
    attack = second.actions[0]
    assert second.shuffle and attack.targets == 2 and attack.range == -1
    assert attack.conditions == ("poison",)
    assert [a.type for a in third.actions] == ["shield", "heal", "infuse"]
    assert third.actions[2].element == "earth"


def test_imported_monsters_play_in_a_scenario() -> None:
    mtype, deck = stalker()
    library = parse_library(
        json.loads(json.dumps(library_document({"reed-stalker": (mtype, deck)})))
    )
    data = scenario(monsters=[{"type": "reed-stalker", "hex": at(5, 3), "normal": [1]}])
    data["monster_types"]["reed-stalker"] = library.monster_types["reed-stalker"].model_dump()
    data["monster_decks"]["reed-stalker"] = library.monster_decks["reed-stalker"].model_dump()
    state = new_state(data)
    assert state.figures["reed-stalker 1"].hp == 5  # level 1, normal


def test_area_patterns_are_refused_with_the_field() -> None:
    raw = json.loads((DATA / "deck" / "bad-area.json").read_text())
    with pytest.raises(ContentError) as error:
        import_deck(raw, "bad-area.json")
    assert error.value.field == "abilities.0.actions.0.subActions"


def test_formulas_are_refused_with_the_field() -> None:
    raw = json.loads((DATA / "bad-formula.json").read_text())
    with pytest.raises(ContentError) as error:
        import_stats(raw, "bad-formula.json")
    assert error.value.field == "stats.0.health"


def test_a_missing_file_is_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError):
        import_monster(tmp_path / "none.json", tmp_path / "none-deck.json")


def test_HV_MON_COND_1_a_lone_push_pull_or_damage_is_imported() -> None:
    """A monster card's lone push or pull (target all, a count, or all adjacent enemies; with
    a negative condition) and "suffer N damage" convert; anything else on them is refused
    with the field (the folder import makes it a by-hand step)."""

    def one(action: dict[str, Any]) -> dict[str, Any]:
        raw = {"abilities": [{"cardId": 1, "initiative": 40, "actions": [action]}]}
        spec = import_deck(raw, "deck.json").cards[0].actions[0]
        return spec.model_dump(exclude_defaults=True)

    target_all = {"type": "target", "value": "%game.target.all%"}
    assert one(
        {"type": "push", "value": 1, "subActions": [target_all, {"type": "range", "value": 1}]}
    ) == {"type": "push", "value": 1, "range": 1, "targets": 6}
    assert one({"type": "pull", "value": 2, "subActions": [{"type": "range", "value": 5}]}) == {
        "type": "pull",
        "value": 2,
        "range": 5,
    }
    adjacent = {"type": "specialTarget", "value": "enemiesAdjacent"}
    assert one({"type": "push", "value": 2, "subActions": [adjacent]}) == {
        "type": "push",
        "value": 2,
        "range": 1,
        "targets": 6,
    }
    poison = {"type": "condition", "value": "poison"}
    assert one({"type": "push", "value": 1, "subActions": [{"type": "range", "value": 1}, poison]})[
        "conditions"
    ] == ("poison",)
    assert one({"type": "sufferDamage", "value": 2}) == {"type": "damage", "value": 2}
    consume = {"type": "element", "value": "air", "valueType": "minus", "subActions": []}
    with pytest.raises(ContentError, match="push with 'element'"):
        one({"type": "push", "value": 2, "subActions": [adjacent, consume]})
    with pytest.raises(ContentError, match="needs a range"):
        one({"type": "push", "value": 2})


def test_push_pull_ranged_heal_and_retaliate_are_imported() -> None:
    """The engine runs push/pull, monster heals at range and retaliate, so they import."""
    deck = import_deck(
        {
            "abilities": [
                {
                    "cardId": 1,
                    "initiative": 40,
                    "actions": [
                        {
                            "type": "attack",
                            "value": 1,
                            "valueType": "plus",
                            "subActions": [{"type": "push", "value": 2}],
                        },
                        {"type": "heal", "value": 3, "subActions": [{"type": "range", "value": 2}]},
                        {"type": "retaliate", "value": 1},
                    ],
                }
            ]
        },
        "deck.json",
    )
    attack, heal, retaliate = deck.cards[0].actions
    assert attack.push == 2 and attack.pull == 0
    assert heal.type == "heal" and heal.value == 3 and heal.range == 2
    assert retaliate.type == "retaliate" and retaliate.value == 1 and retaliate.range == 0
    stats = import_stats(
        {
            "name": "thorn-wall",
            "stats": [
                {
                    "level": 0,
                    "type": kind,
                    "health": 5,
                    "actions": [
                        {
                            "type": "retaliate",
                            "value": 2,
                            "subActions": [{"type": "range", "value": 2}],
                        }
                    ],
                }
                for kind in ("normal", "elite")
            ],
        },
        "thorn-wall.json",
    )
    assert stats.normal[0].retaliate == 2 and stats.normal[0].retaliate_range == 2
