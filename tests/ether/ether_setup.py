"""Helpers that set an ether table up for a rule example.

Set-up moves cards between piles (never creates them), so the conservation
invariants hold in every example too.
"""

from __future__ import annotations

from collections import Counter

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.games.ether import mapactions
from rulekeeper.games.ether.actions import Source
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.pieces import Enemy
from rulekeeper.games.ether.state import EtherState

WREN_HAND = ["glimmer-thought", "quick-feet", "ember-spite"]
ODO_HAND = ["mending-hymn", "mending-hymn", "iron-skin"]


def new_game(wren: list[str] | None = None, odo: list[str] | None = None) -> EtherState:
    """Round 1, Wren's activation, with the hands dealt as scripted."""
    state = GAME.new_state("lantern-rift", 1)
    advance_chance(state, ScriptedSampler([*(wren or WREN_HAND), *(odo or ODO_HAND)]))
    return state


def odo_turn(state: EtherState) -> EtherState:
    """Hand the activation to Odo (Wren ends hers)."""
    from rulekeeper.games.ether.actions import EndActivation

    state.apply(EndActivation())
    return state


def die(ref: str) -> Source:
    return Source("die", ref)


def hand(card: str) -> Source:
    return Source("hand", card)


def inventory(card: str) -> Source:
    return Source("inventory", card)


def reveal(state: EtherState, card: str, pos: CardPos, degrees: int = 0) -> None:
    """Place a map card (drawn from the map deck) with its box's north-west corner at ``pos``."""
    state.map_deck.draw(card)
    mapactions.lay_card(state, card, degrees, pos)


def spawn(state: EtherState, card: str, space: Space) -> str:
    """Put an enemy from the enemy deck on the map; returns its id."""
    state.enemy_deck.draw(card)
    uid = f"e{state.next_enemy}"
    state.next_enemy += 1
    state.enemies[uid] = Enemy(uid, card, space)
    return uid


def give(state: EtherState, hero_index: int, card: str) -> None:
    """Move an influence card from the draw pile to a hero's hand."""
    state.influence_deck.draw(card)
    state.heroes[hero_index].hand.append(card)


def snapshot(state: EtherState) -> dict[str, object]:
    """Everything a rejected action must leave untouched (history and log included)."""
    return state.to_dict()


def card_census(state: EtherState) -> tuple[Counter[str], Counter[str], Counter[str], Counter[str]]:
    """Influence, item, enemy and map cards wherever they are."""
    influence: Counter[str] = state.influence_deck.all_cards()
    items: Counter[str] = state.item_deck.all_cards()
    for hero in state.heroes:
        for card in hero.hand + hero.inventory:
            if card in state.content.influence:
                influence[card] += 1
            else:
                items[card] += 1
    enemies = state.enemy_deck.all_cards() + Counter(
        e.card for e in state.enemies.values() if e.uid != "boss"
    )
    maps = state.map_deck.all_cards() + Counter(state.placed.values())
    if state.pending_rotation is not None:  # drawn, waiting to be turned and laid
        maps[state.pending_rotation[0]] += 1
    return influence, items, enemies, maps
