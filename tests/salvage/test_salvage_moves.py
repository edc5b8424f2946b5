"""Moving, opportunity attacks and activating rooms: SV-MOVE-*, SV-OPP-*."""

from __future__ import annotations

from salvage_helpers import PORTER, RUNNER, act, lab, place_enemy, rejected, roll, statuses

from rulekeeper.games.salvage.actions import (
    ActivateRoom,
    ApplyRoll,
    CommitDie,
    EnemyFace,
    LeaveInactive,
    NextOpportunity,
    Reroll,
    RollDice,
    StartMove,
    Step,
    StopMoving,
)


def test_SV_MOVE_1_commit_at_most_max_health_dice() -> None:
    """SV-MOVE-1: Lab Runner has 6 dice but max Health 3."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), CommitDie("ember"))
    assert all(not isinstance(a, CommitDie) for a in state.legal_actions())
    error = rejected(state, CommitDie("brass"), "SV-MOVE-1")
    assert "max Health" in str(error)


def test_SV_MOVE_1_commit_only_ready_dice() -> None:
    """SV-MOVE-1: a die that is not ready cannot be committed."""
    state = lab(PORTER)  # Porter has brass dice only
    act(state, StartMove())
    rejected(state, CommitDie("ember"), "SV-MOVE-1")


def test_SV_MOVE_1_zero_dice_is_a_legal_commit() -> None:
    """SV-MOVE-1: 0 dice may be committed; the move then has no hits to apply."""
    state = lab()
    act(state, StartMove(), RollDice())
    assert not state.is_chance_node()
    assert state.legal_actions() == [ApplyRoll()]
    act(state, ApplyRoll())
    assert state.pending is None and state.actions_used == 1


def test_SV_MOVE_2_apply_all_hits_or_repeat_strategy() -> None:
    """SV-MOVE-2: after rolling, the choice is re-roll or apply; then move up to the hits."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "hit", "crit", "blank")
    assert state.legal_actions() == [Reroll(), ApplyRoll()]
    act(state, ApplyRoll())
    assert state.pending is not None and state.pending.steps_left == 2
    act(state, Step(1), Step(0))
    assert state.heroes[RUNNER].room == 0
    assert state.pending is None  # both hits used: the move is over
    rejected(state, Step(1), "SV-MOVE-2")


def test_SV_MOVE_2_a_hero_may_move_fewer_rooms_than_hits() -> None:
    """SV-MOVE-2: "up to" that many rooms."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "hit", "hit")
    act(state, ApplyRoll(), Step(1), StopMoving())
    assert state.heroes[RUNNER].room == 1


def test_SV_MOVE_3_applied_crits_raise_noise_even_unused() -> None:
    """SV-MOVE-3: each applied crit raises noise by 1 though the hero does not move."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "crit", "crit")
    act(state, ApplyRoll(), StopMoving())
    assert state.noise == 2
    assert state.heroes[RUNNER].room == 0


def test_SV_MOVE_4_only_orthogonal_steps_into_active_or_inactive_rooms() -> None:
    """SV-MOVE-4: room 4 is diagonal to room 0; rooms 1 (inactive) and 0 (active) are fine."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), RollDice())
    roll(state, "hit", "hit")
    act(state, ApplyRoll())
    assert {a for a in state.legal_actions() if isinstance(a, Step)} == {Step(1), Step(3)}
    rejected(state, Step(4), "SV-MOVE-4")
    rejected(state, Step(2), "SV-MOVE-4")
    act(state, Step(1))
    assert not state.rooms[1].active and state.heroes[RUNNER].room == 1
    act(state, Step(0))
    assert state.heroes[RUNNER].room == 0


def test_SV_MOVE_5_all_rolled_dice_are_exhausted_after_moving() -> None:
    """SV-MOVE-5: blanks, hits and crits alike are exhausted."""
    state = lab()
    act(state, StartMove(), CommitDie("brass"), CommitDie("brass"), CommitDie("ember"), RollDice())
    roll(state, "blank", "hit", "crit")
    act(state, ApplyRoll(), StopMoving())
    assert statuses(state, RUNNER) == [
        "exhausted",
        "exhausted",
        "ready",
        "ready",
        "ready",
        "exhausted",
    ]


def test_SV_MOVE_6_zero_dice_move_to_look_and_activate() -> None:
    """SV-MOVE-6: a zero-dice move lets a hero in an inactive room activate it."""
    state = lab()
    state.heroes[RUNNER].room = 1
    act(state, StartMove(), RollDice(), ApplyRoll())
    assert state.legal_actions() == [ActivateRoom("free"), LeaveInactive()]
    act(state, ActivateRoom("free"))
    assert state.rooms[1].active
    assert state.pending is None


def test_SV_MOVE_6_activation_needs_a_requirement_met() -> None:
    """SV-MOVE-6: the Sturdy room asks Health 4 or 5 ready dice; the Runner has only the dice."""
    state = lab()
    state.heroes[RUNNER].room = 3
    act(state, StartMove(), RollDice(), ApplyRoll())
    assert state.legal_actions() == [ActivateRoom("dice:5"), LeaveInactive()]
    rejected(state, ActivateRoom("health:4"), "SV-MOVE-6")
    rejected(state, ActivateRoom("item:Brass Key"), "SV-MOVE-6")
    act(state, LeaveInactive())
    assert not state.rooms[3].active


def test_SV_MOVE_6_no_requirement_met_means_nothing_to_choose() -> None:
    """SV-MOVE-6: without the Brass Key the Runner looks at the Locked room and moves on."""
    state = lab()
    state.heroes[RUNNER].room = 2
    act(state, StartMove(), RollDice(), ApplyRoll())
    assert state.pending is None and not state.rooms[2].active
    assert state.log[-1].rules == ("SV-MOVE-6",)


def test_SV_MOVE_6_the_key_holder_may_activate() -> None:
    """SV-MOVE-6: the Porter holds the Brass Key."""
    state = lab(PORTER)
    state.heroes[PORTER].room = 2
    act(state, StartMove(), RollDice(), ApplyRoll(), ActivateRoom("item:Brass Key"))
    assert state.rooms[2].active


def test_SV_MOVE_6_rooms_are_activated_only_as_part_of_a_move() -> None:
    """SV-MOVE-6: no activation outside a move action."""
    state = lab()
    state.heroes[RUNNER].room = 1
    rejected(state, ActivateRoom("free"), "SV-MOVE-6")
    rejected(state, LeaveInactive(), "SV-MOVE-6")


def _leave_room_zero(state) -> None:
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "hit")
    act(state, ApplyRoll(), Step(1))


def test_SV_OPP_1_every_enemy_attacks_in_the_order_the_hero_chooses() -> None:
    """SV-OPP-1: two enemies in the room: the hero picks the order; then the move continues."""
    state = lab()
    grub = place_enemy(state, "Lab Grub", 0)
    hulk = place_enemy(state, "Lab Hulk", 0)
    _leave_room_zero(state)
    assert state.legal_actions() == [NextOpportunity(grub), NextOpportunity(hulk)]
    rejected(state, Step(1), "SV-OPP-1")  # the attackers go first
    act(state, NextOpportunity(hulk))
    roll(state, "blank", "blank")
    rolls = [a for _, a in state.history if isinstance(a, EnemyFace)]
    assert [(a.enemy, a.die) for a in rolls] == [(hulk, "fang"), (grub, "maw")]
    assert state.heroes[RUNNER].room == 1


def test_SV_OPP_1_entering_a_room_with_enemies_draws_no_attack() -> None:
    """SV-OPP-1: only leaving a room does."""
    state = lab()
    place_enemy(state, "Lab Grub", 1)
    _leave_room_zero(state)
    assert state.heroes[RUNNER].room == 1
    assert not any(isinstance(a, EnemyFace) for _, a in state.history)


def test_SV_OPP_2_leftmost_damage_die_and_one_damage_per_hit() -> None:
    """SV-OPP-2: the Grub rolls its leftmost die (maw); a hit deals 1 damage."""
    state = lab()
    grub = place_enemy(state, "Lab Grub", 0)
    _leave_room_zero(state)
    assert {(a.enemy, a.die) for a, _ in state.chance_outcomes()} == {(grub, "maw")}
    roll(state, "hit")
    assert state.heroes[RUNNER].health == 2
    assert state.enemy_ready["maw"] == 0 and state.enemy_exhausted["maw"] == 1


def test_SV_OPP_2_next_listed_die_when_the_first_is_unavailable() -> None:
    """SV-OPP-2: with every maw die exhausted the Grub rolls fang."""
    state = lab()
    grub = place_enemy(state, "Lab Grub", 0)
    state.enemy_ready["maw"], state.enemy_exhausted["maw"] = 0, 1
    _leave_room_zero(state)
    assert {a for a, _ in state.chance_outcomes()} == {
        EnemyFace(grub, "fang", f) for f in ("blank", "hit", "crit")
    }
    roll(state, "crit")
    assert state.heroes[RUNNER].health == 2


def test_SV_OPP_2_no_die_available_deals_no_damage() -> None:
    """SV-OPP-2: with no maw or fang die in the supply, the attack deals nothing."""
    state = lab()
    place_enemy(state, "Lab Grub", 0)
    state.enemy_ready = {"fang": 0, "maw": 0}
    state.enemy_exhausted = {"fang": 2, "maw": 1}
    _leave_room_zero(state)
    assert not state.is_chance_node()
    assert state.heroes[RUNNER].room == 1 and state.heroes[RUNNER].health == 3
    assert any(e.kind == "no_die" and "SV-OPP-2" in e.rules for e in state.log)
