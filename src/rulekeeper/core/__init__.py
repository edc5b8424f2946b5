"""The game-agnostic core: protocol, actions, chance, decks, dice, events, errors.

Names are imported from their modules on first use (PEP 562), so importing
one core module (``rulekeeper.core.errors`` at the CLI's start-up) does not
import the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action, ActionCodec, action_type
    from rulekeeper.core.deck import Deck
    from rulekeeper.core.dice import Die, pool_distribution
    from rulekeeper.core.errors import (
        ActionFormatError,
        ContentError,
        ReplayError,
        RulekeeperError,
        RuleViolation,
        UnknownGameError,
    )
    from rulekeeper.core.events import Event
    from rulekeeper.core.game import CHANCE, TERMINAL, Game, Outcome, ScenarioInfo, State
    from rulekeeper.core.randomness import (
        RandomPolicy,
        ScriptedSampler,
        SeededSampler,
        advance_chance,
        play_out,
    )
    from rulekeeper.core.registry import all_games, find_game, register_game

_MODULE_OF = {
    "Action": "rulekeeper.core.actions",
    "ActionCodec": "rulekeeper.core.actions",
    "action_type": "rulekeeper.core.actions",
    "Deck": "rulekeeper.core.deck",
    "Die": "rulekeeper.core.dice",
    "pool_distribution": "rulekeeper.core.dice",
    "ActionFormatError": "rulekeeper.core.errors",
    "ContentError": "rulekeeper.core.errors",
    "ReplayError": "rulekeeper.core.errors",
    "RulekeeperError": "rulekeeper.core.errors",
    "RuleViolation": "rulekeeper.core.errors",
    "UnknownGameError": "rulekeeper.core.errors",
    "Event": "rulekeeper.core.events",
    "CHANCE": "rulekeeper.core.game",
    "TERMINAL": "rulekeeper.core.game",
    "Game": "rulekeeper.core.game",
    "Outcome": "rulekeeper.core.game",
    "ScenarioInfo": "rulekeeper.core.game",
    "State": "rulekeeper.core.game",
    "RandomPolicy": "rulekeeper.core.randomness",
    "ScriptedSampler": "rulekeeper.core.randomness",
    "SeededSampler": "rulekeeper.core.randomness",
    "advance_chance": "rulekeeper.core.randomness",
    "play_out": "rulekeeper.core.randomness",
    "all_games": "rulekeeper.core.registry",
    "find_game": "rulekeeper.core.registry",
    "register_game": "rulekeeper.core.registry",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "ActionFormatError",
    "ContentError",
    "Deck",
    "Die",
    "Event",
    "Game",
    "Outcome",
    "RandomPolicy",
    "ReplayError",
    "RuleViolation",
    "RulekeeperError",
    "ScenarioInfo",
    "ScriptedSampler",
    "SeededSampler",
    "State",
    "UnknownGameError",
    "action_type",
    "advance_chance",
    "all_games",
    "find_game",
    "play_out",
    "pool_distribution",
    "register_game",
]
