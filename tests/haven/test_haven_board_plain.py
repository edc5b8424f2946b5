"""Plain-shaped boards read without the models give the same boards, answers and errors (issue 12).

:func:`rulekeeper.games.haven.board_read.read_board` builds plain values for a
haven-board/1 document that needs no coercion and hands anything else to the
pydantic models (:func:`rulekeeper.games.haven.board_format.parse_board`). The
mover must not tell the two apart: on 2,000 seeded random boards (new maps,
both rulesets, every feature of the format) both readings give equal fields
and the same answer (HV-FOCUS-1, HV-MOVE-MON-1), and on boards broken in every
way a fuzzer finds, the same error line naming the same field.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.board_plain import PlainBoard, plain_board
from rulekeeper.games.haven.board_read import read_board
from rulekeeper.games.haven.monster_ai import solve_monster_turn

sys.path.insert(0, str(Path(__file__).parent.parent))

from haven_random_boards import random_boards

BOARDS = random_boards(2000, 12)


def _fields(board: Any) -> dict[str, Any]:
    """Every field of a board, from either reading, as plain data."""
    terrain = board.terrain
    return {
        "format": board.format,
        "ruleset": board.ruleset,
        "hexes": board.hexes,
        "walls": board.walls,
        "terrain": {
            k: getattr(terrain, k) for k in ("obstacle", "trap", "hazardous", "difficult", "icy")
        },
        "figures": [(f.id, f.team, f.hex, f.initiative, f.summoner) for f in board.figures],
        "turn": {
            k: getattr(board.turn, k)
            for k in (
                "figure",
                "move",
                "range",
                "targets",
                "aoe",
                "flying",
                "jumping",
                "teleport",
                "muddled",
            )
        },
        "actor": board.actor.id,
        "house_rules": board.house_rules.open_edge_neighbours,
    }


@pytest.mark.parametrize("part", range(4))
def test_two_thousand_random_boards_read_and_answer_alike_hv_focus_1(part: int) -> None:
    """HV-FOCUS-1, HV-MOVE-MON-1: the same board and the same answer from either reading."""
    for board in BOARDS[part::4]:
        plain = read_board(board)
        assert isinstance(plain, PlainBoard)
        model = parse_board(board)
        assert _fields(plain) == _fields(model)
        assert solve_monster_turn(plain).to_json() == solve_monster_turn(model).to_json()


def _outcome(read: Any, data: object) -> Any:
    try:
        return ("ok", _fields(read(data, "b.json")))
    except ContentError as error:
        return ("error", str(error))


_JUNK = st.one_of(
    st.integers(-150, 150),
    st.sampled_from([True, False, None, 1.0, 2.5, "", "x", "monsters", "gloomhaven", 10**30]),
    st.lists(st.integers(-3, 3), max_size=3),
    st.just({}),
    st.just({"obstacle": [[0, 0]]}),
    st.just({"open_edge_neighbours": True}),
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


@settings(max_examples=500, deadline=None)
@given(
    st.integers(0, 39),
    st.data(),
    _JUNK,
    st.sampled_from(["replace", "delete", "add", "copy"]),
)
def test_broken_boards_are_refused_alike(
    which: int, data: st.DataObject, junk: Any, how: str
) -> None:
    """A fuzzed board: the plain reading accepts it, refuses it or hands it on as the models do."""
    board = copy.deepcopy(BOARDS[which])
    if which % 3 == 0:
        board["house_rules"] = {"open_edge_neighbours": which % 2 == 0}
    paths = [p for p in _paths(board) if p]
    path = data.draw(st.sampled_from(paths))
    parent = board
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if how == "replace":
        parent[last] = junk
    elif how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent["extra"] = junk
    elif how == "add":
        parent.append(junk)
    else:
        parent[last] = copy.deepcopy(parent[0] if isinstance(parent, list) else junk)
    assert _outcome(read_board, board) == _outcome(parse_board, board)


def test_a_board_in_json_text_with_floats_or_bools_goes_to_the_models() -> None:
    board = copy.deepcopy(BOARDS[0])
    board["turn"]["move"] = 2.0
    assert plain_board(board) is None
    assert read_board(board).turn.move == 2
    board["turn"]["move"] = True
    assert plain_board(board) is None
    assert _outcome(read_board, board) == _outcome(parse_board, board)
    assert plain_board(json.loads(json.dumps(BOARDS[1]))) is not None
