"""Deck files: a player's description of an attack modifier deck as it is right now.

A deck file (TOML, or JSON with the same fields) lets the odds tool answer for
the deck a player actually holds. Either start from the standard deck
(HV-MOD-1) and say what has happened to it::

    format = 1
    drawn = { "x2" = 1, "+1" = 2 }       # drawn since the last shuffle: in the discard pile
    removed = { "-1" = 2 }               # taken out for good (perks)
    added = { "bless" = 1, "rolling+1" = 2 }  # shuffled into the draw pile

A deck with perks (HV-DECK-2) lists them as a scenario file's ``[characters.ID]``
does; they change the standard deck before ``drawn`` and ``removed``::

    format = 1
    perks = [{ remove = { "-1" = 2 } }, { add = { "rolling+1" = 2 } }]

or give the piles outright::

    format = 1
    draw = { "+0" = 3, "+1" = 2, "null" = 1 }
    discard = { "-1" = 4 }

Perk cards of your own are described under ``[cards.ID]`` with the fields of
``content/haven/modifier-decks.toml``. ``null`` and ``miss`` both name the
ruleset's null card. Every error is a ContentError naming the file and field.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.deck import Deck
from rulekeeper.core.documents import read_document, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_DECK_CARDS
from rulekeeper.core.problems import Problems
from rulekeeper.games.haven.modifiers import (
    ModifierCatalog,
    ModifierDeck,
    parse_card,
    standard_catalog,
)
from rulekeeper.games.haven.perk_format import PerkSpec
from rulekeeper.games.haven.perks import card_name, deck_with_perks, scenario_catalog
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.i18n import _

Counts = dict[str, int]


class DeckFileModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal[1]
    """The file format (1)."""
    draw: dict[str, int] | None = None
    """The draw pile outright, card id -> count (with discard); instead of the standard deck."""
    discard: dict[str, int] = Field(default_factory=dict)
    """The discard pile outright (only with draw)."""
    drawn: dict[str, int] = Field(default_factory=dict)
    """From the standard deck: cards drawn since the last shuffle, now in the discard pile."""
    removed: dict[str, int] = Field(default_factory=dict)
    """From the standard deck: cards taken out for good."""
    added: dict[str, int] = Field(default_factory=dict)
    """Cards shuffled into the draw pile (bless, curse, perk cards)."""
    perks: list[PerkSpec] = Field(default_factory=list)
    """Perks applied to the standard deck before drawn and removed (HV-DECK-2)."""
    cards: dict[str, dict[str, object]] = Field(default_factory=dict)
    """Perk cards of your own, by id, with the fields of the modifier card catalog."""


def read_deck_file(
    path: Path, ruleset: Ruleset, owner: str, catalog: ModifierCatalog | None = None
) -> tuple[ModifierDeck, ModifierCatalog]:
    """Load a deck file; returns the deck and the catalog extended with its cards."""
    return parse_deck(read_document(path), ruleset, owner, catalog, str(path))


def parse_deck(
    data: object,
    ruleset: Ruleset,
    owner: str,
    catalog: ModifierCatalog | None = None,
    source: str | None = None,
    problems: Problems | None = None,
) -> tuple[ModifierDeck, ModifierCatalog]:
    """Build the deck a deck file's data describes (see the module docstring).

    Each problem goes to ``problems`` (default: the first raises its ContentError);
    ``rulekeeper content check`` passes a collecting one and ignores the deck.
    """
    report = problems if problems is not None else Problems(source)
    model = validate(DeckFileModel, data, source)
    own_cards = []
    for card_id, spec in model.cards.items():
        try:
            own_cards.append(parse_card(card_id, spec, source))
        except ContentError as error:
            report.add_error(error)
    catalog = (catalog or standard_catalog()).with_cards(own_cards)

    def counts(name: str, raw: dict[str, int]) -> Counter[str]:
        out: Counter[str] = Counter()
        for card_id, n in raw.items():
            if n < 0:
                report.add(_("a card count cannot be negative"), f"{name}.{card_id}")
                continue
            real = ruleset.null_card_name if card_id in ("null", "miss") else card_id
            if real not in catalog:
                known = ", ".join(sorted(catalog.cards))
                report.add(
                    _(
                        "unknown card {card} (known: {known}; describe a card of your own under"
                        ' [cards."{id}"])',
                        card=repr(card_id),
                        known=known,
                        id=card_id,
                    ),
                    f"{name}.{card_id}",
                )
                continue
            out[real] += n
            if out.total() > MAX_DECK_CARDS:
                report.add(
                    _("more than {most} cards (the limit of one deck)", most=MAX_DECK_CARDS),
                    f"{name}.{card_id}",
                )
                break
        return out

    if model.draw is not None:
        for name in ("drawn", "removed", "perks"):
            if getattr(model, name):
                report.add(_("give either 'draw' (the piles outright) or 'drawn'/'removed'"), name)
        draw = counts("draw", model.draw)
        discard = counts("discard", model.discard)
    else:
        if model.discard:
            # From the standard deck, a discard pile of its own would add cards
            # the deck does not hold; cards drawn since the shuffle go under 'drawn'.
            report.add(
                _(
                    "give 'discard' only with 'draw'; from the standard deck, list the cards drawn since the last shuffle under 'drawn'"
                ),
                "discard",
            )
        try:
            draw = deck_with_perks(model.perks, catalog, ruleset, source=source)
            perks_apply = True
        except ContentError as error:
            report.add_error(error)
            draw, perks_apply = Counter(), False
        for name, raw in (("removed", model.removed), ("drawn", model.drawn)):
            for card_id, n in counts(name, raw).items():
                if perks_apply and draw[card_id] < n:
                    report.add(
                        _(
                            "the deck has only {count} {card} left",
                            count=draw[card_id],
                            card=repr(card_id),
                        ),
                        f"{name}.{card_id}",
                    )
                    continue
                draw[card_id] = max(0, draw[card_id] - n)
        discard = counts("drawn", model.drawn)
    draw += counts("added", model.added)
    if draw.total() + discard.total() > MAX_DECK_CARDS:
        report.add(
            _("more than {most} cards (the limit of one deck)", most=MAX_DECK_CARDS), "added"
        )
    if not (+draw) and not (+discard):
        report.add(_("the deck has no cards"), "draw")
    deck = ModifierDeck(owner, Deck.of(draw.elements()))
    deck.cards.discard_pile = sorted(discard.elements())
    return deck, catalog


def scenario_deck(
    scenario: str, character: str, ruleset: Ruleset
) -> tuple[ModifierDeck, ModifierCatalog]:
    """HV-DECK-2, HV-DECK-3: a character's deck at the start of a scenario (shipped name or
    file): its perks, then its scenario cards, exactly as the game builds it."""
    # the scenario format is imported here: a deck file needs none of it (start-up)
    from rulekeeper.games.haven.scenario_format import load_scenario

    spec = load_scenario(scenario)
    if character not in spec.party:
        raise ContentError(
            _(
                "{character} is not in the party ({party})",
                character=repr(character),
                party=", ".join(spec.party),
            ),
            source=scenario,
            field="character",
        )
    catalog = scenario_catalog(spec.modifier_cards, scenario)
    setup = spec.characters.get(character)
    perks = setup.perks if setup is not None else ()
    cards = deck_with_perks(perks, catalog, ruleset, source=scenario)
    if setup is not None:
        for card_id, copies in setup.scenario_cards.items():
            cards[card_name(card_id, ruleset)] += copies
    return ModifierDeck(character, Deck.of(cards.elements())), catalog
