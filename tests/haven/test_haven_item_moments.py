"""Items used when attacked, flip items, refresh abilities and [GH] items mid-ability
(HV-ITEM-3, HV-ITEM-4, HV-ITEM-5, HV-CHAR-6)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from test_haven_play_support import at, chance, monster, new_state, play, rect, scenario

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven import items
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    ItemsDone,
    MoveTo,
    Negate,
    PlaceArea,
    PlayHalf,
    RefreshItem,
    SelectCard,
    ShortRest,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.scenario_format import ItemSpec, load_scenario, parse_scenario
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]

ITEMS: dict[str, Any] = {
    "buckler": {"name": "Buckler", "slot": "one_hand", "when": "attacked", "shield": 2},
    "smoke": {
        "name": "Smoke",
        "slot": "small",
        "usage": "consumed",
        "when": "attacked",
        "disadvantage": True,
    },
    "boots": {"name": "Boots", "slot": "legs", "actions": [{"type": "move", "value": 2}]},
    "tonic": {
        "name": "Tonic",
        "slot": "small",
        "usage": "consumed",
        "actions": [{"type": "heal", "value": 1}],
    },
    "relic": {
        "name": "Relic",
        "slot": "small",
        "usage": "consumed",
        "unrecoverable": True,
        "actions": [{"type": "heal", "value": 1}],
    },
    "stone": {
        "name": "Stone",
        "slot": "one_hand",
        "usage": "consumed",
        "when": "attack",
        "attack_bonus": 2,
    },
    "lantern": {
        "name": "Lantern",
        "slot": "head",
        "usage": "flip",
        "actions": [{"type": "heal", "value": 2}],
        "back": {"name": "Dim Lantern", "usage": "spent", "when": "attack", "attack_bonus": 1},
    },
    "coin": {
        "name": "Coin",
        "slot": "body",
        "usage": "flip",
        "when": "attacked",
        "shield": 1,
        "back": {"usage": "flip", "when": "attacked", "disadvantage": True},
    },
}


def with_items(carried: list[str], **kw: Any) -> dict[str, Any]:
    data = scenario(**kw)
    data["items"] = ITEMS
    data["characters"] = {"tester": {"items": carried}}
    data["character_level"] = 5  # three small items
    data["classes"]["tester"]["hp"] = [10, 10, 10, 10, 10]
    return data


def attacked_state(carried: list[str], ruleset: str) -> HavenState:
    """The Tester at at(0, 0) beside a Dummy (attack 2, initiative 45) that attacks it after
    the Tester's quiet turn."""
    data = with_items(carried, start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), Skip(), PlayHalf("t2", "top"), Skip())
    return state


def hp_after(state: HavenState, hero: str = "tester") -> int:
    """The hero's hit points once pending damage is suffered (no HV-NEG-1 negation)."""
    while state.negation is not None:
        play(state, Negate(hero, "suffer"))
    return state.figures[hero].hp


# -- items used when attacked --------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_an_attack_on_the_owner_waits_for_its_attacked_items(ruleset: str) -> None:
    state = attacked_state(["buckler", "smoke"], ruleset)
    assert state.turn is not None and state.turn.actor == "dummy 1"
    assert not state.is_chance_node()  # a decision, before the modifier draw
    assert state.current_player() == state.heroes["tester"].player
    assert state.legal_actions() == [
        UseItem("tester", "buckler"),
        UseItem("tester", "smoke"),
        ItemsDone("tester"),
    ]
    play(state, UseItem("tester", "buckler"))
    assert state.legal_actions() == [UseItem("tester", "smoke"), ItemsDone("tester")]
    play(state, ItemsDone("tester"))
    assert state.is_chance_node()
    chance(state, "+1")  # attack 2 + 1 = 3, shield 2 from the Buckler: 1 damage
    assert hp_after(state) == 9
    hero = state.heroes["tester"]
    assert hero.spent == ["buckler"] and hero.consumed == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_an_attacked_item_gives_the_attacker_disadvantage(ruleset: str) -> None:
    state = attacked_state(["smoke"], ruleset)
    play(state, UseItem("tester", "smoke"))
    # The last item used: the draw starts at once, with disadvantage (two cards, the worse).
    assert state.is_chance_node()
    chance(state, "+2", "-1")
    assert hp_after(state) == 10 - 1
    assert state.heroes["tester"].consumed == ["smoke"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_declining_the_attacked_items_leaves_the_attack_as_it_is(ruleset: str) -> None:
    state = attacked_state(["buckler"], ruleset)
    play(state, ItemsDone("tester"))
    chance(state, "+1")
    assert hp_after(state) == 10 - 3
    assert state.heroes["tester"].spent == []  # still ready for the next attack


def test_HV_ITEM_5_the_shield_counts_for_that_attack_only() -> None:
    state = attacked_state(["buckler"], "gloomhaven")
    play(state, UseItem("tester", "buckler"))
    chance(state, "+0")
    assert hp_after(state) == 10
    assert state.base_shield(state.figures["tester"]) == 0  # nothing lasts beyond it


def test_HV_ITEM_5_no_other_action_while_the_attack_waits_for_items() -> None:
    state = attacked_state(["buckler", "boots"], "gloomhaven")
    assert UseItem("tester", "boots") not in state.legal_actions()
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(UseItem("tester", "boots"))  # a turn item: not now
    with pytest.raises(RuleViolation, match="HV-ITEM-5"):
        state.check(Skip())


def test_HV_ITEM_5_an_attacked_item_is_not_used_in_the_owners_own_turn() -> None:
    state = new_state(with_items(["buckler"], monsters=[monster("dummy", at(5, 3))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    assert UseItem("tester", "buckler") not in state.legal_actions()
    with pytest.raises(RuleViolation, match=r"HV-ITEM-5.*attack targets"):
        state.check(UseItem("tester", "buckler"))


def test_HV_ITEM_5_no_attacked_item_ready_no_question() -> None:
    state = attacked_state(["boots"], "gloomhaven")
    assert state.is_chance_node()  # the draw starts at once


@pytest.mark.parametrize(
    ("ruleset", "condition"), [("gloomhaven", "stun"), ("frosthaven", "impair")]
)
def test_HV_ITEM_5_a_stunned_or_impaired_character_is_not_asked(
    ruleset: str, condition: str
) -> None:
    data = with_items(["buckler"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    fresh = new_state(data, ruleset)
    play(fresh, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(fresh, "dummy-a")
    play(fresh, PlayHalf("t1", "bottom"), Skip(), PlayHalf("t2", "top"))
    fresh.figures["tester"].conditions.append(condition)
    fresh.figures["tester"].fresh_conditions.append(condition)
    play(fresh, Skip())
    assert fresh.is_chance_node()  # no question: it uses no items


def test_HV_ITEM_5_the_window_survives_a_save_and_a_clone() -> None:
    state = attacked_state(["buckler", "smoke"], "gloomhaven")
    play(state, UseItem("tester", "buckler"))
    copy_ = state.clone()
    restored = new_state(
        with_items(["buckler", "smoke"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    )
    restored._fields_from_dict(json.loads(json.dumps(state.to_dict()["state"])))
    for other in (copy_, restored):
        assert other.legal_actions() == [UseItem("tester", "smoke"), ItemsDone("tester")]
        play(other, ItemsDone("tester"))
        chance(other, "+1")
        assert hp_after(other) == 9


def test_HV_ITEM_5_an_attacked_item_needs_shield_or_disadvantage() -> None:
    with pytest.raises(ValueError, match="attacked item"):
        ItemSpec.model_validate({"name": "X", "slot": "small", "when": "attacked"})
    with pytest.raises(ValueError, match="disadvantage"):
        ItemSpec.model_validate(
            {
                "name": "X",
                "slot": "small",
                "when": "attack",
                "attack_bonus": 1,
                "disadvantage": True,
            }
        )


def test_HV_ITEM_5_a_bad_moment_is_one_clear_line_naming_the_field() -> None:
    data = with_items([])
    data["items"] = {"x": {"name": "X", "slot": "small", "when": "defend", "shield": 1}}
    with pytest.raises(ContentError, match=r"items\.x\.when") as error:
        parse_scenario(data, "test.json")
    assert "\n" not in str(error.value)


# -- flip items ([FH]) ---------------------------------------------------------------------
def test_HV_ITEM_3_frosthaven_a_flip_item_turns_over_when_used() -> None:
    data = with_items(["lantern"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    state = new_state(data, "frosthaven")
    hero = state.heroes["tester"]
    state.figures["tester"].hp = 5
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, UseItem("tester", "lantern"))  # the front: Heal 2, then the card turns over
    assert hero.flipped == ["lantern"] and hero.spent == [] and hero.consumed == []
    assert hp_after(state) == 7
    # The back is now the item: an attack item, spent when used.
    play(state, PlayHalf("t1", "top"), UseItem("tester", "lantern"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 5 - 4
    assert hero.spent == ["lantern"] and hero.flipped == ["lantern"]
    with pytest.raises(RuleViolation, match="HV-ITEM-3"):
        state.check(UseItem("tester", "lantern"))


def test_HV_ITEM_3_frosthaven_a_flip_item_may_flip_back() -> None:
    state = attacked_state(["coin"], "frosthaven")
    hero = state.heroes["tester"]
    play(state, UseItem("tester", "coin"))  # front: shield 1, turns over
    assert hero.flipped == ["coin"]
    chance(state, "+1")
    assert hp_after(state) == 10 - 2
    assert hero.spent == [] and hero.consumed == []  # a flip item is neither spent nor lost
    # Round 2: the back (disadvantage, also a flip side) guards and turns the card back.
    while not (state.phase == "select" and state.round == 2):
        actions = state.legal_actions()
        rest = ShortRest("tester", False)
        play(state, rest if rest in actions else actions[0])
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    while state.is_chance_node():
        play(state, state.chance_outcomes()[0][0])
    while state.turn is not None and state.turn.actor == "tester":
        legal = state.legal_actions()
        play(state, Skip() if Skip() in legal else legal[0])
    assert state.legal_actions() == [UseItem("tester", "coin"), ItemsDone("tester")]
    play(state, UseItem("tester", "coin"))
    assert hero.flipped == []
    chance(state, "+2", "+0")  # disadvantage: the worse card, +0
    assert hp_after(state) == 8 - 2


def test_HV_ITEM_3_gloomhaven_has_no_flip_items() -> None:
    data = with_items(["boots", "lantern"])
    with pytest.raises(ContentError, match=r"characters\.tester\.items\.1.*HV-ITEM-3"):
        new_state(data, "gloomhaven")
    new_state(data, "frosthaven")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"back": None}, "flip item has a 'back'"),
        ({"usage": "spent"}, "only a flip item has one"),
        ({"uses": 2}, "no use slots"),
    ],
)
def test_HV_ITEM_3_a_flip_item_is_checked_on_load(change: dict[str, Any], message: str) -> None:
    lantern = {**copy.deepcopy(ITEMS["lantern"]), **change}
    lantern = {k: v for k, v in lantern.items() if v is not None}
    with pytest.raises(ValueError, match=message):
        ItemSpec.model_validate(lantern)


def test_HV_ITEM_3_a_turned_over_passive_back_gives_its_shield() -> None:
    data = with_items(["boots"])
    data["items"] = {
        **ITEMS,
        "boots": {
            "name": "Boots",
            "slot": "legs",
            "usage": "flip",
            "actions": [{"type": "move", "value": 2}],
            "back": {"usage": "passive", "when": "always", "shield": 1},
        },
    }
    state = new_state(data, "frosthaven")
    figure = state.figures["tester"]
    assert state.base_shield(figure) == 0
    state.heroes["tester"].flipped.append("boots")
    assert state.base_shield(figure) == 1


# -- refresh abilities (HV-CHAR-6) ---------------------------------------------------------
def refresh_data(carried: list[str], which: str, value: int = 1) -> dict[str, Any]:
    data = with_items(carried, monsters=[monster("dummy", at(5, 3))])
    t3 = data["classes"]["tester"]["cards"][2]
    t3["top"]["actions"] = [{"type": "refresh", "value": value, "refresh": which}]
    return data


def used_up(state: HavenState, *carried: str) -> None:
    """Round 1: t1 and t2 with every carried item used; round 2: t3 (refresh) and t4."""
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    for item in carried:
        play(state, UseItem("tester", item))
        while state.turn is not None and state.turn.stage != "choose":
            play(state, Skip())
    play(state, PlayHalf("t1", "top"), PlayHalf("t2", "bottom"), Skip())
    while not (state.phase == "select" and state.round == 2):
        actions = state.legal_actions()
        play(
            state,
            ShortRest("tester", False) if ShortRest("tester", False) in actions else actions[0],
        )
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    while state.is_chance_node():
        play(state, state.chance_outcomes()[0][0])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_CHAR_6_a_refresh_ability_readies_spent_items(ruleset: str) -> None:
    state = new_state(refresh_data(["boots", "tonic"], "spent"), ruleset)
    used_up(state, "boots", "tonic")
    hero = state.heroes["tester"]
    assert hero.spent == ["boots"] and hero.consumed == ["tonic"]
    play(state, PlayHalf("t3", "top"))
    assert state.turn is not None and state.turn.stage == "refresh"
    assert state.legal_actions() == [RefreshItem("boots"), Skip()]  # not the consumed tonic
    with pytest.raises(RuleViolation, match="HV-CHAR-6"):
        state.check(RefreshItem("tonic"))
    play(state, RefreshItem("boots"))
    assert hero.spent == [] and hero.consumed == ["tonic"]
    assert UseItem("tester", "boots") in state.legal_actions()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_3_HV_CHAR_6_refreshing_consumed_items_never_an_unrecoverable_one(
    ruleset: str,
) -> None:
    state = new_state(refresh_data(["tonic", "relic", "boots"], "consumed", value=2), ruleset)
    used_up(state, "tonic", "relic", "boots")
    hero = state.heroes["tester"]
    play(state, PlayHalf("t3", "top"))
    assert state.legal_actions() == [RefreshItem("tonic"), Skip()]
    with pytest.raises(RuleViolation, match="HV-CHAR-6"):
        state.check(RefreshItem("relic"))
    play(state, RefreshItem("tonic"))  # the only one it may bring back: the ability ends
    assert hero.consumed == ["relic"] and hero.spent == ["boots"]
    assert state.turn is not None and state.turn.stage == "choose"


def test_HV_CHAR_6_a_refresh_with_nothing_to_refresh_passes() -> None:
    state = new_state(refresh_data(["boots"], "spent"))
    used_up(state)
    play(state, PlayHalf("t3", "top"))
    assert state.turn is not None and state.turn.stage == "choose"


def test_HV_CHAR_6_refresh_is_refused_on_a_monster_card() -> None:
    data = with_items([])
    data["monster_decks"] = copy.deepcopy(data["monster_decks"])
    data["monster_decks"]["dummy"]["cards"][0]["actions"] = [{"type": "refresh", "value": 1}]
    with pytest.raises(
        ContentError, match=r"monster_decks\.dummy\.cards\.0\.actions\.0.*HV-CHAR-6"
    ):
        parse_scenario(data, "test.json")
    with pytest.raises(ValueError, match="at least 1"):
        ItemSpec.model_validate(
            {"name": "X", "slot": "small", "actions": [{"type": "refresh", "value": 0}]}
        )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_CHAR_6_an_items_refresh_never_readies_that_item(ruleset: str) -> None:
    data = with_items(["boots", "oilcan"], monsters=[monster("dummy", at(5, 3))])
    data["items"] = {
        **ITEMS,
        "oilcan": {
            "name": "Oilcan",
            "slot": "small",
            "actions": [{"type": "refresh", "value": 2, "refresh": "spent"}],
        },
    }
    state = new_state(data, ruleset)
    hero = state.heroes["tester"]
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, UseItem("tester", "boots"), Skip())
    play(state, UseItem("tester", "oilcan"))
    assert hero.spent == ["boots", "oilcan"]
    assert state.legal_actions() == [RefreshItem("boots"), Skip()]
    with pytest.raises(RuleViolation, match="HV-CHAR-6"):
        state.check(RefreshItem("oilcan"))
    play(state, RefreshItem("boots"))
    assert hero.spent == ["oilcan"]


# -- [GH] items during an ability ----------------------------------------------------------
AREA = [[1, 0], [2, 0]]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_a_turn_item_while_an_area_is_placed(ruleset: str) -> None:
    """[GH] items may be used in the middle of any ability; [FH] not one giving an ability."""
    data = with_items(
        ["boots", "stone"],
        hexes=rect(6, 4),
        start=[at(0, 1)],
        monsters=[monster("dummy", at(1, 1))],
    )
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 2, "aoe": AREA}
    ]
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))
    assert state.turn is not None and state.turn.stage == "area"
    legal = state.legal_actions()
    assert (UseItem("tester", "boots") in legal) == (ruleset == "gloomhaven")
    assert UseItem("tester", "stone") in legal  # an attack item, before any draw
    play(state, UseItem("tester", "stone"))
    placement = next(a for a in state.legal_actions() if isinstance(a, PlaceArea))
    play(state, placement)
    while not state.is_chance_node():
        play(state, state.legal_actions()[0])
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 5 - 4  # 2 + the Stone's 2


def test_HV_ITEM_5_gloomhaven_an_item_ability_follows_a_summon_in_progress() -> None:
    data = with_items(["boots"], monsters=[monster("dummy", at(5, 3))])
    state = new_state(data, "gloomhaven")
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"))  # summon the pup: waiting for its hex
    assert state.turn is not None and state.turn.stage == "summon"
    play(state, UseItem("tester", "boots"))
    play(state, state.legal_actions()[0])  # the pup is placed
    assert state.turn is not None and state.turn.stage == "move"  # then the boots' Move 2
    play(state, MoveTo(at(2, 0)))
    assert state.heroes["tester"].spent == ["boots"]


def test_HV_ITEM_4_a_long_rest_leaves_a_flipped_item_turned_over() -> None:
    """[FH] refreshing a flip item's spent back readies the back (the card stays turned)."""
    data = with_items(["lantern"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    state = new_state(data, "frosthaven")
    hero = state.heroes["tester"]
    hero.flipped.append("lantern")
    hero.spent.append("lantern")
    items.refresh(state, hero)
    assert hero.spent == [] and hero.flipped == ["lantern"]


# -- shipped content -----------------------------------------------------------------------
def test_HV_ITEM_3_HV_ITEM_5_HV_CHAR_6_the_shipped_items_use_each_new_capability() -> None:
    """The library's original items: attacked items (shield, disadvantage) carried in the
    Gilded Crypt, an item that refreshes another, and the Frozen Weir's flip item."""
    crypt = load_scenario("gilded-crypt")
    carried = {i for c in crypt.party for i in crypt.characters[c].items}
    sides = [crypt.items[i] for i in carried]
    assert any(s.when == "attacked" and s.shield for s in sides)
    assert any(s.when == "attacked" and s.disadvantage for s in sides)
    assert any(a.type == "refresh" for s in sides for a in s.actions)
    weir = load_scenario("frozen-weir")
    charm = weir.items[weir.loot_deck.random_item or ""]
    assert charm.usage == "flip" and charm.back is not None


def test_HV_ITEM_3_HV_ITEM_6_frosthaven_the_weirs_flip_item_gained_in_play_turns_over() -> None:
    state = GAME.new_state("frozen-weir", 1, "frosthaven")
    hero = state.heroes["sage"]
    items.gain_item(state, hero, "tide-charm")
    assert "tide-charm" in hero.items
    assert items.face(state, hero, "tide-charm").when == "attacked"
    hero.flipped.append("tide-charm")
    assert items.face(state, hero, "tide-charm").usage == "consumed"
