"""The whole-process timing tools measure start-up, not compiling (issue 12, "Start-up").

With ``PYTHONDONTWRITEBYTECODE`` set, every process compiles each module whose
bytecode cache is missing or stale, and start-up figures grow with the files
edited since the caches were written. ``benchmarks/race.py`` and
``benchmarks/test_bench_startup.py`` run their commands without it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"
_FAILS_WITHOUT_CACHES = "import sys; sys.exit(3 if sys.flags.dont_write_bytecode else 0)"


def _load_tool(name: str) -> object:
    """The module ``benchmarks/NAME.py``, loaded by path (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_race_runs_its_commands_with_bytecode_caches() -> None:
    environment = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "race.py"),
            "--rounds",
            "1",
            "--warmup",
            "0",
            f"probe={sys.executable} -c '{_FAILS_WITHOUT_CACHES}'",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "probe" in done.stdout


def test_the_start_up_benchmark_runs_its_commands_with_bytecode_caches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    module: Any = _load_tool("test_bench_startup")
    assert "PYTHONDONTWRITEBYTECODE" not in module.ENVIRONMENT
    out = module._run([sys.executable, "-c", "import sys; print(sys.flags.dont_write_bytecode)"])
    assert out.strip() == "0"


def test_the_mover_batches_hold_the_reference_boards_twice_and_new_maps(tmp_path: Path) -> None:
    """``benchmarks/mover_batches.py`` writes the race's batches (issue 12): 362 reference
    boards twice over, and random boards that the mover answers line by line."""
    tool: Any = _load_tool("mover_batches")
    tool.main([str(tmp_path), "--random", "3"])
    reference = (tmp_path / "ref724.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(reference) == 724 and reference[:362] == reference[362:]
    boards = [json.loads(line) for line in reference]
    assert {b["ruleset"] for b in boards} == {"gloomhaven", "frosthaven"}
    random_lines = (tmp_path / "rand3.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(random_lines) == 3
    answered = subprocess.run(
        [
            sys.executable,
            "-c",
            "from rulekeeper.cli.entry import main; main()",
            "haven",
            "monster-move",
            "--batch",
            str(tmp_path / "rand3.jsonl"),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    answers = [json.loads(line) for line in answered.stdout.splitlines()]
    assert len(answers) == 3 and all("options" in answer for answer in answers)


def test_the_mover_batches_refuse_an_empty_size_before_writing(tmp_path: Path) -> None:
    tool: Any = _load_tool("mover_batches")
    with pytest.raises(SystemExit) as stopped:
        tool.main([str(tmp_path / "out"), "--random", "0"])
    assert stopped.value.code == 2
    assert not (tmp_path / "out").exists()


def test_the_reference_driver_compares_options_whatever_their_order(tmp_path: Path) -> None:
    """benchmarks/reference_driver.py (the reference solver itself is not needed here):
    our JSON answers in its one-line form, agreement counted, skipped lines apart."""
    tool: Any = _load_tool("reference_driver")
    board = {
        "figures": [
            {"id": "A", "team": "monsters", "hex": [0, 0]},
            {"id": "C1", "team": "characters", "hex": [2, -1]},
            {"id": "C2", "team": "characters", "hex": [1, 1]},
        ]
    }
    answer = {
        "options": [
            {"move_to": [1, 0], "targets": ["C2", "C1"]},
            {"move_to": [0, 1], "targets": []},
        ]
    }
    line = tool.our_line(board, answer)
    assert line == "0,1> | 1,0>1,1;2,-1"
    batch, ours, theirs = tmp_path / "b.jsonl", tmp_path / "o.json", tmp_path / "t.txt"
    batch.write_text((json.dumps(board) + "\n") * 3, encoding="utf-8")
    ours.write_text((json.dumps(answer) + "\n") * 3, encoding="utf-8")
    theirs.write_text(f"{line}\nSKIP links or house rules\n1,0>2,-1\n", encoding="utf-8")
    assert tool.compare(batch, ours, theirs) == (1, 1, [3])


def test_the_reference_driver_places_areas_in_the_references_grid() -> None:
    tool: Any = _load_tool("reference_driver")
    melee = tool.aoe_cells([(0, 0), (1, 0), (1, -1)], ranged=False)
    assert melee is not None and sum(melee) == 2  # the attacker's own hex is not a cell
    assert melee[4 * 7 + 3] and melee[4 * 7 + 4]  # column 4 (odd): rows 3 and 4
    ranged = tool.aoe_cells([(0, 0), (0, 1)], ranged=True)
    assert ranged is not None and ranged[3 * 7 + 3]  # (0, 0) is the grid's centre
    assert tool.aoe_cells([(4, 0)], ranged=True) is None  # beyond the 7x7 grid


def test_the_reference_driver_refuses_a_folder_without_the_reference(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "reference_driver.py"), "solve", str(tmp_path), "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert "no server/solver folder" in done.stderr


def test_random_play_plays_the_eight_games_side_by_side_with_a_checkout() -> None:
    """benchmarks/random_play.py (issue 12): each process plays the benchmark's eight
    games; against a checkout (here this one) the pair's ratios are printed."""
    done = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "random_play.py"),
            "--against",
            str(BENCHMARKS.parent),
            "--pairs",
            "1",
            "--rounds",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "pair 1"
    steps = {line.split()[0]: re.findall(r"(\d+) steps ", line) for line in lines[1:4]}
    assert set(steps) == {"before", "trusted", "checked"}
    assert steps["before"] == steps["trusted"] == steps["checked"]  # the same games
    assert len(steps["before"]) == 1 and int(steps["before"][0]) > 8 * 50
    assert "clone µs" in lines[1]
    assert "x before" in done.stdout


def test_random_play_refuses_a_folder_without_the_package(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "random_play.py"), "--against", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--against" in done.stderr and "src/rulekeeper" in done.stderr
