"""A two-player dice race that lives in the tests only, to exercise the core and CLI.

Each turn the player declares how many dice to roll (1 or 2); each die is a
chance node; the player advances by the pips shown, and a skull sends them back
to the start. The first to reach the goal wins. Rule IDs are ``DR-…``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulekeeper.core import (
    CHANCE,
    TERMINAL,
    Action,
    ContentError,
    Deck,
    Die,
    Game,
    Outcome,
    RuleViolation,
    ScenarioInfo,
    State,
    action_type,
)

RACE_DIE = Die("race", ("1", "1", "2", "2", "3", "skull"))
SCENARIOS = {"short": 6, "long": 15}


@action_type("declare")
@dataclass(frozen=True, slots=True)
class Declare(Action):
    dice: int


@action_type("roll")
@dataclass(frozen=True, slots=True)
class Roll(Action):
    face: str


@action_type("draw")
@dataclass(frozen=True, slots=True)
class Draw(Action):
    card: str


class DiceRaceState(State):
    def __init__(
        self, game: DiceRace, *, ruleset: str, scenario: str, seed: int, goal: int
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.goal = goal
        self.positions = [0, 0]
        self.turn = 0
        self.dice_left = 0
        self.bonus_deck = Deck.of(["+0", "+0", "+1"])
        self.drawing = False

    def current_player(self) -> int:
        if max(self.positions) >= self.goal:
            return TERMINAL
        if self.dice_left or self.drawing:
            return CHANCE
        return self.turn

    def player_name(self, player: int) -> str:
        return "chance" if player == CHANCE else f"racer {player + 1}"

    def legal_actions(self) -> list[Action]:
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        if self.is_terminal():
            return []
        return [Declare(1), Declare(2)]

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.drawing:
            return [(Draw(c), p) for c, p in self.bonus_deck.draw_outcomes()]
        if self.dice_left:
            return [(Roll(f), p) for f, p in RACE_DIE.outcomes()]
        return super().chance_outcomes()

    def check(self, action: Action) -> None:
        if self.is_chance_node():
            super().check(action)
            return
        if not isinstance(action, Declare):
            raise RuleViolation("DR-TURN-1", f"a racer declares dice, not {action.TYPE!r}")
        if action.dice not in (1, 2):
            raise RuleViolation("DR-DICE-1", f"you may roll 1 or 2 dice, not {action.dice}")

    def _apply(self, action: Action) -> None:
        if isinstance(action, Declare):
            self.dice_left = action.dice
            self.emit("declare", f"racer {self.turn + 1} rolls {action.dice}", "DR-DICE-1")
        elif isinstance(action, Roll):
            self.dice_left -= 1
            if action.face == "skull":
                self.positions[self.turn] = 0
                self.dice_left = 0
                self.emit(
                    "skull", f"racer {self.turn + 1} rolls a skull: back to start", "DR-SKULL-1"
                )
            else:
                self.positions[self.turn] += int(action.face)
                self.emit("move", f"racer {self.turn + 1} moves {action.face}", "DR-MOVE-1")
            if self.dice_left == 0:
                self.drawing = action.face != "skull"
                if not self.drawing:
                    self.turn = 1 - self.turn
        elif isinstance(action, Draw):
            self.bonus_deck.draw(action.card)
            self.bonus_deck.discard(action.card)
            if self.bonus_deck.is_empty:
                self.bonus_deck.reshuffle()
            self.positions[self.turn] += int(action.card)
            self.drawing = False
            self.turn = 1 - self.turn

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        winner = 0 if self.positions[0] >= self.goal else 1
        return Outcome("won", f"racer {winner + 1} reached {self.goal}")

    def pending_decision(self) -> str:
        return "how many dice to roll"

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "goal": self.goal,
            "positions": list(self.positions),
            "turn": self.turn,
            "dice_left": self.dice_left,
            "drawing": self.drawing,
            "bonus_deck": self.bonus_deck.to_dict(),
        }

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        self.goal = int(data["goal"])
        self.positions = [int(p) for p in data["positions"]]
        self.turn = int(data["turn"])
        self.dice_left = int(data["dice_left"])
        self.drawing = bool(data["drawing"])
        self.bonus_deck = Deck.from_dict(data["bonus_deck"])

    def clone(self) -> DiceRaceState:
        other = DiceRaceState.__new__(DiceRaceState)
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.log = list(self.log)
        other.positions = list(self.positions)
        other.bonus_deck = self.bonus_deck.copy()
        return other


class DiceRace(Game):
    name = "dicerace"
    title = "Dice race (test game)"
    rulesets = ("standard", "swift")

    action_classes = (Declare, Roll, Draw)

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo(n, f"race to {g}", self.rulesets) for n, g in SCENARIOS.items()]

    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> DiceRaceState:
        ruleset = self.check_ruleset(ruleset)
        if scenario not in SCENARIOS:
            raise ContentError(f"unknown scenario {scenario!r}", field="scenario")
        return DiceRaceState(
            self, ruleset=ruleset, scenario=scenario, seed=seed, goal=SCENARIOS[scenario]
        )

    def render(self, state: State) -> Any:
        assert isinstance(state, DiceRaceState)
        return f"positions {state.positions} of {state.goal}"
