"""Action abilities (SV-ENG-2, SV-STRAT-4).

A hero's action ability is one of the four actions of their turn (SV-ENG-1),
taken between actions like a room action. Its effect comes from a small
vocabulary (content data): ``heal`` the hero, ``recover`` exhausted dice,
``strike`` an enemy in the hero's room, or ``by_hand``: a step the players
resolve themselves, shown with the ability's text and confirmed with
``resolved``. An ability that rolls (``roll = {die, count}``) rolls its own
dice of that type, once: it has exactly one Strategy phase and may never
repeat it (SV-STRAT-4); its hits are the amount, and each applied crit raises
noise by 1 (catalog "Terms", as for room rolls). Limits per round or per
scenario come from the content (:mod:`rulekeeper.games.salvage.passives`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import Resolved, UseAbility
from rulekeeper.games.salvage.content import AbilitySpec
from rulekeeper.games.salvage.enemies import wound
from rulekeeper.games.salvage.noise import raise_noise
from rulekeeper.games.salvage.passives import (
    abilities_of,
    ability_named,
    charge,
    limit_reached,
    uses_text,
)
from rulekeeper.games.salvage.records import HITTING_FACES, Pending
from rulekeeper.games.salvage.room_and_items import heal, queue_recovery

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def targets(state: SalvageState, spec: AbilitySpec) -> list[int | None]:
    """A strike names an enemy in the hero's room; other effects name none."""
    if spec.effect == "strike":
        return [e.id for e in state.enemies_in(state.active_hero().room)]
    return [None]


def legal_abilities(state: SalvageState) -> list[Action]:
    """SV-ENG-2: the hero's action abilities with a use left, at each possible target."""
    hero_index = state.turn_hero
    if hero_index is None:
        return []
    hero = state.heroes[hero_index]
    return [
        UseAbility(spec.name, target)
        for spec in abilities_of(state, hero_index)
        if spec.kind == "action" and limit_reached(hero, spec) is None
        for target in targets(state, spec)
    ]


def check_ability(state: SalvageState, action: UseAbility) -> None:
    """SV-ENG-2: an action ability of this hero, within its limits, at a fitting target."""
    hero_index = state.turn_hero
    if hero_index is None:
        raise RuleViolation("SV-ROUND-1", "no hero is taking an Engagement turn now")
    hero = state.heroes[hero_index]
    spec = ability_named(state, hero_index, action.ability)
    if spec is None:
        raise RuleViolation("SV-ENG-2", f"{hero.name} has no ability {action.ability!r}")
    if spec.kind != "action":
        raise RuleViolation(
            "SV-ENG-2", f"{spec.name} is passive: the engine applies it, it is not an action"
        )
    reason = limit_reached(hero, spec)
    if reason is not None:
        raise RuleViolation("SV-ENG-2", f"{reason}, and {uses_text(hero, spec)} are used")
    if action.target not in targets(state, spec):
        if spec.effect == "strike":
            raise RuleViolation("SV-ENG-2", f"{spec.name} strikes an enemy in {hero.name}'s room")
        raise RuleViolation("SV-ENG-2", f"{spec.name} takes no target")


def use_ability(state: SalvageState, action: UseAbility) -> None:
    """Resolve an action ability (its action was already counted, SV-ENG-1)."""
    hero = state.active_hero()
    spec = ability_named(state, state.turn_hero or 0, action.ability)
    if spec is None:
        raise RuleViolation("SV-ENG-2", f"{hero.name} has no ability {action.ability!r}")
    charge(hero, spec)
    used = f" ({uses_text(hero, spec)})" if spec.limited else ""
    state.emit("ability", f"{hero.name} uses {spec.name}{used}", "SV-ENG-2")
    if spec.effect == "by_hand":
        state.pending = Pending("ability", "by_hand", ability=spec.name)
        state.emit("by_hand", f"resolve by hand: {spec.name}: {spec.text}", "SV-ENG-2")
    elif spec.rolls and spec.roll_die is None:
        state.pending = Pending("ability", "commit", ability=spec.name, target=action.target)
    elif spec.rolls:
        state.pending = Pending(
            "ability",
            "rolling",
            phases=1,
            room_dice_left=spec.roll_count,
            ability=spec.name,
            target=action.target,
        )
        state.emit(
            "roll",
            f"{hero.name} rolls {spec.roll_count} {spec.roll_die} dice for {spec.name} "
            "(one Strategy phase, no re-roll)",
            "SV-STRAT-4",
        )
    else:
        resolve(state, spec, spec.amount, action.target)


def resolve(state: SalvageState, spec: AbilitySpec, amount: int, target: int | None) -> None:
    """The ability's effect, ``amount`` strong."""
    hero = state.active_hero()
    if spec.effect == "heal":
        heal(state, hero, amount, "SV-ENG-2")
    elif spec.effect == "recover":
        queue_recovery(state, amount, "SV-ENG-2")
    elif spec.effect == "strike" and target is not None:
        enemy = state.enemy(target)
        if enemy is not None and amount > 0:
            state.emit(
                "strike", f"{spec.name} strikes {enemy.kind} #{enemy.id} for {amount}", "SV-ENG-2"
            )
            wound(state, enemy, amount, "SV-ENG-2")


def apply_ability_roll(state: SalvageState, pending: Pending) -> None:
    """SV-STRAT-4: the roll is applied as it landed; hits are the amount, crits make noise.

    The hero's own dice rolled for an ability are exhausted afterwards, as after a
    move (house reading: the catalog only says what move, attack and salvage do)."""
    spec = ability_named(state, state.turn_hero or 0, pending.ability or "")
    state.pending = None
    if spec is None:
        return
    hero = state.active_hero()
    if spec.roll_die is None:
        faces = [d.face or "blank" for d in hero.dice if d.status == "committed"]
        for index in hero.indexes("committed"):
            hero.set_die(index, "exhausted")
    else:
        faces = list(pending.room_faces)
    hits = sum(1 for face in faces if face in HITTING_FACES)
    crits = sum(1 for face in faces if face == "crit")
    spent = f"; {len(faces)} of {hero.name}'s dice exhausted" if spec.roll_die is None else ""
    state.emit("apply", f"{spec.name}: {hits} hit(s) applied{spent}", "SV-STRAT-4")
    resolve(state, spec, hits, pending.target)
    raise_noise(state, crits, "SV-ENG-2")


def check_resolved(state: SalvageState, pending: Pending | None, action: Resolved) -> None:
    if pending is None or pending.stage != "by_hand":
        raise RuleViolation("SV-ENG-2", "no ability waits to be resolved by hand")
    if action.ability != pending.ability:
        raise RuleViolation(
            "SV-ENG-2", f"the ability to resolve by hand is {pending.ability}, not {action.ability}"
        )


def apply_resolved(state: SalvageState, action: Resolved) -> None:
    state.pending = None
    state.emit("resolved", f"the players resolved {action.ability} by hand", "SV-ENG-2")
