"""The CLI shell on the test-only dice race: every command and every error path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dice_race import DiceRace
from rulekeeper.cli.main import app
from rulekeeper.core import register_game
from rulekeeper.core.registry import unregister_game
from rulekeeper.store import SaveStore

runner = CliRunner()


@pytest.fixture(autouse=True)
def race_and_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path / "home"))
    register_game(DiceRace())
    yield tmp_path
    unregister_game("dicerace")


def run(*args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.stdout, result.stderr


def auto_replay(tmp_path: Path, seed: int = 3) -> Path:
    code, _, _ = run("play", "dicerace", "--auto", "random", "--seed", str(seed), "--save", "auto")
    assert code == 0
    out = tmp_path / "auto.json"
    assert run("saves", "export", "auto", "--out", str(out))[0] == 0
    return out


def test_games_lists_games_rulesets_and_scenarios() -> None:
    code, out, _ = run("games")
    assert code == 0
    assert "dicerace" in out and "swift" in out and "short" in out and "long" in out


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("rulekeeper ")


def test_auto_random_plays_to_the_end_and_prints_the_outcome_last() -> None:
    code, out, _ = run("play", "dicerace", "--scenario", "long", "--auto", "random", "--seed", "5")
    assert code == 0
    assert out.strip().splitlines()[-1].startswith("Game over — won: racer")
    assert "[DR-" in out  # events cite their rules


def test_auto_play_is_deterministic_for_a_seed() -> None:
    first = run("play", "dicerace", "--auto", "random", "--seed", "9", "--quiet")[1]
    second = run("play", "dicerace", "--auto", "random", "--seed", "9", "--quiet")[1]
    assert first == second


def test_interactive_play_with_numbers_json_undo_save_and_quit() -> None:
    script = "\n".join(
        [
            "help",
            "9",  # out of range: asked again
            "frobnicate",  # unknown command: asked again
            '{"type": "declare", "dice": 7}',  # illegal: the rule is named, asked again
            '{"type": "nope"}',  # malformed: named, asked again
            "2",
            "undo",
            '{"type": "declare", "dice": 1}',
            "json",
            "log",
            "board",
            "save mygame",
            "quit",
        ]
    )
    code, out, _ = run("play", "dicerace", "--seed", "2", input=script + "\n")
    assert code == 0
    assert "choose a number from 1 to 2" in out
    assert "unknown command 'frobnicate'" in out
    assert "illegal: DR-DICE-1 you may roll 1 or 2 dice, not 7" in out
    assert "unknown type 'nope'" in out
    assert "undone: back to action 0" in out
    assert "saved as 'mygame'" in out
    saved = SaveStore().load("mygame")
    assert saved.actions[0] == {"type": "declare", "dice": 1}
    assert len(saved.actions) >= 2  # the declaration and its chance outcomes


def test_end_of_input_quits_cleanly() -> None:
    code, out, _ = run("play", "dicerace", input="")
    assert code == 0
    assert "end of input" in out


def test_play_with_no_game_offers_a_list_and_starts_the_chosen_one() -> None:
    from rulekeeper.core import all_games

    entries = [
        (g.name, s.name, r)
        for g in all_games()
        for s in g.scenarios()
        for r in (s.rulesets or g.rulesets if len(g.rulesets) > 1 else (None,))
    ]
    number = entries.index(("dicerace", "short", "swift")) + 1
    code, out, _ = run("play", input=f"{number}\nquit\n")
    assert code == 0
    assert "dicerace: short (swift)" in out
    assert "ruleset swift" in out
    assert "how many dice to roll" in out


def test_save_while_playing_records_every_action_and_resume_continues() -> None:
    code, _, _ = run("play", "dicerace", "--seed", "4", "--save", "g", input="1\nquit\n")
    assert code == 0
    kept = SaveStore().load("g").actions
    assert kept[0] == {"type": "declare", "dice": 1}
    code, out, _ = run("saves", "resume", "g", "--auto", "random")
    assert code == 0
    assert "Game over" in out
    assert len(SaveStore().load("g").actions) > len(kept)
    assert SaveStore().list()[0].outcome is not None


def test_saves_list_show_export_import(tmp_path: Path) -> None:
    exported = auto_replay(tmp_path)
    code, out, _ = run("saves", "list")
    assert code == 0 and "auto" in out and "dicerace" in out
    code, out, _ = run("saves", "show", "auto")
    assert code == 0 and "game over" in out
    code, out, _ = run("saves", "show", "auto", "--json")
    assert json.loads(out)["game"] == "dicerace"
    code, out, _ = run("saves", "export", "auto")
    assert json.loads(out)["format"] == "rulekeeper-replay/1"
    code, out, _ = run("saves", "import", str(exported), "--name", "copy")
    assert code == 0 and "imported" in out
    assert SaveStore().load("copy") == SaveStore().load("auto")


def test_replay_prints_the_final_state_or_json(tmp_path: Path) -> None:
    exported = auto_replay(tmp_path)
    code, out, _ = run("replay", str(exported))
    assert code == 0 and "game over — won" in out
    code, out, _ = run("replay", str(exported), "--json")
    assert code == 0 and json.loads(out)["state"]["goal"] == 6


def test_replay_stops_at_an_illegal_action_with_its_index(tmp_path: Path) -> None:
    exported = auto_replay(tmp_path)
    data = json.loads(exported.read_text())
    data["actions"][0] = {"type": "declare", "dice": 9}
    exported.write_text(json.dumps(data))
    code, out, err = run("replay", str(exported))
    assert code == 2
    assert (
        err.strip() == "rulekeeper: illegal at action 1: DR-DICE-1 you may roll 1 or 2 dice, not 9"
    )
    assert out == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "rulekeeper-replay/2"}', "format"),
        (
            '{"format": "rulekeeper-replay/1", "game": "dicerace", "ruleset": "standard",'
            ' "scenario": "short", "seed": "x", "actions": []}',
            "seed",
        ),
        (
            '{"format": "rulekeeper-replay/1", "game": "chess", "ruleset": "standard",'
            ' "scenario": "short", "seed": 1, "actions": []}',
            "unknown game 'chess'",
        ),
        (
            '{"format": "rulekeeper-replay/1", "game": "dicerace", "ruleset": "blitz",'
            ' "scenario": "short", "seed": 1, "actions": []}',
            "unknown ruleset 'blitz'",
        ),
        (
            '{"format": "rulekeeper-replay/1", "game": "dicerace", "ruleset": "standard",'
            ' "scenario": "short", "seed": 1, "actions": [{"type": "fly"}]}',
            "illegal at action 1: action: unknown type 'fly'",
        ),
    ],
)
def test_bad_replay_files_are_one_line_and_exit_2(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, _, err = run("replay", str(path))
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_missing_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read the file" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess"), "unknown game 'chess'"),
        (("play", "dicerace", "--ruleset", "blitz"), "unknown ruleset 'blitz'"),
        (("play", "dicerace", "--scenario", "marathon"), "unknown scenario 'marathon'"),
        (("play", "dicerace", "--auto", "genius"), "unknown policy 'genius'"),
        (("play", "dicerace", "--save", "no/slashes"), "save name"),
        (("saves", "show", "ghost"), "no save called 'ghost'"),
        (("saves", "resume", "ghost"), "no save called 'ghost'"),
        (("saves", "export", "ghost"), "no save called 'ghost'"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_save_that_no_longer_replays_is_reported_and_left_unchanged(tmp_path: Path) -> None:
    auto_replay(tmp_path)
    store = SaveStore()
    store.append("auto", 1, {"type": "roll", "face": "9"})
    before = store.load("auto")
    code, _, err = run("saves", "show", "auto")
    assert code == 2
    assert err.startswith("rulekeeper: illegal at action 2: CORE-CHANCE")
    code, _, err = run("saves", "resume", "auto")
    assert code == 2 and "illegal at action 2" in err
    assert store.load("auto") == before


def test_importing_a_replay_that_does_not_replay_stores_nothing(tmp_path: Path) -> None:
    exported = auto_replay(tmp_path)
    data = json.loads(exported.read_text())
    data["actions"].insert(0, {"type": "roll", "face": "3"})
    exported.write_text(json.dumps(data))
    code, _, err = run("saves", "import", str(exported), "--name", "broken")
    assert code == 2 and "illegal at action 1" in err
    assert [s.name for s in SaveStore().list()] == ["auto"]


def test_importing_under_an_existing_name_is_refused(tmp_path: Path) -> None:
    exported = auto_replay(tmp_path)
    code, _, err = run("saves", "import", str(exported), "--name", "auto")
    assert code == 2 and "already exists" in err


def test_saves_list_when_empty() -> None:
    code, out, _ = run("saves", "list")
    assert code == 0 and "No saved games" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--seed", "x"], "rulekeeper play: Invalid value for '--seed'"),
        (["saves", "show"], "rulekeeper saves show: Missing argument"),
        (["bogus"], "No such command 'bogus'"),
    ],
)
def test_usage_errors_from_the_console_script_are_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str,
) -> None:
    from rulekeeper.cli.entry import main

    monkeypatch.setattr("sys.argv", ["rulekeeper", *argv])
    with pytest.raises(SystemExit) as caught:
        main()
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_a_bare_command_group_prints_its_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rulekeeper.cli.entry import main

    monkeypatch.setattr("sys.argv", ["rulekeeper", "saves"])
    with pytest.raises(SystemExit) as caught:
        main()
    assert caught.value.code == 0
    assert "resume" in capsys.readouterr().out
