"""The monster mover's answers on 200 seeded random boards stay exactly as recorded.

A regression net for speed work on the mover (issue 12): the boards come from
``haven_random_boards.random_boards(200, 12)`` (new maps with walls, every
terrain kind, jump / flying / teleport, melee and ranged areas, several
targets, both rulesets) and every option and reason must match the golden
file. Rulings are pinned by the rule tests; this file pins that a faster
search changes nothing (HV-FOCUS-1..4, HV-MOVE-MON-1..3, HV-LOS-1/2,
HV-MOVE-1..4). Regenerate only for a deliberate ruling change::

    python tests/haven_random_boards.py --count 200 --answers \\
        > tests/data/haven/random-board-answers.jsonl
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from haven_random_boards import answer_of, random_boards

GOLDEN = Path(__file__).parent.parent / "data" / "haven" / "random-board-answers.jsonl"
ANSWERS = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
BOARDS = random_boards(len(ANSWERS), 12)


def test_the_golden_covers_200_boards_of_both_rulesets() -> None:
    assert len(ANSWERS) == 200
    assert {b["ruleset"] for b in BOARDS} == {"gloomhaven", "frosthaven"}


@pytest.mark.parametrize("number", range(0, 200, 20))
def test_random_boards_answer_as_recorded(number: int) -> None:
    """HV-FOCUS-1, HV-MOVE-MON-1/2/3: twenty boards per case, each answer identical."""
    for board, expected in zip(
        BOARDS[number : number + 20], ANSWERS[number : number + 20], strict=True
    ):
        assert answer_of(board) == expected, board
