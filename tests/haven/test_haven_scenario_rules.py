"""Scenario rules: [FH] monster sets and their tie order (HV-INIT-6, HV-MON-3), section
links read mid-ability (HV-SCEN-7) and escape hexes (HV-ROOM-5)."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import (
    DUMMY_DECK,
    at,
    chance,
    dummy_monster,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.core import ContentError
from rulekeeper.games.haven import initiative
from rulekeeper.games.haven.actions import GroupFirst, SelectCard
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState

SET_DECK = {
    "cards": [
        {"id": "set-30", "initiative": 30, "actions": [{"type": "move", "value": 0}]},
        {"id": "set-40", "initiative": 40, "actions": [{"type": "move", "value": 0}]},
    ]
}


def set_scenario(**kw: Any) -> dict[str, Any]:
    """Two types of one set, ``hound`` listed first, on a shared deck; a Dummy on its own."""
    types = {
        "dummy": dummy_monster(),
        "hound": {**dummy_monster(), "name": "Hound", "deck": "pack"},
        "wolf": {**dummy_monster(), "name": "Wolf", "deck": "pack"},
    }
    data = scenario(
        monsters=[
            monster("wolf", at(5, 0)),
            monster("hound", at(5, 3)),
            monster("wolf", at(4, 3), elite=True),
        ],
        monster_types=types,
        monster_decks={"dummy": DUMMY_DECK, "pack": SET_DECK},
        monster_sets=[{"types": ["hound", "wolf"]}],
    )
    data.update(kw)
    return data


def turns_taken(state: HavenState) -> list[str]:
    return [e.data["figure"] for e in state.log if e.kind == "turn"]


def test_HV_INIT_6_a_frosthaven_set_draws_one_card_and_acts_in_its_listed_order() -> None:
    """[FH] HV-MON-3: one card for the whole set; HV-INIT-6: its types act in the order the
    scenario gives (hound before wolf although 'wolf' sorts later and stands first), each
    type elites first (HV-INIT-4); the party is never asked to order them."""
    state = new_state(set_scenario(), "frosthaven")
    assert set(state.groups) == {"hound"}  # the set's group, keyed by its first type
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))  # 50
    assert state.is_chance_node()
    chance(state, "set-30")
    assert not state.is_chance_node()  # one draw for the set, none per type
    assert state.order == ["group:hound", "tester"]
    assert initiative.actors_of_slot(state, "group:hound") == ["hound 1", "wolf 2", "wolf 1"]
    settle_options(state)
    assert turns_taken(state)[:3] == ["hound 1", "wolf 2", "wolf 1"]


def test_HV_INIT_6_a_set_s_order_also_breaks_focus_ties_between_its_types() -> None:
    """The settled turn order the mover breaks focus ties with (HV-FOCUS-2) puts a set's
    types in the set's order: hound's monsters before wolf's on the same card."""
    state = new_state(set_scenario(), "frosthaven")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "set-30")
    figures = list(state.figures.values())
    ranks = initiative.initiative_ranks(state, figures)
    assert ranks["hound 1"] < ranks["wolf 1"] == ranks["wolf 2"]


def test_HV_INIT_6_gloomhaven_has_no_sets_each_type_draws_and_ties_go_to_the_players() -> None:
    """[GH] the scenario's sets do not apply: each type draws from its own copy of the deck,
    and two types tied on initiative are ordered by the players (GroupFirst)."""
    state = new_state(set_scenario(), "gloomhaven")
    assert set(state.groups) == {"hound", "wolf"}
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "set-30", "set-30")
    assert state.legal_actions() == [GroupFirst("hound"), GroupFirst("wolf")]


def test_HV_INIT_6_tied_sets_are_still_the_party_s_choice_in_frosthaven() -> None:
    """Any other tie (a set with another type) is the party's choice."""
    deck = {"cards": [{"id": "d30", "initiative": 30, "actions": [{"type": "move", "value": 0}]}]}
    data = set_scenario(monster_decks={"dummy": deck, "pack": SET_DECK})
    data["monsters"].append(monster("dummy", at(3, 0)))
    state = new_state(parse_data(data), "frosthaven")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "d30", "set-30")
    assert state.legal_actions() == [GroupFirst("dummy"), GroupFirst("hound")]
    play(state, GroupFirst("hound"))
    assert state.order == ["group:hound", "group:dummy", "tester"]


def parse_data(data: dict[str, Any]) -> dict[str, Any]:
    parse_scenario(data, "test.json")
    return data


@pytest.mark.parametrize(
    ("sets", "field", "words"),
    [
        ([{"types": ["hound", "ghost"]}], "monster_sets.0.types.1", "unknown monster type"),
        ([{"types": ["hound", "dummy"]}], "monster_sets.0.types", "share one ability deck"),
        (
            [{"types": ["hound", "wolf"]}, {"types": ["wolf", "hound"]}],
            "monster_sets.1.types.0",
            "already in monster_sets.0",
        ),
        ([{"types": ["hound"]}], "monster_sets.0.types", "at least 2"),
    ],
)
def test_HV_INIT_6_a_bad_set_is_refused_on_load_naming_the_field(
    sets: list[dict[str, Any]], field: str, words: str
) -> None:
    with pytest.raises(ContentError) as error:
        parse_scenario(set_scenario(monster_sets=sets), "test.json")
    assert error.value.field == field
    assert words in str(error.value)
    assert "\n" not in str(error.value)


def test_HV_INIT_6_a_set_replays_exactly() -> None:
    state = new_state(set_scenario(), "frosthaven", seed=3)
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "set-40")
    settle_options(state)
    again = replayed(state)
    assert again.to_dict() == state.to_dict()


def replayed(state: HavenState) -> HavenState:
    fresh = new_state(set_scenario(), "frosthaven", seed=3)
    for _, action in state.history:
        fresh.apply(action)
    return fresh
