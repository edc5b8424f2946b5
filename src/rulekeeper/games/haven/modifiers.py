"""Attack modifier cards and decks: what a card does, and how a deck is kept.

A card is data (:class:`ModifierCard`, loaded from
``content/haven/modifier-decks.toml``): a value, an optional ×2 or null, the
rolling icon, added effects, pierce, the shuffle icon, and whether it leaves
the deck once drawn (bless, curse). A deck is a core :class:`Deck` of card IDs
plus the flag "reshuffle at the end of this round" (:class:`ModifierDeck`).
Every character has its own deck and all monsters share one
(:class:`ModifierDecks`, HV-MOD-1).

Drawing is a chance node per card (``ModifierDeck.draw_outcomes()``, built on
``Deck.draw_outcomes()``); the procedure that decides how many cards an attack
draws and which of them apply lives in :mod:`rulekeeper.games.haven.attack_draw`.
"""

from __future__ import annotations

import pkgutil
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, Literal

from rulekeeper.core.deck import Deck
from rulekeeper.core.document_text import parse_document
from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.rule_terms import deck_name, term
from rulekeeper.games.haven.ruleset import Ruleset
from rulekeeper.i18n import _, lazy, text_of

MONSTER_DECK = "monsters"
"""The owner name of the one modifier deck all monsters share (HV-MOD-1)."""
ALLY_DECK = "allies"
"""[FH] the scenario allies' attack modifier deck (HV-DECK-1, HV-GOAL-3)."""

CONDITION_EFFECTS = frozenset(
    {
        "poison",
        "wound",
        "muddle",
        "immobilize",
        "disarm",
        "stun",
        "curse",
        "bless",
        "strengthen",
        "invisible",
        "regenerate",
        "ward",
        "brittle",
        "bane",
        "impair",
    }
)
AMOUNT_EFFECTS = frozenset({"push", "pull", "heal", "shield", "retaliate", "target"})
ELEMENTS = frozenset({"fire", "ice", "air", "earth", "light", "dark", "any"})
RESOURCE_PREFIX = "resource "
"""HV-DECK-5: an effect ``resource ID N`` adds N to the class resource ID."""
_RESOURCE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


@dataclass(frozen=True, slots=True, order=True)
class Effect:
    """An effect a modifier card adds to the attack: ``poison``, ``push 1``, ``infuse fire``.

    ``amount`` is 0 for effects without a number. Pierce is not an effect here:
    it changes damage, so it is a number on the card (HV-ATK-1).
    """

    name: str
    amount: int = 0

    def __str__(self) -> str:
        if self.name in AMOUNT_EFFECTS or self.name.startswith(RESOURCE_PREFIX):
            return f"{self.name} {self.amount}"
        return self.name

    @property
    def resource(self) -> str:
        """HV-DECK-5: the class resource this effect adds to ("" for other effects)."""
        return (
            self.name.removeprefix(RESOURCE_PREFIX) if self.name.startswith(RESOURCE_PREFIX) else ""
        )

    @classmethod
    def parse(cls, text: str) -> Effect:
        """Read ``"push 1"``, ``"poison"`` or ``"infuse fire"``; ValueError names what is wrong."""
        words = text.split()
        if len(words) == 1 and words[0] in CONDITION_EFFECTS:
            return cls(words[0])
        if len(words) == 2 and words[0] in AMOUNT_EFFECTS:
            try:
                amount = int(words[1])
            except ValueError:
                raise ValueError(
                    _("{text}: {effect} needs a whole number", text=repr(text), effect=words[0])
                ) from None
            if amount < 1:
                raise ValueError(_("{text}: the amount must be at least 1", text=repr(text)))
            return cls(words[0], amount)
        if len(words) == 2 and words[0] == "infuse" and words[1] in ELEMENTS:
            return cls(text)
        if len(words) == 3 and words[0] == "resource":
            return cls._resource(text, words[1], words[2])
        known = ", ".join(
            sorted(CONDITION_EFFECTS | AMOUNT_EFFECTS | {"infuse ELEMENT", "resource ID N"})
        )
        raise ValueError(_("unknown effect {text} (known: {known})", text=repr(text), known=known))

    @classmethod
    def _resource(cls, text: str, name: str, amount: str) -> Effect:
        """HV-DECK-5: ``resource ID N``: N more of the drawing character's class resource ID."""
        if not _RESOURCE_ID.match(name):
            raise ValueError(
                _("{text}: a resource ID is lower-case letters, digits, - and _", text=repr(text))
            )
        if not amount.isdigit() or not 1 <= int(amount) <= 99:
            raise ValueError(
                _("{text}: the amount must be a whole number from 1 to 99", text=repr(text))
            )
        return cls(RESOURCE_PREFIX + name, int(amount))


def effect_text(effect: Effect) -> str:
    """An added effect for a person, in the current language: ``poison``, ``push 1``."""
    if effect.resource:
        return _("{resource} +{amount}", resource=effect.resource, amount=effect.amount)
    if effect.name.startswith("infuse "):
        return _("infuse {element}", element=term(effect.name.removeprefix("infuse ")))
    if effect.name == "target":
        return _("+{amount} target", amount=effect.amount)
    if effect.name in AMOUNT_EFFECTS:
        return _("{effect} {amount}", effect=term(effect.name), amount=effect.amount)
    return text_of(term(effect.name))


def combine_effects(effects: Iterable[Effect]) -> tuple[Effect, ...]:
    """All effects of the cards applied together: amounts of one kind add up."""
    totals: dict[str, int] = {}
    for effect in effects:
        totals[effect.name] = totals.get(effect.name, 0) + effect.amount
    return tuple(sorted(Effect(name, amount) for name, amount in totals.items()))


@dataclass(frozen=True, slots=True)
class ModifierCard:
    """One attack modifier card type (HV-MOD-1..3)."""

    id: str
    value: int = 0
    multiplier: Literal["none", "double", "null"] = "none"
    rolling: bool = False
    pierce: int = 0
    effects: tuple[Effect, ...] = ()
    shuffle: bool = False
    """HV-ATK-4: drawing it reshuffles the deck at the end of the round."""
    leaves_deck: bool = False
    """HV-MOD-1: bless and curse are removed from the deck once drawn."""

    def describe(self) -> str:
        """The card for a person, in the current language: ``+1, pierce 1, poison``."""
        if self.multiplier == "null":
            face = _("null")
        else:
            face = {"double": "×2"}.get(self.multiplier, format(self.value, "+d"))
        parts = [_("rolling {face}", face=face) if self.rolling else face]
        if self.pierce:
            parts.append(_("pierce {value}", value=self.pierce))
        parts.extend(effect_text(e) for e in self.effects)
        return ", ".join(parts)


_CARD_FIELDS = frozenset(
    {"value", "multiplier", "rolling", "pierce", "effects", "shuffle", "leaves_deck"}
)
_MULTIPLIERS = ("none", "double", "null")


@cache
def _models() -> tuple[Any, Any]:
    """The pydantic models of a card and of the catalog file, built on first need.

    Only input outside the plain shape :func:`_plain_card` accepts reaches them
    (to coerce it as before or to name the bad field), so the odds command and
    the shipped catalog never import pydantic (issue 12, start-up).
    """
    from pydantic import BaseModel, ConfigDict, Field, field_validator

    class CardModel(BaseModel):
        model_config = ConfigDict(extra="forbid")

        value: int = 0
        """The card's modifier (+1, -2 ...)."""
        multiplier: Literal["none", "double", "null"] = "none"
        """none, double (x2) or null (the null or miss card)."""
        rolling: bool = False
        """A rolling modifier: drawn together with the next card (HV-MOD-2)."""
        pierce: int = Field(default=0, ge=0)
        """Pierce it adds."""
        effects: list[str] = Field(default_factory=list)
        """Added effects, as text: a condition, infuse ELEMENT (or any), heal N, shield N,
        retaliate N, target N ("+N target", HV-TGT-1), push N, pull N, resource ID N (a class
        resource, HV-DECK-5)."""
        shuffle: bool = False
        """The deck is reshuffled at the end of the round it was drawn in."""
        leaves_deck: bool = False
        """The card leaves the deck once drawn (bless, curse)."""

        @field_validator("effects")
        @classmethod
        def _known_effects(cls, effects: list[str]) -> list[str]:
            for text in effects:
                Effect.parse(text)
            return effects

    class DeckFileModel(BaseModel):
        model_config = ConfigDict(extra="forbid")

        format: Literal[1]
        """The file format (1)."""
        standard_deck: dict[str, int]
        """The standard deck (HV-MOD-1): card ids and their counts."""
        cards: dict[str, CardModel]
        """Every card type, by id."""

    return CardModel, DeckFileModel


def _plain_card(card_id: str, data: object) -> ModifierCard | None:
    """The card when ``data`` is already in its plain shape, else None.

    Plain means exactly the types the card model would produce, nothing to
    coerce and nothing to refuse, so the result equals the model's; anything
    else goes through the model, which coerces or names the bad field as before.
    """
    if type(data) is not dict or not data.keys() <= _CARD_FIELDS:
        return None
    value = data.get("value", 0)
    multiplier = data.get("multiplier", "none")
    pierce = data.get("pierce", 0)
    effects = data.get("effects", [])
    flags = [data.get(name, False) for name in ("rolling", "shuffle", "leaves_deck")]
    if type(value) is not int or type(pierce) is not int or pierce < 0:
        return None
    if type(multiplier) is not str or multiplier not in _MULTIPLIERS:
        return None
    if any(type(flag) is not bool for flag in flags):
        return None
    if type(effects) is not list or any(type(text) is not str for text in effects):
        return None
    try:
        parsed = tuple(Effect.parse(text) for text in effects)
    except ValueError:
        return None
    return ModifierCard(
        id=card_id,
        value=value,
        multiplier=multiplier,  # type: ignore[arg-type]  # checked against _MULTIPLIERS
        rolling=flags[0],
        pierce=pierce,
        effects=parsed,
        shuffle=flags[1],
        leaves_deck=flags[2],
    )


def card_from_model(card_id: str, model: Any) -> ModifierCard:
    return ModifierCard(
        id=card_id,
        value=model.value,
        multiplier=model.multiplier,
        rolling=model.rolling,
        pierce=model.pierce,
        effects=tuple(Effect.parse(text) for text in model.effects),
        shuffle=model.shuffle,
        leaves_deck=model.leaves_deck,
    )


def parse_card(card_id: str, data: object, source: str | None = None) -> ModifierCard:
    """Validate one card description (a deck file's ``[cards.ID]``); ContentError names the field."""
    plain = _plain_card(card_id, data)
    if plain is not None:
        return plain
    from pydantic import ValidationError

    from rulekeeper.core.documents import pydantic_error_line

    try:
        model = _models()[0].model_validate(data)
    except ValidationError as error:
        raise _prefixed(pydantic_error_line(error, source), f"cards.{card_id}") from None
    return card_from_model(card_id, model)


def _prefixed(error: ContentError, prefix: str) -> ContentError:
    field_name = f"{prefix}.{error.field}" if error.field else prefix
    return ContentError(error.reason, source=error.source, field=field_name)


@dataclass(frozen=True, slots=True, eq=False)
class ModifierCatalog:
    """Every known card type by ID, and the standard deck (HV-MOD-1).

    Compared and hashed by identity, so results computed from it can be cached.
    """

    cards: Mapping[str, ModifierCard]
    standard: Mapping[str, int]

    def __getitem__(self, card_id: str) -> ModifierCard:
        try:
            return self.cards[card_id]
        except KeyError:
            raise ContentError(
                _("unknown modifier card {card}", card=repr(card_id)), field="card"
            ) from None

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def with_cards(self, extra: Iterable[ModifierCard]) -> ModifierCatalog:
        """This catalog plus perk cards supplied by content or a deck file."""
        merged = dict(self.cards)
        merged.update((card.id, card) for card in extra)
        return ModifierCatalog(merged, self.standard)

    def standard_cards(self, ruleset: Ruleset) -> list[str]:
        """HV-MOD-1: the 20-card standard deck, with the ruleset's null card (null / miss)."""
        cards: list[str] = []
        for card_id, count in self.standard.items():
            name = ruleset.null_card_name if card_id == "null" else card_id
            cards.extend([name] * count)
        return cards


def load_catalog(text: str | None = None, source: str = "modifier-decks.toml") -> ModifierCatalog:
    """Read the card catalog (the shipped file unless ``text`` is given)."""
    if text is None:
        # pkgutil reads package data without importing importlib.resources (start-up).
        data = pkgutil.get_data("rulekeeper.content", "haven/modifier-decks.toml")
        text = (data or b"").decode("utf-8")
    data = parse_document(text, source, "toml")
    plain = _plain_catalog(data)
    if plain is None:
        from rulekeeper.core.documents import validate

        model = validate(_models()[1], data, source)
        cards = {card_id: card_from_model(card_id, m) for card_id, m in model.cards.items()}
        standard = dict(model.standard_deck)
    else:
        cards, standard = plain
    for card_id in standard:
        if card_id not in cards:
            raise ContentError(
                _("unknown card {card}", card=repr(card_id)), source=source, field="standard_deck"
            )
    return ModifierCatalog(cards, standard)


def _plain_catalog(data: object) -> tuple[dict[str, ModifierCard], dict[str, int]] | None:
    """The catalog's cards and standard deck when ``data`` is in its plain shape, else None."""
    if type(data) is not dict or data.keys() != {"format", "standard_deck", "cards"}:
        return None
    standard, cards = data["standard_deck"], data["cards"]
    if type(data["format"]) is not int or data["format"] != 1:
        return None
    if type(standard) is not dict or type(cards) is not dict:
        return None
    if any(type(count) is not int for count in standard.values()):
        return None
    plain = {card_id: _plain_card(card_id, card) for card_id, card in cards.items()}
    if any(card is None for card in plain.values()):
        return None
    return {k: v for k, v in plain.items() if v is not None}, dict(standard)


_CATALOG: ModifierCatalog | None = None


def standard_catalog() -> ModifierCatalog:
    """The shipped catalog, read once."""
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = load_catalog()
    return _CATALOG


@dataclass(slots=True)
class ModifierDeck:
    """One attack modifier deck: a core Deck of card IDs and its reshuffle flag.

    Cards drawn for an attack are in play until the attack resolves; then
    :meth:`put_away` discards them, or removes them for good if they leave the
    deck (bless, curse: HV-MOD-1).
    """

    owner: str
    cards: Deck
    reshuffle_due: bool = False
    """HV-ATK-4: a card with the shuffle icon (×2, null) was drawn this round."""

    @classmethod
    def standard(
        cls, owner: str, ruleset: Ruleset, catalog: ModifierCatalog | None = None
    ) -> ModifierDeck:
        """HV-MOD-1: a fresh 20-card deck for ``owner``."""
        catalog = catalog or standard_catalog()
        return cls(owner, Deck.of(catalog.standard_cards(ruleset)))

    def copy(self) -> ModifierDeck:
        return ModifierDeck(self.owner, self.cards.copy(), self.reshuffle_due)

    def __len__(self) -> int:
        """Cards left in the draw pile."""
        return len(self.cards)

    @property
    def is_empty(self) -> bool:
        return self.cards.is_empty

    def counts(self) -> Counter[str]:
        """The draw pile as card -> copies."""
        return Counter(self.cards.draw_pile)

    def draw_outcomes(self) -> list[tuple[str, Fraction]]:
        """The cards the next draw may reveal, with exact probabilities (pure).

        HV-ATK-4: an empty draw pile is reshuffled at once when a card is
        needed, so the outcomes then come from the discard pile.
        """
        if self.cards.is_empty:
            if not self.cards.discard_pile:
                raise RuleViolation(
                    "HV-ATK-4",
                    lazy(
                        "{deck} has no card left to draw or reshuffle",
                        deck=deck_name(self.owner),
                    ),
                )
            return Deck.of(self.cards.discard_pile).draw_outcomes()
        return self.cards.draw_outcomes()

    def draw(self, card_id: str, catalog: ModifierCatalog) -> ModifierCard:
        """Take the drawn card out of the draw pile; it is in play until put away.

        HV-ATK-4: reshuffle first if the pile is empty; a drawn card with the
        shuffle icon marks the deck for the end-of-round reshuffle.
        """
        card = catalog[card_id]
        if self.cards.is_empty:
            self.cards.reshuffle()
        self.cards.draw(card_id)
        if card.shuffle:
            self.reshuffle_due = True
        return card

    def put_away(self, drawn: Iterable[str], catalog: ModifierCatalog) -> None:
        """After the attack: drawn cards go to the discard pile, bless and curse leave (HV-MOD-1)."""
        for card_id in drawn:
            if not catalog[card_id].leaves_deck:
                self.cards.discard(card_id)

    def shuffle_in(self, card_id: str, copies: int = 1) -> None:
        """Add extra cards (bless, curse, perks) to the draw pile (HV-MOD-1)."""
        for _copy in range(copies):
            self.cards.add(card_id)

    def end_of_round(self) -> bool:
        """HV-ATK-4: reshuffle if a shuffle card was drawn this round; True if it was."""
        if not self.reshuffle_due:
            return False
        self.cards.reshuffle()
        self.reshuffle_due = False
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"owner": self.owner, "reshuffle_due": self.reshuffle_due, **self.cards.to_dict()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModifierDeck:
        try:
            return cls(
                str(data["owner"]), Deck.from_dict(data), bool(data.get("reshuffle_due", False))
            )
        except KeyError as error:
            raise ContentError(
                _("a modifier deck needs {key}", key=str(error)), field="deck"
            ) from None


@dataclass(slots=True)
class ModifierDecks:
    """The decks of one scenario: one per character, one shared by all monsters (HV-MOD-1).

    A summon uses its summoner's deck (HV-SUM-2): ask for the summoner's.
    """

    decks: dict[str, ModifierDeck] = field(default_factory=dict)

    @classmethod
    def standard(
        cls, characters: Iterable[str], ruleset: Ruleset, catalog: ModifierCatalog | None = None
    ) -> ModifierDecks:
        owners = [*characters, MONSTER_DECK]
        if len(set(owners)) != len(owners):
            raise ContentError(
                _("character names must be distinct and not 'monsters'"), field="characters"
            )
        return cls({owner: ModifierDeck.standard(owner, ruleset, catalog) for owner in owners})

    def __getitem__(self, owner: str) -> ModifierDeck:
        try:
            return self.decks[owner]
        except KeyError:
            raise RuleViolation(
                "HV-MOD-1", lazy("no modifier deck belongs to {owner}", owner=repr(owner))
            ) from None

    def __iter__(self) -> Iterator[ModifierDeck]:
        return iter(self.decks.values())

    def for_monsters(self) -> ModifierDeck:
        return self[MONSTER_DECK]

    def end_of_round(self) -> list[str]:
        """HV-ATK-4: reshuffle every deck that drew ×2 or null; returns their owners."""
        return [deck.owner for deck in self.decks.values() if deck.end_of_round()]

    def copy(self) -> ModifierDecks:
        return ModifierDecks({owner: deck.copy() for owner, deck in self.decks.items()})

    def to_dict(self) -> dict[str, Any]:
        return {owner: deck.to_dict() for owner, deck in self.decks.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ModifierDecks:
        return cls({str(owner): ModifierDeck.from_dict(deck) for owner, deck in data.items()})
