"""Saved games in one SQLite database: a replay header and its actions.

Each action is appended in its own transaction as it is applied, so a crash
loses nothing already applied (WAL mode). The database lives in
``$RULEKEEPER_HOME`` or, failing that, the XDG data directory
(``$XDG_DATA_HOME/rulekeeper``, default ``~/.local/share/rulekeeper``).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rulekeeper.core.errors import ContentError, RulekeeperError, printable
from rulekeeper.core.replay import REPLAY_FORMAT, ReplayFile, parse_replay

DATABASE_NAME = "saves.sqlite3"
SCHEMA_VERSION = 1
SAVE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    name     TEXT PRIMARY KEY,
    format   TEXT NOT NULL,
    game     TEXT NOT NULL,
    ruleset  TEXT NOT NULL,
    scenario TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    outcome  TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    name   TEXT NOT NULL REFERENCES games(name) ON DELETE CASCADE,
    idx    INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (name, idx)
);
"""


class SaveError(RulekeeperError):
    """A save that does not exist, already exists, or has a bad name."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    name: str
    game: str
    ruleset: str
    scenario: str
    seed: int
    actions: int
    updated: str
    outcome: str | None


def default_home() -> Path:
    """Where the database lives: $RULEKEEPER_HOME, else the XDG data directory."""
    explicit = os.environ.get("RULEKEEPER_HOME")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "rulekeeper"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def check_save_name(name: str) -> str:
    if not SAVE_NAME.fullmatch(name):
        raise SaveError(
            f"save name {printable(repr(name))}: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit"
        )
    return name


class SaveStore:
    """The saved games in one SQLite file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_home() / DATABASE_NAME

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            raise SaveError(f"cannot open the save database {self.path}: {error}") from None
        with closing(connection):
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.executescript(_SCHEMA)
            connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            yield connection

    def create(
        self, name: str, header: dict[str, Any], actions: Sequence[dict[str, Any]] = ()
    ) -> None:
        """Start a save with a replay header and (optionally) its first actions."""
        check_save_name(name)
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
                    raise SaveError(f"a save called {name!r} already exists")
                now = _now()
                db.execute(
                    "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                    (
                        name,
                        REPLAY_FORMAT,
                        header["game"],
                        header["ruleset"],
                        header["scenario"],
                        int(header["seed"]),
                        now,
                        now,
                    ),
                )
                db.executemany(
                    "INSERT INTO actions VALUES (?, ?, ?)",
                    [(name, i, json.dumps(a, sort_keys=True)) for i, a in enumerate(actions)],
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def append(self, name: str, index: int, action: dict[str, Any]) -> None:
        """Record action number ``index`` (from 0) of a save, in its own transaction."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                self._require(db, name)
                db.execute("DELETE FROM actions WHERE name = ? AND idx >= ?", (name, index))
                db.execute(
                    "INSERT INTO actions VALUES (?, ?, ?)",
                    (name, index, json.dumps(action, sort_keys=True)),
                )
                db.execute("UPDATE games SET updated = ? WHERE name = ?", (_now(), name))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def truncate(self, name: str, length: int) -> None:
        """Keep only the first ``length`` actions (after an undo)."""
        with self._connect() as db:
            self._require(db, name)
            db.execute("DELETE FROM actions WHERE name = ? AND idx >= ?", (name, length))

    def set_outcome(self, name: str, outcome: str | None) -> None:
        with self._connect() as db:
            db.execute(
                "UPDATE games SET outcome = ?, updated = ? WHERE name = ?", (outcome, _now(), name)
            )

    def _require(self, db: sqlite3.Connection, name: str) -> tuple[Any, ...]:
        row = db.execute(
            "SELECT name, game, ruleset, scenario, seed, updated, outcome FROM games WHERE name = ?",
            (name,),
        ).fetchone()
        if row is None:
            raise SaveError(f"no save called {name!r} (see 'rulekeeper saves list')")
        return tuple(row)

    def list(self) -> list[SaveSummary]:
        with self._connect() as db:
            rows = db.execute(
                "SELECT g.name, g.game, g.ruleset, g.scenario, g.seed, "
                "(SELECT COUNT(*) FROM actions a WHERE a.name = g.name), g.updated, g.outcome "
                "FROM games g ORDER BY g.updated DESC, g.name"
            ).fetchall()
        return [SaveSummary(*row) for row in rows]

    def load(self, name: str) -> ReplayFile:
        """The save as a replay (validated, not yet replayed)."""
        with self._connect() as db:
            _, game, ruleset, scenario, seed, _, _ = self._require(db, name)
            rows = db.execute(
                "SELECT idx, action FROM actions WHERE name = ? ORDER BY idx", (name,)
            ).fetchall()
        actions: list[dict[str, Any]] = []
        for position, (idx, text) in enumerate(rows):
            if idx != position:
                raise ContentError(f"action {position + 1} is missing", source=f"save {name!r}")
            try:
                actions.append(json.loads(text))
            except json.JSONDecodeError as error:
                raise ContentError(
                    f"action {idx + 1} is not valid JSON ({error.msg})", source=f"save {name!r}"
                ) from None
        data = {
            "format": REPLAY_FORMAT,
            "game": game,
            "ruleset": ruleset,
            "scenario": scenario,
            "seed": seed,
            "actions": actions,
        }
        return parse_replay(data, f"save {name!r}")

    def delete(self, name: str) -> None:
        with self._connect() as db:
            self._require(db, name)
            db.execute("DELETE FROM games WHERE name = ?", (name,))
