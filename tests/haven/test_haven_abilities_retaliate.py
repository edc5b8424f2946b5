"""Retaliate (GH p.26; FH p.31): damage back to an attacker in range, after each attack.

The events name HV-RET-1..3 (before the catalog had them, HV-ATK-1, the attack that
triggers it) and a character's damage is negatable (HV-NEG-1).
"""

from __future__ import annotations

from typing import Any

from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.games.haven.actions import ChooseTarget, Negate, PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.state import HavenState
from rulekeeper.i18n import text_of


def thorny(retaliate: int, reach: int = 0, hp: int = 5, **kw: Any) -> HavenState:
    """A Dummy with retaliate on its stat card; the Tester leads with t1 (10) before it."""
    data = scenario(**kw)
    for table in ("normal", "elite"):
        data["monster_types"]["dummy"][table] = [
            {"hp": hp, "move": 2, "attack": 2, "retaliate": retaliate, "retaliate_range": reach}
        ] * 2
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    return state


def test_HV_RET_1_HV_RET_2_a_melee_attacker_suffers_the_retaliate_after_its_attack() -> None:
    """GH p.26: Retaliate 2 hits the adjacent attacker once the attack (HV-ATK-1) is over;
    the character may negate it (HV-NEG-1)."""
    state = thorny(2, start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.figures["dummy 1"].hp == 5 - 3
    assert state.negation is not None and state.negation.damage == 2  # HV-NEG-1 still applies
    assert "retaliate" in text_of(state.negation.source)
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 2


def test_HV_RET_1_retaliate_without_range_spares_a_ranged_attacker_further_away() -> None:
    """GH p.26: no range means adjacent attackers only; this HV-ATK-3 ranged attack is safe."""
    state = thorny(2, start=[at(0, 0)], monsters=[monster("dummy", at(2, 0))])
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))  # Attack 3, range 3
    chance(state, "+0")
    assert state.negation is None and state.figures["tester"].hp == 10
    assert not any(e.kind == "retaliate" for e in state.log)


def test_HV_RET_1_retaliate_with_a_range_reaches_the_attacker_within_it() -> None:
    """GH p.26: "Retaliate 1, Range 2" reaches an attacker two hexes away (HV-LOS-2 count)."""
    state = thorny(1, reach=2, start=[at(0, 0)], monsters=[monster("dummy", at(2, 0))])
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert state.negation is not None and state.negation.damage == 1


def test_HV_RET_2_a_retaliating_figure_killed_by_the_attack_does_not_retaliate() -> None:
    """GH p.26: the bearer killed by the attack (HV-ATK-1) does not retaliate."""
    state = thorny(2, hp=3, start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert "dummy 1" not in state.figures
    assert state.negation is None and state.figures["tester"].hp == 10


def test_HV_RET_3_HV_SHIELD_1_a_character_retaliate_bonus_hits_a_monster_ignoring_its_shield() -> (
    None
):
    """A card's retaliate lasts the round; shield only reduces attacks (GH p.26)."""
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(2, 0))])
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "retaliate", "value": 1},
        {"type": "retaliate", "value": 2, "range": 3},
    ]
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), PlayHalf("t3", "bottom"), Skip())
    assert state.figures["tester"].retaliate == [[1, 0], [2, 3]]
    state.figures["dummy 1"].shield = 5
    while state.turn is not None and state.turn.stage == "monster_option":
        play(state, state.legal_actions()[0])
    chance(state, "+0")  # the Dummy walks up and attacks
    play(state, Negate("tester", "suffer"))
    hits = [e for e in state.log if e.kind == "retaliate"]
    assert len(hits) == 1 and "3 damage" in hits[0].text  # one source: 1 + 2
    assert state.figures["dummy 1"].hp == 5 - 3
    while state.phase != "select":
        play(state, state.legal_actions()[0])
    assert state.figures["tester"].retaliate == []  # the bonus ended with the round
