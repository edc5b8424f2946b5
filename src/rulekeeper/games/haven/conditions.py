"""Conditions: what each one does to attacks, movement and turns, in one table.

Every condition's effect is a row of :data:`CONDITIONS`; rule modules ask the
table (``attack_mode_from_conditions``, ``attack_bonus_against``, ...) instead
of testing condition names themselves. Pages: Gloomhaven rulebook p.22–23
(conditions), Frosthaven rulebook p.28–29 (conditions, ward and brittle).

Rule IDs: HV-COND-1 (one instance of each, a gain restarts the duration),
HV-COND-2 ("removed at the end of its next turn"), HV-COND-3 (immunities), and
one family per condition, ``HV-COND-<NAME>-n`` (:func:`rule_id`); the
attack-related rows also serve HV-ATK-1 (poison's +1 is a bonus of step 1) and
HV-ATK-2 (muddle and strengthen are sources of disadvantage and advantage).
Bless and curse are not held by a figure: gaining one shuffles a card into a
deck (bless_curse.py, HV-COND-BLESS-1, HV-COND-CURSE-1).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.i18n import _, lazy

Duration = Literal["end_of_next_turn", "until_healed", "until_damaged", "deck_card"]


@dataclass(frozen=True, slots=True)
class ConditionEffect:
    """What one condition does while a figure has it."""

    name: str
    positive: bool
    duration: Duration
    """``end_of_next_turn``: removed at the end of the bearer's next turn;
    ``until_healed``: removed by any heal; ``until_damaged``: used up by the
    next damage it changes (FH ward and brittle; regenerate ends on any damage);
    ``deck_card``: never held, a card goes into a modifier deck (bless, curse)."""
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
    """Multiplies the next damage from any source, rounded down (FH ward ×1/2, brittle ×2;
    HV-ATK-1, HV-COND-WARD-1, HV-COND-BRITTLE-1)."""
    heal_at_turn_start: int = 0
    """[FH] regenerate: "Heal 1, self" at the start of each of the bearer's turns."""
    damage_at_end_of_turn: int = 0
    """[FH] bane: damage at the end of the bearer's next turn, then removed."""
    cannot_use_items: bool = False
    """Stun and [FH] impair: no item may be used or triggered (HV-COND-IMPAIR-1)."""
    characters_only: bool = False
    """[FH] impair: only characters can gain it (HV-COND-IMPAIR-1)."""
    frosthaven_only: bool = False
    page: str = ""


CONDITIONS: dict[str, ConditionEffect] = {
    row.name: row
    for row in (
        # HV-COND-POISON-1/-2 (GH p.22): +1 to attacks targeting the figure; a heal removes
        # it instead of healing.
        ConditionEffect(
            "poison",
            positive=False,
            duration="until_healed",
            attack_bonus_against=1,
            heal_only_removes=True,
            page="GH p.22; FH p.29",
        ),
        # HV-COND-WOUND-1 (GH p.22): 1 damage at the start of each turn until healed.
        ConditionEffect(
            "wound",
            positive=False,
            duration="until_healed",
            damage_at_turn_start=1,
            page="GH p.22; FH p.29",
        ),
        # HV-COND-IMMOBILIZE-1 (GH p.22): cannot perform move abilities.
        ConditionEffect(
            "immobilize",
            positive=False,
            duration="end_of_next_turn",
            cannot_move=True,
            page="GH p.22; FH p.29",
        ),
        # HV-COND-DISARM-1 (GH p.23): cannot perform attack abilities.
        ConditionEffect(
            "disarm",
            positive=False,
            duration="end_of_next_turn",
            cannot_attack=True,
            page="GH p.23; FH p.29",
        ),
        # HV-COND-STUN-1 (GH p.23): no abilities and no items this turn.
        ConditionEffect(
            "stun",
            positive=False,
            duration="end_of_next_turn",
            cannot_attack=True,
            cannot_move=True,
            cannot_act=True,
            cannot_use_items=True,
            page="GH p.23; FH p.29",
        ),
        # HV-COND-MUDDLE-1 (GH p.23): disadvantage on all the figure's attacks.
        ConditionEffect(
            "muddle",
            positive=False,
            duration="end_of_next_turn",
            bearer_attacks_with="disadvantage",
            page="GH p.23; FH p.29",
        ),
        # HV-COND-STRENGTHEN-1 (GH p.23): advantage on all the figure's attacks.
        ConditionEffect(
            "strengthen",
            positive=True,
            duration="end_of_next_turn",
            bearer_attacks_with="advantage",
            page="GH p.23; FH p.28",
        ),
        # HV-COND-INVISIBLE-1 (GH p.23): cannot be focused on or targeted by enemies;
        # HV-COND-INVISIBLE-2: in enemies' way (Ruleset.monsters_pass_through_invisible).
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
        # FH p.28: Heal 1, self at the start of each turn; removed by any damage (FAQ 5.5).
        ConditionEffect(
            "regenerate",
            positive=True,
            duration="until_damaged",
            heal_at_turn_start=1,
            frosthaven_only=True,
            page="FH p.28; FH FAQ 5.5",
        ),
        # FH p.29: 10 damage at the end of the next turn; a heal before then removes it.
        ConditionEffect(
            "bane",
            positive=False,
            duration="end_of_next_turn",
            damage_at_end_of_turn=10,
            heal_removes=True,
            frosthaven_only=True,
            page="FH p.29; FH FAQ 5.4",
        ),
        # FH p.29: a character cannot use or trigger items; removed at the end of its next turn.
        ConditionEffect(
            "impair",
            positive=False,
            duration="end_of_next_turn",
            cannot_use_items=True,
            characters_only=True,
            frosthaven_only=True,
            page="FH p.29",
        ),
        # GH p.23; FH p.28: a bless card goes into the figure's modifier deck.
        ConditionEffect("bless", positive=True, duration="deck_card", page="GH p.23; FH p.28"),
        # GH p.23; FH p.29: a curse card goes into the figure's modifier deck.
        ConditionEffect("curse", positive=False, duration="deck_card", page="GH p.23; FH p.29"),
    )
}

HELD = frozenset(name for name, row in CONDITIONS.items() if row.duration != "deck_card")
"""The conditions a figure holds (bless and curse are cards in a deck instead)."""


def rule_id(name: str, n: int = 1) -> str:
    """The catalog ID of a condition's rule: ``HV-COND-STUN-1``, ``HV-COND-STUN-2``."""
    return f"HV-COND-{name.upper()}-{n}"


def condition(name: str, ruleset: Ruleset | None = None) -> ConditionEffect:
    """The table row for ``name``; unknown names (or FH-only ones in GH) are errors."""
    row = CONDITIONS.get(name)
    if row is None:
        raise ValueError(
            _("unknown condition {name} (known: {known})", name=repr(name), known=list(CONDITIONS))
        )
    if row.frosthaven_only and ruleset is not None and not ruleset.frosthaven_conditions:
        raise ValueError(
            _(
                "{condition} is a condition of Frosthaven only ({page})",
                condition=name,
                page=row.page,
            )
        )
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
            raise RuleViolation(
                rule_id(row.name),
                lazy("a figure with {condition} cannot attack", condition=term(row.name)),
            )


def check_can_move(conditions: Iterable[str]) -> None:
    """Immobilize and stun forbid move abilities (GH p.22–23)."""
    for row in _rows(conditions, None):
        if row.cannot_move:
            raise RuleViolation(
                rule_id(row.name),
                lazy("a figure with {condition} cannot move", condition=term(row.name)),
            )


def check_can_target(target_conditions: Iterable[str], *, by_enemy: bool = True) -> None:
    """Invisible figures cannot be targeted by enemies (GH p.23)."""
    if not by_enemy:
        return
    for row in _rows(target_conditions, None):
        if row.untargetable_by_enemies:
            raise RuleViolation(rule_id(row.name), lazy("an invisible figure cannot be targeted"))


def scale_damage(amount: int, factors: Iterable[Fraction]) -> int:
    """``amount`` times every ward or brittle factor, rounded down (HV-ATK-1 [FH]), in whole
    numbers: the product's numerator over its denominator, so nothing passes through floats."""
    product = Fraction(1)
    for factor in factors:
        product *= factor
    return amount * product.numerator // product.denominator


def damage_factors(target_conditions: Iterable[str], ruleset: Ruleset) -> list[Fraction]:
    """HV-ATK-1 [FH]: the factors ward and brittle apply after shield; together they cancel.

    HV-COND-WARD-1, HV-COND-BRITTLE-1: the same factors meet damage from any source
    (exhaustion.damage_after_ward_and_brittle), not only an attack's.
    """
    if not ruleset.ward_and_brittle:
        return []
    factors = [
        r.damage_factor for r in _rows(target_conditions, ruleset) if r.damage_factor is not None
    ]
    if len(factors) > 1:
        return []
    return factors


def turn_start_damage(conditions: Iterable[str]) -> int:
    """HV-COND-WOUND-1: damage suffered at the start of the bearer's turn (wound: 1)."""
    return sum(r.damage_at_turn_start for r in _rows(conditions, None))


def turn_start_heal(conditions: Iterable[str]) -> int:
    """HV-COND-REGENERATE-1: the heal performed at the start of the bearer's turn."""
    return sum(r.heal_at_turn_start for r in _rows(conditions, None))


def end_of_turn_damage(conditions: Iterable[str]) -> int:
    """HV-COND-BANE-1: damage suffered at the end of the bearer's turn, before the
    condition is removed with the other end-of-turn ones (HV-COND-2)."""
    return sum(r.damage_at_end_of_turn for r in _rows(conditions, None))


def removed_by_damage(conditions: Iterable[str]) -> list[str]:
    """HV-COND-REGENERATE-1: conditions removed as soon as the bearer suffers damage.

    Ward and brittle are used up by the damage they change instead
    (exhaustion.damage_after_ward_and_brittle)."""
    return [
        r.name
        for r in _rows(conditions, None)
        if r.duration == "until_damaged" and r.damage_factor is None
    ]


def can_use_items(conditions: Iterable[str]) -> bool:
    """HV-COND-STUN-1, HV-COND-IMPAIR-1: a stunned (or [FH] impaired) figure uses and
    triggers no items; bonuses it already gained from items stay in effect."""
    return not any(r.cannot_use_items for r in _rows(conditions, None))


def may_gain(name: str, kind: str, immunities: Iterable[str]) -> bool:
    """HV-COND-3: an immune figure never gains the condition; [FH] impair only characters."""
    row = condition(name)
    if name in immunities:
        return False
    return not (row.characters_only and kind != "character")


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


class HoldsConditions(Protocol):
    """A figure, as far as the conditions it holds go (state.Figure)."""

    @property
    def conditions(self) -> Collection[str]: ...


def has(figure: HoldsConditions, name: str) -> bool:
    """Whether ``figure`` holds the condition ``name`` now (HV-COND-1)."""
    return name in figure.conditions
