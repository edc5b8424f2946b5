"""The attack action (SV-ATK-*).

An attack commits up to max Health dice, not counting dice applied to enemies
by earlier attacks this turn (SV-ATK-1), rolls them through its Strategy
phases, then applies hits one die at a time to enemies in the hero's room,
split as the hero likes (SV-ATK-2). Each applied crit raises noise by 1
(SV-ATK-3). Finishing exhausts the unapplied dice, whose crits raise nothing
(SV-ATK-3); applied dice stay applied until the Exhaust Dice step (SV-ATK-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import ApplyHit, FinishAttack, Reroll
from rulekeeper.games.salvage.dice_steps import can_reroll
from rulekeeper.games.salvage.enemies import wound
from rulekeeper.games.salvage.noise import raise_noise
from rulekeeper.games.salvage.records import HITTING_FACES, Pending
from rulekeeper.games.salvage.terms import FACES, term
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def hit_dice(state: SalvageState) -> list[int]:
    """Committed dice showing a hit or crit, not yet applied."""
    hero = state.active_hero()
    return [
        i for i, d in enumerate(hero.dice) if d.status == "committed" and d.face in HITTING_FACES
    ]


def legal_attack_decide(state: SalvageState, pending: Pending) -> list[Action]:
    hero = state.active_hero()
    actions: list[Action] = []
    if can_reroll(state, pending):
        actions.append(Reroll())
    targets = [e.id for e in state.enemies_in(hero.room)]
    actions.extend(ApplyHit(die, enemy) for die in hit_dice(state) for enemy in targets)
    actions.append(FinishAttack())
    return actions


def check_apply_hit(state: SalvageState, pending: Pending | None, action: ApplyHit) -> None:
    """SV-ATK-2: a rolled hit of this attack, onto an enemy in the same room.

    While the attack's dice are rolling, only the enemy is checked: which dice
    are hits waits on the dice (CORE-CHANCE)."""
    if pending is None or pending.kind != "attack" or pending.stage not in ("decide", "rolling"):
        raise RuleViolation("SV-ATK-2", lazy("hits are applied only after an attack roll"))
    hero = state.active_hero()
    enemy = state.enemy(action.enemy)
    if enemy is None or enemy.room != hero.room:
        raise RuleViolation(
            "SV-ATK-2",
            lazy(
                "enemy #{number} is not in the room of {hero}", number=action.enemy, hero=hero.name
            ),
        )
    if pending.stage == "rolling":
        return
    if action.die not in hit_dice(state):
        raise RuleViolation(
            "SV-ATK-2", lazy("die {die} is not a rolled, unapplied hit", die=action.die)
        )


def apply_hit(state: SalvageState, pending: Pending, action: ApplyHit) -> None:
    hero = state.active_hero()
    face = hero.dice[action.die].face
    enemy = state.enemy(action.enemy)
    if enemy is None:
        raise RuleViolation("SV-ATK-2", lazy("no enemy #{number}", number=action.enemy))
    hero.set_die(action.die, "applied", face)
    pending.applied_any = True
    state.emit(
        "hit",
        lazy(
            "{hero} applies a {face} to {enemy} #{number}",
            hero=hero.name,
            face=term(FACES, face or ""),
            enemy=enemy.kind,
            number=enemy.id,
        ),
        "SV-ATK-2",
        "SV-ATK-4",
    )
    if face == "crit":
        raise_noise(state, 1, "SV-ATK-3")
    wound(state, enemy, 1, "SV-ATK-2")


def apply_finish_attack(state: SalvageState, pending: Pending) -> None:
    """SV-ATK-3: unapplied dice are exhausted and their crits raise no noise."""
    hero = state.active_hero()
    unapplied = hero.indexes("committed")
    crits = sum(1 for i in unapplied if hero.dice[i].face == "crit")
    for index in unapplied:
        hero.set_die(index, "exhausted")
    state.emit(
        "exhaust",
        lazy_plural(
            "{hero} exhausts {n} unapplied die ({crits} unapplied crits: no noise)",
            "{hero} exhausts {n} unapplied dice ({crits} unapplied crits: no noise)",
            len(unapplied),
            hero=hero.name,
            crits=crits,
        )
        if crits
        else lazy_plural(
            "{hero} exhausts {n} unapplied die",
            "{hero} exhausts {n} unapplied dice",
            len(unapplied),
            hero=hero.name,
        ),
        "SV-ATK-3",
    )
    state.pending = None
