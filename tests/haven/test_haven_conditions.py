"""Conditions, read from one table (Gloomhaven p.22–23; Frosthaven p.28–29).

Muddle and strengthen feed HV-ATK-2, poison's +1 is part of HV-ATK-1 step 1,
ward and brittle are the FH end of HV-ATK-1.
"""

from __future__ import annotations

import pytest

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.conditions import (
    CONDITIONS,
    attack_bonus_against,
    attack_mode_sources,
    check_can_attack,
    check_can_move,
    check_can_target,
    condition,
    damage_factors,
    expiring_at_end_of_turn,
    heal_amount,
    removed_by_heal,
    turn_start_damage,
)
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN


def test_HV_ATK_2_HV_COND_MUDDLE_1_HV_COND_STRENGTHEN_1_muddle_gives_disadvantage_and_strengthen_advantage() -> (
    None
):
    assert attack_mode_sources(["muddle"]) == (False, True)
    assert attack_mode_sources(["strengthen"]) == (True, False)
    assert attack_mode_sources(["poison", "wound"]) == (False, False)


def test_HV_ATK_1_HV_COND_POISON_1_poison_adds_one_to_attacks_against_the_target() -> None:
    assert attack_bonus_against(["poison"]) == 1
    assert attack_bonus_against(["wound", "muddle"]) == 0


def test_wound_deals_one_damage_at_the_start_of_each_turn() -> None:
    assert turn_start_damage(["wound"]) == 1
    assert turn_start_damage(["poison"]) == 0


def test_HV_COND_DISARM_1_HV_COND_STUN_1_disarm_and_stun_forbid_attacks() -> None:
    for name in ("disarm", "stun"):
        with pytest.raises(RuleViolation) as error:
            check_can_attack([name])
        assert error.value.rule_id == f"HV-COND-{name.upper()}-1"
    check_can_attack(["immobilize", "muddle"])


def test_immobilize_and_stun_forbid_movement() -> None:
    for name in ("immobilize", "stun"):
        with pytest.raises(RuleViolation):
            check_can_move([name])
    check_can_move(["disarm"])


def test_HV_COND_INVISIBLE_1_invisible_figures_cannot_be_targeted_by_enemies() -> None:
    with pytest.raises(RuleViolation) as error:
        check_can_target(["invisible"])
    assert error.value.rule_id == "HV-COND-INVISIBLE-1"
    check_can_target(["invisible"], by_enemy=False)


def test_HV_COND_2_durations_follow_the_table() -> None:
    """HV-COND-2: immobilize, disarm, stun, muddle, invisible, strengthen, [FH] impair and
    bane end at the end of the bearer's next turn; wound and poison last until healed."""
    assert sorted(expiring_at_end_of_turn(CONDITIONS)) == [
        "bane",
        "disarm",
        "immobilize",
        "impair",
        "invisible",
        "muddle",
        "strengthen",
        "stun",
    ]
    assert sorted(removed_by_heal(CONDITIONS)) == ["bane", "brittle", "poison", "wound"]
    assert {CONDITIONS[n].duration for n in ("ward", "brittle")} == {"until_damaged"}


def test_HV_COND_POISON_2_a_heal_on_a_poisoned_figure_only_removes_the_poison() -> None:
    assert heal_amount(3, ["poison"]) == 0
    assert heal_amount(3, ["wound"]) == 3


def test_HV_ATK_1_ward_and_brittle_exist_only_in_frosthaven() -> None:
    assert damage_factors(["ward"], GLOOMHAVEN) == []
    assert damage_factors(["ward", "brittle"], FROSTHAVEN) == []
    with pytest.raises(ValueError):
        condition("brittle", GLOOMHAVEN)
    assert condition("brittle", FROSTHAVEN).page


def test_every_row_cites_a_rulebook_page() -> None:
    assert all(row.page for row in CONDITIONS.values())
    with pytest.raises(ValueError, match="unknown condition"):
        condition("sleepy")


def test_a_heal_removes_brittle_and_still_restores_hit_points() -> None:
    """FH p.29: brittle is also removed if the figure is healed; unlike poison, the heal
    still restores hit points. Ward is not removed by a heal."""
    assert removed_by_heal(["brittle", "ward"]) == ["brittle"]
    assert heal_amount(2, ["brittle"]) == 2
