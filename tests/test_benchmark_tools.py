"""The whole-process timing tools measure start-up, not compiling (issue 12, "Start-up").

With ``PYTHONDONTWRITEBYTECODE`` set, every process compiles each module whose
bytecode cache is missing or stale, and start-up figures grow with the files
edited since the caches were written. ``benchmarks/race.py`` and
``benchmarks/test_bench_startup.py`` run their commands without it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"
_FAILS_WITHOUT_CACHES = "import sys; sys.exit(3 if sys.flags.dont_write_bytecode else 0)"


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
    spec = importlib.util.spec_from_file_location(
        "bench_startup_probe", BENCHMARKS / "test_bench_startup.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "PYTHONDONTWRITEBYTECODE" not in module.ENVIRONMENT
    out = module._run([sys.executable, "-c", "import sys; print(sys.flags.dont_write_bytecode)"])
    assert out.strip() == "0"
