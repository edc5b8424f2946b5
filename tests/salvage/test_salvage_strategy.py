"""Engagement and the Strategy phase: SV-ENG-*, SV-STRAT-*."""

from __future__ import annotations

from salvage_helpers import PORTER, RUNNER, act, lab, place_enemy, rejected, roll

from rulekeeper.games.salvage.actions import (
    ApplyHit,
    ApplyRoll,
    CommitDie,
    OfferItem,
    Reroll,
    RollDice,
    StartAttack,
    StartMove,
    StartSalvage,
    StartTrade,
    StopMoving,
    UseItem,
    UseRoomAction,
)


def zero_dice_move(state) -> None:
    act(state, StartMove(), RollDice(), ApplyRoll())


def test_SV_ENG_1_four_actions_then_a_fifth_is_refused() -> None:
    """SV-ENG-1: up to four actions, the same one repeated; a fifth is illegal."""
    state = lab()
    for _ in range(4):
        zero_dice_move(state)
    assert state.actions_used == 4
    assert StartMove() not in state.legal_actions()
    rejected(state, StartMove(), "SV-ENG-1")
    rejected(state, StartSalvage(), "SV-ENG-1")


def test_SV_ENG_1_an_action_item_counts_and_is_refused_after_four() -> None:
    """SV-ENG-1 with SV-ITEM-1: an item whose use is an action is a fifth action."""
    state = lab()
    grub = place_enemy(state, "Lab Hulk", 0)
    for _ in range(4):
        zero_dice_move(state)
    rejected(state, UseItem(1, grub), "SV-ENG-1")  # Flare Gun says "Action"
    state.heroes[RUNNER].health = 1
    act(state, UseItem(0))  # Patch Kit is no action: still usable
    assert state.heroes[RUNNER].health == 2


def test_SV_ENG_2_basic_actions_are_offered() -> None:
    """SV-ENG-2: move, attack, salvage and trade are basic actions; rooms and items add more."""
    state = lab()
    legal = state.legal_actions()
    for action in (StartMove(), StartAttack(), StartSalvage(), StartTrade(PORTER)):
        assert action in legal
    assert UseRoomAction(0, "Mend Station") in legal
    assert UseItem(0) in legal


def test_SV_STRAT_1_strategy_two_allows_exactly_one_reroll() -> None:
    """SV-STRAT-1: Strategy 2 means the first roll plus one repeat."""
    state = lab(RUNNER)
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "blank")
    assert Reroll() in state.legal_actions()
    act(state, Reroll())
    roll(state, "blank")
    assert Reroll() not in state.legal_actions()
    rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_STRAT_1_the_first_roll_is_the_first_strategy_phase() -> None:
    """SV-STRAT-1: a Strategy 1 hero may not re-roll at all."""
    state = lab(PORTER)
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "blank")
    assert state.legal_actions() == [ApplyRoll()]
    rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_STRAT_1_no_reroll_without_a_roll() -> None:
    """SV-STRAT-1: re-rolling needs a roll of the current action."""
    state = lab()
    rejected(state, Reroll(), "SV-STRAT-1")
    act(state, StartMove(), CommitDie("brass"))
    rejected(state, Reroll(), "SV-STRAT-1")


def test_SV_STRAT_2_reroll_rerolls_every_committed_die() -> None:
    """SV-STRAT-2: the hits are re-rolled too, not only the blanks."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), CommitDie("ember"), RollDice())
    roll(state, "hit", "hit", "blank")
    act(state, Reroll())
    assert state.is_chance_node()
    roll(state, "blank", "blank", "blank")  # three dice re-rolled, all three now blank
    faces = [d.face for d in state.heroes[RUNNER].dice if d.status == "committed"]
    assert faces == ["blank", "blank", "blank"]


def test_SV_STRAT_3_rerolled_crits_raise_no_noise() -> None:
    """SV-STRAT-3: only applied crits raise noise; re-rolled crits never do."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "crit", "crit")
    act(state, Reroll())
    assert state.noise == 0
    roll(state, "blank", "crit")
    assert state.noise == 0
    act(state, ApplyRoll(), StopMoving())
    assert state.noise == 1


def test_SV_STRAT_4_trade_has_no_strategy_phase() -> None:
    """SV-STRAT-4: trade never rolls, so it cannot repeat a Strategy phase."""
    state = lab()
    act(state, StartTrade(PORTER), OfferItem(RUNNER, 0))
    rejected(state, Reroll(), "SV-STRAT-4")


def test_SV_STRAT_4_a_room_roll_never_repeats_the_strategy_phase() -> None:
    """SV-STRAT-4: the Fortune Idol rolls dice, and they may not be re-rolled."""
    state = lab()
    state.heroes[RUNNER].health = 1
    act(state, UseRoomAction(0, "Fortune Idol"))
    roll(state, "hit", "crit")
    assert state.legal_actions() == [ApplyRoll()]
    rejected(state, Reroll(), "SV-STRAT-4")
    act(state, ApplyRoll())
    assert state.heroes[RUNNER].health == 3
    assert state.noise == 1  # the applied crit makes noise (catalog Terms)


def test_SV_STRAT_1_the_prompt_offers_a_reroll_only_while_one_is_legal() -> None:
    """SV-STRAT-1: the Runner (Strategy 2) is asked "re-roll or apply"; the Porter
    (Strategy 1) is only asked to apply, and told which rule forbids a re-roll."""
    runner = lab(RUNNER)
    act(runner, StartMove(), CommitDie("brass"), RollDice())
    roll(runner, "hit")
    assert runner.pending_decision().startswith("re-roll")
    porter = lab(PORTER)
    act(porter, StartMove(), CommitDie("brass"), RollDice())
    roll(porter, "hit")
    prompt = porter.pending_decision()
    assert "re-roll," not in prompt and prompt.startswith("apply the move roll")
    assert "SV-STRAT-1" in prompt


def test_SV_STRAT_1_no_reroll_prompt_after_an_attack_hit_is_applied() -> None:
    """SV-STRAT-1: once a hit is applied the attack's Strategy phases are over."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    act(state, StartAttack(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "hit", "hit")
    assert state.pending_decision().startswith("re-roll")
    act(state, ApplyHit(0, hulk))
    prompt = state.pending_decision()
    assert not prompt.startswith("re-roll") and "SV-STRAT-1" in prompt


def test_SV_STRAT_4_the_room_roll_prompt_offers_no_reroll() -> None:
    """SV-STRAT-4: a room action's roll is only applied, and the prompt says so."""
    state = lab()
    act(state, UseRoomAction(0, "Fortune Idol"))
    roll(state, "hit", "blank")
    prompt = state.pending_decision()
    assert prompt.startswith("apply the room roll") and "SV-STRAT-4" in prompt


def test_SV_STRAT_2_the_log_announces_the_reroll_before_the_new_phase_rolls() -> None:
    """SV-STRAT-2/3: a re-roll is logged as the re-roll, its crits costing no noise,
    then the next Strategy phase's roll, in that order."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "crit")
    seen = len(state.log)
    act(state, Reroll())
    assert [(e.kind, e.rules) for e in state.log[seen:]] == [
        ("reroll", ("SV-STRAT-2",)),
        ("quiet", ("SV-STRAT-3",)),
        ("roll", ("SV-STRAT-1",)),
    ]
