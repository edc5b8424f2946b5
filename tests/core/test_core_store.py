"""Saves: one SQLite database, every action appended as it is applied."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from rulekeeper.store import SaveError, SaveStore, default_home

HEADER = {"game": "dicerace", "ruleset": "standard", "scenario": "short", "seed": 7}


def test_home_follows_rulekeeper_home_then_xdg(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path / "rk"))
    assert default_home() == tmp_path / "rk"
    monkeypatch.delenv("RULEKEEPER_HOME")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_home() == tmp_path / "xdg" / "rulekeeper"


def test_each_action_is_durable_as_soon_as_it_is_appended(tmp_path: Path) -> None:
    path = tmp_path / "saves.sqlite3"
    SaveStore(path).create("g1", HEADER)
    SaveStore(path).append("g1", 0, {"type": "declare", "dice": 1})
    # A fresh connection (as after a crash) sees the action already applied.
    loaded = SaveStore(path).load("g1")
    assert loaded.actions == [{"type": "declare", "dice": 1}]
    assert loaded.seed == 7


def test_the_database_uses_write_ahead_logging(tmp_path: Path) -> None:
    path = tmp_path / "saves.sqlite3"
    SaveStore(path).create("g1", HEADER)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_truncate_after_undo_and_list(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    store.create("g1", HEADER, [{"type": "declare", "dice": 1}, {"type": "roll", "face": "2"}])
    store.truncate("g1", 1)
    assert store.load("g1").actions == [{"type": "declare", "dice": 1}]
    [summary] = store.list()
    assert (summary.name, summary.actions, summary.outcome) == ("g1", 1, None)
    store.set_outcome("g1", "won: racer 1")
    assert store.list()[0].outcome == "won: racer 1"


def test_duplicate_missing_and_badly_named_saves_are_refused(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "s.sqlite3")
    store.create("g1", HEADER)
    with pytest.raises(SaveError, match="already exists"):
        store.create("g1", HEADER)
    with pytest.raises(SaveError, match="no save called 'g2'"):
        store.load("g2")
    with pytest.raises(SaveError, match="save name"):
        store.create("../etc", HEADER)
    store.delete("g1")
    assert store.list() == []


def test_an_unopenable_database_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    with pytest.raises(SaveError, match="cannot open the save database"):
        SaveStore(blocker / "s.sqlite3").create("g1", HEADER)
    # Reading never creates anything: there are simply no saves there.
    assert SaveStore(blocker / "s.sqlite3").list() == []
