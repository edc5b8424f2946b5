"""Companion mode: a published haven scenario on a physical board, refereed here.

``GAME`` (registered as ``haven-companion``) keeps everything but the figures'
hexes (DESIGN.md, "Companion mode"; docs/games/haven-companion.md). A scenario
is named ``LIBRARY#ID`` (companion_library.py); the ruleset follows the
scenario's edition unless given. A game replays exactly from (scenario, seed,
actions): setup choices, board entries and chance outcomes are all actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rulekeeper.core.actions import Action, ActionCodec
from rulekeeper.core.game import Game, ScenarioInfo, State
from rulekeeper.games.haven import companion_flow, companion_rules
from rulekeeper.games.haven.companion_actions import ACTION_TYPES, COMPOUND
from rulekeeper.games.haven.companion_library import load_companion_scenario
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.i18n import N_, lazy


class CompanionPlay(CompanionState):
    """A companion state answering the core protocol through ``companion_rules`` (who acts,
    what is legal, refusals) and ``companion_flow`` (what an action does)."""

    compound_actions = COMPOUND

    def current_player(self) -> int:
        return companion_rules.current_player(self)

    def pending_decision(self) -> str:
        return companion_rules.pending_decision(self)

    def legal_actions(self) -> list[Action]:
        return companion_rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return companion_rules.chance_outcomes(self)

    def check(self, action: Action) -> None:
        companion_rules.check(self, action)

    def _apply(self, action: Action) -> None:
        companion_flow.apply(self, action)


class CompanionGame(Game):
    name = "haven-companion"
    title = N_("Haven companion (your board, our referee)")
    rulesets = ("gloomhaven", "frosthaven")

    def __init__(self) -> None:
        self._codec = ActionCodec(ACTION_TYPES)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        """None shipped: a scenario comes from the players' library (LIBRARY#ID)."""
        return ()

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> CompanionState:
        content = load_companion_scenario(scenario)
        chosen = self.check_ruleset(ruleset if ruleset is not None else content.ruleset)
        state = CompanionPlay(self, ruleset=chosen, scenario=scenario, seed=seed, content=content)
        said = (
            lazy("{title}: companion mode (Frosthaven rules)", title=content.title)
            if chosen == "frosthaven"
            else lazy("{title}: companion mode (Gloomhaven rules)", title=content.title)
        )
        state.emit("setup", said)
        return state

    @property
    def codec(self) -> ActionCodec:
        return self._codec

    def render(self, state: State) -> Any:
        from rulekeeper.games.haven.companion_render import render_companion

        if not isinstance(state, CompanionState):
            return super().render(state)
        return render_companion(state)

    def describe_action(self, state: State, action: Action) -> str:
        from rulekeeper.games.haven.companion_render import describe

        if not isinstance(state, CompanionState):
            return action.label()
        return describe(state, action)


GAME = CompanionGame()
