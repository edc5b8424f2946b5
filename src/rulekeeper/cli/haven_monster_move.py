"""``rulekeeper haven monster-move``: where a monster moves and whom it attacks.

The command only reads boards and prints answers; every ruling is made by
:func:`rulekeeper.games.haven.monster_ai.solve_monster_turn`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulekeeper.cli.errors import fail
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.cli.haven_monster_batch import option_line
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.i18n import _, text_of

if TYPE_CHECKING:
    from rich.console import Group

    from rulekeeper.boards.hexgrid import Hex
    from rulekeeper.games.haven.board_format import BoardSpec
    from rulekeeper.games.haven.monster_ai import MonsterAnswer

_fail = fail


@haven_app.command(
    "monster-move",
    help=_("Decide a monster's move and attack (HV-FOCUS, HV-MOVE-MON) and show every option."),
)
def monster_move_command(
    board_file: Annotated[
        Path | None, typer.Argument(help=_("A haven-board/1 JSON file."), show_default=False)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print the JSON answer."))] = False,
    batch: Annotated[
        Path | None,
        typer.Option("--batch", help=_("A JSONL file: one board per line, one answer per line.")),
    ] = None,
) -> None:
    """Decide a monster's move and attack (HV-FOCUS, HV-MOVE-MON) and show every option."""
    from rulekeeper.games.haven.board_format import load_board
    from rulekeeper.games.haven.monster_ai import solve_monster_turn

    if batch is not None:
        _run_batch(batch, as_json)
        return
    if board_file is None:
        raise _fail(_("give a BOARD.json file or --batch FILE.jsonl"))
    try:
        spec = load_board(board_file)
        answer = solve_monster_turn(spec)
    except (RulekeeperError, NotImplementedError) as error:
        raise _fail(str(error)) from None
    if as_json:
        typer.echo(json.dumps(answer.to_json()))
        return
    _draw(spec, answer)


def _run_batch(batch: Path, as_json: bool) -> None:
    from rulekeeper.cli.haven_monster_batch import BatchRefused, run_batch

    try:
        run_batch(batch, as_json)
    except BatchRefused as refused:
        raise _fail(refused.message) from None


def _draw(spec: BoardSpec, answer: MonsterAnswer) -> None:
    from rich.console import Console

    console = Console(highlight=False)
    console.print(draw_answer(spec, answer, width=console.width))


def draw_answer(spec: BoardSpec, answer: MonsterAnswer, width: int | None = None) -> Group:
    """One board with every option on it, then one line per option and the reasons.

    On the board: figure ids (the acting monster in green), terrain, ``#``
    thin walls and the map edge in bold; each option's end hex carries its
    number (the first option's, when several end there), ``oo`` the hexes its
    path crosses, ``++`` its area hexes; every focus is red and
    every other target yellow. Below, each option says where it ends, whom it
    attacks and its full path, so the picture is readable without colour.
    """
    from rich.console import Group
    from rich.text import Text

    from rulekeeper.boards import hexdraw
    from rulekeeper.games.haven.render import drawing_text

    marks, key = _figure_marks(spec)
    # HV-GOAL-2: a figure covering several hexes is drawn on each of them
    figures = {h: f for f in spec.figures for h in (f.hex, *f.more_hexes)}
    labels: dict[Hex, str] = {h: marks[f.id] for h, f in figures.items()}
    tags: dict[Hex, list[str]] = {}
    foci = {o.focus for o in answer.options if o.focus}
    targets = {t for o in answer.options for t in o.targets}
    present = set(spec.hexes)
    terrain = _terrain(spec)
    for option in answer.options:
        for h in option.path[1:-1]:
            tags.setdefault(h, []).append("path")
            if h not in labels and h not in terrain:
                labels[h] = "oo"
        for h in option.aoe:
            if h in present:
                tags.setdefault(h, []).append("aoe")
                if h not in labels and h not in terrain:
                    labels[h] = "++"
    ends_at: dict[Hex, int] = {}
    for number, option in enumerate(answer.options, start=1):
        ends_at.setdefault(option.move_to, number)
    for h, number in ends_at.items():
        tags.setdefault(h, []).append("destination")
        if h not in figures and number < 100:
            labels[h] = str(number)
    for h, figure in figures.items():
        if figure.id == spec.turn.figure:
            tags.setdefault(h, []).append("actor")
        if figure.id in foci:
            tags.setdefault(h, []).append("focus")
        elif figure.id in targets:
            tags.setdefault(h, []).append("target")
    drawing = hexdraw.draw_hexes(
        spec.hexes, walls=spec.walls, terrain=terrain, labels=labels, styles=tags, width=width
    )
    out = Text()
    legend = [_("{mark} acts", mark=marks[spec.turn.figure])]
    if answer.options:
        legend.append(_("n: option n ends here"))
    if any(len(o.path) > 2 for o in answer.options):
        legend.append(_("oo path"))
    if any(o.aoe for o in answer.options):
        legend.append(_("++ area of effect"))
    if foci or targets:
        legend.append(_("focus red, targets yellow"))
    if drawing.legend:
        legend.append(drawing.legend)
    out.append("  ".join(legend) + "\n", style="dim")
    for line in drawing.notes:
        out.append(line + "\n")
    if key:
        out.append(_("figures: {key}", key=", ".join(key)) + "\n")
    for number, option in enumerate(answer.options, start=1):
        out.append(
            _("Option {number}: {option}", number=number, option=option_line(option)),
            style="bold",
        )
        if option.move_to == spec.actor.hex:
            out.append(" " + _("(stays)"))
        elif ends_at[option.move_to] != number:
            out.append(" " + _("(ends on the hex marked {n})", n=ends_at[option.move_to]))
        out.append("\n")
        if len(option.path) > 1:
            path = " → ".join(str(list(h)) for h in option.path)
            out.append("  " + _("path {hexes}", hexes=path) + "\n")
        if option.aoe:
            area = " ".join(str(list(h)) for h in option.aoe)
            out.append("  " + _("area {hexes}", hexes=area) + "\n")
    for reason in answer.reasons:
        out.append(text_of(reason) + "\n")
    out.rstrip()
    return Group(drawing_text(drawing, _styles()), out)


def _styles() -> dict[str, str]:
    from rulekeeper.games.haven.render import MAP_STYLES

    return {
        **MAP_STYLES,
        "actor": "bold green",
        "path": "cyan",
        "destination": "bold black on cyan",
        "aoe": "underline magenta",
        "target": "bold black on yellow",
        "focus": "bold white on red",
    }


def _terrain(spec: BoardSpec) -> dict[Hex, str]:
    from rulekeeper.boards import hexdraw

    return {h: kind for kind in hexdraw.TERRAIN_MARKS for h in getattr(spec.terrain, kind)}


def _figure_marks(spec: BoardSpec) -> tuple[dict[str, str], list[str]]:
    """A label of at most two characters per figure, and a key line for each shortened id."""
    marks = {f.id: f.id for f in spec.figures if len(f.id) <= 2}
    used = set(marks.values())
    key = []
    for figure in spec.figures:
        if figure.id in marks:
            continue
        fid = figure.id
        candidates = [fid[:2], fid[0] + fid[-1]] + [
            fid[0] + c for c in "123456789abcdefghijklmnopqrstuvwxyz"
        ]
        mark = next((c for c in candidates if c not in used), "??")
        marks[fid] = mark
        used.add(mark)
        key.append(f"{mark} = {fid}")
    return marks, key
