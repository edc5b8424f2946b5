"""A companion scenario: a library scenario (library.py) and the library it plays with.

Companion mode (DESIGN.md, "Companion mode") plays a published scenario whose
map is on the table, not in the file. The scenario and its content come from
a library folder (``rulekeeper haven import`` writes one; library.py reads
it): rooms and the rooms their doors reveal, monster rosters by party size,
the goal and the special rules; monsters with their ability decks (bosses
included), character classes and items.

A companion game names its scenario ``LIBRARY#ID``, so (scenario, seed,
actions) replays it. Bad input raises
:class:`~rulekeeper.core.errors.ContentError` naming the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.library import (
    Library,
    LibraryRoomSpec,
    LibraryScenario,
    Rank,
    load_library_scenario,
)
from rulekeeper.games.haven.scenario_format import (
    ClassSpec,
    ItemSpec,
    MonsterDeckSpec,
    MonsterTypeSpec,
)
from rulekeeper.i18n import _

SEPARATOR = "#"


@dataclass(frozen=True)
class CompanionScenario:
    """A library scenario and the library content it uses, cross-checked."""

    spec: LibraryScenario
    library: Library

    @property
    def ruleset(self) -> str:
        return "frosthaven" if self.spec.edition.lower() == "fh" else "gloomhaven"

    @property
    def title(self) -> str:
        number = f"#{self.spec.index} " if self.spec.index else ""
        return f"{number}{self.spec.name or self.spec.id}"

    @property
    def monster_types(self) -> dict[str, MonsterTypeSpec]:
        return self.library.monster_types

    @property
    def classes(self) -> dict[str, ClassSpec]:
        return self.library.classes

    @property
    def items(self) -> dict[str, ItemSpec]:
        return self.library.items

    def room(self, room_id: str) -> LibraryRoomSpec:
        return next(r for r in self.spec.rooms if r.id == room_id)

    def roster(self, room_id: str, characters: int) -> list[tuple[str, Rank]]:
        """HV-SCEN-1: the monsters a room reveals for this many characters."""
        return self.spec.roster(room_id, characters)

    def deck_of(self, monster_type: str) -> MonsterDeckSpec:
        return self.library.monster_decks[self.monster_types[monster_type].deck]

    def __deepcopy__(self, memo: dict[int, Any]) -> CompanionScenario:
        return self


def split_scenario_name(name: str) -> tuple[Path, str]:
    """``LIBRARY#ID`` -> (library folder, scenario id); ContentError names what is missing."""
    library, sep, scenario_id = name.rpartition(SEPARATOR)
    if not sep or not library or not scenario_id:
        raise ContentError(
            _("a companion scenario is named LIBRARY#ID, not {name}", name=repr(name)),
            field="scenario",
        )
    return Path(library), scenario_id


def scenario_name(library: Path | str, scenario_id: str) -> str:
    return f"{library}{SEPARATOR}{scenario_id}"


def load_companion_scenario(name: str) -> CompanionScenario:
    """Read ``LIBRARY#ID``: the scenario and its library, cross-checked."""
    folder, scenario_id = split_scenario_name(name)
    spec, library = load_library_scenario(folder, scenario_id)
    scenario = CompanionScenario(spec, library)
    check_scenario(scenario, str(folder / "scenarios" / f"{scenario_id}.json"))
    return scenario


def check_scenario(scenario: CompanionScenario, source: str | None) -> None:
    """What companion play needs beyond library.py's checks: rooms to play in. Whether a
    standee is a boss is its monster type's to say (HV-BOSS-1), whatever rank a
    placement gives it."""
    if not scenario.spec.rooms:
        raise ContentError(_("the scenario lists no rooms to play"), source=source, field="rooms")
