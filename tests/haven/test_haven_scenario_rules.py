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
    number_in_order,
    play,
    scenario,
    settle_options,
)

from rulekeeper.core import ContentError
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.haven import initiative
from rulekeeper.games.haven.actions import (
    Escape,
    GroupFirst,
    MoveTo,
    PlayHalf,
    Resolved,
    SelectCard,
    ShortRest,
    Skip,
)
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


def test_HV_INIT_6_a_set_whose_first_type_has_no_monster_still_draws_and_acts() -> None:
    """[FH] HV-MON-3: the set's group (keyed by its first type) draws for the set while any of
    its types stands on the map: only wolves left, the card is still drawn and they act."""
    data = set_scenario()
    data["monsters"] = [m for m in data["monsters"] if m["type"] == "wolf"]
    state = new_state(data, "frosthaven")
    assert initiative.group_initiative(state, "hound") is None  # no card yet
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    assert state.is_chance_node()  # the set's one draw
    chance(state, "set-30")
    assert initiative.group_initiative(state, "hound") == 30
    assert state.order == ["group:hound", "tester"]
    settle_options(state)
    assert turns_taken(state)[:2] == ["wolf 2", "wolf 1"]


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
    fresh = new_state(set_scenario(), "frosthaven", seed=3, numbered=False)  # all in history
    for _, action in state.history:
        fresh.apply(action)
    return fresh


# -- HV-SCEN-7: section links read mid-ability ------------------------------------------------
def corridor(**kw: Any) -> dict[str, Any]:
    """A one-row corridor at(0..7, 0); the Tester at at(0, 0), a Dummy far off at at(7, 0).
    Entering at(2, 0) spawns a Dummy on ``spawn_at`` and asks the players to read a section."""
    spawn_at = kw.pop("spawn_at", at(3, 0))
    data = scenario(
        hexes=[at(q, 0) for q in range(8)],
        monsters=[monster("dummy", at(7, 0))],
        objective={"kind": "survive", "rounds": 3},
        rules=[
            {
                "when": {"enter": at(2, 0)},
                "spawn": [{"type": "dummy", "hex": spawn_at, "normal": [1, 2, 3, 4]}],
                "text": "Read section 12.3",
            }
        ],
    )
    data.update(kw)
    return data


def move_three(state: HavenState, to: tuple[int, int]) -> None:
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), MoveTo(to))
    number_in_order(state)  # HV-SCEN-1: the spawned standee's number, scripted


def test_HV_SCEN_7_frosthaven_reads_a_section_mid_move_and_the_move_goes_on_after() -> None:
    """[FH] the section is read the moment the Tester enters at(2, 0): the move pauses
    there, the Dummy spawns on at(3, 0) (still empty), the players resolve the text, and
    the move's 1 point left cannot enter the hex the spawn now holds."""
    state = new_state(corridor(), "frosthaven")
    move_three(state, at(3, 0))
    tester = state.figures["tester"]
    assert tester.hex == at(2, 0)
    assert state.figure_at(at(3, 0)) is not None  # spawned before the move went on
    assert any("HV-SCEN-7" in e.rules and e.kind == "move" for e in state.log)
    assert state.legal_actions() == [Resolved("Read section 12.3")]
    play(state, Resolved("Read section 12.3"))
    # its 1 point left: the spawn blocks the way on; back is open
    assert state.legal_actions() == [MoveTo(at(1, 0)), Skip()]
    assert state.turn is not None and state.turn.queue[0].value == 1


def test_HV_SCEN_7_the_rest_of_the_move_is_offered_with_the_points_left() -> None:
    state = new_state(corridor(spawn_at=at(6, 0)), "frosthaven")
    move_three(state, at(3, 0))
    play(state, Resolved("Read section 12.3"))
    assert state.figures["tester"].hex == at(2, 0)
    assert MoveTo(at(3, 0)) in state.legal_actions()
    assert MoveTo(at(4, 0)) not in state.legal_actions()  # 1 point left of Move 3
    play(state, MoveTo(at(3, 0)))
    assert state.figures["tester"].hex == at(3, 0)
    fired = [e for e in state.log if e.kind == "special-rule" and "HV-SCEN-7" in e.rules]
    assert len([e for e in fired if "Read section" in e.text]) >= 1
    assert state.fired == [0]  # once: entering again does not fire it


def test_HV_SCEN_7_gloomhaven_fires_the_section_once_the_move_is_over() -> None:
    """[GH] the move ends first (the Tester stands on at(3, 0)), then the rule fires and
    the spawn goes to the nearest empty hex."""
    state = new_state(corridor(), "gloomhaven")
    move_three(state, at(3, 0))
    assert state.figures["tester"].hex == at(3, 0)
    spawned = [f for f in state.figures.values() if f.kind == "monster" and f.hex != at(7, 0)]
    assert [f.hex for f in spawned] in ([at(2, 0)], [at(4, 0)])
    assert state.legal_actions() == [Resolved("Read section 12.3")]


def test_HV_SCEN_7_a_jump_enters_only_its_last_hex() -> None:
    """A jump over at(2, 0) does not enter it: no pause, no section (HV-MOVE-3)."""
    state = new_state(corridor(), "frosthaven")
    play(state, SelectCard("tester", "t4"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t4", "bottom"), MoveTo(at(2, 0)))
    assert state.fired == [0]  # landing on it enters it
    state = new_state(corridor(), "frosthaven")
    play(state, SelectCard("tester", "t4"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t4", "bottom"), MoveTo(at(1, 0)))
    assert state.fired == []


def test_HV_SCEN_7_an_enter_trigger_off_the_map_is_refused_naming_the_field() -> None:
    data = corridor()
    data["rules"][0]["when"] = {"enter": [40, 40]}
    with pytest.raises(ContentError) as error:
        parse_scenario(data, "test.json")
    assert error.value.field == "rules.0.when.enter"
    data["rules"][0]["when"] = {"enter": at(2, 0), "round": 2}
    with pytest.raises(ContentError) as error:
        parse_scenario(data, "test.json")
    assert "exactly one of" in str(error.value) and "enter" in str(error.value)


# -- HV-ROOM-5: escape hexes ------------------------------------------------------------------
def escape_scenario(**kw: Any) -> dict[str, Any]:
    data = scenario(
        monsters=[monster("dummy", at(5, 3))],
        escape=[at(2, 0)],
        objective={"kind": "escape"},
    )
    data.update(kw)
    return data


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ROOM_5_a_character_ending_its_turn_on_an_escape_hex_may_escape(ruleset: str) -> None:
    """Its turn over on the escape hex, its player decides; escaping, it leaves the map and,
    the only character, meets the escape goal: the scenario ends at once, won."""
    state = new_state(escape_scenario(), ruleset)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))  # 60: monsters first
    chance(state, "dummy-a")
    settle_options(state)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)))
    play(state, PlayHalf("t6", "top"))
    play(state, state.legal_actions()[0])  # the pup goes next to the Tester
    pup = next(f.id for f in state.figures.values() if f.kind == "summon")
    assert state.legal_actions() == [Escape("tester", True), Escape("tester", False)]
    assert_rejected(state, Skip(), "HV-ROOM-5")
    play(state, Escape("tester", True))
    assert "tester" not in state.figures and pup not in state.figures  # with its summons
    assert state.heroes["tester"].escaped and not state.heroes["tester"].exhausted
    assert state.result == "won"
    assert any(e.kind == "escape" and "HV-ROOM-5" in e.rules for e in state.log)


def test_HV_ROOM_5_a_character_that_stays_is_asked_again_at_the_end_of_a_later_turn() -> None:
    state = new_state(escape_scenario(), "frosthaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)), PlayHalf("t2", "top"))
    play(state, Escape("tester", False))
    assert state.figures["tester"].hex == at(2, 0) and not state.result
    settle_options(state)
    if ShortRest("tester", False) in state.legal_actions():
        play(state, ShortRest("tester", False))
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    chance(state, "dummy-b")
    for half in (PlayHalf("t3", "top"), PlayHalf("t4", "bottom")):
        play(state, half)
        while Skip() in state.legal_actions():
            play(state, Skip())
    assert state.legal_actions() == [Escape("tester", True), Escape("tester", False)]


def test_HV_ROOM_5_an_escaped_character_takes_no_further_part() -> None:
    """Two characters: the one that escapes is not asked to select cards again; the scenario
    goes on for the other (its escape goal is not met yet)."""
    data = escape_scenario(party=["tester", "tester2"], start_hexes=[at(0, 0), at(0, 2)])
    del data["house_rules"]
    state = new_state(data, "frosthaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t5"), SelectCard("tester2", "t3"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)), PlayHalf("t2", "top"))
    play(state, Escape("tester", True))
    assert not state.result and [h.id for h in state.living_heroes()] == ["tester2"]
    settle_options(state)
    while state.turn is not None and state.turn.actor == "tester2":
        play(state, state.legal_actions()[-1])
    if state.phase == "rest":  # only the one still in the scenario may rest (HV-REST-1)
        assert state.legal_actions() == [ShortRest("tester2", True), ShortRest("tester2", False)]
        play(state, ShortRest("tester2", False))
    assert state.phase == "select"
    assert all(a.character == "tester2" for a in state.legal_actions())  # type: ignore[attr-defined]


def test_HV_ROOM_5_escape_hexes_are_refused_off_the_map_or_missing_for_an_escape_goal() -> None:
    with pytest.raises(ContentError) as error:
        parse_scenario(escape_scenario(escape=[at(2, 0), [40, 40]]), "test.json")
    assert error.value.field == "escape.1"
    with pytest.raises(ContentError) as error:
        parse_scenario(escape_scenario(escape=[]), "test.json")
    assert error.value.field == "escape" and "escape objective" in str(error.value)


def test_the_shipped_rime_stair_plays_a_set_a_section_link_and_escape_hexes() -> None:
    """HV-INIT-6, HV-SCEN-7, HV-ROOM-5 in shipped content: the pack's two types are one
    group in Frosthaven (two in Gloomhaven), the cracked ice is an ``enter`` rule, and the
    goal is to escape from the stair's top."""
    from rulekeeper.games.haven.game import GAME
    from rulekeeper.games.haven.scenario_format import load_scenario

    spec = load_scenario("rime-stair")
    assert spec.objective.kind == "escape" and spec.escape
    assert any(r.when.enter is not None for r in spec.rules)
    frost = GAME.new_state("rime-stair", 1, "frosthaven")
    gloom = GAME.new_state("rime-stair", 1, "gloomhaven")
    assert initiative.group_of(frost, "rime-stalker") == "rime-hound"
    assert initiative.group_of(gloom, "rime-stalker") == "rime-stalker"


def test_HV_ROOM_5_the_others_escaped_when_the_last_one_is_exhausted_the_escape_goal_holds() -> (
    None
):
    """Every character not exhausted has escaped: won, at once (nobody is left to play on)."""
    from rulekeeper.games.haven import exhaustion

    data = escape_scenario(party=["tester", "tester2"], start_hexes=[at(0, 0), at(0, 2)])
    del data["house_rules"]
    state = new_state(data, "frosthaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t5"), SelectCard("tester2", "t3"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)), PlayHalf("t2", "top"))
    play(state, Escape("tester", True))
    exhaustion.exhaust(state, state.heroes["tester2"], "test")
    assert state.result == "won"


def test_HV_ROOM_5_no_character_left_and_the_goal_unmet_is_a_loss() -> None:
    state = new_state(escape_scenario(objective={"kind": "survive", "rounds": 3}), "frosthaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)), PlayHalf("t2", "top"))
    play(state, Escape("tester", True))
    assert state.result == "lost"
    outcome = state.outcome()
    assert outcome is not None and "no character is left" in str(outcome.summary)
    ended = next(e for e in state.log if e.kind == "scenario-end")
    assert ended.data["characters"]["tester"]["escaped"] is True


def two_doors(ruleset: str) -> HavenState:
    """A corridor at(0..8, 0): the room at(2..5, 0) opens from two doors, at(1, 0) and
    at(6, 0); opening the second spawns a Dummy on at(4, 0) and asks for a section."""
    data = scenario(
        party=("tester", "tester2"),
        hexes=[at(q, 0) for q in range(9)],
        start=[at(0, 0), at(8, 0)],
        rooms=[{"id": "hall", "hexes": [at(q, 0) for q in range(2, 6)]}],
        doors=[{"hex": at(1, 0), "opens": ["hall"]}, {"hex": at(6, 0), "opens": ["hall"]}],
        objective={"kind": "survive", "rounds": 3},
        rules=[
            {
                "when": {"door": at(6, 0)},
                "spawn": [{"type": "dummy", "hex": at(4, 0)}],
                "text": "Read section 7.1",
            }
        ],
    )
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t2"), SelectCard("tester2", "t3"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)), PlayHalf("t2", "top"))
    while Skip() in state.legal_actions():
        play(state, Skip())
    assert state.turn is not None and state.turn.actor == "tester2"
    play(state, PlayHalf("t2", "bottom"), MoveTo(at(5, 0)))  # through the closed door
    number_in_order(state)  # HV-SCEN-1: the spawned standee's number, scripted
    return state


def test_HV_SCEN_7_frosthaven_a_door_opening_mid_move_reads_its_section_before_the_rest() -> None:
    """[FH] the move pauses on the door it opens: the section's spawn comes first (it draws
    its card at once, HV-ROOM-4), the players resolve the text, then the move's 1 point left
    is offered: on to at(5, 0), never into the spawn."""
    state = two_doors("frosthaven")
    assert state.figures["tester2"].hex == at(6, 0)
    assert state.figure_at(at(4, 0)) is not None
    play(state, Resolved("Read section 7.1"))
    chance(state, "dummy-b")
    assert MoveTo(at(5, 0)) in state.legal_actions()
    assert MoveTo(at(4, 0)) not in state.legal_actions()


def test_HV_SCEN_7_gloomhaven_a_door_rule_fires_once_the_move_is_over() -> None:
    state = two_doors("gloomhaven")
    assert state.figures["tester2"].hex == at(5, 0)
    assert state.figure_at(at(4, 0)) is not None
    assert state.legal_actions() == [Resolved("Read section 7.1")]
