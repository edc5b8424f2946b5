"""The game-agnostic core: protocol, actions, chance, decks, dice, events, errors."""

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
