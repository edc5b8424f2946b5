"""Resolving a melee attack: record the declaration, roll, add up, wound.

The declaration has passed ``declaration.py``; here it is logged with the
reach check it passed (AR-DECL-1..3, AR-REQ-*, AR-ALLY-1, AR-RANGE-1) and its
optional effects are spent, so nothing can change once the roll starts. A
hero's Action dice are rolled one chance node each (AR-DMG-1), then the damage
is added up with its breakdown (AR-DMG-2); an ally's attack resolves at once
(AR-DMG-3, AR-DMG-4). Poison and stun are the effects' other results.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.areas.damage import DamageBreakdown, ally_damage, hero_damage
from rulekeeper.games.areas.declaration import Declaration, OptionalEffect
from rulekeeper.games.areas.figures import Figure, PendingAttack
from rulekeeper.games.areas.terms import FACES, term
from rulekeeper.i18n import Msg, lazy, lazy_plural, text_of

if TYPE_CHECKING:
    from rulekeeper.games.areas.game import AreasState


def declare(state: AreasState, declaration: Declaration) -> None:
    """AR-DECL-1..3: record the declaration and the reach check it passed."""
    attacker, target = declaration.attacker, declaration.target
    used_as = declaration.token.name if declaration.token else ""
    if declaration.ally_attack is not None:
        used_as = declaration.ally_attack.name
    effects: list[str] | Msg = [e.name for e in declaration.effects] or lazy("none")
    if declaration.weapon:
        declared_text = lazy(
            "{attacker} declares {attack} with {weapon} on {target}; optional effects: {effects}",
            attacker=attacker.name,
            attack=used_as,
            weapon=declaration.weapon.name,
            target=target.name,
            effects=effects,
        )
    else:
        declared_text = lazy(
            "{attacker} declares {attack} on {target}; optional effects: {effects}",
            attacker=attacker.name,
            attack=used_as,
            target=target.name,
            effects=effects,
        )
    declared = (
        ("AR-DECL-1", "AR-ALLY-1")
        if attacker.kind == "ally"
        else ("AR-DECL-1", "AR-DECL-2", "AR-DECL-3")
    )
    state.emit(
        "declare",
        declared_text,
        *declared,
        attacker=attacker.id,
        target=target.id,
    )
    lines: Msg | str = ""
    for ruling in declaration.reach:
        lines = (
            ruling.line()
            if lines == ""
            else lazy("{lines}\n    {line}", lines=lines, line=ruling.line())
        )
    rules = ("AR-ALLY-1",) if attacker.kind == "ally" else ("AR-REQ-1", "AR-REQ-2")
    state.emit(
        "reach",
        lazy(
            "Reach check for {attacker} in {area}:\n    {lines}",
            attacker=attacker.name,
            area=state.board.area(attacker.area).name,
            lines=lines,
        ),
        *rules,
        "AR-REQ-3",
        "AR-REQ-4",
        "AR-RANGE-1",
        attacker=attacker.id,
        reach=[
            {
                "target": r.target,
                "reachable": r.reachable,
                "rule": r.rule_id,
                "reason": text_of(r.reason, "en"),
            }
            for r in declaration.reach
        ],
    )
    left = state.uses_left.get(attacker.id, {})
    for effect in declaration.effects:
        if effect.id in left:
            left[effect.id] -= 1
    if declaration.ally_attack is not None:
        hit(
            state,
            attacker,
            target,
            ally_damage(declaration.ally_attack),
            (),
            declaration.ally_attack.stun,
        )
        state.end_turn()
        return
    dice = declaration.token.dice if declaration.token else 0
    state.attack = PendingAttack(
        attacker.id,
        declaration.token.id if declaration.token else "",
        target.id,
        declaration.weapon.id if declaration.weapon else None,
        tuple(e.id for e in declaration.effects),
        dice,
        push_to=declaration.push_to,
    )
    if dice == 0:
        resolve_attack(state)


def roll(state: AreasState, face: str) -> None:
    """AR-DMG-1: one Action die per chance node."""
    attack = state.attack
    if attack is None:
        raise RuleViolation("CORE-CHANCE", lazy("no Action dice are being rolled"))
    state.attack = PendingAttack(
        attack.attacker,
        attack.action,
        attack.target,
        attack.weapon,
        attack.effects,
        attack.dice,
        (*attack.faces, face),
        attack.push_to,
    )
    successes = state.setup.die.successes(face)
    state.emit(
        "roll",
        lazy_plural(
            "Action die shows {face} ({n} success)",
            "Action die shows {face} ({n} successes)",
            successes,
            face=term(FACES, face),
        ),
        "AR-DMG-1",
        face=face,
    )
    if len(state.attack.faces) == attack.dice:
        resolve_attack(state)


def resolve_attack(state: AreasState) -> None:
    """AR-DMG-2: successes + weapon modifier + other modifiers, then the effects."""
    attack = state.attack
    if attack is None:
        raise RuleViolation("CORE-CHANCE", lazy("no attack is waiting on its dice"))
    state.attack = None
    attacker = state.figures[attack.attacker]
    hero = state.setup.heroes[attacker.type_id]
    owned = {item_id: state.setup.items[item_id] for item_id in hero.items}
    effects: list[OptionalEffect] = []
    for effect_id in attack.effects:
        item = owned.get(effect_id)
        if item is not None and item.effect is not None:
            effects.append(OptionalEffect(item.id, item.name, item.effect))
        else:
            own = next(e for e in hero.effects if e.id == effect_id)
            effects.append(OptionalEffect(own.id, own.name, own))
    weapon = state.setup.items[attack.weapon] if attack.weapon else None
    token = next(t for t in hero.tokens if t.id == attack.action)
    if token.damage:
        breakdown = hero_damage(state.setup.die, attack.faces, weapon, tuple(effects))
    else:
        # AR-DMG-4: no damage shown, so none dealt, modifiers included; the effects resolve.
        breakdown = DamageBreakdown(0, (), ("AR-DMG-4",), shows_damage=False)
    stun = token.stun or any(e.effect.stun for e in effects)
    target = state.figures[attack.target]
    hit(state, attacker, target, breakdown, tuple(effects), stun)
    if attack.push_to is not None and target.id in state.figures:
        before = state.board.area(target.area).name
        target.area = attack.push_to
        state.emit(
            "push",
            lazy(
                "{figure} is pushed from {before} to {after}",
                figure=target.name,
                before=before,
                after=state.board.area(target.area).name,
            ),
            "AR-DMG-4",
            figure=target.id,
            to=target.area,
        )
    state.end_turn()


def hit(
    state: AreasState,
    attacker: Figure,
    target: Figure,
    breakdown: DamageBreakdown,
    effects: tuple[OptionalEffect, ...],
    stun: bool,
) -> None:
    state.emit(
        "damage",
        lazy(
            "{attacker} hits {target}: {damage}",
            attacker=attacker.name,
            target=target.name,
            damage=breakdown.text(),
        ),
        *breakdown.rules,
        attacker=attacker.id,
        target=target.id,
        total=breakdown.total,
        parts=[[text_of(label, "en"), value] for label, value in breakdown.parts],
    )
    if breakdown.total:
        state.wound(
            target,
            breakdown.total,
            lazy("{figure} loses {amount} health", figure=target.name, amount=breakdown.total),
            *breakdown.rules,
        )
    if target.id not in state.figures:
        return  # removed at 0 health (AR-END-1): its other effects have nothing to land on
    poison = sum(e.effect.poison for e in effects)
    if poison:
        target.poison += poison
        state.emit(
            "poison",
            lazy("{figure} is poisoned ({poison})", figure=target.name, poison=target.poison),
            "AR-DECL-3",
        )
    if stun:
        # A hero's stun comes from a declared optional effect (AR-DECL-3); an ally's from
        # its printed attack: AR-DMG-4 when it shows no damage, else AR-DMG-3.
        if attacker.kind == "hero":
            rule = "AR-DECL-3" if breakdown.shows_damage else "AR-DMG-4"
        else:
            rule = "AR-DMG-3" if breakdown.shows_damage else "AR-DMG-4"
        target.stunned = True
        state.emit(
            "stun",
            lazy("{figure} is stunned and will skip its next turn", figure=target.name),
            rule,
        )
