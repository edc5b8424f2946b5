"""``rulekeeper play haven --companion``: the referee for a game on the players' own board.

The loop shows the companion table (companion_render.py), lists the legal
actions by number and reads what happened on the board as short commands
(``attack ashrat-1 3``, ``loot 1``, ``follow 2 lampwright``). Chance is drawn
from the seed (``--chance auto``) or entered from the physical deck
(``--chance manual``: the outcomes are listed, the players say which card came
up). ``mover`` writes the board prefilled for the monster mover. Undo replays
the history minus the last choice (core/replay.py). The loop decides no rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

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
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.core.replay import replay_prefix, undo_cut
from rulekeeper.i18n import N_, _
from rulekeeper.store import SaveStore, check_save_name

ChanceMode = Literal["auto", "manual"]
MAX_STEPS = 100_000

HELP = N_(
    "A number chooses a listed action; an action's JSON form is accepted too. What happened "
    "on the board: attack TARGET VALUE [pierce N] [advantage|disadvantage] [by SUMMON] "
    "[CONDITION ...], summon NAME, "
    "heal FIGURE N, damage FIGURE N [SOURCE], condition FIGURE NAME, remove FIGURE NAME, "
    "shield FIGURE N, moved N, loot N, mover (board for the monster mover), "
    "follow MOVED [TARGET ...] (apply the mover's answer), end. "
    "Also: chance auto|manual, undo, save NAME, log, board, help, quit."
)
"""The commands the loop reads (the command words stay English; translated when shown)."""


@dataclass
class CompanionSession:
    """One companion game at the terminal, recorded in a save if named."""

    state: State
    console: Console
    read_line: Callable[[str], str | None]
    chance: ChanceMode = "auto"
    store: SaveStore | None = None
    save_name: str | None = None
    board_folder: Path = Path(".")
    shown_events: int = field(default=0)

    def __post_init__(self) -> None:
        self.sampler = SeededSampler(self.state.seed)

    # -- recording -------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        self.state.apply(action)
        if self.store is not None and self.save_name is not None:
            self.store.append(self.save_name, len(self.state.history) - 1, action.to_json())
        self.show_new_events()

    def show_new_events(self) -> None:
        new = self.state.log[self.shown_events :]
        self.shown_events = len(self.state.log)
        for event in new:
            line = Text(f"  {printable(event.text)}")
            if event.rules:
                line.append(f" [{', '.join(event.rules)}]", style="dim")
            self.console.print(line, soft_wrap=True)

    # -- the loop ------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the scenario ends (True) or the players quit (False)."""
        self.show_new_events()
        for _step in range(MAX_STEPS):
            if self.state.is_terminal():
                self.console.print(self.state.game.render(self.state))
                self.console.print(
                    _("Game over — {outcome}", outcome=self._outcome_text()), soft_wrap=True
                )
                outcome = self.state.outcome()
                if self.store is not None and self.save_name is not None and outcome is not None:
                    self.store.set_outcome(self.save_name, outcome.to_record())
                return True
            if self.state.is_chance_node() and self.chance == "auto":
                self.apply(self.sampler.sample(self.state))
                continue
            if not self._step():
                return False
        raise RulekeeperError(_("the game did not end within {n} steps", n=MAX_STEPS))

    def _step(self) -> bool:
        state = self.state
        actions = state.legal_actions()
        if state.is_chance_node():
            self.console.print(_("Chance: which card came up from the physical deck?"))
        else:
            self.console.print(state.game.render(state))
            who = printable(state.player_name(state.current_player()))
            self.console.print(Text(f"{who}: {printable(state.pending_decision())}", style="bold"))
        for number, action in enumerate(actions, start=1):
            label = printable(state.game.describe_action(state, action))
            self.console.print(f"  {number:>3}. {label}")
        while True:
            line = self.read_line("> ")
            if line is None:
                self.console.print(_("(end of input: quitting)"))
                return False
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            handled = self.command(line, actions)
            if handled is not None:
                return handled

    def command(self, line: str, actions: list[Action]) -> bool | None:
        """Act on one typed line; None means "ask again", False "quit"."""
        word, _sep, rest = line.partition(" ")
        args = rest.split()
        if line.isdigit():
            number = int(line)
            if not 1 <= number <= len(actions):
                self.console.print(_("choose a number from 1 to {n}", n=len(actions)))
                return None
            return self._try(actions[number - 1])
        if line.startswith("{"):
            try:
                action = self.state.game.parse_action(parse_document(line, "action", "json"))
            except (ActionFormatError, ContentError) as error:
                self.console.print(printable(str(error)))
                return None
            return self._try(action)
        if word in ("quit", "q", "exit"):
            return False
        if word in ("help", "h", "?"):
            self.console.print(_(HELP))
            return None
        if word == "undo":
            self.undo()
            return True
        if word == "save":
            self.save(rest.strip())
            return None
        if word == "log":
            for event in self.state.log[-20:]:
                self.console.print(f"  {printable(str(event))}")
            return None
        if word == "board":
            self.console.print(self.state.game.render(self.state))
            return None
        if word == "chance" and args in (["auto"], ["manual"]):
            self.chance = "auto" if args == ["auto"] else "manual"
            if self.chance == "auto":
                self.console.print(_("chance is drawn by the app"))
            else:
                self.console.print(_("chance is entered from the physical decks"))
            return True
        if word == "mover":
            self.write_mover_board(args[0] if args else None)
            return None
        try:
            entered = self.board_action(word, args)
        except (ValueError, IndexError, ActionFormatError):
            self.console.print(_("cannot read {line}. {help}", line=repr(line), help=_(HELP)))
            return None
        if entered is None:
            self.console.print(_("unknown command {line}. {help}", line=repr(line), help=_(HELP)))
            return None
        return self._try(entered)

    def board_action(self, word: str, args: list[str]) -> Action | None:
        """The action a board command stands for (the acting figure is the current turn's)."""
        actor = self._actor()
        raw: dict[str, object] | None = None
        if word == "attack":
            raw = {"type": "attack", "attacker": actor, "target": args[0], "value": int(args[1])}
            conditions: list[str] = []
            rest = args[2:]
            while rest:
                item = rest.pop(0)
                if item == "pierce":
                    raw["pierce"] = int(rest.pop(0))
                elif item == "by":
                    raw["attacker"] = rest.pop(0)
                elif item in ("advantage", "disadvantage"):
                    raw["mode"] = item
                else:
                    conditions.append(item)
            raw["conditions"] = conditions
        elif word == "heal":
            raw = {"type": "heal", "figure": args[0], "value": int(args[1])}
        elif word == "damage":
            raw = {"type": "damage", "figure": args[0], "amount": int(args[1])}
            raw["source"] = " ".join(args[2:])
        elif word == "condition":
            raw = {"type": "add-condition", "figure": args[0], "condition": args[1]}
        elif word == "remove":
            raw = {"type": "remove-condition", "figure": args[0], "condition": args[1]}
        elif word == "shield":
            raw = {"type": "shield", "figure": args[0], "value": int(args[1])}
        elif word == "moved":
            raw = {"type": "moved", "figure": actor, "hexes": int(args[0])}
        elif word == "loot":
            raw = {"type": "loot", "character": actor, "tokens": int(args[0])}
        elif word == "follow":
            raw = {"type": "follow-mover", "monster": actor, "moved": int(args[0])}
            raw["targets"] = args[1:]
        elif word == "summon":
            raw = {"type": "summon", "character": actor, "summon": args[0]}
        elif word == "end":
            raw = {"type": "end-turn"}
        if raw is None:
            return None
        return self.state.game.parse_action(raw)

    def _actor(self) -> str:
        turn = getattr(self.state, "turn", None)
        return "" if turn is None else str(turn.actor)

    def _try(self, action: Action) -> bool | None:
        try:
            self.apply(action)
        except RuleViolation as error:
            self.console.print(printable(str(error)))
            return None
        return True

    # -- tools -----------------------------------------------------------------------------
    def write_mover_board(self, figure: str | None) -> None:
        """Write the board prefilled for the monster mover and say how to ask it."""
        from rulekeeper.games.haven.companion_mover import mover_board, painter_figures
        from rulekeeper.games.haven.companion_state import CompanionState

        state = self.state
        if not isinstance(state, CompanionState):
            return
        figure_id = figure or self._actor()
        try:
            board = mover_board(state, figure_id)
        except RuleViolation as error:
            self.console.print(printable(str(error)))
            return
        path = self.board_folder / f"mover-{figure_id}.json"
        path.write_text(json.dumps(board, indent=1), encoding="utf-8")
        others = [_painter_entry(f) for f in painter_figures(state) if f["id"] != figure_id]
        self.console.print(
            _(
                "wrote {path}: paint the walls, terrain and figures ({figures}) into it, then run"
                " `rulekeeper haven monster-move {path}` (or use the web table's painter) and"
                " enter its answer here: follow MOVED TARGET ...",
                path=str(path),
                figures=others,
            )
        )

    def _outcome_text(self) -> str:
        outcome = self.state.outcome()
        if outcome is None:
            return ""
        results = {"won": N_("won: {summary}"), "lost": N_("lost: {summary}")}
        if outcome.result in results:
            return _(results[outcome.result], summary=outcome.summary)
        return str(outcome)

    def undo(self) -> None:
        cut = undo_cut(self.state)
        if cut is None:
            self.console.print(_("nothing to undo"))
            return
        self.state = replay_prefix(self.state, cut)
        self.shown_events = len(self.state.log)
        if self.store is not None and self.save_name is not None:
            self.store.truncate(self.save_name, cut)
        self.console.print(_("undone: back to action {n}", n=cut))

    def save(self, name: str) -> None:
        if not name:
            self.console.print(_("save NAME: give the save a name"))
            return
        try:
            check_save_name(name)
            store = self.store or SaveStore()
            header = self.state.replay_header()
            store.create(name, header, [a.to_json() for _who, a in self.state.history], hold=True)
        except RulekeeperError as error:
            self.console.print(printable(str(error)))
            return
        self.store, self.save_name = store, name
        self.console.print(
            _(
                "saved as {name}; every action from now on is saved as you play",
                name=repr(name),
            )
        )


def start_companion(
    library: Path, scenario: str, players: int, level: int, seed: int, ruleset: str | None
) -> State:
    """A new companion game with the party size and scenario level applied (checked)."""
    from rulekeeper.core.registry import find_game
    from rulekeeper.games.haven.companion_library import scenario_name

    game = find_game("haven-companion")
    state = game.new_state(scenario_name(library, scenario), seed, ruleset)
    try:
        state.apply(game.parse_action({"type": "party-size", "players": players}))
        state.apply(game.parse_action({"type": "scenario-level", "level": level}))
    except RuleViolation as error:
        field = "--players" if not getattr(state, "players", 0) else "--level"
        raise ContentError(error.message, field=field) from None
    return state


def run_companion(
    console: Console,
    read_line: Callable[[str], str | None],
    *,
    library: Path | None,
    scenario: str | None,
    players: int | None,
    level: int | None,
    seed: int,
    ruleset: str | None,
    chance: str,
    save: str | None,
) -> None:
    """``play haven --companion``: check the options, start the game, run the loop."""
    if library is None:
        raise ContentError(_("companion mode plays a scenario of a library"), field="--library")
    if scenario is None:
        raise ContentError(_("the id of a scenario in the library"), field="--scenario")
    if players is None:
        raise ContentError(_("companion mode needs the party size"), field="--players")
    if level is None:
        raise ContentError(_("companion mode needs the scenario level"), field="--level")
    if chance not in ("auto", "manual"):
        raise ContentError(_("auto or manual, not {chance}", chance=repr(chance)), field="--chance")
    if save is not None:
        check_save_name(save)
    state = start_companion(library, scenario, players, level, seed, ruleset)
    store = SaveStore() if save is not None else None
    if store is not None and save is not None:
        store.create(
            save, state.replay_header(), [a.to_json() for _who, a in state.history], hold=True
        )
    session = CompanionSession(
        state,
        console,
        read_line,
        chance="manual" if chance == "manual" else "auto",
        store=store,
        save_name=save,
    )
    try:
        console.print(
            Text(
                _(
                    "{title} — {scenario}, seed {seed}",
                    title=state.game.shown_title(),
                    scenario=printable(state.scenario),
                    seed=seed,
                ),
                style="bold",
            )
        )
        finished = session.run()
    finally:
        if store is not None:
            store.release_all()
    if not finished and session.save_name is not None:
        console.print(
            _(
                "Saved as {name}; resume with: rulekeeper saves resume {save}",
                name=repr(session.save_name),
                save=session.save_name,
            )
        )


def _painter_entry(figure: dict[str, object]) -> str:
    """A figure the players paint for the monster mover: its id, team and initiative."""
    team = _("characters") if figure["team"] == "characters" else _("monsters")
    if "initiative" in figure:
        return _(
            "{figure} ({team}, initiative {initiative})",
            figure=figure["id"],
            team=team,
            initiative=figure["initiative"],
        )
    return _("{figure} ({team})", figure=figure["id"], team=team)
