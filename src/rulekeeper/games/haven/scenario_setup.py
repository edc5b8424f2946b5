"""Setting a scenario up: characters on their start hexes, monster standees, decks.

Standees stand in the starting area from the start; a room's standees are
placed when a door reveals the room (HV-ROOM-1). A standee is normal or elite
by the number of characters (``normal`` / ``elite`` player counts in the
file); it is absent when that count is in neither list (HV-SCEN-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import (
    allies,
    bless_curse,
    class_resources,
    items,
    loot,
    objective_figures,
    objectives,
    special_rules,
)
from rulekeeper.games.haven.modifiers import ModifierDeck, ModifierDecks
from rulekeeper.games.haven.perks import card_name, deck_with_perks
from rulekeeper.games.haven.rooms import place_standees
from rulekeeper.games.haven.scaling import character_level
from rulekeeper.games.haven.scenario_format import CharacterSpec
from rulekeeper.games.haven.state import Figure, Hero
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def set_up(state: HavenState) -> None:
    """Characters, items, decks, the starting area's standees and tokens; the goal and the
    special rules are announced (HV-SCEN-1, HV-ITEM-1/2, HV-LOOT-3/5, HV-GOAL-1, HV-SCEN-7)."""
    spec = state.spec
    if spec.links and not state.rules.linked_hexes:
        raise RuleViolation(
            "HV-ROOM-5",
            lazy(
                "linked hexes are a Frosthaven rule: a Gloomhaven game cannot play a scenario"
                " that links hexes"
            ),
        )
    for player, cls in enumerate(spec.party):
        cls_spec = spec.classes[cls]
        hp = cls_spec.hp[character_level(spec, cls) - 1]
        hand = [c.id for c in cls_spec.cards[: cls_spec.hand_size]]
        state.heroes[cls] = Hero(cls, player, hand)
        class_resources.set_up(state, state.heroes[cls])  # HV-DECK-5
        state.figures[cls] = Figure(cls, "character", cls, spec.start_hexes[player], hp, hp)
    state.decks = ModifierDecks.standard(list(spec.party), state.rules, state.catalog)
    for cls in spec.party:
        character = spec.characters.get(cls)
        if character is not None:
            build_character_deck(state, cls, character)
    items.set_up(state)
    allies.set_up(state)  # HV-GOAL-3, HV-DECK-1
    state.loot_deck = loot.build_loot_deck(state)
    levels = state.scaling
    state.emit(
        "scaling",
        lazy(
            "scenario level {level}: monster level {monster_level}, trap damage {trap},"
            " gold per coin {gold}, bonus experience {experience}",
            level=levels.scenario_level,
            monster_level=levels.monster_level,
            trap=levels.trap_damage,
            gold=levels.gold_conversion,
            experience=levels.bonus_experience,
        ),
        "HV-SCEN-2",
        "HV-SCEN-3",
    )
    objectives.announce(state)
    special_rules.announce(state)
    announce_monster_notes(state)
    place_standees(state, None)
    objective_figures.place(state, None)  # HV-GOAL-2
    allies.place(state, None)  # HV-GOAL-3
    loot.place_tokens(state, None)
    special_rules.start_of_round(state)


def announce_monster_notes(state: HavenState) -> None:
    """HV-MON-2: stat-card traits the engine does not run (imported ``notes``) hold for the
    whole scenario; they are shown once at setup for the players to apply by hand."""
    spec = state.spec
    used = [s.type for s in spec.monsters] + [s.type for r in spec.rules for s in r.spawn]
    for name in dict.fromkeys(used):
        mtype = spec.monster_types.get(name)
        if mtype is None:
            continue
        for note in mtype.notes:
            state.emit(
                "by-hand",
                lazy("{monster} — apply by hand: {note}", monster=mtype.name, note=note),
                "HV-MON-2",
            )


def build_character_deck(state: HavenState, cls: str, character: CharacterSpec) -> None:
    """HV-DECK-2: the character's deck from its perks; HV-DECK-3: its scenario cards."""
    cards = deck_with_perks(character.perks, state.catalog, state.rules)
    state.decks.decks[cls] = ModifierDeck(cls, Deck.of(cards.elements()))
    if character.perks:
        state.emit(
            "deck",
            lazy_plural(
                "{hero}'s modifier deck: {n} perk applied, {cards} cards",
                "{hero}'s modifier deck: {n} perks applied, {cards} cards",
                len(character.perks),
                hero=cls,
                cards=sum(cards.values()),
            ),
            "HV-DECK-2",
            deck=cls,
        )
    figure = state.figures[cls]
    for card_id, copies in sorted(character.scenario_cards.items()):
        if card_id in bless_curse.DECK_CARDS:
            for _ in range(copies):
                bless_curse.add_card(state, figure, card_id)
            continue
        state.decks[cls].shuffle_in(card_name(card_id, state.rules), copies)
        state.emit(
            "deck",
            lazy(
                "{copies} {card} shuffled into {hero}'s deck for this scenario",
                copies=copies,
                card=card_id,
                hero=cls,
            ),
            "HV-DECK-3",
        )
