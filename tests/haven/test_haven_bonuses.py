"""Active bonuses in play (HV-BONUS-1..5), summon cards (HV-SUM-4) and experience (HV-CHAR-3).

The Tester's t2 is replaced by a card whose bottom carries a bonus; the Dummy
stands next to the Tester with 9 hit points.
"""

from __future__ import annotations

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
from rulekeeper.games.haven import bonuses
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    EndBonus,
    Negate,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState


def with_bonus(bonus: dict[str, Any], *, lost: bool = False, experience: int = 0) -> HavenState:
    return board(bottom_bonus=bonus, lost=lost, experience=experience)


def board(
    ruleset: str = "gloomhaven",
    *,
    bottom_bonus: dict[str, Any] | None = None,
    lost: bool = False,
    experience: int = 0,
    dummy_deck: dict[str, Any] | None = None,
) -> HavenState:
    cls = make_tester_class()
    half: dict[str, Any] = {"actions": [], "lost": lost, "xp": experience}
    if bottom_bonus is not None:
        half["bonus"] = bottom_bonus
    cls["cards"][1] = {
        **card("t2", 20, [{"type": "attack", "value": 3}], []),
        "bottom": half,
    }
    data = scenario(
        start=[at(0, 0)],
        monsters=[monster("dummy", at(1, 0))],
        monster_types={"dummy": dummy_monster(hp=9)},
        monster_decks={"dummy": dummy_deck or IDLE_DECK},
    )
    data["classes"]["tester"] = cls
    return new_state(data, ruleset)


def start_round(state: HavenState, first: str = "t2", second: str = "t1") -> None:
    play(state, SelectCard("tester", first), SelectCard("tester", second))
    chance(state, state.legal_actions()[0].label().split()[-1])  # the Dummy's only card


def attack_dummy(state: HavenState, half_card: str = "t1", draw: str = "+0") -> None:
    play(state, PlayHalf(half_card, "top"), ChooseTarget("dummy 1"))
    chance(state, draw)


def end_round(state: HavenState) -> None:
    for _ in range(50):
        if state.phase == "select" or state.is_terminal():
            return
        settle_options(state)
        if state.is_chance_node():
            chance(state, "+0")
            continue
        actions = [a for a in state.legal_actions() if not isinstance(a, EndBonus)]
        play(state, Skip() if Skip() in actions else actions[-1])


# -- HV-BONUS-1, HV-BONUS-2 ---------------------------------------------------------------
def test_HV_BONUS_1_a_bonus_half_sends_its_card_to_the_active_area() -> None:
    state = with_bonus({"duration": "persistent", "attack": 1})
    start_round(state)
    play(state, PlayHalf("t2", "bottom"))
    hero = state.heroes["tester"]
    assert "t2" not in hero.discard and "t2" not in hero.lost
    assert bonuses.active_cards(state, "tester") == ["t2"]
    assert any("HV-BONUS-1" in e.rules for e in state.log)


def test_HV_BONUS_2_a_round_bonus_shields_this_round_then_its_card_is_discarded() -> None:
    attack_deck = {
        "cards": [{"id": "hit", "initiative": 70, "actions": [{"type": "attack", "value": 1}]}]
    }
    state = board(bottom_bonus={"duration": "round", "shield": 2}, dummy_deck=attack_deck)
    start_round(state, "t2", "t1")
    play(state, PlayHalf("t2", "bottom"))  # shield 2 this round
    attack_dummy(state)
    settle_options(state)
    chance(state, "+0")  # the Dummy's Attack 3 (2 + 1) against shield 2
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 1
    end_round(state)
    assert "t2" in state.heroes["tester"].discard
    assert bonuses.active_cards(state, "tester") == []
    assert any("HV-BONUS-2" in e.rules for e in state.log)


# -- HV-BONUS-3 --------------------------------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "pile"), [("gloomhaven", "lost"), ("frosthaven", "discard")])
def test_HV_BONUS_3_slots_advance_give_experience_and_end_the_bonus(
    ruleset: str, pile: str
) -> None:
    """+1 attack on the next two attacks, an experience icon on the second slot: two
    attacks use both slots; the card then goes to [GH] the lost pile, [FH] its own pile
    (here the discard pile: no lost icon)."""
    spec = {"duration": "persistent", "attack": 1, "uses": 2, "experience": [2]}
    state = board(ruleset, bottom_bonus=spec)
    start_round(state)
    play(state, PlayHalf("t2", "bottom"))
    attack_dummy(state)
    assert state.figures["dummy 1"].hp == 9 - 4  # Attack 3 + 1
    assert bonuses.find(state, "tester/t2") is not None
    end_round(state)
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    chance(state, "idle")
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0", "+0")  # ranged and adjacent: disadvantage (HV-ATK-3)
    assert state.figures["dummy 1"].hp == 9 - 4 - 4
    hero = state.heroes["tester"]
    assert hero.xp == 1
    assert "t2" in getattr(hero, pile)
    assert bonuses.active_cards(state, "tester") == []


def test_HV_BONUS_3_frosthaven_a_bonus_of_n_rounds_skips_the_round_it_was_played() -> None:
    state = board("frosthaven", bottom_bonus={"duration": "persistent", "shield": 1, "rounds": 1})
    start_round(state)
    play(state, PlayHalf("t2", "bottom"))
    end_round(state)
    assert bonuses.active_cards(state, "tester") == ["t2"]  # the round it was played
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    chance(state, "idle")
    end_round(state)
    assert bonuses.active_cards(state, "tester") == []
    assert "t2" in state.heroes["tester"].discard


def test_HV_BONUS_3_the_bonus_model_is_checked_at_load() -> None:
    with pytest.raises(ContentError) as error:
        with_bonus({"duration": "persistent", "uses": 2})
    assert "classes.tester.cards.1.bottom.bonus" in str(error.value)
    with pytest.raises(ContentError):
        with_bonus({"duration": "round", "attack": 1, "uses": 1})


# -- HV-BONUS-4 --------------------------------------------------------------------------------
def test_HV_BONUS_4_a_persistent_bonus_without_slots_lasts_and_may_be_removed() -> None:
    state = with_bonus({"duration": "persistent", "shield": 1})
    start_round(state)
    play(state, PlayHalf("t2", "bottom"))
    end_round(state)
    assert bonuses.active_cards(state, "tester") == ["t2"]
    play(state, SelectCard("tester", "t3"), SelectCard("tester", "t4"))
    chance(state, "idle")
    assert EndBonus("t2") in state.legal_actions()
    play(state, EndBonus("t2"))
    assert bonuses.active_cards(state, "tester") == []
    assert "t2" in state.heroes["tester"].discard


def test_HV_BONUS_4_frosthaven_a_round_bonus_cannot_be_removed_at_will() -> None:
    for ruleset, allowed in (("gloomhaven", True), ("frosthaven", False)):
        state = board(ruleset, bottom_bonus={"duration": "round", "shield": 1})
        start_round(state)
        play(state, PlayHalf("t2", "bottom"))
        assert (EndBonus("t2") in state.legal_actions()) is allowed
        if not allowed:
            before = state.to_dict()
            with pytest.raises(RuleViolation) as refused:
                state.apply(EndBonus("t2"))
            assert refused.value.rule_id == "HV-BONUS-4"
            assert state.to_dict() == before


# -- HV-SUM-4 ------------------------------------------------------------------------------------
def summoned() -> HavenState:
    """The Tester's t6 summons a Pup (3 hit points) next to it; t6's top is lost."""
    state = board()
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "idle")
    play(state, PlayHalf("t6", "top"), PlaceSummon(at(0, 1)))
    return state


def test_HV_SUM_4_the_summon_card_stays_active_while_the_summon_lives() -> None:
    state = summoned()
    bonus = bonuses.find(state, "tester/t6")
    assert bonus is not None and bonus.summon == "tester-pup-1"
    from rulekeeper.games.haven import exhaustion

    exhaustion.hurt(state, state.figures["tester-pup-1"], 3, "a test", ())
    assert bonuses.active_cards(state, "tester") == []
    assert "t6" in state.heroes["tester"].lost  # its lost icon


def test_HV_SUM_4_removing_the_card_dismisses_the_summon() -> None:
    state = summoned()
    play(state, EndBonus("t6"))
    assert "tester-pup-1" not in state.figures
    assert "t6" in state.heroes["tester"].lost


# -- HV-CHAR-3, HV-CHAR-4 ---------------------------------------------------------------------------
def test_HV_CHAR_3_an_action_with_experience_gives_it_when_performed() -> None:
    state = with_bonus({"duration": "persistent", "shield": 1}, experience=2)
    start_round(state)
    play(state, PlayHalf("t2", "bottom"))
    assert state.heroes["tester"].xp == 2


def test_HV_CHAR_4_a_basic_action_gives_no_experience_and_discards_the_card() -> None:
    state = with_bonus({"duration": "persistent", "shield": 1}, lost=True, experience=2)
    start_round(state)
    play(state, PlayHalf("t2", "bottom", basic=True))  # Move 2 instead
    play(state, Skip())
    hero = state.heroes["tester"]
    assert hero.xp == 0
    assert "t2" in hero.discard and bonuses.active_cards(state, "tester") == []
    assert any("HV-CHAR-4" in e.rules for e in state.log)
