"""Whole-process start-up of the CLI (issue 12): ``rulekeeper --help`` and a quick command.

Goal: each within 150 ms as a whole process on an unloaded machine. Each round
starts a fresh interpreter exactly as the ``rulekeeper`` console script does;
``python -c pass`` is measured beside them as the floor. ``haven_mover_batch_start``
is the monster mover's batch on an empty file: the fixed cost every
``monster-move --batch`` run pays before its first board (the race against the
reference solver, docs/games/haven-monster-ai.md). Which modules each command
imports is checked in tests/cli/test_cli_imports.py; ``benchmarks/race.py``
times whole processes side by side. The processes run without
``PYTHONDONTWRITEBYTECODE``, so the warm-up rounds write the bytecode caches and
the rounds measure start-up, not compiling.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

ENTRY = "import sys; from rulekeeper.cli.entry import main; sys.exit(main())"
COMMANDS = {
    "python_floor": [sys.executable, "-c", "pass"],
    "help": [sys.executable, "-c", ENTRY, "--help"],
    "haven_odds": [sys.executable, "-c", ENTRY, "haven", "odds", "--attack", "3"],
    "haven_odds_json": [sys.executable, "-c", ENTRY, "haven", "odds", "--attack", "3", "--json"],
    "haven_mover_batch_start": [
        sys.executable,
        "-c",
        ENTRY,
        "haven",
        "monster-move",
        "--batch",
        "{empty}",
        "--json",
    ],
}


ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _run(command: list[str]) -> str:
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=60, check=True, env=ENVIRONMENT
    )
    return done.stdout


@pytest.mark.parametrize("name", list(COMMANDS))
def test_bench_startup(benchmark: Any, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        empty = Path(folder) / "empty.jsonl"
        empty.write_text("", encoding="utf-8")
        command = [part.format(empty=empty) for part in COMMANDS[name]]
        out = benchmark.pedantic(_run, args=(command,), rounds=15, warmup_rounds=2)
    if name not in ("python_floor", "haven_mover_batch_start"):
        assert out.strip()
