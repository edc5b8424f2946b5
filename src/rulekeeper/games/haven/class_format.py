"""Character classes and the party's characters in a haven file: ability cards and their
halves (HV-CARD-3, HV-CARD-4), summons (HV-SUM-2), class resources (HV-DECK-5), and per
character the level, items, perks and scenario cards (HV-ITEM-1, HV-DECK-2, HV-DECK-3).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from rulekeeper.games.haven.ability_format import AbilitySpec, BonusSpec
from rulekeeper.games.haven.perk_format import PerkSpec
from rulekeeper.games.haven.spec_base import Element, NonNegative, Positive, SpecModel
from rulekeeper.i18n import _


class HalfSpec(SpecModel):
    """The top or bottom half of a character's ability card (HV-CARD-3, HV-CARD-4)."""

    actions: tuple[AbilitySpec, ...] = ()
    """The half's actions, performed in order."""
    lost: bool = False
    """HV-CARD-4: performing this half sends the card to the lost pile."""
    bonus: BonusSpec | None = None
    """HV-BONUS-1: the round or persistent bonus icon; the card goes to the active area."""
    xp: NonNegative = 0
    """HV-CHAR-3, HV-END-1: experience gained once any ability of this half is performed."""
    consume: Annotated[tuple[Element, ...], Field(max_length=6)] = ()
    """HV-ELEM-4 [FH]: elements shown in the action's upper-left corner: they must all be
    consumed to perform any of the action (Gloomhaven cards print none)."""

    @model_validator(mode="after")
    def _distinct_costs(self) -> HalfSpec:
        if len(set(self.consume)) != len(self.consume):
            raise ValueError(_("consume: an element is consumed once per action (HV-ELEM-3)"))
        return self


class CardSpec(SpecModel):
    id: Annotated[str, Field(min_length=1)]
    """The card's id, unique within its class."""
    name: str = ""
    """The card's name, shown to players."""
    level: Annotated[str, Field(max_length=2)] = ""
    """The card's level as printed ("1".."9", "X"); empty: not given."""
    initiative: Annotated[int, Field(ge=1, le=99)]
    """The card's initiative (HV-INIT-1)."""
    top: HalfSpec
    """The top half."""
    bottom: HalfSpec
    """The bottom half."""
    unrecoverable: bool = False
    """HV-CHAR-6: once lost, no recover ability brings it back."""


class SummonSpec(SpecModel):
    """A character summon's printed stats (HV-SUM-2)."""

    name: str = ""
    """The summon's name, shown to players."""
    hp: Positive
    """The summon's hit points."""
    move: NonNegative = 2
    """Its move."""
    attack: NonNegative = 1
    """Its attack."""
    range: NonNegative = 0
    """Its attack range; 0 is melee."""
    flying: bool = False
    """It flies."""


ResourceId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]


class ResourceSpec(SpecModel):
    """A class resource a character keeps count of (tokens and the like): a drawn modifier card
    with ``"resource ID N"`` among its effects gives its character N more (HV-DECK-5)."""

    name: str = ""
    """The resource's name, shown to players (else its ID)."""
    max: Annotated[int, Field(ge=1, le=99)] = 99
    """The most a character holds; a gain beyond it is lost."""
    start: Annotated[int, Field(ge=0, le=99)] = 0
    """How many the character holds when the scenario starts."""

    @model_validator(mode="after")
    def _start_fits(self) -> ResourceSpec:
        if self.start > self.max:
            raise ValueError(
                _("start {start} is more than max {max}", start=self.start, max=self.max)
            )
        return self


class ClassSpec(SpecModel):
    """A character class: hit points per level (index 0 = level 1), hand size, cards, summons."""

    name: str
    """The class's name, shown to players."""
    hp: Annotated[tuple[Positive, ...], Field(min_length=1)]
    """Hit points per character level; index 0 is level 1."""
    hand_size: Annotated[int, Field(ge=2)]
    """How many cards the character brings to a scenario."""
    cards: Annotated[tuple[CardSpec, ...], Field(min_length=2)]
    """The class's ability cards."""
    summons: dict[str, SummonSpec] = {}
    """The summons its cards name, by key."""
    resources: dict[ResourceId, ResourceSpec] = {}
    """Class resources by ID (HV-DECK-5): counters its modifier cards' ``resource ID N`` effects
    add to, shown with the character."""

    @model_validator(mode="after")
    def _cards_fit(self) -> ClassSpec:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(_("card ids must be unique"))
        if self.hand_size > len(self.cards):
            raise ValueError(
                _(
                    "hand_size {hand_size} exceeds the {cards} cards",
                    hand_size=self.hand_size,
                    cards=len(self.cards),
                )
            )
        for card in self.cards:
            for half in (card.top, card.bottom):
                for act in half.actions:
                    if act.type in ("push", "pull", "damage"):
                        raise ValueError(
                            _(
                                "card {id}: a lone {kind} action is a monster card's; on a"
                                " character card push and pull are an attack's effects",
                                id=repr(card.id),
                                kind=act.type,
                            )
                        )
                    if act.type == "spend" and act.resource not in self.resources:
                        raise ValueError(
                            _(
                                "card {id} spends {resource}, which is not a resource of the"
                                " class (HV-DECK-5)",
                                id=repr(card.id),
                                resource=repr(act.resource),
                            )
                        )
                    if act.type == "summon" and act.summon not in self.summons:
                        raise ValueError(
                            _(
                                "card {id} summons unknown {summon}",
                                id=repr(card.id),
                                summon=repr(act.summon),
                            )
                        )
        return self


class CharacterSpec(SpecModel):
    """One character of the party: its level, the items it brings (HV-ITEM-1), its perks
    (HV-DECK-2) and cards added for this scenario only (HV-DECK-3)."""

    level: Annotated[int, Field(ge=1, le=9)] | None = None
    """The character's level; none: the scenario's character_level."""
    items: tuple[str, ...] = ()
    """The items the character brings, by id (HV-ITEM-1)."""
    perks: tuple[PerkSpec, ...] = ()
    """The character's perks (HV-DECK-2)."""
    scenario_cards: dict[str, Positive] = {}
    """HV-DECK-3: e.g. bought blessings ``{ bless = 2 }``; bless and curse come out of the
    shared supply."""
