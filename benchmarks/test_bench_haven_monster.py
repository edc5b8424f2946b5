"""Benchmark: the haven monster mover on all 362 reference cases.

``cold`` forgets every shared board and line-of-sight table before each round
(each map is built from scratch once per round); ``warm`` keeps them, as a
long-running session or a ``--batch`` run does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulekeeper.boards.line_of_sight import clear_shared_tables
from rulekeeper.games.haven.board_format import BoardSpec, parse_board
from rulekeeper.games.haven.monster_ai import solve_monster_turn

DATA = Path(__file__).parent.parent / "tests" / "data" / "haven" / "monster-ai"


def all_cases() -> list[BoardSpec]:
    specs = []
    for name in ("gloomhaven", "frosthaven"):
        for case in json.loads((DATA / f"{name}.json").read_text(encoding="utf-8")):
            specs.append(parse_board(case["board"]))
    return specs


SPECS = all_cases()


def solve_all() -> int:
    return sum(len(solve_monster_turn(spec).options) for spec in SPECS)


def test_bench_haven_monster_all_cases_cold(benchmark: Any) -> None:
    def cold() -> int:
        clear_shared_tables()
        return solve_all()

    assert len(SPECS) == 362
    assert benchmark(cold) >= 362


def test_bench_haven_monster_all_cases_warm(benchmark: Any) -> None:
    solve_all()
    assert benchmark(solve_all) >= 362
