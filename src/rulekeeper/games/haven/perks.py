"""A character's attack modifier deck for a scenario: the standard deck changed by its perks.

- HV-DECK-2: a character's deck is the standard 20 cards (HV-MOD-1) as changed by its
  perks; each perk removes and/or adds cards (its class's cards, rolling ones
  included). A scenario file names each character's perks under
  ``[characters.ID]`` (scenario_format.CharacterSpec) and may describe cards of
  its own under ``[modifier_cards.ID]`` with the fields of
  ``content/haven/modifier-decks.toml``. ``rulekeeper haven odds --scenario FILE
  --character ID`` (attack_deck_file.scenario_deck) and a deck file's ``perks``
  list read the same description.
- HV-DECK-3: cards added for one scenario only (bought blessings, negative
  scenario effects) are the character's ``scenario_cards``; bless and curse among
  them come out of the shared supply (HV-COND-BLESS-2, HV-COND-CURSE-2).
- HV-DECK-1: all monsters share the standard deck; summons draw from their
  summoner's deck.

``null`` and ``miss`` both name the ruleset's null card. A perk that removes more
copies of a card than the deck holds is refused naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.modifiers import ModifierCatalog
from rulekeeper.i18n import _

if TYPE_CHECKING:
    from rulekeeper.games.haven.ruleset import Ruleset


class PerkLike(Protocol):
    """A perk's card changes (scenario_format.PerkSpec)."""

    @property
    def remove(self) -> Mapping[str, int]: ...

    @property
    def add(self) -> Mapping[str, int]: ...


NULL_NAMES = ("null", "miss")


def card_name(card_id: str, ruleset: Ruleset | None) -> str:
    """A card ID as the ruleset names it (``null`` / ``miss`` are one card)."""
    if card_id in NULL_NAMES:
        return ruleset.null_card_name if ruleset is not None else "null"
    return card_id


def deck_with_perks(
    perks: Iterable[PerkLike],
    catalog: ModifierCatalog,
    ruleset: Ruleset | None,
    *,
    source: str | None = None,
    field: str = "perks",
) -> Counter[str]:
    """HV-DECK-2: the standard deck with each perk's removals and additions, in order.

    Without a ruleset (checking a file at load) the null card is called ``null``.
    """
    deck: Counter[str] = Counter()
    for card_id, copies in catalog.standard.items():
        deck[card_name(card_id, ruleset)] += copies
    for n, perk in enumerate(perks):
        for card_id, copies in perk.remove.items():
            name = card_name(card_id, ruleset)
            where = f"{field}.{n}.remove.{card_id}"
            _known(name, catalog, source, where)
            if deck[name] < copies:
                raise ContentError(
                    _(
                        "the deck holds only {count} {card} to remove",
                        count=deck[name],
                        card=repr(card_id),
                    ),
                    source=source,
                    field=where,
                )
            deck[name] -= copies
        for card_id, copies in perk.add.items():
            name = card_name(card_id, ruleset)
            _known(name, catalog, source, f"{field}.{n}.add.{card_id}")
            deck[name] += copies
    return +deck


def _known(name: str, catalog: ModifierCatalog, source: str | None, where: str) -> None:
    if name in catalog or name in NULL_NAMES:
        return
    known = ", ".join(sorted(catalog.cards))
    raise ContentError(
        _(
            "unknown modifier card {name} (known: {known}; describe your own under [modifier_cards.{name}])",
            name=repr(name),
            known=known,
        ),
        source=source,
        field=where,
    )


def scenario_catalog(
    cards: Mapping[str, Mapping[str, object]], source: str | None = None
) -> ModifierCatalog:
    """The shipped catalog plus a scenario's ``modifier_cards`` (ContentError names the field)."""
    from rulekeeper.games.haven.modifiers import parse_card, standard_catalog

    base = standard_catalog()
    if not cards:
        return base
    parsed = []
    for card_id, data in cards.items():
        try:
            parsed.append(parse_card(card_id, data, source))
        except ContentError as error:
            raise ContentError(
                error.reason, source=source, field=f"modifier_{error.field}"
            ) from None
    return base.with_cards(parsed)
