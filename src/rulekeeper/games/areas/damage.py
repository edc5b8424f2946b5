"""Melee damage, with the breakdown players see (AR-DMG-1..4).

A hero rolls the Action dice shown on the action's token (AR-DMG-1) and deals
the successes plus the weapon's modifiers plus any other modifiers, here the
optional effects declared (AR-DMG-2). A non-hero ally deals the fixed damage
printed on its card, rolling nothing (AR-DMG-3); an attack that shows no
damage deals none and resolves its other effect (AR-DMG-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.games.areas.content import ActionDie, AllyAttack, Item
from rulekeeper.games.areas.declaration import OptionalEffect
from rulekeeper.games.areas.terms import FACES, term
from rulekeeper.i18n import Msg, lazy, lazy_plural


@dataclass(frozen=True, slots=True)
class DamageBreakdown:
    """The damage an attack deals, each addend named, and the rules applied."""

    total: int
    parts: tuple[tuple[Msg, int], ...]
    rules: tuple[str, ...]
    shows_damage: bool = True

    def text(self) -> Msg:
        if not self.shows_damage:
            return lazy("no damage shown: deals none (AR-DMG-4)")
        addends: Msg | None = None
        for label, value in self.parts:
            addend = lazy("{value} {label}", value=value, label=label)
            addends = (
                addend if addends is None else lazy("{left} + {right}", left=addends, right=addend)
            )
        return lazy("damage {total} = {addends}", total=self.total, addends=addends or "0")


def hero_damage(
    die: ActionDie, faces: tuple[str, ...], weapon: Item | None, effects: tuple[OptionalEffect, ...]
) -> DamageBreakdown:
    """AR-DMG-1, AR-DMG-2: successes rolled + weapon modifiers + other modifiers."""
    successes = sum(die.successes(face) for face in faces)
    if faces:
        label = lazy_plural(
            "success ({faces})",
            "successes ({faces})",
            successes,
            faces=[term(FACES, face) for face in faces],
        )
    else:
        label = lazy_plural("success (no dice)", "successes (no dice)", successes)
    parts: list[tuple[Msg, int]] = [(label, successes)]
    if weapon is not None:
        parts.append((lazy("weapon modifier ({weapon})", weapon=weapon.name), weapon.modifier))
    for effect in effects:
        if effect.effect.damage:
            parts.append((lazy("modifier ({effect})", effect=effect.name), effect.effect.damage))
    total = sum(value for _, value in parts)
    return DamageBreakdown(total, tuple(parts), ("AR-DMG-1", "AR-DMG-2"))


def ally_damage(attack: AllyAttack) -> DamageBreakdown:
    """AR-DMG-3: the fixed damage on the Ally card; AR-DMG-4: none if none is shown."""
    if attack.damage is None:
        return DamageBreakdown(0, (), ("AR-DMG-4",), shows_damage=False)
    return DamageBreakdown(
        attack.damage,
        ((lazy("fixed damage ({attack})", attack=attack.name), attack.damage),),
        ("AR-DMG-3",),
    )
