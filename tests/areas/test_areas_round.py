"""The round, movement, the enemies' turns and the end (AR-ROUND-1, AR-END-1)."""

from __future__ import annotations

import pytest
from areas_builders import actor_id, build, pass_turn, result, roll

from rulekeeper.core import TERMINAL, RuleViolation
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.areas.actions import EnemyStep, EnemyTarget, MeleeAttack, Move, Pass
from rulekeeper.games.areas.game import AreasState


def _corridor() -> AreasState:
    return build(
        areas=[("a", 2, 0), ("b", 1, 0), ("c", 3, 0), ("d", 2, 0), ("up", 2, 1)],
        links=[("a", "b"), ("b", "c"), ("c", "d"), ("a", "d", "barrier"), ("a", "up")],
        heroes=[("warden", "a"), ("duelist", "a")],
        allies=[("hound", "c")],
        enemies=[("crawler", "d")],
    )


def test_AR_ROUND_1_heroes_then_allies_then_enemies() -> None:
    state = _corridor()
    assert (state.phase, state.current_player()) == ("heroes", 0)
    assert state.player_name(0) == "Test Warden"
    state.apply(Pass("warden"))
    assert (state.phase, state.current_player(), actor_id(state)) == ("heroes", 1, "duelist")
    state.apply(Pass("duelist"))
    assert state.phase == "allies" and actor_id(state) == "hound"
    assert state.current_player() == 0  # the first hero standing decides for the ally
    state.apply(Pass("hound"))
    # the enemies' turns run on their own: the crawler steps from d into c (toward the heroes)
    assert state.figures["crawler-1"].area == "c"
    assert (state.round, state.phase, actor_id(state)) == (2, "heroes", "warden")
    kinds = [e.text for e in state.log if e.kind in ("round", "phase")]
    assert kinds == [
        "Round 1 of 12: the heroes' turns",
        "The allies' turns",
        "The enemies' turns",
        "Round 2 of 12: the heroes' turns",
    ]


def test_AR_ROUND_1_a_hero_moves_with_a_move_token_to_an_adjacent_area_with_room() -> None:
    state = _corridor()
    moves = {(a.to, a.token) for a in state.legal_actions() if isinstance(a, Move)}
    assert moves == {("b", "step"), ("up", "step")}  # d is behind a solid barrier
    assert_rejected(state, Move("warden", "b"), "AR-ROUND-1")  # no token
    assert_rejected(state, Move("warden", "b", "crush"), "AR-ROUND-1")  # token without move symbol
    assert_rejected(state, Move("warden", "c", "step"), "AR-ROUND-1")  # not adjacent
    error = assert_rejected(state, Move("warden", "d", "step"), "AR-ROUND-1")
    assert "solid barrier" in str(error)
    assert_rejected(state, Move("duelist", "b", "step"), "AR-ROUND-1")  # not the duelist's turn
    state.apply(Move("warden", "b", "step"))
    assert state.figures["warden"].area == "b"
    error = assert_rejected(state, Move("duelist", "b", "step"), "AR-ROUND-1")
    assert "at capacity (1/1)" in str(error)


def test_AR_ROUND_1_a_large_figure_needs_room_for_its_size() -> None:
    state = build(
        areas=[("a", 3, 0), ("narrow", 1, 0), ("wide", 2, 0), ("far", 3, 0)],
        links=[("a", "narrow"), ("narrow", "far"), ("a", "wide"), ("wide", "far")],
        heroes=[("warden", "a")],
        enemies=[("brute", "far")],
    )
    pass_turn(state)
    # the brute's two equal steps toward the hero: only the wide area has room for size 2
    assert state.figures["brute-1"].area == "wide"
    assert state.choice is None


def test_AR_ROUND_1_enemy_attacks_when_it_can_reach_without_moving() -> None:
    state = build(
        areas=[("a", 3, 0), ("b", 3, 0)],
        links=[("a", "b")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "a"), ("brute", "b")],
    )
    pass_turn(state)
    assert state.figures["warden"].health == 10 - 1
    assert state.figures["crawler-1"].area == "a"
    # a has 1 space left: no room for the brute (size 2), which cannot reach and waits
    assert state.figures["brute-1"].area == "b"
    assert any(e.text == "Brute 1 has no step toward a hero and waits" for e in state.log)


def test_AR_ROUND_1_enemy_moves_then_attacks_if_it_now_can() -> None:
    state = build(
        areas=[("a", 3, 0), ("b", 3, 0)],
        links=[("a", "b")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "b")],
    )
    pass_turn(state)
    assert state.figures["crawler-1"].area == "a"
    assert state.figures["warden"].health == 9
    reach = [e for e in state.log if e.kind == "reach"][-1]
    assert "same area" in reach.text


def test_AR_ROUND_1_equally_near_targets_are_the_players_choice() -> None:
    state = build(
        areas=[("a", 3, 0)],
        links=[],
        heroes=[("warden", "a"), ("duelist", "a")],
        enemies=[("crawler", "a")],
    )
    pass_turn(state)
    pass_turn(state)
    assert state.choice is not None and state.current_player() == 0
    assert state.legal_actions() == [
        EnemyTarget("crawler-1", "warden"),
        EnemyTarget("crawler-1", "duelist"),
    ]
    assert_rejected(state, EnemyTarget("crawler-1", "crawler-1"), "AR-ROUND-1")
    assert_rejected(state, Pass("warden"), "AR-ROUND-1")
    state.apply(EnemyTarget("crawler-1", "duelist"))
    assert state.figures["duelist"].health == 7
    assert state.round == 2


def test_AR_ROUND_1_equally_good_steps_are_the_players_choice() -> None:
    state = build(
        areas=[("a", 3, 0), ("l", 3, 0), ("r", 3, 0), ("z", 3, 0)],
        links=[("a", "l"), ("a", "r"), ("l", "z"), ("r", "z")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "z")],
    )
    pass_turn(state)
    assert state.legal_actions() == [EnemyStep("crawler-1", "l"), EnemyStep("crawler-1", "r")]
    assert_rejected(state, EnemyStep("crawler-1", "z"), "AR-ROUND-1")
    assert_rejected(state, EnemyTarget("crawler-1", "warden"), "AR-ROUND-1")
    state.apply(EnemyStep("crawler-1", "r"))
    assert state.figures["crawler-1"].area == "r"
    assert state.figures["warden"].health == 10  # r is adjacent but not full


def test_AR_ROUND_1_enemy_prefers_a_hero_to_an_ally() -> None:
    state = build(
        areas=[("a", 3, 0)],
        links=[],
        heroes=[("warden", "a")],
        allies=[("hound", "a")],
        enemies=[("crawler", "a")],
    )
    pass_turn(state)
    pass_turn(state)
    assert state.figures["warden"].health == 9 and state.figures["hound"].health == 4


def test_AR_END_1_removed_at_zero_and_won_when_no_enemy_is_left() -> None:
    state = build(
        areas=[("a", 3, 0)],
        links=[],
        heroes=[("warden", "a")],
        enemies=[("crawler", "a")],
    )
    state.apply(MeleeAttack("warden", "crush", "crawler-1", "test-axe", ("last-stand",)))
    roll(state, "double", "double", "double")
    assert "crawler-1" not in state.figures
    assert state.current_player() == TERMINAL
    assert result(state) == "won"
    with pytest.raises(RuleViolation) as caught:
        state.apply(Pass("warden"))
    assert caught.value.rule_id == "CORE-END"


def test_AR_END_1_lost_when_every_hero_is_removed_and_health_stops_at_zero() -> None:
    state = build(
        areas=[("a", 3, 0)],
        links=[],
        heroes=[("scholar", "a")],
        enemies=[("brute", "a")],
    )
    for _ in range(3):
        pass_turn(state)
    assert result(state) == "lost"
    assert "scholar" not in state.figures
    wounds = [e.text for e in state.log if e.kind == "wound"]
    assert wounds[-1].endswith("(0/6 left)")  # 2 + 2 + 2: never below 0
    assert state.legal_actions() == []


def test_round_limit_ends_the_game_as_a_loss_house_assumption() -> None:
    """AR-ROUND-1 house assumption: the scenario's round limit bounds the game."""
    state = build(
        areas=[("a", 3, 0), ("b", 3, 0)],
        links=[("a", "b", "barrier")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "b")],
        round_limit=2,
    )
    pass_turn(state)
    assert state.round == 2
    pass_turn(state)
    assert result(state) == "lost"
    assert "round limit" in str(state.outcome())


def test_AR_ROUND_1_an_enemy_next_to_an_ally_still_moves_toward_the_nearest_hero() -> None:
    """AR-ROUND-1: each enemy moves one area toward the nearest hero, then attacks if it
    can. Only a hero already in reach keeps it from moving (house reading 4); an ally in
    its area does not. From b, the hero's area a and the ally's area c are below capacity,
    so it reaches no one."""
    state = build(
        areas=[("a", 3, 0), ("b", 3, 0), ("c", 3, 0)],
        links=[("a", "b"), ("b", "c")],
        heroes=[("warden", "a")],
        allies=[("hound", "c")],
        enemies=[("crawler", "c")],
    )
    pass_turn(state)
    pass_turn(state)
    assert state.figures["crawler-1"].area == "b"
    assert state.figures["hound"].health == 4
    assert any(e.text == "Crawler 1 cannot reach anyone after moving" for e in state.log)


def test_AR_ROUND_1_an_enemy_with_no_step_toward_a_hero_still_attacks_an_ally() -> None:
    """AR-ROUND-1: an enemy that cannot move toward the nearest hero (the hero's ledge is
    full, and at another height, so out of reach) still attacks if it can: here the ally
    in its own area."""
    state = build(
        areas=[("a", 1, 1), ("b", 3, 0)],
        links=[("a", "b")],
        heroes=[("warden", "a")],
        allies=[("hound", "b")],
        enemies=[("crawler", "b")],
    )
    pass_turn(state)
    pass_turn(state)
    assert state.figures["crawler-1"].area == "b"
    assert state.figures["hound"].health == 3
    assert state.figures["warden"].health == 10
