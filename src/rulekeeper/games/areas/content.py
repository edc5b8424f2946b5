"""The areas game's content: validated models of heroes, items, allies, enemies and maps.

Content is TOML. ``content/areas/catalog.toml`` holds the shipped figures and
items and the Action die; each scenario file (``content/areas/scenarios/``)
holds a map, the starting placements and its round limit, and may add its own
figures and items under ``[catalog]``. A scenario the user supplies is a path
to a file of the same form. Bad content raises :class:`ContentError` naming the
file and the field.

The models are frozen, so states share them instead of copying them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.boards.areagraph import Area, AreaGraph, Link
from rulekeeper.core.dice import Die
from rulekeeper.core.documents import read_document, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_COUNT

CONTENT_DIR = Path(__file__).resolve().parents[2] / "content" / "areas"
CATALOG_FILE = CONTENT_DIR / "catalog.toml"
SCENARIO_DIR = CONTENT_DIR / "scenarios"
SCENARIO_FORMAT = "rulekeeper-areas/1"

Symbol = Literal["melee", "move"]
AttackSymbol = Literal["melee", "ranged"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- the Action die --------------------------------------------------------
class DieFace(_Model):
    """One face of the Action die and the successes it shows (0, 1 or 2)."""

    name: str
    successes: int = Field(ge=0, le=2)


class ActionDie(_Model):
    """The Action die rolled for heroes' attacks (AR-DMG-1)."""

    name: str = "action"
    faces: tuple[DieFace, ...] = Field(min_length=1)

    def die(self) -> Die:
        return Die(self.name, tuple(face.name for face in self.faces))

    def successes(self, face: str) -> int:
        for known in self.faces:
            if known.name == face:
                return known.successes
        raise KeyError(face)


# -- heroes and their items ------------------------------------------------
class ActionToken(_Model):
    """An Action token: the symbols of its action and its Action dice (the red box)."""

    id: str
    name: str
    symbols: tuple[Symbol, ...] = ()
    dice: int = Field(default=0, ge=0, le=8)
    damage: bool = True
    """False when the attack shows no damage: it deals none, only its effects (AR-DMG-4)."""
    stun: bool = False
    """The attack stuns its target: the enemy skips its next turn."""
    push: bool = False
    """The attack pushes its target into an adjacent area the attacker declares."""

    @model_validator(mode="after")
    def _no_damage_means_an_effect(self) -> ActionToken:
        if not self.damage:
            if "melee" not in self.symbols:
                raise ValueError("only a melee attack token can show no damage")
            if self.dice:
                raise ValueError("a token that shows no damage rolls no Action dice")
            if not (self.stun or self.push):
                raise ValueError("an attack with no damage must have another effect (stun, push)")
        if (self.stun or self.push) and "melee" not in self.symbols:
            raise ValueError("stun and push are effects of a melee attack token")
        return self


class ItemEffect(_Model):
    """An optional effect an item lends to an attack (a rune, a poison), AR-DECL-3."""

    damage: int = Field(default=0, ge=0)
    poison: int = Field(default=0, ge=0)
    stun: bool = False
    uses: int | None = Field(default=None, ge=1)
    """How many times per scenario it may be used; None means every attack."""


class HeroEffect(ItemEffect):
    """A hero's own optional effect, such as a once-per-scenario effect (AR-DECL-3)."""

    id: str
    name: str


class Item(_Model):
    """An Item card. A weapon's effect box shows the melee symbol (AR-REQ-2)."""

    id: str
    name: str
    kind: Literal["weapon", "rune", "poison", "gear"]
    symbols: tuple[Literal["melee"], ...] = ()
    modifier: int = Field(default=0, ge=0)
    """The weapon modifier added to the damage (AR-DMG-2)."""
    range: int | None = Field(default=None, ge=1)
    """Melee at range: the range in areas this weapon allows (AR-RANGE-1)."""
    effect: ItemEffect | None = None

    @property
    def is_melee_weapon(self) -> bool:
        return "melee" in self.symbols


class Hero(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    size: int = Field(default=1, ge=1)
    tokens: tuple[ActionToken, ...] = Field(min_length=1)
    items: tuple[str, ...] = ()
    """The Item cards in the hero's active items area (by item id)."""
    effects: tuple[HeroEffect, ...] = ()


# -- allies and enemies ----------------------------------------------------
class AllyAttack(_Model):
    """An attack printed on an Ally card: fixed damage (AR-DMG-3) or another effect (AR-DMG-4).

    ``symbols`` are the attack symbols the card shows: the same requirements as a
    hero's apply (AR-ALLY-1), so only an attack showing ``melee`` is a melee
    attack (AR-REQ-1); an attack showing only ``ranged`` is not one.
    """

    id: str
    name: str
    symbols: tuple[AttackSymbol, ...] = Field(min_length=1)
    damage: int | None = Field(default=None, ge=0)
    range: int | None = Field(default=None, ge=1)
    stun: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> AllyAttack:
        if self.damage is None and not self.stun:
            raise ValueError("an attack with no damage must have another effect (stun)")
        return self


class Ally(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    size: int = Field(default=1, ge=1)
    attacks: tuple[AllyAttack, ...] = Field(min_length=1)


class Enemy(_Model):
    id: str
    name: str
    health: int = Field(ge=1)
    damage: int = Field(ge=0)
    size: int = Field(default=1, ge=1)
    range: int | None = Field(default=None, ge=1)


class Catalog(_Model):
    die: ActionDie | None = None
    heroes: tuple[Hero, ...] = ()
    items: tuple[Item, ...] = ()
    allies: tuple[Ally, ...] = ()
    enemies: tuple[Enemy, ...] = ()


# -- scenarios -------------------------------------------------------------
class AreaModel(_Model):
    id: str
    name: str
    capacity: int = Field(ge=1, le=MAX_COUNT)
    height: int = 0


class LinkModel(_Model):
    between: tuple[str, str]
    barrier: bool = False


class Placement(_Model):
    """A figure placed at the start: ``figure`` names a catalog entry."""

    figure: str
    area: str
    id: str | None = None


class ScenarioModel(_Model):
    format: Literal["rulekeeper-areas/1"]
    title: str
    description: str = ""
    round_limit: int = Field(ge=1, le=MAX_COUNT)
    """House assumption: the party loses when this many rounds end with enemies left."""
    areas: tuple[AreaModel, ...] = Field(min_length=1)
    links: tuple[LinkModel, ...] = ()
    heroes: tuple[Placement, ...] = Field(min_length=1)
    allies: tuple[Placement, ...] = ()
    enemies: tuple[Placement, ...] = Field(min_length=1)
    catalog: Catalog = Catalog()


@dataclass(frozen=True, slots=True)
class StartingFigure:
    id: str
    kind: Literal["hero", "ally", "enemy"]
    type_id: str
    area: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """A loaded, cross-checked scenario: its map, the definitions it uses, who starts where."""

    name: str
    title: str
    description: str
    round_limit: int
    board: AreaGraph
    die: ActionDie
    heroes: Mapping[str, Hero]
    items: Mapping[str, Item]
    allies: Mapping[str, Ally]
    enemies: Mapping[str, Enemy]
    start: tuple[StartingFigure, ...]

    def size_of(self, figure: StartingFigure) -> int:
        if figure.kind == "hero":
            return self.heroes[figure.type_id].size
        if figure.kind == "ally":
            return self.allies[figure.type_id].size
        return self.enemies[figure.type_id].size


_catalog_cache: Catalog | None = None


def shipped_catalog() -> Catalog:
    global _catalog_cache
    if _catalog_cache is None:
        _catalog_cache = validate(Catalog, read_document(CATALOG_FILE), str(CATALOG_FILE))
    return _catalog_cache


def shipped_scenarios() -> dict[str, Path]:
    return {path.stem: path for path in sorted(SCENARIO_DIR.glob("*.toml"))}


def load_scenario(scenario: str) -> Scenario:
    """A shipped scenario by name, or a scenario file by path."""
    shipped = shipped_scenarios()
    path = shipped.get(scenario, Path(scenario))
    if scenario not in shipped and not path.exists():
        known = ", ".join(shipped)
        raise ContentError(
            f"no shipped scenario or file called {scenario!r} (shipped: {known})", field="scenario"
        )
    name = scenario if scenario in shipped else path.stem
    return scenario_from_data(read_document(path, "toml"), name=name, source=str(path))


def scenario_from_data(data: object, *, name: str, source: str | None = None) -> Scenario:
    """Validate a scenario's TOML data against the schema and the catalog."""
    model = validate(ScenarioModel, data, source)
    return _cross_check(model, name, source)


def _merge(shipped: tuple[Any, ...], extra: tuple[Any, ...]) -> dict[str, Any]:
    merged = {entry.id: entry for entry in shipped}
    merged.update({entry.id: entry for entry in extra})
    return merged


def _cross_check(model: ScenarioModel, name: str, source: str | None) -> Scenario:
    base = shipped_catalog()
    extra = model.catalog
    for section in ("heroes", "items", "allies", "enemies"):
        ids: set[str] = set()
        for index, entry in enumerate(getattr(extra, section)):
            if entry.id in ids:
                field = f"catalog.{section}.{index}.id"
                raise ContentError(f"id {entry.id!r} is used twice", source=source, field=field)
            ids.add(entry.id)
    area_ids: set[str] = set()
    for index, area in enumerate(model.areas):
        if area.id in area_ids:
            raise ContentError(
                f"two areas share the id {area.id!r}", source=source, field=f"areas.{index}.id"
            )
        area_ids.add(area.id)
    die = extra.die or base.die
    if die is None:
        raise ContentError("no Action die is defined", source=source, field="catalog.die")
    heroes = _merge(base.heroes, extra.heroes)
    items = _merge(base.items, extra.items)
    allies = _merge(base.allies, extra.allies)
    enemies = _merge(base.enemies, extra.enemies)
    for hero in heroes.values():
        for index, item_id in enumerate(hero.items):
            if item_id not in items:
                field = f"heroes.{hero.id}.items.{index}"
                raise ContentError(f"unknown item {item_id!r}", source=source, field=field)
    try:
        board = AreaGraph(
            (Area(a.id, a.name, a.capacity, a.height) for a in model.areas),
            (Link(link.between[0], link.between[1], link.barrier) for link in model.links),
        )
    except ValueError as error:
        raise ContentError(str(error), source=source, field="links") from None
    start: list[StartingFigure] = []
    kinds: tuple[
        tuple[Literal["hero", "ally", "enemy"], str, tuple[Placement, ...], Mapping[str, Any]], ...
    ] = (
        ("hero", "heroes", model.heroes, heroes),
        ("ally", "allies", model.allies, allies),
        ("enemy", "enemies", model.enemies, enemies),
    )
    for kind, section, placements, known in kinds:
        counters: dict[str, int] = {}
        for index, placement in enumerate(placements):
            where = f"{section}.{index}"
            if placement.figure not in known:
                raise ContentError(
                    f"unknown {kind} {placement.figure!r}", source=source, field=f"{where}.figure"
                )
            if placement.area not in board.areas:
                raise ContentError(
                    f"unknown area {placement.area!r}", source=source, field=f"{where}.area"
                )
            counters[placement.figure] = counters.get(placement.figure, 0) + 1
            figure_id = placement.id or (
                placement.figure
                if kind != "enemy"
                else f"{placement.figure}-{counters[placement.figure]}"
            )
            if any(f.id == figure_id for f in start):
                raise ContentError(
                    f"two figures share the id {figure_id!r}", source=source, field=where
                )
            start.append(StartingFigure(figure_id, kind, placement.figure, placement.area))
    scenario = Scenario(
        name=name,
        title=model.title,
        description=model.description,
        round_limit=model.round_limit,
        board=board,
        die=die,
        heroes=heroes,
        items=items,
        allies=allies,
        enemies=enemies,
        start=tuple(start),
    )
    used = board.occupancy((f.area, scenario.size_of(f)) for f in start)
    for area_id, amount in used.items():
        if amount > board.area(area_id).capacity:
            capacity = board.area(area_id).capacity
            raise ContentError(
                f"figures of total size {amount} start in an area of capacity {capacity}",
                source=source,
                field=f"areas.{area_id}",
            )
    return scenario
