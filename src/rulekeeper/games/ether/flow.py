"""The round and the end of the game (ET-ROUND-1, ET-END-1), and who acts next.

ET-ROUND-1 (house): Refresh (ready every die, draw up to hand size; the
influence discard pile is reshuffled only here) -> Activation (each hero in
turn acts until they end their activation) -> Enemy phase (each enemy on a
hero's map card deals its damage to a hero there; the heroes choose which
when several are there) -> end of round (unique actions are available again,
the ether track advances one step).

ET-END-1: won when the boss is defeated; lost when every hero is defeated or
the ether track reaches its end.

:func:`settle` runs after every applied action and carries the game through
the steps that need no decision, stopping at the next choice or chance node.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL, Outcome
from rulekeeper.games.ether import combat, movement
from rulekeeper.games.ether.actions import DrawEnemy, DrawInfluence, DrawItem, DrawMap
from rulekeeper.games.ether.resources import NOTHING
from rulekeeper.i18n import Msg, lazy, text_of

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def outcome(state: EtherState) -> Outcome | None:
    """ET-END-1: won with the boss defeated; lost with every hero down or the ether at its end.

    The summary is in the current language (:func:`outcome_message` is the message).
    """
    ended = outcome_message(state)
    if ended is None:
        return None
    return Outcome(ended[0], text_of(ended[1]), message=ended[1])


def outcome_message(state: EtherState) -> tuple[str, Msg] | None:
    """ET-END-1: the result (``won``, ``lost``) and why, as a message; None while playing."""
    if state.boss_defeated:
        return "won", lazy(
            "{boss} is defeated in round {round}", boss=state.content.boss.name, round=state.round
        )
    if all(h.defeated for h in state.heroes):
        return "lost", lazy("every hero is defeated")
    if state.ether >= state.content.ether_end:
        return "lost", lazy("the ether track reached its end ({end})", end=state.content.ether_end)
    return None


def outcome_line(state: EtherState) -> Msg | None:
    """The game's end as one sentence: ``won: ...`` or ``lost: ...`` (the log's last event)."""
    ended = outcome_message(state)
    if ended is None:
        return None
    result, why = ended
    if result == "won":
        return lazy("the heroes win: {why}", why=why)
    return lazy("the heroes lose: {why}", why=why)


def waiting_on_chance(state: EtherState) -> bool:
    return bool(
        (state.pending_map is not None and state.pending_rotation is None)
        or state.activations
        or state.pending_items
        or state.pending_draws
    )


def current_player(state: EtherState) -> int:
    if state.phase == "over":
        return TERMINAL
    if waiting_on_chance(state):
        return CHANCE
    if state.draft or state.moving is not None or state.pending_rotation is not None:
        return state.actor
    if state.phase == "enemy":
        return damage_chooser(state)
    return state.active


def damage_chooser(state: EtherState) -> int:
    """The hero who speaks for the heroes on the card of the next enemy to act."""
    enemy = state.enemy_to_strike
    assert enemy is not None, "the heroes choose only while an enemy is to strike"
    heroes = combat.heroes_on_card(state, enemy)
    return state.heroes.index(heroes[0])


def chance_outcomes(state: EtherState) -> list[tuple[Action, Fraction]]:
    """The next draw: a map card, an enemy, an item, then influence cards."""
    if state.pending_map is not None and state.pending_rotation is None:
        return [(DrawMap(c), p) for c, p in state.map_deck.draw_outcomes()]
    if state.activations:
        return [(DrawEnemy(c), p) for c, p in state.enemy_deck.draw_outcomes()]
    if state.pending_items:
        return [(DrawItem(c), p) for c, p in state.item_deck.draw_outcomes()]
    if state.pending_draws:
        return [(DrawInfluence(c), p) for c, p in state.influence_deck.draw_outcomes()]
    raise RuleViolation("CORE-CHANCE", lazy("this state is not waiting on chance"))


def draw_influence(state: EtherState, card: str) -> None:
    """A draw at Refresh (ET-ROUND-1), or for the effect that asked for it (ET-INF-1/ET-UNQ-1)."""
    hero = state.heroes[state.pending_draws.pop(0)]
    state.influence_deck.draw(card)
    hero.hand.append(card)
    rule = "ET-ROUND-1" if state.phase == "refresh" else state.effect_rule
    state.emit(
        "draw",
        lazy("{hero} draws {card}", hero=hero.name, card=state.content.card_name(card)),
        rule,
        card=card,
    )


def draw_item(state: EtherState, card: str) -> None:
    state.pending_items -= 1
    state.item_deck.draw(card)
    state.hero.inventory.append(card)
    state.emit(
        "item",
        lazy("{hero} gains {card}", hero=state.hero.name, card=state.content.card_name(card)),
        state.effect_rule,
        card=card,
    )


def settle(state: EtherState) -> None:
    """Carry the game on through every step that needs no decision (ET-ROUND-1, ET-END-1)."""
    while True:
        if state.phase == "over":
            return
        line = outcome_line(state)
        if line is not None:
            state.phase = "over"
            state.draft.clear()
            state.emit("end", line, "ET-END-1")
            return
        _empty_decks(state)
        if waiting_on_chance(state):
            return
        if state.phase == "refresh":
            state.phase = "activation"
            state.active = -1
            _next_hero(state)
            continue
        if state.phase == "activation":
            if state.active_hero.defeated:
                _next_hero(state)
                continue
            return
        if state.phase == "enemy":
            # A movement, a payment or a placement under way (ET-TIME-1) is finished first.
            if (
                state.draft
                or state.moving is not None
                or state.pending_rotation is not None
                or _resolve_enemies(state)
            ):
                return
            _end_round(state)
            continue
        return


def _empty_decks(state: EtherState) -> None:
    """Reshuffle where the rules allow; drop draws from an exhausted pile."""
    if state.activations and state.enemy_deck.is_empty:
        state.enemy_deck.reshuffle()
        if state.enemy_deck.is_empty:
            state.activations = 0
            state.emit(
                "no_enemy", lazy("the enemy deck is exhausted; no enemy activates"), "ET-MOVE-3"
            )
    if state.pending_items and state.item_deck.is_empty:
        state.item_deck.reshuffle()
        if state.item_deck.is_empty:
            state.pending_items = 0
    if state.pending_draws and state.influence_deck.is_empty:
        if state.phase == "refresh":
            state.influence_deck.reshuffle()
        if state.influence_deck.is_empty:
            state.pending_draws.clear()


def _next_hero(state: EtherState) -> None:
    """Hand the activation to the next hero standing, or start the enemy phase."""
    for index in range(state.active + 1, len(state.heroes)):
        if not state.heroes[index].defeated:
            state.active = index
            state.actor = index
            state.emit(
                "activation",
                lazy("{hero}'s activation begins", hero=state.heroes[index].name),
                "ET-ROUND-1",
            )
            return
    state.phase = "enemy"
    state.active = 0
    state.actor = 0
    state.enemy_queue = list(state.enemies)
    state.emit("enemy_phase", lazy("the enemy phase begins"), "ET-ROUND-1")


def end_activation(state: EtherState) -> None:
    """The hero stops; gathered sources go back, paid steps not taken are lost (ET-PAY-3)."""
    state.draft.clear()
    movement.end_movement(state)
    state.last_surplus = NOTHING
    state.emit(
        "end_activation",
        lazy("{hero} ends their activation", hero=state.active_hero.name),
        "ET-ROUND-1",
    )
    _next_hero(state)


def _resolve_enemies(state: EtherState) -> bool:
    """Deal enemy damage in order; True when the heroes must choose who takes a hit."""
    while (enemy := state.enemy_to_strike) is not None:
        heroes = combat.heroes_on_card(state, enemy)
        if len(heroes) > 1:
            return True
        state.enemy_queue.pop(0)
        if heroes:
            combat.deal_enemy_damage(state, enemy, heroes[0])
    return False


def assign_damage(state: EtherState, enemy_uid: str, hero_id: str) -> None:
    """The heroes' choice lets the enemy act: a payment being gathered goes back."""
    state.draft.clear()
    movement.end_movement(state)
    state.last_surplus = NOTHING
    state.enemy_queue.pop(0)
    hero = state.hero_by_id(hero_id)
    if hero is not None:
        combat.deal_enemy_damage(state, state.enemies[enemy_uid], hero)


def _end_round(state: EtherState) -> None:
    state.used_uniques.clear()
    state.ether += state.content.ether_per_round
    state.emit(
        "end_round",
        lazy(
            "round {round} ends; unique actions are available again; the ether is at {ether}/{end}",
            round=state.round,
            ether=state.ether,
            end=state.content.ether_end,
        ),
        "ET-ROUND-1",
        "ET-UNQ-2",
        "ET-END-1",
    )
    if outcome_message(state) is not None:
        return
    state.round += 1
    begin_round(state)


def begin_round(state: EtherState) -> None:
    """ET-ROUND-1 Refresh: ready every die, then draw up to hand size (chance nodes)."""
    state.phase = "refresh"
    state.last_surplus = NOTHING
    for index, hero in enumerate(state.heroes):
        if hero.defeated:
            continue
        for die in hero.dice:
            die.ready = True
        missing = state.hand_size(hero) - len(hero.hand)
        state.pending_draws.extend([index] * max(0, missing))
    state.emit("refresh", lazy("round {round}: refresh", round=state.round), "ET-ROUND-1")
