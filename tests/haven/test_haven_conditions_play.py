"""The catalog's condition rules in play (HV-COND-1..3, HV-COND-<NAME>-n).

Small boards: the Tester (10 hit points, cards t1..t6) and a Dummy monster.
Bless and curse are cards shuffled into decks; the Frosthaven conditions
(regenerate, ward, brittle, bane, impair) exist only in that ruleset.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import (
    DUMMY_DECK,
    at,
    card,
    chance,
    dummy_monster,
    make_tester_class,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.games.haven import bless_curse, exhaustion
from rulekeeper.games.haven.actions import ChooseTarget, MoveTo, Negate, PlayHalf, SelectCard
from rulekeeper.games.haven.conditions import can_use_items, condition
from rulekeeper.games.haven.modifiers import MONSTER_DECK
from rulekeeper.games.haven.state import HavenState

RULESETS = ("gloomhaven", "frosthaven")


def hero_with(top: list[dict[str, Any]], bottom: list[dict[str, Any]]) -> dict[str, Any]:
    """The Tester whose t2 has the given halves (initiative 20)."""
    cls = make_tester_class()
    cls["cards"][1] = card("t2", 20, top, bottom)
    return cls


def adjacent_dummy(ruleset: str = "gloomhaven", **kw: Any) -> HavenState:
    """The Tester at at(0, 0), a Dummy at at(1, 0)."""
    extra: dict[str, Any] = {}
    if "classes" in kw:
        extra["classes"] = kw.pop("classes")
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))], **kw)
    if "classes" in extra:
        data["classes"] = {**data["classes"], **extra["classes"]}
    return new_state(data, ruleset)


def events(state: HavenState, rule: str) -> list[str]:
    return [e.text for e in state.log if rule in e.rules]


# -- HV-COND-1..3 ----------------------------------------------------------------------
def test_HV_COND_1_a_condition_already_held_is_not_doubled_its_duration_restarts() -> None:
    state = adjacent_dummy()
    dummy = state.figures["dummy 1"]
    exhaustion.add_conditions(state, dummy, ["muddle"])
    exhaustion.add_conditions(state, dummy, ["muddle"])
    assert dummy.conditions.count("muddle") == 1
    assert events(state, "HV-COND-1")


def test_HV_COND_1_conditions_of_an_attack_never_reach_a_target_it_killed() -> None:
    """The Tester's Attack 3, poison kills a 2-hit-point Dummy: no poison is applied."""
    cls = hero_with([{"type": "attack", "value": 3, "conditions": ["poison"]}], [])
    state = adjacent_dummy(classes={"tester": cls}, monster_types={"dummy": dummy_monster(hp=2)})
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t2", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert "dummy 1" not in state.figures
    assert not any(e.kind == "condition" and "poison" in e.text for e in state.log)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_COND_3_an_immune_monster_never_gains_the_condition(ruleset: str) -> None:
    """A Dummy immune to poison and curse: Attack 3, poison, curse gives it neither, and no
    curse card enters the monster deck."""
    cls = hero_with([{"type": "attack", "value": 3, "conditions": ["poison", "curse"]}], [])
    immune = {**dummy_monster(hp=9), "immunities": ["poison", "curse"]}
    state = adjacent_dummy(ruleset, classes={"tester": cls}, monster_types={"dummy": immune})
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t2", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.figures["dummy 1"].conditions == []
    assert state.decks[MONSTER_DECK].cards.all_cards()["curse"] == 0
    assert len(events(state, "HV-COND-3")) == 2


def test_HV_COND_3_immunities_name_known_conditions_at_load() -> None:
    from rulekeeper.core.errors import ContentError

    bad = {**dummy_monster(), "immunities": ["sleepy"]}
    with pytest.raises(ContentError) as error:
        adjacent_dummy(monster_types={"dummy": bad})
    assert "monster_types.dummy" in str(error.value)


# -- poison, stun, muddle ------------------------------------------------------------------
def test_HV_COND_POISON_1_the_poison_an_attack_applies_does_not_raise_that_attack() -> None:
    cls = hero_with([{"type": "attack", "value": 3, "conditions": ["poison"]}], [])
    state = adjacent_dummy(classes={"tester": cls}, monster_types={"dummy": dummy_monster(hp=9)})
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t2", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 9 - 3 and "poison" in dummy.conditions


def test_HV_COND_STUN_1_a_stunned_monster_does_nothing_on_its_turn() -> None:
    state = adjacent_dummy()
    state.figures["dummy 1"].conditions.append("stun")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))  # 50: the Dummy first
    chance(state, "dummy-a")
    settle_options(state)
    assert state.figures["tester"].hp == 10
    assert events(state, "HV-COND-STUN-1")
    assert "stun" not in state.figures["dummy 1"].conditions  # HV-COND-2


def test_HV_COND_MUDDLE_1_a_muddled_figure_attacks_with_disadvantage() -> None:
    state = adjacent_dummy(monster_types={"dummy": dummy_monster(hp=9)})
    state.figures["tester"].conditions.append("muddle")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+2", "-1")  # disadvantage: the worse card, -1
    assert state.figures["dummy 1"].hp == 9 - 2


# -- bless and curse --------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_COND_BLESS_1_bless_goes_into_the_own_deck_doubles_and_leaves(ruleset: str) -> None:
    """Bless self shuffles one bless card into the Tester's deck; drawn, it doubles
    Attack 3 to 6 and leaves the deck, causing no reshuffle (HV-DECK-4)."""
    cls = hero_with(
        [{"type": "attack", "value": 3}], [{"type": "condition", "conditions": ["bless"]}]
    )
    state = adjacent_dummy(
        ruleset, classes={"tester": cls}, monster_types={"dummy": dummy_monster(hp=9)}
    )
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t2", "bottom"))  # bless self
    deck = state.decks["tester"]
    assert deck.counts()["bless"] == 1 and deck.cards.all_cards()["bless"] == 1
    assert events(state, "HV-COND-BLESS-1")
    assert not state.figures["tester"].conditions  # a deck card, not a held condition
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "bless")
    assert state.figures["dummy 1"].hp == 9 - 6
    assert deck.cards.all_cards()["bless"] == 0
    assert not deck.reshuffle_due  # HV-DECK-4: no shuffle icon


def test_HV_COND_BLESS_1_a_drawn_bless_doubles_and_leaves_the_deck() -> None:
    state = adjacent_dummy(monster_types={"dummy": dummy_monster(hp=9)})
    exhaustion.add_conditions(state, state.figures["tester"], ["bless"])
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "bless")
    assert state.figures["dummy 1"].hp == 9 - 6
    deck = state.decks["tester"]
    assert deck.cards.all_cards()["bless"] == 0
    assert not deck.reshuffle_due  # HV-DECK-4: no shuffle icon


def test_HV_COND_BLESS_2_with_the_supply_empty_bless_has_no_effect() -> None:
    state = adjacent_dummy()
    state.decks[MONSTER_DECK].shuffle_in("bless", 10)
    exhaustion.add_conditions(state, state.figures["tester"], ["bless"])
    assert state.decks["tester"].cards.all_cards()["bless"] == 0
    assert events(state, "HV-COND-BLESS-2")
    state.decks[MONSTER_DECK].cards.draw("bless")
    state.decks[MONSTER_DECK].put_away(["bless"], bless_curse_catalog())
    exhaustion.add_conditions(state, state.figures["tester"], ["bless"])
    assert state.decks["tester"].cards.all_cards()["bless"] == 1  # one came back


def bless_curse_catalog() -> Any:
    from rulekeeper.games.haven.modifiers import standard_catalog

    return standard_catalog()


def test_HV_COND_CURSE_1_a_monsters_curse_goes_into_the_characters_deck() -> None:
    deck = {
        "cards": [{**c, "actions": [dict(a) for a in c["actions"]]} for c in DUMMY_DECK["cards"]]
    }
    deck["cards"][0]["actions"][1]["conditions"] = ["curse"]
    state = adjacent_dummy(monster_decks={"dummy": deck})
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "dummy-a")  # 45: Attack +0, curse
    settle_options(state)
    chance(state, "+0")
    play(state, Negate("tester", "suffer"))
    assert state.decks["tester"].counts()["curse"] == 1
    assert state.decks[MONSTER_DECK].cards.all_cards()["curse"] == 0
    assert events(state, "HV-COND-CURSE-1")


def test_HV_COND_CURSE_1_cursed_summon_and_monster_route_to_their_decks() -> None:
    """HV-DECK-1: a summon's card goes to its summoner's deck, a monster's to the
    monster deck."""
    state = adjacent_dummy()
    from rulekeeper.games.haven.state import Figure

    pup = Figure("tester-pup-1", "summon", "pup", at(0, 1), 3, 3, owner="tester")
    state.figures[pup.id] = pup
    exhaustion.add_conditions(state, pup, ["curse"])
    exhaustion.add_conditions(state, state.figures["dummy 1"], ["curse"])
    assert state.decks["tester"].counts()["curse"] == 1
    assert state.decks[MONSTER_DECK].counts()["curse"] == 1


def test_HV_COND_CURSE_1_a_drawn_curse_deals_nothing_and_leaves_the_deck() -> None:
    state = adjacent_dummy(monster_types={"dummy": dummy_monster(hp=9)})
    exhaustion.add_conditions(state, state.figures["tester"], ["curse"])
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "curse")
    assert state.figures["dummy 1"].hp == 9
    assert state.decks["tester"].cards.all_cards()["curse"] == 0


def test_HV_COND_CURSE_2_monster_and_player_curses_are_separate_supplies() -> None:
    """Ten monster-icon curses are all in the monster deck: a monster gains no more
    curse, but a character still can (the player-icon cards)."""
    state = adjacent_dummy()
    state.decks[MONSTER_DECK].shuffle_in("curse", 10)
    exhaustion.add_conditions(state, state.figures["dummy 1"], ["curse"])
    assert state.decks[MONSTER_DECK].cards.all_cards()["curse"] == 10
    assert events(state, "HV-COND-CURSE-2")
    exhaustion.add_conditions(state, state.figures["tester"], ["curse"])
    assert state.decks["tester"].counts()["curse"] == 1
    assert bless_curse.supply(state, "curse", "tester") == 9


# -- Frosthaven conditions ---------------------------------------------------------------------
def test_HV_COND_REGENERATE_1_heals_first_removing_the_wound_before_it_bites() -> None:
    state = adjacent_dummy("frosthaven")
    tester = state.figures["tester"]
    tester.hp = 7
    tester.conditions.extend(["regenerate", "wound"])
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    assert state.negation is None  # no wound damage to negate
    assert tester.hp == 8 and "wound" not in tester.conditions
    assert "regenerate" in tester.conditions
    assert events(state, "HV-COND-REGENERATE-1")


def test_HV_COND_REGENERATE_1_is_removed_as_soon_as_the_figure_suffers_damage() -> None:
    state = adjacent_dummy("frosthaven")
    dummy = state.figures["dummy 1"]
    dummy.conditions.append("regenerate")
    exhaustion.hurt(state, dummy, 1, "a test", ())
    assert "regenerate" not in dummy.conditions


def test_HV_COND_REGENERATE_1_does_not_exist_in_gloomhaven() -> None:
    with pytest.raises(ValueError):
        from rulekeeper.games.haven.ruleset import GLOOMHAVEN

        condition("regenerate", GLOOMHAVEN)


def test_HV_COND_WARD_1_ward_halves_trap_damage_before_negation_is_offered() -> None:
    """Any source: a level-1 trap's 3 damage is halved to 1 for a warded character, and
    the negation offer already shows 1."""
    data = scenario(
        start=[at(0, 0)],
        terrain={"trap": [at(1, 0)]},
        level=1,
        objective={"kind": "survive", "rounds": 3},
    )
    state = new_state(data, "frosthaven")
    state.figures["tester"].conditions.append("ward")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)))
    assert state.negation is not None and state.negation.damage == 1
    assert "ward" not in state.figures["tester"].conditions
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 9


def test_HV_COND_WARD_1_gloomhaven_traps_are_not_halved() -> None:
    data = scenario(
        start=[at(0, 0)],
        terrain={"trap": [at(1, 0)]},
        level=1,
        objective={"kind": "survive", "rounds": 3},
    )
    state = new_state(data, "gloomhaven")
    state.figures["tester"].conditions.append("ward")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)))
    assert state.negation is not None and state.negation.damage == 3


def test_HV_COND_BRITTLE_1_brittle_doubles_retaliate_damage() -> None:
    """The Dummy's stat card has retaliate 1; the brittle Tester attacking it suffers 2."""
    stats = {"hp": 9, "move": 2, "attack": 2, "retaliate": 1}
    dummy = {**dummy_monster(), "normal": [stats, stats], "elite": [stats, stats]}
    state = adjacent_dummy("frosthaven", monster_types={"dummy": dummy})
    state.figures["tester"].conditions.append("brittle")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.negation is not None and state.negation.damage == 2
    assert "brittle" not in state.figures["tester"].conditions


def test_HV_COND_BRITTLE_1_and_ward_cancel_on_wound_damage() -> None:
    state = adjacent_dummy("frosthaven")
    dummy = state.figures["dummy 1"]
    dummy.conditions.extend(["ward", "brittle"])
    exhaustion.hurt(state, dummy, 1, "its wound", ())
    assert dummy.hp == dummy.max_hp - 1
    assert "ward" not in dummy.conditions and "brittle" not in dummy.conditions


def test_HV_COND_BANE_1_ten_damage_at_the_end_of_the_bearers_next_turn() -> None:
    state = adjacent_dummy("frosthaven", monster_types={"dummy": dummy_monster(hp=12)})
    dummy = state.figures["dummy 1"]
    dummy.conditions.append("bane")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "dummy-a")
    settle_options(state)
    chance(state, "+0")
    play(state, Negate("tester", "suffer"))
    assert dummy.hp == 12 - 10
    assert "bane" not in dummy.conditions
    assert events(state, "HV-COND-BANE-1")


def test_HV_COND_BANE_1_a_heal_removes_it() -> None:
    from rulekeeper.games.haven.healing import heal

    state = adjacent_dummy("frosthaven")
    dummy = state.figures["dummy 1"]
    dummy.conditions.append("bane")
    heal(state, dummy, 1, "a test")
    assert "bane" not in dummy.conditions


def test_HV_COND_IMPAIR_1_only_characters_gain_it_and_it_stops_items() -> None:
    state = adjacent_dummy("frosthaven")
    exhaustion.add_conditions(state, state.figures["dummy 1"], ["impair"])
    assert "impair" not in state.figures["dummy 1"].conditions
    exhaustion.add_conditions(state, state.figures["tester"], ["impair"])
    assert "impair" in state.figures["tester"].conditions
    assert not can_use_items(state.figures["tester"].conditions)
    assert can_use_items(["muddle"]) and not can_use_items(["stun"])
