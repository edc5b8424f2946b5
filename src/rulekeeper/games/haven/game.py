"""Haven scenario play: Gloomhaven and Frosthaven scenarios on one engine.

``GAME`` is what the registry finds. A scenario is a shipped name
(content/haven/scenarios/) or the path of a haven-scenario/1 file; the
ruleset is ``gloomhaven`` or ``frosthaven``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rulekeeper.core.actions import Action, ActionCodec
from rulekeeper.core.game import Game, ScenarioInfo, State
from rulekeeper.games.haven import legality, round_flow, scenario_setup, standees, who_acts
from rulekeeper.games.haven.actions import ACTION_TYPES, NumberStandee
from rulekeeper.games.haven.scenario_format import (
    ScenarioSpec,
    load_scenario,
    shipped_scenario_names,
)
from rulekeeper.games.haven.state import HavenState
from rulekeeper.i18n import N_, lazy
from rulekeeper.native import own_abc_records


class HavenPlay(HavenState):
    """A haven state answering the core protocol through the rule modules."""

    def current_player(self) -> int:
        return who_acts.current_player(self)

    def is_terminal(self) -> bool:
        return bool(self.result)  # who_acts.current_player: TERMINAL exactly when decided

    def pending_decision(self) -> str:
        return who_acts.pending_decision(self)

    def legal_actions(self) -> list[Action]:
        return legality.legal_actions(self)

    def legal_actions_of(self, player: int) -> list[Action]:
        return legality.legal_actions(self, player)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        outcomes = legality.chance_outcomes(self)
        if outcomes is None:
            return super().chance_outcomes()
        return outcomes

    def check(self, action: Action) -> None:
        legality.check(self, action)

    def check_listed(self, action: Action) -> None:
        legality.check_actor(self)

    def _apply(self, action: Action) -> None:
        round_flow.apply(self, action)

    def apply_trusted(self, action: Action, *, player: int | None = None) -> None:
        """:meth:`State.apply_trusted`, compiled: rollouts apply every step through it."""
        if player is None:
            player = who_acts.current_player(self)
        round_flow.apply(self, action)
        self._history.append((player, action))


own_abc_records(HavenPlay)


class HavenGame(Game):
    name = "haven"
    title = N_("Haven (Gloomhaven / Frosthaven scenarios)")
    rulesets = ("gloomhaven", "frosthaven")

    def __init__(self) -> None:
        self._codec = ActionCodec(ACTION_TYPES)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        out = []
        for name in shipped_scenario_names():
            spec = load_scenario(name)
            out.append(ScenarioInfo(name, spec.title or name, self.rulesets))
        return out

    def unrecorded_outcome(self, state: State, recorded: Action) -> Action | None:
        """HV-SCEN-1: saves and replays recorded before standee numbers were drawn hold no
        ``number-standee``; the engine then gave each standee the lowest free number, which
        is filled in when the file's next action is not a standee draw."""
        if isinstance(recorded, NumberStandee) or not isinstance(state, HavenState):
            return None
        if not state.standee_draws:
            return None
        return min((a for a, _ in standees.number_outcomes(state)), key=_standee_number)

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> HavenState:
        return self.start(load_scenario(scenario), scenario, seed, ruleset)

    def start(
        self, spec: ScenarioSpec, scenario: str, seed: int, ruleset: str | None = None
    ) -> HavenState:
        """A new game of an already loaded scenario, set up and run to its first decision."""
        ruleset = self.check_ruleset(ruleset)
        state = HavenPlay(self, ruleset=ruleset, scenario=scenario, seed=seed, spec=spec)
        scenario_setup.set_up(state)
        state.emit(
            "round",
            lazy(
                "{scenario}: round 1 begins ({ruleset} rules)",
                scenario=spec.title or spec.name,
                ruleset=state.rules.title,
            ),
        )
        round_flow.advance(state)
        return state

    @property
    def codec(self) -> ActionCodec:
        return self._codec

    def render(self, state: State) -> Any:
        from rulekeeper.games.haven.render import render_state

        if not isinstance(state, HavenState):
            return super().render(state)
        return render_state(state)

    def party_choices(self, scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """HV-CHAR-1: any two to four classes of the library, as many as the start hexes."""
        from rulekeeper.games.haven.scenario_format import party_choices

        return party_choices(scenario)

    def scenario_with_party(self, scenario: str, party: Sequence[str]) -> str:
        from rulekeeper.games.haven.scenario_format import with_party

        return with_party(scenario, party)

    def screen(
        self, state: State, width: int, choices: Sequence[Action] = ()
    ) -> list[tuple[str, list[str]]]:
        from rulekeeper.games.haven.render import screen

        if not isinstance(state, HavenState):
            return super().screen(state, width, choices)
        return screen(state, width, choices)

    def describe_action(self, state: State, action: Action) -> str:
        from rulekeeper.games.haven.render import describe_action

        if not isinstance(state, HavenState):
            return action.label()
        return describe_action(state, action)


GAME = HavenGame()


def _standee_number(action: Action) -> int:
    assert isinstance(action, NumberStandee)
    return action.number
