"""``rulekeeper haven monster-move --batch``: one answer line per board line.

Shared by the typer command (:mod:`rulekeeper.cli.haven_monster_move`) and the
console script's quick path (:mod:`rulekeeper.cli.entry`), which runs a plain
``--batch FILE [--json]`` without typer. Boards are read by
:func:`rulekeeper.games.haven.board_read.read_board_text` (no pydantic for
plain-shaped boards, the same answers and errors as the models); every ruling
is made by :func:`rulekeeper.games.haven.monster_ai.solve_monster_turn`.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

from rulekeeper.core.collector import BATCH_YOUNG_THRESHOLD, collector_set_aside, work_starts
from rulekeeper.core.errors import ContentError, RulekeeperError, printable
from rulekeeper.i18n import _

if TYPE_CHECKING:  # pathlib costs the console script's batch ~3 ms to import: names only
    from collections.abc import Callable
    from pathlib import Path

    from rulekeeper.games.haven.board_plain import AnyBoard
    from rulekeeper.games.haven.monster_ai import MonsterAnswer, MonsterOption


class BatchRefused(Exception):
    """The batch file cannot be read; ``message`` is the user's one error line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def run_batch(batch: str | Path, as_json: bool) -> None:
    """One answer line per board line, in order; a bad line answers ``{"error": ...}``."""
    from rulekeeper.core.document_text import read_bytes

    # the modules are imported before the collector sets them aside (below)
    from rulekeeper.games.haven.board_read import read_board_text
    from rulekeeper.games.haven.monster_ai import solve_monster_turn

    try:
        lines = read_bytes(batch).split(b"\n")
    except ContentError as error:
        raise BatchRefused(str(error)) from None
    work_starts()  # the console script's collector, off while the modules were imported
    # Each board makes thousands of short-lived tuples and lists and no reference cycles;
    # the modules are set aside from the collector meanwhile, and the per-map tables
    # filling up are not walked young collection after young collection.
    with collector_set_aside(BATCH_YOUNG_THRESHOLD):
        _answer_lines(batch, lines, as_json, read_board_text, solve_monster_turn)


def _answer_lines(
    batch: str | Path,
    lines: list[bytes],
    as_json: bool,
    read_board_text: Callable[[str, str], AnyBoard],
    solve_monster_turn: Callable[[AnyBoard], MonsterAnswer],
) -> None:
    from rulekeeper.core.document_text import decode_text

    out = sys.stdout
    words = OptionWords.now()
    for number, raw in enumerate(lines, start=1):
        source = f"{batch}:{number}"
        try:
            line = decode_text(raw, source)
            if not line.strip():
                continue
            spec = read_board_text(line, source)
            answer = solve_monster_turn(spec)
        except (RulekeeperError, NotImplementedError) as error:
            # One bad board answers its own line; the rest of the batch goes on.
            out.write(json.dumps({"error": printable(str(error))}) + "\n")
            continue
        if as_json:
            out.write(json.dumps(answer.to_json()) + "\n")
        else:
            line_out = f"{source}: " + "; ".join(map(words.line, answer.options))
            out.write(printable(line_out, limit=100_000) + "\n")
    out.flush()


def option_line(option: MonsterOption) -> str:
    """One option as the batch's text answer shows it."""
    return OptionWords.now().line(option)


class OptionWords:
    """The words of an option's text line in one language, translated once (a batch shows
    thousands of options)."""

    def __init__(self, move_to: str, attack: str, focus: str) -> None:
        self.move_to = move_to
        self.attack = attack
        self.focus = focus

    @classmethod
    def now(cls) -> OptionWords:
        """The words in the current language."""
        return cls(_("move to {hex}"), _("attack {targets}"), _("(focus {figure})"))

    def line(self, option: MonsterOption) -> str:
        """One option as the batch's text answer shows it."""
        where = self.move_to.format(hex=str(list(option.move_to)))
        if option.targets:
            where += ", " + self.attack.format(targets=", ".join(option.targets))
        if option.focus:
            where += " " + self.focus.format(figure=option.focus)
        return where
