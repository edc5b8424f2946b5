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
from rulekeeper.i18n import N_, _, _n
from rulekeeper.store import SaveStore, check_save_name

HELP = N_(
    "Type a number to choose an action, or an action's JSON form. Commands: board (the "
    "whole screen), status (the objective and special rules), log, explain (the rules "
    "behind the last ruling), undo, redo, save [NAME], json, help, quit."
)
"""What ``help`` prints (translated when shown; the command words stay as typed)."""

WIDTH = 80
"""The screen width the play loop draws for unless asked for more (``--wide``)."""

Sections = list[tuple[str, list[str]]]


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
    width: int = WIDTH

    def __post_init__(self) -> None:
        self.sampler = SeededSampler(self.state.seed)
        self.shown_events = len(self.state.log)
        self._shown: dict[str, list[str]] = {}
        self._redo: list[Action] = []
        self._ruling_start = len(self.state.log)
        self._unsaved = False

    # -- recording ----------------------------------------------------------
    def _record(self, action: Action) -> None:
        if self.store is not None and self.save_name is not None:
            self.store.append(self.save_name, len(self.state.history) - 1, action.to_json())
        else:
            self._unsaved = True

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

    # -- the screen ---------------------------------------------------------
    def _sections(self, choices: Sequence[Action] = ()) -> Sections:
        return self.state.game.screen(self.state, self.width, choices)

    def _print_sections(self, sections: Sections, *, only_changed: bool) -> None:
        for name, lines in sections:
            if only_changed and self._shown.get(name) == lines:
                continue
            self._shown[name] = lines
            for line in lines:
                self.console.print(
                    Text(printable(line), no_wrap=True, overflow="ignore"), highlight=False
                )

    def show_board(self, choices: Sequence[Action] = ()) -> None:
        """The whole screen, every section."""
        self._print_sections(self._sections(choices), only_changed=False)

    def show_status(self) -> None:
        """The objective and special rules (the ``goal`` section) and where the game stands."""
        sections = dict(self._sections())
        for line in sections.get("goal", []) + sections.get("title", []):
            self.console.print(Text(printable(line), no_wrap=True, overflow="ignore"))
        if "goal" not in sections and "title" not in sections:
            self.console.print(printable(self.state.pending_decision()), markup=False)

    def explain(self) -> None:
        """The rules cited by the last ruling (the events since the last choice), with their text."""
        from rulekeeper.rulebook import find_rule

        events = list(self.state.log[self._ruling_start :]) or list(self.state.log[-1:])
        cited: list[str] = []
        for event in events:
            for rule in event.rules:
                if rule not in cited:
                    cited.append(rule)
        if not cited:
            self.console.print(_("the last ruling cites no rule"), markup=False)
            return
        for event in events:
            if event.rules:
                self.console.print(
                    f"  {printable(event.text)} [{', '.join(event.rules)}]", markup=False
                )
        for rule_id in cited:
            found = find_rule(rule_id)
            if found is None:
                self.console.print(
                    _("{rule}: (not in a shipped catalog)", rule=rule_id), markup=False
                )
                continue
            where = f"{found.catalog}: {found.section}"
            self.console.print(f"{rule_id} ({where}): {printable(found.text)}", markup=False)

    # -- the loop -------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game ends (True) or the player quits (False)."""
        for _step in range(self.max_actions):
            if self.state.is_terminal():
                self._finish()
                return True
            if self.policy is not None or self.state.is_chance_node():
                # The legal actions (or chance outcomes) are listed once per step.
                self._apply(*choose_step(self.state, self.policy, self.sampler))
                continue
            if not self._turn():
                return False
        raise RulekeeperError(
            _n(
                "the game did not end within {n} action",
                "the game did not end within {n} actions",
                self.max_actions,
            )
        )

    def _finish(self) -> None:
        outcome = self.state.outcome()
        if self.store is not None and self.save_name is not None:
            self.store.set_outcome(self.save_name, None if outcome is None else outcome.to_record())
        if not self.quiet and self.policy is None:
            self._print_sections(self._sections(), only_changed=True)
        self.console.print(
            _("Game over — {outcome}", outcome=outcome), markup=False, highlight=False
        )

    def _turn(self) -> bool:
        """Show what changed and the choices, read one command, act on it. False means quit."""
        state = self.state
        actions = state.legal_actions()
        # the first screen is whole; after that, only the sections that changed
        self._print_sections(self._sections(actions), only_changed=bool(self._shown))
        player = printable(state.player_name(state.current_player()))
        decision = printable(state.pending_decision())
        first_word = player.split(" ")[0].lower()
        if first_word and decision.lower().startswith(first_word):
            prompt = Text(decision)  # the decision already names who decides
        else:
            prompt = Text(player, style="bold")
            prompt.append(f": {decision}", style="")
        self.console.print(prompt)
        self._print_choices(actions)
        while True:
            line = self.read_line("> ")
            if line is None:
                self.console.print(_("(end of input: quitting)"), markup=False)
                return False
            line = line.strip()
            if not line:
                continue
            handled = self._command(line, actions)
            if handled is not None:
                return handled

    def _print_choices(self, actions: Sequence[Action]) -> None:
        """The numbered choices; short labels go in two columns so a long list fits the screen."""
        labels = [
            f"{number:>3}. {printable(self.state.game.describe_action(self.state, action))}"
            for number, action in enumerate(actions, start=1)
        ]
        half = self.width // 2
        if len(labels) > 8 and all(len(label) < half for label in labels):
            rows = (len(labels) + 1) // 2
            for left, right in zip(labels[:rows], [*labels[rows:], ""], strict=False):
                self.console.print(f"{left:<{half}}{right}".rstrip(), markup=False)
            return
        for label in labels:
            self.console.print(label, markup=False)

    def _command(self, line: str, actions: list[Action]) -> bool | None:
        """Act on one typed line; None means "ask again"."""
        word, _space, rest = line.partition(" ")
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(actions):
                self.console.print(
                    _("choose a number from 1 to {last}", last=len(actions)), markup=False
                )
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
            return self.quit()
        if word in ("help", "h", "?"):
            self.console.print(_(HELP), markup=False)
            return None
        if word == "undo":
            return True if self.undo() else None
        if word == "redo":
            return True if self.redo() else None
        if word == "save":
            self.save(rest.strip() or None)
            return None
        if word == "log":
            for event in self.state.log[-20:]:
                self.console.print(f"  {event}", markup=False)
            return None
        if word == "board":
            self.show_board(actions)
            return None
        if word == "status":
            self.show_status()
            return None
        if word == "explain":
            self.explain()
            return None
        if word == "json":
            for number, action in enumerate(actions, start=1):
                self.console.print(f"  {number:>3}. {json.dumps(action.to_json())}", markup=False)
            return None
        self.console.print(
            _("unknown command {line}. {help}", line=repr(line), help=_(HELP)), markup=False
        )
        return None

    def _try(self, action: Action) -> bool | None:
        start = len(self.state.log)
        try:
            self._apply(action)
        except RuleViolation as error:
            self.console.print(str(error), markup=False)
            return None
        self._ruling_start = start
        self._redo.clear()
        return True

    def quit(self) -> bool | None:
        """Leave; a game with unsaved choices is offered a save first (False: quit)."""
        if self._unsaved and self.save_name is None:
            self.console.print(
                _(
                    "This game is not saved. Save it? Type a name to save it under, "
                    "'no' to quit without saving, or 'back' to keep playing."
                ),
                markup=False,
            )
            while True:
                answer = self.read_line(_("save as> "))
                if answer is None or answer.strip().lower() in ("no", "n"):
                    return False
                answer = answer.strip()
                if not answer:
                    continue
                if answer.lower() in ("back", "b"):
                    return None
                self.save(answer)
                if self.save_name is not None:
                    return False
        return False

    def undo(self) -> bool:
        """Replay the history minus the last choice a player made (and the chance after it)."""
        cut = undo_cut(self.state)
        if cut is None:
            self.console.print(_("nothing to undo"), markup=False)
            return False
        undone = [action for _, action in self.state.history[cut:]]
        self.state = replay_prefix(self.state, cut)
        self._redo = undone + self._redo
        self.shown_events = len(self.state.log)
        self._ruling_start = len(self.state.log)
        self._shown.clear()
        if self.store is not None and self.save_name is not None:
            self.store.truncate(self.save_name, cut)
        self.console.print(
            _("undone: back to action {number} (redo puts it back)", number=cut), markup=False
        )
        return True

    def redo(self) -> bool:
        """Play again the choice last undone (with the chance outcomes that followed it)."""
        if not self._redo:
            self.console.print(_("nothing to redo"), markup=False)
            return False
        start = len(self.state.log)
        used = 0
        try:
            # the undone choice, then the chance outcomes that followed it
            self._apply(self._redo[0])
            used = 1
            while self.state.is_chance_node() and used < len(self._redo):
                self._apply(self._redo[used])
                used += 1
        except RuleViolation as error:
            self.console.print(_("cannot redo: {reason}", reason=str(error)), markup=False)
            self._redo.clear()
            return False
        del self._redo[:used]
        self._ruling_start = start
        self.console.print(_n("redone: {n} action", "redone: {n} actions", used), markup=False)
        return True

    def save(self, name: str | None) -> None:
        """Save the game so far (under ``name``, or the session's save name)."""
        if self.store is None:
            self.store = SaveStore()
        if name is None and self.save_name is not None:
            self.console.print(
                _(
                    "saved as {name} (every action is saved as you play)",
                    name=repr(self.save_name),
                ),
                markup=False,
            )
            return
        if name is None:
            self.console.print(_("save NAME: give the save a name"), markup=False)
            return
        try:
            check_save_name(name)
            header = self.state.replay_header()
            self.store.create(name, header, [a.to_json() for _, a in self.state.history], hold=True)
        except RulekeeperError as error:
            self.console.print(str(error), markup=False)
            return
        self.save_name = name
        self._unsaved = False
        self.console.print(
            _("saved as {name}; every action from now on is saved as you play", name=repr(name)),
            markup=False,
        )
