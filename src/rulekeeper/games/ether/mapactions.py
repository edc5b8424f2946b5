"""Map actions: explore and unique actions in the hero's space (ET-MAP-1, ET-EXP-*, ET-UNQ-*).

ET-MAP-1 a map action is taken in its space and never while resolving a
movement. ET-EXP-1 exploring spends the arrow's awareness, draws the top map
card (a chance node) and places it next to the current card in the arrow's
direction (turned as the card allows and the players choose); ET-EXP-2 not if a
card is already there. ET-UNQ-1 a unique action
pays its printed cost and resolves its effect, ET-UNQ-2 once per round each,
ET-UNQ-3 choosing one cost of a slash cost (checked in ``payment``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import effects
from rulekeeper.games.ether.actions import ExploreIntent, PlaceMap, UniqueIntent
from rulekeeper.games.ether.combat import in_active_area
from rulekeeper.games.ether.content import ExploreArrow, UniqueAction
from rulekeeper.games.ether.pieces import BOSS_UID, Enemy
from rulekeeper.games.ether.resources import Resources
from rulekeeper.games.ether.terms import direction
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def _not_moving(state: EtherState) -> None:
    if state.moving is not None:
        raise RuleViolation(
            "ET-MAP-1", lazy("map actions cannot be taken while resolving a movement")
        )


def _arrow(state: EtherState, intent: ExploreIntent) -> ExploreArrow | None:
    space = state.hero.space
    if space is None:
        return None
    for arrow in state.features(space).explores:
        if arrow.direction == intent.direction:
            return arrow
    return None


def explore_cost(state: EtherState, intent: ExploreIntent) -> Resources:
    arrow = _arrow(state, intent)
    return Resources(awareness=arrow.awareness if arrow else 0)


def check_explore(state: EtherState, intent: ExploreIntent) -> None:
    _not_moving(state)
    hero = state.hero
    if hero.space is None or _arrow(state, intent) is None:
        raise RuleViolation(
            "ET-MAP-1",
            lazy(
                "{hero}'s space shows no explore arrow pointing {direction}",
                hero=hero.name,
                direction=direction(intent.direction),
            ),
        )
    if state.board.has_space(hero.space.step(intent.direction)):
        raise RuleViolation(
            "ET-EXP-2",
            lazy(
                "a map card already lies {direction} of this space; no exploring from here",
                direction=direction(intent.direction),
            ),
        )
    if state.map_deck.is_empty:
        raise RuleViolation("ET-EXP-1", lazy("the map deck is empty; there is no card to draw"))


def resolve_explore(state: EtherState, intent: ExploreIntent) -> None:
    hero = state.hero
    if hero.space is None:
        return
    state.pending_map = (hero.space, intent.direction)
    state.emit(
        "explore",
        lazy("{hero} explores {direction}", hero=hero.name, direction=direction(intent.direction)),
        "ET-EXP-1",
    )


def fitting_rotations(state: EtherState, card: str) -> dict[int, CardPos]:
    """ET-EXP-1: each rotation the card allows that fits beyond the arrow, with its position."""
    if state.pending_map is None:
        return {}
    arrow, direction = state.pending_map
    fits: dict[int, CardPos] = {}
    map_card = state.content.map_cards[card]
    for degrees in map_card.rotations:
        pos = state.board.placement_for(arrow, direction, map_card.turned(degrees).layout)
        if pos is not None:
            fits[degrees] = pos
    return fits


def place_map_card(state: EtherState, card: str) -> None:
    """ET-EXP-1: the drawn card goes beyond the arrow, turned as the players choose.

    One fitting rotation places it at once; several wait for :class:`PlaceMap`.
    A card that fits in no rotation it allows is set aside (ASSUMED: the
    catalog's cards are all one size and always fit).
    """
    if state.pending_map is None:
        return
    state.map_deck.draw(card)
    fits = fitting_rotations(state, card)
    name = state.content.map_cards[card].name
    if not fits:
        state.pending_map = None
        state.map_deck.discard(card)
        state.emit(
            "no_room",
            lazy("{card} fits nowhere beyond the arrow; it is set aside", card=name),
            "ET-EXP-1",
        )
        return
    if len(fits) == 1:
        degrees = next(iter(fits))
        lay_card(state, card, degrees, fits[degrees])
        return
    state.pending_rotation = (card, tuple(fits))
    state.emit(
        "draw_map",
        lazy("{card} is drawn; choose how to turn it", card=name),
        "ET-EXP-1",
        card=card,
    )


def check_rotation(state: EtherState, action: PlaceMap) -> None:
    if state.pending_rotation is None:
        raise RuleViolation("ET-EXP-1", lazy("no drawn map card is waiting to be placed"))
    card, rotations = state.pending_rotation
    if action.rotation not in rotations:
        raise RuleViolation(
            "ET-EXP-1",
            lazy(
                "{card} may be turned {turns} degrees here, not {rotation}",
                card=state.content.map_cards[card].name,
                turns=[str(r) for r in rotations],
                rotation=action.rotation,
            ),
        )


def resolve_rotation(state: EtherState, action: PlaceMap) -> None:
    if state.pending_rotation is None:
        return
    card = state.pending_rotation[0]
    pos = fitting_rotations(state, card)[action.rotation]
    state.pending_rotation = None
    lay_card(state, card, action.rotation, pos)


def lay_card(state: EtherState, card: str, degrees: int, pos: CardPos) -> None:
    """Place ``card`` turned ``degrees`` at ``pos``; a lair reveals the boss (ET-BOSS-1)."""
    map_card = state.content.map_cards[card]
    orientation = map_card.turned(degrees)
    state.placed[pos] = card
    state.rotations[pos] = degrees
    state.board = state.board.place(pos, orientation.layout)
    state.pending_map = None
    placed = (
        lazy(
            "{card} is placed at {pos}, turned {degrees} degrees",
            card=map_card.name,
            pos=str(pos),
            degrees=degrees,
        )
        if degrees
        else lazy("{card} is placed at {pos}", card=map_card.name, pos=str(pos))
    )
    state.emit("place", placed, "ET-EXP-1", card=card)
    for local, features in orientation.features.items():
        if features.boss:
            space = state.board.space_at(pos, local)
            state.enemies[BOSS_UID] = Enemy(BOSS_UID, state.content.boss.id, space)
            state.emit(
                "boss",
                lazy("{boss} waits at {space}", boss=state.content.boss.name, space=str(space)),
                "ET-BOSS-1",
            )


def check_unique(state: EtherState, intent: UniqueIntent) -> None:
    _not_moving(state)
    action = state.content.uniques.get(intent.action)
    if action is None:
        raise RuleViolation(
            "ET-UNQ-1", lazy("there is no unique action {action}", action=repr(intent.action))
        )
    hero = state.hero
    here = hero.space
    if here is None or action not in state.features(here).uniques:
        raise RuleViolation(
            "ET-MAP-1",
            lazy(
                "{action} is taken in its own space; {hero} is not there",
                action=action.name,
                hero=hero.name,
            ),
        )
    if intent.action in state.used_uniques:
        raise RuleViolation(
            "ET-UNQ-2", lazy("{action} was already resolved this round", action=action.name)
        )
    _check_target(state, action, intent)


def _check_target(state: EtherState, action: UniqueAction, intent: UniqueIntent) -> None:
    """ET-UNQ-1: a damage or move-enemy effect acts on a non-boss enemy in the active area."""
    if not action.targeted:
        if intent.target is not None or intent.to is not None:
            raise RuleViolation(
                "ET-UNQ-1", lazy("{action} acts on no enemy; name no target", action=action.name)
            )
        return
    enemy = state.enemies.get(intent.target or "")
    if enemy is None or enemy.uid == BOSS_UID or not in_active_area(state, enemy):
        raise RuleViolation(
            "ET-UNQ-1",
            lazy(
                "{action} needs a non-boss enemy in the active area as target", action=action.name
            ),
        )
    push = action.effect_of("move_enemy")
    if push is None:
        if intent.to is not None:
            raise RuleViolation(
                "ET-UNQ-1",
                lazy("{action} moves no enemy; name no destination", action=action.name),
            )
        return
    if intent.to is None or intent.to not in enemy_destinations(state, enemy.space, push.amount):
        raise RuleViolation(
            "ET-UNQ-1",
            lazy_plural(
                "{action} moves {enemy} to a space up to {n} step away "
                "through open edges (walls block, ET-MOVE-2)",
                "{action} moves {enemy} to a space up to {n} steps away "
                "through open edges (walls block, ET-MOVE-2)",
                push.amount,
                action=action.name,
                enemy=str(intent.target),
            ),
        )


def enemy_destinations(state: EtherState, start: Space, steps: int) -> list[Space]:
    """The spaces within ``steps`` steps of ``start`` through open edges, ``start`` excluded."""
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [
            n for s in frontier for n in state.board.neighbours(s).values() if n not in seen
        ]
        seen.update(frontier)
        if not frontier:
            break
    seen.discard(start)
    return sorted(seen)


def resolve_unique(state: EtherState, intent: UniqueIntent, alternative: int) -> None:
    action = state.content.uniques[intent.action]
    state.used_uniques.add(intent.action)
    state.resolved_uniques.add(intent.action)
    rules = (
        ("ET-UNQ-1", "ET-UNQ-2", "ET-UNQ-3") if len(action.costs) > 1 else ("ET-UNQ-1", "ET-UNQ-2")
    )
    state.emit(
        "unique",
        lazy(
            "{hero} resolves {action}: {effect}",
            hero=state.hero.name,
            action=action.name,
            effect=action.effect_message(),
        ),
        *rules,
    )
    for effect in action.effects:
        effects.resolve_effect(state, effect, intent.target, "ET-UNQ-1", intent.to)
