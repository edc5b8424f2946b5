"""The round and the end of the game: SV-ROUND-*, SV-END-1."""

from __future__ import annotations

import pytest
from salvage_helpers import LAB, PORTER, RUNNER, act, lab, place_enemy, rejected, roll

from rulekeeper.core import RuleViolation
from rulekeeper.core.replay import replay_actions
from rulekeeper.games.salvage.actions import (
    ApplyHit,
    ApplyRoll,
    ChooseHero,
    CommitDie,
    EndEngagement,
    EndTurn,
    FinishAttack,
    FinishRecovery,
    RecoverDie,
    RollDice,
    StartAttack,
    StartMove,
    Step,
    StopMoving,
)
from rulekeeper.games.salvage.game import GAME
from rulekeeper.games.salvage.records import HeroDie


def test_SV_ROUND_1_the_players_choose_the_hero_order() -> None:
    """SV-ROUND-1: the Porter may go first; then the Runner; then the Enemy phase."""
    state = GAME.new_state(LAB, 0)
    assert state.legal_actions() == [ChooseHero(RUNNER), ChooseHero(PORTER), EndEngagement()]
    act(state, ChooseHero(PORTER))
    assert state.current_player() == PORTER
    rejected(state, ChooseHero(RUNNER), "SV-ROUND-1")
    act(state, EndTurn())
    assert state.legal_actions() == [ChooseHero(RUNNER), EndEngagement()]
    rejected(state, ChooseHero(PORTER), "SV-ROUND-1")
    act(state, ChooseHero(RUNNER), EndTurn())
    kinds = [e.text for e in state.log if e.kind == "phase"]
    assert kinds == ["round 1: Enemy phase", "round 1: Exhaust Dice step", "round 2: Engagement"]
    assert state.round == 2


def test_SV_ROUND_1_end_engagement_skips_the_remaining_heroes() -> None:
    """SV-ROUND-1: the players may end Engagement before every hero acts."""
    state = GAME.new_state(LAB, 0)
    act(state, EndEngagement())
    assert state.round == 2 and state.acted == [False, False]


def test_SV_ROUND_2_enemies_attack_the_hero_in_their_room() -> None:
    """SV-ROUND-2: the Grub shares the room with both heroes and attacks the healthier (Porter)."""
    state = GAME.new_state(LAB, 0)
    grub = place_enemy(state, "Lab Grub", 0)
    act(state, EndEngagement())
    assert state.is_chance_node()
    roll(state, "hit", "hit")  # maw, then fang
    assert state.heroes[PORTER].health == 2 and state.heroes[RUNNER].health == 3
    assert state.enemy(grub).room == 0


def test_SV_ROUND_2_other_enemies_move_toward_the_nearest_hero() -> None:
    """SV-ROUND-2: from the Middle room, rooms 1 and 3 are both one step nearer: lowest id."""
    state = GAME.new_state(LAB, 0)
    grub = place_enemy(state, "Lab Grub", 4)
    far = place_enemy(state, "Lab Grub", 8)
    state.heroes[PORTER].room = 2
    act(state, EndEngagement())
    assert state.enemy(grub).room == 1
    assert state.enemy(far).room == 5  # nearest hero is the Porter in room 2


def test_SV_ROUND_3_exhaust_dice_step_then_recovery_up_to_the_number() -> None:
    """SV-ROUND-3: applied dice exhaust; the hero recovers up to 2 (the lab's number);
    enemy dice return to the supply."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 8)
    state.heroes[RUNNER].dice[4] = HeroDie("brass", "exhausted")
    act(state, StartAttack(), CommitDie("brass"), CommitDie("brass"), RollDice())
    state.enemies[-1].room = 0
    roll(state, "hit", "blank")
    act(state, ApplyHit(0, hulk), FinishAttack(), EndTurn(), EndEngagement())
    roll(state, "blank", "blank")
    assert state.enemy_exhausted == {"fang": 0, "maw": 0}
    assert state.enemy_ready == {"fang": 2, "maw": 1}
    assert state.current_player() == RUNNER
    assert state.heroes[RUNNER].count("exhausted") == 3
    act(state, RecoverDie("brass"), RecoverDie("brass"))
    assert state.heroes[RUNNER].count("exhausted") == 1
    assert not any(isinstance(a, RecoverDie) for a in state.legal_actions())


def test_SV_ROUND_3_recovery_is_up_to_the_number() -> None:
    """SV-ROUND-3: a hero may stop recovering early."""
    state = lab()
    state.heroes[RUNNER].dice[0] = HeroDie("brass", "exhausted")
    act(state, EndTurn(), EndEngagement())
    assert state.legal_actions() == [RecoverDie("brass"), FinishRecovery()]
    act(state, FinishRecovery())
    assert state.heroes[RUNNER].count("exhausted") == 1 and state.round == 2


def test_SV_ROUND_4_a_noise_threshold_spawns_an_enemy() -> None:
    """SV-ROUND-4: the lab spawns a Lab Grub in the Middle room at noise 3."""
    state = lab()
    act(state, StartMove(), *[CommitDie("brass")] * 3, RollDice())
    roll(state, "crit", "crit", "crit")
    assert state.enemies == []
    act(state, ApplyRoll())
    assert state.noise == 3
    assert [(e.kind, e.room) for e in state.enemies] == [("Lab Grub", 4)]


def test_SV_ROUND_4_a_threshold_can_lose_the_scenario() -> None:
    """SV-ROUND-4: at noise 40 the lab is lost."""
    state = lab()
    state.noise, state.fired = 39, [0]
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "crit")
    act(state, ApplyRoll())
    assert state.is_terminal() and state.outcome().result == "lost"


def test_SV_END_1_zero_health_knocks_out_and_ends_the_move() -> None:
    """SV-END-1: the Runner (1 Health) is knocked out leaving the room; the turn ends."""
    state = lab()
    place_enemy(state, "Lab Grub", 0)
    state.heroes[RUNNER].health = 1
    act(state, StartMove(), CommitDie("brass"), RollDice())
    roll(state, "hit")
    act(state, ApplyRoll(), Step(1))
    roll(state, "hit")
    runner = state.heroes[RUNNER]
    assert runner.knocked_out and runner.room == 0
    assert runner.count("committed") == 0
    assert state.turn_hero is None and state.acted[RUNNER]
    assert state.legal_actions() == [ChooseHero(PORTER), EndEngagement()]


def test_SV_END_1_all_heroes_knocked_out_loses() -> None:
    """SV-END-1: the scenario is lost when every hero is knocked out."""
    state = GAME.new_state(LAB, 0)
    state.heroes[RUNNER].health = 0
    state.heroes[PORTER].health = 1
    place_enemy(state, "Lab Grub", 0)
    act(state, EndEngagement())
    roll(state, "hit")
    assert state.outcome().result == "lost"
    assert state.legal_actions() == []


def test_SV_END_1_the_objective_wins_and_nothing_follows() -> None:
    """SV-END-1: carrying the Lab Beacon into room 8 wins; then no action is accepted."""
    state = lab()
    act(state, StartMove(), *[CommitDie("brass")] * 3, RollDice())
    roll(state, "hit", "hit", "hit")
    state.heroes[RUNNER].items.append(state.heroes[RUNNER].items[0].__class__("Lab Beacon", 0))
    state.heroes[RUNNER].room = 6
    act(state, ApplyRoll(), Step(7))
    assert not state.is_terminal()
    act(state, Step(8))
    assert state.outcome().result == "won"
    with pytest.raises(RuleViolation) as caught:
        state.apply(StopMoving())
    assert caught.value.rule_id == "CORE-END"


def test_SV_END_1_a_whole_scripted_game_replays_to_a_win() -> None:
    """SV-END-1: a replay (JSON actions, dice included) in which the Runner salvages the
    Lab Beacon and carries it to room 8 in one Engagement turn."""
    blank = {"type": "face", "die": "brass", "face": "blank"}
    hit = {"type": "face", "die": "brass", "face": "hit"}
    salvage = [
        {"type": "salvage"},
        *[blank] * 5,
        {"type": "face", "die": "ember", "face": "blank"},
        {"type": "apply_roll"},
    ]
    actions = [
        {"type": "choose_hero", "hero": 0},
        *salvage,  # gains the Tonic Flask
        *salvage,  # gains the Lab Beacon
        {"type": "move"},
        *[{"type": "commit", "die": "brass"}] * 3,
        {"type": "roll_dice"},
        hit,
        hit,
        hit,
        {"type": "apply_roll"},
        {"type": "step", "room": 1},
        {"type": "step", "room": 2},
        {"type": "step", "room": 5},
        {"type": "move"},
        {"type": "commit", "die": "brass"},
        {"type": "roll_dice"},
        hit,
        {"type": "apply_roll"},
        {"type": "step", "room": 8},
    ]
    state = replay_actions(GAME, "standard", LAB, 0, actions)
    assert state.outcome() is not None
    assert state.outcome().result == "won"
    assert state.heroes[RUNNER].room == 8
    assert [i.name for i in state.heroes[RUNNER].items][-2:] == ["Tonic Flask", "Lab Beacon"]
    assert state.actions_used == 4 and state.round == 1


def test_SV_ROUND_2_ties_go_to_the_lowest_room_id_step() -> None:
    """SV-ROUND-2 (house reading of "ties: lowest room id"): from room 1 of the 4x4
    spire, heroes in rooms 3 and 4 are both two steps away; the enemy takes the
    lowest-id room that brings it nearer to a nearest hero (room 0, toward room 4),
    not a step toward the hero in the lowest room (room 2, toward room 3)."""
    state = GAME.new_state("drowned-spire", 0)
    state.enemies.clear()
    place_enemy(state, "Brine Warden", 12)  # the objective's enemy, far off
    crawler = place_enemy(state, "Silt Crawler", 1)
    for hero, room in zip(state.heroes, (3, 4, 15), strict=True):
        hero.room = room
    act(state, EndEngagement())
    assert state.enemy(crawler).room == 0
