"""Who a figure can reach in melee, and why not the others (AR-REQ-3, AR-REQ-4, AR-RANGE-1, AR-ALLY-1)."""

from __future__ import annotations

from areas_builders import build

from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.areas.actions import MeleeAttack
from rulekeeper.games.areas.game import AreasState
from rulekeeper.games.areas.reach import melee_reach


def _worked_example() -> AreasState:
    """The source text's example: one enemy in the hero's area, one in an adjacent full
    area, one in an adjacent area below capacity."""
    return build(
        areas=[("here", 3, 0), ("packed", 1, 0), ("roomy", 3, 0)],
        links=[("here", "packed"), ("here", "roomy")],
        heroes=[("warden", "here")],
        enemies=[("crawler", "here"), ("crawler", "packed"), ("crawler", "roomy")],
    )


def _targets(state: AreasState, attacker: str) -> set[str]:
    return {
        a.target
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.attacker == attacker
    }


def test_AR_REQ_3_worked_example_two_targets_in_reach_and_one_not() -> None:
    """AR-REQ-3: the hero may attack #1 (same area) or #2 (adjacent, full) but not #3
    (adjacent, below capacity)."""
    state = _worked_example()
    report = {
        r.target: r for r in melee_reach(state.board, state.figures["warden"], state.figures, None)
    }
    assert report["crawler-1"].reachable
    assert report["crawler-2"].reachable
    assert not report["crawler-3"].reachable
    assert report["crawler-3"].rule_id == "AR-REQ-3"
    assert "not at maximum capacity (1/3)" in str(report["crawler-3"].reason)
    assert _targets(state, "warden") == {"crawler-1", "crawler-2"}
    state.apply(MeleeAttack("warden", "crush", "crawler-2", "test-axe"))
    assert state.is_chance_node()


def test_AR_REQ_3_rejects_attack_into_adjacent_area_below_capacity() -> None:
    state = _worked_example()
    error = assert_rejected(
        state, MeleeAttack("warden", "crush", "crawler-3", "test-axe"), "AR-REQ-3"
    )
    assert "not at maximum capacity" in str(error)


def test_AR_REQ_3_rejects_a_target_two_areas_away() -> None:
    state = build(
        areas=[("a", 3, 0), ("b", 1, 0), ("c", 1, 0)],
        links=[("a", "b"), ("b", "c")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "b"), ("crawler", "c")],
    )
    assert _targets(state, "warden") == {"crawler-1"}
    assert_rejected(state, MeleeAttack("warden", "crush", "crawler-2", "test-axe"), "AR-REQ-3")


def test_AR_REQ_4_rejects_attack_across_a_solid_barrier_into_a_full_area() -> None:
    state = build(
        areas=[("a", 3, 0), ("b", 1, 0)],
        links=[("a", "b", "barrier")],
        heroes=[("warden", "a")],
        enemies=[("crawler", "b")],
    )
    assert _targets(state, "warden") == set()
    error = assert_rejected(
        state, MeleeAttack("warden", "crush", "crawler-1", "test-axe"), "AR-REQ-4"
    )
    assert "solid barrier" in str(error)


def test_AR_REQ_4_rejects_attack_into_a_full_area_of_another_height() -> None:
    state = build(
        areas=[("low", 3, 0), ("ledge", 1, 1)],
        links=[("low", "ledge")],
        heroes=[("warden", "low")],
        enemies=[("crawler", "ledge")],
    )
    assert _targets(state, "warden") == set()
    error = assert_rejected(
        state, MeleeAttack("warden", "crush", "crawler-1", "test-axe"), "AR-REQ-4"
    )
    assert "height" in str(error)


def test_AR_RANGE_1_range_weapon_reaches_area_below_capacity_and_two_away() -> None:
    """AR-RANGE-1: the worked example's #3 is reachable with a melee weapon at range."""
    state = build(
        areas=[("here", 3, 0), ("roomy", 3, 0), ("far", 3, 0), ("beyond", 3, 0)],
        links=[("here", "roomy"), ("roomy", "far"), ("far", "beyond")],
        heroes=[("duelist", "here")],
        enemies=[("crawler", "roomy"), ("crawler", "far"), ("crawler", "beyond")],
    )
    whip = {
        a.target
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.weapon == "test-whip"
    }
    axe = {
        a.target
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.weapon == "test-axe"
    }
    assert whip == {"crawler-1", "crawler-2"}
    assert axe == set()
    error = assert_rejected(
        state, MeleeAttack("duelist", "cut", "crawler-3", "test-whip"), "AR-RANGE-1"
    )
    assert "beyond range 2" in str(error)
    state.apply(MeleeAttack("duelist", "cut", "crawler-2", "test-whip"))
    assert state.is_chance_node()


def test_AR_RANGE_1_range_never_crosses_a_barrier_nor_goes_into_another_height() -> None:
    """AR-RANGE-1 with AR-REQ-4: no solid barrier crossed, target at the attacker's height.

    The source reading: the heights of the areas the line passes through do not
    matter, so the crawler in ``past`` (height 0, reached over the stair at
    height 1) is within range 2.
    """
    state = build(
        areas=[("here", 3, 0), ("walled", 3, 0), ("stair", 3, 1), ("past", 3, 0)],
        links=[("here", "walled", "barrier"), ("here", "stair"), ("stair", "past")],
        heroes=[("duelist", "here")],
        enemies=[("crawler", "walled"), ("crawler", "stair"), ("crawler", "past")],
    )
    report = {
        r.target: r for r in melee_reach(state.board, state.figures["duelist"], state.figures, 2)
    }
    assert [report[t].rule_id for t in ("crawler-1", "crawler-2", "crawler-3")] == [
        "AR-REQ-4",
        "AR-REQ-4",
        None,
    ]
    assert report["crawler-3"].reachable
    for target in ("crawler-1", "crawler-2"):
        assert_rejected(state, MeleeAttack("duelist", "cut", target, "test-whip"), "AR-REQ-4")
    whip = {
        a.target
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.weapon == "test-whip"
    }
    assert whip == {"crawler-3"}
    state.apply(MeleeAttack("duelist", "cut", "crawler-3", "test-whip"))
    assert state.is_chance_node()


def test_AR_ALLY_1_ally_follows_the_same_reach_rules_without_a_weapon() -> None:
    """AR-ALLY-1: an ally reaches the same area and full adjacent areas only."""
    state = build(
        areas=[("a", 3, 0), ("packed", 1, 0), ("roomy", 3, 0), ("walled", 1, 0)],
        links=[("a", "packed"), ("a", "roomy"), ("a", "walled", "barrier")],
        heroes=[("warden", "roomy")],
        allies=[("hound", "a")],
        enemies=[
            ("crawler", "a"),
            ("crawler", "packed"),
            ("crawler", "roomy"),
            ("crawler", "walled"),
        ],
    )
    state.apply(state.legal_actions()[-1])  # the hero passes; the ally's turn
    assert state.actor() is state.figures["hound"]
    assert _targets(state, "hound") == {"crawler-1", "crawler-2"}
    assert_rejected(state, MeleeAttack("hound", "bite", "crawler-3"), "AR-REQ-3")
    assert_rejected(state, MeleeAttack("hound", "bite", "crawler-4"), "AR-REQ-4")
    state.apply(MeleeAttack("hound", "bite", "crawler-2"))
    assert state.figures["crawler-2"].health == 1


def test_AR_RANGE_1_ally_effect_at_range() -> None:
    """AR-RANGE-1: an ally effect with a range reaches areas within it (AR-ALLY-1 otherwise)."""
    state = build(
        areas=[("a", 3, 0), ("b", 3, 0), ("c", 3, 0), ("d", 3, 0)],
        links=[("a", "b"), ("b", "c"), ("c", "d")],
        heroes=[("warden", "d")],
        allies=[("wisp", "a")],
        enemies=[("crawler", "b"), ("crawler", "c"), ("crawler", "d")],
    )
    state.apply(state.legal_actions()[-1])
    assert _targets(state, "wisp") == {"crawler-1", "crawler-2"}
    assert_rejected(state, MeleeAttack("wisp", "glare", "crawler-3"), "AR-RANGE-1")


def test_reach_check_is_the_same_query_check_uses() -> None:
    """The reason check() gives is the reason the reach report gives, for every enemy."""
    state = _worked_example()
    report = melee_reach(state.board, state.figures["warden"], state.figures, None)
    for ruling in report:
        action = MeleeAttack("warden", "crush", ruling.target, "test-axe")
        if ruling.reachable:
            state.clone().apply(action)
        else:
            error = assert_rejected(state, action, ruling.rule_id or "")
            assert str(ruling.reason) in error.message


def test_reach_counts_large_figures_toward_full() -> None:
    """AR-REQ-3: a large enemy alone fills an area of capacity 2."""
    state = build(
        areas=[("a", 3, 0), ("den", 2, 0)],
        links=[("a", "den")],
        heroes=[("warden", "a")],
        enemies=[("brute", "den")],
    )
    assert _targets(state, "warden") == {"brute-1"}
