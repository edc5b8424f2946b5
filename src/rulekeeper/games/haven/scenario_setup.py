"""Setting a scenario up: characters on their start hexes, monster standees, decks.

Standees stand in the starting area from the start; a room's standees are
placed when a door reveals the room. A standee is normal or elite by the
number of characters (``normal`` / ``elite`` player counts in the file); it is
absent when that count is in neither list. Numbers count up per monster type.
Monsters revealed during a round whose group has no ability card yet act from
the next round (docs/games/haven.md, readings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import bless_curse
from rulekeeper.games.haven.modifiers import ModifierDeck, ModifierDecks
from rulekeeper.games.haven.perks import card_name, deck_with_perks
from rulekeeper.games.haven.scenario_format import AbilitySpec, CharacterSpec, ScenarioSpec
from rulekeeper.games.haven.state import Figure, Group, Hero

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState

UNSUPPORTED = {
    "loot": (
        "Loot X (GH p.27; FH p.32) picks up money or loot tokens, which haven-scenario/1"
        " maps do not have; the loot ability is not supported by the engine yet"
    ),
}


def check_supported(spec: ScenarioSpec) -> None:
    """Raise NotImplementedError naming the rule for vocabulary the engine does not run."""
    abilities: list[tuple[str, AbilitySpec]] = []
    for cls in spec.party:
        for card in spec.classes[cls].cards:
            for half in (card.top, card.bottom):
                abilities.extend((f"classes.{cls}.{card.id}", a) for a in half.actions)
    used = {s.type for s in spec.monsters}
    pending = sorted(used)
    while pending:  # monster types summoned by the ones on the map play too (HV-SUM-1)
        mtype = pending.pop()
        deck = spec.monster_decks[spec.monster_types[mtype].deck]
        for mcard in deck.cards:
            abilities.extend((f"monster_decks.{mtype}.{mcard.id}", a) for a in mcard.actions)
            for a in mcard.actions:
                if a.type == "summon" and a.summon and a.summon not in used:
                    used.add(a.summon)
                    pending.append(a.summon)
    for where, ability in abilities:
        if ability.type in UNSUPPORTED:
            raise NotImplementedError(f"{where}: {UNSUPPORTED[ability.type]}")


def set_up(state: HavenState) -> None:
    spec = state.spec
    check_supported(spec)
    for player, cls in enumerate(spec.party):
        cls_spec = spec.classes[cls]
        hp = cls_spec.hp[spec.character_level - 1]
        hand = [c.id for c in cls_spec.cards[: cls_spec.hand_size]]
        state.heroes[cls] = Hero(cls, player, hand)
        state.figures[cls] = Figure(cls, "character", cls, spec.start_hexes[player], hp, hp)
    state.decks = ModifierDecks.standard(list(spec.party), state.rules, state.catalog)
    for cls in spec.party:
        character = spec.characters.get(cls)
        if character is not None:
            build_character_deck(state, cls, character)
    for standee in spec.monsters:
        mtype = spec.monster_types[standee.type]
        if standee.type not in state.groups:
            cards = [c.id for c in spec.monster_decks[mtype.deck].cards]
            state.groups[standee.type] = Group(standee.type, Deck.of(cards))
    place_standees(state, None)


def build_character_deck(state: HavenState, cls: str, character: CharacterSpec) -> None:
    """HV-DECK-2: the character's deck from its perks; HV-DECK-3: its scenario cards."""
    cards = deck_with_perks(character.perks, state.catalog, state.rules)
    state.decks.decks[cls] = ModifierDeck(cls, Deck.of(cards.elements()))
    if character.perks:
        state.emit(
            "deck",
            f"{cls}'s modifier deck: {len(character.perks)} perk(s) applied,"
            f" {sum(cards.values())} cards",
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
            "deck", f"{copies} {card_id} shuffled into {cls}'s deck for this scenario", "HV-DECK-3"
        )


def _room_of(state: HavenState, h: tuple[int, int]) -> str | None:
    for room in state.spec.rooms:
        if h in room.hexes:
            return room.id
    return None


def place_standees(state: HavenState, room: str | None) -> None:
    """Place the standees of ``room`` (None: the starting area) for this many characters."""
    count = len(state.spec.party)
    for standee in state.spec.monsters:
        if _room_of(state, standee.hex) != room:
            continue
        if count in standee.elite:
            elite = True
        elif count in standee.normal:
            elite = False
        else:
            continue
        if state.figure_at(standee.hex) is not None:
            continue
        number = 1 + max(
            (
                f.standee
                for f in state.figures.values()
                if f.kind == "monster" and f.type == standee.type
            ),
            default=0,
        )
        mtype = state.spec.monster_types[standee.type]
        stats = (mtype.elite if elite else mtype.normal)[state.spec.level]
        figure_id = f"{standee.type} {number}"
        state.figures[figure_id] = Figure(
            figure_id, "monster", standee.type, standee.hex, stats.hp, stats.hp, elite, number
        )
        if room is not None:
            state.arrivals.append(figure_id)
            state.emit(
                "spawn",
                f"{'elite' if elite else 'normal'} {mtype.name} {number} appears at {list(standee.hex)}",
                figure=figure_id,
            )


def reveal_room(state: HavenState, room: str) -> None:
    """Reveal ``room`` and place its standees; they act this round (GH p.19, round_flow)."""
    state.revealed.append(room)
    state.emit("reveal", f"room {room} is revealed", room=room)
    place_standees(state, room)
    # GH p.19: once the room is set up, a monster type present without an ability card
    # this round draws one now (a chance node, round_flow); it acts this round.
    for figure_id in state.arrivals:
        if figure_id not in state.figures:
            continue
        mtype = state.figures[figure_id].type
        if state.groups[mtype].card is None and mtype not in state.reveal_draws:
            state.reveal_draws.append(mtype)
