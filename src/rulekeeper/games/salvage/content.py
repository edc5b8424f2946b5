"""Salvage content: die types, heroes, enemies, items, room actions and scenarios.

Content is TOML validated on load by pydantic models (``extra="forbid"``); a
bad file raises :class:`ContentError` naming the file and the field. The
shipped catalogs live in ``rulekeeper/content/salvage/*.toml`` and the
scenarios in ``rulekeeper/content/salvage/scenarios/``. A scenario file may
also carry its own catalog entries (same schema), which extend or replace the
shipped ones by name, so users can load their own content.

Everything the catalog marks ASSUMED that is scenario data lives here: the
enemy dice supply (SV-OPP-2), the recovery number (SV-ROUND-3), the noise
thresholds (SV-ROUND-4), the objective and the round limit (SV-END-1).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from rulekeeper.boards.rooms import Room, RoomGrid
from rulekeeper.core.dice import Die
from rulekeeper.core.documents import parse_document, read_text, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_COUNT
from rulekeeper.core.party import split_party
from rulekeeper.core.problems import Problems
from rulekeeper.i18n import _

CATALOG_FORMAT = "salvage-content/1"
SCENARIO_FORMAT = "salvage-scenario/1"
MAX_HEROES = 6
"""The most heroes a scenario lists (and a chosen party holds)."""
FACES = ("blank", "hit", "crit")

# -- file schemas ------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DieModel(_Model):
    name: str = Field(min_length=1)
    """The die type's name, named by heroes' dice, enemies' damage and the enemy dice supply."""
    faces: list[Literal["blank", "hit", "crit"]] = Field(min_length=1)
    """Every face of the die, one entry per face: blank, hit or crit."""


ACTION_EFFECTS = ("heal", "recover", "strike", "by_hand")
"""What an action ability does (SV-ENG-2): heal the hero, recover exhausted dice,
hits on an enemy in the hero's room, or a step the players resolve by hand."""
PASSIVE_EFFECTS = ("strategy", "commit", "recovery", "ward", "by_hand")
"""What a passive ability changes: more Strategy phases (SV-STRAT-1), more dice
committed (SV-MOVE-1, SV-ATK-1), more dice recovered (SV-ROUND-3), an enemy hit
prevented (SV-OPP-2), or a rule the players keep by hand."""
ROLLING_EFFECTS = ("heal", "recover", "strike")
BOOSTED_ACTIONS = {"strategy": ("move", "attack", "salvage"), "commit": ("move", "attack")}
"""The basic actions a ``strategy`` or ``commit`` passive may apply to (salvage
commits every ready die whatever the cap, SV-SALV-2)."""


class AbilityRollModel(_Model):
    die: str | None = Field(default=None, min_length=1)
    """The die type of the ability's own dice; omitted: the hero commits their own ready
    dice, as for a move, and they are exhausted after the roll."""
    count: int = Field(ge=1, le=MAX_COUNT)
    """How many dice of that type are rolled, or at most how many of the hero's own dice
    are committed; rolled once (no re-roll, SV-STRAT-4)."""


class AbilityModel(_Model):
    """A hero ability: an action (SV-ENG-2) or a passive the engine applies.

    Fields are checked in order, each against the ones before, so an error
    names the field at fault.
    """

    name: str = Field(min_length=1)
    """The ability's name, unique among the hero's abilities."""
    kind: Literal["action", "passive"]
    """``action``: one of the hero's four actions (SV-ENG-2); ``passive``: applied by the engine."""
    effect: Literal[
        "heal", "recover", "strike", "strategy", "commit", "recovery", "ward", "by_hand"
    ]
    """Actions: heal, recover, strike, by_hand. Passives: strategy, commit, recovery, ward,
    by_hand. ``by_hand`` is anything else: shown to the players, never dropped."""
    roll: AbilityRollModel | None = Field(default=None, validate_default=True)
    """An action that heals, recovers or strikes may roll its own dice once: 1 per hit."""
    amount: int = Field(default=0, ge=0, le=MAX_COUNT, validate_default=True)
    """How much: Health healed, dice recovered, hits struck, Strategy phases, dice committed
    or recovered. At least 1, except for ward, by_hand and abilities that roll."""
    applies_to: list[Literal["move", "attack", "salvage"]] = Field(
        default=[], validate_default=True
    )
    """The basic actions a strategy (move, attack, salvage) or commit (move, attack)
    passive boosts; empty means all of them."""
    per_round: int | None = Field(default=None, ge=1, le=MAX_COUNT, validate_default=True)
    """At most this many uses each round (none: no limit)."""
    per_scenario: int | None = Field(default=None, ge=1, le=MAX_COUNT, validate_default=True)
    """At most this many uses in the scenario (none: no limit). A ward needs a limit."""
    text: str = Field(default="", validate_default=True)
    """What the ability says; required for by_hand, shown to the players."""

    @field_validator("effect")
    @classmethod
    def _effect_fits_kind(cls, effect: str, info: ValidationInfo) -> str:
        kind = info.data.get("kind")
        if kind == "action" and effect not in ACTION_EFFECTS:
            raise ValueError(
                _("an action ability's effect is one of {effects}", effects=list(ACTION_EFFECTS))
            )
        if kind == "passive" and effect not in PASSIVE_EFFECTS:
            raise ValueError(
                _("a passive ability's effect is one of {effects}", effects=list(PASSIVE_EFFECTS))
            )
        return effect

    @field_validator("roll")
    @classmethod
    def _roll_fits_effect(
        cls, roll: AbilityRollModel | None, info: ValidationInfo
    ) -> AbilityRollModel | None:
        if roll is None:
            return roll
        if info.data.get("kind") != "action" or info.data.get("effect") not in ROLLING_EFFECTS:
            raise ValueError(_("only an action ability that heals, recovers or strikes rolls dice"))
        return roll

    @field_validator("amount")
    @classmethod
    def _amount_fits_effect(cls, amount: int, info: ValidationInfo) -> int:
        effect = info.data.get("effect")
        if effect is None or "roll" not in info.data:
            return amount
        if effect in ("ward", "by_hand"):
            if amount:
                raise ValueError(_("a {effect} ability has no amount", effect=effect))
        elif info.data["roll"] is not None:
            if amount:
                raise ValueError(_("an ability that rolls counts its hits: give no amount"))
        elif amount == 0:
            raise ValueError(_("a {effect} ability needs an amount of at least 1", effect=effect))
        return amount

    @field_validator("applies_to")
    @classmethod
    def _applies_to_fits_effect(cls, applies_to: list[str], info: ValidationInfo) -> list[str]:
        effect = info.data.get("effect")
        if effect is None:
            return applies_to
        if effect not in BOOSTED_ACTIONS:
            if applies_to:
                raise ValueError(
                    _("only strategy and commit passives name the actions they apply to")
                )
            return applies_to
        allowed = BOOSTED_ACTIONS[effect]
        for action in applies_to:
            if action not in allowed:
                raise ValueError(
                    _(
                        "a {effect} passive applies to {actions}",
                        effect=effect,
                        actions=list(allowed),
                    )
                )
        if len(set(applies_to)) != len(applies_to):
            raise ValueError(_("an action is named twice"))
        return applies_to

    @field_validator("per_round")
    @classmethod
    def _round_limit_fits_effect(cls, per_round: int | None, info: ValidationInfo) -> int | None:
        passive_by_hand = (
            info.data.get("effect") == "by_hand" and info.data.get("kind") == "passive"
        )
        if passive_by_hand and per_round is not None:
            raise ValueError(_("the players keep a by_hand passive's limits: say them in its text"))
        return per_round

    @field_validator("per_scenario")
    @classmethod
    def _limits_fit_effect(cls, per_scenario: int | None, info: ValidationInfo) -> int | None:
        effect, kind = info.data.get("effect"), info.data.get("kind")
        per_round = info.data.get("per_round")
        limited = per_round is not None or per_scenario is not None
        if effect == "ward" and not limited:
            raise ValueError(_("a ward passive needs a limit (per_round or per_scenario)"))
        if effect == "by_hand" and kind == "passive" and limited:
            raise ValueError(_("the players keep a by_hand passive's limits: say them in its text"))
        if per_round is not None and per_scenario is not None and per_round > per_scenario:
            raise ValueError(_("per_round cannot exceed per_scenario"))
        return per_scenario

    @field_validator("text")
    @classmethod
    def _by_hand_needs_text(cls, text: str, info: ValidationInfo) -> str:
        if info.data.get("effect") == "by_hand" and not text.strip():
            raise ValueError(_("a by_hand ability says in its text what the players do"))
        return text


class HeroModel(_Model):
    name: str = Field(min_length=1)
    """The hero's name, named by a scenario's heroes."""
    max_health: int = Field(ge=1)
    """Starting and most Health; it is also the most dice the hero commits to a move or an attack
    (SV-MOVE-1, SV-ATK-1)."""
    strategy: int = Field(ge=1)
    """How many Strategy phases (re-rolls) the hero may take in one action (SV-STRAT-1)."""
    dice: list[str] = Field(min_length=1)
    """The die types of the hero's pool, by name, one entry per die."""
    items: list[str] = []
    """Items the hero starts with, by name."""
    abilities: list[AbilityModel] = []
    """The hero's abilities: actions and passives (SV-ENG-2)."""
    text: str = ""
    """Flavour or rules text shown to the players."""

    @field_validator("abilities")
    @classmethod
    def _ability_names_unique(cls, abilities: list[AbilityModel]) -> list[AbilityModel]:
        names = [a.name for a in abilities]
        for name in names:
            if names.count(name) > 1:
                raise ValueError(_("the ability {name} is defined twice", name=repr(name)))
        return abilities


class EnemyModel(_Model):
    name: str = Field(min_length=1)
    """The enemy's name, named by placements, thresholds and objectives."""
    health: int = Field(ge=1)
    """Starting Health; at 0 the enemy is defeated."""
    damage: list[str] = Field(min_length=1)
    """The die types it takes from the enemy dice supply to attack, leftmost first (SV-OPP-2)."""
    text: str = ""
    """Flavour or rules text shown to the players."""


class ItemModel(_Model):
    name: str = Field(min_length=1)
    """The item's name, named by heroes, rooms, requirements and objectives."""
    effect: Literal["none", "heal", "recover", "strike"] = "none"
    """What using it does (SV-ITEM-1): none (a key, a chart), heal Health, recover exhausted dice,
    or strike an enemy in the hero's room."""
    amount: int = Field(default=0, ge=0)
    """How much the effect heals, recovers or strikes; at least 1 with an effect."""
    uses: int = Field(default=0, ge=0)
    """How many times it can be used before it is discarded; 0 for an item without an effect."""
    action: bool = False
    """True when using it takes one of the hero's actions; otherwise it is used between actions."""
    text: str = ""
    """Flavour or rules text shown to the players."""

    @model_validator(mode="after")
    def _effect_needs_uses(self) -> ItemModel:
        if self.effect != "none" and (self.uses < 1 or self.amount < 1):
            raise ValueError(_("an item with an effect needs uses >= 1 and amount >= 1"))
        if self.effect == "none" and self.uses:
            raise ValueError(_("an item without an effect has no uses"))
        return self


class RoomActionModel(_Model):
    name: str = Field(min_length=1)
    """The room action's name, named by rooms' actions."""
    effect: Literal["heal", "recover", "roll_heal"]
    """heal Health, recover exhausted dice, or roll_heal: roll the named die and heal 1 per hit
    (SV-STRAT-4)."""
    amount: int = Field(ge=1)
    """How much it heals or recovers; for roll_heal, how many dice it rolls."""
    die: str | None = None
    """The die type a roll_heal action rolls (its own dice, not the hero's pool)."""
    text: str = ""
    """Flavour or rules text shown to the players."""

    @model_validator(mode="after")
    def _roll_needs_die(self) -> RoomActionModel:
        if self.effect == "roll_heal" and self.die is None:
            raise ValueError(_("a roll_heal room action names the die it rolls"))
        return self


class CatalogModel(_Model):
    format: Literal["salvage-content/1"]
    """The file format and its version."""
    die: list[DieModel] = []
    """Die types."""
    hero: list[HeroModel] = []
    """Heroes."""
    enemy: list[EnemyModel] = []
    """Enemies."""
    item: list[ItemModel] = []
    """Items."""
    room_action: list[RoomActionModel] = []
    """Room actions."""


class RoomModel(_Model):
    name: str = Field(min_length=1)
    """The room's name, shown to players."""
    active: bool = False
    """True when the room starts active (revealed); an inactive room is activated by a hero meeting
    one of its requirements (SV-MOVE-6)."""
    items: list[str] = []
    """The items lying in the room, top first, by name."""
    requirements: list[str] = []
    """Activation requirements, any one of which activates the room: free, item:NAME, health:N or
    dice:N (SV-MOVE-6). None: the room is never activated."""
    actions: list[str] = []
    """Room actions available in the room once it is active, by name (SV-ROOM-1)."""


class PlacementModel(_Model):
    enemy: str
    """The enemy's name (from the catalogs or the scenario's own)."""
    room: int = Field(ge=0)
    """The room it starts in, by index in the row-major room list."""


class ThresholdModel(_Model):
    at: int = Field(ge=1)
    """The noise level that fires it, the moment noise reaches it (SV-ROUND-4)."""
    effect: Literal["spawn", "lose"]
    """spawn: place an enemy; lose: the scenario is lost."""
    enemy: str | None = None
    """The enemy a spawn places."""
    room: int | None = Field(default=None, ge=0)
    """The room a spawn places it in."""
    text: str = ""
    """What happens, shown to the players."""

    @model_validator(mode="after")
    def _spawn_needs_enemy(self) -> ThresholdModel:
        if self.effect == "spawn" and (self.enemy is None or self.room is None):
            raise ValueError(_("a spawn threshold names an enemy and a room"))
        return self


class ObjectiveModel(_Model):
    kind: Literal["escape", "defeat"]
    """escape: a standing hero holding the item is in the room; defeat: no enemy of that name is
    left (SV-END-1)."""
    item: str | None = None
    """The item to carry out (escape)."""
    room: int | None = Field(default=None, ge=0)
    """The room to bring it to (escape)."""
    enemy: str | None = None
    """The enemy to defeat (defeat)."""
    text: str = Field(min_length=1)
    """The objective as shown to the players."""

    @model_validator(mode="after")
    def _kind_fields(self) -> ObjectiveModel:
        if self.kind == "escape" and (self.item is None or self.room is None):
            raise ValueError(_("an escape objective names an item and a room"))
        if self.kind == "defeat" and self.enemy is None:
            raise ValueError(_("a defeat objective names an enemy"))
        return self


class ScenarioModel(_Model):
    format: Literal["salvage-scenario/1"]
    """The file format and its version."""
    name: str = Field(min_length=1)
    """The scenario's short name."""
    title: str = Field(min_length=1)
    """The scenario's title, shown to players."""
    rows: int = Field(ge=1, le=12)
    """Rows of the room grid."""
    cols: int = Field(ge=1, le=12)
    """Columns of the room grid."""
    start_room: int = Field(ge=0)
    """The room the heroes start in (row-major index)."""
    heroes: list[str] = Field(min_length=1, max_length=MAX_HEROES)
    """The heroes who play, by name, in turn order."""
    rooms: list[RoomModel]
    """Exactly rows x cols rooms, row by row."""
    enemies: list[PlacementModel] = []
    """The enemies placed at the start."""
    enemy_dice: dict[str, int]
    """The enemy dice supply: how many dice of each type enemies attack with (SV-OPP-2, ASSUMED)."""
    recovery: int = Field(default=2, ge=0, le=MAX_COUNT)
    """How many exhausted dice a hero recovers at the end of a round (SV-ROUND-3, ASSUMED)."""
    round_limit: int = Field(ge=1, le=MAX_COUNT)
    """The scenario is lost at the end of this round unless won before (SV-END-1, ASSUMED)."""
    objective: ObjectiveModel
    """How the scenario is won (SV-END-1)."""
    thresholds: list[ThresholdModel] = []
    """Noise thresholds and what each does (SV-ROUND-4)."""
    die: list[DieModel] = []
    """Die types of the scenario's own, added to (or replacing, by name) the shipped ones."""
    hero: list[HeroModel] = []
    """Heroes of the scenario's own."""
    enemy: list[EnemyModel] = []
    """Enemies of the scenario's own."""
    item: list[ItemModel] = []
    """Items of the scenario's own."""
    room_action: list[RoomActionModel] = []
    """Room actions of the scenario's own."""


# -- compiled content --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Requirement:
    """An activation requirement (SV-MOVE-6), parsed from ``free``, ``item:NAME``,
    ``health:N`` (Health at least N) or ``dice:N`` (at least N ready dice)."""

    text: str
    kind: Literal["free", "item", "health", "dice"]
    item: str = ""
    amount: int = 0


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    """A hero ability (see :class:`AbilityModel`).

    ``roll_count`` is 0 when it does not roll; ``roll_die`` is None when it rolls the
    hero's own dice (up to ``roll_count`` of them, committed one at a time).
    """

    name: str
    kind: str
    effect: str
    amount: int
    roll_die: str | None
    roll_count: int
    applies_to: tuple[str, ...]
    per_round: int | None
    per_scenario: int | None
    text: str

    @property
    def rolls(self) -> bool:
        return self.roll_count > 0

    @property
    def limited(self) -> bool:
        return self.per_round is not None or self.per_scenario is not None


def ability_spec(model: AbilityModel) -> AbilitySpec:
    applies_to = tuple(model.applies_to) or BOOSTED_ACTIONS.get(model.effect, ())
    return AbilitySpec(
        model.name,
        model.kind,
        model.effect,
        model.amount,
        None if model.roll is None else model.roll.die,
        0 if model.roll is None else model.roll.count,
        applies_to,
        model.per_round,
        model.per_scenario,
        model.text,
    )


@dataclass(frozen=True, slots=True)
class HeroSpec:
    name: str
    max_health: int
    strategy: int
    dice: tuple[str, ...]
    items: tuple[str, ...]
    text: str
    abilities: tuple[AbilitySpec, ...] = ()


@dataclass(frozen=True, slots=True)
class EnemySpec:
    name: str
    health: int
    damage: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class ItemSpec:
    name: str
    effect: str
    amount: int
    uses: int
    action: bool
    text: str


@dataclass(frozen=True, slots=True)
class RoomActionSpec:
    name: str
    effect: str
    amount: int
    die: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Threshold:
    at: int
    effect: str
    enemy: str | None
    room: int | None
    text: str


@dataclass(frozen=True, slots=True)
class Objective:
    kind: str
    item: str | None
    room: int | None
    enemy: str | None
    text: str


@dataclass(frozen=True, slots=True)
class Scenario:
    """A validated scenario with every catalog entry it refers to."""

    name: str
    title: str
    source: str
    grid: RoomGrid
    rooms: tuple[Room, ...]
    start_room: int
    heroes: tuple[HeroSpec, ...]
    enemies: tuple[tuple[str, int], ...]
    enemy_dice: tuple[tuple[str, int], ...]
    recovery: int
    round_limit: int
    objective: Objective
    thresholds: tuple[Threshold, ...]
    dice: dict[str, Die]
    enemy_specs: dict[str, EnemySpec]
    items: dict[str, ItemSpec]
    room_actions: dict[str, RoomActionSpec]
    requirements: dict[str, Requirement]


# -- loading -----------------------------------------------------------------


def _content_root() -> Any:
    return resources.files("rulekeeper.content").joinpath("salvage")


def shipped_scenario_names() -> list[str]:
    """The scenario files shipped in ``content/salvage/scenarios`` (without ``.toml``)."""
    folder = _content_root().joinpath("scenarios")
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


_catalog_cache: CatalogModel | None = None


def shipped_catalog() -> CatalogModel:
    """The shipped catalogs merged into one (validated once, then cached)."""
    global _catalog_cache
    if _catalog_cache is None:
        merged: dict[str, list[Any]] = {
            "die": [],
            "hero": [],
            "enemy": [],
            "item": [],
            "room_action": [],
        }
        root = _content_root()
        for entry in sorted(root.iterdir(), key=lambda p: p.name):
            if not entry.name.endswith(".toml"):
                continue
            source = f"content/salvage/{entry.name}"
            catalog = validate(
                CatalogModel, parse_document(entry.read_text("utf-8"), source), source
            )
            for key in merged:
                merged[key].extend(getattr(catalog, key))
        _catalog_cache = CatalogModel(format="salvage-content/1", **merged)
    return _catalog_cache


def load_scenario(name_or_path: str) -> Scenario:
    """A shipped scenario by name, or a scenario file by path; raises ContentError.

    Shipped scenarios are validated once and then shared (they are immutable);
    a file is read afresh every time, so edits to it show at once.
    """
    base, party = split_party(name_or_path, MAX_HEROES)
    if party is not None:
        return _load_scenario(base, party)
    if name_or_path in shipped_scenario_names():
        return _shipped_scenario(name_or_path)
    return _load_scenario(name_or_path)


def party_choices(name_or_path: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """For a menu: the scenario's own heroes, every hero the catalog and the scenario
    define, and the most a scenario lists (all start in its start room; ASSUMED, the
    catalog says nothing of party size)."""
    scenario = load_scenario(name_or_path)
    model = _scenario_model(split_party(name_or_path, MAX_HEROES)[0])[0]
    known = sorted({h.name for h in [*shipped_catalog().hero, *model.hero]})
    return tuple(h.name for h in scenario.heroes), tuple(known), min(MAX_HEROES, len(known))


@functools.cache
def _shipped_scenario(name: str) -> Scenario:
    return _load_scenario(name)


def _load_scenario(name_or_path: str, party: tuple[str, ...] | None = None) -> Scenario:
    model, source = _scenario_model(name_or_path)
    if party is not None:  # the players' party replaces the scenario's own
        model = model.model_copy(update={"heroes": list(party)})
    return compile_scenario(model, shipped_catalog(), source)


def _scenario_model(name_or_path: str) -> tuple[ScenarioModel, str]:
    if name_or_path in shipped_scenario_names():
        source = f"content/salvage/scenarios/{name_or_path}.toml"
        text = _content_root().joinpath("scenarios", f"{name_or_path}.toml").read_text("utf-8")
    else:
        path = Path(name_or_path)
        source = str(path)
        if not path.exists():
            known = ", ".join(shipped_scenario_names())
            raise ContentError(
                _("no such scenario or file (shipped: {known})", known=known), field="scenario"
            )
        text = read_text(path)
    return validate(ScenarioModel, parse_document(text, source, "toml"), source), source


def parse_requirement(text: str) -> Requirement:
    """Parse an activation requirement string; raises ValueError on a bad one."""
    if text == "free":
        return Requirement(text, "free")
    kind, _sep, value = text.partition(":")
    if kind == "item" and value:
        return Requirement(text, "item", item=value)
    if kind == "health" and value.isdigit() and int(value) >= 1:
        return Requirement(text, "health", amount=int(value))
    if kind == "dice" and value.isdigit() and int(value) >= 1:
        return Requirement(text, "dice", amount=int(value))
    raise ValueError(
        _("unknown requirement {text} (free, item:NAME, health:N, dice:N)", text=repr(text))
    )


def compile_scenario(model: ScenarioModel, catalog: CatalogModel, source: str) -> Scenario:
    """Cross-check every reference in a scenario and build its compiled form.

    The first problem raises its :class:`ContentError` (naming file and field).
    """
    scenario = _compile(model, catalog, source, Problems(source))
    if scenario is None:  # a strict collector raised at the first problem
        raise ContentError(_("the scenario has problems"), source=source)
    return scenario


def check_scenario(
    model: ScenarioModel, catalog: CatalogModel, source: str, problems: Problems
) -> None:
    """Cross-check a scenario, reporting every problem to ``problems`` (content check)."""
    _compile(model, catalog, source, problems)


def _compile(
    model: ScenarioModel, catalog: CatalogModel, source: str, problems: Problems
) -> Scenario | None:
    """The checks of :func:`compile_scenario`, each reported; the scenario when none failed."""
    found = len(problems)

    def fail(field: str, message: str) -> None:
        problems.add(message, field)

    for section in ("die", "hero", "enemy", "item", "room_action"):
        names: set[str] = set()
        for i, entry in enumerate(getattr(model, section)):
            if entry.name in names:
                fail(f"{section}.{i}.name", _("{name} is defined twice", name=repr(entry.name)))
            names.add(entry.name)
    dice = {d.name: Die(d.name, tuple(d.faces)) for d in [*catalog.die, *model.die]}
    heroes = {h.name: h for h in [*catalog.hero, *model.hero]}
    enemies = {e.name: e for e in [*catalog.enemy, *model.enemy]}
    items = {i.name: i for i in [*catalog.item, *model.item]}
    actions = {a.name: a for a in [*catalog.room_action, *model.room_action]}

    for where, hero in [(f"hero.{i}", h) for i, h in enumerate(model.hero)] + [
        (f"hero {h.name!r}", h) for h in catalog.hero
    ]:
        for j, die in enumerate(hero.dice):
            if die not in dice:
                fail(f"{where}.dice.{j}", _("unknown die type {die}", die=repr(die)))
        for j, item in enumerate(hero.items):
            if item not in items:
                fail(f"{where}.items.{j}", _("unknown item {item}", item=repr(item)))
        for j, ability in enumerate(hero.abilities):
            if ability.roll is not None and ability.roll.die not in (None, *dice):
                fail(
                    f"{where}.abilities.{j}.roll.die",
                    _("unknown die type {die}", die=repr(ability.roll.die)),
                )
    for where, enemy in [(f"enemy.{i}", e) for i, e in enumerate(model.enemy)] + [
        (f"enemy {e.name!r}", e) for e in catalog.enemy
    ]:
        for j, die in enumerate(enemy.damage):
            if die not in dice:
                fail(f"{where}.damage.{j}", _("unknown die type {die}", die=repr(die)))
    for where, action in [(f"room_action.{i}", a) for i, a in enumerate(model.room_action)] + [
        (f"room_action {a.name!r}", a) for a in catalog.room_action
    ]:
        if action.die is not None and action.die not in dice:
            fail(f"{where}.die", _("unknown die type {die}", die=repr(action.die)))

    cells = model.rows * model.cols
    if len(model.rooms) != cells:
        fail(
            "rooms",
            _(
                "a {rows}x{cols} grid needs {cells} rooms, got {got}",
                rows=model.rows,
                cols=model.cols,
                cells=cells,
                got=len(model.rooms),
            ),
        )
    if model.start_room >= cells:
        fail("start_room", _("room {room} is off the grid", room=model.start_room))
    for i, name in enumerate(model.heroes):
        if name not in heroes:
            fail(f"heroes.{i}", _("unknown hero {name}", name=repr(name)))
    if len(set(model.heroes)) != len(model.heroes):
        fail("heroes", _("a hero may appear only once"))
    requirements: dict[str, Requirement] = {}
    rooms = []
    for i, room in enumerate(model.rooms):
        for j, item in enumerate(room.items):
            if item not in items:
                fail(f"rooms.{i}.items.{j}", _("unknown item {item}", item=repr(item)))
        for j, text in enumerate(room.requirements):
            try:
                requirement = parse_requirement(text)
            except ValueError as error:
                fail(f"rooms.{i}.requirements.{j}", str(error))
                continue
            if requirement.kind == "item" and requirement.item not in items:
                fail(
                    f"rooms.{i}.requirements.{j}",
                    _("unknown item {item}", item=repr(requirement.item)),
                )
            requirements[text] = requirement
        for j, action_name in enumerate(room.actions):
            if action_name not in actions:
                fail(
                    f"rooms.{i}.actions.{j}",
                    _("unknown room action {action}", action=repr(action_name)),
                )
        rooms.append(
            Room(
                i,
                room.name,
                room.active,
                tuple(room.items),
                tuple(room.requirements),
                tuple(room.actions),
            )
        )
    for i, placement in enumerate(model.enemies):
        if placement.enemy not in enemies:
            fail(f"enemies.{i}.enemy", _("unknown enemy {enemy}", enemy=repr(placement.enemy)))
        if placement.room >= cells:
            fail(f"enemies.{i}.room", _("room {room} is off the grid", room=placement.room))
    for die_name, count in model.enemy_dice.items():
        if die_name not in dice:
            fail(f"enemy_dice.{die_name}", _("unknown die type {die}", die=repr(die_name)))
        if count < 0:
            fail(f"enemy_dice.{die_name}", _("a count cannot be negative"))
        if count > MAX_COUNT:
            fail(f"enemy_dice.{die_name}", _("more than {most} dice (the limit)", most=MAX_COUNT))
    for i, threshold in enumerate(model.thresholds):
        if threshold.enemy is not None and threshold.enemy not in enemies:
            fail(f"thresholds.{i}.enemy", _("unknown enemy {enemy}", enemy=repr(threshold.enemy)))
        if threshold.room is not None and threshold.room >= cells:
            fail(f"thresholds.{i}.room", _("room {room} is off the grid", room=threshold.room))
    objective = model.objective
    if objective.item is not None and objective.item not in items:
        fail("objective.item", _("unknown item {item}", item=repr(objective.item)))
    if objective.room is not None and objective.room >= cells:
        fail("objective.room", _("room {room} is off the grid", room=objective.room))
    if objective.enemy is not None and objective.enemy not in enemies:
        fail("objective.enemy", _("unknown enemy {enemy}", enemy=repr(objective.enemy)))

    if len(problems) > found:
        return None
    return Scenario(
        name=model.name,
        title=model.title,
        source=source,
        grid=RoomGrid(model.rows, model.cols),
        rooms=tuple(rooms),
        start_room=model.start_room,
        heroes=tuple(
            HeroSpec(
                h.name,
                h.max_health,
                h.strategy,
                tuple(h.dice),
                tuple(h.items),
                h.text,
                tuple(ability_spec(a) for a in h.abilities),
            )
            for h in (heroes[n] for n in model.heroes)
        ),
        enemies=tuple((p.enemy, p.room) for p in model.enemies),
        enemy_dice=tuple(sorted(model.enemy_dice.items())),
        recovery=model.recovery,
        round_limit=model.round_limit,
        objective=Objective(
            objective.kind, objective.item, objective.room, objective.enemy, objective.text
        ),
        thresholds=tuple(
            Threshold(t.at, t.effect, t.enemy, t.room, t.text)
            for t in sorted(model.thresholds, key=lambda t: t.at)
        ),
        dice=dice,
        enemy_specs={
            n: EnemySpec(e.name, e.health, tuple(e.damage), e.text) for n, e in enemies.items()
        },
        items={
            n: ItemSpec(i.name, i.effect, i.amount, i.uses, i.action, i.text)
            for n, i in items.items()
        },
        room_actions={
            n: RoomActionSpec(a.name, a.effect, a.amount, a.die, a.text) for n, a in actions.items()
        },
        requirements=requirements,
    )
