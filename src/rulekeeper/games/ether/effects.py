"""Effects of Instant cards and unique map actions (ET-INF-1, ET-UNQ-1).

Mid-round draws take only what the draw pile holds: the discard pile is
reshuffled at Refresh (ET-ROUND-1), which also bounds what one round can do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.ether import combat
from rulekeeper.games.ether.content import Effect

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def resolve_effect(state: EtherState, effect: Effect, target: str | None, rule: str) -> None:
    hero = state.hero
    kind, amount = effect.kind, effect.amount
    if kind == "draw":
        state.effect_rule = rule
        state.pending_draws.extend([state.active] * amount)
    elif kind == "heal":
        healed = min(amount, hero.max_health - hero.health)
        hero.health += healed
        state.emit("heal", f"{hero.name} heals {healed}", rule)
    elif kind == "damage" and target is not None:
        combat.damage_enemy(state, state.enemies[target], amount, rule)
    elif kind == "move":
        state.moving = (state.moving or 0) + amount
        state.emit("move", f"{hero.name} may move {state.moving} space(s)", rule, "ET-MOVE-1")
    elif kind == "ready":
        readied = 0
        for die in hero.dice:
            if readied < amount and die.colour == effect.colour and not die.ready:
                die.ready = True
                readied += 1
        state.emit("ready", f"{hero.name} readies {readied} {effect.colour} dice", rule)
    elif kind == "gain_item":
        state.effect_rule = rule
        state.pending_items += amount
