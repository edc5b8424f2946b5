"""The move action, opportunity attacks and activating rooms (SV-MOVE-*, SV-OPP-*).

A move commits 0..max Health ready dice (SV-MOVE-1), rolls them, and then
applies all hits, each applied crit raising noise (SV-MOVE-3), to move up to
that many rooms one orthogonal step at a time (SV-MOVE-2, SV-MOVE-4). Leaving
a room draws an opportunity attack from every enemy in it, in the order the
hero chooses (SV-OPP-1). After moving, the rolled dice are exhausted
(SV-MOVE-5) and a hero in an inactive room may activate it by fulfilling one of
its requirements (SV-MOVE-6) -- which is why a zero-dice move is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import (
    ActivateRoom,
    LeaveInactive,
    NextOpportunity,
    Step,
    StopMoving,
)
from rulekeeper.games.salvage.content import Requirement
from rulekeeper.games.salvage.dice_steps import roll_totals
from rulekeeper.games.salvage.enemies import queue_opportunity_attack
from rulekeeper.games.salvage.noise import raise_noise
from rulekeeper.games.salvage.records import Hero, Pending
from rulekeeper.games.salvage.terms import requirement as requirement_term
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def _mover(state: SalvageState) -> int:
    if state.turn_hero is None:
        raise ValueError("no hero is moving")
    return state.turn_hero


def apply_move_roll(state: SalvageState, pending: Pending) -> None:
    """SV-MOVE-2/3: apply all hits as movement; every applied crit raises noise by 1."""
    hero = state.active_hero()
    hits, crits = roll_totals(hero)
    pending.steps_left = hits
    pending.stage = "moving"
    state.emit(
        "apply",
        lazy_plural(
            "{hero} applies {n} hit: may move up to {n} room",
            "{hero} applies {n} hits: may move up to {n} rooms",
            hits,
            hero=hero.name,
        ),
        "SV-MOVE-2",
    )
    raise_noise(state, crits, "SV-MOVE-3")
    if hits == 0:
        finish_move(state, pending)


def legal_moving(state: SalvageState, pending: Pending) -> list[Action]:
    hero = state.active_hero()
    actions: list[Action] = []
    if pending.steps_left > 0:
        actions.extend(Step(room) for room in state.data.grid.neighbours(hero.room))
    actions.append(StopMoving())
    return actions


def check_mid_step(state: SalvageState, pending: Pending | None) -> None:
    """Between leaving a room and entering the next, the opportunity attacks come first
    (SV-OPP-1): the hero names the next attacker, or waits while its die is rolled."""
    if pending is None or pending.kind != "move" or pending.stage != "opportunity":
        return
    if not state.attack_queue and len(pending.opportunity_left) >= 2:
        raise RuleViolation(
            "SV-OPP-1", lazy("first choose which enemy makes its opportunity attack")
        )


def check_step(state: SalvageState, pending: Pending | None, action: Step) -> None:
    check_mid_step(state, pending)
    if pending is not None and pending.stage == "opportunity" and state.attack_queue:
        return  # the step under way completes once the attack's die lands (CORE-CHANCE)
    if pending is None or pending.kind != "move" or pending.stage != "moving":
        raise RuleViolation("SV-MOVE-2", lazy("a hero moves only after applying a move roll"))
    hero = state.active_hero()
    if pending.steps_left <= 0:
        raise RuleViolation("SV-MOVE-2", lazy("no hits are left to move with"))
    if not state.data.grid.adjacent(hero.room, action.room):
        raise RuleViolation(
            "SV-MOVE-4",
            lazy(
                "room {room} is not orthogonally adjacent to room {here}",
                room=action.room,
                here=hero.room,
            ),
        )


def apply_step(state: SalvageState, pending: Pending, action: Step) -> None:
    """SV-OPP-1: leaving a room, every enemy in it attacks first; then the move goes on."""
    hero = state.active_hero()
    pending.destination = action.room
    pending.opportunity_left = [e.id for e in state.enemies_in(hero.room)]
    pending.stage = "opportunity"
    if pending.opportunity_left:
        state.emit(
            "leave",
            lazy_plural(
                "{hero} leaves {room}: {n} opportunity attack",
                "{hero} leaves {room}: {n} opportunity attacks",
                len(pending.opportunity_left),
                hero=hero.name,
                room=state.rooms[hero.room].name,
            ),
            "SV-OPP-1",
        )


def continue_move(state: SalvageState, pending: Pending) -> bool:
    """Resolve the opportunity step as far as it goes without a choice.

    Returns True when the hero must choose the next attacker (SV-OPP-1).
    """
    hero = state.active_hero()
    if hero.knocked_out:
        finish_move(state, pending, look=False)
        return False
    if len(pending.opportunity_left) >= 2:
        return True
    if pending.opportunity_left:
        queue_opportunity_attack(state, pending.opportunity_left.pop(), _mover(state))
        return False
    destination = pending.destination
    if destination is None:
        return False
    hero.room = destination
    pending.destination = None
    pending.steps_left -= 1
    pending.stage = "moving"
    state.emit(
        "step",
        lazy("{hero} moves to {room}", hero=hero.name, room=state.rooms[destination].name),
        "SV-MOVE-4",
    )
    if pending.steps_left == 0:
        finish_move(state, pending)
    return False


def check_opportunity(
    state: SalvageState, pending: Pending | None, action: NextOpportunity
) -> None:
    if pending is None or pending.stage != "opportunity" or len(pending.opportunity_left) < 2:
        raise RuleViolation("SV-OPP-1", lazy("no opportunity attacks wait on the hero's order"))
    if action.enemy not in pending.opportunity_left:
        raise RuleViolation(
            "SV-OPP-1",
            lazy("enemy #{number} has no opportunity attack pending", number=action.enemy),
        )


def apply_opportunity(state: SalvageState, pending: Pending, action: NextOpportunity) -> None:
    pending.opportunity_left.remove(action.enemy)
    queue_opportunity_attack(state, action.enemy, _mover(state))


def apply_stop(state: SalvageState, pending: Pending) -> None:
    finish_move(state, pending)


def finish_move(state: SalvageState, pending: Pending, *, look: bool = True) -> None:
    """SV-MOVE-5: all rolled dice are exhausted; then SV-MOVE-6: look at an inactive room."""
    hero = state.active_hero()
    rolled = hero.indexes("committed")
    for index in rolled:
        hero.set_die(index, "exhausted")
    if rolled:
        state.emit(
            "exhaust",
            lazy_plural(
                "{hero} exhausts {n} rolled die",
                "{hero} exhausts {n} rolled dice",
                len(rolled),
                hero=hero.name,
            ),
            "SV-MOVE-5",
        )
    room = state.rooms[hero.room]
    if look and not room.active:
        met = fulfilled_requirements(state, hero)
        if met:
            pending.stage = "look"
            return
        state.emit(
            "look",
            lazy(
                "{hero} looks at {room}: no activation requirement is met",
                hero=hero.name,
                room=room.name,
            ),
            "SV-MOVE-6",
        )
    state.pending = None


def requirement_met(state: SalvageState, hero: Hero, requirement: Requirement) -> bool:
    if requirement.kind == "free":
        return True
    if requirement.kind == "item":
        return any(item.name == requirement.item for item in hero.items)
    if requirement.kind == "health":
        return hero.health >= requirement.amount
    return hero.count("ready") >= requirement.amount


def fulfilled_requirements(state: SalvageState, hero: Hero) -> list[str]:
    """SV-MOVE-6: the requirements of the hero's room this hero fulfils."""
    room = state.rooms[hero.room]
    return [
        text
        for text in room.requirements
        if requirement_met(state, hero, state.data.requirements[text])
    ]


def legal_look(state: SalvageState) -> list[Action]:
    hero = state.active_hero()
    return [*(ActivateRoom(t) for t in fulfilled_requirements(state, hero)), LeaveInactive()]


def check_activate(state: SalvageState, pending: Pending | None, action: ActivateRoom) -> None:
    """SV-MOVE-6: only after a move, in an inactive room, fulfilling one of its requirements."""
    if pending is None or pending.stage != "look":
        raise RuleViolation(
            "SV-MOVE-6", lazy("a room is looked at and activated only at the end of a move")
        )
    hero = state.active_hero()
    room = state.rooms[hero.room]
    if action.requirement not in room.requirements:
        raise RuleViolation(
            "SV-MOVE-6",
            lazy(
                "{room} has no activation requirement {requirement}",
                room=room.name,
                requirement=action.requirement,
            ),
        )
    if action.requirement not in fulfilled_requirements(state, hero):
        raise RuleViolation(
            "SV-MOVE-6",
            lazy(
                "{hero} does not fulfil the requirement {requirement}",
                hero=hero.name,
                requirement=requirement_term(action.requirement),
            ),
        )


def check_leave_inactive(
    state: SalvageState, pending: Pending | None, action: LeaveInactive
) -> None:
    if pending is None or pending.stage != "look":
        raise RuleViolation("SV-MOVE-6", lazy("a room is looked at only at the end of a move"))


def apply_activate(state: SalvageState, action: ActivateRoom) -> None:
    hero = state.active_hero()
    state.rooms[hero.room] = state.rooms[hero.room].activated()
    state.emit(
        "activate",
        lazy(
            "{hero} activates {room} ({requirement})",
            hero=hero.name,
            room=state.rooms[hero.room].name,
            requirement=requirement_term(action.requirement),
        ),
        "SV-MOVE-6",
    )
    state.pending = None


def apply_leave_inactive(state: SalvageState, action: LeaveInactive) -> None:
    hero = state.active_hero()
    state.emit(
        "look",
        lazy("{hero} leaves {room} face-down", hero=hero.name, room=state.rooms[hero.room].name),
        "SV-MOVE-6",
    )
    state.pending = None
