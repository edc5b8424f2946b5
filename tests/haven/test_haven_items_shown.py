"""What the players see of a character's items (HV-ITEM-3, HV-ITEM-4): names, not ids."""

from __future__ import annotations

from rulekeeper.core.registry import find_game
from rulekeeper.games.haven import state_tables
from rulekeeper.games.haven.state import HavenState


def _crypt(ruleset: str) -> HavenState:
    game = find_game("haven")
    state = game.new_state("gilded-crypt", 1, game.check_ruleset(ruleset))
    assert isinstance(state, HavenState)
    return state


def test_HV_ITEM_3_items_are_shown_by_name_with_their_state() -> None:
    for ruleset in ("gloomhaven", "frosthaven"):
        state = _crypt(ruleset)
        warden = state.heroes["warden"]
        assert warden.items == ["iron-cap", "barbed-spear", "tonic-flask"]
        assert state_tables.items_text(state, warden) == "Iron Cap, Barbed Spear, Tonic Flask"
        warden.spent.append("iron-cap")
        warden.consumed.append("tonic-flask")
        warden.item_marks["barbed-spear"] = 1
        assert state_tables.items_text(state, warden) == (
            "Iron Cap (spent), Barbed Spear (1 used), Tonic Flask (consumed)"
        )


def test_HV_ITEM_3_a_turned_over_item_is_shown_by_its_back_name() -> None:
    state = _crypt("frosthaven")
    sage = state.heroes["sage"]
    sage.items.append("tide-charm")
    assert state_tables.items_text(state, sage).endswith(", Tide Charm")
    sage.flipped.append("tide-charm")
    assert state_tables.items_text(state, sage).endswith(", Ebbing Charm, turned over")
