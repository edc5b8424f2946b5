"""Enemies: their dice supply, their attacks, their defeat and the Enemy phase.

Enemy dice come from a shared supply (content data) and are available while
not exhausted; a die an enemy rolls stays exhausted until the Exhaust Dice
step (SV-OPP-2, ASSUMED). Each entry of an enemy's Damage rolls the die type
listed there, or if none is available the next listed type, and so on; with
none available that entry deals no damage (SV-OPP-2). Each hit or crit rolled
deals 1 damage (ASSUMED).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import EnemyFace
from rulekeeper.games.salvage.passives import uses_text, ward
from rulekeeper.games.salvage.records import HITTING_FACES, Enemy, EnemyRoll
from rulekeeper.games.salvage.terms import FACES, term
from rulekeeper.i18n import Msg, lazy

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def available_die(state: SalvageState, enemy: Enemy, entry: int) -> str | None:
    """SV-OPP-2: the first die type listed from Damage ``entry`` on with a die in the supply."""
    for die in state.data.enemy_specs[enemy.kind].damage[entry:]:
        if state.enemy_ready.get(die, 0) > 0:
            return die
    return None


def settle_queue(state: SalvageState) -> None:
    """Drop queued enemy rolls that cannot happen: no die available (SV-OPP-2), enemy or
    target gone (SV-END-1)."""
    while state.attack_queue:
        roll = state.attack_queue[0]
        enemy = state.enemy(roll.enemy)
        hero = state.heroes[roll.hero]
        if enemy is None or hero.knocked_out:
            state.attack_queue.pop(0)
            continue
        if available_die(state, enemy, roll.entry) is None:
            state.attack_queue.pop(0)
            state.emit(
                "no_die",
                lazy(
                    "{enemy} #{number} has no Damage die available: no damage",
                    enemy=enemy.kind,
                    number=enemy.id,
                ),
                "SV-OPP-2",
                roll.rule,
            )
            continue
        return


def enemy_face_outcomes(state: SalvageState) -> list[tuple[Action, Fraction]]:
    roll = state.attack_queue[0]
    enemy = state.enemy(roll.enemy)
    die = None if enemy is None else available_die(state, enemy, roll.entry)
    if enemy is None or die is None:
        raise RuleViolation("SV-OPP-2", lazy("no enemy die can be rolled"))
    return [(EnemyFace(enemy.id, die, face), p) for face, p in state.data.dice[die].outcomes()]


def apply_enemy_face(state: SalvageState, action: EnemyFace) -> None:
    """An enemy die lands: it is exhausted (SV-OPP-2); each hit deals 1 damage (ASSUMED)."""
    roll = state.attack_queue.pop(0)
    hero = state.heroes[roll.hero]
    state.enemy_ready[action.die] -= 1
    state.enemy_exhausted[action.die] += 1
    enemy = state.enemy(action.enemy)
    who: Msg = (
        lazy("{enemy} #{number}", enemy=enemy.kind, number=enemy.id)
        if enemy
        else lazy("enemy #{number}", number=action.enemy)
    )
    face = term(FACES, action.face)
    warded = ward(state, roll.hero) if action.face in HITTING_FACES else None
    if warded is not None:
        state.emit(
            "ward",
            lazy(
                "{who} rolls {face} on {die}: {ability} of {hero} prevents the damage ({uses})",
                who=who,
                face=face,
                die=action.die,
                ability=warded.name,
                hero=hero.name,
                uses=uses_text(hero, warded),
            ),
            roll.rule,
            "SV-OPP-2",
            "SV-ENG-2",
        )
    elif action.face in HITTING_FACES:
        hero.health = max(0, hero.health - 1)
        state.emit(
            "damage",
            lazy(
                "{who} rolls {face} on {die}: {hero} takes 1 damage ({health} Health left)",
                who=who,
                face=face,
                die=action.die,
                hero=hero.name,
                health=hero.health,
            ),
            roll.rule,
            "SV-OPP-2",
        )
        if hero.knocked_out:
            state.emit("knocked_out", lazy("{hero} is knocked out", hero=hero.name), "SV-END-1")
            state.attack_queue = [q for q in state.attack_queue if q.hero != roll.hero]
    else:
        state.emit(
            "miss",
            lazy("{who} rolls {face} on {die}", who=who, face=face, die=action.die),
            roll.rule,
            "SV-OPP-2",
        )


def queue_opportunity_attack(state: SalvageState, enemy_id: int, hero: int) -> None:
    """SV-OPP-1/2: one die, from the leftmost Damage entry on."""
    state.attack_queue.append(EnemyRoll(enemy_id, hero, 0, "SV-OPP-1"))


def wound(state: SalvageState, enemy: Enemy, amount: int, rule: str) -> None:
    """Hits applied to an enemy; it is defeated (removed) once they reach its Health
    (SV-ATK-2, ASSUMED). Applied dice stay applied until the Exhaust Dice step (SV-ATK-4)."""
    enemy.wounds += amount
    health = state.data.enemy_specs[enemy.kind].health
    if enemy.wounds >= health:
        state.enemies.remove(enemy)
        state.emit(
            "defeated",
            lazy("{enemy} #{number} is defeated", enemy=enemy.kind, number=enemy.id),
            rule,
            "SV-ATK-2",
        )


# -- the Enemy phase (SV-ROUND-2) --------------------------------------------------


def enemy_target(state: SalvageState, room: int) -> int | None:
    """The hero an enemy attacks in its room: most Health, then lowest index (house rule)."""
    here = [i for i, h in enumerate(state.heroes) if h.room == room and not h.knocked_out]
    if not here:
        return None
    return max(here, key=lambda i: (state.heroes[i].health, -i))


def enemy_turn(state: SalvageState, enemy: Enemy) -> None:
    """SV-ROUND-2: attack a hero in the room with every Damage entry, else move one room
    toward the nearest hero (ties: lowest room id)."""
    target = enemy_target(state, enemy.room)
    if target is not None:
        spec = state.data.enemy_specs[enemy.kind]
        state.emit(
            "enemy_attack",
            lazy(
                "{enemy} #{number} attacks {hero}",
                enemy=enemy.kind,
                number=enemy.id,
                hero=state.heroes[target].name,
            ),
            "SV-ROUND-2",
        )
        for entry in range(len(spec.damage)):
            state.attack_queue.append(EnemyRoll(enemy.id, target, entry, "SV-ROUND-2"))
        return
    goals = [h.room for h in state.heroes if not h.knocked_out]
    step = state.data.grid.step_toward(enemy.room, goals)
    if step is not None:
        enemy.room = step
        state.emit(
            "enemy_move",
            lazy(
                "{enemy} #{number} moves to {room}",
                enemy=enemy.kind,
                number=enemy.id,
                room=state.rooms[step].name,
            ),
            "SV-ROUND-2",
        )
