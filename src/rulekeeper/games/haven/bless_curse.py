"""Bless and curse in play: which deck a card goes into, and the supply that caps them.

- HV-COND-BLESS-1 / HV-COND-CURSE-1: gaining bless or curse shuffles one such
  card into the figure's remaining draw pile. A character's goes into its own
  deck, a summon's into its summoner's, a monster's into the shared monster deck
  (HV-DECK-1). Drawn, the card acts as ×2 (bless) or null / miss (curse) and then
  leaves the deck for the supply instead of the discard pile (``leaves_deck`` on
  the card, modifiers.py), and it never causes the end-of-round reshuffle
  (HV-DECK-4: it has no shuffle icon).
- HV-COND-BLESS-2: ten bless cards serve every deck together; with none left
  in the supply, bless has no effect.
- HV-COND-CURSE-2: ten curse cards with the monster icon go only into the
  monster deck and ten with the player icon only into character decks, so a
  deck never holds more than ten; with no fitting card left, curse has no effect.
- HV-COND-3: a figure immune to curse stops the card being added (the check is
  made by the caller, exhaustion.add_conditions, before this module is asked).

The supply is not stored: it is the ruleset's count less the cards of that kind
in every deck (a drawn card is back in the supply once its attack is over,
ModifierDeck.put_away), so it can never drift from the decks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven.modifiers import ALLY_DECK, MONSTER_DECK
from rulekeeper.games.haven.rule_terms import deck_name, term
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState

DECK_CARDS = ("bless", "curse")


def deck_owner(state: HavenState, figure: Figure) -> str:
    """HV-DECK-1: the modifier deck a figure's bless or curse goes into."""
    if figure.kind == "monster":
        return MONSTER_DECK
    if figure.kind == "ally":
        return ALLY_DECK if state.rules.allies_have_own_deck else MONSTER_DECK
    return figure.owner or figure.id


def in_decks(state: HavenState, card: str, *, monster_deck: bool | None = None) -> int:
    """Copies of ``card`` in the decks (only the monster deck, or only the others)."""
    total = 0
    for deck in state.decks:
        if monster_deck is not None and (deck.owner == MONSTER_DECK) != monster_deck:
            continue
        total += deck.cards.all_cards()[card]
    return total


def supply(state: HavenState, card: str, owner: str) -> int:
    """Cards of ``card`` left in the supply for a deck of ``owner`` (HV-COND-BLESS-2, -CURSE-2)."""
    if card == "bless":
        return state.rules.bless_supply - in_decks(state, "bless")
    return state.rules.curse_supply - in_decks(state, "curse", monster_deck=owner == MONSTER_DECK)


def add_card(state: HavenState, figure: Figure, card: str) -> bool:
    """Shuffle a bless or curse card into the figure's deck; False if the supply is out."""
    owner = deck_owner(state, figure)
    rule = "HV-COND-BLESS-2" if card == "bless" else "HV-COND-CURSE-2"
    if supply(state, card, owner) <= 0:
        state.emit(
            "condition",
            lazy(
                "no {card} card is left in the supply: {figure} gains no {card}",
                card=term(card),
                figure=figure.id,
            ),
            rule,
            figure=figure.id,
        )
        return False
    state.decks[owner].shuffle_in(card)
    state.emit(
        "condition",
        lazy(
            "{figure} gains {card}: a {card} card is shuffled into {deck}",
            figure=figure.id,
            card=term(card),
            deck=deck_name(owner),
        ),
        "HV-COND-BLESS-1" if card == "bless" else "HV-COND-CURSE-1",
        "HV-DECK-1",
        figure=figure.id,
        deck=owner,
    )
    return True
