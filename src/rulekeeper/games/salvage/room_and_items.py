"""Room actions, item actions and recovering exhausted dice (SV-ROOM-1, SV-ITEM-1).

A room action needs the room active and the hero in it (SV-ROOM-1). An item
action needs the item in the hero's inventory, and counts as one of the four
actions only if the item says so (SV-ITEM-1). Rolls made by these actions
never repeat the Strategy phase (SV-STRAT-4). Multi-use items lose one use per
use and are discarded at zero.

Recovering dice (after a salvage's crits, SV-SALV-5; at the Exhaust Dice step,
SV-ROUND-3; from a room or item) is the hero's choice of die type, one die at a
time, and may stop early ("up to").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import (
    ApplyRoll,
    FinishRecovery,
    RecoverDie,
    UseItem,
    UseRoomAction,
)
from rulekeeper.games.salvage.enemies import wound
from rulekeeper.games.salvage.noise import raise_noise
from rulekeeper.games.salvage.records import HITTING_FACES, HeldItem, Hero, Pending, Recovery
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def heal(state: SalvageState, hero: Hero, amount: int, rule: str) -> None:
    before = hero.health
    hero.health = min(hero.max_health, hero.health + amount)
    state.emit(
        "heal",
        lazy(
            "{hero} heals {amount} ({health} Health)",
            hero=hero.name,
            amount=hero.health - before,
            health=hero.health,
        ),
        rule,
    )


# -- room actions (SV-ROOM-1) ---------------------------------------------------------


def legal_room_actions(state: SalvageState) -> list[Action]:
    hero = state.active_hero()
    room = state.rooms[hero.room]
    if not room.active:
        return []
    return [UseRoomAction(room.id, name) for name in room.actions]


def check_room_action(state: SalvageState, action: UseRoomAction) -> None:
    hero = state.active_hero()
    if not 0 <= action.room < len(state.rooms):
        raise RuleViolation("SV-ROOM-1", lazy("there is no room {room}", room=action.room))
    room = state.rooms[action.room]
    if action.room != hero.room:
        raise RuleViolation(
            "SV-ROOM-1", lazy("{hero} is not in {room}", hero=hero.name, room=room.name)
        )
    if not room.active:
        raise RuleViolation(
            "SV-ROOM-1", lazy("{room} is inactive: its actions cannot be taken", room=room.name)
        )
    if action.name not in room.actions:
        raise RuleViolation(
            "SV-ROOM-1",
            lazy("{room} has no room action {action}", room=room.name, action=action.name),
        )


def use_room_action(state: SalvageState, action: UseRoomAction) -> None:
    hero = state.active_hero()
    spec = state.data.room_actions[action.name]
    state.emit(
        "room_action",
        lazy(
            "{hero} uses {action} in {room}",
            hero=hero.name,
            action=action.name,
            room=state.rooms[action.room].name,
        ),
        "SV-ROOM-1",
    )
    if spec.effect == "heal":
        heal(state, hero, spec.amount, "SV-ROOM-1")
    elif spec.effect == "recover":
        queue_recovery(state, spec.amount, "SV-ROOM-1")
    else:
        state.pending = Pending(
            "room", "rolling", room_action=action.name, room_dice_left=spec.amount, phases=1
        )


def legal_room_decide(state: SalvageState, pending: Pending) -> list[Action]:
    return [ApplyRoll()]


def apply_room_roll(state: SalvageState, pending: Pending) -> None:
    """A room roll heals 1 per hit; it had exactly one Strategy phase (SV-STRAT-4).

    Its hits are applied, so each crit among them raises noise by 1: the catalog's
    Terms make a crit a hit that "also raises noise" when applied, whatever the
    action (SV-STRAT-3 only says *when* a basic action's crits do).
    """
    hits = sum(1 for face in pending.room_faces if face in HITTING_FACES)
    crits = sum(1 for face in pending.room_faces if face == "crit")
    state.pending = None
    heal(state, state.active_hero(), hits, "SV-STRAT-4")
    raise_noise(state, crits, "SV-ROOM-1")


# -- items (SV-ITEM-1) ----------------------------------------------------------------


def item_targets(state: SalvageState, hero: Hero, item: HeldItem) -> list[int | None]:
    spec = state.data.items[item.name]
    if spec.effect == "none":
        return []
    if spec.effect == "strike":
        return [e.id for e in state.enemies_in(hero.room)]
    return [None]


def legal_items(state: SalvageState, *, actions_left: bool) -> list[Action]:
    hero = state.active_hero()
    out: list[Action] = []
    for slot, item in enumerate(hero.items):
        if state.data.items[item.name].action and not actions_left:
            continue
        out.extend(UseItem(slot, target) for target in item_targets(state, hero, item))
    return out


def check_item(state: SalvageState, action: UseItem, *, actions_left: bool) -> None:
    """SV-ITEM-1: the item is in the inventory; it is an action only if it says so."""
    hero = state.active_hero()
    if not 0 <= action.slot < len(hero.items):
        raise RuleViolation(
            "SV-ITEM-1", lazy("{hero} has no item in slot {slot}", hero=hero.name, slot=action.slot)
        )
    item = hero.items[action.slot]
    spec = state.data.items[item.name]
    if spec.effect == "none" or item.uses <= 0:
        raise RuleViolation("SV-ITEM-1", lazy("{item} has no effect to use", item=item.name))
    if spec.action and not actions_left:
        raise RuleViolation(
            "SV-ENG-1", lazy("using {item} is an action, and all four are spent", item=item.name)
        )
    if action.target not in item_targets(state, hero, item):
        raise RuleViolation(
            "SV-ITEM-1",
            lazy("{item} cannot be used on {target}", item=item.name, target=repr(action.target)),
        )


def use_item(state: SalvageState, action: UseItem) -> None:
    hero = state.active_hero()
    item = hero.items[action.slot]
    spec = state.data.items[item.name]
    if item.uses <= 1:
        del hero.items[action.slot]
    else:
        hero.items[action.slot] = HeldItem(item.name, item.uses - 1)
    state.emit(
        "item",
        lazy_plural(
            "{hero} uses {item} as an action ({n} use left)",
            "{hero} uses {item} as an action ({n} uses left)",
            item.uses - 1,
            hero=hero.name,
            item=item.name,
        )
        if spec.action
        else lazy_plural(
            "{hero} uses {item} ({n} use left)",
            "{hero} uses {item} ({n} uses left)",
            item.uses - 1,
            hero=hero.name,
            item=item.name,
        ),
        "SV-ITEM-1",
    )
    if spec.effect == "heal":
        heal(state, hero, spec.amount, "SV-ITEM-1")
    elif spec.effect == "recover":
        queue_recovery(state, spec.amount, "SV-ITEM-1")
    elif spec.effect == "strike" and action.target is not None:
        enemy = state.enemy(action.target)
        if enemy is not None:
            state.emit(
                "strike",
                lazy(
                    "{item} strikes {enemy} #{number} for {amount}",
                    item=item.name,
                    enemy=enemy.kind,
                    number=enemy.id,
                    amount=spec.amount,
                ),
                "SV-ITEM-1",
            )
            wound(state, enemy, spec.amount, "SV-ITEM-1")


# -- recovering dice --------------------------------------------------------------------


def queue_recovery(state: SalvageState, amount: int, rule: str) -> None:
    if state.turn_hero is not None:
        state.recoveries.insert(0, Recovery(state.turn_hero, amount, rule))


def settle_recoveries(state: SalvageState) -> None:
    """Drop recoveries with nothing left to do (no count or no exhausted die)."""
    while state.recoveries:
        head = state.recoveries[0]
        hero = state.heroes[head.hero]
        if head.remaining > 0 and hero.count("exhausted") > 0 and not hero.knocked_out:
            return
        state.recoveries.pop(0)


def legal_recovery(state: SalvageState) -> list[Action]:
    hero = state.heroes[state.recoveries[0].hero]
    return [*(RecoverDie(die) for die in hero.types_with("exhausted")), FinishRecovery()]


def check_recover(state: SalvageState, action: RecoverDie) -> None:
    if not state.recoveries:
        raise RuleViolation("SV-SALV-5", lazy("no die may be recovered now"))
    head = state.recoveries[0]
    hero = state.heroes[head.hero]
    if hero.first("exhausted", action.die) is None:
        raise RuleViolation(
            head.rule, lazy("{hero} has no exhausted {die} die", hero=hero.name, die=action.die)
        )


def apply_recover(state: SalvageState, action: RecoverDie) -> None:
    head = state.recoveries[0]
    hero = state.heroes[head.hero]
    index = hero.first("exhausted", action.die)
    if index is None:
        raise RuleViolation(head.rule, lazy("no exhausted {die} die", die=action.die))
    hero.set_die(index, "ready")
    state.recoveries[0] = Recovery(head.hero, head.remaining - 1, head.rule)
    state.emit(
        "recover", lazy("{hero} recovers one {die} die", hero=hero.name, die=action.die), head.rule
    )


def apply_finish_recovery(state: SalvageState) -> None:
    if state.recoveries:
        state.recoveries.pop(0)
