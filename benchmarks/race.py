"""Whole-process timings of several command lines, interleaved round by round.

On a shared, loaded machine a figure taken minutes apart from another says
little; this runs each command once per round, in a rotating order, so every
command sees the same load, and prints the median wall time, the median CPU
time (user + system of the process and its children) and each command's ratio
to the first one. Used for the issue 12 figures (start-up, the monster mover
against the reference solver)::

    python benchmarks/race.py --rounds 15 'old=/path/to/old odds --attack 3' \\
        'new=rulekeeper haven odds --attack 3'

Each command is ``NAME=COMMAND LINE`` (split like a shell would, no shell run);
standard input can be fed from a file with ``NAME=COMMAND < FILE``.

The commands run without ``PYTHONDONTWRITEBYTECODE``, so the warm-up round
writes the bytecode caches of every tree raced: with it set, a Python process
compiles every module whose cache is missing or older than its source, each
time, and a figure grows with the number of files edited since the caches were
last written (the cause of an apparent start-up regression in issue 12).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import time
from pathlib import Path

ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands' environment: bytecode caches are written and read (see above)."""


def _run_once(argv: list[str], stdin: Path | None) -> tuple[float, float]:
    """One run's wall and CPU seconds; the command must exit 0."""
    handle = stdin.open("rb") if stdin is not None else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=handle, stdout=subprocess.DEVNULL, env=ENVIRONMENT)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    finally:
        if stdin is not None and not isinstance(handle, int):
            handle.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{shlex.join(argv)} exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commands", nargs="+", help="NAME=COMMAND LINE [< FILE]")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--warmup", type=int, default=1)
    options = parser.parse_args()
    named: list[tuple[str, list[str], Path | None]] = []
    for item in options.commands:
        name, _, line = item.partition("=")
        line, _, feed = line.partition(" < ")
        named.append((name, shlex.split(line), Path(feed.strip()) if feed else None))
    walls: dict[str, list[float]] = {name: [] for name, _, _ in named}
    cpus: dict[str, list[float]] = {name: [] for name, _, _ in named}
    for round_number in range(options.warmup + options.rounds):
        shift = round_number % len(named)
        for name, argv, feed in named[shift:] + named[:shift]:
            wall, cpu = _run_once(argv, feed)
            if round_number >= options.warmup:
                walls[name].append(wall)
                cpus[name].append(cpu)
    load = os.getloadavg()[0]
    print(f"{options.rounds} interleaved rounds, load average {load:.1f}")
    first = named[0][0]
    base_wall = statistics.median(walls[first])
    base_cpu = statistics.median(cpus[first])
    print(f"{'command':<24}{'wall ms':>10}{'cpu ms':>10}{'wall ×':>9}{'cpu ×':>9}")
    for name, _, _ in named:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(
            f"{name:<24}{wall * 1000:>10.1f}{cpu * 1000:>10.1f}"
            f"{base_wall / wall:>9.2f}{base_cpu / cpu:>9.2f}"
        )


if __name__ == "__main__":
    main()
