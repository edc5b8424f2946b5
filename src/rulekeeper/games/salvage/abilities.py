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
from rulekeeper.i18n import lazy, lazy_plural

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
        raise RuleViolation("SV-ROUND-1", lazy("no hero is taking an Engagement turn now"))
    hero = state.heroes[hero_index]
    spec = ability_named(state, hero_index, action.ability)
    if spec is None:
        raise RuleViolation(
            "SV-ENG-2",
            lazy("{hero} has no ability {ability}", hero=hero.name, ability=action.ability),
        )
    if spec.kind != "action":
        raise RuleViolation(
            "SV-ENG-2",
            lazy(
                "{ability} is passive: the engine applies it, it is not an action",
                ability=spec.name,
            ),
        )
    reason = limit_reached(hero, spec)
    if reason is not None:
        raise RuleViolation(
            "SV-ENG-2",
            lazy("{reason}, and {uses} are used", reason=reason, uses=uses_text(hero, spec)),
        )
    if action.target not in targets(state, spec):
        if spec.effect == "strike":
            raise RuleViolation(
                "SV-ENG-2",
                lazy(
                    "{ability} strikes an enemy in the room of {hero}",
                    ability=spec.name,
                    hero=hero.name,
                ),
            )
        raise RuleViolation("SV-ENG-2", lazy("{ability} takes no target", ability=spec.name))


def use_ability(state: SalvageState, action: UseAbility) -> None:
    """Resolve an action ability (its action was already counted, SV-ENG-1)."""
    hero = state.active_hero()
    spec = ability_named(state, state.turn_hero or 0, action.ability)
    if spec is None:
        raise RuleViolation(
            "SV-ENG-2",
            lazy("{hero} has no ability {ability}", hero=hero.name, ability=action.ability),
        )
    charge(hero, spec)
    if spec.limited:
        used = lazy(
            "{hero} uses {ability} ({uses})",
            hero=hero.name,
            ability=spec.name,
            uses=uses_text(hero, spec),
        )
    else:
        used = lazy("{hero} uses {ability}", hero=hero.name, ability=spec.name)
    state.emit("ability", used, "SV-ENG-2")
    if spec.effect == "by_hand":
        state.pending = Pending("ability", "by_hand", ability=spec.name)
        state.emit(
            "by_hand",
            lazy("resolve by hand: {ability}: {text}", ability=spec.name, text=spec.text),
            "SV-ENG-2",
        )
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
            lazy_plural(
                "{hero} rolls {n} {die} die for {ability} (one Strategy phase, no re-roll)",
                "{hero} rolls {n} {die} dice for {ability} (one Strategy phase, no re-roll)",
                spec.roll_count,
                hero=hero.name,
                die=spec.roll_die,
                ability=spec.name,
            ),
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
                "strike",
                lazy(
                    "{ability} strikes {enemy} #{number} for {amount}",
                    ability=spec.name,
                    enemy=enemy.kind,
                    number=enemy.id,
                    amount=amount,
                ),
                "SV-ENG-2",
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
    if spec.roll_die is None:
        applied = lazy_plural(
            "{ability}: {n} hit applied; {spent} dice of {hero} exhausted",
            "{ability}: {n} hits applied; {spent} dice of {hero} exhausted",
            hits,
            ability=spec.name,
            spent=len(faces),
            hero=hero.name,
        )
    else:
        applied = lazy_plural(
            "{ability}: {n} hit applied", "{ability}: {n} hits applied", hits, ability=spec.name
        )
    state.emit("apply", applied, "SV-STRAT-4")
    resolve(state, spec, hits, pending.target)
    raise_noise(state, crits, "SV-ENG-2")


def check_resolved(state: SalvageState, pending: Pending | None, action: Resolved) -> None:
    if pending is None or pending.stage != "by_hand":
        raise RuleViolation("SV-ENG-2", lazy("no ability waits to be resolved by hand"))
    if action.ability != pending.ability:
        raise RuleViolation(
            "SV-ENG-2",
            lazy(
                "the ability to resolve by hand is {ability}, not {other}",
                ability=pending.ability,
                other=action.ability,
            ),
        )


def apply_resolved(state: SalvageState, action: Resolved) -> None:
    state.pending = None
    state.emit(
        "resolved",
        lazy("the players resolved {ability} by hand", ability=action.ability),
        "SV-ENG-2",
    )
