"""Attack resolution per target: bonuses, modifier, shield, ward and brittle (HV-ATK-1..3).

An attack against one target is resolved in the rulebook's order (HV-ATK-1):

1. the attack's bonuses and penalties (including +1 against a poisoned target);
2. the modifier cards that apply (see :mod:`rulekeeper.games.haven.attack_draw`
   for which ones do): their values, ×2, null, pierce and added effects;
3. the target's shield, reduced by pierce;
4. [FH] ward (halve, rounded down) and brittle (double), which cancel.

Step 1 and the target's defences are frozen into an :class:`AttackContext`
before any card is drawn; :func:`resolve` performs steps 2–4 for a set of
cards. Advantage and disadvantage come from :func:`attack_mode` (HV-ATK-2,
HV-ATK-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal, Protocol

from rulekeeper.games.haven.conditions import (
    attack_bonus_against,
    attack_mode_sources,
    check_can_attack,
    check_can_target,
    condition,
    damage_factors,
    scale_damage,
)
from rulekeeper.games.haven.modifiers import Effect, ModifierCard, combine_effects
from rulekeeper.games.haven.ruleset import Ruleset

AttackMode = Literal["none", "advantage", "disadvantage"]

_set: Final = object.__setattr__
"""How the frozen classes below set their fields in their own ``__init__``."""


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack ability against one target, before the modifier draw."""

    value: int
    pierce: int = 0
    bonus: int = 0
    """Other bonuses and penalties of step 1 (active bonuses, items), summed."""
    ranged: bool = False
    advantage: bool = False
    """The ability or an item grants advantage."""
    disadvantage: bool = False
    attacker_conditions: tuple[str, ...] = ()

    def __init__(
        self,
        value: int,
        pierce: int = 0,
        bonus: int = 0,
        ranged: bool = False,
        advantage: bool = False,
        disadvantage: bool = False,
        attacker_conditions: tuple[str, ...] = (),
    ) -> None:
        # Written out, compiled, instead of the generated __init__, which is interpreted
        # (issue 12: an attack is made at every attack of a rollout); frozen, so its fields
        # are set with object.__setattr__ as the generated one sets them.
        _set(self, "value", value)
        _set(self, "pierce", pierce)
        _set(self, "bonus", bonus)
        _set(self, "ranged", ranged)
        _set(self, "advantage", advantage)
        _set(self, "disadvantage", disadvantage)
        _set(self, "attacker_conditions", attacker_conditions)


@dataclass(frozen=True, slots=True)
class Target:
    """The defender, as far as the attack's damage is concerned."""

    shield: int = 0
    conditions: tuple[str, ...] = ()
    """e.g. ``("poison",)``, ``("ward",)`` [FH], ``("brittle",)`` [FH]."""
    adjacent: bool = False
    """The target is adjacent to the attacker (HV-ATK-3, for ranged attacks)."""

    def __init__(
        self, shield: int = 0, conditions: tuple[str, ...] = (), adjacent: bool = False
    ) -> None:
        _set(self, "shield", shield)  # as Attack's
        _set(self, "conditions", conditions)
        _set(self, "adjacent", adjacent)


class AttackQuestion(Protocol):
    """An odds question as the CLI and the web table ask it: numbers and on/off flags."""

    @property
    def attack(self) -> int: ...
    @property
    def shield(self) -> int: ...
    @property
    def pierce(self) -> int: ...
    @property
    def advantage(self) -> bool: ...
    @property
    def disadvantage(self) -> bool: ...
    @property
    def poisoned(self) -> bool: ...
    @property
    def ward(self) -> bool: ...
    @property
    def brittle(self) -> bool: ...
    @property
    def muddled(self) -> bool: ...
    @property
    def strengthened(self) -> bool: ...
    @property
    def ranged_adjacent(self) -> bool: ...


def attack_and_target(question: AttackQuestion) -> tuple[Attack, Target]:
    """The attack and its target that an odds question's flags describe."""
    q = question
    attacker_conditions = (("muddle", q.muddled), ("strengthen", q.strengthened))
    target_conditions = (("poison", q.poisoned), ("ward", q.ward), ("brittle", q.brittle))
    the_attack = Attack(
        q.attack,
        pierce=q.pierce,
        ranged=q.ranged_adjacent,
        advantage=q.advantage,
        disadvantage=q.disadvantage,
        attacker_conditions=tuple(name for name, on in attacker_conditions if on),
    )
    the_target = Target(
        shield=q.shield,
        conditions=tuple(name for name, on in target_conditions if on),
        adjacent=q.ranged_adjacent,
    )
    return the_attack, the_target


@dataclass(frozen=True, slots=True)
class AttackContext:
    """Everything the damage of one target depends on besides the modifier cards.

    ``attack`` already includes step 1 of HV-ATK-1 (bonuses, penalties, poison).
    """

    attack: int
    shield: int = 0
    pierce: int = 0
    damage_factors: tuple[Fraction, ...] = ()
    """[FH] ward (1/2) or brittle (2), applied after shield (HV-ATK-1)."""

    def __init__(
        self,
        attack: int,
        shield: int = 0,
        pierce: int = 0,
        damage_factors: tuple[Fraction, ...] = (),
    ) -> None:
        _set(self, "attack", attack)  # as Attack's
        _set(self, "shield", shield)
        _set(self, "pierce", pierce)
        _set(self, "damage_factors", damage_factors)

    def to_dict(self) -> dict[str, Any]:
        return {
            "attack": self.attack,
            "shield": self.shield,
            "pierce": self.pierce,
            "damage_factors": [str(f) for f in self.damage_factors],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AttackContext:
        return cls(
            int(data["attack"]),
            int(data.get("shield", 0)),
            int(data.get("pierce", 0)),
            tuple(Fraction(f) for f in data.get("damage_factors", ())),
        )


def attack_context(attack: Attack, target: Target, ruleset: Ruleset) -> AttackContext:
    """HV-ATK-1 step 1: apply bonuses and penalties (poison +1) and note the defences.

    A disarmed or stunned figure cannot attack, and an invisible one cannot be
    targeted (conditions table); those raise RuleViolation.
    """
    for name in target.conditions:
        condition(name, ruleset)
    check_can_attack(attack.attacker_conditions)
    check_can_target(target.conditions)
    value = attack.value + attack.bonus + attack_bonus_against(target.conditions)
    return AttackContext(
        attack=max(0, value),
        shield=max(0, target.shield),
        pierce=max(0, attack.pierce),
        damage_factors=tuple(damage_factors(target.conditions, ruleset)),
    )


def attack_mode(attack: Attack, target: Target) -> AttackMode:
    """Advantage, disadvantage or neither for this attack against this target.

    HV-ATK-3: a ranged attack against an adjacent target has disadvantage.
    Muddle gives disadvantage and strengthen advantage (conditions table).
    HV-ATK-2: several sources of one kind do not stack; one of each cancels.
    """
    from_conditions = attack_mode_sources(attack.attacker_conditions)
    advantage = attack.advantage or from_conditions[0]
    disadvantage = attack.disadvantage or from_conditions[1] or (attack.ranged and target.adjacent)
    if advantage and disadvantage:
        return "none"
    if advantage:
        return "advantage"
    if disadvantage:
        return "disadvantage"
    return "none"


@dataclass(frozen=True, slots=True)
class AttackOutcome:
    """The result of one target's attack once its modifier cards are known."""

    damage: int
    effects: tuple[Effect, ...] = ()
    modified_attack: int = 0
    """The attack value after the modifier (HV-ATK-1 step 2), before shield."""
    null: bool = False
    factors_used: bool = False
    """[FH] ward/brittle were used up (only when there was damage to change)."""
    cards: tuple[str, ...] = field(default=(), compare=False)

    def dominates(self, other: AttackOutcome) -> bool:
        """At least as good in every respect and better in one (HV-ADV-5).

        Damage is compared against this target; every added effect counts as
        positive but of undefined size, so a card with an effect the other
        lacks is never worse, and never comparable with one dealing more damage.
        """
        if self.damage < other.damage:
            return False
        mine = {e.name: e.amount for e in self.effects}
        for effect in other.effects:
            if effect.name not in mine or mine[effect.name] < effect.amount:
                return False
        return self.damage > other.damage or self.effects != other.effects


@dataclass(frozen=True, slots=True)
class CardTotals:
    """What :func:`resolve` reads of the modifier cards applied together.

    Totals add up card by card (``+``), so the outcome of a set of cards
    depends on the set only through its totals: the exact odds merge every
    mix of rolling cards with equal totals.
    """

    null: bool = False
    gains: int = 0
    """The positive values, added before any doubling."""
    losses: int = 0
    """The negative values, added after any doubling."""
    doubles: int = 0
    pierce: int = 0
    effects: tuple[Effect, ...] = ()
    """The added effects, combined (amounts of one kind add up)."""

    @classmethod
    def of(cls, cards: Iterable[ModifierCard]) -> CardTotals:
        cards = tuple(cards)
        return cls(
            null=any(card.multiplier == "null" for card in cards),
            gains=sum(card.value for card in cards if card.value > 0),
            losses=sum(card.value for card in cards if card.value < 0),
            doubles=sum(1 for card in cards if card.multiplier == "double"),
            pierce=sum(card.pierce for card in cards),
            effects=combine_effects(e for card in cards for e in card.effects),
        )

    def __add__(self, other: CardTotals) -> CardTotals:
        return CardTotals(
            self.null or other.null,
            self.gains + other.gains,
            self.losses + other.losses,
            self.doubles + other.doubles,
            self.pierce + other.pierce,
            # Each side is already combined: only a merge of both needs the work.
            combine_effects((*self.effects, *other.effects))
            if self.effects and other.effects
            else self.effects or other.effects,
        )


def modified_attack(attack: int, cards: Sequence[ModifierCard]) -> tuple[int, bool]:
    """HV-ATK-1 step 2 and HV-MOD-2: the attack value after the cards; (value, null).

    A null card makes it 0 wherever it is (its effects still apply). The
    attacker chooses the order of ×2 and the added values (GH p.20; FH FAQ
    §5.3); the order that deals the most damage is taken: every positive value
    added before the doubling, every negative one after it.
    """
    return _modified_attack(attack, CardTotals.of(cards))


def _modified_attack(attack: int, totals: CardTotals) -> tuple[int, bool]:
    if totals.null:
        return 0, True
    return max(0, (attack + totals.gains) * 2**totals.doubles + totals.losses), False


def resolve(context: AttackContext, cards: Iterable[ModifierCard]) -> AttackOutcome:
    """HV-ATK-1 steps 2–4: the damage and effects of these modifier cards against the target."""
    cards = tuple(cards)
    return resolve_totals(context, CardTotals.of(cards), tuple(card.id for card in cards))


def resolve_totals(
    context: AttackContext, totals: CardTotals, cards: tuple[str, ...] = ()
) -> AttackOutcome:
    """:func:`resolve` for cards known by their totals (``cards`` only labels the outcome)."""
    value, null = _modified_attack(context.attack, totals)
    pierce = context.pierce + totals.pierce
    damage = max(0, value - max(0, context.shield - pierce))
    factors_used = False
    # FH FAQ §5.2: ward and brittle are not used up when shield left no damage.
    if damage > 0 and context.damage_factors:
        factors_used = True
        damage = scale_damage(damage, context.damage_factors)
    return AttackOutcome(
        damage=damage,
        effects=totals.effects,
        modified_attack=value,
        null=null,
        factors_used=factors_used,
        cards=cards,
    )
