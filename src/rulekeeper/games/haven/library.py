"""A content library folder: monsters, classes, items and library scenarios.

``rulekeeper haven import`` writes one (ghs_library.py); companion play reads
one. The layout::

    LIBRARY/monsters/ID.json    haven-library/1: one monster type and its ability deck
    LIBRARY/classes/ID.json     haven-library/1: one character class
    LIBRARY/items/ID.json       haven-library/1: one item
    LIBRARY/scenarios/ID.json   haven-library-scenario/1 (:class:`LibraryScenario`)
    LIBRARY/report.json         haven-import-report/1 (:class:`ImportReport`)

A library scenario is a published scenario without its hex map: the map stays
on the players' table. It keeps what the engine needs to referee the rest:
its rooms and which rooms each one's doors lead to, the monsters each room
reveals for 2, 3 and 4 characters (HV-SCEN-1; one character places as two),
the objective figures, the goal where the data states it (HV-GOAL-1), and its
special rules as text the players resolve by hand (HV-SCEN-7).

Every file is validated on load; bad input raises
:class:`~rulekeeper.core.errors.ContentError` naming the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.core.documents import read_document, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.scaling import FormulaError, check_formula
from rulekeeper.games.haven.scenario_format import (
    ClassSpec,
    ItemSpec,
    LibrarySpec,
    MonsterDeckSpec,
    MonsterTypeSpec,
)
from rulekeeper.i18n import _

SCENARIO_FORMAT: Literal["haven-library-scenario/1"] = "haven-library-scenario/1"
REPORT_FORMAT: Literal["haven-import-report/1"] = "haven-import-report/1"
KINDS = ("monsters", "classes", "items", "scenarios")
MAX_LIBRARY_FILES = 5000
"""A library folder holds at most this many files of one kind (a bound on what is read)."""

PlayerCount = Annotated[int, Field(ge=2, le=4)]
Text = Annotated[str, Field(max_length=4000)]
Rank = Literal["normal", "elite", "boss"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlacementSpec(_Model):
    """One monster placement of a room: its rank for each party size (HV-SCEN-1).

    ``normal`` and ``elite`` list the character counts (2, 3, 4) for which the
    standee is placed as that rank; a ``boss`` is placed for every count. With
    one character the placement for two is used (HV-SCEN-1, solo play).
    """

    type: Annotated[str, Field(min_length=1, max_length=120)]
    """The monster type placed (one of the scenario's monsters)."""
    normal: tuple[PlayerCount, ...] = ()
    """Character counts (2, 3, 4) for which it is placed as a normal monster."""
    elite: tuple[PlayerCount, ...] = ()
    """Character counts for which it is placed as an elite."""
    boss: bool = False
    """A boss, placed for every character count."""
    marker: Annotated[str, Field(max_length=20)] = ""
    """The letter or number printed on the map for this placement, if any."""
    level_offset: Annotated[int, Field(ge=-7, le=7)] = 0
    """This standee plays this many levels above or below the monster level (a scenario
    rule, HV-SCEN-7; the level stays within 0-7)."""

    @model_validator(mode="after")
    def _one_rank_per_count(self) -> Self:
        if set(self.normal) & set(self.elite):
            raise ValueError(_("a placement is normal or elite for a party size, not both"))
        if self.boss and (self.normal or self.elite):
            raise ValueError(_("a boss placement is neither normal nor elite (HV-BOSS-1)"))
        if not (self.boss or self.normal or self.elite):
            raise ValueError(_("a placement places its monster for at least one party size"))
        return self

    def rank_for(self, characters: int) -> Rank | None:
        """HV-SCEN-1: the rank placed for this many characters, or None (no standee)."""
        players = max(2, characters)
        if self.boss:
            return "boss"
        if players in self.elite:
            return "elite"
        if players in self.normal:
            return "normal"
        return None


class ObjectiveFigureSpec(_Model):
    """An objective figure (an altar, a door to destroy, an escorted ally).

    ``hp`` is a number or a scenario equation in L and C (HV-SCEN-4).
    """

    name: Annotated[str, Field(min_length=1, max_length=120)]
    """The objective's name, shown to players."""
    hp: Annotated[int, Field(ge=1, le=999)] | Annotated[str, Field(min_length=1, max_length=80)]
    """Its hit points: a number or an equation in L and C (HV-SCEN-4)."""
    count: Annotated[int, Field(ge=1, le=20)] = 1
    """How many of it are placed."""
    escort: bool = False
    """An ally the characters protect rather than an obstacle to destroy."""
    marker: Annotated[str, Field(max_length=20)] = ""
    """The letter or number printed on the map for it, if any."""

    @model_validator(mode="after")
    def _hp_reads(self) -> Self:
        if isinstance(self.hp, str):
            try:
                check_formula(self.hp)
            except FormulaError as error:
                raise ValueError(_("hp: {error} (HV-SCEN-4)", error=error)) from None
        return self


class LibraryRoomSpec(_Model):
    """A room: its map tile, whether it is set up at the start, where its doors lead."""

    id: Annotated[str, Field(min_length=1, max_length=20)]
    """The room's id, named by other rooms' doors_to."""
    tile: Annotated[str, Field(max_length=20)] = ""
    """The map tile the room is on."""
    initial: bool = False
    """HV-SCEN-1: the starting room, set up before play."""
    doors_to: tuple[str, ...] = ()
    """HV-ROOM-1: rooms a door of this room reveals when a character opens it."""
    marker: Annotated[str, Field(max_length=20)] = ""
    """The letter or number printed on the map for the room, if any."""
    monsters: tuple[PlacementSpec, ...] = ()
    """The monsters the room reveals, per character count (HV-SCEN-1)."""
    objectives: tuple[Annotated[int, Field(ge=0, le=99)], ...] = ()
    """Indexes into the scenario's ``objectives`` placed when this room is revealed."""
    treasures: tuple[Annotated[str, Field(max_length=40)], ...] = ()
    """Treasure tiles in the room, by number."""


class GoalSpec(_Model):
    """HV-GOAL-1: how the scenario is won, where the data structures it; else ``by_hand``
    (the players read the goal from their scenario book and end the game themselves)."""

    kind: Literal["kill_all", "kill_boss", "by_hand"] = "by_hand"
    """kill_all, kill_boss, or by_hand (the players end the game themselves)."""
    text: Text = ""
    """The goal as printed, shown to the players."""
    survive_rounds: Annotated[int, Field(ge=0, le=99)] = 0
    """Won at the end of this round (0: not a goal of this scenario)."""
    round_limit: Annotated[int, Field(ge=0, le=99)] = 0
    """Lost at the end of this round unless won before (0: no limit)."""
    lose_if_dead: tuple[Annotated[str, Field(min_length=1, max_length=120)], ...] = ()
    """Objective figures (by name) whose death loses the scenario."""


class LibraryScenario(_Model):
    """A haven-library-scenario/1 document: a published scenario without its map."""

    format: Literal["haven-library-scenario/1"]
    """The file format and its version."""
    id: Annotated[str, Field(min_length=1, max_length=60)]
    """The scenario's id (the file's stem)."""
    index: Annotated[str, Field(max_length=20)] = ""
    """The scenario's number in its book."""
    name: Annotated[str, Field(max_length=200)] = ""
    """The scenario's name, shown to players."""
    edition: Annotated[str, Field(max_length=20)] = ""
    """The game edition it comes from."""
    monsters: tuple[Annotated[str, Field(min_length=1, max_length=120)], ...] = ()
    """Every monster type the scenario uses (its ability decks come with it)."""
    rooms: Annotated[tuple[LibraryRoomSpec, ...], Field(max_length=200)] = ()
    """The scenario's rooms, their doors and monsters."""
    objectives: tuple[ObjectiveFigureSpec, ...] = ()
    """Objective figures; rooms place them by index."""
    goal: GoalSpec = GoalSpec()
    """How the scenario is won (HV-GOAL-1)."""
    rules: tuple[Text, ...] = ()
    """Special rules (HV-SCEN-7), shown to the players to resolve by hand."""

    @model_validator(mode="after")
    def _rooms_fit(self) -> Self:
        ids = [room.id for room in self.rooms]
        if len(set(ids)) != len(ids):
            raise ValueError(_("room ids must be unique"))
        known = set(ids)
        used = set(self.monsters)
        for room in self.rooms:
            for other in room.doors_to:
                if other not in known:
                    raise ValueError(
                        _(
                            "room {id}: a door leads to unknown room {other}",
                            id=repr(room.id),
                            other=repr(other),
                        )
                    )
            for placement in room.monsters:
                if placement.type not in used:
                    raise ValueError(
                        _(
                            "room {id}: {type} is not in the scenario's monsters",
                            id=repr(room.id),
                            type=repr(placement.type),
                        )
                    )
            for objective in room.objectives:
                if objective >= len(self.objectives):
                    raise ValueError(
                        _(
                            "room {id}: no objective number {objective}",
                            id=repr(room.id),
                            objective=objective,
                        )
                    )
        if self.rooms and not any(room.initial for room in self.rooms):
            raise ValueError(_("a scenario with rooms names its starting room (initial = true)"))
        if self.goal.kind == "kill_boss" and not any(
            p.boss for room in self.rooms for p in room.monsters
        ):
            raise ValueError(_("goal kill_boss: no boss is placed in any room"))
        return self

    def roster(self, room_id: str, characters: int) -> list[tuple[str, Rank]]:
        """HV-SCEN-1: the monsters a room reveals for this many characters, in order."""
        room = next((r for r in self.rooms if r.id == room_id), None)
        if room is None:
            raise KeyError(room_id)
        out: list[tuple[str, Rank]] = []
        for placement in room.monsters:
            rank = placement.rank_for(characters)
            if rank is not None:
                out.append((placement.type, rank))
        return out


class ReportEntry(_Model):
    """What did not convert (``kind`` ``refused``) or converted to a step the players
    resolve by hand (``by_hand``), by file and field."""

    file: str
    field: str = ""
    kind: Literal["refused", "by_hand"]
    reason: str


class KindCount(_Model):
    converted: Annotated[int, Field(ge=0)] = 0
    total: Annotated[int, Field(ge=0)] = 0


class ImportReport(_Model):
    """A haven-import-report/1 document: counts per kind and every entry."""

    format: Literal["haven-import-report/1"]
    edition: str = ""
    counts: dict[str, KindCount] = {}
    entries: tuple[ReportEntry, ...] = ()


# -- reading a library folder ----------------------------------------------------------------


@dataclass
class Library:
    """Everything in a library folder, keyed by ID."""

    monster_types: dict[str, MonsterTypeSpec] = field(default_factory=dict)
    monster_decks: dict[str, MonsterDeckSpec] = field(default_factory=dict)
    classes: dict[str, ClassSpec] = field(default_factory=dict)
    items: dict[str, ItemSpec] = field(default_factory=dict)
    scenarios: dict[str, LibraryScenario] = field(default_factory=dict)

    def check_scenario(self, scenario: LibraryScenario, source: str | None = None) -> None:
        """Every monster type the scenario places is in the library, with its deck."""
        for n, name in enumerate(scenario.monsters):
            mtype = self.monster_types.get(name)
            if mtype is None:
                raise ContentError(
                    _("monster type {name} is not in the library", name=repr(name)),
                    source=source,
                    field=f"monsters.{n}",
                )
            if mtype.deck not in self.monster_decks:
                raise ContentError(
                    _(
                        "ability deck {deck} of {name} is not in the library",
                        deck=repr(mtype.deck),
                        name=repr(name),
                    ),
                    source=source,
                    field=f"monsters.{n}",
                )
            actions = [a for c in self.monster_decks[mtype.deck].cards for a in c.actions]
            for action in (*actions, *mtype.special_1, *mtype.special_2):
                if action.type == "summon" and action.summon not in self.monster_types:
                    raise ContentError(
                        _(
                            "{name} summons {summon}, which is not in the library (HV-MON-SUM-1)",
                            name=repr(name),
                            summon=repr(action.summon),
                        ),
                        source=source,
                        field=f"monsters.{n}",
                    )


def _files(folder: Path, kind: str) -> list[Path]:
    where = folder / kind
    if not where.is_dir():
        return []
    found = sorted(p for p in where.iterdir() if p.suffix == ".json")
    if len(found) > MAX_LIBRARY_FILES:
        raise ContentError(
            _("more than {most} files", most=MAX_LIBRARY_FILES),
            source=str(where),
            field=kind,
        )
    return found


def read_scenario_file(path: Path) -> LibraryScenario:
    """One haven-library-scenario/1 file."""
    return parse_library_scenario(read_document(path, "json"), str(path))


def parse_library_scenario(data: object, source: str | None = None) -> LibraryScenario:
    return validate(LibraryScenario, data, source)


def scenario_ids(folder: Path) -> list[str]:
    """The scenarios of a library folder, by file stem."""
    return [p.stem for p in _files(folder, "scenarios")]


def load_library(folder: Path) -> Library:
    """Read and validate a whole library folder (ContentError names the file and field)."""
    if not folder.is_dir():
        raise ContentError(_("no such library folder"), source=str(folder))
    library = Library()
    for kind in ("monsters", "classes", "items"):
        for path in _files(folder, kind):
            part = validate(LibrarySpec, read_document(path, "json"), str(path))
            library.monster_types.update(part.monster_types)
            library.monster_decks.update(part.monster_decks)
            library.classes.update(part.classes)
            library.items.update(part.items)
    for path in _files(folder, "scenarios"):
        scenario = read_scenario_file(path)
        library.scenarios[scenario.id] = scenario
    return library


def load_library_scenario(folder: Path, scenario_id: str) -> tuple[LibraryScenario, Library]:
    """A scenario of a library folder and the library it plays with, cross-checked."""
    library = load_library(folder)
    scenario = library.scenarios.get(scenario_id)
    if scenario is None:
        known = ", ".join(sorted(library.scenarios)[:20])
        raise ContentError(
            _(
                "no scenario {scenario_id} in the library (some known: {known})",
                scenario_id=repr(scenario_id),
                known=known,
            ),
            source=str(folder),
            field="scenario",
        )
    library.check_scenario(scenario, str(folder / "scenarios" / f"{scenario_id}.json"))
    return scenario, library


def read_report(folder: Path) -> ImportReport:
    return validate(ImportReport, read_document(folder / "report.json", "json"), None)


def library_document(**tables: dict[str, Any]) -> dict[str, Any]:
    """A haven-library/1 JSON value with the given tables (model objects dumped)."""
    out: dict[str, Any] = {"format": "haven-library/1"}
    for name, table in tables.items():
        out[name] = {k: v.model_dump(mode="json", exclude_defaults=True) for k, v in table.items()}
    return out
