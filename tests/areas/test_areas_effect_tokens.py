"""Hero attacks whose token shows no damage: effects only (AR-DMG-4), stun and push."""

from __future__ import annotations

import pytest
from areas_builders import build, roll

from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.areas.actions import MeleeAttack
from rulekeeper.games.areas.content import ActionToken
from rulekeeper.games.areas.game import AreasState


def _binder() -> AreasState:
    # The binder shares "mid" with a crawler; "left" has room, "wall" is behind a barrier,
    # "tight" is full.
    return build(
        areas=[("mid", 3, 0), ("left", 2, 0), ("wall", 2, 0), ("tight", 1, 0)],
        links=[("mid", "left"), ("mid", "wall", "barrier"), ("mid", "tight")],
        heroes=[("binder", "mid")],
        enemies=[("crawler", "mid"), ("crawler", "tight")],
    )


def _attacks(state: AreasState, token: str) -> set[tuple[str, tuple[str, ...], str | None]]:
    return {
        (a.target, a.effects, a.push_to)
        for a in state.legal_actions()
        if isinstance(a, MeleeAttack) and a.action == token
    }


def test_AR_DMG_4_a_hero_token_showing_no_damage_stuns_and_deals_none() -> None:
    """AR-DMG-4: the Daze token shows no damage: no dice, no damage, even with a rune; it stuns."""
    state = _binder()
    assert ("crawler-1", ("test-rune",), None) in _attacks(state, "daze")
    state.apply(MeleeAttack("binder", "daze", "crawler-1", "test-axe", ("test-rune",)))
    assert not state.is_chance_node()
    assert state.figures["crawler-1"].health == 3
    stun = [e for e in state.log if e.kind == "stun"]
    assert stun and "AR-DMG-4" in stun[-1].rules
    # The enemies' turns follow at once: the stunned crawler skipped its turn.
    assert any(e.kind == "stunned" and "Crawler 1" in e.text for e in state.log)
    damage = [e for e in state.log if e.kind == "damage"][-1]
    assert "AR-DMG-4" in damage.rules and "no damage shown" in damage.text


def test_AR_DMG_4_a_push_token_moves_the_target_into_a_declared_area_with_room() -> None:
    """AR-DMG-4: Shove deals no damage and pushes; only adjacent areas with room, no barrier."""
    state = _binder()
    assert _attacks(state, "shove") == {
        ("crawler-1", (), "left"),
        ("crawler-1", ("test-rune",), "left"),
        # The crawler in the full area is reachable too, and "mid" has room for it.
        ("crawler-2", (), "mid"),
        ("crawler-2", ("test-rune",), "mid"),
    }
    for bad in ("wall", "tight", "mid", None):
        assert_rejected(
            state, MeleeAttack("binder", "shove", "crawler-1", "test-axe", (), bad), "AR-DMG-4"
        )
    state.apply(MeleeAttack("binder", "shove", "crawler-1", "test-axe", (), "left"))
    push = [e for e in state.log if e.kind == "push"]
    assert push and "AR-DMG-4" in push[-1].rules and push[-1].data["to"] == "left"
    assert state.figures["crawler-1"].health == 3  # it may have stepped back in its turn


def test_AR_DMG_4_a_damaging_token_pushes_after_its_dice() -> None:
    """A token with dice and a push: damage by AR-DMG-2, then the declared push."""
    state = _binder()
    state.apply(MeleeAttack("binder", "sweep", "crawler-1", "test-axe", (), "left"))
    assert state.figures["crawler-1"].area == "mid"
    roll(state, "hit")
    assert state.figures["crawler-1"].health == 1
    push = [e for e in state.log if e.kind == "push"]
    damage = [i for i, e in enumerate(state.log) if e.kind == "damage"]
    assert push and push[-1].data["to"] == "left"
    assert state.log.index(push[-1]) > damage[-1]


def test_AR_DMG_4_only_a_pushing_token_takes_a_push_area() -> None:
    state = _binder()
    assert_rejected(
        state, MeleeAttack("binder", "daze", "crawler-1", "test-axe", (), "left"), "AR-DMG-4"
    )


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ({"symbols": ["melee"], "damage": False}, "another effect"),
        ({"symbols": ["melee"], "damage": False, "stun": True, "dice": 2}, "no Action dice"),
        ({"symbols": ["move"], "damage": False, "stun": True}, "melee"),
        ({"symbols": ["move"], "push": True}, "melee"),
    ],
)
def test_AR_DMG_4_effect_tokens_are_checked_when_content_loads(
    token: dict[str, object], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        ActionToken.model_validate({"id": "t", "name": "T", **token})
