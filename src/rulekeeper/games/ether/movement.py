"""Movement paid with cunning, and the enemy activations it sets off (ET-MOVE-*).

A paid move (ET-MOVE-1) gives the hero steps, taken one :class:`Step` at a
time through open edges (ET-MOVE-2). Entering a space with an enemy icon
activates an enemy at once (ET-MOVE-3): the top card of the enemy deck is
drawn (a chance node) and placed in the hero's space; an enemy that shows
icons of its own activates that many more (the chain). Then the hero may take
the remaining steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether.actions import MoveIntent, Step
from rulekeeper.games.ether.pieces import Enemy
from rulekeeper.games.ether.terms import direction
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def check_move(state: EtherState, intent: MoveIntent) -> None:
    """ET-MOVE-1: a move spends N cunning for N spaces, N at least 1."""
    if intent.steps < 1:
        raise RuleViolation("ET-MOVE-1", lazy("a move spends at least 1 cunning for 1 space"))


def resolve_move(state: EtherState, intent: MoveIntent) -> None:
    """ET-MOVE-1: the hero may now take ``steps`` more spaces (added to a move under way)."""
    state.moving = (state.moving or 0) + intent.steps
    state.emit(
        "move",
        lazy_plural(
            "{hero} may move {n} space",
            "{hero} may move {n} spaces",
            state.moving,
            hero=state.hero.name,
        ),
        "ET-MOVE-1",
    )


def check_step(state: EtherState, action: Step) -> None:
    """ET-MOVE-1: a step needs a paid space left; ET-MOVE-2: it cannot cross a wall."""
    if not state.moving:
        raise RuleViolation("ET-MOVE-1", lazy("no paid movement is left; spend cunning to move"))
    if state.draft:
        raise RuleViolation(
            "ET-PAY-2", lazy("a payment is being gathered; spend it (or stop moving) first")
        )
    hero = state.hero
    if hero.space is None or not state.board.can_step(hero.space, action.direction):
        raise RuleViolation(
            "ET-MOVE-2",
            lazy(
                "{hero} cannot move {direction}: a wall or no map card",
                hero=hero.name,
                direction=direction(action.direction),
            ),
        )


def apply_step(state: EtherState, action: Step) -> None:
    hero = state.hero
    if hero.space is None or state.moving is None:
        return
    hero.space = state.board.neighbours(hero.space)[action.direction]
    state.moving -= 1
    state.emit(
        "step",
        lazy(
            "{hero} moves {direction} to {space}",
            hero=hero.name,
            direction=direction(action.direction),
            space=str(hero.space),
        ),
        "ET-MOVE-1",
        "ET-MOVE-2",
    )
    if state.moving == 0:
        state.moving = None
    if state.features(hero.space).enemy_icon:
        state.activations += 1
        state.emit(
            "icon",
            lazy("{hero} enters an enemy icon: an enemy activates", hero=hero.name),
            "ET-MOVE-3",
        )


def end_movement(state: EtherState) -> None:
    """Stop moving: paid steps not taken are lost (ET-PAY-3); a payment being gathered goes back."""
    if state.draft:
        state.draft.clear()
        state.emit(
            "put_back",
            lazy("{hero} puts the gathered sources back", hero=state.hero.name),
            "ET-PAY-4",
        )
    if state.moving:
        state.emit(
            "end_movement",
            lazy_plural(
                "{hero} stops; {n} paid step lost",
                "{hero} stops; {n} paid steps lost",
                state.moving,
                hero=state.hero.name,
            ),
            "ET-PAY-3",
        )
    state.moving = None


def activate_enemy(state: EtherState, card: str) -> None:
    """ET-MOVE-3: the drawn enemy appears in the hero's space; its icons extend the chain."""
    hero = state.hero
    state.enemy_deck.draw(card)
    state.activations -= 1
    if hero.space is None:
        state.enemy_deck.discard(card)
        return
    uid = f"e{state.next_enemy}"
    state.next_enemy += 1
    state.enemies[uid] = Enemy(uid, card, hero.space)
    enemy = state.content.enemies[card]
    state.activations += enemy.icons
    appears = (
        lazy_plural(
            "{enemy} ({uid}) appears at {space}; its {n} icon activates one more",
            "{enemy} ({uid}) appears at {space}; its {n} icons activate more",
            enemy.icons,
            enemy=enemy.name,
            uid=uid,
            space=str(hero.space),
        )
        if enemy.icons
        else lazy(
            "{enemy} ({uid}) appears at {space}", enemy=enemy.name, uid=uid, space=str(hero.space)
        )
    )
    state.emit("activate", appears, "ET-MOVE-3")
