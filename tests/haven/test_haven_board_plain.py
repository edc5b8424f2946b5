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

from rulekeeper.core.document_text import parse_document
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_COORDINATE
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.board_plain import (
    PlainBoard,
    plain_board,
    plain_hexes,
    plain_hexes_text,
)
from rulekeeper.games.haven.board_read import read_board, read_board_text
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


def _text_outcome(read: Any, text: str) -> Any:
    try:
        return ("ok", _fields(read(text, "b.json")))
    except ContentError as error:
        return ("error", str(error))


def _whole_text(text: str, source: str) -> Any:
    """The reading without the table of known maps: parse the whole text, then read it."""
    return read_board(parse_document(text, source, "json"), source)


@pytest.mark.parametrize("separators", [(",", ":"), (", ", ": ")])
def test_boards_of_a_known_map_read_from_text_as_from_the_whole_document(
    separators: tuple[str, str],
) -> None:
    """Issue 12: a map's ``hexes`` read once and reused give the same board as a whole reading,
    for new maps and for maps met before (each board read twice), in both ways json.dumps writes."""
    for board in BOARDS[:300] * 2:
        text = json.dumps(board, separators=separators)
        assert _text_outcome(read_board_text, text) == _text_outcome(_whole_text, text)


_TRICKY_TEXTS = [
    # a second "hexes" key: the last one counts, whatever it holds
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0]],"hexes":0,',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":0,"hexes":[[0,0],[1,0]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0]],"hexes":[[5,5]],',
    # "hexes" where the board does not have it, or not as a plain array
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,[0]]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0.0]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,99999999999]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,1e0]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0]], "x":"]]",',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":' + "[" * 5000 + "]" * 5000 + ",",
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":  [[0,0],[1,0]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0]]]]],',
    '{"format":"haven-board/1","ruleset":"gloomhaven","hexes":[[0,0],[1,0]]',
]
_REST = (
    '"figures":[{"id":"A","team":"monsters","hex":[0,0]},'
    '{"id":"C1","team":"characters","hex":[1,0],"initiative":10}],'
    '"turn":{"figure":"A","move":2}}'
)


@pytest.mark.parametrize("start", _TRICKY_TEXTS)
def test_doubtful_hexes_text_is_read_as_a_whole_document(start: str) -> None:
    """Issue 12: whatever the text around ``hexes``, the board or the error is the whole
    reading's (a duplicate key, a nested or broken array, spaces, deep nesting)."""
    for text in (start + _REST, start.replace('"hexes"', '"turn":{"hexes"', 1) + _REST):
        for _ in range(2):  # the second time, the map may be known
            assert _text_outcome(read_board_text, text) == _text_outcome(_whole_text, text)


_BEYOND_THE_LIMITS = [
    # text the document limits refuse, written raw (an escape sends the text the usual way)
    ('"id":"C1"', '"id":"C\u202e1"'),
    ('"id":"C1"', '"id":"C\x851"'),
    ('"id":"C1"', '"id":"C\x7f1"'),
    ('"id":"A"', '"id":"A\u2066"'),
    ('"initiative":10}', '"initiative":10,"summoner":"A\x9b"}'),
    ('"figure":"A"', '"figure":"A\u202a"'),
    # printable text that is not plain ASCII passes
    ('"id":"C1"', '"id":"Cé1"'),
    # whole numbers at and beyond 64 bits
    ('"initiative":10', '"initiative":9223372036854775807'),
    ('"initiative":10', '"initiative":9223372036854775808'),
    ('"initiative":10', '"initiative":-9223372036854775807'),
    ('"initiative":10', '"initiative":-9223372036854775808'),
    ('"move":2', '"move":9223372036854775808'),
    ('"move":2', '"move":2,"range":99999999999999999999'),
    ('"move":2', '"move":2,"targets":9223372036854775808'),
]


@pytest.mark.parametrize(("old", "new"), _BEYOND_THE_LIMITS)
def test_a_board_beyond_the_document_limits_is_refused_as_a_whole_document(
    old: str, new: str
) -> None:
    """Issue 12: the known-map reading checks the document limits on the board it read
    (control characters in ids, numbers beyond 64 bits) and refuses what the whole reading
    refuses, with the same error, for a new map and a known one."""
    start = _TRICKY_TEXTS[0].split('"hexes":')[0] + '"hexes":[[0,0],[1,0]],'
    text = start + _REST.replace(old, new)
    assert new in text
    for _ in range(2):
        assert _text_outcome(read_board_text, text) == _text_outcome(_whole_text, text)


_NUMBER_TEXTS = st.sampled_from(
    [
        *("0", "7", "-7", "100", "-100", "101", "-101", "-0", "01", "-01", "+1", "1.0", "1e2"),
        *(" 7", "7 ", "", "-", "true", "null", '"1"', "[1]", "[1,2]", "1,2", "]", "["),
    ]
)
_SEPARATORS = st.sampled_from([",", ", ", ",  ", " ,", "", ",,"])


@settings(max_examples=3000, deadline=None)
@given(
    st.lists(st.tuples(_NUMBER_TEXTS, _SEPARATORS, _NUMBER_TEXTS), min_size=1, max_size=6),
    _SEPARATORS,
)
def test_hexes_read_from_text_are_the_hexes_json_reads(
    pairs: list[tuple[str, str, str]], between: str
) -> None:
    """Issue 12: a map's ``hexes`` read straight from the text are the plain reading's, or the
    text is left to the JSON reader (whatever the text: numbers with signs, leading zeros,
    exponents, out of range; brackets, spaces and commas anywhere)."""
    text = "[" + between.join(f"[{q}{sep}{r}]" for q, sep, r in pairs) + "]"
    read = plain_hexes_text(text)
    if read is not None:
        assert read == plain_hexes(json.loads(text))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(-110, 110), st.integers(-110, 110)), min_size=1, max_size=40),
    st.sampled_from([(",", ":"), (", ", ": ")]),
)
def test_hexes_as_json_writes_them_are_read_from_text(
    hexes: list[tuple[int, int]], separators: tuple[str, str]
) -> None:
    """Issue 12: hexes written by json.dumps (either separator) are read from the text exactly
    when they are within the coordinates' range."""
    text = json.dumps([list(h) for h in hexes], separators=separators)
    within = all(abs(n) <= MAX_COORDINATE for h in hexes for n in h)
    assert plain_hexes_text(text) == (tuple(hexes) if within else None)
