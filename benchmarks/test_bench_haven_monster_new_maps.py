"""Benchmark: the haven monster mover on maps it has never seen (issue 12).

Every board of ``haven_random_boards.random_boards(1000, 12)`` is a new map
(walls, every terrain kind, jump / flying / teleport, melee and ranged areas,
several targets, both rulesets), so nothing is reused from one board to the
next: this is the cost a user's first board pays. ``board build`` times the
hex board alone for 100 new maps; ``one solve cold`` one whole solve from an
empty cache; ``batch`` parsing and solving all 1,000 boards, as
``rulekeeper haven monster-move --batch`` does (whole-process figures against
the reference solver are in docs/games/haven-monster-ai.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from haven_random_boards import random_boards
from rulekeeper.boards.hexgrid import HexBoard
from rulekeeper.boards.line_of_sight import clear_shared_tables
from rulekeeper.games.haven.board_format import parse_board, parse_board_text
from rulekeeper.games.haven.monster_ai import solve_monster_turn

BOARDS = random_boards(1000, 12)
LINES = [json.dumps(b) for b in BOARDS]
SPECS = [parse_board(b) for b in BOARDS]


def test_bench_haven_board_build_new_maps(benchmark: Any) -> None:
    """100 hex boards built from their spec (index, position masks), none reused."""
    maps = [(s.hexes, s.walls) for s in SPECS[:100]]
    boards = benchmark(lambda: [HexBoard(hexes, walls) for hexes, walls in maps])
    assert len(boards) == 100


def test_bench_haven_monster_one_solve_cold(benchmark: Any) -> None:
    """One median-sized board solved from empty tables (board, sight lines, travel)."""
    spec = sorted(SPECS[:101], key=lambda s: len(s.hexes))[50]
    answer = benchmark.pedantic(
        lambda: solve_monster_turn(spec), setup=clear_shared_tables, rounds=50
    )
    assert answer.options


def test_bench_haven_monster_batch_new_maps(benchmark: Any) -> None:
    """1,000 new maps parsed, validated, solved and written as JSON answers."""

    def batch() -> int:
        out = 0
        for line in LINES:
            out += len(json.dumps(solve_monster_turn(parse_board_text(line)).to_json()))
        return out

    assert benchmark.pedantic(batch, setup=clear_shared_tables, rounds=3) > 0
