"""Assembles ``rulekeeper haven``: importing each command module registers its command."""

from __future__ import annotations

import importlib

from rulekeeper.cli.haven_app import haven_app

for _module in (
    "rulekeeper.cli.haven_monster_move",
    "rulekeeper.cli.haven_odds",
    "rulekeeper.cli.haven_import",
):
    try:
        importlib.import_module(_module)
    except ModuleNotFoundError as _error:
        if _error.name != _module:
            raise

__all__ = ["haven_app"]
