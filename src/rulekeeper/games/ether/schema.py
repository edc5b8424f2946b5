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
    cunning: int = Field(default=0, ge=0)
    wrath: int = Field(default=0, ge=0)


class EffectModel(_Model):
    kind: EffectKind = "none"
    amount: int = Field(default=0, ge=0, le=MAX_COUNT)
    colour: DieColour | None = None


class InfluenceModel(_Model):
    id: str
    name: str
    yields: YieldsModel = YieldsModel()
    mode: Literal["instant", "ongoing"]
    cost: str = ""
    timing: Literal["any", "activation", "movement"] = "any"
    effect: EffectModel = EffectModel()
    copies: int = Field(default=1, ge=1, le=MAX_DECK_CARDS)


class ItemModel(_Model):
    id: str
    name: str
    yields: YieldsModel = YieldsModel()
    effect: EffectModel = EffectModel()


class EnemyModel(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    damage: int = Field(ge=0)
    icons: int = Field(default=0, ge=0)
    copies: int = Field(default=1, ge=1, le=MAX_DECK_CARDS)


class BossModel(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    damage: int = Field(ge=0)
    requires: list[str] = []
    requires_ether: int = Field(default=0, ge=0, le=MAX_COUNT)
    """ET-BOSS-1: the ether track position the boss needs before it can be faced (0: none)."""


class HeroModel(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    hand_size: int = Field(ge=0, le=MAX_COUNT)
    dice: list[DieColour]
    inventory: list[str] = []


class ExploreModel(_Model):
    direction: Direction
    awareness: int = Field(ge=0)


class UniqueModel(_Model):
    id: str
    name: str
    cost: str
    effect: EffectModel | None = None
    effects: list[EffectModel] = Field(default=[], max_length=16)
    """Several effects resolved in order (ET-UNQ-1); give ``effect`` or ``effects``, not both."""


class SpaceModel(_Model):
    at: tuple[int, int]
    enemy_icon: bool = False
    explore: list[ExploreModel] = []
    unique: list[UniqueModel] = []
    boss: bool = False


class EdgeWallModel(_Model):
    at: tuple[int, int]
    side: Direction


class MapCardModel(_Model):
    id: str
    name: str
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
    edge_walls: list[EdgeWallModel] = []
    space: list[SpaceModel] = []


class ScenarioHeader(_Model):
    name: str
    title: str
    card_width: int = Field(default=2, ge=1, le=MAX_COORDINATE)
    card_height: int = Field(default=2, ge=1, le=MAX_COORDINATE)
    heroes: list[str] = Field(min_length=1)
    start_card: str
    start_space: tuple[int, int]
    ether_end: int = Field(ge=1, le=MAX_COUNT)
    ether_per_round: int = Field(default=1, ge=1, le=MAX_COUNT)
    """ET-END-1 (ASSUMED): steps the ether track advances at each end of round."""
    boss: str
    map_deck: list[str]
    enemy_deck: list[str] | None = None
    influence_deck: list[str] | None = None
    item_deck: list[str] | None = None


class ContentFile(_Model):
    format: Literal["rulekeeper-ether/1"]
    scenario: ScenarioHeader | None = None
    hero: list[HeroModel] = []
    influence: list[InfluenceModel] = []
    item: list[ItemModel] = []
    enemy: list[EnemyModel] = []
    boss: list[BossModel] = []
    map_card: list[MapCardModel] = []
