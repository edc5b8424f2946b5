"""Haven for agents: the encoding's vocabulary, each character's view, features.

Players are the characters, in party order. Hidden from a player: the order of
every ability and modifier deck (only the remaining cards are counted), and the
other characters' selected cards and long-rest choice while cards are being
selected (HV-CARD-1/2): their hands are shown with the selected cards still in
them until the selection is revealed.
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
from rulekeeper.ai.encoding import DERIVED
from rulekeeper.core.game import State
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.modifiers import ELEMENTS, standard_catalog
from rulekeeper.games.haven.state import HavenState

PHASES = ("select", "draw", "tie", "turns", "rest")
ELEMENT_NAMES = tuple(sorted(e for e in ELEMENTS if e != "any"))
ELEMENT_STATES = ("strong", "waning")
MAX_STANDEES = 10
"""Standee numbers the vocabulary names per monster type (and summons per summoner)."""
MAX_MONSTER_OPTIONS = 16
HIDDEN_WHILE_SELECTING = ("select-card", "long-rest")
PILES = ("hand", "discard", "lost", "active")
FIGURE_KINDS = ("character", "summon", "monster", "elite", "ally", "objective")
"""Where each kind of figure stands; allies and objectives: HV-GOAL-3, HV-GOAL-2."""


def _negative_hexes(spec: Any) -> list[tuple[int, int]]:
    """The scenario's traps and hazardous hexes, in hex order (HV-MOVE-2)."""
    terrain = spec.map.terrain
    return sorted({tuple(h) for h in (*terrain.trap, *terrain.hazardous)})


def _haven(state: State) -> HavenState:
    return cast(HavenState, state)


class HavenAdapter(FamilyAdapter):
    game_name = "haven"
    hidden_information = (
        "ability and modifier deck order; other characters' selected cards "
        "and long rests until revealed"
    )

    def vocabulary(self, state: State) -> dict[str, Sequence[object]]:
        s = _haven(state)
        spec = s.spec
        party = list(s.heroes)
        hero_cards = [c.id for cls in party for c in spec.classes[cls].cards]
        hexes = sorted({tuple(h) for h in spec.map.hexes})
        monster_types = sorted(spec.monster_types)
        decks = {spec.monster_types[t].deck for t in monster_types}
        if spec.allies.deck is not None:
            decks.add(spec.allies.deck)  # HV-GOAL-3: the allies' ability deck
        ability_cards = sorted({c.id for d in decks for c in spec.monster_decks[d].cards})
        modifier_cards = sorted(
            set(standard_catalog().cards) | {c for deck in s.decks for c in deck.cards.draw_pile}
        )
        summons = [
            f"{cls}-{key}-{n}"
            for cls in party
            for key in sorted(spec.classes[cls].summons)
            for n in range(1, MAX_STANDEES + 1)
        ]
        monsters = [f"{t} {n}" for t in monster_types for n in range(1, MAX_STANDEES + 1)]
        # HV-GOAL-2, HV-GOAL-3: objective figures and scenario allies, by their ids
        scenario_figures = [o.id for o in spec.objectives] + [a.id for a in spec.allies.figures]
        loot = getattr(s, "loot_deck", None)
        loot_cards = sorted({*loot.draw_pile, *loot.discard_pile}) if loot is not None else []
        return {
            "character": party,
            "hero": party,
            "item": sorted(getattr(spec, "items", {})),
            "draw-loot.card": loot_cards,
            "card": hero_cards,
            "hex": hexes,
            # HV-MOVE-2: the default path, or one passing a single trap or hazardous hex;
            # a via of several hexes takes an ordinal slot
            "move-to.via": [(), *((h,) for h in _negative_hexes(spec))],
            "figure": [*party, *summons, *monsters, *scenario_figures],
            # HV-GOAL-3: the allies draw (with a deck) and tie with groups (HV-INIT-6)
            "group": [*monster_types, *(["allies"] if spec.allies.figures else [])],
            "draw-ability.card": ability_cards,
            "deck": [*party, "monsters", *(["allies"] if spec.allies.figures else [])],
            "draw-modifier.card": modifier_cards,
            "keep-modifier.card": modifier_cards,
            "keep-modifier.index": range(0, 4),
            "monster-option.index": range(0, MAX_MONSTER_OPTIONS),
            "monster-option.summary": DERIVED,
            "number-ally.ally": [a.id for a in spec.allies.figures],
            # HV-SCEN-1: the standee number drawn for a placed monster
            "number-standee.monster": monster_types,
            "number-standee.number": range(
                1, 1 + max((spec.monster_types[t].standees for t in monster_types), default=1)
            ),
        }

    def players(self, state: State) -> list[str]:
        s = _haven(state)
        return [h.id for h in sorted(s.heroes.values(), key=lambda h: h.player)]

    # -- what a character sees ---------------------------------------------------
    def _selection_hidden(self, s: HavenState, hero_player: int, viewer: int) -> bool:
        return s.phase == "select" and hero_player != viewer

    def view(self, state: State, viewer: int) -> dict[str, Any]:
        s = _haven(state)
        heroes: dict[str, Any] = {}
        for hero in s.heroes.values():
            hidden = self._selection_hidden(s, hero.player, viewer)
            selected = [c for c in (hero.leading, hero.second) if c]
            hand, active = self._hand_and_active(hero.hand, hero.active, selected, hidden)
            heroes[hero.id] = {
                "hand": hand,
                "selected": "?" if hidden else selected,
                "long_rest": "?" if hidden else hero.long_rest,
                "initiative": "?" if hidden else hero.initiative,
                "discard": sorted(hero.discard),
                "lost": sorted(hero.lost),
                "active": active,
                "exhausted": hero.exhausted,
            }
        return {
            "round": s.round,
            "phase": s.phase,
            "elements": dict(sorted(s.elements.items())),
            "figures": {
                f.id: {
                    "hex": list(f.hex),
                    "hp": f.hp,
                    "max_hp": f.max_hp,
                    "elite": f.elite,
                    "conditions": sorted(f.conditions),
                    "shield": f.shield,
                }
                for f in s.figures.values()
            },
            "heroes": heroes,
            "groups": {
                g.type: {"card": g.card, "remaining": counts(g.deck.draw_pile)}
                for g in s.groups.values()
            },
            "modifier_decks": {d.owner: counts(d.cards.draw_pile) for d in s.decks},
            "decision": s.pending_decision() if not s.is_terminal() else "",
            "result": s.result,
        }

    @staticmethod
    def _hand_and_active(
        hand: list[str], active: list[str], selected: list[str], hidden: bool
    ) -> tuple[list[str], list[str]]:
        """Hand and cards in play as another player sees them: face-down picks stay in hand."""
        if not hidden:
            return sorted(hand), list(active)
        face_down = [c for c in selected if c not in hand]
        return sorted([*hand, *face_down]), [c for c in active if c not in selected]

    def hidden_history(self, state: State, viewer: int) -> set[int]:
        s = _haven(state)
        if s.phase != "select":
            return set()
        hidden: set[int] = set()
        for position in range(len(s.history) - 1, -1, -1):
            player, action = s.history[position]
            if action.TYPE not in HIDDEN_WHILE_SELECTING:
                break
            if player != viewer:
                hidden.add(position)
        return hidden

    # -- features ----------------------------------------------------------------
    def layout(self, state: State, vocabulary: Mapping[str, Sequence[object]]) -> Layout:
        hexes, figures = len(vocabulary["hex"]), len(vocabulary["figure"])
        cards, party = len(vocabulary["card"]), len(vocabulary["character"])
        layout = Layout()
        add_header(layout, party)
        layout.add("phase", len(PHASES))
        for kind in FIGURE_KINDS:
            layout.add(f"hex_{kind}", hexes)
        layout.add("figure_hp", figures)
        layout.add("figure_max_hp", figures)
        layout.add("figure_conditions", figures * len(CONDITIONS))
        layout.add("elements", len(ELEMENT_NAMES) * len(ELEMENT_STATES))
        for pile in PILES:
            layout.add(f"own_{pile}", cards)
        layout.add("own_selected", cards)
        layout.add("hero_piles", party * len(PILES))
        layout.add("hero_status", party * 3)
        layout.add("ability_card", len(vocabulary["draw-ability.card"]))
        layout.add(
            "modifier_remaining", len(vocabulary["deck"]) * len(vocabulary["draw-modifier.card"])
        )
        return layout

    def features(
        self, state: State, viewer: int, vocabulary: Mapping[str, Sequence[object]], out: Features
    ) -> None:
        s = _haven(state)
        party = list(vocabulary["character"])
        write_header(s, viewer, len(party), out)
        out.one_hot("phase", PHASES, s.phase)
        hex_index = {h: i for i, h in enumerate(vocabulary["hex"])}
        figure_index = {f: i for i, f in enumerate(vocabulary["figure"])}
        conditions = list(CONDITIONS)
        for figure in s.figures.values():
            kind = "elite" if figure.elite else figure.kind
            at = hex_index.get(tuple(figure.hex))
            if at is not None:
                out.put(f"hex_{kind}", at, 1.0)
            slot = figure_index.get(figure.id)
            if slot is None:
                continue
            out.put("figure_hp", slot, figure.hp)
            out.put("figure_max_hp", slot, figure.max_hp)
            for condition in figure.conditions:
                if condition in CONDITIONS:
                    out.put(
                        "figure_conditions",
                        slot * len(conditions) + conditions.index(condition),
                        1.0,
                    )
        for element, level in s.elements.items():
            if element in ELEMENT_NAMES and level in ELEMENT_STATES:
                position = ELEMENT_NAMES.index(element) * len(ELEMENT_STATES)
                out.put("elements", position + ELEMENT_STATES.index(level), 1.0)
        card_index = {c: i for i, c in enumerate(vocabulary["card"])}
        for hero in s.heroes.values():
            hidden = self._selection_hidden(s, hero.player, viewer)
            selected = [c for c in (hero.leading, hero.second) if c]
            hand, active = self._hand_and_active(hero.hand, hero.active, selected, hidden)
            sizes = [len(hand), len(hero.discard), len(hero.lost), len(active)]
            row = party.index(hero.id) if hero.id in party else -1
            for n, size in enumerate(sizes):
                out.put("hero_piles", row * len(PILES) + n, size)
            out.put("hero_status", row * 3, float(hero.exhausted))
            if not hidden:
                out.put("hero_status", row * 3 + 1, float(hero.long_rest))
                out.put("hero_status", row * 3 + 2, hero.initiative)
            if hero.player != viewer:
                continue
            for pile in PILES:
                for card in getattr(hero, pile):
                    out.put(f"own_{pile}", card_index.get(card, -1), 1.0)
            for card in selected:
                out.put("own_selected", card_index.get(card, -1), 1.0)
        ability_index = {c: i for i, c in enumerate(vocabulary["draw-ability.card"])}
        for group in s.groups.values():
            if group.card is not None:
                out.put("ability_card", ability_index.get(group.card, -1), 1.0)
        deck_names = list(vocabulary["deck"])
        modifier_index = {c: i for i, c in enumerate(vocabulary["draw-modifier.card"])}
        for deck in s.decks:
            if deck.owner not in deck_names:
                continue
            base = deck_names.index(deck.owner) * len(modifier_index)
            for card in deck.cards.draw_pile:
                if card in modifier_index:
                    out.add("modifier_remaining", base + modifier_index[card])

    def hero_health(self, state: State) -> dict[str, int]:
        s = _haven(state)
        return {hero: (s.figures[hero].hp if hero in s.figures else 0) for hero in self.players(s)}

    def enemy_health(self, state: State) -> int:
        return sum(f.hp for f in _haven(state).figures.values() if f.kind == "monster")


ADAPTER = HavenAdapter()
