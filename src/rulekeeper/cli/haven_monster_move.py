"""``rulekeeper haven monster-move``: where a monster moves and whom it attacks.

The command only reads boards and prints answers; every ruling is made by
:func:`rulekeeper.games.haven.monster_ai.solve_monster_turn`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from rulekeeper.boards.hexgrid import Hex
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.board_format import BoardSpec, load_board, parse_board_text
from rulekeeper.games.haven.monster_ai import MonsterAnswer, MonsterOption, solve_monster_turn

USER_ERROR = 2

_TERRAIN_MARKS = (
    ("obstacle", "O"),
    ("trap", "T"),
    ("hazardous", "H"),
    ("difficult", "D"),
    ("icy", "I"),
)


def _fail(message: str) -> typer.Exit:
    typer.echo(f"rulekeeper: {message}", err=True)
    return typer.Exit(USER_ERROR)


@haven_app.command("monster-move")
def monster_move_command(
    board_file: Annotated[
        Path | None, typer.Argument(help="A haven-board/1 JSON file.", show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON answer.")] = False,
    batch: Annotated[
        Path | None,
        typer.Option("--batch", help="A JSONL file: one board per line, one answer per line."),
    ] = None,
) -> None:
    """Decide a monster's move and attack (HV-FOCUS, HV-MOVE-MON) and show every option."""
    if batch is not None:
        _run_batch(batch, as_json)
        return
    if board_file is None:
        raise _fail("give a BOARD.json file or --batch FILE.jsonl")
    try:
        spec = load_board(board_file)
    except ContentError as error:
        raise _fail(str(error)) from None
    answer = solve_monster_turn(spec)
    if as_json:
        typer.echo(json.dumps(answer.to_json()))
        return
    _draw(spec, answer)


def _run_batch(batch: Path, as_json: bool) -> None:
    """One answer line per board line, in order; a bad line answers ``{"error": ...}``."""
    try:
        lines = batch.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise _fail(f"{batch}: cannot read the file ({error.strerror})") from None
    out = sys.stdout
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        source = f"{batch}:{number}"
        try:
            spec = parse_board_text(line, source)
        except ContentError as error:
            out.write(json.dumps({"error": str(error)}) + "\n")
            continue
        answer = solve_monster_turn(spec)
        if as_json:
            out.write(json.dumps(answer.to_json()) + "\n")
        else:
            out.write(f"{source}: " + "; ".join(_option_line(o) for o in answer.options) + "\n")
    out.flush()


def _option_line(option: MonsterOption) -> str:
    where = f"move to {list(option.move_to)}"
    if option.targets:
        where += ", attack " + ", ".join(option.targets)
    if option.focus:
        where += f" (focus {option.focus})"
    return where


def _draw(spec: BoardSpec, answer: MonsterAnswer) -> None:
    console = Console(highlight=False)
    for n, option in enumerate(answer.options, start=1):
        console.print(Text(f"Option {n}: {_option_line(option)}", style="bold"))
        console.print(render_board(spec, option))
    for reason in answer.reasons:
        console.print(reason)


def render_board(spec: BoardSpec, option: MonsterOption | None = None) -> Text:
    """The board as rows of flat-top hexes: column ``q``, line ``2r + q``.

    Marks: figure ids, ``O``/``T``/``H``/``D``/``I`` terrain, ``*`` the path,
    ``@`` the end of the move; the focus in red, other targets in yellow,
    area hexes underlined. Thin walls are listed below the map.
    """
    terrain: dict[Hex, str] = {}
    for kind, mark in _TERRAIN_MARKS:
        for h in getattr(spec.terrain, kind):
            terrain[h] = mark
    figures = {f.hex: f for f in spec.figures}
    path = set(option.path) if option else set()
    aoe = set(option.aoe) if option else set()
    targets = set(option.targets) if option else set()
    qs = [h[0] for h in spec.hexes]
    ys = [2 * h[1] + h[0] for h in spec.hexes]
    q0, y0 = min(qs), min(ys)
    width = (max(qs) - q0 + 1) * 4 + 1
    rows: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(max(ys) - y0 + 1)]
    for h in spec.hexes:
        label = terrain.get(h, ".")
        style = "dim"
        if h in path:
            label, style = "*", "cyan"
        if option is not None and h == option.move_to:
            label, style = "@", "bold cyan"
        figure = figures.get(h)
        if figure is not None:
            label = figure.id[:3]
            style = "green" if figure.id == spec.turn.figure else "white"
            if figure.id == (option.focus if option else None):
                style = "bold red"
            elif figure.id in targets:
                style = "yellow"
        if h in aoe:
            style += " underline"
        text = f"{label:^3}"
        col = (h[0] - q0) * 4
        row = rows[2 * h[1] + h[0] - y0]
        for k, ch in enumerate(text):
            row[col + k] = (ch, style)
    out = Text()
    for row in rows:
        for ch, style in row:
            out.append(ch, style=style or None)
        out.append("\n")
    if spec.walls:
        out.append("walls: " + ", ".join(f"{list(a)}|{list(b)}" for a, b in spec.walls) + "\n")
    return out
