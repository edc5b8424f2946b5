"""Heavy extras stay out of the commands that do not use them (issue 15).

numpy, gymnasium, pettingzoo, pyspiel, ray and matplotlib are imported only by
the agent adapters, ``simulate --ray`` and ``simulate report --plot``. Each
check runs the CLI in a fresh interpreter and lists the modules it loaded.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "ray", "matplotlib"}

_PROBE = """
import json, sys
sys.argv = ["rulekeeper", *json.loads(sys.argv[1])]
from rulekeeper.cli.main import main
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def loaded_tops(*args: str, cwd: Path) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(args))],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        check=False,
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return {m.split(".")[0] for m in json.loads(line.removeprefix("MODULES "))}


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["games"],
        ["play", "areas", "--auto", "random", "--seed", "1", "--quiet"],
        ["simulate", "--help"],
        ["simulate", "areas", "--games", "2", "--quiet", "--db", "runs.sqlite"],
    ],
)
def test_no_heavy_import(args: list[str], tmp_path: Path) -> None:
    assert not HEAVY & loaded_tops(*args, cwd=tmp_path)


def test_report_without_plot_imports_no_matplotlib(tmp_path: Path) -> None:
    loaded_tops("simulate", "areas", "--games", "2", "--quiet", "--db", "r.sqlite", cwd=tmp_path)
    assert not HEAVY & loaded_tops("simulate", "report", "r.sqlite", cwd=tmp_path)
    assert "matplotlib" in loaded_tops(
        "simulate", "report", "r.sqlite", "--plot", "r.png", cwd=tmp_path
    )
