"""HV-ROOM-5 [FH]: linked hexes are adjacent for movement and focus but give no line of sight.

Two stretches of corridor with a gap between them: ``at(0, 0)``, ``at(1, 0)`` and
``at(4, 0)`` .. ``at(6, 0)``; the scenario links ``at(1, 0)`` with ``at(4, 0)``.
Without the link nothing crosses the gap.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console
from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.boards.hexgrid import HexBoard, LinkedHexBoard
from rulekeeper.core import RuleViolation
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.actions import MoveTo, PlayHalf, SelectCard
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.board_plain import PlainBoard, PlainFigure, PlainTurn
from rulekeeper.games.haven.board_read import read_board
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.monster_turn import MonsterTurn
from rulekeeper.games.haven.render import map_text
from rulekeeper.games.haven.scenario_format import MAX_LINKS, parse_scenario
from rulekeeper.games.haven.state import HavenState

HEXES = [at(0, 0), at(1, 0), at(4, 0), at(5, 0), at(6, 0)]
LINK = [at(1, 0), at(4, 0)]


def split_corridor(ruleset: str = "frosthaven", links: list[Any] | None = None) -> HavenState:
    """The Tester at ``at(0, 0)`` leads with t1 (Move 3 bottom); the Dummy waits at the far end."""
    state = new_state(
        scenario(
            hexes=HEXES,
            start=[at(0, 0)],
            monsters=[monster("dummy", at(6, 0))],
            links=[LINK] if links is None else links,
        ),
        ruleset,
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"))
    return state


def test_HV_ROOM_5_a_character_moves_through_a_link_for_one_movement_point() -> None:
    state = split_corridor()
    legal = state.legal_actions()
    assert MoveTo(at(4, 0)) in legal  # 1 to the linked hex, 1 through the link
    assert MoveTo(at(5, 0)) in legal  # 3 points: the link costs one like any step
    play(state, MoveTo(at(5, 0)))
    assert state.figures["tester"].hex == at(5, 0)


def test_HV_ROOM_5_without_the_link_the_gap_is_not_crossed() -> None:
    state = split_corridor(links=[])
    assert MoveTo(at(4, 0)) not in state.legal_actions()


def test_HV_ROOM_5_a_link_is_not_adjacency_for_a_melee_attack() -> None:
    state = split_corridor()
    board = map_state.board(state)
    assert isinstance(board, LinkedHexBoard)
    one, other = board.index[at(1, 0)], board.index[at(4, 0)]
    assert other in board.linked_to(one) and one in board.linked_to(other)
    assert not board.adjacent(one, other)  # no melee attack through the link
    assert not map_state.sight(state, board).visible(one, other)  # no line of sight


def test_HV_ROOM_5_a_gloomhaven_game_refuses_linked_hexes() -> None:
    with pytest.raises(RuleViolation) as error:
        split_corridor(ruleset="gloomhaven")
    assert error.value.rule_id == "HV-ROOM-5"


def mover_board(actor_hex: tuple[int, int], hero_hex: tuple[int, int], **turn: Any) -> PlainBoard:
    return PlainBoard(
        format="haven-board/1",
        ruleset="frosthaven",
        hexes=tuple(HEXES),
        figures=(
            PlainFigure("dummy 1", "monsters", actor_hex, 70),
            PlainFigure("tester", "characters", hero_hex, 20),
        ),
        turn=PlainTurn("dummy 1", **turn),
        links=(tuple(LINK),),  # type: ignore[arg-type]
    )


def test_HV_ROOM_5_a_monster_focuses_and_moves_through_a_link() -> None:
    answer = solve_monster_turn(mover_board(at(6, 0), at(0, 0), move=3))
    assert [(o.focus, o.move_to, o.path, o.targets) for o in answer.options] == [
        ("tester", at(1, 0), (at(6, 0), at(5, 0), at(4, 0), at(1, 0)), ("tester",))
    ]
    short = solve_monster_turn(mover_board(at(6, 0), at(0, 0), move=2))
    assert [(o.focus, o.move_to) for o in short.options] == [("tester", at(4, 0))]


def test_HV_ROOM_5_without_the_link_the_monster_finds_no_focus() -> None:
    board = mover_board(at(6, 0), at(0, 0), move=3)
    answer = solve_monster_turn(PlainBoard(**{**_fields(board), "links": ()}))
    assert [(o.focus, o.move_to) for o in answer.options] == [(None, at(6, 0))]


def _fields(board: PlainBoard) -> dict[str, Any]:
    return {name: getattr(board, name) for name in PlainBoard._fields}


def test_HV_ROOM_5_a_link_gives_the_mover_no_line_of_sight_or_range() -> None:
    board = mover_board(at(4, 0), at(1, 0), move=0, range=3)
    turn = MonsterTurn(board)
    here, there = turn.board.index[at(4, 0)], turn.board.index[at(1, 0)]
    assert turn.proximity_from_start[there] == 1  # focus counts the link
    assert not turn.in_reach(here, there)  # but no line of sight through it
    assert solve_monster_turn(board).options[0].targets == ()


def test_HV_ROOM_5_a_board_without_links_is_a_plain_board() -> None:
    board = HexBoard.shared(tuple(HEXES), ())
    assert type(board) is HexBoard and board.links == ()


def scenario_with(links: list[Any]) -> dict[str, Any]:
    return scenario(hexes=HEXES, start=[at(0, 0)], links=links)


@pytest.mark.parametrize(
    ("links", "field"),
    [
        ([[at(1, 0), at(2, 0)]], "links.0.1"),  # at(2, 0) is not on the map
        ([LINK, [at(5, 0), at(5, 0)]], "links.1"),
        ([LINK, [at(4, 0), at(1, 0)]], "links.1"),  # the same pair again
        ([LINK] * (MAX_LINKS + 1), "links"),
    ],
)
def test_HV_ROOM_5_bad_links_are_refused_naming_the_field(links: list[Any], field: str) -> None:
    with pytest.raises(ContentError) as error:
        parse_scenario(scenario_with(links), "test.json")
    message = str(error.value)
    assert field in message and "\n" not in message.strip()


def test_HV_ROOM_5_the_map_marks_both_hexes_of_a_link() -> None:
    console = Console(record=True, width=100)
    console.print(map_text(split_corridor()))
    text = console.export_text()
    assert text.count("/L1\\") == 2 and "L1 linked hexes" in text
    console = Console(record=True, width=100)
    console.print(map_text(split_corridor(links=[])))
    assert "L1" not in console.export_text()


def test_HV_ROOM_5_the_web_board_marks_both_hexes_of_a_link() -> None:
    """One mark (L1) on each hex of the link, a dotted line between them, each hex's tooltip
    naming the other, and a legend; no mark without links."""
    from rulekeeper.web.boards.haven import draw

    board = draw(split_corridor())
    marks = re.findall(r'<g class="link-mark" data-link="(L\d+)" data-hex="([-\d,]+)"', board)
    one, other = (tuple(h) for h in LINK)
    assert marks == [("L1", f"{one[0]},{one[1]}"), ("L1", f"{other[0]},{other[1]}")]
    assert board.count('class="hex-link"') == 1
    assert f"hex {list(one)}, L1: linked to hex {list(other)}" in board
    assert f"hex {list(other)}, L1: linked to hex {list(one)}" in board
    assert 'data-testid="link-legend"' in board and "(HV-ROOM-5)" in board
    plain = draw(split_corridor(links=[]))
    assert "link-mark" not in plain and "link-legend" not in plain


def board_document(**changes: Any) -> dict[str, Any]:
    """The split corridor as a haven-board/1 file: the monster at the far end, Move 3."""
    return {
        "format": "haven-board/1",
        "ruleset": "frosthaven",
        "hexes": [list(h) for h in HEXES],
        "figures": [
            {"id": "dummy 1", "team": "monsters", "hex": list(at(6, 0))},
            {"id": "tester", "team": "characters", "hex": list(at(0, 0)), "initiative": 20},
        ],
        "turn": {"figure": "dummy 1", "move": 3},
        "links": [[list(h) for h in LINK]],
        **changes,
    }


def test_HV_ROOM_5_a_board_file_links_hexes_for_the_mover() -> None:
    """haven-board/1 ``links``: both readings (the models and the plain one) take them, and the
    mover walks through the link as it does on a game's board."""
    expected = [("tester", at(1, 0), (at(6, 0), at(5, 0), at(4, 0), at(1, 0)))]
    for board in (parse_board(board_document()), read_board(board_document())):
        assert board.links == (tuple(LINK),)
        answer = solve_monster_turn(board)
        assert [(o.focus, o.move_to, o.path) for o in answer.options] == expected
    unlinked = read_board(board_document(links=[]))
    assert [(o.focus, o.move_to) for o in solve_monster_turn(unlinked).options] == [
        (None, at(6, 0))
    ]


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"ruleset": "gloomhaven"}, "links", "HV-ROOM-5"),
        ({"links": [[list(at(1, 0)), list(at(2, 0))]]}, "links.0.1", "not on the map"),
        ({"links": [[list(at(1, 0)), list(at(1, 0))]]}, "links.0", "itself"),
        ({"links": [[list(h) for h in LINK], [list(h) for h in LINK[::-1]]]}, "links.1", "already"),
        ({"links": [[list(h) for h in LINK]] * (MAX_LINKS + 1)}, "links", "40"),
    ],
)
def test_HV_ROOM_5_bad_board_links_are_refused_naming_the_field(
    changes: dict[str, Any], field: str, words: str
) -> None:
    for reader in (parse_board, read_board):
        with pytest.raises(ContentError) as error:
            reader(board_document(**changes))
        line = str(error.value)
        assert line.startswith(f"{field}: ") and words in line and "\n" not in line
