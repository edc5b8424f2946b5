"""Ether wired into the core protocol: ``GAME`` is found by the registry.

Rules: ``docs/games/ether.md`` and the ``ET-…`` catalog. A new game starts at
the first round's Refresh, waiting on the draws that fill the heroes' hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.game import Game, Outcome, ScenarioInfo, State
from rulekeeper.core.limits import MAX_COUNT
from rulekeeper.core.party import split_party, with_party
from rulekeeper.games.ether import flow, legal, render, rules
from rulekeeper.games.ether.actions import ALL_ACTIONS, Pay
from rulekeeper.games.ether.content import Scenario, load_scenario, shipped_scenarios
from rulekeeper.games.ether.state import EtherState
from rulekeeper.i18n import N_


class EtherPlay(EtherState):
    """An ether state answering the core protocol through the rule modules."""

    compound_actions = (Pay,)
    """ET-PAY-1..4: a whole payment stands for its listed AddSource steps and Spend."""

    def current_player(self) -> int:
        return flow.current_player(self)

    def legal_actions(self) -> list[Action]:
        return legal.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return flow.chance_outcomes(self)

    def check(self, action: Action) -> None:
        rules.check(self, action)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def outcome(self) -> Outcome | None:
        return flow.outcome(self)

    def pending_decision(self) -> str:
        return render.pending_decision(self)


FIRST_SCENARIO = "lantern-rift"
"""The introductory scenario: listed first, played when none is named."""


@lru_cache(maxsize=8)
def _shipped(name: str) -> Scenario:
    return load_scenario(name)


class EtherGame(Game):
    name = "ether"
    title = N_("Ether: the resource-spending map-card crawler")
    rulesets = ("standard",)

    action_classes = tuple(ALL_ACTIONS)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        """The shipped scenarios, the introductory one first (the default to play)."""
        names = sorted(shipped_scenarios(), key=lambda n: (n != FIRST_SCENARIO, n))
        return [ScenarioInfo(name, _shipped(name).title, self.rulesets) for name in names]

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> EtherState:
        ruleset = self.check_ruleset(ruleset)
        content = _shipped(scenario) if scenario in shipped_scenarios() else load_scenario(scenario)
        state = EtherPlay(self, ruleset=ruleset, scenario=scenario, seed=seed, content=content)
        flow.begin_round(state)
        flow.settle(state)
        return state

    def party_choices(self, scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """Any heroes the content defines, each once, all on the start space (ASSUMED)."""
        from rulekeeper.games.ether.content import party_choices

        return party_choices(scenario)

    def scenario_with_party(self, scenario: str, party: Sequence[str]) -> str:
        return with_party(split_party(scenario, MAX_COUNT)[0], party)

    def render(self, state: State) -> Any:
        if not isinstance(state, EtherState):
            raise TypeError("ether renders ether states only")
        return render.render(state)

    def screen(
        self, state: State, width: int, choices: Sequence[Action] = ()
    ) -> list[tuple[str, list[str]]]:
        from rulekeeper.games.ether.render import screen

        if not isinstance(state, EtherState):
            return super().screen(state, width, choices)
        return screen(state, width, choices)

    def describe_action(self, state: State, action: Action) -> str:
        if not isinstance(state, EtherState):
            raise TypeError("ether describes ether actions only")
        return render.describe_action(state, action)


GAME = EtherGame()
