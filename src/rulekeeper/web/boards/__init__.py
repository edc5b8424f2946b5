"""SVG boards for each game family, looked up by game name; only read states."""

from __future__ import annotations

import importlib
from types import ModuleType

FAMILIES = ("haven", "salvage", "ether", "areas")


def drawer(game_name: str) -> ModuleType | None:
    """The module drawing ``game_name``'s board (``draw``, ``place_of``, ``panel``), if any."""
    if game_name not in FAMILIES:
        return None
    return importlib.import_module(f"rulekeeper.web.boards.{game_name}")
