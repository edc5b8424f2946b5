"""Salvage: the dice-strategy room crawler, wired into the core game protocol.

Rules catalog: ``SV-*`` (docs/games/salvage.md). Players: hero ``i`` is
player ``i``; dice are chance nodes, one die per node.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rulekeeper.core.actions import Action
from rulekeeper.core.game import CHANCE, TERMINAL, Game, ScenarioInfo, State
from rulekeeper.core.party import split_party, with_party
from rulekeeper.games.salvage import rules
from rulekeeper.games.salvage.actions import ALL_ACTIONS
from rulekeeper.games.salvage.content import MAX_HEROES, load_scenario, shipped_scenario_names
from rulekeeper.games.salvage.render import describe, render_state
from rulekeeper.games.salvage.state import SalvageState
from rulekeeper.i18n import N_, lazy


class SalvagePlay(SalvageState):
    """A salvage state answering the core protocol through the rule modules."""

    # -- who acts -------------------------------------------------------------------
    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        pending = self.pending
        if self.attack_queue or (
            pending is not None and (pending.to_roll or pending.room_dice_left)
        ):
            return CHANCE
        if pending is not None and pending.stage == "answer" and pending.partner is not None:
            return pending.partner
        if self.recoveries:
            return self.recoveries[0].hero
        if self.turn_hero is not None:
            return self.turn_hero
        return rules.spokesperson(self)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if not self.is_chance_node():
            return super().chance_outcomes()
        return rules.chance_outcomes(self)

    def check(self, action: Action) -> None:
        rules.check(self, action)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def pending_decision(self) -> str:
        return rules.pending_decision(self)


class SalvageGame(Game):
    """The salvage game family (one ruleset)."""

    name = "salvage"
    title = N_("Salvage: the dice-strategy room crawler")
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
        state = SalvagePlay(self, ruleset=ruleset, scenario=scenario, seed=seed, data=data)
        state.emit(
            "start",
            lazy("{title}: {objective}", title=data.title, objective=data.objective.text),
            "SV-ROUND-1",
        )
        rules.advance(state)
        return state

    def party_choices(self, scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """Any heroes the content defines, each once, all in the start room (ASSUMED)."""
        from rulekeeper.games.salvage.content import party_choices

        return party_choices(scenario)

    def scenario_with_party(self, scenario: str, party: Sequence[str]) -> str:
        return with_party(split_party(scenario, MAX_HEROES)[0], party)

    def render(self, state: State) -> Any:
        if not isinstance(state, SalvageState):
            return super().render(state)
        return render_state(state)

    def screen(
        self, state: State, width: int, choices: Sequence[Action] = ()
    ) -> list[tuple[str, list[str]]]:
        from rulekeeper.games.salvage.render import screen

        if not isinstance(state, SalvageState):
            return super().screen(state, width, choices)
        return screen(state, width, choices)

    def describe_action(self, state: State, action: Action) -> str:
        if not isinstance(state, SalvageState):
            return action.label()
        return describe(state, action)


GAME = SalvageGame()
