"""``rulekeeper play haven --companion`` (issue 16): the scripted companion game at the terminal.

The fixture scenario is played to the end from typed lines: board commands
(``attack``, ``damage``, ``loot``, ``end``) and actions' JSON forms, with the
chance outcomes entered from the "physical deck" (``--chance manual``). The
save replays to the same result; bad options exit 2 with one line.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion_script import GHS_FOLDER, IMPORTED_SCRIPT, LIBRARY, SCRIPT
from rulekeeper.cli.main import app
from rulekeeper.games.haven.board_format import parse_board

runner = CliRunner()
OPTIONS = ["--library", str(LIBRARY), "--scenario", "ember-hall", "--players", "1", "--level", "1"]


@pytest.fixture(autouse=True)
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def terminal_line(raw: dict[str, object]) -> str:
    """The line a player types for one scripted action: a board command where there is one."""
    kind = raw["type"]
    if kind == "attack" and raw["attacker"] == "lampwright":
        return f"attack {raw['target']} {raw['value']}"
    if kind == "damage":
        return f"damage {raw['figure']} {raw['amount']} {raw['source']}"
    if kind == "loot":
        return f"loot {raw['tokens']}"
    if kind == "end-turn":
        return "end"
    return json.dumps(raw)


def script_text(script: list[dict[str, object]] = SCRIPT) -> str:
    lines = [terminal_line(raw) for raw in script[2:]]  # size and level come from the options
    return "\n".join(["# the Ember Hall, one lampwright", *lines, "quit"]) + "\n"


def test_scripted_companion_game_at_the_terminal(home: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "haven", "--companion", *OPTIONS, "--chance", "manual", "--save", "hall"],
        input=script_text(),
    )
    assert result.exit_code == 0, result.stdout + result.stderr
    out = result.stdout
    assert "Game over — won: the round is played out" in out
    assert "lampwright: 6 xp, 2 gold, treasure 7" in out
    assert "cinder-tyrant-1: infuse fire, summon ashrat" in out
    assert "ashrat consumes fire: +1 attack [HV-ELEM-3, HV-ELEM-4]" in out
    exported = home / "hall.json"
    assert runner.invoke(app, ["saves", "export", "hall", "--out", str(exported)]).exit_code == 0
    replay = runner.invoke(app, ["replay", str(exported)])
    assert replay.exit_code == 0, replay.stdout + replay.stderr
    assert json.loads(exported.read_text())["game"] == "haven-companion"


def test_an_imported_scenario_is_played_at_the_terminal(home: Path) -> None:
    """Issue 16's acceptance: GHS-shaped fixture -> haven import -> library -> companion."""
    library = home / "library"
    imported = runner.invoke(
        app, ["haven", "import", str(GHS_FOLDER), "--edition", "gh", "--out", str(library)]
    )
    assert imported.exit_code == 0, imported.stdout + imported.stderr
    options = ["--library", str(library), "--scenario", "gh-1", "--players", "1", "--level", "1"]
    result = runner.invoke(
        app,
        ["play", "haven", "--companion", *options, "--chance", "manual"],
        input=script_text(IMPORTED_SCRIPT),
    )
    assert result.exit_code == 0, result.stdout + result.stderr
    assert "illegal" not in result.stdout
    assert "cinder-tyrant-1: infuse fire, summon ash-rat" in result.stdout
    assert "Game over — won: the round is played out (HV-GOAL-1); lampwright: 6 xp, 4 gold" in (
        result.stdout
    )


def test_the_monster_mover_board_and_its_answer_at_the_terminal(home: Path) -> None:
    """``mover`` writes the board prefilled around the boss; ``follow`` applies an answer."""
    lines = script_text().splitlines()
    boss_attack = 17  # the line of the boss's scripted attack in round 1
    assert lines[boss_attack].startswith('{"type": "attack", "attacker": "cinder-tyrant-1"')
    lines[boss_attack : boss_attack + 1] = ["mover", "follow 0 lampwright"]
    result = runner.invoke(
        app,
        ["play", "haven", "--companion", *OPTIONS, "--chance", "manual"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.stdout
    assert "as the monster mover answered [HV-MOVE-MON-1]" in result.stdout
    assert "Game over — won" in result.stdout
    board = parse_board(json.loads((home / "mover-cinder-tyrant-1.json").read_text()))
    assert board.turn.figure == "cinder-tyrant-1" and board.turn.targets == 1


def test_a_saved_companion_game_resumes_with_the_board_commands() -> None:
    half = script_text().splitlines()[:12]
    first = runner.invoke(
        app,
        ["play", "haven", "--companion", *OPTIONS, "--chance", "manual", "--save", "half"],
        input="\n".join([*half, "quit"]) + "\n",
    )
    assert first.exit_code == 0, first.stdout
    rest = ["chance manual", *script_text().splitlines()[12:]]
    second = runner.invoke(app, ["saves", "resume", "half"], input="\n".join(rest) + "\n")
    assert second.exit_code == 0, second.stdout + second.stderr
    assert "illegal" not in second.stdout
    assert "Game over — won: the round is played out" in second.stdout


def test_a_refused_entry_is_one_line_and_the_game_goes_on() -> None:
    lines = [json.dumps(raw) for raw in SCRIPT[2:6]] + ["end", "consume ice", "quit"]
    result = runner.invoke(app, ["play", "haven", "--companion", *OPTIONS], input="\n".join(lines))
    assert result.exit_code == 0
    assert "illegal: HV-CARD-3 record both halves you played" in result.stdout
    assert "cannot read 'consume ice'" not in result.stdout


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (["--players", "9"], "--players"),
        (["--level", "8"], "--level"),
        (["--scenario", "nowhere"], "scenario"),
        (["--library", "no-such-folder"], "no such library folder"),
    ],
)
def test_bad_companion_options_exit_2_with_one_line(change: list[str], field: str) -> None:
    options = list(OPTIONS)
    index = options.index(change[0])
    options[index + 1] = change[1]
    result = runner.invoke(app, ["play", "haven", "--companion", *options], input="")
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert field in result.stderr


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        (["--players", "2"], "--players: only used in companion mode (add --companion)"),
        (["--level", "1"], "--level: only used in companion mode (add --companion)"),
        (["--library", str(LIBRARY)], "--library: only used in companion mode (add --companion)"),
        (["--chance", "manual"], "--chance: only used in companion mode (add --companion)"),
        (["--companion", *OPTIONS, "--auto", "random"], "--auto: not used in companion mode"),
        (["--companion", *OPTIONS, "--party", "warden"], "--party: not used in companion mode"),
        (["--companion", *OPTIONS, "--quiet"], "--quiet: not used in companion mode"),
        (["--companion", *OPTIONS, "--wide"], "--wide: not used in companion mode"),
    ],
)
def test_an_option_the_mode_would_ignore_exits_2_and_saves_nothing(
    home: Path, options: list[str], reason: str
) -> None:
    result = runner.invoke(app, ["play", "haven", *options, "--save", "kept"], input="quit\n")
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"rulekeeper: {reason}")
    assert not (home / "home").exists() or not any((home / "home").rglob("kept*"))


def test_the_companion_loop_runs_in_a_real_process(home: Path) -> None:
    """The same script piped into the command in a fresh process."""
    env = {**os.environ, "RULEKEEPER_HOME": str(home / "home"), "COLUMNS": "120"}
    main = "from rulekeeper.cli.main import main; main()"
    command = [sys.executable, "-c", main, "play", "haven", "--companion", *OPTIONS]
    done = subprocess.run(
        [*command, "--chance", "manual"],
        input=script_text(),
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Game over — won" in done.stdout
