"""Heal, shield, targets, summons and characters in play (HV-HEAL, HV-SHIELD, HV-TGT,
HV-PUSH-4, HV-SUM-5..7, HV-CHAR-1/2, HV-BONUS-5, HV-DECK-4).

Small boards: the Tester (10 hit points, cards t1..t6) and Dummy monsters.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_haven_play_support import (
    IDLE_DECK,
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

from rulekeeper.core import RuleViolation
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import bonuses, exhaustion
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DeclineEffect,
    KeepEffects,
    LongRest,
    LoseCard,
    MoveTo,
    Negate,
    PlayHalf,
    SelectCard,
)
from rulekeeper.games.haven.healing import heal
from rulekeeper.games.haven.scenario_format import BonusSpec
from rulekeeper.games.haven.state import Figure, HavenState


def board(ruleset: str = "gloomhaven", **kw: Any) -> HavenState:
    data = scenario(
        start=[at(0, 0)],
        monsters=kw.pop("monsters", [monster("dummy", at(1, 0))]),
        monster_types={"dummy": dummy_monster(hp=9)},
        monster_decks={"dummy": kw.pop("deck", IDLE_DECK)},
        **kw,
    )
    return new_state(data, ruleset)


# -- heal -------------------------------------------------------------------------------------
def test_HV_HEAL_1_hit_points_never_rise_above_the_maximum() -> None:
    state = board()
    tester = state.figures["tester"]
    tester.hp = 9
    assert heal(state, tester, 3, "a test") == 1
    assert tester.hp == 10


def test_HV_HEAL_1_a_figure_at_its_maximum_may_be_healed_to_remove_conditions() -> None:
    state = board()
    tester = state.figures["tester"]
    tester.conditions.append("wound")
    heal(state, tester, 2, "a test")
    assert tester.hp == 10 and tester.conditions == []


def test_HV_HEAL_1_a_heal_never_reaches_an_enemy() -> None:
    state = board()
    play(state, SelectCard("tester", "t4"), SelectCard("tester", "t1"))
    chance(state, "idle")
    state.figures["dummy 1"].hp = 5
    play(state, PlayHalf("t4", "top"))  # Heal 2, range 2
    assert ChooseTarget("dummy 1") not in state.legal_actions()
    assert ChooseTarget("tester") in state.legal_actions()


def test_HV_HEAL_2_a_modifier_cards_heal_is_a_heal_removing_wound() -> None:
    """A rolling "heal 1" card drawn by the Tester heals it and removes its wound."""
    state = board()
    tester = state.figures["tester"]
    tester.hp = 8
    tester.conditions.append("wound")
    state.decks["tester"].shuffle_in("rolling-heal-1")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "idle")
    play(state, Negate("tester", "suffer"))  # the wound at the start of its turn
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "rolling-heal-1", "+0")
    play(state, KeepEffects())  # HV-DECK-5: the player keeps the card's heal
    assert tester.hp == 8 and "wound" not in tester.conditions  # 7, then healed 1
    assert any("HV-HEAL-2" in e.rules for e in state.log)


# -- shield ------------------------------------------------------------------------------------
def test_HV_SHIELD_1_shield_never_reduces_trap_damage() -> None:
    state = new_state(
        scenario(
            start=[at(0, 0)],
            terrain={"trap": [at(1, 0)]},
            level=1,
            objective={"kind": "survive", "rounds": 3},
        )
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    state.figures["tester"].shield = 1  # a round shield (the shield ability)
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(1, 0)))
    assert state.negation is not None and state.negation.damage == 3


def test_HV_SHIELD_2_a_characters_round_shield_ends_with_the_round() -> None:
    attack = {"cards": [{"id": "hit", "initiative": 70, "actions": [{"type": "attack"}]}]}
    state = board(deck=attack)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "hit")
    play(state, PlayHalf("t6", "bottom"))  # shield 1
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    settle_options(state)
    chance(state, "+0")  # Attack 2 against shield 1
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 9
    for _ in range(5):
        if state.phase == "select":
            break
        play(state, state.legal_actions()[-1])
    assert state.figures["tester"].shield == 0


# -- targets ------------------------------------------------------------------------------------
def test_HV_TGT_1_HV_TGT_2_each_target_once_and_only_enemies() -> None:
    """Attack 3, Target 2 next to two Dummies and the Second: the Second is never offered,
    and a Dummy once attacked is not offered again."""
    cls = make_tester_class()
    cls["cards"][1] = card("t2", 20, [{"type": "attack", "value": 3, "targets": 2}], [])
    data = scenario(
        party=("tester", "tester2"),
        start=[at(1, 1), at(0, 1)],
        monsters=[monster("dummy", at(1, 0)), monster("dummy", at(2, 1))],
        monster_types={"dummy": dummy_monster(hp=9)},
        monster_decks={"dummy": IDLE_DECK},
    )
    data["classes"]["tester"] = cls
    state = new_state(data)
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    play(state, SelectCard("tester2", "t5"), SelectCard("tester2", "t6"))
    chance(state, "idle")
    play(state, PlayHalf("t2", "top"))
    offered = state.legal_actions()
    assert ChooseTarget("tester2") not in offered
    first = next(a for a in offered if isinstance(a, ChooseTarget))
    play(state, first)
    chance(state, "+0")
    assert first not in state.legal_actions()
    assert sum(isinstance(a, ChooseTarget) for a in state.legal_actions()) == 1


def test_HV_TGT_5_an_attack_without_range_is_melee() -> None:
    state = board(monsters=[monster("dummy", at(2, 0))])
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "idle")
    play(state, PlayHalf("t1", "top"))  # Attack 3, melee: the Dummy two hexes away
    assert not any(isinstance(a, ChooseTarget) for a in state.legal_actions())


def test_HV_TGT_6_HV_PUSH_4_effects_come_after_the_damage_even_at_zero() -> None:
    """A null still applies the attack's poison; a target killed is not pushed."""
    cls = make_tester_class()
    cls["cards"][1] = card("t2", 20, [{"type": "attack", "value": 3, "conditions": ["poison"]}], [])
    data = scenario(
        start=[at(0, 0)],
        monsters=[monster("dummy", at(1, 0))],
        monster_types={"dummy": dummy_monster(hp=9)},
        monster_decks={"dummy": IDLE_DECK},
    )
    data["classes"]["tester"] = cls
    state = new_state(data)
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "idle")
    play(state, PlayHalf("t2", "top"), ChooseTarget("dummy 1"))
    chance(state, "null")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 9 and "poison" in dummy.conditions


# -- summons ------------------------------------------------------------------------------------
def test_HV_SUM_5_summons_act_in_the_order_summoned_before_their_summoner() -> None:
    from rulekeeper.games.haven.initiative import actors_of_slot

    state = board()
    for number, h in ((2, at(0, 1)), (1, at(1, 1))):
        pup = Figure(f"tester-pup-{number}", "summon", "pup", h, 3, 3, standee=number)
        state.figures[pup.id] = dataclasses.replace(pup, owner="tester")
    assert actors_of_slot(state, "tester") == ["tester-pup-1", "tester-pup-2", "tester"]


def test_HV_SUM_6_a_monster_attacks_a_summon_as_an_enemy() -> None:
    attack = {"cards": [{"id": "hit", "initiative": 5, "actions": [{"type": "attack"}]}]}
    state = board(deck=attack, monsters=[monster("dummy", at(2, 1))])
    pup = Figure("tester-pup-1", "summon", "pup", at(2, 0), 3, 3, standee=1, owner="tester")
    state.figures[pup.id] = pup
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "hit")
    settle_options(state)
    attacks = [e for e in state.log if e.kind == "attack"]
    assert attacks and attacks[-1].data["target"] == "tester-pup-1"


def test_HV_SUM_7_a_summon_never_opens_a_door() -> None:
    from rulekeeper.games.haven.hero_moves import walk
    from rulekeeper.games.haven.movement import MoveMode

    data = scenario(
        start=[at(0, 0)],
        hexes=[at(q, 0) for q in range(4)],
        rooms=[{"id": "back", "hexes": [at(3, 0)]}],
        doors=[{"hex": at(2, 0), "opens": ["back"]}],
        monsters=[],
        objective={"kind": "survive", "rounds": 2},
    )
    state = new_state(data)
    pup = Figure("tester-pup-1", "summon", "pup", at(1, 0), 3, 3, standee=1, owner="tester")
    state.figures[pup.id] = pup
    walk(state, pup, [at(1, 0), at(2, 0)], MoveMode())
    assert state.open_doors == [] and state.revealed == []


# -- characters -----------------------------------------------------------------------------------
def test_HV_CHAR_1_never_two_of_one_class_and_at_most_four() -> None:
    with pytest.raises(ContentError) as error:
        new_state(scenario(party=("tester", "tester")))
    assert "party" in str(error.value)
    with pytest.raises(ContentError):
        new_state(scenario(party=("tester", "tester2", "tester3", "warden", "sage")))


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_CHAR_1_a_party_of_one_is_refused_unless_the_house_rule_allows_it(ruleset: str) -> None:
    """Two to four characters; a one-character party only under house_rules.one_character."""
    data = scenario()
    del data["house_rules"]
    with pytest.raises(ContentError) as error:
        new_state(data, ruleset)
    assert "HV-CHAR-1" in str(error.value) and "party" in str(error.value)
    data["house_rules"] = {"one_character": False}
    with pytest.raises(ContentError):
        new_state(data, ruleset)
    data["house_rules"] = {"one_character": True}
    assert list(new_state(data, ruleset).heroes) == ["tester"]
    assert len(new_state(scenario(party=("tester", "tester2")), ruleset).heroes) == 2


def test_HV_CHAR_1_the_hand_is_exactly_the_class_hand_size() -> None:
    state = board()
    assert len(state.heroes["tester"].hand) == 6


def test_HV_CHAR_2_a_character_starts_at_its_levels_maximum_with_no_experience() -> None:
    cls = make_tester_class()
    cls["hp"] = [8, 9, 11]
    data = scenario(character_level=3)
    data["classes"]["tester"] = cls
    state = new_state(data)
    tester = state.figures["tester"]
    assert tester.hp == tester.max_hp == 11
    assert state.heroes["tester"].xp == 0


# -- HV-BONUS-5 -------------------------------------------------------------------------------------
def test_HV_BONUS_5_an_active_card_counts_as_a_discard_for_a_long_rest() -> None:
    """One discard and one active persistent card: a long rest is allowed, and may lose the
    active card, which ends its bonus."""
    state = board()
    hero = state.heroes["tester"]
    hero.hand.remove("t1")
    hero.discard.append("t1")
    hero.hand.remove("t2")
    bonuses.start_from_card(
        state,
        hero,
        "t2",
        state.spec.classes["tester"]
        .cards[1]
        .bottom.model_copy(update={"bonus": BonusSpec(duration="persistent", shield=1)}),
    )
    assert LongRest("tester") in state.legal_actions()
    play(state, LongRest("tester"))
    chance(state, "idle")
    assert LoseCard("tester", "t2") in state.legal_actions()
    play(state, LoseCard("tester", "t2"))
    assert "t2" in hero.lost and bonuses.active_cards(state, "tester") == []
    assert "t1" in hero.hand


def test_HV_BONUS_5_without_active_cards_one_discard_is_not_enough() -> None:
    state = board()
    hero = state.heroes["tester"]
    hero.hand.remove("t1")
    hero.discard.append("t1")
    with pytest.raises(RuleViolation) as refused:
        state.apply(LongRest("tester"))
    assert refused.value.rule_id == "HV-REST-3"


def test_exhaustion_sends_active_cards_to_the_lost_pile() -> None:
    """HV-EXH-2 with HV-BONUS-1: the active area empties into the lost pile."""
    state = board()
    hero = state.heroes["tester"]
    hero.hand.remove("t2")
    bonuses.start_from_card(
        state,
        hero,
        "t2",
        state.spec.classes["tester"]
        .cards[1]
        .bottom.model_copy(update={"bonus": BonusSpec(duration="persistent", shield=1)}),
    )
    exhaustion.exhaust(state, hero, "a test")
    assert "t2" in hero.lost and state.bonuses == ()


# -- HV-CHAR-6 --------------------------------------------------------------------------------------
def recovering(unrecoverable: bool = False) -> HavenState:
    """The Tester's t2 bottom: "Recover 1 lost card"; t5 is already lost."""
    cls = make_tester_class()
    cls["cards"][1] = card("t2", 20, [], [{"type": "recover", "value": 1}])
    cls["cards"][4]["unrecoverable"] = unrecoverable
    data = scenario(
        start=[at(0, 0)],
        monsters=[monster("dummy", at(5, 3))],
        monster_decks={"dummy": IDLE_DECK},
    )
    data["classes"]["tester"] = cls
    state = new_state(data)
    hero = state.heroes["tester"]
    hero.hand.remove("t5")
    hero.lost.append("t5")
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t1"))
    chance(state, "idle")
    return state


def test_HV_CHAR_6_recover_returns_a_lost_card_to_hand() -> None:
    from rulekeeper.games.haven.actions import RecoverCard

    state = recovering()
    play(state, PlayHalf("t2", "bottom"))
    assert RecoverCard("t5") in state.legal_actions()
    play(state, RecoverCard("t5"))
    hero = state.heroes["tester"]
    assert "t5" in hero.hand and "t5" not in hero.lost


def test_HV_CHAR_6_an_unrecoverable_card_never_comes_back() -> None:
    from rulekeeper.games.haven.actions import RecoverCard

    state = recovering(unrecoverable=True)
    play(state, PlayHalf("t2", "bottom"))
    assert RecoverCard("t5") not in state.legal_actions()
    assert "t5" in state.heroes["tester"].lost
    assert any("HV-CHAR-6" in e.rules for e in state.log)


# -- HV-DECK-5 -------------------------------------------------------------------------------------
def test_HV_DECK_5_a_character_may_decline_a_drawn_cards_added_effect() -> None:
    """A rolling +1 poison card: the damage is dealt, then the player declines the
    poison, so the Dummy is not poisoned; keeping it would have poisoned it."""
    for decline in (True, False):
        state = board()
        state.decks["tester"].shuffle_in("rolling-poison")
        play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
        chance(state, "idle")
        play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
        chance(state, "rolling-poison", "+0")
        assert state.figures["dummy 1"].hp == 9 - 3  # the damage comes first (HV-TGT-6)
        assert state.legal_actions() == [KeepEffects(), DeclineEffect("poison")]
        play(state, DeclineEffect("poison") if decline else KeepEffects())
        assert ("poison" in state.figures["dummy 1"].conditions) is not decline
