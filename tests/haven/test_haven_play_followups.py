"""Scenario play follow-ups: who keeps a summon's card, what the modifier log shows,
ward and brittle used up, focus ties settled by the turn order, invisible figures."""

from __future__ import annotations

from test_haven_play_support import (
    at,
    chance,
    dummy_monster,
    monster,
    new_state,
    play,
    quiet_turn,
    scenario,
    settle_options,
)

from rulekeeper.games.haven.actions import (
    ChooseTarget,
    Negate,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.attack_draw import KeepModifier
from rulekeeper.games.haven.state import HavenState


def summon_turn(ruleset: str) -> HavenState:
    """Round 1 the Tester summons a pup next to a Dummy; round 2 the strengthened pup's
    turn begins (before the Tester's, HV-INIT-5) and it attacks the Dummy."""
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(2, 0))])
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"), PlaceSummon(at(1, 0)))
    play(state, PlayHalf("t1", "bottom"), Skip())
    while state.phase != "select":  # the Dummy's turn
        settle_options(state)
        if state.is_chance_node():
            chance(state, "+0")
        elif state.negation is not None:
            play(state, Negate("tester", "suffer"))
    state.figures["tester-pup-1"].conditions.append("strengthen")
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    settle_options(state)
    assert state.turn is not None and state.turn.actor == "tester-pup-1"
    return state


def test_HV_ADV_3_the_summoners_player_keeps_either_card_for_a_summon() -> None:
    """FH FAQ: a summon with advantage draws two of its summoner's cards and the
    summoner chooses which to keep, as for the character's own attack."""
    state = summon_turn("frosthaven")
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.mode == "advantage"
    hp = state.figures["dummy 1"].hp
    chance(state, "-1", "+0")
    assert state.current_player() == state.heroes["tester"].player
    assert state.legal_actions() == [KeepModifier(0, "-1"), KeepModifier(1, "+0")]
    play(state, KeepModifier(0, "-1"))  # the pup's Attack 1 - 1: no damage
    assert state.figures["dummy 1"].hp == hp


def test_HV_ADV_1_a_gloomhaven_summon_with_advantage_uses_the_better_card() -> None:
    """GH: no choice; the better of the two cards applies."""
    state = summon_turn("gloomhaven")
    hp = state.figures["dummy 1"].hp
    chance(state, "-1", "+0")
    assert state.turn is None or state.turn.draw is None
    assert state.figures["dummy 1"].hp == hp - 1


def test_HV_ADV_2_the_modifier_log_shows_both_cards_drawn_and_the_one_used() -> None:
    """GH disadvantage (a ranged attack on an adjacent enemy, HV-ATK-3): draw +1 and -1,
    the worse applies; the log names both cards and the -1 as used, citing HV-ADV-2."""
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))  # Attack 3, range 3
    chance(state, "+1", "-1")
    event = [e for e in state.log if e.kind == "modifier"][-1]
    assert "HV-ADV-2" in event.rules
    assert event.data["drawn"] == ["+1", "-1"]
    assert event.data["applied"] == [1] and event.data["cards"] == ["-1"]
    assert "drawn +1, -1 with disadvantage; -1 used" in event.text


def test_HV_ADV_1_a_rolling_card_added_under_advantage_shows_as_used() -> None:
    """GH advantage with exactly one rolling card: both apply, so both are used."""
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    state.decks["tester"].shuffle_in("rolling+1")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    state.figures["tester"].conditions.append("strengthen")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "rolling+1", "+0")
    event = [e for e in state.log if e.kind == "modifier"][-1]
    assert event.data["drawn"] == ["rolling+1", "+0"] and event.data["applied"] == [0, 1]
    assert "HV-ADV-1" in event.rules


def frosthaven_melee(*target_conditions: str, shield: int = 0) -> HavenState:
    """The Tester stands next to a Dummy (5 hit points) and plays t1's Attack 3 on it."""
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    state = new_state(data, "frosthaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    dummy = state.figures["dummy 1"]
    dummy.conditions.extend(target_conditions)
    dummy.shield = shield
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    return state


def test_HV_ATK_1_HV_COND_WARD_1_ward_halves_the_damage_and_is_then_removed() -> None:
    """FH p.28: Attack 3 +0 on a warded Dummy deals 1 (3 halved, rounded down); the
    ward is used up, so the next attack deals full damage."""
    state = frosthaven_melee("ward")
    chance(state, "+0")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 5 - 1
    assert "ward" not in dummy.conditions
    assert any(e.kind == "condition" and "ward" in e.data.get("removed", []) for e in state.log)


def test_HV_ATK_1_HV_COND_BRITTLE_1_brittle_doubles_the_damage_and_is_then_removed() -> None:
    """FH p.29: Attack 3 -1 on a brittle Dummy with shield 1 deals (2 - 1) × 2 = 2."""
    state = frosthaven_melee("brittle", shield=1)
    chance(state, "-1")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 5 - 2
    assert "brittle" not in dummy.conditions


def test_HV_ATK_1_ward_stays_when_shield_left_no_damage() -> None:
    """FH FAQ §5.2: shield 4 stops Attack 3 +0 entirely; the ward has changed nothing
    and stays for the next damage."""
    state = frosthaven_melee("ward", shield=4)
    chance(state, "+0")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 5
    assert "ward" in dummy.conditions


def test_HV_ATK_1_ward_and_brittle_cancel_and_both_are_removed() -> None:
    """FH p.28: a figure with both suffers the damage unchanged, and loses both."""
    state = frosthaven_melee("ward", "brittle")
    chance(state, "+0")
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 5 - 3
    assert "ward" not in dummy.conditions and "brittle" not in dummy.conditions


def test_HV_ATK_2_the_attack_event_cites_it_when_strengthen_sets_advantage() -> None:
    """Strengthen gives the attack advantage; the attack event cites HV-ATK-2, the rule
    that combines advantage and disadvantage sources."""
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    state.figures["tester"].conditions.append("strengthen")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    event = [e for e in state.log if e.kind == "attack"][-1]
    assert "HV-ATK-2" in event.rules and "advantage" in event.text


def test_HV_ATK_2_strengthen_cancels_a_ranged_attacks_adjacent_disadvantage() -> None:
    """A strengthened ranged attack on an adjacent Dummy: one advantage and one
    disadvantage cancel (HV-ATK-2, HV-ATK-3); a single card is drawn."""
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    state.figures["tester"].conditions.append("strengthen")
    play(state, PlayHalf("t3", "top"), ChooseTarget("dummy 1"))
    assert state.turn is not None and state.turn.draw is not None
    assert state.turn.draw.mode == "none"
    event = [e for e in state.log if e.kind == "attack"][-1]
    assert {"HV-ATK-2", "HV-ATK-3"} <= set(event.rules)


def test_HV_FOCUS_2_a_focus_tie_goes_to_the_character_first_in_the_settled_order() -> None:
    """Both characters lead with initiative 10; the Tester's second card (20) is lower
    than the Second's (30), so the Tester acts first (HV-INIT-2). A Dummy two hexes
    from each, with equal paths, focuses on the Tester: the earlier initiative wins
    the tie (HV-FOCUS-2) and the players are not asked which one to focus on."""
    data = scenario(
        party=("tester", "tester2"),
        start=[at(0, 1), at(4, 1)],
        monsters=[monster("dummy", at(2, 1))],
    )
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t1"), SelectCard("tester2", "t3"))
    chance(state, "dummy-a")
    assert state.order == ["tester", "tester2", "group:dummy"]
    quiet_turn(state, "t1", "t2")
    quiet_turn(state, "t1", "t3")  # t3's ranged top is not played: the Dummy is in range
    focus = next(e for e in state.log if e.kind == "mover" and "HV-FOCUS-1" in e.rules)
    assert "so tester is its focus" in focus.text and "tester2" not in focus.text
    attack = [e for e in state.log if e.kind == "attack"][-1]
    assert attack.data["attacker"] == "dummy 1" and attack.data["target"] == "tester"


def invisible_in_the_corridor(ruleset: str, dummy_move: int = 2) -> HavenState:
    """A one-hex-wide corridor: Dummy, the invisible Second, an empty hex, the Tester.

    The Tester (initiative 10) acts before the Dummy (45); the Second (60) after it,
    so its invisibility still holds during the Dummy's turn.
    """
    data = scenario(
        party=("tester", "tester2"),
        hexes=[at(q, 0) for q in range(5)],
        start=[at(3, 0), at(1, 0)],
        monsters=[monster("dummy", at(0, 0))],
        monster_types={"dummy": dummy_monster(move=dummy_move)},
    )
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "dummy-a")
    state.figures["tester2"].conditions.append("invisible")
    quiet_turn(state, "t1", "t2")
    return state


def test_HV_COND_INVISIBLE_2_FH_p28_a_monster_moves_through_an_invisible_character() -> None:
    """FH p.28: the Dummy (Move 2) walks through the invisible Second's hex to stand
    next to the Tester and attacks it."""
    state = invisible_in_the_corridor("frosthaven")
    assert state.figures["dummy 1"].hex == at(2, 0)
    attack = [e for e in state.log if e.kind == "attack"][-1]
    assert attack.data["attacker"] == "dummy 1" and attack.data["target"] == "tester"


def test_HV_COND_INVISIBLE_2_FH_p28_a_monster_cannot_end_its_move_on_the_invisible_figure() -> None:
    """FH p.28: with Move 1 the only hex toward the Tester holds the invisible Second;
    the Dummy may not stop there, so it stays where it is."""
    state = invisible_in_the_corridor("frosthaven", dummy_move=1)
    assert state.figures["dummy 1"].hex == at(0, 0)
    assert state.figures["tester2"].hex == at(1, 0)


def test_HV_COND_INVISIBLE_2_GH_p23_an_invisible_character_blocks_monsters_like_an_obstacle() -> (
    None
):
    """GH p.23: the invisible Second is an obstacle to the Dummy, which has no way to the
    Tester, so it has no focus and does not move."""
    state = invisible_in_the_corridor("gloomhaven")
    assert state.figures["dummy 1"].hex == at(0, 0)
    assert not any(e.kind == "attack" and e.data.get("attacker") == "dummy 1" for e in state.log)
