"""Salvage: the dice-strategy room crawler, wired into the core game protocol.

Rules catalog: ``SV-*`` (docs/games/salvage.md). Players: hero ``i`` is
player ``i``; dice are chance nodes, one die per node.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.game import Game, ScenarioInfo, State
from rulekeeper.games.salvage.actions import ALL_ACTIONS
from rulekeeper.games.salvage.content import load_scenario, shipped_scenario_names
from rulekeeper.games.salvage.render import describe, render_state
from rulekeeper.games.salvage.state import SalvageState


class SalvageGame(Game):
    """The salvage game family (one ruleset)."""

    name = "salvage"
    title = "Salvage: the dice-strategy room crawler"
    rulesets = ("standard",)

    action_classes = tuple(ALL_ACTIONS)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [
            ScenarioInfo(name, load_scenario(name).title, self.rulesets)
            for name in shipped_scenario_names()
        ]

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> SalvageState:
        ruleset = self.check_ruleset(ruleset)
        data = load_scenario(scenario)
        return SalvageState(self, ruleset=ruleset, scenario=scenario, seed=seed, data=data)

    def render(self, state: State) -> Any:
        if not isinstance(state, SalvageState):
            return super().render(state)
        return render_state(state)

    def describe_action(self, state: State, action: Action) -> str:
        if not isinstance(state, SalvageState):
            return action.label()
        return describe(state, action)


GAME = SalvageGame()
