"""Items in play (HV-ITEM-1..6): limits, −1 cards, moments of use, use slots, refresh."""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import at, chance, monster, new_state, play, rect, scenario

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    LongRest,
    LoseCard,
    MoveTo,
    PlayHalf,
    RefreshItems,
    SelectCard,
    ShortRest,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.state import HavenState

ITEMS: dict[str, Any] = {
    "cap": {
        "name": "Cap",
        "slot": "head",
        "usage": "passive",
        "when": "always",
        "shield": 1,
        "minus_one": 1,
    },
    "helm": {"name": "Helm", "slot": "head", "usage": "passive", "when": "always", "shield": 1},
    "boots": {
        "name": "Boots",
        "slot": "legs",
        "actions": [{"type": "move", "value": 2}],
        "cost": 20,
    },
    "tonic": {
        "name": "Tonic",
        "slot": "small",
        "usage": "consumed",
        "actions": [{"type": "heal", "value": 3}],
    },
    "salve": {
        "name": "Salve",
        "slot": "small",
        "usage": "consumed",
        "actions": [{"type": "heal", "value": 1}],
    },
    "spear": {"name": "Spear", "slot": "two_hands", "uses": 2, "when": "attack", "attack_bonus": 1},
    "stone": {
        "name": "Stone",
        "slot": "one_hand",
        "usage": "consumed",
        "when": "attack",
        "attack_bonus": 2,
    },
    "knife": {"name": "Knife", "slot": "one_hand", "when": "attack", "attack_bonus": 1},
}


def with_items(carried: list[str], **kw: Any) -> dict[str, Any]:
    data = scenario(**kw)
    data["items"] = ITEMS
    data["characters"] = {"tester": {"items": carried}}
    return data


def start_turn(state: HavenState, first: str = "t1", second: str = "t2") -> None:
    play(state, SelectCard("tester", first), SelectCard("tester", second))
    while state.is_chance_node():
        chance(state, "dummy-b")


@pytest.mark.parametrize(
    ("carried", "why"),
    [
        (["cap", "helm"], "head"),
        (["spear", "stone"], "two one-hand"),
        (["tonic", "salve"], "small items at level 1"),
        (["boots", "boots"], "two copies"),
    ],
)
def test_HV_ITEM_1_item_limits_are_checked_at_load(carried: list[str], why: str) -> None:
    with pytest.raises(ContentError, match=rf"characters\.tester\.items.*HV-ITEM-1.*{why}"):
        new_state(with_items(carried))


def test_HV_ITEM_1_an_unknown_item_names_its_field() -> None:
    with pytest.raises(ContentError, match=r"characters\.tester\.items\.0"):
        new_state(with_items(["no-such-item"]))


def test_HV_ITEM_1_level_3_brings_two_small_items() -> None:
    data = with_items(["tonic", "salve"])
    data["character_level"] = 3
    data["classes"]["tester"]["hp"] = [10, 11, 12]
    state = new_state(data)
    assert state.heroes["tester"].items == ["tonic", "salve"]


def test_HV_ITEM_2_an_items_minus_one_cards_join_its_owners_deck() -> None:
    plain = new_state(with_items([]))
    state = new_state(with_items(["cap"]))
    assert len(state.decks["tester"]) == len(plain.decks["tester"]) + 1
    assert state.decks["tester"].counts()["-1"] == plain.decks["tester"].counts()["-1"] + 1


def test_HV_ITEM_4_a_passive_item_always_applies() -> None:
    state = new_state(with_items(["cap"]))
    assert state.base_shield(state.figures["tester"]) == 1
    assert UseItem("tester", "cap") not in state.legal_actions()


def test_HV_ITEM_3_HV_ITEM_5_a_spent_item_is_used_once_in_its_owners_turn() -> None:
    state = new_state(with_items(["boots"], monsters=[monster("dummy", at(5, 3))]))
    assert UseItem("tester", "boots") not in state.legal_actions()  # card selection
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(UseItem("tester", "boots"))
    start_turn(state)
    assert UseItem("tester", "boots") in state.legal_actions()
    play(state, UseItem("tester", "boots"))
    assert state.turn is not None and state.turn.stage == "move"  # the boots' Move 2
    play(state, MoveTo(at(2, 0)))
    assert state.heroes["tester"].spent == ["boots"]
    assert UseItem("tester", "boots") not in state.legal_actions()
    with pytest.raises(RuleViolation, match="HV-ITEM-3"):
        state.check(UseItem("tester", "boots"))


def test_HV_ITEM_5_an_attack_item_is_used_before_the_modifier_draw() -> None:
    state = new_state(
        with_items(["stone"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    )
    start_turn(state)
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(UseItem("tester", "stone"))  # not an attack yet
    play(state, PlayHalf("t1", "top"))  # Attack 3
    play(state, UseItem("tester", "stone"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert "dummy 1" not in state.figures  # 3 + 2 = 5 damage: the 5-hp dummy dies
    assert state.heroes["tester"].consumed == ["stone"]


def test_HV_ITEM_5_a_stunned_character_uses_no_items() -> None:
    state = new_state(with_items(["boots"], monsters=[monster("dummy", at(5, 3))]))
    start_turn(state)
    state.figures["tester"].conditions.append("stun")
    assert UseItem("tester", "boots") not in state.legal_actions()
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(UseItem("tester", "boots"))


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ITEM_5_an_item_ability_during_another_ability(ruleset: str) -> None:
    """[GH] items may be used mid-ability; [FH] an item providing an ability may not."""
    state = new_state(with_items(["boots"], monsters=[monster("dummy", at(5, 3))]), ruleset)
    start_turn(state)
    play(state, PlayHalf("t1", "bottom"))  # Move 3: waiting for the destination
    offered = UseItem("tester", "boots") in state.legal_actions()
    assert offered == (ruleset == "gloomhaven")
    if offered:
        play(state, UseItem("tester", "boots"), MoveTo(at(1, 0)))
        assert state.turn is not None and state.turn.stage == "move"  # the boots' Move 2 next


def _long_rest_round(state: HavenState) -> None:
    """Finish round 1 (t1 top, t2 bottom), then long rest in round 2."""
    while state.turn is not None and state.turn.actor == "tester":
        if Skip() in state.legal_actions():
            play(state, Skip())
        elif PlayHalf("t2", "bottom") in state.legal_actions():
            play(state, PlayHalf("t2", "bottom"))
        else:
            play(state, state.legal_actions()[0])
    while not (state.phase == "select" and state.round == 2):
        actions = state.legal_actions()
        play(
            state,
            ShortRest("tester", False) if ShortRest("tester", False) in actions else actions[0],
        )
    play(state, LongRest("tester"))
    while not (state.turn is not None and state.turn.stage == "long_rest_lose"):
        play(state, state.legal_actions()[0])
    play(state, LoseCard("tester", "t1"))


def test_HV_ITEM_3_HV_ITEM_4_gloomhaven_long_rest_refreshes_spent_items_only() -> None:
    state = new_state(
        with_items(
            ["spear", "tonic", "boots"], start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))]
        )
    )
    hero = state.heroes["tester"]
    start_turn(state)
    play(state, UseItem("tester", "tonic"))  # consumed
    play(state, UseItem("tester", "boots"), Skip())  # spent
    assert hero.spent == ["boots"]
    play(state, PlayHalf("t1", "top"))
    assert UseItem("tester", "spear") not in state.legal_actions()  # no target: no attack
    hero.item_marks["spear"] = 1  # one use slot marked earlier
    _long_rest_round(state)
    assert hero.consumed == ["tonic"]  # consumed items stay lost
    assert hero.spent == []  # the long rest refreshed the boots
    assert hero.item_marks["spear"] == 1  # [GH] only items already spent are refreshed


def test_HV_ITEM_4_frosthaven_long_rest_may_reset_a_partly_used_item() -> None:
    state = new_state(
        with_items(["spear", "boots"], start=[at(0, 0)], monsters=[monster("dummy", at(5, 3))]),
        "frosthaven",
    )
    hero = state.heroes["tester"]
    start_turn(state)
    play(state, UseItem("tester", "boots"), Skip(), PlayHalf("t1", "top"))
    hero.item_marks["spear"] = 1
    _long_rest_round(state)
    while state.turn is not None and state.turn.stage == "long_rest_heal":
        play(state, state.legal_actions()[0])
    assert state.legal_actions() == [RefreshItems("tester", True), RefreshItems("tester", False)]
    play(state, RefreshItems("tester", True))
    assert hero.spent == [] and hero.item_marks == {}


def test_HV_ITEM_4_use_slots_mark_once_per_use_then_spend() -> None:
    state = new_state(
        with_items(
            ["spear"],
            hexes=rect(6, 4),
            start=[at(0, 0)],
            monsters=[monster("dummy", at(1, 0)), monster("dummy", at(0, 1))],
        )
    )
    hero = state.heroes["tester"]
    start_turn(state)
    play(state, PlayHalf("t1", "top"), UseItem("tester", "spear"))
    assert hero.item_marks == {"spear": 1} and hero.spent == []
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(UseItem("tester", "spear"))  # once per attack
    play(state, ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 5 - 4


def test_HV_ITEM_6_a_treasure_item_gloomhaven_later_frosthaven_at_once() -> None:
    for ruleset, usable in (("gloomhaven", False), ("frosthaven", True)):
        data = with_items([], monsters=[monster("dummy", at(5, 3))])
        data["treasures"] = [{"id": "12", "hex": at(1, 0), "item": "boots"}]
        state = new_state(data, ruleset)
        start_turn(state)
        play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)), PlayHalf("t2", "top"))
        hero = state.heroes["tester"]
        assert hero.treasures == ["12"]
        assert ("boots" in hero.items) == usable
        assert ("boots" in hero.gained_items) == (not usable)


def test_HV_ITEM_6_gloomhaven_sells_a_copy_for_half_its_price() -> None:
    data = with_items(["boots"], monsters=[monster("dummy", at(5, 3))])
    data["treasures"] = [{"id": "12", "hex": at(1, 0), "item": "boots"}]
    state = new_state(data)
    start_turn(state)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)), PlayHalf("t2", "top"))
    assert state.heroes["tester"].gold == 10
