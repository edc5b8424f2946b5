"""The round: Engagement, the Enemy phase, the Exhaust Dice step, and the end.

A round is Engagement (each standing hero takes a turn of up to four actions,
in the order the players choose) -> Enemy phase -> Exhaust Dice step
(SV-ROUND-1, SV-ENG-1). Everything that happens without a choice is run by
:func:`advance` until a player or chance must act. The scenario is lost when
every hero is knocked out and won when its objective is met (SV-END-1); the
round limit (content data) loses it at the end of its last round (house
assumption, so every game ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.salvage.enemies import enemy_turn, settle_queue
from rulekeeper.games.salvage.moving import continue_move
from rulekeeper.games.salvage.passives import recovery_bonus, start_round
from rulekeeper.games.salvage.records import Recovery
from rulekeeper.games.salvage.room_and_items import settle_recoveries
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def eligible_heroes(state: SalvageState) -> list[int]:
    """SV-ROUND-1: standing heroes who have not taken their Engagement turn this round."""
    return [i for i, h in enumerate(state.heroes) if not state.acted[i] and not h.knocked_out]


def spokesperson(state: SalvageState) -> int:
    """Between turns the first hero yet to act names the next hero for the players."""
    eligible = eligible_heroes(state)
    return eligible[0] if eligible else 0


def check_end(state: SalvageState) -> None:
    """SV-END-1: lost when every hero is knocked out; won when the objective is met."""
    if state.result is not None:
        return
    if all(h.knocked_out for h in state.heroes):
        state.finish("lost", lazy("every hero is knocked out"))
        state.emit("lost", lazy("every hero is knocked out: the scenario is lost"), "SV-END-1")
        return
    objective = state.data.objective
    if objective.kind == "escape":
        for hero in state.heroes:
            holds = any(item.name == objective.item for item in hero.items)
            if not hero.knocked_out and hero.room == objective.room and holds:
                escaped = lazy("{hero} escaped with {item}", hero=hero.name, item=objective.item)
                state.finish("won", escaped)
                state.emit("won", escaped, "SV-END-1")
                return
    elif objective.kind == "defeat" and not any(e.kind == objective.enemy for e in state.enemies):
        defeated = lazy("every {enemy} is defeated", enemy=objective.enemy)
        state.finish("won", defeated)
        state.emit("won", defeated, "SV-END-1")


def end_turn(state: SalvageState) -> None:
    if state.turn_hero is not None:
        state.acted[state.turn_hero] = True
        state.emit(
            "end_turn",
            lazy("{hero} ends their turn", hero=state.heroes[state.turn_hero].name),
            "SV-ENG-1",
        )
    state.turn_hero = None
    state.pending = None
    state.actions_used = 0


def begin_enemy_phase(state: SalvageState) -> None:
    state.phase = "enemy"
    state.enemy_order = [e.id for e in state.enemies]
    state.emit(
        "phase", lazy("round {round}: Enemy phase", round=state.round), "SV-ROUND-1", "SV-ROUND-2"
    )


def begin_exhaust_step(state: SalvageState) -> None:
    """SV-ROUND-3: applied dice become exhausted; enemy dice return; heroes recover."""
    state.phase = "exhaust"
    for hero in state.heroes:
        for index in hero.indexes("applied"):
            hero.set_die(index, "exhausted")
    for die, count in state.enemy_exhausted.items():
        state.enemy_ready[die] += count
        state.enemy_exhausted[die] = 0
    state.emit("phase", lazy("round {round}: Exhaust Dice step", round=state.round), "SV-ROUND-3")
    state.recoveries.extend(
        Recovery(i, state.data.recovery + recovery_bonus(state, i), "SV-ROUND-3")
        for i, h in enumerate(state.heroes)
        if not h.knocked_out
    )


def end_round(state: SalvageState) -> None:
    if state.round >= state.data.round_limit:
        ran_out = lazy("the round limit ({limit}) ran out", limit=state.data.round_limit)
        state.finish("lost", ran_out)
        state.emit("lost", ran_out, "SV-END-1")
        return
    state.round += 1
    start_round(state)
    state.phase = "engagement"
    state.acted = [False] * len(state.heroes)
    state.emit("phase", lazy("round {round}: Engagement", round=state.round), "SV-ROUND-1")


def advance(state: SalvageState) -> None:
    """Run every step that needs no choice, until a player or chance must act."""
    while True:
        check_end(state)
        if state.result is not None:
            return
        settle_queue(state)
        if state.attack_queue:
            return
        pending = state.pending
        if pending is not None and (pending.to_roll or pending.room_dice_left):
            return
        if pending is not None and state.turn_hero is not None:
            hero = state.heroes[state.turn_hero]
            if hero.knocked_out:
                # The action stops where it is; its rolled dice are spent (SV-MOVE-5).
                for index in hero.indexes("committed"):
                    hero.set_die(index, "exhausted")
                end_turn(state)
                continue
            if pending.stage == "opportunity":
                if continue_move(state, pending):
                    return
                continue
        settle_recoveries(state)
        if state.recoveries or state.pending is not None:
            return
        if state.phase == "engagement":
            if state.turn_hero is not None:
                if state.heroes[state.turn_hero].knocked_out:
                    end_turn(state)
                    continue
                return
            if eligible_heroes(state):
                return
            begin_enemy_phase(state)
        elif state.phase == "enemy":
            if state.enemy_order:
                enemy = state.enemy(state.enemy_order.pop(0))
                if enemy is not None:
                    enemy_turn(state, enemy)
                continue
            begin_exhaust_step(state)
        else:
            end_round(state)
