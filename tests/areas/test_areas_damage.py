"""Melee damage: Action dice, modifiers, allies' fixed damage, attacks without damage (AR-DMG-*)."""

from __future__ import annotations

from fractions import Fraction

from areas_builders import build, pass_turn, roll

from rulekeeper.games.areas.actions import MeleeAttack, Pass, RollDie
from rulekeeper.games.areas.game import GAME, AreasState


def _arena(hero: str = "warden", ally: str | None = None, enemy: str = "brute") -> AreasState:
    return build(
        areas=[("pit", 4, 0), ("edge", 3, 0)],
        links=[("pit", "edge")],
        heroes=[(hero, "pit")],
        allies=[(ally, "pit")] if ally else [],
        enemies=[(enemy, "pit")],
    )


def test_AR_DMG_1_rolls_the_tokens_action_dice_one_chance_node_each() -> None:
    state = _arena()
    state.apply(MeleeAttack("warden", "crush", "brute-1", "test-axe"))
    nodes = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert outcomes == [
            (RollDie("blank"), Fraction(1, 3)),
            (RollDie("hit"), Fraction(1, 2)),
            (RollDie("double"), Fraction(1, 6)),
        ]
        state.apply(RollDie("blank"))
        nodes += 1
    assert nodes == 3  # the Crushing Blow token shows 3 Action dice


def test_AR_DMG_2_damage_is_successes_plus_weapon_plus_other_modifiers() -> None:
    """AR-DMG-2: hit (1) + double (2) + blank (0) + axe 1 + rune 2 + Last Stand 2 = 8."""
    state = _arena()
    state.apply(MeleeAttack("warden", "crush", "brute-1", "test-axe", ("last-stand", "test-rune")))
    roll(state, "hit", "double", "blank")
    damage = [e for e in state.log if e.kind == "damage"][-1]
    assert damage.data["total"] == 8
    assert damage.text.endswith(
        "damage 8 = 3 successes (hit, double, blank) + 1 weapon modifier (Test Axe)"
        " + 2 modifier (Last Stand) + 2 modifier (Test Rune)"
    )
    assert {"AR-DMG-1", "AR-DMG-2"} <= set(damage.rules)
    assert "brute-1" not in state.figures  # 8 health, 8 damage


def test_AR_DMG_2_without_modifiers_damage_is_the_successes() -> None:
    state = _arena("duelist")
    state.apply(MeleeAttack("duelist", "cut", "brute-1", "test-whip"))
    roll(state, "double")
    assert state.figures["brute-1"].health == 6


def test_AR_DMG_3_an_ally_deals_its_printed_damage_without_dice() -> None:
    state = _arena(ally="hound")
    state.apply(Pass("warden"))
    state.apply(MeleeAttack("hound", "bite", "brute-1"))
    assert not any(e.kind == "roll" for e in state.log)
    assert state.figures["brute-1"].health == 6
    damage = [e for e in state.log if e.kind == "damage"][-1]
    assert damage.rules == ("AR-DMG-3",) and "fixed damage (Bite)" in damage.text


def test_AR_DMG_4_an_attack_without_damage_deals_none_but_resolves_its_effect() -> None:
    """AR-DMG-4: the wisp's glare deals no damage; it stuns, so the brute skips its turn."""
    state = _arena(ally="wisp")
    state.apply(Pass("warden"))
    state.apply(MeleeAttack("wisp", "glare", "brute-1"))
    assert state.figures["brute-1"].health == 8
    damage = [e for e in state.log if e.kind == "damage"][-1]
    assert damage.rules == ("AR-DMG-4",)
    assert any("skips its turn" in e.text for e in state.log)
    assert state.figures["warden"].health == 10  # the stunned brute did not attack
    assert not state.figures["brute-1"].stunned  # the stun is spent


def test_poison_declared_with_the_attack_wounds_at_the_enemys_turn() -> None:
    """AR-DECL-3: poison is an optional effect; a poisoned enemy loses health each turn."""
    state = _arena("duelist", enemy="crawler")
    state.apply(MeleeAttack("duelist", "cut", "crawler-1", "test-axe", ("test-venom",)))
    roll(state, "blank")  # 0 successes + axe 1 = 1 damage
    crawler = state.figures["crawler-1"]
    assert crawler.poison == 1
    assert crawler.health == 1  # 3 - 1 damage - 1 poison at its turn start
    assert state.uses_left["duelist"]["test-venom"] == 0


def test_AR_DECL_3_a_rune_stun_is_cited_as_the_declared_effect_not_AR_DMG_4() -> None:
    """AR-DECL-3: the Frost Rune's stun is an optional effect declared with an attack that
    shows damage; AR-DMG-4 (an attack showing no damage) does not apply to it."""
    state = _arena("orla", enemy="brute")
    state.apply(MeleeAttack("orla", "thornlash", "brute-1", "briar-staff", ("frost-rune",)))
    roll(state, "hit", "blank")
    stun = [e for e in state.log if e.kind == "stun"][-1]
    assert stun.rules == ("AR-DECL-3",)
    assert state.figures["brute-1"].health == 7
    assert state.figures["orla"].health == 9  # the stunned brute skipped its turn


def test_AR_DMG_4_an_ally_stun_without_damage_is_cited_as_AR_DMG_4() -> None:
    state = _arena(ally="wisp")
    state.apply(Pass("warden"))
    state.apply(MeleeAttack("wisp", "glare", "brute-1"))
    stun = [e for e in state.log if e.kind == "stun"][-1]
    assert stun.rules == ("AR-DMG-4",)


def test_every_wound_cites_the_rule_that_dealt_it() -> None:
    """The damage of an attack cites AR-DMG-1/2; poison at the start of the enemy's turn
    cites the declared effect (AR-DECL-3) and the house rule that times it (AR-ROUND-1)."""
    state = _arena("duelist", enemy="brute")
    state.apply(MeleeAttack("duelist", "cut", "brute-1", "test-axe", ("test-venom",)))
    roll(state, "hit")
    wounds = [e for e in state.log if e.kind == "wound"]
    assert [e.text for e in wounds[:2]] == [
        "Brute 1 loses 2 health (6/8 left)",
        "Brute 1 suffers 1 poison damage (5/8 left)",
    ]
    assert wounds[0].rules == ("AR-DMG-1", "AR-DMG-2")
    assert wounds[1].rules == ("AR-DECL-3", "AR-ROUND-1")
    assert all(e.rules for e in state.log if e.kind == "wound")


def test_a_stunned_enemy_skips_its_whole_turn_poison_included_house_reading() -> None:
    """House reading (AR-ROUND-1): a stunned enemy's turn is skipped, so its poison does
    not bite that turn; it does from its next turn on."""
    state = _arena("orla", enemy="brute")
    state.apply(
        MeleeAttack("orla", "thornlash", "brute-1", "briar-staff", ("frost-rune", "nightshade-oil"))
    )
    roll(state, "blank", "blank")  # 0 successes + 1 Nightshade Oil = 1 damage
    brute = state.figures["brute-1"]
    assert (brute.health, brute.poison, brute.stunned) == (7, 1, False)
    pass_turn(state)  # round 2: the brute is no longer stunned; the poison costs 1
    assert brute.health == 6


def test_a_target_removed_by_the_damage_is_not_then_poisoned_or_stunned() -> None:
    """AR-END-1: a figure at 0 health is removed; the attack's other effects (AR-DECL-3)
    land only on a target still on the board, so the log never poisons a removed enemy."""
    state = _arena("orla", enemy="crawler")
    state.apply(
        MeleeAttack(
            "orla", "thornlash", "crawler-1", "cinder-maul", ("frost-rune", "nightshade-oil")
        )
    )
    roll(state, "hit", "blank")  # 1 + Cinder Maul 2 + Nightshade Oil 1 = 4 against 3 health
    kinds = [e.kind for e in state.log]
    assert "crawler-1" not in state.figures
    assert "poison" not in kinds and "stun" not in kinds
    assert kinds[-3:] == ["wound", "removed", "end"]


def test_poison_and_stun_follow_the_damage_on_a_surviving_target() -> None:
    state = _arena("orla", enemy="brute")
    state.apply(
        MeleeAttack("orla", "thornlash", "brute-1", "briar-staff", ("frost-rune", "nightshade-oil"))
    )
    roll(state, "hit", "blank")
    kinds = [e.kind for e in state.log if e.kind in ("damage", "wound", "poison", "stun")]
    assert kinds[:4] == ["damage", "wound", "poison", "stun"]


def test_AR_DMG_2_the_breakdown_reads_one_success_and_one_die() -> None:
    """AR-DMG-1/2 as the player reads them: "1 success", and a one-die token "(1 die)"."""
    state = _arena("duelist")
    attack = MeleeAttack("duelist", "cut", "brute-1", "test-whip")
    assert GAME.describe_action(state, attack) == (
        "Test Duelist: Cut (1 die) with Test Whip on Brute 1 in Pit"
    )
    state.apply(attack)
    roll(state, "hit")
    damage = [e for e in state.log if e.kind == "damage"][-1]
    assert damage.text.endswith("damage 1 = 1 success (hit) + 0 weapon modifier (Test Whip)")
