"""The registry of games by name, behind ``rulekeeper games`` and ``play``.

Shipped games are found by importing ``rulekeeper.games.<name>.game`` and
reading its ``GAME``; a package not written yet is skipped. A game is imported
only when asked for: :func:`find_game` loads the one named, :func:`all_games`
every one, so a command that plays one game does not import the others.
Tests and plugins register more with :func:`register_game`.
"""

from __future__ import annotations

import importlib

from rulekeeper.core.errors import UnknownGameError
from rulekeeper.core.game import Game
from rulekeeper.i18n import _

SHIPPED_GAMES = ("haven", "salvage", "ether", "areas")
MODES = {"haven-companion": "rulekeeper.games.haven.companion_game"}
"""Games that are a mode of a shipped game, found by name in their own module; they ship
no scenario of their own (a companion game plays the players' library)."""

_registry: dict[str, Game] = {}
_tried: set[str] = set()


def register_game(game: Game) -> Game:
    """Make ``game`` findable by its name (replacing one of the same name)."""
    if not game.name:
        raise ValueError("a game needs a name to be registered")
    _registry[game.name] = game
    return game


def unregister_game(name: str) -> None:
    _registry.pop(name, None)


def _load_shipped(name: str) -> None:
    """Import the shipped game ``name`` once and register its ``GAME``."""
    if name in _tried or (name not in SHIPPED_GAMES and name not in MODES):
        return
    _tried.add(name)
    module_name = MODES.get(name, f"rulekeeper.games.{name}.game")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name in (module_name, f"rulekeeper.games.{name}"):  # not installed
            return
        raise
    game = getattr(module, "GAME", None)
    if isinstance(game, Game) and game.name not in _registry:
        _registry[game.name] = game


def _load_all_shipped() -> None:
    for name in SHIPPED_GAMES:
        _load_shipped(name)


def all_games() -> list[Game]:
    """Every registered game, shipped ones first in their fixed order."""
    _load_all_shipped()
    order = {name: i for i, name in enumerate(SHIPPED_GAMES)}
    return sorted(_registry.values(), key=lambda g: (order.get(g.name, len(order)), g.name))


def find_game(name: str) -> Game:
    """The game called ``name``; raises UnknownGameError listing the known ones."""
    game = _registry.get(name)
    if game is None:
        _load_shipped(name)
        game = _registry.get(name)
    if game is None:
        known = ", ".join(g.name for g in all_games()) or _("none installed")
        raise UnknownGameError(
            _("unknown game {game} (known: {known})", game=repr(name), known=known)
        )
    return game
