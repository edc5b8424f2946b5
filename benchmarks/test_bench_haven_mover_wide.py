"""Benchmark: the monster mover's path for a figure covering several hexes (HV-GOAL-2).

The first 200 boards of ``haven_random_boards.random_boards(200, 12)`` that have a
character, each with that character grown onto up to two free neighbouring hexes
(``more_hexes``), are solved by ``monster_ai_wide.py``; the same boards without
``more_hexes`` by the usual path, for the ratio. Boards without such a figure never
take the wide path, so this is only what a turn against such an objective costs.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from haven_random_boards import random_boards
from rulekeeper.boards.hexgrid import neighbours
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.monster_ai import solve_monster_turn


def _widen(board: dict[str, Any]) -> dict[str, Any] | None:
    enemies = [f for f in board["figures"] if f["team"] == "characters"]
    if not enemies:
        return None
    taken = {tuple(f["hex"]) for f in board["figures"]}
    taken.update(tuple(h) for cells in board["terrain"].values() for h in cells)
    on_map = {tuple(h) for h in board["hexes"]}
    grown = enemies[0]
    more = [list(n) for n in neighbours(tuple(grown["hex"])) if n in on_map and n not in taken][:2]
    if not more:
        return None
    figures = [{**f, "more_hexes": more} if f is grown else f for f in board["figures"]]
    return {**board, "figures": figures}


PAIRS = [(b, w) for b in random_boards(200, 12) if (w := _widen(b)) is not None]
PLAIN = [parse_board(b) for b, _ in PAIRS]
WIDE = [parse_board(w) for _, w in PAIRS]


def test_bench_haven_mover_one_hex_figures(benchmark: Any) -> None:
    """The usual path on the boards before any figure is grown (the baseline)."""
    answers = benchmark.pedantic(lambda: [solve_monster_turn(s) for s in PLAIN], rounds=3)
    assert len(answers) == len(PLAIN) > 100


def test_bench_haven_mover_wide_figures(benchmark: Any) -> None:
    """The wide path on the same boards, one character covering two or three hexes."""
    answers = benchmark.pedantic(lambda: [solve_monster_turn(s) for s in WIDE], rounds=3)
    assert len(answers) == len(WIDE) > 100
