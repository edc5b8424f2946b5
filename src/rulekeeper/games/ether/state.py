"""Ether's mutable game state: heroes, the grown map, enemies, decks, the round.

Rule decisions live in the rule modules (``payment``, ``movement``,
``combat``, ``influence_actions``, ``mapactions``, ``effects``, ``flow``,
dispatched by ``rules`` and listed by ``legal``; ``game.EtherPlay`` wires them
into the core protocol); this module imports none of them: it holds the
fields, the helpers every rule reads, serialization and a fast ``clone()``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rulekeeper.boards.mapcards import CardPos, Direction, MapGrid, Space
from rulekeeper.core.deck import Deck
from rulekeeper.core.game import State
from rulekeeper.games.ether.actions import Source
from rulekeeper.games.ether.content import (
    NO_FEATURES,
    MapCard,
    Orientation,
    Scenario,
    SpaceFeatures,
)
from rulekeeper.games.ether.pieces import BOSS_UID, Enemy, Hero, HeroDie, Phase
from rulekeeper.games.ether.resources import NOTHING, Resources

if TYPE_CHECKING:
    from rulekeeper.games.ether.game import EtherGame


class EtherState(State):
    """A game of ether in progress; the protocol methods hand over to the rule modules."""

    def __init__(
        self, game: EtherGame, *, ruleset: str, scenario: str, seed: int, content: Scenario
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.content = content
        start = CardPos(0, 0)
        start_card = content.map_cards[content.start_card]
        self.placed: dict[CardPos, str] = {start: content.start_card}
        self.rotations: dict[CardPos, int] = {start: start_card.rotations[0]}
        self.board = MapGrid({start: start_card.turned(start_card.rotations[0]).layout})
        start_space = self.board.space_at(start, content.start_space)
        self.heroes: list[Hero] = []
        for card in content.heroes:
            counts: dict[str, int] = {}
            dice = []
            for colour in card.dice:
                counts[colour] = counts.get(colour, 0) + 1
                dice.append(HeroDie(f"{colour}-{counts[colour]}", colour))
            self.heroes.append(
                Hero(
                    card.id,
                    card.name,
                    card.health,
                    card.health,
                    card.hand_size,
                    start_space,
                    [],
                    list(card.inventory),
                    dice,
                )
            )
        self.enemies: dict[str, Enemy] = {}
        self.next_enemy: int = 1
        self.boss_defeated = False
        self.influence_deck = Deck.of(content.influence_deck)
        self.item_deck = Deck.of(content.item_deck)
        self.enemy_deck = Deck.of(content.enemy_deck)
        self.map_deck = Deck.of(content.map_deck)
        self.round = 1
        self.ether = 0
        self.phase: Phase = "refresh"
        self.active = 0
        # ET-TIME-1: the hero taking the current action (any hero, in or out of
        # their activation); the mover during a movement, the payer while gathering.
        self.actor = 0
        # The payment the actor is gathering, kept sorted (nothing is spent until
        # Spend: ET-PAY-1/4).
        self.draft: list[Source] = []
        self.last_surplus: Resources = NOTHING
        self.moving: int | None = None
        self.activations = 0
        # ET-EXP-1: the explore arrow (its space and direction) awaiting the map draw,
        # then the drawn card awaiting the players' choice of rotation.
        self.pending_map: tuple[Space, Direction] | None = None
        self.pending_rotation: tuple[str, tuple[int, ...]] | None = None
        self.pending_draws: list[int] = []
        self.pending_items = 0
        # The rule whose effect the pending draws serve (ET-INF-1 or ET-UNQ-1);
        # draws at Refresh cite ET-ROUND-1 instead.
        self.effect_rule = "ET-UNQ-1"
        self.used_uniques: set[str] = set()
        self.resolved_uniques: set[str] = set()
        self.enemy_queue: list[str] = []

    # -- lookups -----------------------------------------------------------
    @property
    def hero(self) -> Hero:
        """The hero taking the current action (ET-TIME-1: not always the active one)."""
        return self.heroes[self.actor]

    @property
    def active_hero(self) -> Hero:
        """The hero whose activation it is (ET-ROUND-1)."""
        return self.heroes[self.active]

    @property
    def enemy_to_strike(self) -> Enemy | None:
        """The next enemy to strike in the enemy phase, None once every enemy has acted.

        The queue holds only enemies on the map: a defeated one leaves it (combat).
        """
        return self.enemies[self.enemy_queue[0]] if self.enemy_queue else None

    @contextmanager
    def acting(self, index: int) -> Iterator[None]:
        """Rule on an action as hero ``index`` would take it; the actor is restored after."""
        before = self.actor
        self.actor = index
        try:
            yield
        finally:
            self.actor = before

    def hero_index(self, hero_id: str) -> int | None:
        for index, hero in enumerate(self.heroes):
            if hero.id == hero_id:
                return index
        return None

    def hero_by_id(self, hero_id: str) -> Hero | None:
        for hero in self.heroes:
            if hero.id == hero_id:
                return hero
        return None

    def map_card_at(self, space: Space) -> MapCard:
        pos = self.board.card_of(space)
        if pos is None:
            raise KeyError(f"no map card at {space}")
        return self.content.map_cards[self.placed[pos]]

    def orientation_at(self, pos: CardPos) -> Orientation:
        """The placed card at ``pos`` as it lies (turned as it was placed)."""
        return self.content.map_cards[self.placed[pos]].turned(self.rotations.get(pos, 0))

    def features(self, space: Space) -> SpaceFeatures:
        pos = self.board.card_of(space)
        if pos is None:
            return NO_FEATURES
        return self.orientation_at(pos).at(self.board.local_of(space))

    def enemy_health(self, enemy: Enemy) -> int:
        """Remaining health (ET-ATK-2)."""
        full = (
            self.content.boss.health
            if enemy.uid == BOSS_UID
            else self.content.enemies[enemy.card].health
        )
        return full - enemy.damage_taken

    def enemy_name(self, enemy: Enemy) -> str:
        if enemy.uid == BOSS_UID:
            return self.content.boss.name
        return self.content.enemies[enemy.card].name

    def enemies_in_area(self, space: Space) -> list[Enemy]:
        """Enemies (and the boss) on the map card of ``space``: the active area."""
        pos = self.board.card_of(space)
        return [e for e in self.enemies.values() if self.board.card_of(e.space) == pos]

    def passive(self, hero: Hero, kind: str) -> int:
        """The sum of a passive effect over the hero's inventory (items, Ongoing cards)."""
        total = 0
        for card in hero.inventory:
            effect = (
                self.content.influence[card].effect
                if card in self.content.influence
                else self.content.items[card].effect
            )
            if effect.kind == kind:
                total += effect.amount
        return total

    def hand_size(self, hero: Hero) -> int:
        return hero.base_hand_size + self.passive(hero, "hand_size")

    def card_deck(self, card: str) -> Deck:
        """The deck a discarded card returns to."""
        return self.influence_deck if card in self.content.influence else self.item_deck

    # -- copies and files --------------------------------------------------
    def clone(self) -> EtherState:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.log = list(self.log)
        other.placed = dict(self.placed)
        other.rotations = dict(self.rotations)
        other.heroes = [h.copy() for h in self.heroes]
        other.enemies = {
            k: Enemy(e.uid, e.card, e.space, e.damage_taken) for k, e in self.enemies.items()
        }
        other.influence_deck = self.influence_deck.copy()
        other.item_deck = self.item_deck.copy()
        other.enemy_deck = self.enemy_deck.copy()
        other.map_deck = self.map_deck.copy()
        other.draft = list(self.draft)
        other.pending_draws = list(self.pending_draws)
        other.used_uniques = set(self.used_uniques)
        other.resolved_uniques = set(self.resolved_uniques)
        other.enemy_queue = list(self.enemy_queue)
        return other

    def _fields_to_dict(self) -> dict[str, Any]:
        def space(s: Space | None) -> list[int] | None:
            return None if s is None else [s.x, s.y]

        return {
            "placed": [
                [p.x, p.y, c, self.rotations.get(p, 0)] for p, c in sorted(self.placed.items())
            ],
            "heroes": [
                {
                    "id": h.id,
                    "health": h.health,
                    "space": space(h.space),
                    "hand": list(h.hand),
                    "inventory": list(h.inventory),
                    "dice": [[d.id, d.colour, d.ready] for d in h.dice],
                }
                for h in self.heroes
            ],
            "enemies": [
                [e.uid, e.card, e.space.x, e.space.y, e.damage_taken] for e in self.enemies.values()
            ],
            "next_enemy": self.next_enemy,
            "boss_defeated": self.boss_defeated,
            "decks": {
                "influence": self.influence_deck.to_dict(),
                "item": self.item_deck.to_dict(),
                "enemy": self.enemy_deck.to_dict(),
                "map": self.map_deck.to_dict(),
            },
            "round": self.round,
            "ether": self.ether,
            "phase": self.phase,
            "active": self.active,
            "actor": self.actor,
            "draft": [[s.kind, s.ref] for s in self.draft],
            "last_surplus": [
                self.last_surplus.awareness,
                self.last_surplus.cunning,
                self.last_surplus.wrath,
            ],
            "moving": self.moving,
            "activations": self.activations,
            "pending_map": None
            if self.pending_map is None
            else [self.pending_map[0].x, self.pending_map[0].y, self.pending_map[1]],
            "pending_rotation": None
            if self.pending_rotation is None
            else [self.pending_rotation[0], list(self.pending_rotation[1])],
            "pending_draws": list(self.pending_draws),
            "pending_items": self.pending_items,
            "effect_rule": self.effect_rule,
            "used_uniques": sorted(self.used_uniques),
            "resolved_uniques": sorted(self.resolved_uniques),
            "enemy_queue": list(self.enemy_queue),
        }

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        self.placed = {}
        self.rotations = {}
        for x, y, card, *turn in data["placed"]:
            pos = CardPos(int(x), int(y))
            self.placed[pos] = str(card)
            self.rotations[pos] = int(turn[0]) if turn else 0
        self.board = MapGrid({pos: self.orientation_at(pos).layout for pos in self.placed})
        for hero, raw in zip(self.heroes, data["heroes"], strict=True):
            hero.health = int(raw["health"])
            hero.space = None if raw["space"] is None else Space(*raw["space"])
            hero.hand = [str(c) for c in raw["hand"]]
            hero.inventory = [str(c) for c in raw["inventory"]]
            hero.dice = [HeroDie(str(i), c, bool(r)) for i, c, r in raw["dice"]]
        self.enemies = {
            str(u): Enemy(str(u), str(c), Space(int(x), int(y)), int(d))
            for u, c, x, y, d in data["enemies"]
        }
        self.next_enemy = int(data["next_enemy"])
        self.boss_defeated = bool(data["boss_defeated"])
        decks = data["decks"]
        self.influence_deck = Deck.from_dict(decks["influence"])
        self.item_deck = Deck.from_dict(decks["item"])
        self.enemy_deck = Deck.from_dict(decks["enemy"])
        self.map_deck = Deck.from_dict(decks["map"])
        self.round = int(data["round"])
        self.ether = int(data["ether"])
        self.phase = data["phase"]
        self.active = int(data["active"])
        self.actor = int(data.get("actor", self.active))
        self.draft = [Source(k, str(r)) for k, r in data["draft"]]
        self.last_surplus = Resources(*data["last_surplus"])
        self.moving = None if data["moving"] is None else int(data["moving"])
        self.activations = int(data["activations"])
        pending = data["pending_map"]
        self.pending_map = (
            None if pending is None else (Space(int(pending[0]), int(pending[1])), pending[2])
        )
        rotation = data.get("pending_rotation")
        self.pending_rotation = (
            None if rotation is None else (str(rotation[0]), tuple(int(d) for d in rotation[1]))
        )
        self.pending_draws = [int(i) for i in data["pending_draws"]]
        self.pending_items = int(data["pending_items"])
        self.effect_rule = str(data.get("effect_rule", "ET-UNQ-1"))
        self.used_uniques = set(data["used_uniques"])
        self.resolved_uniques = set(data["resolved_uniques"])
        self.enemy_queue = [str(u) for u in data["enemy_queue"]]

    # -- protocol: game.EtherPlay answers the rest through the rule modules -----------
    def player_name(self, player: int) -> str:
        if 0 <= player < len(self.heroes):
            return self.heroes[player].name
        return super().player_name(player)
