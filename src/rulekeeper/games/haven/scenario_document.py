"""The whole haven-scenario/1 and haven-library/1 documents, and the parts only a scenario
has: rooms and doors (HV-ROOM-1, HV-ROOM-2), treasures (HV-LOOT-6), the [FH] loot deck
(HV-LOOT-5) and house rules.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from rulekeeper.games.haven.board_format import HexSpec, MapSpec
from rulekeeper.games.haven.class_format import CharacterSpec, ClassSpec
from rulekeeper.games.haven.figure_format import AlliesSpec, ObjectiveFigureSpec
from rulekeeper.games.haven.item_format import ItemSpec
from rulekeeper.games.haven.monster_format import (
    MonsterDeckSpec,
    MonsterSetSpec,
    MonsterTypeSpec,
    StandeeSpec,
)
from rulekeeper.games.haven.rule_format import ObjectiveSpec, RuleSpec
from rulekeeper.games.haven.spec_base import NonNegative, SpecModel
from rulekeeper.i18n import _

FORMAT = "haven-scenario/1"


class RoomSpec(SpecModel):
    id: Annotated[str, Field(min_length=1)]
    """The room's id, named by doors' opens."""
    hexes: Annotated[tuple[HexSpec, ...], Field(min_length=1)]
    """The room's map hexes; hexes in no room form the starting area."""


class DoorSpec(SpecModel):
    """A door hex; a character entering it opens it and reveals ``opens`` (HV-ROOM-1).

    A ``locked`` door is a wall until a special rule opens it (HV-ROOM-2).
    """

    hex: HexSpec
    """The door's map hex, outside every room."""
    opens: tuple[str, ...]
    """The rooms revealed when the door opens."""
    locked: bool = False
    """A wall until a special rule opens it (HV-ROOM-2)."""


class TreasureSpec(SpecModel):
    """A treasure tile (HV-LOOT-6): a numbered reward, or a goal treasure."""

    id: Annotated[str, Field(min_length=1)]
    """The treasure's number or id, named by a loot objective."""
    hex: HexSpec
    """The treasure tile's map hex."""
    gold: NonNegative = 0
    """Gold it gives."""
    item: str | None = None
    """The item it gives, by id."""
    goal: bool = False
    """A goal treasure (a loot objective names it)."""


class LootDeckSpec(SpecModel):
    """[FH] HV-LOOT-5: the scenario's loot table; at most 20 cards, one random item."""

    coin_1: Annotated[int, Field(ge=0, le=20)] = 6
    """Cards worth 1 coin."""
    coin_2: Annotated[int, Field(ge=0, le=20)] = 4
    """Cards worth 2 coins."""
    coin_3: Annotated[int, Field(ge=0, le=20)] = 2
    """Cards worth 3 coins."""
    materials: dict[str, Annotated[int, Field(ge=0, le=20)]] = {"lumber": 2, "metal": 2, "hide": 2}
    """Material cards, by material."""
    material_yield: tuple[NonNegative, NonNegative, NonNegative] = (2, 2, 1)
    """A material card's yield for 2, 3 and 4 characters (one character: as two)."""
    herbs: dict[str, Annotated[int, Field(ge=0, le=20)]] = {"arrowvine": 1, "axenut": 1}
    """Herb cards, by herb."""
    random_item: str | None = None
    """The item a random-item card gives (HV-ITEM-6); none: the card is worth 3 coins."""

    @model_validator(mode="after")
    def _at_most_twenty(self) -> LootDeckSpec:
        total = self.coin_1 + self.coin_2 + self.coin_3 + (1 if self.random_item else 0)
        total += sum(self.materials.values()) + sum(self.herbs.values())
        if total > 20:
            raise ValueError(_("a loot deck holds at most 20 cards, not {total}", total=total))
        return self


class HouseRulesSpec(SpecModel):
    """Departures from the rulebooks a group agrees on; every one is off unless set."""

    one_character: bool = False
    """A party of one character. HV-CHAR-1 asks two to four; with this set, one is
    accepted (rules examples and tests play on one-character boards)."""
    open_edge_neighbours: bool = False
    """[GH] neighbours across an open edge always see each other, even where both
    corners they share lie on wall lines (HV-LOS-1 itself, GH p.19, asks for a line
    touching no wall; see boards/line_of_sight.py)."""


MAX_LINKS = 40
"""The most pairs of linked hexes a scenario may declare (HV-ROOM-5)."""


class ScenarioSpec(SpecModel):
    """A whole haven-scenario/1 document."""

    format: Literal["haven-scenario/1"]
    """The file format and its version."""
    name: Annotated[str, Field(min_length=1)]
    """The scenario's short name."""
    title: str = ""
    """The scenario's title, shown to players."""
    level: Annotated[int, Field(ge=0, le=7)] | None = 1
    """The scenario level (HV-SCEN-2); null: the recommended level from the party."""
    difficulty: Literal["easy", "normal", "hard", "very_hard"] = "normal"
    """With level left out: how the recommended level is adjusted (easy, normal, hard, very_hard)."""
    solo: bool = False
    """Solo play or open information (HV-SCEN-2)."""
    character_level: Annotated[int, Field(ge=1, le=9)] = 1
    """The characters' level, unless a character gives its own."""
    party: Annotated[tuple[str, ...], Field(min_length=1, max_length=4)]
    """The classes that play, one player each, in order (1 to 4)."""
    start_hexes: tuple[HexSpec, ...]
    """Where characters may start; at least one per character, in the starting area."""
    map: MapSpec
    """The hex map: hexes, walls and terrain (as in haven-board/1)."""
    rooms: tuple[RoomSpec, ...] = ()
    """Rooms revealed when a door naming them opens (HV-ROOM-1)."""
    doors: tuple[DoorSpec, ...] = ()
    """The doors."""
    monsters: tuple[StandeeSpec, ...] = ()
    """Monster standees per character count."""
    monster_sets: Annotated[tuple[MonsterSetSpec, ...], Field(max_length=10)] = ()
    """[FH] HV-INIT-6: sets of monster types sharing one ability deck, each acting in the
    order its special rules give (HV-MON-3)."""
    objective: ObjectiveSpec = ObjectiveSpec()
    """How the scenario is won (HV-GOAL-1)."""
    special_rules: tuple[str, ...] = ()
    """Rules the engine does not run: shown to the players to resolve by hand (HV-SCEN-7)."""
    rules: tuple[RuleSpec, ...] = ()
    """Special rules in the declarative vocabulary (HV-SCEN-7)."""
    escape: Annotated[tuple[HexSpec, ...], Field(max_length=40)] = ()
    """HV-ROOM-5: escape hexes: a character ending its turn on one may escape, leaving the
    scenario with its summons."""
    links: Annotated[tuple[tuple[HexSpec, HexSpec], ...], Field(max_length=MAX_LINKS)] = ()
    """[FH] HV-ROOM-5: pairs of linked hexes, adjacent for movement and focus but giving no
    line of sight (a Gloomhaven game refuses a scenario that has any)."""
    round_limit: Annotated[int, Field(ge=0, le=99)] = 0
    """Lost at the end of this round unless won before (0: no limit)."""
    characters: dict[str, CharacterSpec] = {}
    """Per character of the party: level, items, perks, scenario cards."""
    money: tuple[HexSpec, ...] = ()
    """Money ([GH]) or loot ([FH]) tokens; those in a room appear when it is revealed."""
    treasures: tuple[TreasureSpec, ...] = ()
    """Treasure tiles (HV-LOOT-6)."""
    loot_deck: LootDeckSpec = LootDeckSpec()
    """[FH] the loot deck (HV-LOOT-5)."""
    modifier_cards: dict[str, dict[str, Any]] = {}
    """Attack modifier cards of the scenario's own (perk cards), with the fields of
    ``content/haven/modifier-decks.toml``."""
    classes: dict[str, ClassSpec] = {}
    """Character classes of the scenario's own (override the shipped ones by id)."""
    monster_types: dict[str, MonsterTypeSpec] = {}
    """Monster types of the scenario's own."""
    monster_decks: dict[str, MonsterDeckSpec] = {}
    """Monster ability decks of the scenario's own."""
    items: dict[str, ItemSpec] = {}
    """Items of the scenario's own."""
    house_rules: HouseRulesSpec = HouseRulesSpec()
    """Departures from the rulebooks the group agrees on (each off unless set)."""
    objectives: Annotated[tuple[ObjectiveFigureSpec, ...], Field(max_length=10)] = ()
    """HV-GOAL-2: objective figures (none: the scenario has none)."""
    allies: AlliesSpec = AlliesSpec()
    """HV-GOAL-3: scenario allies (none by default)."""


class LibrarySpec(SpecModel):
    """A content library file: classes, monster types and decks only."""

    format: Literal["haven-library/1"]
    """The file format and its version."""
    classes: dict[str, ClassSpec] = {}
    """Character classes, by id."""
    monster_types: dict[str, MonsterTypeSpec] = {}
    """Monster types, by id."""
    monster_decks: dict[str, MonsterDeckSpec] = {}
    """Monster ability decks, by id."""
    items: dict[str, ItemSpec] = {}
    """Items, by id."""
