"""Initiative order and its tie rules (HV-INIT-1..5) in play."""

from __future__ import annotations

import pytest
from test_haven_play_support import (
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

from rulekeeper.core import RuleViolation
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.haven import initiative
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseMonsterOption,
    GroupFirst,
    MoveTo,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState, Turn

TWO = ("tester", "tester2")


def turns_taken(state: HavenState) -> list[str]:
    return [e.data["figure"] for e in state.log if e.kind == "turn"]


def select(state: HavenState, hero: str, leading: str, second: str) -> None:
    play(state, SelectCard(hero, leading), SelectCard(hero, second))


def test_HV_INIT_1_figures_act_in_ascending_initiative() -> None:
    state = new_state(scenario(party=TWO, monsters=[monster("dummy", at(5, 3))]))
    select(state, "tester", "t4", "t1")  # 40
    select(state, "tester2", "t2", "t1")  # 20
    chance(state, "dummy-a")  # 45
    assert state.order == ["tester2", "tester", "group:dummy"]
    assert turns_taken(state) == ["tester2"]


def test_HV_INIT_2_tied_characters_compare_their_second_cards() -> None:
    state = new_state(scenario(party=TWO, monsters=[monster("dummy", at(5, 3))]))
    select(state, "tester", "t3", "t2")  # 30, then 20
    select(state, "tester2", "t3", "t1")  # 30, then 10
    chance(state, "dummy-a")
    assert state.order[:2] == ["tester2", "tester"]


def test_HV_INIT_2_still_tied_the_players_choose() -> None:
    state = new_state(scenario(party=TWO, monsters=[monster("dummy", at(5, 3))]))
    select(state, "tester", "t3", "t1")
    select(state, "tester2", "t3", "t1")
    chance(state, "dummy-a")
    assert state.phase == "tie" and state.current_player() == 0
    assert state.legal_actions() == [ActFirst("tester"), ActFirst("tester2")]
    play(state, ActFirst("tester2"))
    assert state.order[:2] == ["tester2", "tester"]
    assert any("HV-INIT-2" in e.rules for e in state.log)


def test_HV_INIT_6_monster_groups_tied_on_initiative_are_ordered_by_the_players() -> None:
    """GH p.18: "If there is a tie between two monster types, the players decide which goes
    first" (FH p.19: other ties, the party decides); the engine does not pick by name."""
    deck = {
        "cards": [{"id": "same-30", "initiative": 30, "actions": [{"type": "move", "value": 0}]}]
    }
    state = new_state(
        scenario(
            monsters=[monster("dummy", at(5, 3)), monster("zombie", at(5, 0))],
            monster_types={"dummy": dummy_monster(), "zombie": {**dummy_monster(), "deck": "same"}},
            monster_decks={"dummy": deck, "same": deck},
        )
    )
    select(state, "tester", "t5", "t1")  # 50
    chance(state, "same-30", "same-30")
    assert state.phase == "tie" and state.current_player() == 0
    assert state.legal_actions() == [GroupFirst("dummy"), GroupFirst("zombie")]
    assert_rejected(state, ActFirst("tester"), "HV-INIT-6")
    play(state, GroupFirst("zombie"))
    assert state.order == ["group:zombie", "group:dummy", "tester"]
    assert any("HV-INIT-6" in e.rules and "zombie" in e.text for e in state.log)


def test_HV_INIT_3_a_character_tied_with_a_monster_group_acts_first() -> None:
    deck = {
        "cards": [{"id": "dummy-ten", "initiative": 10, "actions": [{"type": "move", "value": 0}]}]
    }
    state = new_state(
        scenario(monsters=[monster("dummy", at(5, 3))], monster_decks={"dummy": deck})
    )
    select(state, "tester", "t1", "t2")  # 10, as the monster card
    chance(state, "dummy-ten")
    assert state.order == ["tester", "group:dummy"]


def test_HV_INIT_4_group_initiative_from_its_card_elites_first_then_by_standee() -> None:
    state = new_state(
        scenario(
            monsters=[
                monster("dummy", at(5, 0)),
                monster("dummy", at(5, 2), elite=True),
                monster("dummy", at(5, 3)),
            ]
        )
    )
    assert initiative.actors_of_slot(state, "group:dummy") == ["dummy 2", "dummy 1", "dummy 3"]
    select(state, "tester", "t5", "t1")  # 50
    chance(state, "dummy-a")  # 45: the group acts before the Tester
    assert state.order == ["group:dummy", "tester"]
    settle_options(state)  # the players pick among tied mover options
    assert turns_taken(state) == ["dummy 2", "dummy 1", "dummy 3", "tester"]


def summon_pup(state: HavenState) -> str:
    """Round 1: the Tester plays t6 (summon, lost) and t1, placing the pup next to it."""
    select(state, "tester", "t6", "t1")
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"))
    play(state, state.legal_actions()[0])
    assert isinstance(state.history[-1][1], PlaceSummon)
    return next(f.id for f in state.figures.values() if f.kind == "summon")


def test_HV_INIT_5_a_summon_acts_just_before_its_summoner_but_not_in_its_first_round() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))]))
    pup = summon_pup(state)
    play(state, PlayHalf("t1", "bottom"), Skip())
    assert pup not in turns_taken(state)  # round 1: summoned, does not act
    select(state, "tester", "t2", "t3")
    chance(state, "dummy-a")
    settle_options(state)
    chance(state, "+0")  # the pup's attack draw
    assert turns_taken(state)[-2:] == [pup, "tester"]  # round 2: right before its summoner


def test_HV_INIT_5_a_summon_acting_in_its_first_round_is_refused() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3))]))
    pup = summon_pup(state)
    saved_turn = state.turn
    state.turn = Turn(
        pup,
        stage="monster_option",
        options=[{"move_to": [0, 0], "targets": []}, {"move_to": [1, 0], "targets": []}],
    )
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(ChooseMonsterOption(0, "move to [0, 0]"))
    assert refused.value.rule_id == "HV-INIT-5"
    assert state.to_dict() == before
    state.turn = saved_turn


# -- GH p.19: monsters revealed in a room act in the round they are revealed -------------------
def quiet_deck(card_id: str, initiative_: int) -> dict[str, object]:
    return {
        "cards": [
            {"id": card_id, "initiative": initiative_, "actions": [{"type": "shield", "value": 1}]}
        ]
    }


def door_scenario(east_type: str, west_card: int, east_card: int) -> HavenState:
    """The Tester at [0, 0] (west); a door at q=3; one ``east_type`` standee behind it."""
    west = [at(q, r) for q in range(3) for r in range(3)]
    east = [at(q, r) for q in range(4, 6) for r in range(3)]
    door = at(3, 0)
    data = scenario(
        hexes=[*west, door, *east],
        monsters=[monster("dummy", at(0, 2)), monster(east_type, at(5, 2))],
        rooms=[{"id": "east", "hexes": east}],
        doors=[{"hex": door, "opens": ["east"]}],
        monster_types={"dummy": dummy_monster(), "zombie": {**dummy_monster(), "deck": "z"}},
        monster_decks={"dummy": quiet_deck("d", west_card), "z": quiet_deck("z", east_card)},
    )
    state = new_state(data)
    select(state, "tester", "t3", "t1")  # initiative 30
    chance(state, "d")
    return state


def open_the_door(state: HavenState) -> None:
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(3, 0)))
    number_in_order(state)  # HV-SCEN-1: the revealed standees' numbers, scripted


def finish_tester_turn(state: HavenState) -> None:
    play(state, PlayHalf("t3", "top"))
    if Skip() in state.legal_actions():
        play(state, Skip())


def test_revealed_type_without_a_card_draws_one_and_acts_now_if_its_initiative_passed() -> None:
    """GH p.19: a revealed type with no card draws one at once; lower than the revealer's
    initiative, it acts as soon as the revealer's turn ends (HV-INIT-4)."""
    state = door_scenario("zombie", west_card=40, east_card=15)
    assert state.order == ["tester", "group:dummy"]
    open_the_door(state)
    assert state.is_chance_node() and "zombie" in state.pending_decision()
    chance(state, "z")
    assert state.groups["zombie"].card == "z"
    finish_tester_turn(state)
    assert turns_taken(state) == ["tester", "zombie 1", "dummy 1"]


def test_revealed_type_with_a_later_initiative_takes_its_place_in_the_order() -> None:
    """GH p.19: the revealed type acts this round, in initiative order (HV-INIT-1)."""
    state = door_scenario("zombie", west_card=40, east_card=45)
    open_the_door(state)
    chance(state, "z")
    finish_tester_turn(state)
    assert state.order == ["tester", "group:dummy", "group:zombie"]
    assert turns_taken(state) == ["tester", "dummy 1", "zombie 1"]


def test_revealed_standees_of_a_group_that_already_acted_act_after_the_revealer() -> None:
    """GH p.19: "all monsters revealed in the new room will always take a turn" that round."""
    state = door_scenario("dummy", west_card=10, east_card=15)
    assert state.order == ["group:dummy", "tester"]
    open_the_door(state)
    assert not state.is_chance_node()  # the type already has its card
    finish_tester_turn(state)
    assert turns_taken(state) == ["dummy 1", "tester", "dummy 2"]


def test_a_revealed_type_is_placed_by_initiative_even_past_a_group_whose_monsters_died() -> None:
    """HV-INIT-1: the order stays ascending when a revealed type joins it (GH p.19)."""
    state = door_scenario("zombie", west_card=40, east_card=45)
    del state.figures["dummy 1"]  # its group's slot stays in the order, at 40
    open_the_door(state)
    chance(state, "z")
    finish_tester_turn(state)
    assert state.order == ["tester", "group:dummy", "group:zombie"]
