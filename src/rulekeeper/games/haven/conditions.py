"""Conditions: what each one does to attacks, movement and turns, in one table.

Every condition's effect is a row of :data:`CONDITIONS`; rule modules ask the
table (``attack_mode_from_conditions``, ``attack_bonus_against``, ...) instead
of testing condition names themselves. Pages: Gloomhaven rulebook p.22–23
(conditions), Frosthaven rulebook p.28–29 (conditions, ward and brittle).

The catalog gives no HV- IDs for conditions; the checks here raise
RuleViolation with ``HV-COND-<NAME>`` IDs, and the attack-related ones also
serve HV-ATK-1 (poison's +1 is a bonus of step 1) and HV-ATK-2 (muddle and
strengthen are sources of disadvantage and advantage).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.ruleset import Ruleset

Duration = Literal["end_of_next_turn", "until_healed", "until_damaged"]


@dataclass(frozen=True, slots=True)
class ConditionEffect:
    """What one condition does while a figure has it."""

    name: str
    positive: bool
    duration: Duration
    """``end_of_next_turn``: removed at the end of the bearer's next turn;
    ``until_healed``: removed by any heal; ``until_damaged``: used up by the
    next damage it changes (FH ward and brittle)."""
    bearer_attacks_with: Literal["advantage", "disadvantage"] | None = None
    attack_bonus_against: int = 0
    """Added to every attack that targets the bearer (HV-ATK-1 step 1)."""
    cannot_attack: bool = False
    cannot_move: bool = False
    cannot_act: bool = False
    """No abilities or items at all this turn (a character may still long rest)."""
    untargetable_by_enemies: bool = False
    damage_at_turn_start: int = 0
    heal_only_removes: bool = False
    """A heal removes the condition instead of restoring hit points."""
    heal_removes: bool = False
    """A heal also removes it, whatever its duration (FH brittle, p.29)."""
    damage_factor: Fraction | None = None
    """Multiplies damage after shield, rounded down (FH ward ×1/2, brittle ×2; HV-ATK-1)."""
    frosthaven_only: bool = False
    page: str = ""


CONDITIONS: dict[str, ConditionEffect] = {
    row.name: row
    for row in (
        # GH p.22: +1 to attacks targeting the figure; a heal removes it instead of healing.
        ConditionEffect(
            "poison",
            positive=False,
            duration="until_healed",
            attack_bonus_against=1,
            heal_only_removes=True,
            page="GH p.22; FH p.29",
        ),
        # GH p.22: 1 damage at the start of each of the figure's turns until healed.
        ConditionEffect(
            "wound",
            positive=False,
            duration="until_healed",
            damage_at_turn_start=1,
            page="GH p.22; FH p.29",
        ),
        # GH p.22: cannot perform move abilities.
        ConditionEffect(
            "immobilize",
            positive=False,
            duration="end_of_next_turn",
            cannot_move=True,
            page="GH p.22; FH p.29",
        ),
        # GH p.23: cannot perform attack abilities.
        ConditionEffect(
            "disarm",
            positive=False,
            duration="end_of_next_turn",
            cannot_attack=True,
            page="GH p.23; FH p.29",
        ),
        # GH p.23: no abilities and no items this turn.
        ConditionEffect(
            "stun",
            positive=False,
            duration="end_of_next_turn",
            cannot_attack=True,
            cannot_move=True,
            cannot_act=True,
            page="GH p.23; FH p.29",
        ),
        # GH p.23: disadvantage on all the figure's attacks.
        ConditionEffect(
            "muddle",
            positive=False,
            duration="end_of_next_turn",
            bearer_attacks_with="disadvantage",
            page="GH p.23; FH p.29",
        ),
        # GH p.23: advantage on all the figure's attacks.
        ConditionEffect(
            "strengthen",
            positive=True,
            duration="end_of_next_turn",
            bearer_attacks_with="advantage",
            page="GH p.23; FH p.28",
        ),
        # GH p.23: cannot be focused on or targeted by enemies.
        ConditionEffect(
            "invisible",
            positive=True,
            duration="end_of_next_turn",
            untargetable_by_enemies=True,
            page="GH p.23; FH p.28",
        ),
        # FH p.28: the next damage suffered is halved (rounded down); used up by it.
        ConditionEffect(
            "ward",
            positive=True,
            duration="until_damaged",
            damage_factor=Fraction(1, 2),
            frosthaven_only=True,
            page="FH p.28",
        ),
        # FH p.29: the next damage suffered is doubled; used up by it, or removed by a heal.
        ConditionEffect(
            "brittle",
            positive=False,
            duration="until_damaged",
            damage_factor=Fraction(2),
            heal_removes=True,
            frosthaven_only=True,
            page="FH p.29",
        ),
    )
}


def condition(name: str, ruleset: Ruleset | None = None) -> ConditionEffect:
    """The table row for ``name``; unknown names (or FH-only ones in GH) are errors."""
    row = CONDITIONS.get(name)
    if row is None:
        raise ValueError(f"unknown condition {name!r} (known: {', '.join(CONDITIONS)})")
    if row.frosthaven_only and ruleset is not None and not ruleset.ward_and_brittle:
        raise ValueError(f"{name} exists only in rulesets with ward and brittle (HV-ATK-1)")
    return row


def _rows(conditions: Iterable[str], ruleset: Ruleset | None) -> list[ConditionEffect]:
    return [condition(name, ruleset) for name in conditions]


def attack_mode_sources(conditions: Iterable[str]) -> tuple[bool, bool]:
    """(advantage, disadvantage) the bearer's own conditions give its attacks (HV-ATK-2)."""
    rows = _rows(conditions, None)
    return (
        any(r.bearer_attacks_with == "advantage" for r in rows),
        any(r.bearer_attacks_with == "disadvantage" for r in rows),
    )


def attack_bonus_against(target_conditions: Iterable[str]) -> int:
    """HV-ATK-1 step 1: bonuses that target conditions give attacks (poison: +1)."""
    return sum(r.attack_bonus_against for r in _rows(target_conditions, None))


def check_can_attack(attacker_conditions: Iterable[str]) -> None:
    """Disarm and stun forbid attack abilities (GH p.23)."""
    for row in _rows(attacker_conditions, None):
        if row.cannot_attack:
            raise RuleViolation(f"HV-COND-{row.name.upper()}", f"a {row.name} figure cannot attack")


def check_can_move(conditions: Iterable[str]) -> None:
    """Immobilize and stun forbid move abilities (GH p.22–23)."""
    for row in _rows(conditions, None):
        if row.cannot_move:
            raise RuleViolation(f"HV-COND-{row.name.upper()}", f"a {row.name} figure cannot move")


def check_can_target(target_conditions: Iterable[str], *, by_enemy: bool = True) -> None:
    """Invisible figures cannot be targeted by enemies (GH p.23)."""
    if not by_enemy:
        return
    for row in _rows(target_conditions, None):
        if row.untargetable_by_enemies:
            raise RuleViolation(
                f"HV-COND-{row.name.upper()}", "an invisible figure cannot be targeted"
            )


def damage_factors(target_conditions: Iterable[str], ruleset: Ruleset) -> list[Fraction]:
    """HV-ATK-1 [FH]: the factors ward and brittle apply after shield; together they cancel."""
    if not ruleset.ward_and_brittle:
        return []
    factors = [
        r.damage_factor for r in _rows(target_conditions, ruleset) if r.damage_factor is not None
    ]
    if len(factors) > 1:
        return []
    return factors


def turn_start_damage(conditions: Iterable[str]) -> int:
    """Damage suffered at the start of the bearer's turn (wound: 1)."""
    return sum(r.damage_at_turn_start for r in _rows(conditions, None))


def expiring_at_end_of_turn(conditions: Iterable[str]) -> list[str]:
    """The conditions removed at the end of the bearer's next turn (their duration)."""
    return [r.name for r in _rows(conditions, None) if r.duration == "end_of_next_turn"]


def removed_by_heal(conditions: Iterable[str]) -> list[str]:
    """Conditions a heal removes (only poison also stops the hit points: heal_amount)."""
    return [
        r.name for r in _rows(conditions, None) if r.duration == "until_healed" or r.heal_removes
    ]


def heal_amount(amount: int, conditions: Iterable[str]) -> int:
    """Hit points a heal restores: none while poisoned (it only removes the poison)."""
    if any(r.heal_only_removes for r in _rows(conditions, None)):
        return 0
    return amount
