"""Attacking and salvaging: SV-ATK-*, SV-SALV-*."""

from __future__ import annotations

from salvage_helpers import RUNNER, act, lab, place_enemy, rejected, roll, statuses

from rulekeeper.games.salvage.actions import (
    ApplyHit,
    ApplyRoll,
    CommitDie,
    EndEngagement,
    EndTurn,
    FinishAttack,
    FinishRecovery,
    RecoverDie,
    Reroll,
    RollDice,
    StartAttack,
    StartSalvage,
)
from rulekeeper.games.salvage.records import HeroDie


def attack_roll(state, faces: list[str], dice: list[str] | None = None) -> None:
    act(state, StartAttack(), *(CommitDie(d) for d in dice or ["brass"] * len(faces)), RollDice())
    roll(state, *faces)


def test_SV_ATK_1_commit_at_most_max_health_dice() -> None:
    """SV-ATK-1: max Health 3 caps the dice committed to an attack."""
    state = lab()
    act(state, StartAttack(), CommitDie("brass"), CommitDie("brass"), CommitDie("brass"))
    rejected(state, CommitDie("brass"), "SV-ATK-1")


def test_SV_ATK_1_dice_applied_earlier_this_turn_do_not_count() -> None:
    """SV-ATK-1: after 2 dice were applied to an enemy, a new attack still commits 3."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    attack_roll(state, ["hit", "hit", "hit"])
    act(state, ApplyHit(0, hulk), ApplyHit(1, hulk), FinishAttack())
    assert statuses(state, RUNNER)[:3] == ["applied", "applied", "exhausted"]
    act(state, StartAttack(), CommitDie("brass"), CommitDie("brass"), CommitDie("ember"))
    assert state.heroes[RUNNER].count("committed") == 3


def test_SV_ATK_2_hits_split_among_enemies_in_the_room() -> None:
    """SV-ATK-2: one die at a time, to any enemies in the same room, as the hero likes."""
    state = lab()
    grub = place_enemy(state, "Lab Grub", 0)
    hulk = place_enemy(state, "Lab Hulk", 0)
    elsewhere = place_enemy(state, "Lab Grub", 1)
    attack_roll(state, ["hit", "hit", "blank"])
    legal = state.legal_actions()
    assert {a for a in legal if isinstance(a, ApplyHit)} == {
        ApplyHit(0, grub),
        ApplyHit(0, hulk),
        ApplyHit(1, grub),
        ApplyHit(1, hulk),
    }
    rejected(state, ApplyHit(0, elsewhere), "SV-ATK-2")
    rejected(state, ApplyHit(2, grub), "SV-ATK-2")  # a blank is no hit
    act(state, ApplyHit(0, grub), ApplyHit(1, hulk))
    assert [e.wounds for e in state.enemies if e.id in (grub, hulk)] == [1, 1]
    rejected(state, Reroll(), "SV-STRAT-1")  # applying hits ended the Strategy phases


def test_SV_ATK_2_an_enemy_is_defeated_when_hits_reach_its_health() -> None:
    """SV-ATK-2 (ASSUMED): the Grub (Health 2) is removed after two applied hits."""
    state = lab()
    grub = place_enemy(state, "Lab Grub", 0)
    attack_roll(state, ["hit", "hit"])
    act(state, ApplyHit(0, grub))
    assert state.enemy(grub) is not None
    act(state, ApplyHit(1, grub))
    assert state.enemy(grub) is None
    assert statuses(state, RUNNER)[:2] == ["applied", "applied"]


def test_SV_ATK_2_attack_hits_are_not_applied_all_at_once() -> None:
    """SV-ATK-2: an attack applies hits die by die, not with apply_roll."""
    state = lab()
    place_enemy(state, "Lab Hulk", 0)
    attack_roll(state, ["hit"])
    rejected(state, ApplyRoll(), "SV-ATK-2")


def test_SV_ATK_3_applied_crits_raise_noise_unapplied_do_not() -> None:
    """SV-ATK-3: one crit applied (+1 noise), one left unapplied (no noise, exhausted)."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    attack_roll(state, ["crit", "crit"])
    act(state, ApplyHit(0, hulk))
    assert state.noise == 1
    act(state, FinishAttack())
    assert state.noise == 1
    assert statuses(state, RUNNER)[:2] == ["applied", "exhausted"]


def test_SV_ATK_4_applied_dice_exhaust_only_at_the_exhaust_dice_step() -> None:
    """SV-ATK-4: applied dice stay applied through the turn and the Enemy phase."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 8)
    state.enemies[-1].room = 0
    attack_roll(state, ["hit"])
    act(state, ApplyHit(0, hulk), FinishAttack(), EndTurn())
    assert statuses(state, RUNNER)[0] == "applied"
    act(state, EndEngagement())
    assert state.phase == "enemy"
    assert statuses(state, RUNNER)[0] == "applied"
    roll(state, "blank", "blank")  # the Hulk's two Damage dice
    assert state.phase == "exhaust"
    assert statuses(state, RUNNER)[0] == "exhausted"


def test_SV_SALV_1_salvage_is_legal_in_an_inactive_room() -> None:
    """SV-SALV-1: the East room is face-down, and salvage still gains its item."""
    state = lab()
    state.heroes[RUNNER].room = 5
    assert not state.rooms[5].active
    act(state, StartSalvage())
    roll(state, *["blank"] * 6)
    act(state, ApplyRoll())
    assert [i.name for i in state.heroes[RUNNER].items][-1] == "Spare Cell"


def test_SV_SALV_2_salvage_commits_every_ready_die() -> None:
    """SV-SALV-2: 5 ready dice (one exhausted) are all committed, beyond max Health."""
    state = lab()
    hero = state.heroes[RUNNER]
    hero.dice[0] = HeroDie("brass", "exhausted")
    act(state, StartSalvage())
    assert hero.count("committed") == 5
    roll(state, "blank", "blank", "blank", "blank", "blank")
    rejected(state, CommitDie("brass"), "SV-SALV-2")


def test_SV_SALV_3_apply_all_hits_or_repeat_the_strategy_phase() -> None:
    """SV-SALV-3: after the roll the only choices are re-roll or apply."""
    state = lab()
    act(state, StartSalvage())
    roll(state, *["hit"] * 6)
    assert state.legal_actions() == [Reroll(), ApplyRoll()]


def test_SV_SALV_4_gain_the_top_item_whatever_the_roll() -> None:
    """SV-SALV-4: all blanks still gain the top item; an empty stack gives nothing."""
    state = lab()
    for expected in ("Tonic Flask", "Lab Beacon"):
        act(state, StartSalvage())
        roll(state, *["blank"] * 6)
        act(state, ApplyRoll())
        assert state.heroes[RUNNER].items[-1].name == expected
    assert state.rooms[0].items == ()
    act(state, StartSalvage())
    roll(state, *["blank"] * 6)
    act(state, ApplyRoll())
    assert len(state.heroes[RUNNER].items) == 4


def test_SV_SALV_5_each_applied_crit_raises_noise_and_may_recover_a_die() -> None:
    """SV-SALV-5: two crits: noise +2; the hero recovers one die and declines the second."""
    state = lab()
    hero = state.heroes[RUNNER]
    hero.dice[0] = HeroDie("brass", "exhausted")
    hero.dice[5] = HeroDie("ember", "exhausted")
    act(state, StartSalvage())
    roll(state, "crit", "crit", "blank", "hit")
    act(state, ApplyRoll())
    assert state.noise == 2
    assert state.legal_actions() == [RecoverDie("brass"), RecoverDie("ember"), FinishRecovery()]
    act(state, RecoverDie("ember"))
    assert hero.dice[5].status == "ready"
    act(state, FinishRecovery())
    assert hero.dice[0].status == "exhausted"
    assert state.noise == 2


def test_SV_SALV_5_no_more_recoveries_than_crits() -> None:
    """SV-SALV-5: one crit recovers at most one die."""
    state = lab()
    hero = state.heroes[RUNNER]
    hero.dice[0] = HeroDie("brass", "exhausted")
    hero.dice[1] = HeroDie("brass", "exhausted")
    act(state, StartSalvage())
    roll(state, "crit", "blank", "blank", "blank")
    act(state, ApplyRoll(), RecoverDie("brass"))
    assert hero.count("exhausted") == 1
    assert state.recoveries == []
    rejected(state, RecoverDie("brass"), "SV-SALV-5")


def test_SV_SALV_6_rolled_dice_return_to_ready() -> None:
    """SV-SALV-6: after salvaging, the rolled dice are ready, not exhausted."""
    state = lab()
    act(state, StartSalvage())
    roll(state, "hit", "blank", "hit", "hit", "blank", "hit")
    act(state, ApplyRoll())
    assert statuses(state, RUNNER) == ["ready"] * 6
