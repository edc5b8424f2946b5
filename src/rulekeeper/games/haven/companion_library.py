"""A companion scenario and the content it draws on, read from a library folder.

Companion mode (DESIGN.md, "Companion mode") plays a published scenario whose
map is on the table, not in the file: a scenario here is its rooms, the doors
between them, each room's monster roster by party size, loot tokens and
treasures, the objective and its special rules. The monsters (stats and ability
decks, bosses included), character classes and items come from the library the
scenario sits in::

    LIBRARY/monsters/*.json   haven-library/1 documents (monster_types, monster_decks)
    LIBRARY/classes/*.json    haven-library/1 documents (classes)
    LIBRARY/items/*.json      haven-library/1 documents (items)
    LIBRARY/scenarios/ID.json haven-companion-scenario/1

A game names its scenario ``LIBRARY#ID``. Bad input raises
:class:`~rulekeeper.core.errors.ContentError` naming the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.documents import read_document, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.scenario_format import (
    ClassSpec,
    ItemSpec,
    LibrarySpec,
    MonsterDeckSpec,
    MonsterTypeSpec,
    parse_library,
)

FORMAT = "haven-companion-scenario/1"
SEPARATOR = "#"
MAX_LIBRARY_FILES = 2000
"""Files read from one library folder kind; a huge folder is refused, not walked forever."""

NonNegative = Annotated[int, Field(ge=0)]
PlayerCount = Annotated[int, Field(ge=1, le=4)]
Name = Annotated[str, Field(min_length=1, max_length=120)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        return self


class RosterEntry(_Model):
    """A monster standee of a room: normal for the party sizes in ``normal``, elite in
    ``elite``; a boss is listed in ``normal`` (HV-BOSS-1)."""

    type: Name
    normal: tuple[PlayerCount, ...] = ()
    elite: tuple[PlayerCount, ...] = ()

    @model_validator(mode="after")
    def _one_rank_per_size(self) -> RosterEntry:
        both = set(self.normal) & set(self.elite)
        if both:
            raise ValueError(f"normal and elite both list {min(both)} players")
        return self


class CompanionRoom(_Model):
    """A map tile of the scenario: ``initial`` rooms are set up at the start; ``opens``
    are the rooms behind its doors (HV-ROOM-1)."""

    id: Name
    initial: bool = False
    opens: tuple[Name, ...] = ()
    monsters: Annotated[tuple[RosterEntry, ...], Field(max_length=40)] = ()
    loot: Annotated[int, Field(ge=0, le=40)] = 0
    """Money ([GH]) or loot ([FH]) tokens set out with the room (HV-LOOT-1)."""
    treasures: tuple[Name, ...] = ()


class CompanionTreasure(_Model):
    """A treasure tile (HV-LOOT-6): gold, an item, or text the players resolve."""

    id: Name
    gold: NonNegative = 0
    item: str | None = None
    text: str = ""


class CompanionRule(_Model):
    """A special rule: its text, and when the engine shows it (HV-SCEN-7): at the start
    of ``round``, when ``room`` is revealed, or (neither) from the start."""

    text: Annotated[str, Field(min_length=1, max_length=2000)]
    round: Annotated[int, Field(ge=0, le=99)] = 0
    room: str = ""


class CompanionObjective(_Model):
    """HV-GOAL-1: ``kill_all`` (every room revealed, no monster left), ``kill_boss``
    (every boss dead), or ``custom``: the players declare the result, ``text`` says when."""

    kind: Literal["kill_all", "kill_boss", "custom"] = "kill_all"
    text: str = ""


class CompanionScenarioSpec(_Model):
    """A whole haven-companion-scenario/1 document."""

    format: Literal["haven-companion-scenario/1"]
    id: Name
    title: str = ""
    edition: Literal["gh", "fh"] = "gh"
    rooms: Annotated[tuple[CompanionRoom, ...], Field(min_length=1, max_length=60)]
    treasures: tuple[CompanionTreasure, ...] = ()
    objective: CompanionObjective = CompanionObjective()
    rules: Annotated[tuple[CompanionRule, ...], Field(max_length=60)] = ()
    round_limit: Annotated[int, Field(ge=0, le=99)] = 0


@dataclass(frozen=True)
class CompanionScenario:
    """A scenario and the library content it uses, cross-checked."""

    spec: CompanionScenarioSpec
    monster_types: dict[str, MonsterTypeSpec]
    monster_decks: dict[str, MonsterDeckSpec]
    classes: dict[str, ClassSpec]
    items: dict[str, ItemSpec]

    @property
    def ruleset(self) -> str:
        return "frosthaven" if self.spec.edition == "fh" else "gloomhaven"

    def room(self, room_id: str) -> CompanionRoom:
        return next(r for r in self.spec.rooms if r.id == room_id)

    def deck_of(self, monster_type: str) -> MonsterDeckSpec:
        return self.monster_decks[self.monster_types[monster_type].deck]

    def __deepcopy__(self, memo: dict[int, Any]) -> CompanionScenario:
        return self


def split_scenario_name(name: str) -> tuple[Path, str]:
    """``LIBRARY#ID`` -> (library folder, scenario id); ContentError names what is missing."""
    library, sep, scenario_id = name.rpartition(SEPARATOR)
    if not sep or not library or not scenario_id:
        raise ContentError(
            f"a companion scenario is named LIBRARY{SEPARATOR}ID, not {name!r}", field="scenario"
        )
    return Path(library), scenario_id


def scenario_name(library: Path | str, scenario_id: str) -> str:
    return f"{library}{SEPARATOR}{scenario_id}"


def _library_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    found = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    if len(found) > MAX_LIBRARY_FILES:
        raise ContentError(f"more than {MAX_LIBRARY_FILES} files", source=str(folder))
    return found


def read_library(library: Path) -> LibrarySpec:
    """Every haven-library/1 file under monsters/, classes/ and items/, merged by ID."""
    if not library.is_dir():
        raise ContentError("no such library folder", source=str(library), field="--library")
    merged: dict[str, dict[str, Any]] = {
        "classes": {},
        "monster_types": {},
        "monster_decks": {},
        "items": {},
    }
    for kind in ("monsters", "classes", "items"):
        for path in _library_files(library / kind):
            part = parse_library(read_document(path, "json"), str(path))
            for field in merged:
                for key, value in getattr(part, field).items():
                    if key in merged[field]:
                        raise ContentError(
                            f"{key!r} is defined twice", source=str(path), field=field
                        )
                    merged[field][key] = value
    return LibrarySpec(format="haven-library/1", **merged)


def scenario_ids(library: Path) -> list[str]:
    """The scenarios a library holds, by file stem."""
    return [p.stem for p in _library_files(library / "scenarios")]


def load_companion_scenario(name: str) -> CompanionScenario:
    """Read ``LIBRARY#ID``: the scenario file and the library content, cross-checked."""
    library, scenario_id = split_scenario_name(name)
    content = read_library(library)
    path = library / "scenarios" / f"{scenario_id}.json"
    if scenario_id not in scenario_ids(library):
        known = ", ".join(scenario_ids(library)) or "none"
        raise ContentError(f"no scenario {scenario_id!r} (known: {known})", field="--scenario")
    spec = validate(CompanionScenarioSpec, read_document(path, "json"), str(path))
    scenario = CompanionScenario(
        spec,
        dict(content.monster_types),
        dict(content.monster_decks),
        dict(content.classes),
        dict(content.items),
    )
    check_scenario(scenario, str(path))
    return scenario


def check_scenario(scenario: CompanionScenario, source: str | None) -> None:
    """Cross references: rooms, monster types and their decks, treasures, rules."""
    spec = scenario.spec

    def fail(message: str, field: str) -> ContentError:
        return ContentError(message, source=source, field=field)

    rooms = [r.id for r in spec.rooms]
    if len(set(rooms)) != len(rooms):
        raise fail("room ids must be unique", "rooms")
    if not any(r.initial for r in spec.rooms):
        raise fail("no room is set up at the start (initial)", "rooms")
    treasures = {t.id for t in spec.treasures}
    for n, room in enumerate(spec.rooms):
        for k, opened in enumerate(room.opens):
            if opened not in rooms:
                raise fail(f"unknown room {opened!r}", f"rooms.{n}.opens.{k}")
        for k, entry in enumerate(room.monsters):
            mtype = scenario.monster_types.get(entry.type)
            if mtype is None:
                raise fail(f"unknown monster type {entry.type!r}", f"rooms.{n}.monsters.{k}.type")
            if mtype.deck not in scenario.monster_decks:
                raise fail(f"{entry.type!r} has no ability deck {mtype.deck!r}", f"rooms.{n}")
            if mtype.boss and entry.elite:
                raise fail(
                    "HV-BOSS-1: a boss is neither normal nor elite", f"rooms.{n}.monsters.{k}"
                )
        for k, treasure in enumerate(room.treasures):
            if treasure not in treasures:
                raise fail(f"unknown treasure {treasure!r}", f"rooms.{n}.treasures.{k}")
    for n, tile in enumerate(spec.treasures):
        if tile.item is not None and tile.item not in scenario.items:
            raise fail(f"unknown item {tile.item!r}", f"treasures.{n}.item")
    for n, rule in enumerate(spec.rules):
        if rule.room and rule.room not in rooms:
            raise fail(f"unknown room {rule.room!r}", f"rules.{n}.room")
    if spec.objective.kind == "kill_boss":
        bosses = [
            e.type for r in spec.rooms for e in r.monsters if scenario.monster_types[e.type].boss
        ]
        if not bosses:
            raise fail("a kill_boss objective needs a boss in a room's roster", "objective.kind")
