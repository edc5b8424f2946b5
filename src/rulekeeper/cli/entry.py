"""The ``rulekeeper`` console script: plain quick commands without typer, the rest through it.

Two commands have a quick path: ``haven odds`` and ``haven monster-move --batch``
(``--lang`` may stand anywhere in them; it is read before anything else).

typer takes about 0.1 s to import and, since 0.29, builds a pydantic adapter
for every option it converts; ``haven odds --attack 3`` needs neither (issue 12,
start-up: within 150 ms as a whole process). So an invocation made only of
options this module reads exactly (whole numbers, a plain word, a deck file's
path, flags, each at most once) is answered here; anything else (``--help``, a
scenario's deck, a bad or repeated value, an unknown option) goes to the typer
application unchanged, which answers or names the error as before.
tests/cli/test_cli_entry.py checks that both ways print the same bytes and exit
with the same status, and that the options read here are the typer command's.

The console script itself is :func:`run`: :func:`main` in a process of its
own, with the cyclic collector set aside while the modules are imported and at
exit (:mod:`rulekeeper.core.collector`).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulekeeper.cli.haven_odds_answer import OddsQuestion

ODDS_WHOLE_NUMBERS = {"--attack": "attack", "--shield": "shield", "--pierce": "pierce"}
"""Options of ``haven odds`` taking a whole number at least 0, by parameter name."""
ODDS_WORDS = {"--ruleset": "ruleset_name"}
"""Options of ``haven odds`` taking a word."""
ODDS_PATHS = {"--deck": "deck_file"}
"""Options of ``haven odds`` taking a file's path (read, and refused, as through typer)."""
ODDS_FLAGS = {
    "--advantage": "advantage",
    "--disadvantage": "disadvantage",
    "--poisoned": "poisoned",
    "--ward": "ward",
    "--brittle": "brittle",
    "--muddled": "muddled",
    "--strengthened": "strengthened",
    "--ranged-adjacent": "ranged_adjacent",
    "--monster": "monster",
    "--json": "as_json",
}
"""Flags of ``haven odds``; the options not named here always go through typer."""
_MAX_DIGITS = 18


def quick_odds_question(args: list[str]) -> OddsQuestion | None:
    """The question ``haven odds ARGS`` asks, or None when typer must read the options."""
    values: dict[str, Any] = {}
    position = 0
    while position < len(args):
        token = args[position]
        name, equals, inline = token.partition("=")
        if name in ODDS_FLAGS and not equals:
            parameter: str = ODDS_FLAGS[name]
            value: Any = True
            position += 1
        elif name in ODDS_WHOLE_NUMBERS or name in ODDS_WORDS or name in ODDS_PATHS:
            if equals:
                text = inline
                position += 1
            elif position + 1 < len(args):
                text = args[position + 1]
                position += 2
            else:
                return None
            if name in ODDS_WHOLE_NUMBERS:
                if not (text.isascii() and text.isdigit() and len(text) <= _MAX_DIGITS):
                    return None
                parameter, value = ODDS_WHOLE_NUMBERS[name], int(text)
            elif not text or text.startswith("-"):
                return None
            elif name in ODDS_PATHS:
                from pathlib import Path

                parameter, value = ODDS_PATHS[name], Path(text)
            else:
                parameter, value = ODDS_WORDS[name], text
        else:
            return None
        if parameter in values:
            return None
        values[parameter] = value
    if "attack" not in values:
        return None
    from rulekeeper.cli.haven_odds_answer import OddsQuestion

    return OddsQuestion(**values)


def quick_batch(args: list[str]) -> tuple[str, bool] | None:
    """The batch file and ``--json`` of ``haven monster-move ARGS``, or None for typer.

    Only ``--batch FILE`` (or ``--batch=FILE``) and ``--json``, each once, are
    read here; a board file argument, ``--help`` or anything else goes to typer.
    """
    batch: str | None = None
    as_json = False
    position = 0
    while position < len(args):
        name, equals, inline = args[position].partition("=")
        if name == "--json" and not equals and not as_json:
            as_json = True
            position += 1
        elif name == "--batch" and batch is None:
            if equals:
                batch, position = inline, position + 1
            elif position + 1 < len(args):
                batch, position = args[position + 1], position + 2
            else:
                return None
            if not batch or batch.startswith("-"):
                return None
        else:
            return None
    if batch is None:
        return None
    return batch, as_json  # a name, not a Path: pathlib costs the batch ~3 ms to import


def run() -> None:
    """The console script: :func:`main`, the collector off during start-up and set aside at exit.

    Only for a process of its own (``project.scripts``); in-process callers use :func:`main`.
    A closed output pipe ends it quietly with status 1.
    """
    from rulekeeper.core.collector import process_ends, process_starts

    process_starts()
    try:
        main()
    except BrokenPipeError:
        # The reader of the output went away (``| head``): stop quietly, as other
        # command-line tools do, and keep the interpreter's last flush from failing again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)
    finally:
        process_ends()


def main() -> None:
    """Answer a plain ``haven odds`` or mover batch here; hand every other line to typer.

    The language (``--lang`` anywhere in the line, else ``RULEKEEPER_LANG``,
    else the locale) is chosen first, before any module that declares
    commands, and so help texts, is imported.
    """
    from rulekeeper.cli.language import choose_language
    from rulekeeper.i18n import UnknownLanguageError, set_language

    try:
        lang, args = choose_language(sys.argv[1:])
    except UnknownLanguageError as error:
        from rulekeeper.cli.errors import error_line
        from rulekeeper.cli.language import unknown_language_message

        sys.stderr.write(error_line(unknown_language_message(error)) + "\n")
        sys.exit(2)
    set_language(lang)
    if args[:2] == ["haven", "monster-move"]:
        batch = quick_batch(args[2:])
        if batch is not None:
            from rulekeeper.cli.errors import USER_ERROR, error_line
            from rulekeeper.cli.haven_monster_batch import BatchRefused, run_batch

            try:
                run_batch(*batch)
            except BatchRefused as refused:
                sys.stdout.flush()
                sys.stderr.write(error_line(refused.message) + "\n")
                sys.stderr.flush()
                sys.exit(USER_ERROR)
            sys.exit(0)
    if args[:2] == ["haven", "odds"]:
        question = quick_odds_question(args[2:])
        if question is not None:
            from rulekeeper.cli.errors import USER_ERROR, error_line
            from rulekeeper.cli.haven_odds_answer import OddsRefused, answer_odds
            from rulekeeper.core.collector import work_starts

            work_starts()
            try:
                answer_odds(question)
            except OddsRefused as refused:
                sys.stdout.flush()
                sys.stderr.write(error_line(refused.message) + "\n")
                sys.stderr.flush()
                sys.exit(USER_ERROR)
            sys.exit(0)
    from rulekeeper.cli.main import main as typer_main
    from rulekeeper.core.collector import work_starts

    work_starts()  # typer, click and rich are in; a command imports its game when it runs
    typer_main()
