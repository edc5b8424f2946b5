"""Every content and scenario file kind of every game family, and how to tell them apart.

A file says what it is in its ``format`` field (``format = "rulekeeper-areas/1"``);
:func:`detect` finds the kind from it, or from ``--game`` where a format is
shared or absent (the areas catalog has none; haven's modifier deck files and
card catalog both say ``format = 1``). Models and checks are named as
``module:attribute`` and imported when used, so listing the kinds imports no
game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.i18n import _

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rulekeeper.core.problems import Problems

FAMILIES = ("haven", "salvage", "ether", "areas")

SemanticCheck = Callable[[Any, Any, str, "Problems"], None]
"""``check(model, data, source, problems)``: cross references of a schema-valid file."""


def _load(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@dataclass(frozen=True, slots=True)
class FileKind:
    """One kind of file a game reads: its format value, its pydantic model, its checks."""

    family: str
    name: str
    format: str | int | None
    summary: str
    model_path: str
    check_path: str | None = None
    example: str | None = None
    """A shipped file of this kind, relative to ``rulekeeper/content`` (for the docs)."""
    needs_keys: frozenset[str] = field(default_factory=frozenset)
    """Top-level keys that tell this kind from another of the same format."""
    refuses_keys: frozenset[str] = field(default_factory=frozenset)
    reads: frozenset[str] = frozenset({"toml"})
    """The syntaxes the game reads files of this kind in (``toml``, ``json``)."""

    @property
    def label(self) -> str:
        return f"{self.family} {self.name}"

    @property
    def format_text(self) -> str:
        if self.format is None:
            return _("(no format field)")
        return f"format = {self.format!r}".replace("'", '"')

    def model(self) -> type[BaseModel]:
        """The file's pydantic model (``model_path`` names the class, or a function that
        builds it on first need)."""
        found = _load(self.model_path)
        model: type[BaseModel] = found if isinstance(found, type) else found()
        return model

    def semantic_check(self) -> SemanticCheck | None:
        if self.check_path is None:
            return None
        check: SemanticCheck = _load(self.check_path)
        return check

    def fits(self, data: Mapping[str, Any]) -> bool:
        keys = set(data)
        return self.needs_keys <= keys and not (self.refuses_keys & keys)


_CHECKS = "rulekeeper.authoring.semantics"

KINDS: tuple[FileKind, ...] = (
    FileKind(
        "haven",
        "scenario",
        "haven-scenario/1",
        "A playable scenario: map, party, rooms and doors, monsters, objective, rules; "
        "may define classes, monsters, decks and items of its own.",
        "rulekeeper.games.haven.scenario_format:ScenarioSpec",
        f"{_CHECKS}:haven_scenario",
        "haven/scenarios/sunken-larder.toml",
        reads=frozenset({"toml", "json"}),
    ),
    FileKind(
        "haven",
        "library",
        "haven-library/1",
        "Character classes, monster types, monster ability decks and items.",
        "rulekeeper.games.haven.scenario_format:LibrarySpec",
        f"{_CHECKS}:haven_library",
        "haven/items.toml",
        reads=frozenset({"toml", "json"}),
    ),
    FileKind(
        "haven",
        "library-scenario",
        "haven-library-scenario/1",
        "A published scenario without its map (a library folder's scenarios/ID.json): "
        "rooms and doors, monsters per party size, objectives, goal, rules as text.",
        "rulekeeper.games.haven.library:LibraryScenario",
        reads=frozenset({"json"}),
    ),
    FileKind(
        "haven",
        "board",
        "haven-board/1",
        "A hex map, its figures and one monster turn (JSON), for `haven monster-move`.",
        "rulekeeper.games.haven.board_format:BoardSpec",
        f"{_CHECKS}:haven_board",
        reads=frozenset({"json"}),
    ),
    FileKind(
        "haven",
        "deck",
        1,
        "An attack modifier deck as a player holds it now, for `haven odds`.",
        "rulekeeper.games.haven.attack_deck_file:DeckFileModel",
        f"{_CHECKS}:haven_deck",
        refuses_keys=frozenset({"standard_deck"}),
        reads=frozenset({"toml", "json"}),
    ),
    FileKind(
        "haven",
        "modifier-cards",
        1,
        "The attack modifier card catalog and the standard deck (HV-MOD-1).",
        f"{_CHECKS}:haven_modifier_cards_model",
        f"{_CHECKS}:haven_modifier_cards",
        "haven/modifier-decks.toml",
        needs_keys=frozenset({"standard_deck"}),
    ),
    FileKind(
        "salvage",
        "scenario",
        "salvage-scenario/1",
        "A scenario: the room grid, heroes, enemies, the enemy dice supply, noise "
        "thresholds, objective and round limit; may add catalog entries of its own.",
        "rulekeeper.games.salvage.content:ScenarioModel",
        f"{_CHECKS}:salvage_scenario",
        "salvage/scenarios/flooded-annex.toml",
    ),
    FileKind(
        "salvage",
        "catalog",
        "salvage-content/1",
        "Die types, heroes, enemies, items and room actions.",
        "rulekeeper.games.salvage.content:CatalogModel",
        f"{_CHECKS}:salvage_catalog",
        "salvage/heroes.toml",
    ),
    FileKind(
        "ether",
        "scenario",
        "rulekeeper-ether/1",
        "A content file with a [scenario] table: heroes, map deck, boss and ether "
        "track; may define cards of its own in the same tables as the library.",
        "rulekeeper.games.ether.schema:ContentFile",
        f"{_CHECKS}:ether_scenario",
        "ether/scenarios/lantern-rift.toml",
        needs_keys=frozenset({"scenario"}),
    ),
    FileKind(
        "ether",
        "library",
        "rulekeeper-ether/1",
        "A content file without a [scenario] table: heroes, influence and item cards, "
        "enemies, bosses and map cards.",
        "rulekeeper.games.ether.schema:ContentFile",
        f"{_CHECKS}:ether_library",
        "ether/library.toml",
        refuses_keys=frozenset({"scenario"}),
    ),
    FileKind(
        "areas",
        "scenario",
        "rulekeeper-areas/1",
        "A scenario: areas and links, starting placements, the round limit; may add "
        "figures and items of its own under [catalog].",
        "rulekeeper.games.areas.content:ScenarioModel",
        f"{_CHECKS}:areas_scenario",
        "areas/scenarios/sunken-gate.toml",
    ),
    FileKind(
        "areas",
        "catalog",
        None,
        "The Action die, heroes, items, allies and enemies (the shipped catalog's form, "
        "and a scenario's [catalog] table).",
        "rulekeeper.games.areas.content:Catalog",
        f"{_CHECKS}:areas_catalog",
        "areas/catalog.toml",
    ),
)


def kinds_of(family: str) -> tuple[FileKind, ...]:
    return tuple(kind for kind in KINDS if kind.family == family)


def find_kind(family: str, name: str | None) -> FileKind:
    """A family's kind by name (its first kind, the scenario, when ``name`` is None)."""
    candidates = kinds_of(family)
    if not candidates:
        raise ValueError(
            _("unknown game {game} (known: {known})", game=repr(family), known=list(FAMILIES))
        )
    if name is None:
        return candidates[0]
    for kind in candidates:
        if kind.name == name:
            return kind
    known = ", ".join(k.name for k in candidates)
    raise ValueError(
        _(
            "{game} has no file kind {kind} (known: {known})",
            game=family,
            kind=repr(name),
            known=known,
        )
    )


class UnknownKind(ValueError):
    """The file's format field names no kind (or names one of another game)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _known_formats(kinds: tuple[FileKind, ...]) -> str:
    seen: list[str] = []
    for kind in kinds:
        text = repr(kind.format) if kind.format is not None else ""
        if text and text not in seen:
            seen.append(text)
    return ", ".join(seen)


def detect(data: object, family: str | None = None) -> FileKind:
    """The kind of a parsed file, from its ``format`` field (and ``family`` if given)."""
    if family is not None and family not in FAMILIES:
        raise ValueError(
            _("unknown game {game} (known: {known})", game=repr(family), known=list(FAMILIES))
        )
    if not isinstance(data, dict):
        raise UnknownKind(_("the file is not a table of fields"))
    pool = kinds_of(family) if family is not None else KINDS
    fmt = data.get("format")
    if fmt is None:
        formatless = [k for k in pool if k.format is None]
        if family is not None and formatless:
            return formatless[0]
        hint = " or name the game with --game" if family is None else ""
        raise UnknownKind(
            f"missing: the file does not say what it is (known formats: "
            f"{_known_formats(pool)}){hint}"
        )
    same_format = [
        k for k in pool if k.format == fmt and type(k.format) is type(fmt) and k.fits(data)
    ]
    if same_format:
        return same_format[0]
    elsewhere = [k for k in KINDS if k.format == fmt and type(k.format) is type(fmt)]
    if elsewhere:
        return_kind = elsewhere[0]
        raise UnknownKind(
            _(
                "{format} is a {game} format, not a {wanted} one",
                format=repr(fmt),
                game=return_kind.family,
                wanted=family,
            )
        )
    raise UnknownKind(
        _("unknown format {format} (known: {known})", format=repr(fmt), known=_known_formats(pool))
    )
