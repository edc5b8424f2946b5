"""Saved games in one SQLite database: a replay header and its actions.

Each action is appended in its own transaction as it is applied, so a crash
(even ``kill -9``) loses nothing already applied (WAL mode). The database lives
in ``$RULEKEEPER_HOME`` or, failing that, the XDG data directory
(``$XDG_DATA_HOME/rulekeeper``, default ``~/.local/share/rulekeeper``).

Safety rules (README, "Saves"):

- One writer per save: a session that plays a save holds it (the ``holders``
  table names its process id and host). A second session is refused with a
  message naming the holder; a holder whose process has died (a crash) is
  detected and taken over. Every write checks that the writer still holds it.
- Read commands (``saves list``, ``show``, ``export``) open the database
  read-only and never write to it, not even its schema or format number.
- A database of a newer format (``PRAGMA user_version``) is refused, never
  rewritten; a damaged, read-only or busy database is one clear error line.
"""

from __future__ import annotations

import json
import os
import re
import socket
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

from rulekeeper.core.documents import parse_document
from rulekeeper.core.errors import ContentError, RulekeeperError, os_reason, printable
from rulekeeper.core.limits import MAX_ACTIONS
from rulekeeper.core.replay import REPLAY_FORMAT, ReplayFile, parse_replay
from rulekeeper.i18n import _, _n

DATABASE_NAME = "saves.sqlite3"
SCHEMA_VERSION = 2
"""1: games and actions; 2: adds ``holders`` (one writer per save)."""
SAVE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
BUSY_TIMEOUT_SECONDS = 5.0
"""How long a command waits for another process's write to finish before saying so."""

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
CREATE TABLE IF NOT EXISTS holders (
    name    TEXT PRIMARY KEY REFERENCES games(name) ON DELETE CASCADE,
    token   TEXT NOT NULL,
    pid     INTEGER NOT NULL,
    started TEXT NOT NULL,
    host    TEXT NOT NULL,
    since   TEXT NOT NULL
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
            _(
                "save name {name}: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit",
                name=printable(repr(name)),
            )
        )
    return name


@dataclass(frozen=True, slots=True)
class Holder:
    """The session playing a save: its process, that process's start time, its host."""

    pid: int
    started: str
    host: str
    since: str = ""

    def describe(self) -> str:
        return _(
            "process {pid} on host {host} (since {since})",
            pid=self.pid,
            host=repr(self.host),
            since=self.since,
        )


def this_process() -> Holder:
    """The holder a session of this process writes into ``holders``."""
    pid = os.getpid()
    return Holder(pid, _process_started(pid), socket.gethostname(), _now())


def _process_started(pid: int) -> str:
    """The process's start time in clock ticks since boot ("" where /proc is missing).

    With the pid it tells a live holder from a new process that reused its pid.
    """
    stat = _proc_stat(pid)
    return stat[19] if len(stat) > 19 else ""


def _proc_stat(pid: int) -> list[str]:
    try:
        data = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return []
    # The command name (field 2) may hold spaces: split after its closing parenthesis.
    return data[data.rfind(b")") + 2 :].decode("ascii", "replace").split()


def holder_alive(holder: Holder) -> bool:
    """Whether the holder's process still runs (always assumed on another host)."""
    if holder.host != socket.gethostname():
        return True
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # it exists, under another user
    except OverflowError:
        return False
    stat = _proc_stat(holder.pid)
    if stat and stat[0] in ("Z", "X"):
        return False  # ended, not yet reaped
    started = stat[19] if len(stat) > 19 else ""
    return not (holder.started and started and started != holder.started)


def _same_process(a: Holder, b: Holder) -> bool:
    return (a.pid, a.started, a.host) == (b.pid, b.started, b.host)


def _database_error(path: Path, error: sqlite3.Error) -> SaveError:
    """One line for what SQLite reports: damaged, busy, read-only, unopenable."""
    text = str(error)
    lowered = text.lower()
    if "not a database" in lowered or "malformed" in lowered:
        return SaveError(
            _(
                "the save database {path} is damaged ({reason}); it is left as it is",
                path=path,
                reason=text,
            )
        )
    if "locked" in lowered or "busy" in lowered:
        return SaveError(
            _(
                "the save database {path} is busy: another process is writing it; try again",
                path=path,
            )
        )
    if "readonly" in lowered or "read-only" in lowered:
        return SaveError(_("cannot write the save database {path}: it is read-only", path=path))
    if "unable to open" in lowered:
        return SaveError(
            _("cannot open the save database {path} ({reason})", path=path, reason=text)
        )
    return SaveError(_("the save database {path}: {reason}", path=path, reason=text))


class SaveStore:
    """The saved games in one SQLite file.

    A process is one session: the saves it writes are held in its name (see the
    module docstring) until :meth:`release` or :meth:`release_all`, and are taken
    over by another process only once this one has ended. Store objects of one
    process (a server's requests) share what that process holds.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_home() / DATABASE_NAME
        self.busy_timeout = BUSY_TIMEOUT_SECONDS
        self._token = uuid.uuid4().hex
        self._holding: set[str] = set()

    # -- connections ------------------------------------------------------------
    @contextmanager
    def _translate_errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as error:
            raise _database_error(self.path, error) from None

    def _check_version(self, db: sqlite3.Connection) -> int:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise SaveError(
                _(
                    "the save database {path} has format {version}, newer than this "
                    "rulekeeper reads ({supported}); update rulekeeper (the file is left as it is)",
                    path=self.path,
                    version=version,
                    supported=SCHEMA_VERSION,
                )
            )
        return version

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection for writing: creates the database or brings its schema up to date."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise SaveError(
                _(
                    "cannot open the save database {path}: cannot create its folder ({reason})",
                    path=self.path,
                    reason=os_reason(error),
                )
            ) from None
        with self._translate_errors():
            connection = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_timeout)
            with closing(connection):
                version = self._check_version(connection)
                connection.execute("PRAGMA foreign_keys=ON")
                if version < SCHEMA_VERSION:
                    connection.execute("PRAGMA journal_mode=WAL")
                    connection.execute("BEGIN IMMEDIATE")
                    try:
                        if self._check_version(connection) < SCHEMA_VERSION:
                            for statement in _SCHEMA.split(";"):
                                if statement.strip():
                                    connection.execute(statement)
                            connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                        connection.execute("COMMIT")
                    except BaseException:
                        connection.execute("ROLLBACK")
                        raise
                yield connection

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection | None]:
        """A read-only connection (None when there is no database yet); never writes."""
        if not self.path.exists():
            yield None
            return
        uri = f"file:{quote(str(self.path.resolve()))}?mode=ro"
        with self._translate_errors():
            connection = sqlite3.connect(uri, uri=True, timeout=self.busy_timeout)
            with closing(connection):
                self._check_version(connection)
                tables = {
                    row[0]
                    for row in connection.execute(
                        "SELECT name FROM sqlite_master WHERE type = 'table'"
                    )
                }
                if not {"games", "actions"} <= tables:
                    if tables:
                        raise SaveError(
                            _("{path} is not a rulekeeper save database", path=self.path)
                        )
                    yield None  # an empty file: no saves yet
                    return
                yield connection

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    # -- holding a save -----------------------------------------------------------
    def _holder(self, db: sqlite3.Connection, name: str) -> tuple[str, Holder] | None:
        row = db.execute(
            "SELECT token, pid, started, host, since FROM holders WHERE name = ?", (name,)
        ).fetchone()
        if row is None:
            return None
        return str(row[0]), Holder(int(row[1]), str(row[2]), str(row[3]), str(row[4]))

    def _claim(self, db: sqlite3.Connection, name: str) -> Holder | None:
        """Make this session the save's one writer (inside a transaction).

        Refuses while another live session holds it; returns the dead holder
        it took over, if any.
        """
        found = self._holder(db, name)
        me = this_process()
        if found is not None and found[0] == self._token:
            return None
        if found is not None and _same_process(found[1], me):
            found = None  # another store object of this process (a server's requests)
        if found is not None and holder_alive(found[1]):
            raise SaveError(
                _(
                    "save {name} is in use by {holder}; one session at a time may play a save",
                    name=repr(name),
                    holder=found[1].describe(),
                )
            )
        db.execute(
            "INSERT OR REPLACE INTO holders VALUES (?, ?, ?, ?, ?, ?)",
            (name, self._token, me.pid, me.started, me.host, me.since),
        )
        self._holding.add(name)
        return None if found is None else found[1]

    def hold(self, name: str) -> Holder | None:
        """Become the save's one writer; returns the crashed holder taken over, if any.

        Raises SaveError naming the holder while another session plays it.
        """
        with self._transaction() as db:
            self._require(db, name)
            return self._claim(db, name)

    def release(self, name: str) -> None:
        """Stop holding the save (a no-op if this session does not hold it)."""
        if name not in self._holding:
            return
        self._holding.discard(name)
        with self._transaction() as db:
            db.execute("DELETE FROM holders WHERE name = ? AND token = ?", (name, self._token))

    def release_all(self) -> None:
        for name in sorted(self._holding):
            self.release(name)

    def holder(self, name: str) -> Holder | None:
        """Who holds the save now (read-only)."""
        with self._read() as db:
            if db is None or not self._has_holders(db):
                return None
            found = self._holder(db, name)
        return None if found is None else found[1]

    @staticmethod
    def _has_holders(db: sqlite3.Connection) -> bool:
        return (
            db.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'holders'"
            ).fetchone()
            is not None
        )

    # -- writing ------------------------------------------------------------------
    def create(
        self,
        name: str,
        header: dict[str, Any],
        actions: Sequence[dict[str, Any]] = (),
        *,
        hold: bool = False,
    ) -> None:
        """Start a save with a replay header and (optionally) its first actions.

        With ``hold`` this session becomes the save's writer in the same transaction.
        """
        check_save_name(name)
        if len(actions) > MAX_ACTIONS:
            raise SaveError(
                _n(
                    "a save holds at most {n} action",
                    "a save holds at most {n} actions",
                    MAX_ACTIONS,
                )
            )
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE name = ?", (name,)).fetchone():
                raise SaveError(_("a save called {name} already exists", name=repr(name)))
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
            if hold:
                self._claim(db, name)

    def append(self, name: str, index: int, action: dict[str, Any]) -> None:
        """Record action number ``index`` (from 0) of a save, in its own transaction."""
        if index >= MAX_ACTIONS:
            raise SaveError(
                _n(
                    "a save holds at most {n} action",
                    "a save holds at most {n} actions",
                    MAX_ACTIONS,
                )
            )
        with self._transaction() as db:
            self._require(db, name)
            self._claim(db, name)
            db.execute("DELETE FROM actions WHERE name = ? AND idx >= ?", (name, index))
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?)",
                (name, index, json.dumps(action, sort_keys=True)),
            )
            db.execute("UPDATE games SET updated = ? WHERE name = ?", (_now(), name))

    def truncate(self, name: str, length: int) -> None:
        """Keep only the first ``length`` actions (after an undo)."""
        with self._transaction() as db:
            self._require(db, name)
            self._claim(db, name)
            db.execute("DELETE FROM actions WHERE name = ? AND idx >= ?", (name, length))

    def set_outcome(self, name: str, outcome: str | None) -> None:
        with self._transaction() as db:
            self._require(db, name)
            self._claim(db, name)
            db.execute(
                "UPDATE games SET outcome = ?, updated = ? WHERE name = ?", (outcome, _now(), name)
            )

    def delete(self, name: str) -> None:
        with self._transaction() as db:
            self._require(db, name)
            self._claim(db, name)
            db.execute("DELETE FROM games WHERE name = ?", (name,))
        self._holding.discard(name)

    # -- reading ------------------------------------------------------------------
    def _require(self, db: sqlite3.Connection, name: str) -> tuple[Any, ...]:
        row = db.execute(
            "SELECT name, game, ruleset, scenario, seed, updated, outcome FROM games WHERE name = ?",
            (name,),
        ).fetchone()
        if row is None:
            raise SaveError(_no_save(printable(repr(name))))
        return tuple(row)

    def list(self) -> list[SaveSummary]:
        with self._read() as db:
            if db is None:
                return []
            rows = db.execute(
                "SELECT g.name, g.game, g.ruleset, g.scenario, g.seed, "
                "(SELECT COUNT(*) FROM actions a WHERE a.name = g.name), g.updated, g.outcome "
                "FROM games g ORDER BY g.updated DESC, g.name"
            ).fetchall()
        return [SaveSummary(*row) for row in rows]

    def load(self, name: str) -> ReplayFile:
        """The save as a replay (validated, not yet replayed), read without writing."""
        source = _("save {name}", name=repr(name))
        with self._read() as db:
            if db is None:
                raise SaveError(_no_save(repr(name)))
            _name, game, ruleset, scenario, seed, _updated, _outcome = self._require(db, name)
            (count,) = db.execute("SELECT COUNT(*) FROM actions WHERE name = ?", (name,)).fetchone()
            if count > MAX_ACTIONS:
                raise ContentError(
                    _n(
                        "{count} actions; a save holds at most {n}",
                        "{count} actions; a save holds at most {n}",
                        MAX_ACTIONS,
                        count=count,
                    ),
                    source=source,
                )
            rows = db.execute(
                "SELECT idx, action FROM actions WHERE name = ? ORDER BY idx", (name,)
            ).fetchall()
        actions: list[dict[str, Any]] = []
        for position, (idx, text) in enumerate(rows):
            if idx != position:
                raise ContentError(
                    _("action {number} is missing", number=position + 1), source=source
                )
            if not isinstance(text, str):
                raise ContentError(
                    _("action {number} is not text", number=position + 1), source=source
                )
            actions.append(
                parse_document(
                    text, _("{save} action {number}", save=source, number=position + 1), "json"
                )
            )
        data = {
            "format": REPLAY_FORMAT,
            "game": game,
            "ruleset": ruleset,
            "scenario": scenario,
            "seed": seed,
            "actions": actions,
        }
        return parse_replay(data, source)


def _no_save(name: str) -> str:
    return _("no save called {name} (see 'rulekeeper saves list')", name=name)
