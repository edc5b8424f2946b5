"""The content shipped with the program: the classes, monsters and items every scenario may
use (``content/haven/*.toml``, read once) and the shipped scenarios' names.
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from rulekeeper.core.documents import parse_document, validate
from rulekeeper.games.haven.scenario_document import LibrarySpec


def content_text(name: str) -> str:
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
            "items": {},
        }
        for name in ("classes.toml", "monsters.toml", "items.toml"):
            library = parse_library(parse_document(content_text(name), name), name)
            merged["classes"].update(library.classes)
            merged["monster_types"].update(library.monster_types)
            merged["monster_decks"].update(library.monster_decks)
            merged["items"].update(library.items)
        _LIBRARY = LibrarySpec(format="haven-library/1", **merged)
    return _LIBRARY


def parse_library(data: object, source: str | None = None) -> LibrarySpec:
    return validate(LibrarySpec, data, source)


def shipped_scenario_names() -> list[str]:
    """The scenarios in content/haven/scenarios/, by file stem."""
    folder = resources.files("rulekeeper.content").joinpath("haven", "scenarios")
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )
