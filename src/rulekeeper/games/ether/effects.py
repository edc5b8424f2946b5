"""Effects of Instant cards and unique map actions (ET-INF-1, ET-UNQ-1).

Mid-round draws take only what the draw pile holds: the discard pile is
reshuffled at Refresh (ET-ROUND-1), which also bounds what one round can do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.mapcards import Space
from rulekeeper.games.ether import combat
from rulekeeper.games.ether.content import Effect
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.terms import colour
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def resolve_effect(
    state: EtherState,
    effect: Effect,
    target: str | None,
    rule: str,
    to: Space | None = None,
) -> None:
    """Resolve one effect for the acting hero; ``target`` and ``to`` as the action names them."""
    hero = state.hero
    kind, amount = effect.kind, effect.amount
    if kind == "draw":
        state.effect_rule = rule
        state.pending_draws.extend([state.actor] * amount)
    elif kind == "heal":
        healed = min(amount, hero.max_health - hero.health)
        hero.health += healed
        state.emit("heal", lazy("{hero} heals {amount}", hero=hero.name, amount=healed), rule)
    elif kind == "damage" and target is not None:
        # An earlier effect of the same action may have defeated the target.
        if target in state.enemies:
            combat.damage_enemy(state, state.enemies[target], amount, rule)
    elif kind == "damage_all" and hero.space is not None:
        for enemy in state.enemies_in_area(hero.space):
            if enemy.uid != BOSS_UID:
                combat.damage_enemy(state, enemy, amount, rule)
    elif kind == "move_enemy" and target in state.enemies and to is not None:
        enemy = state.enemies[target]
        enemy.space = to
        state.emit(
            "move_enemy",
            lazy(
                "{enemy} ({uid}) is moved to {space}",
                enemy=state.enemy_name(enemy),
                uid=target,
                space=str(to),
            ),
            rule,
        )
    elif kind == "advance_ether":
        state.ether += amount
        state.emit(
            "advance_ether",
            lazy(
                "the ether advances {amount} to {ether}/{end}",
                amount=amount,
                ether=state.ether,
                end=state.content.ether_end,
            ),
            rule,
            "ET-BOSS-1",
        )
    elif kind == "move":
        state.moving = (state.moving or 0) + amount
        state.emit(
            "move",
            lazy_plural(
                "{hero} may move {n} space",
                "{hero} may move {n} spaces",
                state.moving,
                hero=hero.name,
            ),
            rule,
            "ET-MOVE-1",
        )
    elif kind == "ready":
        readied = 0
        for die in hero.dice:
            if readied < amount and die.colour == effect.colour and not die.ready:
                die.ready = True
                readied += 1
        state.emit(
            "ready",
            lazy_plural(
                "{hero} readies {n} {colour} die",
                "{hero} readies {n} {colour} dice",
                readied,
                hero=hero.name,
                colour=colour(effect.colour),
            ),
            rule,
        )
    elif kind == "gain_item":
        state.effect_rule = rule
        state.pending_items += amount
