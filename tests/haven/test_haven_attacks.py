"""Attack resolution per target: the order of HV-ATK-1, and advantage sources (HV-ATK-2, HV-ATK-3).

Gloomhaven p.19–21; Frosthaven p.25–27 and FAQ §5.2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.attack_draw import AttackDraw, Done, DrawModifier
from rulekeeper.games.haven.attacks import (
    Attack,
    AttackContext,
    Target,
    attack_context,
    attack_mode,
    modified_attack,
    resolve,
)
from rulekeeper.games.haven.modifiers import ModifierDeck, parse_card, standard_catalog
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN

CATALOG = standard_catalog()


def outcome(context: AttackContext, *cards: str) -> int:
    return resolve(context, [CATALOG[c] for c in cards]).damage


def test_HV_ATK_1_bonuses_including_poison_come_before_the_modifier() -> None:
    """Attack 2 +1 item bonus against a poisoned target with ×2: (2 + 1 + 1) × 2 = 8, not 2×2+2."""
    context = attack_context(Attack(2, bonus=1), Target(conditions=("poison",)), GLOOMHAVEN)
    assert context.attack == 4
    assert outcome(context, "x2") == 8


def test_HV_ATK_1_shield_comes_after_the_modifier() -> None:
    """Attack 3, ×2, shield 1: 6 - 1 = 5 (shield first would give (3-1)×2 = 4)."""
    context = attack_context(Attack(3), Target(shield=1), GLOOMHAVEN)
    assert outcome(context, "x2") == 5
    assert outcome(context, "-2") == 0  # shield never takes damage below 0


def test_HV_ATK_1_pierce_ignores_shield_points() -> None:
    context = attack_context(Attack(3, pierce=2), Target(shield=3), GLOOMHAVEN)
    assert outcome(context, "+0") == 2
    context = attack_context(Attack(3, pierce=5), Target(shield=3), GLOOMHAVEN)
    assert outcome(context, "+0") == 3  # pierce beyond the shield adds nothing


def test_HV_ATK_1_a_negative_modifier_cannot_make_the_attack_negative() -> None:
    assert modified_attack(1, [CATALOG["-2"]]) == (0, False)


def test_HV_ATK_1_frosthaven_ward_halves_after_shield_rounding_down() -> None:
    """Attack 5, +0, shield 1, ward: (5 - 1) / 2 = 2; with attack 6: 5 / 2 = 2."""
    context = attack_context(Attack(5), Target(shield=1, conditions=("ward",)), FROSTHAVEN)
    assert context.damage_factors == (Fraction(1, 2),)
    assert outcome(context, "+0") == 2
    assert (
        outcome(attack_context(Attack(6), Target(shield=1, conditions=("ward",)), FROSTHAVEN), "+0")
        == 2
    )


def test_HV_ATK_1_frosthaven_brittle_doubles_after_shield() -> None:
    context = attack_context(Attack(5), Target(shield=1, conditions=("brittle",)), FROSTHAVEN)
    assert outcome(context, "+0") == 8


def test_HV_ATK_1_ward_and_brittle_cancel() -> None:
    context = attack_context(
        Attack(5), Target(shield=1, conditions=("ward", "brittle")), FROSTHAVEN
    )
    assert outcome(context, "+0") == 4


def test_HV_ATK_1_ward_is_not_used_when_shield_leaves_no_damage() -> None:
    """FH FAQ §5.2."""
    context = attack_context(Attack(1), Target(shield=2, conditions=("ward",)), FROSTHAVEN)
    result = resolve(context, [CATALOG["+0"]])
    assert result.damage == 0 and not result.factors_used
    hit = resolve(
        attack_context(Attack(4), Target(conditions=("ward",)), FROSTHAVEN), [CATALOG["+0"]]
    )
    assert hit.damage == 2 and hit.factors_used


def test_HV_ATK_1_gloomhaven_has_no_ward_or_brittle() -> None:
    with pytest.raises(ValueError, match="ward"):
        attack_context(Attack(5), Target(conditions=("ward",)), GLOOMHAVEN)


def test_HV_ATK_1_every_target_draws_its_own_card_from_the_same_deck() -> None:
    """Two targets of one attack: two draws, the second from what the first left."""
    deck = ModifierDeck.standard("hero", GLOOMHAVEN)
    results = []
    for card, shield in (("x2", 0), ("+1", 2)):
        context = attack_context(Attack(3), Target(shield=shield), GLOOMHAVEN)
        process = AttackDraw.start(GLOOMHAVEN, "hero", context, "none")
        process = process.apply(DrawModifier("hero", card), deck, CATALOG)
        done = process.finish(deck, CATALOG)
        assert isinstance(done, Done)
        results.append(done.outcome.damage)
    assert results == [6, 2]
    assert len(deck) == 18 and deck.cards.discard_pile == ["x2", "+1"]


def test_disarmed_or_stunned_attackers_and_invisible_targets_are_refused() -> None:
    """Conditions table: disarm and stun forbid attacks, invisible forbids being targeted."""
    for attack, target, rule in (
        (Attack(3, attacker_conditions=("disarm",)), Target(), "HV-COND-DISARM-1"),
        (Attack(3, attacker_conditions=("stun",)), Target(), "HV-COND-STUN-1"),
        (Attack(3), Target(conditions=("invisible",)), "HV-COND-INVISIBLE-1"),
    ):
        with pytest.raises(RuleViolation) as error:
            attack_context(attack, target, GLOOMHAVEN)
        assert error.value.rule_id == rule


def test_HV_ATK_2_advantage_and_disadvantage_cancel() -> None:
    attack = Attack(3, advantage=True, attacker_conditions=("muddle",))
    assert attack_mode(attack, Target()) == "none"
    assert attack_mode(Attack(3, attacker_conditions=("muddle", "strengthen")), Target()) == "none"


def test_HV_ATK_2_two_sources_of_advantage_do_not_stack() -> None:
    """Still one advantage: the procedure draws two cards, not three."""
    attack = Attack(3, advantage=True, attacker_conditions=("strengthen",))
    mode = attack_mode(attack, Target())
    assert mode == "advantage"
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), mode)
    assert isinstance(process.after_draw("+0").after_draw("+1").next_step(CATALOG), Done)


def test_HV_ATK_2_muddle_and_strengthen_are_sources() -> None:
    assert attack_mode(Attack(3, attacker_conditions=("muddle",)), Target()) == "disadvantage"
    assert attack_mode(Attack(3, attacker_conditions=("strengthen",)), Target()) == "advantage"


def test_HV_ATK_3_a_ranged_attack_against_an_adjacent_target_has_disadvantage() -> None:
    assert attack_mode(Attack(3, ranged=True), Target(adjacent=True)) == "disadvantage"
    assert attack_mode(Attack(3, ranged=True), Target(adjacent=False)) == "none"
    assert attack_mode(Attack(3, ranged=False), Target(adjacent=True)) == "none"
    # HV-ATK-2: it cancels with a source of advantage.
    assert attack_mode(Attack(3, ranged=True, advantage=True), Target(adjacent=True)) == "none"


def test_attack_draws_save_and_resume_mid_draw() -> None:
    context = attack_context(Attack(3), Target(shield=1, conditions=("ward",)), FROSTHAVEN)
    process = AttackDraw.start(FROSTHAVEN, "hero", context, "advantage", attacker_is_character=True)
    process = process.after_draw("rolling+1").after_draw("+1")
    again = AttackDraw.from_dict(process.to_dict())
    assert again == process
    assert again.after_draw("x2").next_step(CATALOG) == process.after_draw("x2").next_step(CATALOG)


def test_HV_MOD_2_the_attacker_orders_x2_with_positive_and_negative_values() -> None:
    """Attack 3 with rolling +1, a rolling −1 perk and ×2 (GH p.20, FH p.26: any order):
    3 + 1 = 4, ×2 = 8, −1 = 7 is the best order, not (3 + 1 − 1) × 2 = 6."""
    minus = parse_card("rolling-1", {"value": -1, "rolling": True})
    cards = [CATALOG["rolling+1"], minus, CATALOG["x2"]]
    assert modified_attack(3, cards) == (7, False)
    assert modified_attack(3, [minus, CATALOG["x2"]]) == (5, False)
    assert modified_attack(3, [CATALOG["rolling+2"], CATALOG["x2"]]) == (10, False)
