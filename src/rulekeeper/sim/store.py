"""Simulation results in SQLite: one row per game, one row per run.

Tables: ``runs`` (id, game, scenario, ruleset, policy, games, created) and
``games`` (run, seed, outcome, summary, rounds, actions, heroes), where
``heroes`` is a JSON object ``{hero: {"damage_taken": n, "final_health": n}}``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from rulekeeper.i18n import _
from rulekeeper.sim.runner import GameRecord, SimulationSpec

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    scenario TEXT NOT NULL,
    ruleset TEXT NOT NULL,
    policy TEXT NOT NULL,
    games INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    run INTEGER NOT NULL REFERENCES runs(id),
    seed INTEGER NOT NULL,
    outcome TEXT NOT NULL,
    summary TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    actions INTEGER NOT NULL,
    heroes TEXT NOT NULL,
    PRIMARY KEY (run, seed)
);
"""


def save_run(path: Path, spec: SimulationSpec, records: Sequence[GameRecord]) -> int:
    """Append one run and its games to the database at ``path``; returns the run id."""
    with sqlite3.connect(path) as db:
        db.executescript(SCHEMA)
        cursor = db.execute(
            "INSERT INTO runs (game, scenario, ruleset, policy, games, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                spec.game,
                spec.scenario,
                spec.ruleset,
                spec.policy,
                len(records),
                datetime.now(UTC).isoformat(timespec="seconds"),
            ),
        )
        run = int(cursor.lastrowid or 0)
        db.executemany(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    run,
                    r.seed,
                    r.outcome,
                    r.summary,
                    r.rounds,
                    r.actions,
                    json.dumps(r.heroes, sort_keys=True),
                )
                for r in records
            ],
        )
    return run


def load_games(path: Path, run: int | None = None) -> tuple[dict[str, object], list[GameRecord]]:
    """The run (the latest one unless ``run`` is given) and its games, in seed order.

    Raises ValueError naming the file for a file that is not a simulation database.
    """
    if not path.is_file():
        raise ValueError(_("{path}: no such simulation database", path=str(path)))
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            if run is None:
                row = db.execute("SELECT * FROM runs ORDER BY id DESC LIMIT 1").fetchone()
            else:
                row = db.execute("SELECT * FROM runs WHERE id = ?", (run,)).fetchone()
            if row is None:
                raise ValueError(
                    _("{path}: no simulation run", path=str(path))
                    if run is None
                    else _("{path}: no simulation run {run}", path=str(path), run=run)
                )
            names = ("id", "game", "scenario", "ruleset", "policy", "games", "created")
            header: dict[str, object] = dict(zip(names, row, strict=True))
            rows = db.execute(
                "SELECT seed, outcome, summary, rounds, actions, heroes FROM games "
                "WHERE run = ? ORDER BY seed",
                (header["id"],),
            ).fetchall()
    except sqlite3.DatabaseError as error:
        raise ValueError(
            _("{path}: not a simulation database ({error})", path=str(path), error=str(error))
        ) from None
    records = [
        GameRecord(int(s), str(o), str(m), int(r), int(a), json.loads(h))
        for s, o, m, r, a, h in rows
    ]
    return header, records
