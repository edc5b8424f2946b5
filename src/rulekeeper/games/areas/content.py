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
from rulekeeper.core.party import split_party
from rulekeeper.core.problems import Problems
from rulekeeper.i18n import N_, _

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
    """The face's name, as rolls are recorded (``{"type": "roll", "face": "hit"}``)."""
    successes: int = Field(ge=0, le=2)
    """How many successes the face counts toward the damage (AR-DMG-2)."""


class ActionDie(_Model):
    """The Action die rolled for heroes' attacks (AR-DMG-1)."""

    name: str = "action"
    """The die's name."""
    faces: tuple[DieFace, ...] = Field(min_length=1)
    """Every face, once per face on the die (repeat a face that is printed twice)."""

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
    """The token's id, named by actions (``"action": "twin-cut"``)."""
    name: str
    """The name shown to players."""
    symbols: tuple[Symbol, ...] = ()
    """The symbols the token shows: ``move`` allows a move, ``melee`` a melee attack (AR-REQ-1)."""
    dice: int = Field(default=0, ge=0, le=8)
    """Action dice rolled for its attack (AR-DMG-1)."""
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
                raise ValueError(_("only a melee attack token can show no damage"))
            if self.dice:
                raise ValueError(_("a token that shows no damage rolls no Action dice"))
            if not (self.stun or self.push):
                raise ValueError(
                    _("an attack with no damage must have another effect (stun, push)")
                )
        if (self.stun or self.push) and "melee" not in self.symbols:
            raise ValueError(_("stun and push are effects of a melee attack token"))
        return self


class ItemEffect(_Model):
    """An optional effect an item lends to an attack (a rune, a poison), AR-DECL-3."""

    damage: int = Field(default=0, ge=0)
    """Added to the attack's damage as another modifier (AR-DMG-2)."""
    poison: int = Field(default=0, ge=0)
    """Poison counters put on the target: each costs it 1 health at the start of its turns."""
    stun: bool = False
    """The target skips its next turn."""
    uses: int | None = Field(default=None, ge=1)
    """How many times per scenario it may be used; None means every attack."""


class HeroEffect(ItemEffect):
    """A hero's own optional effect, such as a once-per-scenario effect (AR-DECL-3)."""

    id: str
    """The effect's id, named in an attack's ``effects``."""
    name: str
    """The name shown to players."""


class Item(_Model):
    """An Item card. A weapon's effect box shows the melee symbol (AR-REQ-2)."""

    id: str
    """The item's id, named by heroes' ``items`` and attacks' ``weapon`` or ``effects``."""
    name: str
    """The name shown to players."""
    kind: Literal["weapon", "rune", "poison", "gear"]
    """What the card is; only a card showing the melee symbol is a melee weapon."""
    symbols: tuple[Literal["melee"], ...] = ()
    """``["melee"]`` on a melee weapon (AR-REQ-2)."""
    modifier: int = Field(default=0, ge=0)
    """The weapon modifier added to the damage (AR-DMG-2)."""
    range: int | None = Field(default=None, ge=1)
    """Melee at range: the range in areas this weapon allows (AR-RANGE-1)."""
    effect: ItemEffect | None = None
    """The optional effect the item lends to an attack it is declared with."""

    @property
    def is_melee_weapon(self) -> bool:
        return "melee" in self.symbols


class Hero(_Model):
    """A hero: health, size, Action tokens, active items and own optional effects."""

    id: str
    """The hero's id: scenarios place it by this id, and it is the figure's id in play."""
    name: str
    """The name shown to players."""
    health: int = Field(ge=1)
    """Starting (and most) health; at 0 the hero is removed (AR-END-1)."""
    size: int = Field(default=1, ge=1)
    """The capacity the figure takes in an area (a large figure takes 2)."""
    tokens: tuple[ActionToken, ...] = Field(min_length=1)
    """The hero's Action tokens; each turn one of them is used (they are not used up)."""
    items: tuple[str, ...] = ()
    """The Item cards in the hero's active items area (by item id)."""
    effects: tuple[HeroEffect, ...] = ()
    """The hero's own optional effects (AR-DECL-3)."""


# -- allies and enemies ----------------------------------------------------
class AllyAttack(_Model):
    """An attack printed on an Ally card: fixed damage (AR-DMG-3) or another effect (AR-DMG-4).

    ``symbols`` are the attack symbols the card shows: the same requirements as a
    hero's apply (AR-ALLY-1), so only an attack showing ``melee`` is a melee
    attack (AR-REQ-1); an attack showing only ``ranged`` is not one.
    """

    id: str
    """The attack's id, named by actions (``"action": "gnash"``)."""
    name: str
    """The name shown to players."""
    symbols: tuple[AttackSymbol, ...] = Field(min_length=1)
    """The attack symbols the card shows; only ``melee`` attacks are offered (AR-ALLY-1)."""
    damage: int | None = Field(default=None, ge=0)
    """The printed damage (AR-DMG-3); none for an attack with only an effect (AR-DMG-4)."""
    range: int | None = Field(default=None, ge=1)
    """Melee at range: the range in areas (AR-RANGE-1)."""
    stun: bool = False
    """The attack stuns its target."""

    @model_validator(mode="after")
    def _does_something(self) -> AllyAttack:
        if self.damage is None and not self.stun:
            raise ValueError(_("an attack with no damage must have another effect (stun)"))
        return self


class Ally(_Model):
    """A non-hero ally: it attacks with its printed attacks and uses no items (AR-ALLY-1)."""

    id: str
    """The ally's id: scenarios place it by this id."""
    name: str
    """The name shown to players."""
    health: int = Field(ge=1)
    """Starting health; at 0 the ally is removed."""
    size: int = Field(default=1, ge=1)
    """The capacity the figure takes in an area."""
    attacks: tuple[AllyAttack, ...] = Field(min_length=1)
    """The attacks printed on its card."""


class Enemy(_Model):
    """An enemy type: each placement becomes one figure (``skitterer-1``, ``skitterer-2``)."""

    id: str
    """The enemy type's id: scenarios place it by this id."""
    name: str
    """The name shown to players."""
    health: int = Field(ge=1)
    """Starting health; at 0 the figure is removed (AR-END-1)."""
    damage: int = Field(ge=0)
    """The damage of its attack."""
    size: int = Field(default=1, ge=1)
    """The capacity the figure takes in an area (a large figure takes 2)."""
    range: int | None = Field(default=None, ge=1)
    """Melee at range: the range in areas it attacks at (AR-RANGE-1); none: reach only."""


class Catalog(_Model):
    """Figures, items and the Action die: ``catalog.toml``, or a scenario's ``[catalog]``.

    A scenario's entries are added to the shipped ones; an entry with a shipped id
    replaces it.
    """

    die: ActionDie | None = None
    """The Action die; in a scenario, only to replace the shipped one."""
    heroes: tuple[Hero, ...] = ()
    """Hero definitions."""
    items: tuple[Item, ...] = ()
    """Item cards."""
    allies: tuple[Ally, ...] = ()
    """Non-hero ally definitions."""
    enemies: tuple[Enemy, ...] = ()
    """Enemy types."""


# -- scenarios -------------------------------------------------------------
class AreaModel(_Model):
    """One area of the map."""

    id: str
    """The area's id, named by links and placements."""
    name: str
    """The name shown to players."""
    capacity: int = Field(ge=1, le=MAX_COUNT)
    """How much figure size the area holds; at it, the area is full (AR-REQ-3)."""
    height: int = 0
    """The area's height; melee never reaches an area of another height (AR-REQ-4)."""


class LinkModel(_Model):
    """Two areas that are adjacent."""

    between: tuple[str, str]
    """The two areas' ids."""
    barrier: bool = False
    """A solid barrier: no melee reaches across it (AR-REQ-4) and no figure moves across it."""


class Placement(_Model):
    """A figure placed at the start: ``figure`` names a catalog entry."""

    figure: str
    """The catalog id of the hero, ally or enemy type."""
    area: str
    """The id of the area it starts in."""
    id: str | None = None
    """The figure's id in play (default: a hero's or ally's catalog id; ``TYPE-N`` for the
    Nth enemy of a type)."""


class ScenarioModel(_Model):
    """A whole rulekeeper-areas/1 scenario file."""

    format: Literal["rulekeeper-areas/1"]
    """The file format and its version."""
    title: str
    """The scenario's title."""
    description: str = ""
    """The story and the setup, shown to players."""
    round_limit: int = Field(ge=1, le=MAX_COUNT)
    """House assumption: the party loses when this many rounds end with enemies left."""
    areas: tuple[AreaModel, ...] = Field(min_length=1)
    """The map's areas."""
    links: tuple[LinkModel, ...] = ()
    """Which areas are adjacent, and the solid barriers."""
    heroes: tuple[Placement, ...] = Field(min_length=1)
    """The heroes and where they start; they take their turns in this order."""
    allies: tuple[Placement, ...] = ()
    """The non-hero allies and where they start."""
    enemies: tuple[Placement, ...] = Field(min_length=1)
    """The enemies and where they start; the party wins when none is left (AR-END-1)."""
    catalog: Catalog = Catalog()
    """Figures and items of the scenario's own, added to the shipped catalog."""


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

UNKNOWN_FIGURE = {
    "hero": N_("unknown hero {figure}"),
    "ally": N_("unknown ally {figure}"),
    "enemy": N_("unknown enemy {figure}"),
}


def shipped_catalog() -> Catalog:
    global _catalog_cache
    if _catalog_cache is None:
        _catalog_cache = validate(Catalog, read_document(CATALOG_FILE), str(CATALOG_FILE))
    return _catalog_cache


def shipped_scenarios() -> dict[str, Path]:
    return {path.stem: path for path in sorted(SCENARIO_DIR.glob("*.toml"))}


def load_scenario(scenario: str) -> Scenario:
    """A shipped scenario by name, or a scenario file by path.

    ``NAME@brannoc,orla`` is the scenario with the heroes the players chose: the
    Nth chosen hero takes the Nth hero start the scenario places, so the party is at
    most as large as the scenario's (ASSUMED: the catalog ties nothing to the party's
    size); the scenario checks each hero as it checks its own.
    """
    base, party = split_party(scenario, MAX_COUNT)
    path, name = _scenario_path(base)
    data = read_document(path, "toml")
    if party is not None and isinstance(data, dict) and isinstance(data.get("heroes"), list):
        starts = data["heroes"]
        if len(party) > len(starts):
            raise ContentError(
                _(
                    "{heroes} heroes; the scenario places {starts}",
                    heroes=len(party),
                    starts=len(starts),
                ),
                field="party",
            )
        placed = [
            {"figure": hero, "area": start.get("area") if isinstance(start, dict) else None}
            for hero, start in zip(party, starts, strict=False)
        ]
        data = {**data, "heroes": placed}
    return scenario_from_data(data, name=name, source=str(path))


def _scenario_path(scenario: str) -> tuple[Path, str]:
    shipped = shipped_scenarios()
    path = shipped.get(scenario, Path(scenario))
    if scenario not in shipped and not path.exists():
        known = ", ".join(shipped)
        raise ContentError(
            _(
                "no shipped scenario or file called {name} (shipped: {known})",
                name=repr(scenario),
                known=known,
            ),
            field="scenario",
        )
    return path, scenario if scenario in shipped else path.stem


def party_choices(scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """For a menu: the scenario's own heroes, every hero the catalogs define, and the
    scenario's number of hero starts."""
    base = split_party(scenario, MAX_COUNT)[0]
    own = load_scenario(base)
    chosen = load_scenario(scenario)
    heroes = tuple(f.type_id for f in chosen.start if f.kind == "hero")
    most = sum(1 for f in own.start if f.kind == "hero")
    return heroes, tuple(sorted(own.heroes)), most


def scenario_from_data(data: object, *, name: str, source: str | None = None) -> Scenario:
    """Validate a scenario's TOML data against the schema and the catalog."""
    model = validate(ScenarioModel, data, source)
    scenario = check_scenario(model, name, source, Problems(source))
    if scenario is None:  # a strict collector raised at the first problem
        raise ContentError(_("the scenario has problems"), source=source)
    return scenario


def _merge(shipped: tuple[Any, ...], extra: tuple[Any, ...]) -> dict[str, Any]:
    merged = {entry.id: entry for entry in shipped}
    merged.update({entry.id: entry for entry in extra})
    return merged


def check_catalog_ids(catalog: Catalog, problems: Problems, prefix: str = "") -> None:
    """No id is used twice within one section of a catalog."""
    for section in ("heroes", "items", "allies", "enemies"):
        ids: set[str] = set()
        for index, entry in enumerate(getattr(catalog, section)):
            if entry.id in ids:
                problems.add(
                    _("id {id} is used twice", id=repr(entry.id)), f"{prefix}{section}.{index}.id"
                )
            ids.add(entry.id)


def check_hero_items(
    heroes: tuple[Hero, ...], items: Mapping[str, Item], problems: Problems, prefix: str
) -> None:
    """Every item a hero holds is defined."""
    for number, hero in enumerate(heroes):
        for index, item_id in enumerate(hero.items):
            if item_id not in items:
                problems.add(
                    _("unknown item {item}", item=repr(item_id)),
                    f"{prefix}heroes.{number}.items.{index}",
                )


def check_scenario(
    model: ScenarioModel, name: str, source: str | None, problems: Problems
) -> Scenario | None:
    """Cross-check a validated scenario: ids, the catalog, the map, the start.

    Every problem goes to ``problems`` (a strict one raises the first); the
    scenario is returned when there was none.
    """
    found = len(problems)
    base = shipped_catalog()
    extra = model.catalog
    check_catalog_ids(extra, problems, "catalog.")
    area_ids: set[str] = set()
    for index, area in enumerate(model.areas):
        if area.id in area_ids:
            problems.add(_("two areas share the id {id}", id=repr(area.id)), f"areas.{index}.id")
        area_ids.add(area.id)
    die = extra.die or base.die
    if die is None:
        problems.add(_("no Action die is defined"), "catalog.die")
    heroes = _merge(base.heroes, extra.heroes)
    items = _merge(base.items, extra.items)
    allies = _merge(base.allies, extra.allies)
    enemies = _merge(base.enemies, extra.enemies)
    check_hero_items(extra.heroes, items, problems, "catalog.")
    board: AreaGraph | None = None
    if len(area_ids) == len(model.areas):  # a repeated id is reported above
        try:
            board = AreaGraph(
                (Area(a.id, a.name, a.capacity, a.height) for a in model.areas),
                (Link(link.between[0], link.between[1], link.barrier) for link in model.links),
            )
        except ValueError as error:
            problems.add(str(error), "links")
    start: list[StartingFigure] = []
    kinds: tuple[
        tuple[Literal["hero", "ally", "enemy"], str, tuple[Placement, ...], Mapping[str, Any]], ...
    ] = (
        ("hero", "heroes", model.heroes, heroes),
        ("ally", "allies", model.allies, allies),
        ("enemy", "enemies", model.enemies, enemies),
    )
    taken: set[str] = set()
    for kind, section, placements, known in kinds:
        counters: dict[str, int] = {}
        for index, placement in enumerate(placements):
            where = f"{section}.{index}"
            placed = True
            if placement.figure not in known:
                problems.add(
                    _(UNKNOWN_FIGURE[kind], figure=repr(placement.figure)), f"{where}.figure"
                )
                placed = False
            if placement.area not in area_ids:
                problems.add(_("unknown area {area}", area=repr(placement.area)), f"{where}.area")
                placed = False
            counters[placement.figure] = counters.get(placement.figure, 0) + 1
            figure_id = placement.id or (
                placement.figure
                if kind != "enemy"
                else f"{placement.figure}-{counters[placement.figure]}"
            )
            if figure_id in taken:
                problems.add(_("two figures share the id {id}", id=repr(figure_id)), where)
                placed = False
            taken.add(figure_id)
            if placed:
                start.append(StartingFigure(figure_id, kind, placement.figure, placement.area))
    if board is None or die is None or len(problems) > found:
        return None
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
            problems.add(
                _(
                    "figures of total size {amount} start in an area of capacity {capacity}",
                    amount=amount,
                    capacity=capacity,
                ),
                f"areas.{area_id}",
            )
    return None if len(problems) > found else scenario


def check_catalog(catalog: Catalog, problems: Problems) -> None:
    """Cross-check a catalog file on its own: ids once per section, heroes' items known
    (in the file or the shipped catalog)."""
    check_catalog_ids(catalog, problems)
    items = _merge(shipped_catalog().items, catalog.items)
    check_hero_items(catalog.heroes, items, problems, "")
