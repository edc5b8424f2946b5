"""Loot, money, treasure and the scenario's end (HV-LOOT-1..6, HV-END-1..5)."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import DUMMY_DECK, at, chance, monster, new_state, play, rect, scenario

from rulekeeper.games.haven import loot, map_state, objectives
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DrawLoot,
    MoveTo,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState


def looting(value: int = 2, **kw: Any) -> dict[str, Any]:
    """The Tester's t1 top is "Loot value" (t1 bottom stays Move 3)."""
    data = scenario(**kw)
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [{"type": "loot", "value": value}]
    return data


def start_turn(state: HavenState) -> None:
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    while state.is_chance_node():
        play(state, state.legal_actions()[0])


def play_out(state: HavenState) -> None:
    while not state.is_terminal():
        actions = state.legal_actions()
        skip = [a for a in actions if isinstance(a, Skip)]
        play(state, skip[0] if skip else actions[0])


def test_HV_LOOT_1_loot_takes_every_token_within_range_own_hex_included() -> None:
    data = looting(2, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["money"] = [at(0, 0), at(2, 0), at(2, 0), at(3, 0)]
    state = new_state(data)
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    assert state.heroes["tester"].money == 3
    assert state.money == [at(3, 0)]


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_LOOT_1_gloomhaven_looting_needs_line_of_sight(ruleset: str) -> None:
    walls = [[at(0, 0), at(1, 0)]]
    data = looting(
        3, hexes=rect(6, 6), start=[at(0, 0)], walls=walls, monsters=[monster("dummy", at(5, 5))]
    )
    state = new_state(data, ruleset)
    figure = state.figures["tester"]
    hexboard = map_state.board(state)
    here = hexboard.index[figure.hex]
    sight = map_state.sight(state, hexboard)
    hidden = [
        h
        for h, i in hexboard.index.items()
        if hexboard.proximity(here)[i] <= 3 and not sight.visible(here, i)
    ]
    assert hidden, "the wall hides a hex in range"
    reach = loot.hexes_in_loot_range(state, figure, 3)
    assert all((h in reach) == (ruleset == "frosthaven") for h in hidden)


def test_HV_LOOT_1_frosthaven_nothing_in_range_nothing_looted() -> None:
    data = looting(1, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["money"] = [at(4, 0)]
    state = new_state(data, "frosthaven")
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    assert state.money == [at(4, 0)] and not state.loot_draws


def test_HV_LOOT_2_a_character_loots_its_own_hex_at_the_end_of_its_turn() -> None:
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["money"] = [at(2, 0)]
    state = new_state(data)
    start_turn(state)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)))
    assert state.heroes["tester"].money == 0  # not yet: at the end of the turn
    play(state, PlayHalf("t2", "top"))
    assert state.heroes["tester"].money == 1 and state.money == []


def test_HV_LOOT_2_a_monsters_loot_removes_tokens_for_good() -> None:
    deck = {"cards": [{"id": "grab", "initiative": 5, "actions": [{"type": "loot", "value": 1}]}]}
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(4, 2))])
    data["monster_decks"] = {"dummy": deck}
    data["money"] = [at(4, 1), at(0, 3)]
    state = new_state(data)
    start_turn(state)
    assert state.money == [at(0, 3)]
    assert state.heroes["tester"].money == 0


@pytest.mark.parametrize(("ruleset", "drops"), [("gloomhaven", False), ("frosthaven", True)])
def test_HV_LOOT_3_dead_monsters_drop_tokens_summoned_ones_only_in_frosthaven(
    ruleset: str, drops: bool
) -> None:
    data = scenario(
        start=[at(0, 0)], monsters=[monster("dummy", at(1, 0)), monster("dummy", at(0, 1))]
    )
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 5, "targets": 2}
    ]
    state = new_state(data, ruleset)
    state.figures["dummy 2"].no_drop = True  # a summoned or spawned monster
    start_turn(state)
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.money == [at(1, 0)]
    play(state, ChooseTarget("dummy 2"))
    chance(state, "+0")
    assert (at(0, 1) in state.money) == drops


def test_HV_LOOT_3_a_rooms_tokens_appear_when_it_is_revealed() -> None:
    data = scenario(hexes=rect(6, 1), start=[at(0, 0)], monsters=[monster("dummy", at(5, 0))])
    data["rooms"] = [{"id": "back", "hexes": [at(4, 0), at(5, 0)]}]
    data["doors"] = [{"hex": at(3, 0), "opens": ["back"]}]
    data["money"] = [at(1, 0), at(4, 0)]
    state = new_state(data)
    assert state.money == [at(1, 0)]
    start_turn(state)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(3, 0)))
    assert state.money == [at(1, 0), at(4, 0)]


def test_HV_LOOT_4_HV_END_1_money_is_worth_the_conversion_rate_at_the_end() -> None:
    data = scenario(start=[at(0, 0)], level=1, objective={"kind": "survive", "rounds": 1})
    data["monsters"] = [monster("dummy", at(5, 3))]
    state = new_state(data)
    state.heroes["tester"].money = 3
    start_turn(state)
    play_out(state)
    kept = objectives.summary(state)["tester"]
    assert state.outcome() is not None and state.outcome().result == "won"  # type: ignore[union-attr]
    assert kept["gold"] == 3 * 2  # level 1: 2 gold a token
    assert kept["bonus_experience"] == 4 + 2 * 1


def test_HV_LOOT_5_frosthaven_a_looted_token_draws_a_loot_card() -> None:
    data = looting(1, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["money"] = [at(1, 0), at(0, 1)]
    data["loot_deck"] = {
        "coin_1": 0,
        "coin_2": 0,
        "coin_3": 1,
        "materials": {"lumber": 1},
        "herbs": {},
    }
    state = new_state(data, "frosthaven")
    assert len(state.loot_deck) == 2
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    assert state.is_chance_node() and len(state.loot_draws) == 2
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {DrawLoot("tester", "coin-3"), DrawLoot("tester", "material-lumber")}
    chance(state, "coin-3", "material-lumber")
    hero = state.heroes["tester"]
    assert hero.loot_cards == ["coin-3", "material-lumber"]
    assert loot.coins(state, hero.loot_cards) == 3
    assert loot.resources(state, hero.loot_cards) == {"lumber": 2}  # one character: as two


def test_HV_LOOT_5_an_empty_loot_deck_gives_nothing_more() -> None:
    data = looting(1, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["money"] = [at(1, 0), at(0, 1)]
    data["loot_deck"] = {"coin_1": 1, "coin_2": 0, "coin_3": 0, "materials": {}, "herbs": {}}
    state = new_state(data, "frosthaven")
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    chance(state, "coin-1")
    assert not state.loot_draws and not state.is_chance_node()
    assert state.heroes["tester"].loot_cards == ["coin-1"]


def test_HV_LOOT_5_a_random_item_card_without_item_counts_as_three_coins() -> None:
    state = new_state(looting(), "frosthaven")
    assert loot.coins(state, ["coin-2", loot.RANDOM_ITEM]) == 2 + 3


def test_HV_LOOT_6_a_treasure_gives_its_reward_and_leaves_the_map() -> None:
    data = looting(1, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["treasures"] = [{"id": "7", "hex": at(1, 0), "gold": 15}]
    state = new_state(data)
    assert state.treasures == ["7"]
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    assert state.treasures == [] and state.heroes["tester"].treasures == ["7"]
    assert state.heroes["tester"].gold == 15


def test_HV_LOOT_6_HV_GOAL_1_a_goal_treasure_completes_a_loot_objective() -> None:
    data = looting(1, start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["treasures"] = [{"id": "relic", "hex": at(1, 0), "goal": True}]
    data["objective"] = {"kind": "loot", "treasures": ["relic"]}
    state = new_state(data)
    start_turn(state)
    play(state, PlayHalf("t1", "top"))
    assert state.ending == "won" and not state.is_terminal()
    play_out(state)
    assert state.outcome() is not None and state.outcome().result == "won"  # type: ignore[union-attr]
    assert state.round == 1


def test_HV_END_1_HV_END_4_experience_from_abilities_and_the_bonus_exhausted_or_not() -> None:
    data = scenario(
        party=("tester", "tester2"),
        start=[at(0, 0), at(0, 1)],
        monsters=[monster("dummy", at(5, 3))],
        objective={"kind": "survive", "rounds": 1},
    )
    data["classes"]["tester"]["cards"][0]["bottom"]["xp"] = 2
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t3"), SelectCard("tester2", "t4"))
    while state.is_chance_node():
        play(state, state.legal_actions()[0])
    # HV-CHAR-3: the experience comes once an ability of the half is performed.
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)))
    assert state.heroes["tester"].xp == 2
    from rulekeeper.games.haven.exhaustion import exhaust

    exhaust(state, state.heroes["tester2"], "a test")
    play_out(state)
    kept = objectives.summary(state)
    assert kept["tester"]["experience"] == 2 + 6
    assert kept["tester2"]["experience"] == 6 and kept["tester2"]["exhausted"]


def test_HV_END_1_a_basic_action_gives_no_experience() -> None:
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["classes"]["tester"]["cards"][0]["bottom"]["xp"] = 2
    state = new_state(data)
    start_turn(state)
    play(state, PlayHalf("t1", "bottom", basic=True))
    assert state.heroes["tester"].xp == 0


def test_HV_END_2_HV_END_3_HV_END_5_the_end_summary() -> None:
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))])
    data["objective"] = {"kind": "survive", "rounds": 1}
    data["money"] = [at(4, 0)]
    state = new_state(data, "frosthaven")
    state.heroes["tester"].loot_cards = ["coin-2", "material-metal", "herb-axenut"]
    start_turn(state)
    play_out(state)
    end = [e for e in state.log if e.kind == "scenario-end"][-1]
    assert {"HV-END-2", "HV-END-3", "HV-END-5"} <= set(end.rules)
    kept = end.data["characters"]["tester"]
    assert kept["gold"] == 2 * 2 and kept["resources"] == {"metal": 2, "axenut": 1}
    assert kept["resources_kept"] == "yes"
    assert "tokens and treasure left on the map are lost" in end.text
    assert "resolve by hand: battle goals" in end.text


def test_HV_END_2_resources_of_a_lost_scenario_depend_on_returning() -> None:
    state = new_state(
        scenario(start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))]), "frosthaven"
    )
    objectives.finish(state, "lost", "a test")
    assert objectives.summary(state)["tester"]["resources_kept"].startswith("only if")
    assert objectives.summary(state)["tester"]["bonus_experience"] == 0


def test_dummy_deck_is_shared() -> None:
    assert DUMMY_DECK["cards"]
