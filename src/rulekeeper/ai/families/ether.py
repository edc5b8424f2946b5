"""Ether for agents: vocabulary, views and features.

Players are the heroes, in turn order. Hidden from every hero: the order of
the influence, item, enemy and map decks (a view counts the cards left, and
each draw is a chance node). The vocabulary lists payment sources (cards, and
dice by colour) and intents from the scenario's content; the whole-payment
``pay`` action (a multiset of sources) takes ordinal slots, as it is
combinatorial; the interactive steps ``add_source`` and ``spend``, each naming
the hero who pays (ET-TIME-1), are what ``legal_actions()`` offers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rulekeeper.ai.adapter import (
    FamilyAdapter,
    Features,
    Layout,
    add_header,
    counts,
    write_header,
)
from rulekeeper.boards.mapcards import ROTATIONS, Direction
from rulekeeper.core.game import State
from rulekeeper.games.ether.actions import (
    Source,
    attack,
    explore,
    face_boss,
    move,
    unique,
)
from rulekeeper.games.ether.actions import influence as influence_intent
from rulekeeper.games.ether.state import EtherState

PHASES = ("refresh", "activation", "enemy", "over")
DECKS = ("influence", "item", "enemy", "map")
DIRECTIONS: tuple[Direction, ...] = ("north", "east", "south", "west")
MAX_ENEMIES = 16
"""Enemy numbers (``e1``..) the vocabulary names; later ones take ordinal slots."""
MAX_AMOUNT = 8
"""The largest move or wrath amount with a fixed index."""
MAX_ALTERNATIVES = 3


def _ether(state: State) -> EtherState:
    return cast(EtherState, state)


def _cards(state: EtherState, deck: str) -> list[str]:
    pile = getattr(state, f"{deck}_deck")
    return sorted({*pile.draw_pile, *pile.discard_pile})


class EtherAdapter(FamilyAdapter):
    game_name = "ether"
    hidden_information = "the order of the influence, item, enemy and map decks"

    def vocabulary(self, state: State) -> dict[str, Sequence[object]]:
        """Sources, intents and cards from the scenario's content."""
        s = _ether(state)
        content = s.content
        vocabulary: dict[str, Sequence[object]] = {}
        heroes = [hero.id for hero in s.heroes]
        enemies = [f"e{n}" for n in range(1, MAX_ENEMIES + 1)]
        influence = sorted(content.influence)
        items = sorted({*content.items, *(i for hero in s.heroes for i in hero.inventory)})
        dice = sorted({die.colour for hero in s.heroes for die in hero.dice})
        vocabulary["hero"] = heroes
        vocabulary["enemy"] = [*enemies, "boss"]
        for deck in DECKS:
            vocabulary[f"draw_{deck}.card"] = _cards(s, deck)
        vocabulary["source"] = [
            *(Source("hand", card) for card in influence),
            *(Source("inventory", card) for card in sorted({*items, *influence})),
            *(Source("die", die) for die in dice),
        ]
        vocabulary["spend.action"] = [
            *(move(n) for n in range(1, MAX_AMOUNT + 1)),
            *(attack(e, w) for e in enemies for w in range(1, MAX_AMOUNT + 1)),
            *(influence_intent(c, t) for c in influence for t in (None, *enemies)),
            *(explore(d) for d in DIRECTIONS),
            *(unique(u) for u in sorted(content.uniques)),
            *(face_boss(w) for w in range(1, MAX_AMOUNT + 1)),
        ]
        vocabulary["alternative"] = range(0, MAX_ALTERNATIVES)
        vocabulary["rotation"] = ROTATIONS
        vocabulary["influence_card"] = influence
        vocabulary["item_card"] = items
        vocabulary["enemy_card"] = sorted(content.enemies)
        vocabulary["colour"] = sorted({die.colour for hero in s.heroes for die in hero.dice})
        return vocabulary

    def players(self, state: State) -> list[str]:
        return [hero.id for hero in _ether(state).heroes]

    def view(self, state: State, viewer: int) -> dict[str, Any]:
        fields = dict(_ether(state)._fields_to_dict())
        decks = fields.get("decks", {})
        fields["decks"] = {
            name: {"draw": counts(deck["draw"]), "discard": counts(deck["discard"])}
            for name, deck in decks.items()
        }
        return fields

    def layout(self, state: State, vocabulary: Mapping[str, Sequence[object]]) -> Layout:
        heroes = len(vocabulary["hero"])
        layout = Layout()
        add_header(layout, heroes)
        layout.add("phase", len(PHASES))
        layout.add("ether", 1)
        layout.add("active_hero", heroes)
        layout.add("hero_health", heroes * 3)
        layout.add("hero_space", heroes * 2)
        layout.add("hero_hand", heroes * len(vocabulary["influence_card"]))
        layout.add("hero_inventory", heroes * len(vocabulary["item_card"]))
        layout.add("hero_dice_ready", heroes * len(vocabulary["colour"]))
        layout.add("enemies", len(vocabulary["enemy_card"]) * 2)
        layout.add("map_cards", 1)
        layout.add("decks_left", len(DECKS))
        layout.add("draft", 1)
        return layout

    def features(
        self, state: State, viewer: int, vocabulary: Mapping[str, Sequence[object]], out: Features
    ) -> None:
        s = _ether(state)
        write_header(s, viewer, len(s.heroes), out)
        out.one_hot("phase", PHASES, s.phase)
        out.put("ether", 0, s.ether)
        out.put("active_hero", s.active, 1.0)
        influence, items = list(vocabulary["influence_card"]), list(vocabulary["item_card"])
        colours = list(vocabulary["colour"])
        for n, hero in enumerate(s.heroes):
            out.put("hero_health", n * 3, hero.health)
            out.put("hero_health", n * 3 + 1, hero.max_health)
            out.put("hero_health", n * 3 + 2, float(hero.defeated))
            if hero.space is not None:
                out.put("hero_space", n * 2, hero.space.x)
                out.put("hero_space", n * 2 + 1, hero.space.y)
            for card in hero.hand:
                if card in influence:
                    out.add("hero_hand", n * len(influence) + influence.index(card))
            for card in hero.inventory:
                if card in items:
                    out.add("hero_inventory", n * len(items) + items.index(card))
            for die in hero.dice:
                if die.ready and die.colour in colours:
                    out.add("hero_dice_ready", n * len(colours) + colours.index(die.colour))
        enemy_cards = list(vocabulary["enemy_card"])
        for enemy in s.enemies.values():
            if enemy.card in enemy_cards:
                out.add("enemies", enemy_cards.index(enemy.card) * 2)
                out.add("enemies", enemy_cards.index(enemy.card) * 2 + 1, enemy.damage_taken)
        out.put("map_cards", 0, len(s.placed))
        for n, deck in enumerate(DECKS):
            out.put("decks_left", n, len(getattr(s, f"{deck}_deck").draw_pile))
        out.put("draft", 0, len(s.draft))

    def hero_health(self, state: State) -> dict[str, int]:
        return {hero.id: max(hero.health, 0) for hero in _ether(state).heroes}

    def enemy_health(self, state: State) -> int:
        return -sum(enemy.damage_taken for enemy in _ether(state).enemies.values())


ADAPTER = EtherAdapter()
