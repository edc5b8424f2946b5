"""The shared hex-map drawing (boards/hexdraw.py) and its use in the haven play loop.

Golden drawings of small boards pin the layout: hex ``(q, r)`` has its label
on line ``2r + q`` at column ``3q + 1`` (full) or ``2q`` (compact), counted
from the drawing's top-left. Random boards check that every hex is drawn
exactly once, where it belongs.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from rulekeeper.boards import hexdraw
from rulekeeper.boards.hexdraw import (
    EDGE,
    GRID,
    WALL,
    HexDrawing,
    compact_width,
    draw_hexes,
    full_width,
)
from rulekeeper.cli.haven_monster_move import draw_answer
from rulekeeper.games.haven.board_format import BoardSpec, parse_board_text
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.render import MapView, map_text
from rulekeeper.games.haven.state import HavenState

Hex = tuple[int, int]
DISC: list[Hex] = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
"""The hexes within distance 1 of the origin."""


def golden(drawing: HexDrawing) -> str:
    return drawing.text() + "\n"


def tagged(drawing: HexDrawing, tag: str) -> list[str]:
    """The characters under each span of ``tag``, in order."""
    return [drawing.lines[s.line][s.start : s.end] for s in drawing.spans if s.style == tag]


# --- golden drawings ---------------------------------------------------------------------


def test_a_line_of_three_hexes_steps_down_to_the_right() -> None:
    """(q+1, r) is the lower-right neighbour; one-character labels are padded."""
    drawing = draw_hexes([(0, 0), (1, 0), (2, 0)], labels={(0, 0): "A", (2, 0): "C1"})
    assert golden(drawing) == (
        " __\n"  #
        "/A \\__\n"
        "\\__/  \\__\n"
        "   \\__/C1\\\n"
        "      \\__/\n"
    )
    assert not drawing.compact and drawing.notes == () and drawing.legend == ""


def test_a_vertical_line_stacks_hexes_two_lines_apart() -> None:
    """(q, r+1) is straight below: the bottom edge of one is the top edge of the next."""
    drawing = draw_hexes([(0, 0), (0, 1), (0, 2)])
    assert golden(drawing) == (" __\n/  \\\n\\__/\n/  \\\n\\__/\n/  \\\n\\__/\n")


def test_a_disc_with_a_thin_wall_draws_the_wall_with_hashes() -> None:
    """The wall between the centre and its upper-right neighbour replaces that edge's ``\\``."""
    drawing = draw_hexes(DISC, walls=[((0, 0), (1, -1))], labels={(0, 0): "M1"})
    assert golden(drawing) == (
        "    __\n __/  \\__\n/  \\__/  \\\n\\__/M1#__/\n/  \\__/  \\\n\\__/  \\__/\n   \\__/\n"
    )
    assert tagged(drawing, WALL) == ["#"]
    assert drawing.legend == "# thin wall"


def test_a_wall_on_a_top_edge_is_two_hashes_and_the_map_edge_is_tagged_apart() -> None:
    drawing = draw_hexes(DISC, walls=[((0, 0), (0, -1))])
    assert drawing.lines[2] == "/  \\##/  \\"
    # A disc of radius 1 has 12 inner edges (one a wall) and 18 on the map edge;
    # "__" edges count once each, and runs of equal tags merge into one span.
    grid = "".join(tagged(drawing, GRID))
    edge = "".join(tagged(drawing, EDGE))
    assert grid.count("/") + grid.count("\\") + grid.count("_") // 2 == 11
    assert edge.count("/") + edge.count("\\") + edge.count("_") // 2 == 18
    assert tagged(drawing, WALL) == ["##"]


def test_terrain_shows_its_mark_and_the_legend_names_the_kinds_present() -> None:
    terrain = {
        (1, 0): "obstacle",
        (1, -1): "trap",
        (0, -1): "hazardous",
        (-1, 0): "difficult",
        (-1, 1): "icy",
    }
    drawing = draw_hexes(DISC, terrain=terrain, labels={(-1, 1): "C1"})
    assert golden(drawing) == (
        "    __\n __/~~\\__\n/::\\__/^^\\\n\\__/  \\__/\n/C1\\__/XX\\\n\\__/  \\__/\n   \\__/\n"
    )
    assert drawing.legend == "XX obstacle  ^^ trap  ~~ hazardous  :: difficult  ** icy"
    # A label wins over the terrain mark; the terrain stays as a tag for colour.
    assert tagged(drawing, "terrain.icy") == ["C1"]


def test_a_highlighted_path_carries_the_callers_tags_in_order() -> None:
    styles = {(-1, 1): "start", (0, 0): ["path", "aoe"], (1, -1): ["path", "destination"]}
    drawing = draw_hexes(
        DISC,
        labels={(-1, 1): "A", (0, 0): "oo", (1, -1): "1"},
        styles=styles,
        terrain={(0, 0): "difficult"},
    )
    assert golden(drawing) == (
        "    __\n __/  \\__\n/  \\__/1 \\\n\\__/oo\\__/\n/A \\__/  \\\n\\__/  \\__/\n   \\__/\n"
    )
    assert tagged(drawing, "path") == ["1 ", "oo"]
    assert tagged(drawing, "destination") == ["1 "]
    assert tagged(drawing, "start") == ["A "]
    centre = [s.style for s in drawing.spans if s.line == 3 and s.start == 4]
    assert centre == ["terrain.difficult", "path", "aoe"]
    for start, end, tag in drawing.offsets():
        if tag == "aoe":
            assert drawing.text()[start:end] == "oo"


def test_compact_layout_lists_walls_it_cannot_draw() -> None:
    drawing = draw_hexes(DISC, compact=True, walls=[((0, 0), (0, 1))], labels={(0, 0): "M1"})
    assert golden(drawing) == "  ..\n..  ..\n  M1\n..  ..\n  ..\n"
    assert drawing.compact and drawing.legend == ""
    assert drawing.notes == ("thin walls (not drawn in the compact layout): [0, 0]|[0, 1]",)


def test_the_module_docstring_example_is_what_the_drawing_draws() -> None:
    doc = hexdraw.__doc__ or ""
    block = doc.split("``A`` at ``(2, 0)``)::\n\n", 1)[1].split("\n\n", 1)[0]
    example = "\n".join(line[4:] for line in block.splitlines())
    drawing = draw_hexes(
        [(0, 0), (0, 1), (1, 0), (1, -1), (2, -1), (2, 0), (1, 1)],
        labels={(0, 0): "C1", (2, 0): "A"},
        terrain={(1, 0): "obstacle"},
        walls=[((1, 0), (2, -1)), ((1, 0), (1, 1))],
    )
    assert drawing.text() == example


# --- width -------------------------------------------------------------------------------


def rectangle(columns: int, rows: int) -> list[Hex]:
    """A map ``columns`` hexes wide, each column ``rows`` hexes tall, kept level."""
    return [(q, r - q // 2) for q in range(columns) for r in range(rows)]


def test_widths_are_three_per_column_full_and_two_compact() -> None:
    hexes = rectangle(30, 30)
    assert full_width(hexes) == 91 and compact_width(hexes) == 60
    assert draw_hexes(hexes).width == 91
    assert draw_hexes(hexes, compact=True).width == 60


def test_a_map_that_fits_is_drawn_in_full() -> None:
    drawing = draw_hexes(rectangle(16, 8), width=80)
    assert not drawing.compact and drawing.width == 49 and drawing.notes == ()


def test_a_map_too_wide_for_full_is_drawn_compact_and_says_so() -> None:
    drawing = draw_hexes(rectangle(30, 30), width=80)
    assert drawing.compact and drawing.width <= 80
    assert drawing.notes == ("the map needs 91 columns to draw in full; drawn compact to fit 80",)


def test_a_map_too_wide_even_compact_is_not_cut_and_says_so() -> None:
    drawing = draw_hexes(rectangle(30, 4), width=40)
    assert drawing.compact and drawing.width == 60
    assert drawing.notes == (
        "the map needs 91 columns in full and 60 compact, more than the 40 available; "
        "drawn compact",
    )
    assert all(len(line) <= 60 for line in drawing.lines)


def test_forcing_the_full_layout_ignores_the_width_but_notes_it() -> None:
    drawing = draw_hexes(rectangle(30, 2), width=80, compact=False)
    assert not drawing.compact and drawing.notes == ("the map is 91 characters wide, more than 80",)


# --- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"labels": {(5, 5): "X"}}, "label given for [5, 5]"),
        ({"labels": {(0, 0): "ABC"}}, "longer than two characters"),
        ({"terrain": {(0, 0): "lava"}}, "unknown terrain kind 'lava'"),
        ({"styles": {(9, 0): "path"}}, "style given for [9, 0]"),
        ({"walls": [((0, 0), (2, 0))]}, "are not neighbours"),
    ],
)
def test_bad_input_is_refused_naming_the_hex(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        draw_hexes(DISC, **kwargs)  # type: ignore[arg-type]


def test_a_wall_to_a_hex_off_the_map_is_the_map_edge() -> None:
    drawing = draw_hexes([(0, 0)], walls=[((0, 0), (1, 0))])
    assert golden(drawing) == " __\n/  \\\n\\__/\n" and tagged(drawing, WALL) == []


def test_no_hexes_draw_nothing() -> None:
    assert draw_hexes([]).lines == ()


# --- every hex exactly once, where it belongs --------------------------------------------

ALPHABET = string.ascii_letters + string.digits


def code(n: int) -> str:
    return ALPHABET[n // len(ALPHABET)] + ALPHABET[n % len(ALPHABET)]


boards = st.sets(
    st.tuples(st.integers(-15, 14), st.integers(-15, 14)), min_size=1, max_size=120
).map(sorted)


@settings(max_examples=60, deadline=None)
@given(hexes=boards, compact=st.booleans(), data=st.data())
def test_every_hex_is_drawn_exactly_once_at_its_place(
    hexes: list[Hex], compact: bool, data: st.DataObject
) -> None:
    labels = {h: code(i) for i, h in enumerate(hexes)}
    pairs = [
        (h, (h[0] + dq, h[1] + dr))
        for h in hexes
        for dq, dr in ((1, 0), (1, -1), (0, 1))
        if (h[0] + dq, h[1] + dr) in labels
    ]
    walls = data.draw(st.lists(st.sampled_from(pairs), max_size=10)) if pairs else []
    drawing = draw_hexes(hexes, labels=labels, walls=walls, compact=compact)
    text = drawing.text()
    top = min(2 * r + q for q, r in hexes) - (0 if compact else 1)
    left = min(q for q, _ in hexes)
    for (q, r), label in labels.items():
        assert text.count(label) == 1
        line = drawing.lines[2 * r + q - top]
        column = 2 * (q - left) if compact else 3 * (q - left) + 1
        assert line[column : column + 2] == label
    for span in drawing.spans:
        assert 0 <= span.start < span.end <= len(drawing.lines[span.line])
    if not compact:
        # Each wall is drawn once: "#" on a slanted edge, "##" on a top/bottom edge.
        expected = sum(2 if a[0] == b[0] else 1 for a, b in {tuple(sorted(w)) for w in walls})
        assert text.count("#") == expected == len("".join(tagged(drawing, WALL)))
    assert drawing.width == (compact_width(hexes) if compact else full_width(hexes))


# --- the haven play loop's map -----------------------------------------------------------


def test_the_play_loop_draws_the_revealed_map_with_outlines_and_marks() -> None:
    state = GAME.new_state("ember-vault", 1, "frosthaven")
    assert "/e?\\" in _map(state)  # HV-SCEN-1: a standee waiting for its number
    while state.is_chance_node():
        state.apply(min((a for a, _ in state.chance_outcomes()), key=_number))
    console = Console(record=True, width=100)
    console.print(map_text(state))
    text = console.export_text()
    lines = text.splitlines()
    assert lines[0] == " __    __"
    assert "/WA\\" in text and "/e1\\" in text and "/[]\\" in text
    assert "XX obstacle" in text and "[] closed door" in text
    assert "(unrevealed rooms are not drawn)" in text


def _number(action: object) -> int:
    """The lowest standee number first (HV-SCEN-1 draws, scripted)."""
    return int(getattr(action, "number", 0))


def _map(state: HavenState) -> str:
    console = Console(record=True, width=100)
    console.print(map_text(state))
    return console.export_text()


def test_the_play_loop_map_fits_the_console_width() -> None:
    state = GAME.new_state("ember-vault", 1, "frosthaven")
    wide = Console(record=True, width=100)
    wide.print(MapView(state))
    assert "/WA\\" in wide.export_text()
    narrow = Console(record=True, width=20)
    narrow.print(MapView(state))
    shown = narrow.export_text()
    assert "drawn compact to fit 20" in " ".join(shown.split())  # the note wraps, the map not
    assert (
        max(len(line) for line in shown.splitlines()) <= 20
        and "WA" in shown
        and "/WA\\" not in shown
    )


# --- the monster mover's drawing ---------------------------------------------------------

DATA = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"


def reference_board(case_id: str) -> BoardSpec:
    ruleset = case_id.split("-")[0]
    cases = json.loads((DATA / f"{ruleset}.json").read_text(encoding="utf-8"))
    board = next(c["board"] for c in cases if c["id"] == case_id)
    return parse_board_text(json.dumps(board), case_id)


def shown(renderable: object, width: int) -> str:
    console = Console(record=True, width=width)
    console.print(renderable)
    return console.export_text()


def test_the_monster_mover_gives_long_ids_a_mark_and_a_key() -> None:
    """gloomhaven-131 has C1..C16: C10..C16 get two-character marks, each drawn once."""
    spec = reference_board("gloomhaven-131")
    text = shown(draw_answer(spec, solve_monster_turn(spec)), 100)
    assert "figures: C0 = C10, Ca = C11, Cb = C12, Cc = C13, Cd = C14, Ce = C15, Cf = C16" in text
    board = text.split("A acts")[0]
    for mark in ["A", "C1", "C9", "C0", "Ca", "Cf"]:
        assert board.count(f"/{mark:2}\\") == 1


def test_the_monster_mover_numbers_each_end_hex_once_and_lists_the_path() -> None:
    """gloomhaven-082 (HV-MOVE-MON-3): options 2 and 3 end on one hex, marked 2."""
    spec = reference_board("gloomhaven-082")
    answer = solve_monster_turn(spec)
    text = shown(draw_answer(spec, answer), 100)
    board = text.split("A acts")[0]
    assert board.count("/1 \\") == 1 and board.count("/2 \\") == 1 and "/3 \\" not in board
    assert "Option 3: move to [3, -4], attack C1, C2 (focus C1) (ends on the hex marked 2)" in text
    assert "  path [2, -5] → [2, -4] → [3, -4]" in text


def test_the_monster_mover_draws_compact_on_a_narrow_screen() -> None:
    spec = reference_board("gloomhaven-040")
    text = shown(draw_answer(spec, solve_monster_turn(spec), width=40), 40)
    assert "drawn compact to fit 40" in " ".join(text.split())
    assert "thin walls (not drawn in the compact layout): [1, -3]|[1, -2]" in " ".join(text.split())
    assert "\\__/" not in text and all(len(line) <= 40 for line in text.splitlines())
