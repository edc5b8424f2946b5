"""Wrath attacks, the boss, and the enemy phase's damage (ET-ATK-*, ET-BOSS-1, ET-ROUND-1).

ET-ATK-1 spends N wrath for N damage to one non-boss enemy in the active
area (the hero's map card); ET-ATK-2 allows it only if it defeats the enemy.
The boss is faced instead, and only once the map actions it requires have
been resolved (ET-BOSS-1); facing it is house-ruled as wrath for damage that
need not defeat it at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether.actions import AttackIntent, BossIntent
from rulekeeper.games.ether.pieces import BOSS_UID, Enemy, Hero
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def in_active_area(state: EtherState, enemy: Enemy) -> bool:
    hero = state.hero
    return hero.space is not None and state.board.card_of(enemy.space) == state.board.card_of(
        hero.space
    )


def check_attack(state: EtherState, intent: AttackIntent) -> None:
    """ET-ATK-1: a non-boss enemy in the active area; ET-ATK-2: the damage must defeat it."""
    enemy = state.enemies.get(intent.enemy)
    if enemy is None:
        raise RuleViolation(
            "ET-ATK-1", lazy("there is no enemy {enemy} on the map", enemy=repr(intent.enemy))
        )
    if enemy.uid == BOSS_UID:
        raise RuleViolation(
            "ET-ATK-1",
            lazy(
                "{enemy} is a boss; a wrath attack hits non-boss enemies only",
                enemy=state.enemy_name(enemy),
            ),
        )
    if not in_active_area(state, enemy):
        raise RuleViolation(
            "ET-ATK-1", lazy("{enemy} is not in the active area", enemy=state.enemy_name(enemy))
        )
    health = state.enemy_health(enemy)
    if intent.wrath < health:
        raise RuleViolation(
            "ET-ATK-2",
            lazy(
                "{damage} damage does not defeat {enemy} ({health} health left)",
                damage=intent.wrath,
                enemy=state.enemy_name(enemy),
                health=health,
            ),
        )


def resolve_attack(state: EtherState, intent: AttackIntent) -> None:
    enemy = state.enemies[intent.enemy]
    damage_enemy(state, enemy, intent.wrath, "ET-ATK-1", "ET-ATK-2")


def damage_enemy(state: EtherState, enemy: Enemy, amount: int, *rules: str) -> None:
    """Deal damage; a defeated enemy's card goes to the enemy discard pile.

    A defeated enemy also leaves the enemy phase's queue: a hero may strike the
    next enemy to act while a movement they paid for is under way (ET-TIME-1).
    """
    enemy.damage_taken += amount
    name = state.enemy_name(enemy)
    if state.enemy_health(enemy) > 0:
        state.emit(
            "damage", lazy("{enemy} takes {amount} damage", enemy=name, amount=amount), *rules
        )
        return
    del state.enemies[enemy.uid]
    if enemy.uid in state.enemy_queue:
        state.enemy_queue.remove(enemy.uid)
    if enemy.uid == BOSS_UID:
        state.boss_defeated = True
        state.emit("boss_defeated", lazy("{enemy} is defeated", enemy=name), *rules, "ET-END-1")
    else:
        state.enemy_deck.discard(enemy.card)
        state.emit("defeat", lazy("{enemy} ({uid}) is defeated", enemy=name, uid=enemy.uid), *rules)


def check_boss(state: EtherState, intent: BossIntent) -> None:
    """ET-BOSS-1: the boss is faced only once its required map actions are resolved."""
    boss = state.enemies.get(BOSS_UID)
    if boss is None:
        raise RuleViolation(
            "ET-BOSS-1", lazy("the boss has not been revealed (explore to its lair)")
        )
    missing = [u for u in state.content.boss.requires if u not in state.resolved_uniques]
    if missing:
        names = [state.content.uniques[u].name for u in missing]
        raise RuleViolation(
            "ET-BOSS-1",
            lazy(
                "{boss} cannot be faced before: {actions}",
                boss=state.content.boss.name,
                actions=names,
            ),
        )
    needed = state.content.boss.requires_ether
    if state.ether < needed:
        raise RuleViolation(
            "ET-BOSS-1",
            lazy(
                "{boss} cannot be faced before the ether track reaches {needed} (it is at {ether})",
                boss=state.content.boss.name,
                needed=needed,
                ether=state.ether,
            ),
        )
    if not in_active_area(state, boss):
        raise RuleViolation(
            "ET-BOSS-1", lazy("{enemy} is not in the active area", enemy=state.content.boss.name)
        )
    if intent.wrath < 1:
        raise RuleViolation("ET-BOSS-1", lazy("facing the boss spends at least 1 wrath"))


def resolve_boss(state: EtherState, intent: BossIntent) -> None:
    damage_enemy(state, state.enemies[BOSS_UID], intent.wrath, "ET-BOSS-1")


def heroes_on_card(state: EtherState, enemy: Enemy) -> list[Hero]:
    pos = state.board.card_of(enemy.space)
    return [h for h in state.heroes if h.space is not None and state.board.card_of(h.space) == pos]


def enemy_damage_to(state: EtherState, enemy: Enemy, hero: Hero) -> int:
    """ET-ROUND-1 enemy phase: the damage ``enemy`` deals ``hero``, less the hero's armor."""
    full = (
        state.content.boss.damage
        if enemy.uid == BOSS_UID
        else state.content.enemies[enemy.card].damage
    )
    return max(0, full - state.passive(hero, "armor"))


def deal_enemy_damage(state: EtherState, enemy: Enemy, hero: Hero) -> None:
    """ET-ROUND-1 enemy phase: the enemy deals its damage, less the hero's armor."""
    damage = enemy_damage_to(state, enemy, hero)
    hero.health = max(0, hero.health - damage)
    state.emit(
        "enemy_damage",
        lazy(
            "{enemy} deals {damage} damage to {hero}",
            enemy=state.enemy_name(enemy),
            damage=damage,
            hero=hero.name,
        ),
        "ET-ROUND-1",
    )
    if hero.health == 0:
        hero.space = None
        if hero is state.hero:
            state.draft.clear()
            state.moving = None
        state.emit("hero_defeated", lazy("{hero} is defeated", hero=hero.name), "ET-END-1")
