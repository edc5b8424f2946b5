"""SVG boards for each game family, looked up by game name; only read states."""

from __future__ import annotations

import importlib
from types import ModuleType

from rulekeeper.i18n import N_

FAMILIES = ("haven", "salvage", "ether", "areas")
WORDS = (
    # the families' phases, shown on the boards
    N_("engagement"),
    N_("enemy"),
    N_("exhaust"),
    N_("select"),
    N_("turns"),
    N_("rest"),
    N_("draw"),
    N_("tie"),
    N_("refresh"),
    N_("activation"),
    N_("over"),
    # kinds of hero abilities (salvage)
    N_("action"),
    N_("passive"),
)
"""Game words the boards show through ``_()``: the state keeps them in English (they are keys)."""


def drawer(game_name: str) -> ModuleType | None:
    """The module drawing ``game_name``'s board (``draw``, ``place_of``, ``panel``), if any."""
    if game_name not in FAMILIES:
        return None
    return importlib.import_module(f"rulekeeper.web.boards.{game_name}")
