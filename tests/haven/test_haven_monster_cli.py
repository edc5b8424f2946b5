"""``rulekeeper haven monster-move`` and the haven-board/1 validation it relies on."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import rulekeeper.cli.haven  # noqa: F401  (registers every haven command)
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.board_format import parse_board

DATA = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"
runner = CliRunner()


def sample() -> dict[str, Any]:
    cases = json.loads((DATA / "gloomhaven.json").read_text(encoding="utf-8"))
    case: dict[str, Any] = next(c for c in cases if c["id"] == "gloomhaven-063")
    return copy.deepcopy(case["board"])


def write(tmp_path: Path, data: object, name: str = "board.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_json_answer_lists_every_option(tmp_path: Path) -> None:
    """HV-MOVE-MON-3: the JSON answer carries move_to, path, focus, targets, aoe, heading_to."""
    result = runner.invoke(haven_app, ["monster-move", str(write(tmp_path, sample())), "--json"])
    assert result.exit_code == 0
    answer = json.loads(result.stdout)
    option = answer["options"][0]
    assert set(option) == {"move_to", "path", "focus", "targets", "aoe", "heading_to"}
    assert option["move_to"] == [3, -4] and option["targets"] == ["C1", "C2"]
    assert option["path"][0] == [2, -5] and option["path"][-1] == [3, -4]


def test_drawing_shows_the_board_and_cites_rules(tmp_path: Path) -> None:
    board = sample()
    result = runner.invoke(haven_app, ["monster-move", str(write(tmp_path, board))])
    assert result.exit_code == 0
    assert "Option 1: move to [3, -4], attack C1, C2 (focus C1)" in result.stdout
    assert "HV-FOCUS-1" in result.stdout
    # The end of option 1 is marked "1" inside hex [3, -4]: line 2r + q, column 3q + 1
    # of the outlined drawing, counted from the map's top-left.
    q0 = min(q for q, _ in board["hexes"])
    y0 = min(2 * r + q for q, r in board["hexes"])
    line = result.stdout.splitlines()[2 * -4 + 3 - y0 + 1]
    column = 3 * (3 - q0)
    assert line[column : column + 4] == "/1 \\"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (
            lambda b: b["figures"].append(
                {"id": "X", "team": "characters", "hex": [99, 99], "initiative": 1}
            ),
            "figures.3.hex",
        ),
        (
            lambda b: b["figures"].append(
                {"id": "X", "team": "characters", "hex": [2, -3], "initiative": 1}
            ),
            "figures.3.hex",
        ),
        (lambda b: b.update(walls=[[[0, 0], [3, -3]]]), "walls.0"),
        (lambda b: b["turn"].update(figure="nobody"), "turn.figure"),
        (lambda b: b.update(colour="red"), "colour"),
        (lambda b: b["terrain"].update(trap=[[40, 0]]), "terrain.trap.0"),
        (lambda b: b["figures"][0].pop("initiative"), "figures.0.initiative"),
        # HV-GOAL-2: a figure's other hexes are map hexes held by no other figure
        (lambda b: b["figures"][0].update(more_hexes=[[99, 99]]), "figures.0.more_hexes.0"),
        (lambda b: b["figures"][0].update(more_hexes=[b["figures"][1]["hex"]]), "figures.1.hex"),
        (lambda b: b["figures"][0].update(more_hexes=[[1, 2, 3]]), "figures.0.more_hexes.0"),
    ],
)
def test_malformed_boards_name_the_field_and_exit_2(
    tmp_path: Path, change: Any, field: str
) -> None:
    data = sample()
    change(data)
    with pytest.raises(ContentError) as error:
        parse_board(data, "board.json")
    assert error.value.field == field
    result = runner.invoke(haven_app, ["monster-move", str(write(tmp_path, data))])
    assert result.exit_code == 2
    assert field in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_HV_GOAL_2_a_figure_covering_several_hexes_is_drawn_on_each(tmp_path: Path) -> None:
    """A board figure with ``more_hexes`` carries its mark on every hex it covers, and the
    answer names it once (one figure, one target)."""
    board = {
        "format": "haven-board/1",
        "ruleset": "frosthaven",
        "hexes": [[q, r] for q in range(-1, 4) for r in range(-1, 2)],
        "figures": [
            {"id": "M", "team": "monsters", "hex": [0, 0]},
            {
                "id": "O",
                "team": "characters",
                "hex": [3, 0],
                "initiative": 99,
                "more_hexes": [[2, 0], [2, -1]],
            },
        ],
        "turn": {"figure": "M", "move": 2, "range": 3},
    }
    result = runner.invoke(haven_app, ["monster-move", str(write(tmp_path, board))])
    assert result.exit_code == 0
    drawing = result.stdout.split("M acts")[0]
    assert drawing.count("/O ") == 3
    assert "Option 1: move to [0, 0], attack O (focus O)" in result.stdout
    # a batch reads the same field on every line, a map seen before included
    bad = copy.deepcopy(board)
    bad["figures"][1]["more_hexes"] = [[9, 9]]
    lines = [json.dumps(board, separators=(",", ":")), json.dumps(bad, separators=(",", ":"))]
    path = tmp_path / "boards.jsonl"
    path.write_text("\n".join(lines * 2) + "\n", encoding="utf-8")
    batch = runner.invoke(haven_app, ["monster-move", "--batch", str(path), "--json"])
    single = runner.invoke(haven_app, ["monster-move", str(write(tmp_path, board)), "--json"])
    answers = [json.loads(line) for line in batch.stdout.splitlines()]
    assert answers[0] == answers[2] == json.loads(single.stdout)
    assert (
        "figures.1.more_hexes.0" in answers[1]["error"] == answers[3]["error"].replace(":4:", ":2:")
    )


def test_batch_answers_each_line_in_order_and_reports_bad_lines(tmp_path: Path) -> None:
    good = sample()
    other = sample()
    other["turn"]["move"] = 0
    path = tmp_path / "boards.jsonl"
    path.write_text(
        "\n".join([json.dumps(good), '{"format": "haven-board/1"}', "not json", json.dumps(other)])
        + "\n",
        encoding="utf-8",
    )
    result = runner.invoke(haven_app, ["monster-move", "--batch", str(path), "--json"])
    assert result.exit_code == 0
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 4
    assert lines[0]["options"][0]["move_to"] == [3, -4]
    assert "error" in lines[1] and "error" in lines[2]
    assert lines[3]["options"][0]["move_to"] == [2, -5]


def test_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = runner.invoke(haven_app, ["monster-move", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read" in result.stderr
