"""Refusals while dice are pending cite the rule that forbids the action (issue 17).

A salvage rule that forbids an action whatever the dice show is cited before
CORE-CHANCE; an action that only has to wait for the dice is refused under
CORE-CHANCE.
"""

from __future__ import annotations

from salvage_helpers import act, lab, place_enemy, rejected, roll

from rulekeeper.games.salvage.actions import (
    ApplyHit,
    ApplyRoll,
    ChooseHero,
    CommitDie,
    DieFace,
    EndTurn,
    Reroll,
    RollDice,
    StartAttack,
    StartMove,
    StartSalvage,
    Step,
    UseRoomAction,
)


def test_SV_SALV_2_commit_during_a_salvage_roll_cites_the_salvage_rule() -> None:
    """SV-SALV-2: salvage commits every ready die at once; mid-roll, a commit breaks it."""
    state = lab()
    act(state, StartSalvage())
    assert state.is_chance_node()
    rejected(state, CommitDie("brass"), "SV-SALV-2")


def test_SV_STRAT_1_a_reroll_beyond_strategy_is_refused_under_strategy_mid_roll() -> None:
    """SV-STRAT-1: the Porter (Strategy 1) may never re-roll, dice landed or not."""
    state = lab(hero=1)
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    act(state, DieFace("brass", "hit"))  # one die landed, one still rolling
    assert state.is_chance_node()
    rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_STRAT_4_a_room_roll_refuses_a_reroll_before_its_dice_land() -> None:
    """SV-STRAT-4: a room action never repeats the Strategy phase, even mid-roll."""
    state = lab()
    act(state, UseRoomAction(0, "Fortune Idol"))
    assert state.is_chance_node()
    rejected(state, Reroll(), "SV-STRAT-4")


def test_SV_ATK_2_an_attack_never_applies_a_whole_roll_even_mid_roll() -> None:
    """SV-ATK-2: an attack applies hits one die at a time, so apply_roll is never legal."""
    state = lab()
    act(state, StartAttack(), CommitDie("brass"), RollDice())
    rejected(state, ApplyRoll(), "SV-ATK-2")


def test_SV_ENG_1_and_SV_ROUND_1_rules_come_before_waiting_on_dice() -> None:
    """SV-ENG-1: no new action mid-action; SV-ROUND-1: no hero is named mid-turn."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), RollDice())
    rejected(state, StartAttack(), "SV-ENG-1")
    rejected(state, EndTurn(), "SV-ENG-1")
    rejected(state, ChooseHero(1), "SV-ROUND-1")


def test_CORE_CHANCE_what_only_waits_on_the_dice_is_refused_for_them() -> None:
    """CORE-CHANCE: applying a move roll, a re-roll with phases left, or a hit of an
    attack whose dice are still rolling only wait for the dice."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), RollDice())
    rejected(state, ApplyRoll(), "CORE-CHANCE")
    rejected(state, Reroll(), "CORE-CHANCE")  # Strategy 2: a re-roll may follow
    roll(state, "blank")
    act(state, ApplyRoll())
    grub = place_enemy(state, "Lab Grub", 0)
    act(state, StartAttack(), CommitDie("brass"), RollDice())
    rejected(state, ApplyHit(0, grub), "CORE-CHANCE")


def test_SV_OPP_1_a_step_waits_on_an_opportunity_attack_die() -> None:
    """SV-OPP-1: the next step comes after the opportunity attack's die lands (CORE-CHANCE)."""
    state = lab()
    place_enemy(state, "Lab Grub", 0)
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "hit", "hit")
    act(state, ApplyRoll(), Step(1))
    assert state.is_chance_node()
    rejected(state, Step(2), "CORE-CHANCE")
