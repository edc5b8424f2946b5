"""Monsters in a haven file: stat lines per level (HV-MON-1, HV-MON-2, bosses HV-BOSS-1),
ability decks, [FH] monster sets (HV-MON-3, HV-INIT-6), and the standees a scenario
places per player count (named monsters: HV-MON-7).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from rulekeeper.games.haven.ability_format import AbilitySpec
from rulekeeper.games.haven.board_format import HexSpec
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.scaling import FormulaError, check_formula
from rulekeeper.games.haven.spec_base import Formula, NonNegative, Positive, SpecModel
from rulekeeper.i18n import _


class MonsterStats(SpecModel):
    hp: Positive | Formula
    """A number, or a scenario equation in L, C and H (HV-SCEN-4; a boss: HV-BOSS-1)."""
    move: NonNegative = 0
    """Base move."""
    attack: NonNegative | Formula = 0
    """Base attack: a number, or (a boss) an equation in L and C (HV-BOSS-1, HV-SCEN-4)."""
    range: NonNegative = 0
    """Base attack range; 0 is melee."""
    shield: NonNegative = 0
    """Shield on the stat card, always active."""
    retaliate: NonNegative = 0
    """Retaliate on the stat card, always active (retaliate.py)."""
    retaliate_range: NonNegative = 0
    """0: against adjacent attackers only."""
    attack_conditions: tuple[str, ...] = ()
    """HV-MON-2: conditions every attack of the type adds to its targets."""
    attack_pierce: NonNegative = 0
    """HV-MON-2: pierce added to every attack of the type."""
    attack_targets: Annotated[int, Field(ge=0, le=10)] = 0
    """HV-MON-2: every attack targets this many (0: as the ability card says)."""
    attack_push: NonNegative = 0
    """HV-MON-2: every attack pushes its targets this many hexes."""
    attack_pull: NonNegative = 0
    """HV-MON-2: every attack pulls its targets this many hexes."""

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> MonsterStats:
        for name, value in (("hp", self.hp), ("attack", self.attack)):
            if isinstance(value, str):
                try:
                    check_formula(value)
                except FormulaError as error:
                    raise ValueError(
                        _("{name}: {error} (HV-SCEN-4)", name=name, error=error)
                    ) from None
        for condition in self.attack_conditions:
            if condition not in CONDITIONS:
                raise ValueError(
                    _("attack_conditions: unknown condition {condition}", condition=repr(condition))
                )
        if self.attack_push and self.attack_pull:
            raise ValueError(_("an attack pushes or pulls, not both"))
        return self


class MonsterTypeSpec(SpecModel):
    """A monster type: stats per monster level (index = level), normal and elite (HV-MON-1).

    A boss (HV-BOSS-1) has one stat line per level in ``normal`` and no elite
    line; its ``special_1`` / ``special_2`` are the actions a "Special 1/2"
    ability card performs (HV-BOSS-2). ``immunities`` are conditions the type
    never gains (HV-BOSS-1; [FH] any type, HV-MON-2). ``standees`` caps how
    many of the type can be on the map (HV-MON-LIMIT-1).
    """

    name: str
    """The monster type's name, shown to players."""
    deck: str
    """The ability deck the type draws from (a key of monster_decks)."""
    flying: bool = False
    """The type flies (HV-MOVE-4)."""
    immunities: tuple[str, ...] = ()
    """HV-COND-3: conditions this type never gains (bless and curse: no card is added)."""
    normal: Annotated[tuple[MonsterStats, ...], Field(min_length=1)]
    """Normal stats per monster level, from level 0 (a boss: its one stat line per level)."""
    elite: tuple[MonsterStats, ...] = ()
    """Elite stats per monster level, as many lines as normal (a boss has none)."""
    boss: bool = False
    """The type is a boss (HV-BOSS-1)."""
    special_1: tuple[AbilitySpec, ...] = ()
    """A boss's Special 1 actions (HV-BOSS-2)."""
    special_2: tuple[AbilitySpec, ...] = ()
    """A boss's Special 2 actions (HV-BOSS-2)."""
    standees: Annotated[int, Field(ge=1, le=20)] = 10
    """How many standees of the type exist: at most this many on the map (HV-MON-LIMIT-1)."""
    notes: tuple[Annotated[str, Field(max_length=2000)], ...] = ()
    """Stat-card traits the engine does not run, shown to the players to apply by hand."""

    @model_validator(mode="after")
    def _ranks_fit(self) -> MonsterTypeSpec:
        if self.boss and self.elite:
            raise ValueError(
                _("a boss is neither normal nor elite: give its stats in 'normal' only")
            )
        if not self.boss and len(self.elite) != len(self.normal):
            raise ValueError(_("elite: one elite stat line per level, as many as 'normal'"))
        if not self.boss and (self.special_1 or self.special_2):
            raise ValueError(_("special_1 / special_2 belong to a boss (boss = true)"))
        if any(a.type == "spend" for a in (*self.special_1, *self.special_2)):
            raise ValueError(_("special_1 / special_2: a spend action is a character card's"))
        for line in (*self.normal, *self.elite):
            if isinstance(line.hp, str) and "H" in line.hp:
                raise ValueError(_("hp: H (an elite's hit points) is for named monsters only"))
        return self

    @model_validator(mode="after")
    def _known_immunities(self) -> MonsterTypeSpec:
        for name in self.immunities:
            if name not in CONDITIONS:
                raise ValueError(
                    _(
                        "unknown condition {name} (known: {known})",
                        name=repr(name),
                        known=", ".join(CONDITIONS),
                    )
                )
        return self


class MonsterCardSpec(SpecModel):
    id: Annotated[str, Field(min_length=1)]
    """The card's id, unique within its deck."""
    initiative: Annotated[int, Field(ge=1, le=99)]
    """The card's initiative."""
    shuffle: bool = False
    """The deck is reshuffled at the end of a round in which this card was drawn."""
    actions: tuple[AbilitySpec, ...] = ()
    """The card's actions; move and attack values are added to the monster's base stats."""

    @model_validator(mode="after")
    def _one_ally_per_condition(self) -> MonsterCardSpec:
        for act in self.actions:
            if act.type == "spend":
                raise ValueError(
                    _(
                        "card {id}: a spend action is a character card's (HV-DECK-5)",
                        id=repr(self.id),
                    )
                )
            if (
                act.type == "condition"
                and act.targets > 1
                and all(CONDITIONS[name].positive for name in act.conditions)
            ):
                raise ValueError(
                    _(
                        "card {id}: a monster gives a positive condition to one monster only"
                        " (HV-MON-COND-1)",
                        id=repr(self.id),
                    )
                )
        return self


class MonsterDeckSpec(SpecModel):
    cards: Annotated[tuple[MonsterCardSpec, ...], Field(min_length=1)]
    """The deck's ability cards."""


class MonsterSetSpec(SpecModel):
    """[FH] HV-MON-3, HV-INIT-6: monster types that form one set.

    The set's types share one ability deck (every type names the same ``deck``):
    one card is drawn for the whole set each round, and on that initiative its
    types act in the order listed here (the order the scenario's special rules
    give), each type's monsters elites first, then by standee number (HV-INIT-4).
    [GH] sets do not exist: each type draws from its own copy of the deck.
    """

    types: Annotated[tuple[str, ...], Field(min_length=2, max_length=8)]
    """The set's monster types, in the order they act."""


class StandeeSpec(SpecModel):
    """A monster standee: normal for the player counts in ``normal``, elite in ``elite``.

    A ``named`` monster (HV-MON-7) is neither: it uses its type's elite line with
    hit points from ``hp``, an equation in L, C and H (the elite's hit points).
    """

    type: str
    """The monster type."""
    hex: HexSpec
    """The standee's map hex."""
    normal: tuple[Annotated[int, Field(ge=1, le=4)], ...] = (2, 3, 4)
    """Character counts (1-4) for which the standee is placed as a normal monster."""
    elite: tuple[Annotated[int, Field(ge=1, le=4)], ...] = ()
    """Character counts for which it is placed as an elite; in neither list: absent."""
    named: str = ""
    """The name of a named monster (HV-MON-7)."""
    hp: Formula | None = None
    """A named monster's hit points: an equation in L, C and H."""

    @model_validator(mode="after")
    def _named_has_hp(self) -> StandeeSpec:
        if bool(self.named) != (self.hp is not None):
            raise ValueError(_("a named monster gives 'named' and its 'hp' equation together"))
        if self.hp is not None:
            try:
                check_formula(self.hp)
            except FormulaError as error:
                raise ValueError(_("hp: {error} (HV-SCEN-4)", error=error)) from None
        return self
