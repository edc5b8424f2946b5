"""The console script's quick path for ``haven odds`` (issue 12, start-up).

:mod:`rulekeeper.cli.entry` answers plain ``haven odds`` invocations without
typer; every other command line goes to the typer application. These tests
hold the two ways to the same behaviour: the same bytes on stdout and stderr
and the same exit status for the same command line, and the same option names
and defaults as the typer command declares.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import MISSING, fields
from pathlib import Path

import pytest

from rulekeeper.cli.entry import (
    ODDS_FLAGS,
    ODDS_PATHS,
    ODDS_WHOLE_NUMBERS,
    ODDS_WORDS,
    quick_batch,
    quick_odds_question,
)
from rulekeeper.cli.haven_odds_answer import OddsQuestion
from rulekeeper.cli.language import split_language

_QUICK = "import sys; from rulekeeper.cli.entry import main; sys.argv[0] = 'rulekeeper'; main()"
_TYPER = "import sys; from rulekeeper.cli.main import main; sys.argv[0] = 'rulekeeper'; main()"

# Each line is answered by the quick path; the typer path must print the same.
QUICK_LINES = [
    ["--attack", "3"],
    ["--attack=3", "--json"],
    ["--attack", "4", "--shield", "1", "--pierce", "2", "--advantage"],
    ["--attack", "2", "--disadvantage", "--poisoned", "--muddled", "--monster"],
    ["--attack", "0", "--advantage", "--disadvantage", "--strengthened", "--ranged-adjacent"],
    ["--ruleset", "frosthaven", "--attack", "3", "--ward", "--brittle", "--advantage"],
    ["--attack", "3", "--ruleset=frosthaven", "--json", "--monster", "--advantage"],
    ["--attack", "2", "--ward"],  # refused: gloomhaven has no ward (exit 2, one line)
    ["--attack", "3", "--ruleset", "nowhere"],  # refused: unknown ruleset
    ["--attack", "007"],
    ["--attack", "3", "--lang", "ca"],
    ["--lang=tr", "--attack", "2", "--ward", "--ruleset", "frosthaven", "--json"],
    ["--attack", "2", "--ward", "--lang", "tr"],  # refused, in Turkish
    ["--attack", "3", "--deck", "deck.toml", "--advantage"],
    ["--deck=deck.toml", "--attack", "2", "--ruleset", "frosthaven", "--json"],
    ["--attack", "3", "--deck", "missing.toml"],  # refused: no such file
    ["--attack", "3", "--deck", "bad.toml"],  # refused: the field named
    ["--attack", "3", "--deck", "bad.toml", "--lang", "ca"],  # refused, in Catalan
]
# Each line goes to typer (the quick path declines it).
TYPER_LINES = [
    [],
    ["--help"],
    ["--attack"],
    ["--attack", "x"],
    ["--attack", "-1"],
    ["--attack", " 3"],
    ["--attack", "3", "--attack", "4"],
    ["--attack", "3", "--json=yes"],
    ["--attack", "3", "--ruleset", "--json"],
    ["--attack", "3", "--deck"],
    ["--attack", "3", "--deck="],
    ["--attack", "3", "--deck", "--json"],
    ["--attack", "3", "--deck", "deck.toml", "--deck", "deck.toml"],
    ["--attack", "3", "--scenario", "x"],
    ["--attack", "3", "extra"],
    ["--attack", "3", "--"],
    ["--shield", "1"],
    ["--attack", "1" * 19],
    ["--attack", "3", "--lang", "xx"],
    ["--attack", "3", "--lang"],
]


DECK_FILES = {
    "deck.toml": 'format = 1\ndrawn = { "x2" = 1 }\nadded = { "rolling+1" = 2, "bless" = 1 }\n',
    "bad.toml": 'format = 1\nadded = { "rolling+1" = -2 }\n',
}
"""The deck files the lines name, written in the folder they run in."""


def _run(code: str, args: list[str], cwd: Path) -> tuple[int, str, str]:
    for name, text in DECK_FILES.items():
        (cwd / name).write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", code, "haven", "odds", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", QUICK_LINES + TYPER_LINES, ids=" ".join)
def test_quick_path_and_typer_answer_alike(args: list[str], tmp_path: Path) -> None:
    quick = _run(_QUICK, args, tmp_path)
    through_typer = _run(_TYPER, args, tmp_path)
    assert quick == through_typer
    assert quick[1] or quick[2]


@pytest.mark.parametrize("args", QUICK_LINES, ids=" ".join)
def test_plain_lines_take_the_quick_path(args: list[str]) -> None:
    _lang, rest = split_language(args)  # the console script reads --lang first
    assert quick_odds_question(rest) is not None


@pytest.mark.parametrize("args", TYPER_LINES, ids=" ".join)
def test_other_lines_go_to_typer(args: list[str]) -> None:
    assert quick_odds_question(args) is None


def test_the_quick_path_reads_the_values_it_is_given() -> None:
    question = quick_odds_question(
        ["--attack=5", "--shield", "2", "--ruleset", "frosthaven", "--ward", "--json"]
    )
    assert question == OddsQuestion(
        attack=5, shield=2, ruleset_name="frosthaven", ward=True, as_json=True
    )
    question = quick_odds_question(["--deck", "decks/mine.toml", "--attack", "1"])
    assert question == OddsQuestion(attack=1, deck_file=Path("decks/mine.toml"))


def test_quick_options_are_the_typer_commands_options() -> None:
    """Same option names, parameter names and defaults as the typer command declares."""
    import typer.main

    from rulekeeper.cli.haven_app import haven_app
    from rulekeeper.cli.main import app  # registers the haven commands

    assert app is not None
    group = typer.main.get_command(haven_app)
    command = group.commands["odds"]  # type: ignore[attr-defined]
    declared = {opt: param for param in command.params for opt in param.opts}
    defaults = {f.name: f.default for f in fields(OddsQuestion)}
    assert declared["--attack"].required and defaults["attack"] is MISSING
    quick = {**ODDS_WHOLE_NUMBERS, **ODDS_WORDS, **ODDS_PATHS, **ODDS_FLAGS}
    for option, name in quick.items():
        param = declared[option]
        assert param.name == name
        if option != "--attack":
            assert param.default == defaults[name], option
        assert param.is_flag == (option in ODDS_FLAGS), option
    for option in ODDS_WHOLE_NUMBERS:
        assert getattr(declared[option], "min", None) == 0, option
    # every declared parameter is a field of the question, and nothing else is but
    # --lang, which the console script reads (anywhere in the line) before anything else
    assert declared["--lang"].name == "language_choice"
    assert {param.name for param in command.params} - {"language_choice"} == set(defaults)


_BOARD = {
    "format": "haven-board/1",
    "ruleset": "gloomhaven",
    "hexes": [[0, 0], [1, 0], [2, 0], [3, 0]],
    "figures": [
        {"id": "M1", "team": "monsters", "hex": [0, 0]},
        {"id": "C1", "team": "characters", "hex": [3, 0], "initiative": 20},
    ],
    "turn": {"figure": "M1", "move": 2},
}


def _batch_file(tmp_path: Path) -> Path:
    """Good boards, a board the models coerce, and lines each refused for its own reason."""
    import json

    coerced = {**_BOARD, "turn": {"figure": "M1", "move": 2.0}}
    lines = [
        json.dumps(_BOARD),
        "",
        json.dumps(coerced),
        json.dumps({**_BOARD, "ruleset": "nowhere"}),
        json.dumps({**_BOARD, "hexes": [[0, 0], [0, 0]]}),
        "{not json",
        json.dumps({**_BOARD, "turn": {"figure": "M1", "move": 1, "targets": 6, "range": 2}}),
    ]
    path = tmp_path / "boards.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["--batch", "{batch}", "--json"],
        ["--batch={batch}"],
        ["--json", "--batch", "{batch}"],
        ["--batch", "missing.jsonl"],
        ["--batch", "{batch}", "--batch", "{batch}"],
        ["{board}", "--json"],
        ["--help"],
        ["--batch"],
    ],
    ids=str,
)
def test_mover_batch_quick_path_and_typer_answer_alike(args: list[str], tmp_path: Path) -> None:
    import json

    batch = _batch_file(tmp_path)
    board = tmp_path / "board.json"
    board.write_text(json.dumps(_BOARD), encoding="utf-8")
    line = [a.format(batch=batch, board=board) for a in args]
    run = [sys.executable, "-c"]
    done = [
        subprocess.run(
            [*run, code, "haven", "monster-move", *line],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
            check=False,
        )
        for code in (_QUICK, _TYPER)
    ]
    assert (done[0].returncode, done[0].stdout, done[0].stderr) == (
        done[1].returncode,
        done[1].stdout,
        done[1].stderr,
    )
    assert done[0].stdout or done[0].stderr


def test_mover_quick_path_reads_only_batch_and_json() -> None:
    assert quick_batch(["--batch", "b.jsonl"]) == ("b.jsonl", False)  # a name: no pathlib
    assert quick_batch(["--json", "--batch=b.jsonl"]) == ("b.jsonl", True)
    for declined in (["b.json"], ["--batch"], ["--json"], ["--batch", "-x"], ["--batch", ""]):
        assert quick_batch(declined) is None


_RUN = "import sys; from rulekeeper.cli.entry import run; sys.argv[0] = 'rulekeeper'; run()"


@pytest.mark.parametrize(
    "command",
    [
        ["haven", "monster-move", "--batch", "{batch}"],
        ["haven", "odds", "--attack", "3"],
        ["--help"],
    ],
    ids=["batch", "odds", "help"],
)
def test_a_reader_that_stops_early_ends_the_command_quietly(
    command: list[str], tmp_path: Path
) -> None:
    """``rulekeeper ... | head -1``: the console script stops with status 1 and no traceback."""
    import json

    batch = tmp_path / "many.jsonl"
    batch.write_text((json.dumps(_BOARD) + "\n") * 3000, encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-c", _RUN, *[a.format(batch=batch) for a in command]],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(1)  # one byte read, then the reader goes away
    process.stdout.close()
    error = process.stderr.read().decode()
    status = process.wait(timeout=120)
    assert "Traceback" not in error
    assert error == ""
    assert status in (0, 1)  # 0: everything was written before the pipe closed
