"""Benchmark: the haven monster mover on all 362 reference cases.

``cold`` forgets every shared board, line-of-sight table and shared answer
before each round (in the untimed setup), so each map is built from scratch
once per round, as for a user's first boards; ``warm`` keeps them, as a
long-running session or a ``--batch`` run does. ``each case`` times every case
on its own, cold, and reports the median and the slowest in ``extra_info``
(``--benchmark-json``); ``worst case`` times the stress case gloomhaven-131
alone, cold.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

from rulekeeper.boards.line_of_sight import clear_shared_tables
from rulekeeper.games.haven.board_format import BoardSpec, parse_board
from rulekeeper.games.haven.monster_ai import solve_monster_turn

DATA = Path(__file__).parent.parent / "tests" / "data" / "haven" / "monster-ai"
WORST = "gloomhaven-131"


def all_cases() -> dict[str, BoardSpec]:
    specs = {}
    for name in ("gloomhaven", "frosthaven"):
        for case in json.loads((DATA / f"{name}.json").read_text(encoding="utf-8")):
            specs[case["id"]] = parse_board(case["board"])
    return specs


CASES = all_cases()
SPECS = list(CASES.values())


def solve_all() -> int:
    return sum(len(solve_monster_turn(spec).options) for spec in SPECS)


def test_bench_haven_monster_all_cases_cold(benchmark: Any) -> None:
    assert len(SPECS) == 362
    options = benchmark.pedantic(solve_all, setup=clear_shared_tables, rounds=5)
    assert options >= 362


def test_bench_haven_monster_all_cases_warm(benchmark: Any) -> None:
    solve_all()
    assert benchmark(solve_all) >= 362


def test_bench_haven_monster_each_case_cold(benchmark: Any) -> None:
    """Every case timed on its own, each from cold tables; median and slowest in extra_info."""
    times: dict[str, float] = {}

    def each_cold() -> int:
        options = 0
        for name, spec in CASES.items():
            clear_shared_tables()
            start = time.perf_counter()
            options += len(solve_monster_turn(spec).options)
            elapsed = time.perf_counter() - start
            times[name] = min(elapsed, times.get(name, elapsed))
        return options

    assert benchmark.pedantic(each_cold, rounds=3) >= 362
    slowest = max(times, key=times.__getitem__)
    benchmark.extra_info["median_case_ms"] = round(statistics.median(times.values()) * 1000, 3)
    benchmark.extra_info["mean_case_ms"] = round(statistics.fmean(times.values()) * 1000, 3)
    benchmark.extra_info["slowest_case"] = slowest
    benchmark.extra_info["slowest_case_ms"] = round(times[slowest] * 1000, 3)


def test_bench_haven_monster_worst_case_cold(benchmark: Any) -> None:
    """The stress case (17 figures, a 7-hex ranged area, 5 targets) from cold tables."""
    spec = CASES[WORST]
    answer = benchmark.pedantic(
        lambda: solve_monster_turn(spec), setup=clear_shared_tables, rounds=20
    )
    assert answer.options
