"""The file schema of ether content (pydantic): what a TOML content file may hold.

Every model forbids unknown fields, so a typo is reported with its file and
field (``content.read_content``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.boards.mapcards import Direction
from rulekeeper.core.limits import MAX_COORDINATE, MAX_COUNT, MAX_DECK_CARDS
from rulekeeper.games.ether.resources import DieColour

CardSide = Annotated[int, Field(ge=1, le=MAX_COORDINATE)]
"""A map card's width or height in spaces (``MAX_COORDINATE`` at most)."""

EffectKind = Literal[
    "none",
    "draw",
    "heal",
    "damage",
    "damage_all",
    "move",
    "move_enemy",
    "advance_ether",
    "ready",
    "gain_item",
    "armor",
    "hand_size",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class YieldsModel(_Model):
    awareness: int = Field(default=0, ge=0)
    """Awareness the card yields when discarded in a payment (ET-PAY-1)."""
    cunning: int = Field(default=0, ge=0)
    """Cunning it yields."""
    wrath: int = Field(default=0, ge=0)
    """Wrath it yields."""


class EffectModel(_Model):
    kind: EffectKind = "none"
    """What the effect does: draw cards, heal, damage one enemy or every enemy, move the hero, move
    an enemy, advance the ether track, ready a die, gain an item; armor and hand_size hold while
    the card lies in the inventory."""
    amount: int = Field(default=0, ge=0, le=MAX_COUNT)
    """How much: cards, health, damage, spaces, track steps, dice, items, armor or hand size."""
    colour: DieColour | None = None
    """The die colour a ready effect readies (green, yellow or red)."""


class InfluenceModel(_Model):
    id: str
    """The card's id, named by decks and inventories; unique among influence and item cards."""
    name: str
    """The card's name, shown to players."""
    yields: YieldsModel = YieldsModel()
    """The resources it yields when discarded in a payment."""
    mode: Literal["instant", "ongoing"]
    """instant: discard it to resolve its effect at once (ET-INF-1); ongoing: pay, then it lies in
    the inventory (ET-INF-4)."""
    cost: str = ""
    """The card action's cost, e.g. "2 cunning", "1 awareness + 1 wrath", "2 cunning / 1 wrath" (a
    choice) or "free"; empty: free."""
    timing: Literal["any", "activation", "movement"] = "any"
    """When it may be played (ET-INF-3): any time, during the hero's activation, or during a
    movement."""
    effect: EffectModel = EffectModel()
    """What the card action does."""
    copies: int = Field(default=1, ge=1, le=MAX_DECK_CARDS)
    """How many copies the influence deck holds (when the scenario lists no deck)."""


class ItemModel(_Model):
    id: str
    """The item's id, named by heroes' inventories and the item deck."""
    name: str
    """The item's name, shown to players."""
    yields: YieldsModel = YieldsModel()
    """The resources it yields when discarded from the inventory."""
    effect: EffectModel = EffectModel()
    """A passive effect while it lies in the inventory (armor, hand_size) or none."""


class EnemyModel(_Model):
    id: str
    """The enemy's id, named by the enemy deck."""
    name: str
    """The enemy's name, shown to players."""
    health: int = Field(ge=1)
    """Its health; an attack must deal at least this much to defeat it (ET-ATK-2)."""
    damage: int = Field(ge=0)
    """The damage it deals to a hero on its card in the enemy phase (ET-ROUND-1)."""
    icons: int = Field(default=0, ge=0)
    """Enemy icons it shows: activating it activates this many more enemies (a chain, ET-MOVE-3)."""
    copies: int = Field(default=1, ge=1, le=MAX_DECK_CARDS)
    """How many copies the enemy deck holds (when the scenario lists no deck)."""


class BossModel(_Model):
    id: str
    """The boss's id, named by the scenario's boss."""
    name: str
    """The boss's name, shown to players."""
    health: int = Field(ge=1)
    """Its health."""
    damage: int = Field(ge=0)
    """The damage it deals."""
    requires: list[str] = []
    """Unique actions (by id) that must have been resolved before it can be faced (ET-BOSS-1)."""
    requires_ether: int = Field(default=0, ge=0, le=MAX_COUNT)
    """ET-BOSS-1: the ether track position the boss needs before it can be faced (0: none)."""


class HeroModel(_Model):
    id: str
    """The hero's id, named by the scenario's heroes."""
    name: str
    """The hero's name, shown to players."""
    health: int = Field(ge=1)
    """Starting health."""
    hand_size: int = Field(ge=0, le=MAX_COUNT)
    """How many influence cards the hero draws up to at each refresh (ET-ROUND-1)."""
    dice: list[DieColour]
    """The hero's dice, by colour: green (awareness), yellow (cunning), red (wrath)."""
    inventory: list[str] = []
    """Items the hero starts with, by id."""


class ExploreModel(_Model):
    direction: Direction
    """The arrow's direction: the new map card is placed on that side (ET-EXP-1)."""
    awareness: int = Field(ge=0)
    """The awareness exploring costs."""


class UniqueModel(_Model):
    id: str
    """The unique action's id, named by bosses' requires; unique across map cards."""
    name: str
    """The action's name, shown to players."""
    cost: str
    """Its cost, written as an influence card's (a slash offers a choice, ET-UNQ-3)."""
    effect: EffectModel | None = None
    """One effect (ET-UNQ-1)."""
    effects: list[EffectModel] = Field(default=[], max_length=16)
    """Several effects resolved in order (ET-UNQ-1); give ``effect`` or ``effects``, not both."""


class SpaceModel(_Model):
    at: tuple[int, int]
    """The space, [column, row] from the card's north-west corner (as laid at no turn)."""
    enemy_icon: bool = False
    """The space shows an enemy icon: entering it activates an enemy (ET-MOVE-3)."""
    explore: list[ExploreModel] = []
    """Explore arrows printed in the space (ET-EXP-1)."""
    unique: list[UniqueModel] = []
    """Unique actions printed in the space (ET-UNQ-1)."""
    boss: bool = False
    """The boss's lair: the boss appears here when the card is explored."""


class EdgeWallModel(_Model):
    at: tuple[int, int]
    """The space, [column, row]."""
    side: Direction
    """Its side on the card's edge that is walled: movement does not leave that way."""


class MapCardModel(_Model):
    id: str
    """The map card's id, named by the scenario's start card and map deck."""
    name: str
    """The card's name, shown to players."""
    size: tuple[CardSide, CardSide] | None = None
    """The card's box in spaces, ``[width, height]``; default: the scenario's card size."""
    shape: list[Annotated[str, Field(max_length=MAX_COORDINATE)]] | None = Field(
        default=None, max_length=MAX_COORDINATE
    )
    """Rows of the box from the north, ``#`` a space and ``.`` none (an L: ``["#.", "##"]``);
    default: every cell of the box is a space."""
    rotations: list[Literal[0, 90, 180, 270]] = Field(default=[0], min_length=1, max_length=4)
    """The clockwise turns the card may be placed with when explored (the players choose
    among those that fit); the start card lies at the first."""
    walls: list[tuple[tuple[int, int], tuple[int, int]]] = []
    """Walls between two orthogonally adjacent spaces of the card, as pairs of [column, row] (ET-
    MOVE-2)."""
    edge_walls: list[EdgeWallModel] = []
    """Walled sides of spaces on the card's edge."""
    space: list[SpaceModel] = []
    """The spaces that show something: enemy icons, explore arrows, unique actions, the lair."""


class ScenarioHeader(_Model):
    name: str
    """The scenario's short name."""
    title: str
    """The scenario's title, shown to players."""
    card_width: int = Field(default=2, ge=1, le=MAX_COORDINATE)
    """The width in spaces of map cards that give no size of their own."""
    card_height: int = Field(default=2, ge=1, le=MAX_COORDINATE)
    """The height in spaces of map cards that give no size of their own."""
    heroes: list[str] = Field(min_length=1)
    """The heroes who play, by id, in turn order."""
    start_card: str
    """The map card the heroes start on."""
    start_space: tuple[int, int]
    """The space of the start card they start in: [column, row] from its north-west corner."""
    ether_end: int = Field(ge=1, le=MAX_COUNT)
    """The ether track's end: when it is reached the scenario is lost (ET-END-1)."""
    ether_per_round: int = Field(default=1, ge=1, le=MAX_COUNT)
    """ET-END-1 (ASSUMED): steps the ether track advances at each end of round."""
    boss: str
    """The boss, by id; its lair is a space of a map card of the map deck."""
    map_deck: list[str]
    """The map deck, top first, by map card id."""
    enemy_deck: list[str] | None = None
    """The enemy deck by id; none: every enemy, as many as its copies."""
    influence_deck: list[str] | None = None
    """The influence deck by id; none: every influence card, as many as its copies."""
    item_deck: list[str] | None = None
    """The item deck by id; none: every item no hero starts with."""


class ContentFile(_Model):
    format: Literal["rulekeeper-ether/1"]
    """The file format and its version."""
    scenario: ScenarioHeader | None = None
    """The scenario, in a scenario file; a library file has none."""
    hero: list[HeroModel] = []
    """Heroes."""
    influence: list[InfluenceModel] = []
    """Influence cards."""
    item: list[ItemModel] = []
    """Item cards."""
    enemy: list[EnemyModel] = []
    """Enemies."""
    boss: list[BossModel] = []
    """Bosses."""
    map_card: list[MapCardModel] = []
    """Map cards."""
