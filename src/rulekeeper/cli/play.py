"""The generic play loop over ``legal_actions()`` shared by every game.

People choose numbered actions (or type an action's JSON form); chance is
sampled from the game's seed; ``undo`` replays the history minus the last
choice; ``save`` and ``quit`` do what they say. With a policy (``--auto``) the
loop plays to the end by itself. The loop never decides a rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.text import Text

from rulekeeper.core.actions import Action
from rulekeeper.core.documents import parse_document
from rulekeeper.core.errors import (
    ActionFormatError,
    ContentError,
    RulekeeperError,
    RuleViolation,
    printable,
)
from rulekeeper.core.game import State
from rulekeeper.core.randomness import Policy, SeededSampler, choose_step
from rulekeeper.core.replay import replay_prefix, undo_cut
from rulekeeper.store import SaveStore, check_save_name

HELP = (
    "Type a number to choose an action, or an action's JSON form. "
    "Commands: undo, save [NAME], log, board, json, help, quit."
)


@dataclass
class PlaySession:
    """One game being played from the terminal, recorded in a save if named."""

    state: State
    console: Console
    read_line: Callable[[str], str | None]
    store: SaveStore | None = None
    save_name: str | None = None
    policy: Policy | None = None
    quiet: bool = False
    max_actions: int = 100_000
    shown_events: int = field(default=0)

    def __post_init__(self) -> None:
        self.sampler = SeededSampler(self.state.seed)
        self.shown_events = len(self.state.log)

    # -- recording ----------------------------------------------------------
    def _record(self, action: Action) -> None:
        if self.store is not None and self.save_name is not None:
            self.store.append(self.save_name, len(self.state.history) - 1, action.to_json())

    def _apply(self, action: Action, legal: Sequence[Action] | None = None) -> None:
        self.state.apply(action, legal=legal)
        self._record(action)
        self._show_new_events()

    def _show_new_events(self) -> None:
        new = self.state.log[self.shown_events :]
        self.shown_events = len(self.state.log)
        if self.quiet:
            return
        for event in new:
            line = Text(f"  {printable(event.text)}")
            if event.rules:
                line.append(f" [{', '.join(event.rules)}]", style="dim")
            self.console.print(line)

    # -- the loop -------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the player quits (False)."""
        for _ in range(self.max_actions):
            if self.state.is_terminal():
                self._finish()
                return True
            if self.policy is not None or self.state.is_chance_node():
                # The legal actions (or chance outcomes) are listed once per step.
                self._apply(*choose_step(self.state, self.policy, self.sampler))
                continue
            if not self._turn():
                return False
        raise RulekeeperError(f"the game did not end within {self.max_actions} actions")

    def _finish(self) -> None:
        outcome = self.state.outcome()
        if self.store is not None and self.save_name is not None:
            self.store.set_outcome(self.save_name, str(outcome))
        if not self.quiet and self.policy is None:
            self.console.print(self.state.game.render(self.state))
        self.console.print(f"Game over — {outcome}", markup=False, highlight=False)

    def _turn(self) -> bool:
        """Show the choices, read one command, act on it. False means quit."""
        state = self.state
        actions = state.legal_actions()
        self.console.print(state.game.render(state))
        player = state.player_name(state.current_player())
        prompt = Text(printable(player), style="bold")
        prompt.append(f": {printable(state.pending_decision())}", style="")
        self.console.print(prompt)
        for number, action in enumerate(actions, start=1):
            self.console.print(
                f"  {number:>3}. {printable(state.game.describe_action(state, action))}",
                markup=False,
            )
        while True:
            line = self.read_line("> ")
            if line is None:
                self.console.print("(end of input: quitting)")
                return False
            line = line.strip()
            if not line:
                continue
            handled = self._command(line, actions)
            if handled is not None:
                return handled

    def _command(self, line: str, actions: list[Action]) -> bool | None:
        """Act on one typed line; None means "ask again"."""
        word, _, rest = line.partition(" ")
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(actions):
                self.console.print(f"choose a number from 1 to {len(actions)}")
                return None
            return self._try(actions[number - 1])
        if line.startswith("{"):
            try:
                action = self.state.game.parse_action(parse_document(line, "action", "json"))
            except (ActionFormatError, ContentError) as error:
                self.console.print(printable(str(error)), markup=False)
                return None
            return self._try(action)
        if word in ("quit", "q", "exit"):
            return False
        if word in ("help", "h", "?"):
            self.console.print(HELP, markup=False)
            return None
        if word == "undo":
            self.undo()
            return True
        if word == "save":
            self.save(rest.strip() or None)
            return None
        if word == "log":
            for event in self.state.log[-20:]:
                self.console.print(f"  {event}", markup=False)
            return None
        if word == "board":
            self.console.print(self.state.game.render(self.state))
            return None
        if word == "json":
            for number, action in enumerate(actions, start=1):
                self.console.print(f"  {number:>3}. {json.dumps(action.to_json())}", markup=False)
            return None
        self.console.print(f"unknown command {line!r}. {HELP}", markup=False)
        return None

    def _try(self, action: Action) -> bool | None:
        try:
            self._apply(action)
        except RuleViolation as error:
            self.console.print(str(error), markup=False)
            return None
        return True

    def undo(self) -> None:
        """Replay the history minus the last choice a player made (and the chance after it)."""
        cut = undo_cut(self.state)
        if cut is None:
            self.console.print("nothing to undo")
            return
        self.state = replay_prefix(self.state, cut)
        self.shown_events = len(self.state.log)
        if self.store is not None and self.save_name is not None:
            self.store.truncate(self.save_name, cut)
        self.console.print(f"undone: back to action {cut}")

    def save(self, name: str | None) -> None:
        """Save the game so far (under ``name``, or the session's save name)."""
        if self.store is None:
            self.store = SaveStore()
        if name is None and self.save_name is not None:
            self.console.print(f"saved as {self.save_name!r} (every action is saved as you play)")
            return
        if name is None:
            self.console.print("save NAME: give the save a name")
            return
        try:
            check_save_name(name)
            header = self.state.replay_header()
            self.store.create(name, header, [a.to_json() for _, a in self.state.history], hold=True)
        except RulekeeperError as error:
            self.console.print(str(error), markup=False)
            return
        self.save_name = name
        self.console.print(f"saved as {name!r}; every action from now on is saved as you play")
