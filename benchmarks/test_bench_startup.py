"""Whole-process start-up of the CLI (issue 12): ``rulekeeper --help`` and a quick command.

Goal: each within 150 ms as a whole process on an unloaded machine. Each round
starts a fresh interpreter exactly as the ``rulekeeper`` console script does;
``python -c pass`` is measured beside them as the floor. Which modules each
command imports is checked in tests/cli/test_cli_imports.py.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

ENTRY = "import sys; from rulekeeper.cli.entry import main; sys.exit(main())"
COMMANDS = {
    "python_floor": [sys.executable, "-c", "pass"],
    "help": [sys.executable, "-c", ENTRY, "--help"],
    "haven_odds": [sys.executable, "-c", ENTRY, "haven", "odds", "--attack", "3"],
    "haven_odds_json": [sys.executable, "-c", ENTRY, "haven", "odds", "--attack", "3", "--json"],
}


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    return done.stdout


@pytest.mark.parametrize("name", list(COMMANDS))
def test_bench_startup(benchmark: Any, name: str) -> None:
    out = benchmark.pedantic(_run, args=(COMMANDS[name],), rounds=15, warmup_rounds=2)
    if name != "python_floor":
        assert out.strip()
