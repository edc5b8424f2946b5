"""Batch simulation (issue 15): identical results on 1 worker, K workers and Ray; SQLite; reports."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.sim.report import summarise, wilson_interval
from rulekeeper.sim.runner import SimulationSpec, play_game, run_local, run_ray
from rulekeeper.sim.store import load_games, save_run

SPEC = SimulationSpec("areas", "thorn-warren", "standard", "random")
SEEDS = list(range(10))


def test_one_worker_and_a_process_pool_give_identical_games() -> None:
    one = run_local(SPEC, SEEDS, workers=1)
    pool = run_local(SPEC, SEEDS, workers=2)
    assert one == pool
    assert [r.seed for r in one] == SEEDS


@pytest.mark.slow
def test_ray_on_a_local_two_cpu_instance_gives_the_same_games() -> None:
    """Ray exercised in CI: a local instance with 2 CPUs plays the same games."""
    spec = SimulationSpec("salvage", "flooded-annex", "standard", "greedy")
    seeds = list(range(6))
    assert run_ray(spec, seeds, "local", num_cpus=2) == run_local(spec, seeds, workers=1)


def test_a_game_record_holds_outcome_rounds_and_hero_figures() -> None:
    record = play_game(SPEC, 3)
    assert record.outcome in ("won", "lost")
    assert record.rounds >= 1 and record.actions > 0
    assert set(record.heroes) == {"brannoc", "orla", "sellis"}
    for figures in record.heroes.values():
        assert figures["damage_taken"] >= 0 and figures["final_health"] >= 0


def test_runs_are_saved_one_row_per_game_and_read_back(tmp_path: Path) -> None:
    records = run_local(SPEC, SEEDS[:4], workers=1)
    db = tmp_path / "sim.sqlite"
    first = save_run(db, SPEC, records)
    second = save_run(db, SPEC, records[:2])
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT COUNT(*) FROM games WHERE run = ?", (first,)).fetchone() == (4,)
    header, back = load_games(db)
    assert header["id"] == second and back == records[:2]
    assert load_games(db, first)[1] == records


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(9, 40)
    assert (round(low, 3), round(high, 3)) == (0.123, 0.375)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_summary_counts_outcomes_and_damage_per_hero() -> None:
    records = run_local(SPEC, SEEDS, workers=1)
    report = summarise(records)
    assert sum(o.count for o in report.outcomes) == len(SEEDS)
    assert {d.hero for d in report.damage} == {"brannoc", "orla", "sellis"}
    assert len(report.rounds) == len(SEEDS)


runner = CliRunner()


def test_cli_simulate_then_report_with_a_plot(tmp_path: Path) -> None:
    db, plot = tmp_path / "runs.sqlite", tmp_path / "report.png"
    done = runner.invoke(
        app,
        [
            "simulate",
            "areas",
            "--scenario",
            "sunken-gate",
            "--games",
            "6",
            "--workers",
            "2",
            "--db",
            str(db),
            "--quiet",
        ],
    )
    assert done.exit_code == 0, done.output
    assert "6 games" in done.output
    shown = runner.invoke(app, ["simulate", "report", str(db), "--plot", str(plot)])
    assert shown.exit_code == 0, shown.output
    assert "95%" in shown.output and "brannoc" in shown.output
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "areas", "--games", "0"], "--games"),
        (["simulate", "areas", "--workers", "0"], "--workers"),
        (["simulate", "areas", "--policy", "smart"], "--policy"),
        (["simulate", "nope"], "unknown game"),
        (["simulate", "areas", "--scenario", "missing-place"], "missing-place"),
        (["simulate", "report", "nowhere.sqlite"], "no such simulation database"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    db = tmp_path / "untouched.sqlite"
    done = runner.invoke(app, [*args, "--db", str(db)] if args[1] != "report" else args)
    assert done.exit_code == 2
    assert message in done.output
    assert not db.exists()


def test_report_of_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    bogus = tmp_path / "notes.sqlite"
    bogus.write_text("not sqlite")
    done = runner.invoke(app, ["simulate", "report", str(bogus)])
    assert done.exit_code == 2
    assert "not a simulation database" in done.output
