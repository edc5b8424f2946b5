"""Saves are safe from each other and from crashes (issue 11, "SQLite", "Two sessions").

- A damaged, read-only or busy database is one line and exit 2, and is left as it was.
- Read commands open the database read-only: they create nothing and write nothing,
  not even the schema or its format number; a newer format is refused, never set back.
- One writer per save: a second ``saves resume`` is refused naming the holder's
  process and host; once that process has died (``kill -9``) the save is taken over.
- ``kill -9`` at any point of a saved game loses nothing already played.
"""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hardening_cli import run_cli, snapshot
from processes import Rulekeeper

import rulekeeper.store as store_module
from rulekeeper.core.game import CHANCE
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import run_replay
from rulekeeper.store import SCHEMA_VERSION, SaveStore

GAME = ("salvage", "--scenario", "flooded-annex", "--seed", "3")


def _database(home: Path) -> Path:
    return home / "saves.sqlite3"


def _saved(home: Path, name: str = "evening", actions: int = 6) -> None:
    """A save of a salvage game with a few actions (chance sampled from its seed)."""
    state = find_game("salvage").new_state("flooded-annex", 3)
    sampler = SeededSampler(3)
    while len(state.history) < actions:
        if state.is_chance_node():
            state.apply(sampler.sample(state))
        else:
            state.apply(state.legal_actions()[0])
    store = SaveStore(_database(home))
    store.create(name, state.replay_header(), [a.to_json() for _, a in state.history])


READ_COMMANDS = {
    "saves list": ["saves", "list"],
    "saves show": ["saves", "show", "evening"],
    "saves show --json": ["saves", "show", "evening", "--json"],
    "saves export": ["saves", "export", "evening"],
}
WRITE_COMMANDS = {
    "saves resume": ["saves", "resume", "evening"],
    "saves import": ["saves", "import", "REPLAY", "--name", "other"],
    "play --save": ["play", *GAME, "--save", "other", "--auto", "random", "--quiet"],
}


def _args(args: list[str], replay: Path) -> list[str]:
    return [str(replay) if a == "REPLAY" else a for a in args]


@pytest.fixture
def replay_file(tmp_path: Path, own_home: Path) -> Path:
    _saved(own_home)
    out = tmp_path / "evening.json"
    assert run_cli("saves", "export", "evening", "--out", str(out)).code == 0
    return out


# -- damaged, read-only, busy --------------------------------------------------------
@pytest.mark.parametrize("command", sorted({**READ_COMMANDS, **WRITE_COMMANDS}))
def test_a_damaged_database_is_one_line_and_left_as_it_is(
    command: str, own_home: Path, replay_file: Path
) -> None:
    database = _database(own_home)
    for suffix in ("-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    database.write_bytes(b"SQLite format 3\x00" + b"\x07" * 5000)
    before = snapshot(own_home)
    args = _args({**READ_COMMANDS, **WRITE_COMMANDS}[command], replay_file)
    run_cli(*args, stdin="quit\n").assert_user_error(str(database), "damaged")
    assert snapshot(own_home) == before


def test_a_file_that_is_not_a_database_at_all_is_named(own_home: Path) -> None:
    own_home.mkdir(parents=True)
    _database(own_home).write_text("my notes\n" * 200)
    run_cli("saves", "list").assert_user_error("damaged")
    run_cli("play", *GAME, "--save", "x", "--auto", "random").assert_user_error("damaged")
    assert _database(own_home).read_text() == "my notes\n" * 200


@pytest.mark.parametrize("command", sorted(WRITE_COMMANDS))
def test_a_database_locked_by_another_process_is_one_line(
    command: str, own_home: Path, replay_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_SECONDS", 0.2)
    before = SaveStore(_database(own_home)).load("evening")
    locker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys, time\n"
            "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "db.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.read()\n",
            str(_database(own_home)),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert locker.stdout is not None and locker.stdout.readline().strip() == "locked"
        args = _args(WRITE_COMMANDS[command], replay_file)
        run_cli(*args, stdin="quit\n").assert_user_error(str(_database(own_home)), "busy")
    finally:
        locker.communicate("", timeout=30)
    assert SaveStore(_database(own_home)).load("evening") == before
    assert [s.name for s in SaveStore(_database(own_home)).list()] == ["evening"]


def _make_read_only(paths: list[Path]) -> list[Path]:
    """Make files and folders read-only, even for root (who ignores file modes).

    As root the immutable attribute is used (``chattr +i``); returns what must
    be made writable again. Skips the test where neither is possible.
    """
    if os.geteuid() != 0:
        for path in paths:
            path.chmod(0o555 if path.is_dir() else 0o444)
        return []
    done: list[Path] = []
    for path in paths:
        result = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
        if result.returncode != 0:
            _writable_again(done)
            pytest.skip(f"cannot make {path} read-only for root here: {result.stderr!r}")
        done.append(path)
    return done


def _writable_again(paths: list[Path]) -> None:
    for path in paths:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def test_a_read_only_database_is_one_line_for_writers_and_readable_for_readers(
    own_home: Path, replay_file: Path
) -> None:
    database = _database(own_home)
    with sqlite3.connect(database) as db:  # a clean file: no WAL left beside it
        db.execute("PRAGMA journal_mode=DELETE")
    for suffix in ("-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    locked = _make_read_only([database, own_home])
    try:
        before = snapshot(own_home)
        for _command, args in sorted(WRITE_COMMANDS.items()):
            result = run_cli(*_args(args, replay_file), stdin="quit\n")
            result.assert_user_error(str(database), "read-only")
        for command, args in sorted(READ_COMMANDS.items()):
            result = run_cli(*args)
            assert result.code == 0, (command, result.err)
        assert snapshot(own_home) == before
    finally:
        _writable_again(locked)


# -- read commands never write ---------------------------------------------------------
def test_read_commands_create_no_database(own_home: Path, tmp_path: Path) -> None:
    for args in (["saves", "list"], ["saves", "show", "x"], ["saves", "export", "x"]):
        result = run_cli(*args)
        assert result.code in (0, 2), result.err
    assert not own_home.exists()


@pytest.mark.parametrize("command", sorted(READ_COMMANDS))
def test_read_commands_leave_an_older_database_as_it_is(command: str, own_home: Path) -> None:
    """A format-1 database keeps its format and schema when only read."""
    _saved(own_home)
    database = _database(own_home)
    with sqlite3.connect(database) as db:
        db.execute("DROP TABLE holders")
        db.execute("PRAGMA user_version=1")
        db.execute("PRAGMA journal_mode=DELETE")
    before = database.read_bytes()
    result = run_cli(*READ_COMMANDS[command])
    assert result.code == 0, result.err
    assert database.read_bytes() == before
    assert not Path(f"{database}-wal").exists()


@pytest.mark.parametrize("command", sorted({**READ_COMMANDS, **WRITE_COMMANDS}))
def test_a_newer_database_is_refused_and_never_set_back(
    command: str, own_home: Path, replay_file: Path
) -> None:
    database = _database(own_home)
    with sqlite3.connect(database) as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
        db.execute("PRAGMA journal_mode=DELETE")
    before = snapshot(own_home)
    args = _args({**READ_COMMANDS, **WRITE_COMMANDS}[command], replay_file)
    run_cli(*args, stdin="quit\n").assert_user_error("newer", str(SCHEMA_VERSION + 1))
    assert snapshot(own_home) == before
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


# -- one writer per save ---------------------------------------------------------------
def test_a_second_resume_is_refused_naming_the_holder_and_a_dead_holder_is_taken_over(
    own_home: Path,
) -> None:
    _saved(own_home)
    first = Rulekeeper(own_home, "saves", "resume", "evening")
    try:
        first.wait_for("> ")
        second = run_cli("saves", "resume", "evening", stdin="1\nquit\n")
        second.assert_user_error("'evening'", f"process {first.pid}", socket.gethostname())
        # Reading is still allowed while it is played.
        assert run_cli("saves", "show", "evening").code == 0
        before = SaveStore(_database(own_home)).load("evening")
        first.kill_9()
        third = run_cli("saves", "resume", "evening", stdin="1\nquit\n")
        assert third.code == 0, third.err
        assert f"took over 'evening' from process {first.pid}" in third.out
        after = SaveStore(_database(own_home)).load("evening")
        assert after.actions[: len(before.actions)] == before.actions
        assert len(after.actions) > len(before.actions)
    finally:
        if first.process.poll() is None:
            first.kill_9()
    # Released at the end: the next session takes it without a word.
    fourth = run_cli("saves", "resume", "evening", stdin="quit\n")
    assert fourth.code == 0 and "took over" not in fourth.out


def test_two_sessions_cannot_both_write_one_save(own_home: Path) -> None:
    """A session started with --save holds its save from the first action."""
    first = Rulekeeper(own_home, "play", *GAME, "--save", "evening")
    try:
        first.wait_for("> ")
        run_cli("saves", "resume", "evening", stdin="1\n").assert_user_error(f"process {first.pid}")
        first.send("quit")
        assert first.finish() == 0
    finally:
        if first.process.poll() is None:
            first.kill_9()
    assert run_cli("saves", "resume", "evening", stdin="quit\n").code == 0


# -- kill -9 ---------------------------------------------------------------------------
def _player_actions(home: Path, name: str) -> int:
    state = run_replay(SaveStore(_database(home)).load(name))
    return sum(1 for player, _ in state.history if player != CHANCE)


@pytest.mark.parametrize("choices", [0, 1, 4, 9])
def test_kill_9_after_any_choice_loses_nothing_already_played(choices: int, own_home: Path) -> None:
    """Every choice whose result was shown is in the save after SIGKILL, and it replays."""
    session = Rulekeeper(own_home, "play", *GAME, "--save", "evening")
    try:
        session.wait_for("> ")
        for made in range(1, choices + 1):
            session.send("1")
            session.wait_for("> ", count=made + 1)
    finally:
        session.kill_9()
    assert _player_actions(own_home, "evening") == choices
    resumed = run_cli("saves", "resume", "evening", stdin="quit\n")
    assert resumed.code == 0, resumed.err


def test_kill_9_at_random_moments_of_an_automatic_game_leaves_a_save_that_replays(
    own_home: Path,
) -> None:
    rng = random.Random(11)
    checked = 0
    for attempt in range(4):
        name = f"auto{attempt}"
        session = Rulekeeper(
            own_home, "play", "haven", "--seed", str(attempt), "--save", name, "--auto", "random"
        )
        session.wait_for("scenario ember-vault")  # started: its save exists
        time.sleep(rng.uniform(0.0, 1.0))
        session.kill_9()
        store = SaveStore(_database(own_home))
        if name not in {s.name for s in store.list()}:
            continue  # killed before the save was created: nothing was played
        shown = run_cli("saves", "show", name, "--json")
        assert shown.code == 0, shown.err
        assert json.loads(shown.out)["seed"] == attempt
        checked += 1
    assert checked, "every kill came before the save existed"
