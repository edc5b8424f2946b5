"""The game protocol every game family implements (DESIGN.md, "core").

A :class:`Game` makes states; a :class:`State` answers who acts, what is legal,
and applies actions. Chance is a player (:data:`CHANCE`): at a chance node
``chance_outcomes()`` lists the outcomes with exact probabilities and the chosen
outcome is applied like any action, so ``(scenario, seed, actions)`` replays a
game exactly.

``apply()`` is the checked entry: an illegal action raises
:class:`~rulekeeper.core.errors.RuleViolation` and leaves the state exactly as
it was. ``apply_trusted()`` skips the check for search loops and replays of
actions already known to be legal.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from rulekeeper.core.actions import Action, ActionCodec
from rulekeeper.core.append_only import AppendOnlyList
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.events import Event, make_event
from rulekeeper.i18n import N_, Msg, _, lazy, use_language

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -4
"""``current_player()`` once the game is over."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``result`` is ``won``, ``lost`` or a game's own word.

    ``result`` is a machine word (saves, JSON); it is shown translated. The
    ``summary`` is a message (:func:`~rulekeeper.i18n.lazy`) or plain text; a
    family that shows it as text in the current language passes the message
    too (``message``), so a save can show the outcome in another language.
    """

    result: str
    summary: Msg | str
    message: Msg | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return _(
            "{result}: {summary}",
            result=_(RESULTS.get(self.result, self.result)),
            summary=self.summary,
        )

    def to_record(self) -> str:
        """The outcome as a save keeps it: JSON text of the result and the summary message
        (with its English text), shown later in the reader's language (:func:`shown_outcome`)."""
        shown = self.message if self.message is not None else self.summary
        summary: Any = {"msg": shown.to_json()} if isinstance(shown, Msg) else shown
        with use_language("en"):
            english = _(
                "{result}: {summary}",
                result=_(RESULTS.get(self.result, self.result)),
                summary=shown,
            )
        record = {"result": self.result, "summary": summary, "text": english}
        return json.dumps(record, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_record(cls, record: str) -> Outcome | None:
        """The outcome :meth:`to_record` wrote; None for anything else (an older save keeps
        the outcome as plain text)."""
        if not record.startswith("{"):
            return None
        try:
            raw = json.loads(record)
            summary = raw["summary"]
            if isinstance(summary, dict):
                summary = Msg.from_json(summary["msg"])
            elif not isinstance(summary, str):
                return None
            return cls(str(raw["result"]), summary)
        except (ValueError, KeyError, TypeError, AttributeError):
            return None


def shown_outcome(record: str | None) -> str | None:
    """A saved outcome in the current language: the text :meth:`Outcome.to_record` kept,
    rendered now; an older save's plain text as it is."""
    if record is None:
        return None
    outcome = Outcome.from_record(record)
    return record if outcome is None else str(outcome)


RESULTS = {"won": N_("won"), "lost": N_("lost")}
"""The results every game may end with, as shown (translated)."""


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """A scenario a game ships with, as listed by ``rulekeeper games``."""

    name: str
    title: str
    rulesets: tuple[str, ...] = ()


class State(ABC):
    """A game in progress. Subclasses hold the game's own fields.

    The base keeps ``history`` (every applied action with the player who chose
    it, chance included) and ``log`` (the events); subclasses implement
    :meth:`check` and :meth:`_apply`, and report events through :meth:`emit`.
    Both are :class:`~rulekeeper.core.append_only.AppendOnlyList`: entries are
    never changed once recorded, so clones share them (assigning any iterable
    stores a new one).
    """

    game: Game
    ruleset: str
    scenario: str
    seed: int

    def __init__(self, game: Game, *, ruleset: str, scenario: str, seed: int) -> None:
        self.game = game
        self.ruleset = ruleset
        self.scenario = scenario
        self.seed = seed
        self._history: AppendOnlyList[tuple[int, Action]] = AppendOnlyList()
        self._log: AppendOnlyList[Event] = AppendOnlyList()

    @property
    def history(self) -> AppendOnlyList[tuple[int, Action]]:
        """Every applied action with the player who chose it (chance is :data:`CHANCE`)."""
        return self._history

    @history.setter
    def history(self, entries: Iterable[tuple[int, Action]]) -> None:
        self._history = (
            entries.fork() if isinstance(entries, AppendOnlyList) else AppendOnlyList(entries)
        )

    @property
    def log(self) -> AppendOnlyList[Event]:
        """The events, in order."""
        return self._log

    @log.setter
    def log(self, events: Iterable[Event]) -> None:
        self._log = events.fork() if isinstance(events, AppendOnlyList) else AppendOnlyList(events)

    # -- who acts ----------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The acting player's index, :data:`CHANCE` or :data:`TERMINAL`."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def player_name(self, player: int) -> str:
        """A person-readable name for a player index (a hero, a side)."""
        if player == CHANCE:
            return _("chance")
        return _("player {number}", number=player)

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the acting player may take; at a chance node, the outcomes."""

    def legal_actions_of(self, player: int) -> list[Action]:
        """:meth:`legal_actions` for a driver that has just asked :meth:`current_player`
        (``player``): a game whose listing starts by working out who acts is spared doing
        it twice (``play_step``). The default lists them as :meth:`legal_actions` does."""
        return self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, every outcome with its exact probability (summing to 1)."""
        raise RuleViolation("CORE-CHANCE", lazy("this state is not waiting on chance"))

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    def pending_decision(self) -> str:
        """A short prompt saying what the acting player is deciding."""
        return _("choose an action")

    # -- acting ------------------------------------------------------------
    def apply(self, action: Action, *, legal: Sequence[Action] | None = None) -> None:
        """Check ``action`` against the rules, then apply it.

        Raises :class:`RuleViolation` (state untouched) if the action is illegal.
        A driver that has just listed this state's ``legal_actions()`` (or the
        chance outcomes) and chosen from them passes the list as ``legal``: an
        action found in it needs only :meth:`check_listed`, so the list is not
        built twice; any other action gets the full :meth:`check`.
        """
        player = self.current_player()
        if player == TERMINAL:
            raise RuleViolation("CORE-END", lazy("the game is over; no action may be taken"))
        if legal is not None and action in legal:
            self.check_listed(action)
        else:
            self.check(action)
            self._check_is_listed(action, legal)
        self._apply(action)
        self._history.append((player, action))

    def _check_is_listed(self, action: Action, legal: Sequence[Action] | None) -> None:
        """Every accepted action is exactly one listed action (CORE-LEGAL).

        A game's :meth:`check` names the rule an action breaks; this makes sure
        no other spelling of a listed action (its effects in another order, a
        repeated option) slips through it.
        """
        if isinstance(action, self.compound_actions):
            return
        listed = self.legal_actions() if legal is None else legal
        if self.listed_form(action) not in listed:
            if self.is_chance_node():
                reason = lazy("{action} is not a possible outcome here", action=action.label())
            else:
                reason = lazy(
                    "{action} is not one of the listed actions here", action=action.label()
                )
            raise RuleViolation("CORE-LEGAL", reason)

    compound_actions: ClassVar[tuple[type[Action], ...]] = ()
    """Action types a game documents as one step standing for several listed ones
    (ether's whole payment for its listed source-by-source steps); :meth:`check`
    alone rules on them."""

    def listed_form(self, action: Action) -> Action:
        """The listed action a short spelling the rules allow stands for (itself by default).

        A game whose rules let a player leave out what can only be one thing
        (a hero's only weapon) maps that spelling to the one listed action.
        """
        return action

    def apply_trusted(self, action: Action, *, player: int | None = None) -> None:
        """Apply an action known to be legal (search, rollouts, verified replays).

        ``player`` is :meth:`current_player` when the driver has just asked it
        (``play_step``), so it is not worked out twice.
        """
        if player is None:
            player = self.current_player()
        self._apply(action)
        self._history.append((player, action))

    def check(self, action: Action) -> None:
        """Raise :class:`RuleViolation` if ``action`` is illegal here. Must not mutate.

        The default accepts exactly the members of :meth:`legal_actions`;
        games override it to name the precise rule that an action breaks.
        """
        if action not in self.legal_actions():
            if self.is_chance_node():
                raise RuleViolation(
                    "CORE-CHANCE",
                    lazy("{action} is not a possible outcome here", action=action.label()),
                )
            raise RuleViolation(
                "CORE-LEGAL", lazy("{action} is not a legal action now", action=action.label())
            )

    def check_listed(self, action: Action) -> None:
        """What :meth:`check` still asks of an action ``legal_actions()`` lists (nothing here).

        ``legal_actions()`` lists only actions that :meth:`check` accepts; a game
        whose check asks more of a listed action overrides this with that part.
        """
        return None

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action: change the state and :meth:`emit` events."""

    def emit(self, kind: str, message: Msg | str, *rules: str, **data: Any) -> Event:
        """Record an event in the log and return it.

        ``message`` is a :func:`rulekeeper.i18n.lazy` message, so that each reader
        sees it in their language (a plain string is shown untranslated).
        """
        # rules and data are made afresh for this call
        event = make_event(Event, (kind, message, rules, data))
        self._log.append(event)
        return event

    # -- copies and files --------------------------------------------------
    def clone(self) -> State:
        """An independent copy sharing only immutable data (boards, content, recorded entries)."""
        memo = self._shared_memo()
        memo[id(self._history)] = self._history.fork()
        memo[id(self._log)] = self._log.fork()
        return copy.deepcopy(self, memo=memo)

    def _shared_memo(self) -> dict[int, Any]:
        """Objects a deep copy must share, not copy: the game and its content."""
        return {id(self.game): self.game}

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON values: header, history, log and game fields."""
        return {
            "game": self.game.name,
            "ruleset": self.ruleset,
            "scenario": self.scenario,
            "seed": self.seed,
            "history": [[p, a.to_json()] for p, a in self.history],
            "log": [e.to_json() for e in self.log],
            "state": self._fields_to_dict(),
        }

    @abstractmethod
    def _fields_to_dict(self) -> dict[str, Any]:
        """The game's own fields as JSON values."""

    @abstractmethod
    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        """Restore the game's own fields from :meth:`_fields_to_dict` output."""

    def replay_header(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "ruleset": self.ruleset,
            "scenario": self.scenario,
            "seed": self.seed,
        }


class Game(ABC):
    """A game family: its rulesets, scenarios, actions and a state factory."""

    name: str = ""
    title: str = ""
    """The game's title in English, marked ``N_``; shown with :meth:`shown_title`."""
    rulesets: tuple[str, ...] = ("standard",)

    def shown_title(self) -> str:
        """The title in the current language (the name when the game has no title)."""
        return _(self.title) if self.title else self.name

    @property
    def default_ruleset(self) -> str:
        return self.rulesets[0]

    @abstractmethod
    def scenarios(self) -> Sequence[ScenarioInfo]:
        """The scenarios shipped with the game."""

    @abstractmethod
    def new_state(self, scenario: str, seed: int, ruleset: str | None = None) -> State:
        """A new game of ``scenario`` (a shipped name or a file path).

        Raises :class:`~rulekeeper.core.errors.ContentError` for a bad scenario
        and ``ValueError`` naming the ruleset for an unknown ruleset.
        """

    action_classes: ClassVar[tuple[type[Action], ...]] = ()
    """Every action type of the game, chance outcomes included."""

    @cached_property
    def codec(self) -> ActionCodec:
        """Parses this game's actions (player choices and chance outcomes)."""
        if not self.action_classes:
            raise NotImplementedError(f"{type(self).__name__} lists no action_classes")
        return ActionCodec(self.action_classes)

    def parse_action(self, data: object) -> Action:
        return self.codec.parse(data)

    def unrecorded_outcome(self, state: State, recorded: Action) -> Action | None:
        """A chance outcome that a file recorded by an older engine does not hold.

        Where an older engine took a fixed outcome and this one draws, the file's
        next action (``recorded``) is not an outcome of the draw; a game that added
        such a draw returns the outcome the older engine took, so older saves and
        replays still replay exactly. ``None`` (the default): nothing is filled in.
        """
        return None

    def state_from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_dict` output."""
        state = self.new_state(str(data["scenario"]), int(data["seed"]), str(data["ruleset"]))
        state.history = [(int(p), self.parse_action(a)) for p, a in data["history"]]
        state.log = [Event.from_json(e) for e in data["log"]]
        state._fields_from_dict(data["state"])
        return state

    def check_ruleset(self, ruleset: str | None) -> str:
        """The ruleset to use; raises ``ValueError`` naming an unknown one."""
        if ruleset is None:
            return self.default_ruleset
        if ruleset not in self.rulesets:
            known = ", ".join(self.rulesets)
            raise ValueError(
                _(
                    "{game}: unknown ruleset {ruleset} (known: {known})",
                    game=self.name,
                    ruleset=repr(ruleset),
                    known=known,
                )
            )
        return ruleset

    # -- hooks for interfaces (they never decide a rule) -------------------
    def render(self, state: State) -> Any:
        """A ``rich`` renderable of the board; interfaces print it."""
        return f"{self.shown_title()}: {state.pending_decision()}"

    def describe_action(self, state: State, action: Action) -> str:
        """How a menu shows ``action`` in ``state``."""
        return action.label()

    def party_choices(self, scenario: str) -> tuple[tuple[str, ...], tuple[str, ...], int] | None:
        """Where the players may choose the party: (the scenario's own party, the
        characters to choose from, the most the scenario allows); None where the
        scenario fixes its party (the default). See :mod:`rulekeeper.core.party`."""
        return None

    def scenario_with_party(self, scenario: str, party: Sequence[str]) -> str:
        """The scenario name that plays ``scenario`` with ``party`` (see :meth:`party_choices`)."""
        raise NotImplementedError(_("{game}: the scenario fixes its party", game=self.name))

    def screen(
        self, state: State, width: int, choices: Sequence[Action] = ()
    ) -> list[tuple[str, list[str]]]:
        """The terminal play screen as named sections of plain lines, none wider than ``width``.

        The play loop prints every section at the start and on ``board``, and after
        each choice only the sections whose lines changed. A section called
        ``"goal"`` holds the objective and the special rules (printed on
        ``status``). ``choices`` are the actions about to be offered, numbered from
        1, so a board can mark the places they lead to. The default is a title
        (scenario, ruleset, seed) and the :meth:`render` picture drawn at ``width``.
        """
        import io

        from rich.console import Console

        buffer = io.StringIO()
        console = Console(file=buffer, width=width, highlight=False, markup=False)
        console.print(
            _(
                "{game} — scenario {scenario}, ruleset {ruleset}, seed {seed}",
                game=self.shown_title(),
                scenario=state.scenario,
                ruleset=state.ruleset,
                seed=state.seed,
            )
        )
        title = buffer.getvalue().rstrip("\n").splitlines()
        buffer.seek(0)
        buffer.truncate()
        console.print(self.render(state))
        return [("title", title), ("board", buffer.getvalue().rstrip("\n").splitlines())]
