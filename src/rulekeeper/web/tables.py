"""Games being played at the web table: one :class:`Table` per game, shared by every browser.

A table holds a state and plays it through the same doors as the terminal:
the chosen action goes to ``apply()`` (a :class:`RuleViolation` leaves the
state as it was), chance is sampled from the game's seed unless the players
enter it by hand, undo replays the history minus the last choice, and a named
save records every action in the SQLite store as it is applied. The table
decides no rule. Each change bumps ``version`` and wakes the browsers
listening for it.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.game import State
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.core.replay import replay_prefix, undo_cut
from rulekeeper.i18n import _
from rulekeeper.store import SaveStore, check_save_name

ChanceMode = Literal["auto", "manual"]
MAX_TABLES = 64
"""Open tables kept in memory; the oldest finished or idle one makes room for a new one."""
MAX_CHANCE_STEPS = 10_000
"""Chance nodes resolved in a row before the table gives up (a game file cannot loop us)."""


class TableError(RulekeeperError):
    """A request the table cannot carry out (nothing to undo, an unknown table).

    ``missing`` marks a request for something that is not there (answered 404).
    """

    def __init__(self, message: str, *, missing: bool = False) -> None:
        super().__init__(message)
        self.missing = missing


@dataclass
class Table:
    """One game in progress and everything the browsers share about it."""

    id: str
    state: State
    chance: ChanceMode = "auto"
    store: SaveStore | None = None
    save_name: str | None = None
    version: int = 0
    redo_stack: list[list[Action]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.sampler = SeededSampler(self.state.seed)

    # -- acting -----------------------------------------------------------------
    def act(self, action: Action) -> None:
        """Apply a player's action (checked), then any chance the app draws."""
        self.state.apply(action)
        self._record(action)
        self.redo_stack.clear()
        self.resolve_chance()
        self._bump()

    def resolve_chance(self) -> None:
        """Draw chance outcomes from the seed while the app draws them (``auto``)."""
        if self.chance != "auto":
            return
        for _step in range(MAX_CHANCE_STEPS):
            if not self.state.is_chance_node():
                return
            outcome = self.sampler.sample(self.state)
            self.state.apply(outcome)
            self._record(outcome)
        raise TableError(_("more than {limit} chance outcomes in a row", limit=MAX_CHANCE_STEPS))

    def undo(self) -> None:
        """Replay the history minus the last choice a player made and the chance after it."""
        cut = undo_cut(self.state)
        if cut is None:
            raise TableError(_("nothing to undo"))
        removed = [a for _, a in self.state.history[cut:]]
        self.state = replay_prefix(self.state, cut)
        if self.store is not None and self.save_name is not None:
            self.store.truncate(self.save_name, cut)
            self.store.set_outcome(self.save_name, None)
        self.redo_stack.append(removed)
        self._bump()

    def redo(self) -> None:
        """Play again the choice (and its chance outcomes) the last undo took back."""
        if not self.redo_stack:
            raise TableError(_("nothing to redo"))
        segment = self.redo_stack[-1]
        trial = self.state.clone()
        for action in segment:
            trial.apply(action)
        self.redo_stack.pop()
        before = len(self.state.history)
        self.state = trial
        for index in range(before, len(trial.history)):
            self._record_at(index, trial.history[index][1])
        self._bump()

    def save(self, name: str) -> None:
        """Save the game under ``name``; from then on every action is recorded as it is played."""
        check_save_name(name)
        store = self.store or SaveStore()
        store.create(
            name, self.state.replay_header(), [a.to_json() for _player, a in self.state.history]
        )
        outcome = self.state.outcome()
        if outcome is not None:
            store.set_outcome(name, outcome.to_record())
        self.store, self.save_name = store, name
        self._bump()

    # -- recording and waking listeners ----------------------------------------------
    def _record(self, action: Action) -> None:
        self._record_at(len(self.state.history) - 1, action)

    def _record_at(self, index: int, action: Action) -> None:
        if self.store is None or self.save_name is None:
            return
        self.store.append(self.save_name, index, action.to_json())
        outcome = self.state.outcome()
        if outcome is not None:
            self.store.set_outcome(self.save_name, outcome.to_record())

    def _bump(self) -> None:
        self.version += 1
        self.changed.set()
        self.changed = asyncio.Event()


class TableHub:
    """The open tables, by id."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        self.tables: dict[str, Table] = {}
        self.limit = limit

    def open(
        self,
        state: State,
        *,
        chance: ChanceMode = "auto",
        store: SaveStore | None = None,
        save_name: str | None = None,
    ) -> Table:
        """A new table for ``state``; chance at the start is drawn at once when ``auto``."""
        if len(self.tables) >= self.limit:
            self._make_room()
        table = Table(secrets.token_hex(6), state, chance, store, save_name)
        table.resolve_chance()
        self.tables[table.id] = table
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise TableError(
                _(
                    "no table {table} (it may have been closed; start a new game)",
                    table=repr(table_id),
                ),
                missing=True,
            )
        return table

    def _make_room(self) -> None:
        finished = [t for t in self.tables.values() if t.state.is_terminal()]
        victim = (finished or list(self.tables.values()))[0]
        del self.tables[victim.id]


def replay_into(
    hub: TableHub,
    state: State,
    actions: Sequence[Action],
    *,
    chance: ChanceMode = "auto",
) -> Table:
    """Open a table on ``state`` after applying ``actions`` (already checked elsewhere)."""
    for action in actions:
        state.apply(action)
    return hub.open(state, chance=chance)
