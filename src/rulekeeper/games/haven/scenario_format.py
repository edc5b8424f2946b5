"""haven-scenario/1: a playable scenario, character classes and monsters, validated on load.

A scenario file (TOML, or JSON with the same shape) embeds a haven-board/1
:class:`~rulekeeper.games.haven.board_format.MapSpec` under ``[map]`` and adds
the scenario level, the party, rooms revealed when a door opens, monster
standees per player count, the objective and special-rule notes. Character
classes (``[classes.ID]``), monster types (``[monster_types.ID]``) and monster
ability decks (``[monster_decks.ID]``) may be given inline; the shipped ones in
``content/haven/classes.toml`` and ``content/haven/monsters.toml`` are always
available and inline definitions override them by ID.

Abilities on cards share one small structured vocabulary
(:class:`AbilitySpec`). On a character card the values are absolute; on a
monster ability card ``move`` and ``attack`` values are added to the
monster's base stats, as is ``range`` for a monster whose base range is not 0
(docs/games/haven.md, "File formats").

Bad input raises :class:`~rulekeeper.core.errors.ContentError` naming the
file and the field (``classes.warden.cards.3.top.actions.0.type``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.documents import parse_document, read_text, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.board_format import HexSpec, MapSpec, check_map
from rulekeeper.games.haven.conditions import CONDITIONS

FORMAT = "haven-scenario/1"

NonNegative = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Element = Literal["fire", "ice", "air", "earth", "light", "dark"]
AbilityKind = Literal[
    "move", "attack", "heal", "shield", "retaliate", "summon", "infuse", "condition", "loot"
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AbilitySpec(_Model):
    """One action of an ability: ``{type = "attack", value = 3, range = 2}``.

    - ``move``: ``value`` hexes; ``jump`` / ``flying`` (HV-MOVE-3, HV-MOVE-4).
    - ``attack``: ``value``, ``range`` (0 = melee), ``targets``, ``pierce``,
      ``conditions`` added to each target, ``aoe`` area hexes (monsters only);
      ``element`` + ``consume_bonus``: consume that element for +bonus attack;
      ``push`` / ``pull``: move each target that many hexes after its attack.
    - ``heal``: ``value``, ``range`` (0 = self); ``shield``: ``value`` this round.
    - ``summon``: ``summon`` names the class's summon on a character card, a
      monster type on a monster card (HV-SUM-1); ``elite`` summons an elite.
    - ``infuse``: ``element`` becomes strong at the end of the turn.
    - ``condition``: ``conditions`` on the acting figure itself.
    - ``retaliate``: ``value``, ``range`` (0 = adjacent attackers), until the end
      of the round.
    - ``loot`` is part of the format but not of the engine yet.
    """

    type: AbilityKind
    value: int = 0
    range: int = 0
    targets: Positive = 1
    pierce: NonNegative = 0
    conditions: tuple[str, ...] = ()
    aoe: tuple[HexSpec, ...] = ()
    jump: bool = False
    flying: bool = False
    element: Element | None = None
    consume_bonus: NonNegative = 0
    summon: str | None = None
    elite: bool = False
    push: NonNegative = 0
    pull: NonNegative = 0

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> AbilitySpec:
        for name in self.conditions:
            if name not in CONDITIONS:
                raise ValueError(f"unknown condition {name!r} (known: {', '.join(CONDITIONS)})")
        if self.type == "summon" and not self.summon:
            raise ValueError("a summon action names its summon")
        if self.type == "infuse" and self.element is None:
            raise ValueError("an infuse action names its element")
        if (self.push or self.pull) and self.type != "attack":
            raise ValueError("push and pull are added effects of an attack")
        if self.push and self.pull:
            raise ValueError("an attack pushes or pulls, not both")
        return self


class BonusSpec(_Model):
    """A round or persistent bonus (HV-BONUS-1..4): what it gives while active.

    On a card half it is the action's bonus icon: the card goes to the active area
    (bonuses.py). Items carrying a bonus use the same model.
    """

    duration: Literal["round", "persistent"]
    shield: NonNegative = 0
    retaliate: NonNegative = 0
    retaliate_range: NonNegative = 0
    """0: retaliate against adjacent attackers only (HV-RET-1)."""
    attack: int = 0
    """Added to each of the bearer's attacks while active ("+1 on your next attacks")."""
    uses: NonNegative = 0
    """Use slots (HV-BONUS-3): an ``attack`` bonus uses one per attack the bearer makes,
    a shield or retaliate bonus one per attack on the bearer; 0 means no slots."""
    experience: tuple[Positive, ...] = ()
    """The slots (1-based) showing an experience icon."""
    rounds: NonNegative = 0
    """[FH] the bonus lasts this many rounds after the one it is played in (0: no limit)."""

    @model_validator(mode="after")
    def _consistent(self) -> BonusSpec:
        if self.duration == "round" and (self.uses or self.rounds):
            raise ValueError("a round bonus has neither use slots nor a count of rounds")
        if self.uses and not (self.shield or self.retaliate or self.attack):
            raise ValueError("use slots need a shield, retaliate or attack bonus to trigger them")
        for slot in self.experience:
            if slot > self.uses:
                raise ValueError(f"experience slot {slot} is beyond the {self.uses} use slots")
        if self.retaliate_range and not self.retaliate:
            raise ValueError("retaliate_range needs a retaliate value")
        return self


class HalfSpec(_Model):
    """The top or bottom half of a character's ability card (HV-CARD-3, HV-CARD-4)."""

    actions: tuple[AbilitySpec, ...] = ()
    lost: bool = False
    """HV-CARD-4: performing this half sends the card to the lost pile."""
    bonus: BonusSpec | None = None
    """HV-BONUS-1: the round or persistent bonus icon; the card goes to the active area."""
    experience: NonNegative = 0
    """HV-CHAR-3: experience gained when any ability of this half is performed."""


class CardSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    name: str = ""
    initiative: Annotated[int, Field(ge=1, le=99)]
    top: HalfSpec
    bottom: HalfSpec


class SummonSpec(_Model):
    """A character summon's printed stats (HV-SUM-2)."""

    name: str = ""
    hp: Positive
    move: NonNegative = 2
    attack: NonNegative = 1
    range: NonNegative = 0
    flying: bool = False


class ClassSpec(_Model):
    """A character class: hit points per level (index 0 = level 1), hand size, cards, summons."""

    name: str
    hp: Annotated[tuple[Positive, ...], Field(min_length=1)]
    hand_size: Annotated[int, Field(ge=2)]
    cards: Annotated[tuple[CardSpec, ...], Field(min_length=2)]
    summons: dict[str, SummonSpec] = {}

    @model_validator(mode="after")
    def _cards_fit(self) -> ClassSpec:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        if self.hand_size > len(self.cards):
            raise ValueError(f"hand_size {self.hand_size} exceeds the {len(self.cards)} cards")
        for card in self.cards:
            for half in (card.top, card.bottom):
                for act in half.actions:
                    if act.type == "summon" and act.summon not in self.summons:
                        raise ValueError(f"card {card.id!r} summons unknown {act.summon!r}")
        return self


class MonsterStats(_Model):
    hp: Positive
    move: NonNegative = 0
    attack: NonNegative = 0
    range: NonNegative = 0
    shield: NonNegative = 0
    retaliate: NonNegative = 0
    """Retaliate on the stat card, always active (retaliate.py)."""
    retaliate_range: NonNegative = 0
    """0: against adjacent attackers only."""


class MonsterTypeSpec(_Model):
    """A monster type: stats per scenario level (index = level), normal and elite (HV-INIT-4)."""

    name: str
    deck: str
    flying: bool = False
    immunities: tuple[str, ...] = ()
    """HV-COND-3: conditions this type never gains (bless and curse: no card is added)."""
    normal: Annotated[tuple[MonsterStats, ...], Field(min_length=1)]
    elite: Annotated[tuple[MonsterStats, ...], Field(min_length=1)]

    @model_validator(mode="after")
    def _known_immunities(self) -> MonsterTypeSpec:
        for name in self.immunities:
            if name not in CONDITIONS:
                raise ValueError(f"unknown condition {name!r} (known: {', '.join(CONDITIONS)})")
        return self


class MonsterCardSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    initiative: Annotated[int, Field(ge=1, le=99)]
    shuffle: bool = False
    actions: tuple[AbilitySpec, ...] = ()


class MonsterDeckSpec(_Model):
    cards: Annotated[tuple[MonsterCardSpec, ...], Field(min_length=1)]


class RoomSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    hexes: Annotated[tuple[HexSpec, ...], Field(min_length=1)]


class DoorSpec(_Model):
    """A door hex; a character entering it opens it and reveals ``opens``."""

    hex: HexSpec
    opens: tuple[str, ...]


class StandeeSpec(_Model):
    """A monster standee: normal for the player counts in ``normal``, elite in ``elite``."""

    type: str
    hex: HexSpec
    normal: tuple[Annotated[int, Field(ge=1, le=4)], ...] = (2, 3, 4)
    elite: tuple[Annotated[int, Field(ge=1, le=4)], ...] = ()


class ObjectiveSpec(_Model):
    kind: Literal["kill_all", "reach", "survive"] = "kill_all"
    hexes: tuple[HexSpec, ...] = ()
    rounds: NonNegative = 0


class PerkSpec(_Model):
    """HV-DECK-2: one perk: modifier cards it removes from and adds to the deck."""

    remove: dict[str, Positive] = {}
    add: dict[str, Positive] = {}
    text: str = ""
    """The perk as printed, for the players."""


class CharacterSpec(_Model):
    """What a character brings into this scenario beyond its class (HV-DECK-2, HV-DECK-3)."""

    perks: tuple[PerkSpec, ...] = ()
    scenario_cards: dict[str, Positive] = {}
    """HV-DECK-3: cards shuffled in for this scenario only (e.g. bought blessings:
    ``{ bless = 2 }``); bless and curse come out of the shared supply."""


class ScenarioSpec(_Model):
    """A whole haven-scenario/1 document."""

    format: Literal["haven-scenario/1"]
    name: Annotated[str, Field(min_length=1)]
    title: str = ""
    level: Annotated[int, Field(ge=0, le=7)] = 1
    character_level: Annotated[int, Field(ge=1, le=9)] = 1
    party: Annotated[tuple[str, ...], Field(min_length=1, max_length=4)]
    start_hexes: tuple[HexSpec, ...]
    map: MapSpec
    rooms: tuple[RoomSpec, ...] = ()
    doors: tuple[DoorSpec, ...] = ()
    monsters: tuple[StandeeSpec, ...] = ()
    objective: ObjectiveSpec = ObjectiveSpec()
    special_rules: tuple[str, ...] = ()
    characters: dict[str, CharacterSpec] = {}
    """Per class in the party: its perks and scenario cards (HV-DECK-2, HV-DECK-3)."""
    modifier_cards: dict[str, dict[str, Any]] = {}
    """Attack modifier cards of the scenario's own (perk cards), with the fields of
    ``content/haven/modifier-decks.toml``."""
    classes: dict[str, ClassSpec] = {}
    monster_types: dict[str, MonsterTypeSpec] = {}
    monster_decks: dict[str, MonsterDeckSpec] = {}


class LibrarySpec(_Model):
    """A content library file: classes, monster types and decks only."""

    format: Literal["haven-library/1"]
    classes: dict[str, ClassSpec] = {}
    monster_types: dict[str, MonsterTypeSpec] = {}
    monster_decks: dict[str, MonsterDeckSpec] = {}


# -- reading files ----------------------------------------------------------------


def _content_text(name: str) -> str:
    return resources.files("rulekeeper.content").joinpath("haven", name).read_text("utf-8")


_LIBRARY: LibrarySpec | None = None


def shipped_library() -> LibrarySpec:
    """The shipped classes and monsters (classes.toml, monsters.toml), read once."""
    global _LIBRARY
    if _LIBRARY is None:
        merged: dict[str, dict[str, Any]] = {
            "classes": {},
            "monster_types": {},
            "monster_decks": {},
        }
        for name in ("classes.toml", "monsters.toml"):
            library = parse_library(parse_document(_content_text(name), name), name)
            merged["classes"].update(library.classes)
            merged["monster_types"].update(library.monster_types)
            merged["monster_decks"].update(library.monster_decks)
        _LIBRARY = LibrarySpec(format="haven-library/1", **merged)
    return _LIBRARY


def parse_library(data: object, source: str | None = None) -> LibrarySpec:
    return validate(LibrarySpec, data, source)


def parse_scenario(data: object, source: str | None = None) -> ScenarioSpec:
    """Validate a haven-scenario/1 value and its cross references; ContentError names the field."""
    spec = validate(ScenarioSpec, data, source)
    check_map(spec.map, source)
    library = shipped_library()
    classes = {**library.classes, **spec.classes}
    types = {**library.monster_types, **spec.monster_types}
    decks = {**library.monster_decks, **spec.monster_decks}
    spec = spec.model_copy(
        update={"classes": classes, "monster_types": types, "monster_decks": decks}
    )
    _check_references(spec, source)
    return spec


def _check_references(spec: ScenarioSpec, source: str | None) -> None:
    on_map = set(spec.map.hexes)

    def fail(message: str, field: str) -> ContentError:
        return ContentError(message, source=source, field=field)

    for n, cls in enumerate(spec.party):
        if cls not in spec.classes:
            raise fail(f"unknown class {cls!r}", f"party.{n}")
        if spec.character_level > len(spec.classes[cls].hp):
            raise fail(f"class {cls!r} has no hit points for that level", "character_level")
    if len(set(spec.party)) != len(spec.party):
        raise fail("a class may join the party once", "party")
    _check_perks(spec, source)
    if len(spec.start_hexes) < len(spec.party):
        raise fail("fewer start hexes than characters", "start_hexes")
    rooms = {room.id for room in spec.rooms}
    in_rooms: set[tuple[int, int]] = set()
    for n, room in enumerate(spec.rooms):
        for h in room.hexes:
            if h not in on_map:
                raise fail(f"{list(h)} is not on the map", f"rooms.{n}.hexes")
            in_rooms.add(h)
    for n, door in enumerate(spec.doors):
        if door.hex not in on_map or door.hex in in_rooms:
            raise fail("a door stands on a map hex outside every room", f"doors.{n}.hex")
        for opened in door.opens:
            if opened not in rooms:
                raise fail(f"unknown room {opened!r}", f"doors.{n}.opens")
    for n, h in enumerate(spec.start_hexes):
        if h not in on_map or h in in_rooms:
            raise fail(f"{list(h)} is not in the starting area", f"start_hexes.{n}")
    for name, mtype in spec.monster_types.items():
        if mtype.deck not in spec.monster_decks:
            raise fail(f"unknown ability deck {mtype.deck!r}", f"monster_types.{name}.deck")
    for name, deck in spec.monster_decks.items():
        for c, mcard in enumerate(deck.cards):
            for a, act in enumerate(mcard.actions):
                summoned = spec.monster_types.get(act.summon or "")
                where = f"monster_decks.{name}.cards.{c}.actions.{a}.summon"
                if act.type == "summon" and summoned is None:
                    raise fail(f"unknown monster type {act.summon!r}", where)
                if summoned is not None and spec.level >= min(
                    len(summoned.normal), len(summoned.elite)
                ):
                    raise fail(f"{act.summon!r} has no stats for level {spec.level}", where)
    for n, standee in enumerate(spec.monsters):
        found = spec.monster_types.get(standee.type)
        if found is None:
            raise fail(f"unknown monster type {standee.type!r}", f"monsters.{n}.type")
        mtype = found
        if standee.hex not in on_map:
            raise fail(f"{list(standee.hex)} is not on the map", f"monsters.{n}.hex")
        if spec.level >= min(len(mtype.normal), len(mtype.elite)):
            raise fail(f"no stats for level {spec.level}", f"monster_types.{standee.type}")
    for n, h in enumerate(spec.objective.hexes):
        if h not in on_map:
            raise fail(f"{list(h)} is not on the map", f"objective.hexes.{n}")
    if spec.objective.kind == "reach" and not spec.objective.hexes:
        raise fail("a reach objective lists its hexes", "objective.hexes")
    if spec.objective.kind == "survive" and spec.objective.rounds < 1:
        raise fail("a survive objective gives its rounds", "objective.rounds")


def _check_perks(spec: ScenarioSpec, source: str | None) -> None:
    """HV-DECK-2, HV-DECK-3: every character's deck can be built from its perks."""
    from rulekeeper.games.haven.perks import deck_with_perks, scenario_catalog

    catalog = scenario_catalog(spec.modifier_cards, source)
    for cls, character in spec.characters.items():
        if cls not in spec.party:
            raise ContentError(
                f"{cls!r} is not in the party", source=source, field=f"characters.{cls}"
            )
        deck_with_perks(
            character.perks, catalog, None, source=source, field=f"characters.{cls}.perks"
        )
        for card_id in character.scenario_cards:
            if card_id not in catalog and card_id not in ("null", "miss"):
                raise ContentError(
                    f"unknown modifier card {card_id!r}",
                    source=source,
                    field=f"characters.{cls}.scenario_cards.{card_id}",
                )


def load_scenario_text(text: str, source: str) -> ScenarioSpec:
    return parse_scenario(parse_document(text, source), source)


def shipped_scenario_names() -> list[str]:
    """The scenarios in content/haven/scenarios/, by file stem."""
    folder = resources.files("rulekeeper.content").joinpath("haven", "scenarios")
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


def load_scenario(name_or_path: str) -> ScenarioSpec:
    """A shipped scenario by name, or a user's scenario file by path (TOML or JSON)."""
    if name_or_path in shipped_scenario_names():
        filename = f"{name_or_path}.toml"
        return load_scenario_text(_content_text(f"scenarios/{filename}"), filename)
    path = Path(name_or_path)
    if not path.exists():
        known = ", ".join(shipped_scenario_names())
        raise ContentError(
            f"no shipped scenario of that name (known: {known}) and no such file",
            source=name_or_path,
        )
    return load_scenario_text(read_text(path), str(path))
