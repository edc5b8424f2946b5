"""Declaring a melee attack: what the attacker declares and whether it may attack.

Before the dice are rolled the attacker declares the target (AR-DECL-1), the
weapon when it has more than one active melee weapon (AR-DECL-2) and the
optional effects used (AR-DECL-3). A hero may then attack only if the action
shows the melee symbol (AR-REQ-1), it has an active melee weapon (AR-REQ-2)
and the target is within reach (AR-REQ-3, AR-REQ-4, AR-RANGE-1, see
``reach.py``). The same requirements apply to a non-hero ally except the
weapon: its chosen attack shows the melee symbol, and it may use no item
(AR-ALLY-1).

:func:`check_declaration` rules on one declaration; :func:`legal_declarations`
lists every declaration that passes, from the same reach query.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.areas.actions import MeleeAttack
from rulekeeper.games.areas.content import ActionToken, AllyAttack, Hero, Item, ItemEffect
from rulekeeper.games.areas.figures import Figure
from rulekeeper.games.areas.reach import ReachCheck, melee_reach, occupancy
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.areas.game import AreasState


@dataclass(frozen=True, slots=True)
class OptionalEffect:
    """An optional effect a hero may declare: from an active item or the hero's own."""

    id: str
    name: str
    effect: ItemEffect


@dataclass(frozen=True, slots=True)
class Declaration:
    """A melee attack that passed every requirement, with what it resolves with."""

    attacker: Figure
    target: Figure
    token: ActionToken | None
    ally_attack: AllyAttack | None
    weapon: Item | None
    effects: tuple[OptionalEffect, ...]
    reach: tuple[ReachCheck, ...]
    """The reach report over every enemy, for the log (the same query ``check`` used)."""
    push_to: str | None = None
    """Where a pushing token moves the target (AR-DMG-4), when any area has room."""


def melee_weapons(state: AreasState, hero: Hero) -> list[Item]:
    """AR-REQ-2: the hero's active items whose effect shows the melee symbol."""
    return [state.setup.items[i] for i in hero.items if state.setup.items[i].is_melee_weapon]


def available_effects(state: AreasState, hero_figure: Figure) -> dict[str, OptionalEffect]:
    """AR-DECL-3: the optional effects the hero may still declare, by id."""
    hero = state.setup.heroes[hero_figure.type_id]
    options: dict[str, OptionalEffect] = {}
    for item_id in hero.items:
        item = state.setup.items[item_id]
        if item.effect is not None:
            options[item.id] = OptionalEffect(item.id, item.name, item.effect)
    for effect in hero.effects:
        options[effect.id] = OptionalEffect(effect.id, effect.name, effect)
    left = state.uses_left.get(hero_figure.id, {})
    return {k: v for k, v in options.items() if v.effect.uses is None or left.get(k, 0) > 0}


def check_declaration(state: AreasState, action: MeleeAttack) -> Declaration:
    """Rule on a declared melee attack; raise RuleViolation naming the rule it breaks."""
    attacker = state.figures[action.attacker]
    target = state.figures.get(action.target)
    if target is None or target.kind != "enemy":
        raise RuleViolation(
            "AR-DECL-1",
            lazy(
                "the target must be an enemy on the board, not {target}", target=repr(action.target)
            ),
        )
    if attacker.kind == "ally":
        return _check_ally(state, attacker, target, action)
    return _check_hero(state, attacker, target, action)


def _check_hero(
    state: AreasState, hero_figure: Figure, target: Figure, action: MeleeAttack
) -> Declaration:
    hero = state.setup.heroes[hero_figure.type_id]
    token = next((t for t in hero.tokens if t.id == action.action), None)
    if token is None:
        raise RuleViolation(
            "AR-REQ-1",
            lazy("{hero} has no Action token {token}", hero=hero.name, token=repr(action.action)),
        )
    if "melee" not in token.symbols:
        raise RuleViolation(
            "AR-REQ-1",
            lazy("the action {token} does not show the melee attack symbol", token=token.name),
        )
    weapons = melee_weapons(state, hero)
    if not weapons:
        raise RuleViolation(
            "AR-REQ-2",
            lazy("{hero} has no active item showing the melee attack symbol", hero=hero.name),
        )
    weapon = _declared_weapon(state, hero, weapons, action.weapon)
    effects = _declared_effects(state, hero_figure, action.effects)
    reach = _reach_or_raise(state, hero_figure, target, weapon.range)
    push_to = _declared_push(state, token, target, action.push_to)
    return Declaration(hero_figure, target, token, None, weapon, effects, reach, push_to)


def push_destinations(state: AreasState, target: Figure) -> list[str]:
    """Where a push may move ``target``: an adjacent area, no solid barrier between, with room.

    ASSUMED (the source names push as an effect, not how it moves): a push
    moves the target as a move would, into one adjacent area the attacker
    declares.
    """
    used = occupancy(state.board, state.figures.values())
    return sorted(
        area
        for area in state.board.walk_neighbours(target.area)
        if state.board.has_room(area, used, target.size)
    )


def _declared_push(
    state: AreasState, token: ActionToken, target: Figure, declared: str | None
) -> str | None:
    """AR-DMG-4: a pushing token names an area with room, if one exists; others name none."""
    if not token.push:
        if declared is not None:
            raise RuleViolation(
                "AR-DMG-4", lazy("the action {token} shows no push", token=token.name)
            )
        return None
    options = push_destinations(state, target)
    if declared is None:
        if options:
            raise RuleViolation(
                "AR-DMG-4",
                lazy(
                    "{token} pushes {target}: declare the area (one of {areas})",
                    token=token.name,
                    target=target.name,
                    areas=options,
                ),
            )
        return None
    if declared not in options:
        raise RuleViolation(
            "AR-DMG-4",
            lazy(
                "{target} cannot be pushed into {area}: not an adjacent area with room "
                "reached without crossing a solid barrier",
                target=target.name,
                area=repr(declared),
            ),
        )
    return declared


def _declared_weapon(
    state: AreasState, hero: Hero, weapons: list[Item], declared: str | None
) -> Item:
    """AR-DECL-2: with several active melee weapons the attacker names one."""
    if declared is None:
        if len(weapons) > 1:
            raise RuleViolation(
                "AR-DECL-2",
                lazy(
                    "{hero} has several active melee weapons ({weapons}); declare one",
                    hero=hero.name,
                    weapons=[w.name for w in weapons],
                ),
            )
        return weapons[0]
    for weapon in weapons:
        if weapon.id == declared:
            return weapon
    if declared in hero.items:
        name = state.setup.items[declared].name
        raise RuleViolation(
            "AR-REQ-2", lazy("{item} does not show the melee attack symbol", item=name)
        )
    raise RuleViolation(
        "AR-REQ-2",
        lazy(
            "{item} is not in the active items area of {hero}", item=repr(declared), hero=hero.name
        ),
    )


def _declared_effects(
    state: AreasState, hero_figure: Figure, declared: tuple[str, ...]
) -> tuple[OptionalEffect, ...]:
    """AR-DECL-3: each optional effect declared once, and only ones still available."""
    if len(set(declared)) != len(declared):
        raise RuleViolation(
            "AR-DECL-3", lazy("an optional effect may be declared only once per attack")
        )
    options = available_effects(state, hero_figure)
    chosen = []
    for effect_id in declared:
        if effect_id not in options:
            raise RuleViolation(
                "AR-DECL-3",
                lazy(
                    "{hero} has no optional effect {effect} left to use",
                    hero=hero_figure.name,
                    effect=repr(effect_id),
                ),
            )
        chosen.append(options[effect_id])
    return tuple(chosen)


def _check_ally(
    state: AreasState, ally_figure: Figure, target: Figure, action: MeleeAttack
) -> Declaration:
    """AR-ALLY-1: the same requirements as a hero's except the weapon, and no items at all.

    The attack must show the melee symbol (AR-REQ-1) and the target be within
    reach (AR-REQ-3, AR-REQ-4, AR-RANGE-1).
    """
    ally = state.setup.allies[ally_figure.type_id]
    if action.weapon is not None or action.effects:
        raise RuleViolation(
            "AR-ALLY-1",
            lazy(
                "{ally} is a non-hero ally and may not use items or their effects", ally=ally.name
            ),
        )
    if action.push_to is not None:
        raise RuleViolation("AR-DMG-4", lazy("the attacks of {ally} show no push", ally=ally.name))
    attack = next((a for a in ally.attacks if a.id == action.action), None)
    if attack is None:
        raise RuleViolation(
            "AR-ALLY-1",
            lazy(
                "the card of {ally} shows no attack {attack}",
                ally=ally.name,
                attack=repr(action.action),
            ),
        )
    if "melee" not in attack.symbols:
        raise RuleViolation(
            "AR-REQ-1",
            lazy(
                "the attack {attack} does not show the melee attack symbol "
                "(AR-ALLY-1: the same requirements apply to a non-hero ally)",
                attack=attack.name,
            ),
        )
    reach = _reach_or_raise(state, ally_figure, target, attack.range)
    return Declaration(ally_figure, target, None, attack, None, (), reach)


def _reach_or_raise(
    state: AreasState, attacker: Figure, target: Figure, at_range: int | None
) -> tuple[ReachCheck, ...]:
    """AR-REQ-3, AR-REQ-4, AR-RANGE-1: the target must be within reach."""
    report = tuple(melee_reach(state.board, attacker, state.figures, at_range))
    ruling = next(r for r in report if r.target == target.id)
    if not ruling.reachable:
        raise RuleViolation(
            ruling.rule_id or "AR-REQ-3",
            lazy("{target}: {reason}", target=target.name, reason=ruling.reason),
        )
    return report


def legal_declarations(state: AreasState, attacker: Figure) -> Iterator[MeleeAttack]:
    """Every melee attack ``attacker`` may declare now (weapon explicit, effects sorted)."""
    if attacker.kind == "ally":
        ally = state.setup.allies[attacker.type_id]
        for attack in ally.attacks:
            if "melee" not in attack.symbols:
                continue
            for ruling in melee_reach(state.board, attacker, state.figures, attack.range):
                if ruling.reachable:
                    yield MeleeAttack(attacker.id, attack.id, ruling.target)
        return
    hero = state.setup.heroes[attacker.type_id]
    weapons = melee_weapons(state, hero)
    effect_ids = sorted(available_effects(state, attacker))
    subsets = [c for n in range(len(effect_ids) + 1) for c in combinations(effect_ids, n)]
    for token in hero.tokens:
        if "melee" not in token.symbols:
            continue
        for weapon in weapons:
            for ruling in melee_reach(state.board, attacker, state.figures, weapon.range):
                if not ruling.reachable:
                    continue
                pushes: list[str | None] = [None]
                if token.push:
                    pushes = [*push_destinations(state, state.figures[ruling.target])] or [None]
                for subset in subsets:
                    for push_to in pushes:
                        yield MeleeAttack(
                            attacker.id, token.id, ruling.target, weapon.id, subset, push_to
                        )
