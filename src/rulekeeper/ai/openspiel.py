"""OpenSpiel games: ``import rulekeeper.ai.openspiel`` registers ``rulekeeper_<game>``.

Each family is one Python game registered with pyspiel, with parameters
``scenario`` and ``ruleset`` (``pyspiel.load_game("rulekeeper_haven",
{"scenario": "sunken-larder"})``). Chance is explicit and stochastic: every roll
and draw is a chance node whose outcomes are indices of the family's fixed
action encoding with their exact probabilities. The games are cooperative:
utility is identical for every player (+1 won, -1 lost, 0 otherwise), paid at
the end. Observations are per player (hidden information stays hidden): the
tensor is the family's feature vector, the observation string the player's
view, and the information-state string the player's history with hidden
actions masked, then the view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from rulekeeper.ai.adapter import AgentGame, agent_game, supported_games
from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.core.game import State as CoreState
from rulekeeper.core.registry import find_game

MAX_GAME_LENGTH = 20_000
"""Actions (chance included) after which a game is cut off as a draw."""
MAX_PLAYERS = 6
PERFECT_INFORMATION_FAMILIES = ("salvage", "areas")


def short_name(game: str) -> str:
    return f"rulekeeper_{game}"


def _game_type(game: str) -> Any:
    core_game = find_game(game)
    scenario = core_game.scenarios()[0].name
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if game in PERFECT_INFORMATION_FAMILIES
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"rulekeeper {core_game.title or game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.IDENTICAL,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"scenario": scenario, "ruleset": core_game.default_ruleset},
    )


class RulekeeperGame(pyspiel.Game):  # type: ignore[misc]
    """One family's scenario as an OpenSpiel game."""

    GAME_TYPE: Any = None
    """The family's ``pyspiel.GameType`` (set on each family's subclass)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = self.GAME_TYPE
        family = game_type.short_name.removeprefix("rulekeeper_")
        params = dict(params or {})
        specification = game_type.parameter_specification
        scenario = str(params.get("scenario", specification["scenario"]))
        ruleset = str(params.get("ruleset", specification["ruleset"]))
        self.agent_game: AgentGame = agent_game(family, scenario, ruleset)
        size = self.agent_game.encoding.num_distinct_actions
        info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=self.agent_game.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, {"scenario": scenario, "ruleset": ruleset})

    def new_initial_state(self, seed: int = 0) -> RulekeeperState:
        return RulekeeperState(self, self.agent_game.new_state(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RulekeeperObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return RulekeeperObserver(self.agent_game, perfect_recall)


class RulekeeperState(pyspiel.State):  # type: ignore[misc]
    """A rulekeeper state behind OpenSpiel's state API."""

    def __init__(self, game: RulekeeperGame, state: CoreState) -> None:
        super().__init__(game)
        self.agent_game = game.agent_game
        self.core = state

    def current_player(self) -> int:
        if len(self.core.history) >= MAX_GAME_LENGTH:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.core.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.agent_game.legal_indices(self.core)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        encoding = self.agent_game.encoding
        outcomes = [
            (encoding.encode(action, self.core), float(p))
            for action, p in self.core.chance_outcomes()
        ]
        return sorted(outcomes)

    def _apply_action(self, action: int) -> None:
        self.core.apply_trusted(self.agent_game.decode(int(action), self.core))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.agent_game.decode(int(action), self.core).label()
        except Exception:
            return self.agent_game.encoding.describe(int(action))

    def is_terminal(self) -> bool:
        return self.current_player() == int(pyspiel.PlayerId.TERMINAL)

    def returns(self) -> list[float]:
        return self.agent_game.returns(self.core)

    def __str__(self) -> str:
        return self.agent_game.observation_string(self.core, 0)

    def __deepcopy__(self, memo: dict[int, Any]) -> RulekeeperState:
        copy = RulekeeperState(self.get_game(), self.core.clone())
        return copy


class RulekeeperObserver:
    """Per-player views: the feature tensor, the view or information-state string."""

    def __init__(self, agent_game: AgentGame, perfect_recall: bool) -> None:
        self.agent_game = agent_game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(agent_game.feature_size, np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size in agent_game.layout.segments:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: RulekeeperState, player: int) -> None:
        self.tensor[:] = self.agent_game.features(state.core, player)

    def string_from(self, state: RulekeeperState, player: int) -> str:
        if self.perfect_recall:
            return self.agent_game.information_state_string(state.core, player)
        return self.agent_game.observation_string(state.core, player)


def game_class(game: str) -> type[RulekeeperGame]:
    """The registered game class of a family (pyspiel keeps it for the process)."""
    name = f"Rulekeeper{game.title()}Game"
    return type(name, (RulekeeperGame,), {"GAME_TYPE": _game_type(game)})


def register() -> None:
    """Register ``rulekeeper_<game>`` for every family with an agent adapter."""
    registered = set(pyspiel.registered_names())
    for game in supported_games():
        if short_name(game) in registered:
            continue
        cls = game_class(game)
        pyspiel.register_game(cls.GAME_TYPE, cls)


register()
