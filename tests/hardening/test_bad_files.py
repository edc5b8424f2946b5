"""Every command that reads a file: each kind of bad file is one line and exit 2.

The classes (issue 11, "Input decoding", "Size", "Non-regular files"): bytes
that are not UTF-8, nesting deeper than the limit, numbers with thousands of
digits or beyond 64 bits, infinities, control characters, files over the size
limit, devices, FIFOs and directories. Each is offered to every command that
reads a file, directly and as the scenario a replay names; the save folder and
the files are left byte for byte as they were.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from hardening_cli import run_cli, snapshot

from rulekeeper.core.limits import MAX_FILE_BYTES, MAX_NESTING

DATA = Path(__file__).parents[1] / "data" / "haven" / "ghs" / "monster"
GOOD_DECK = DATA / "deck" / "reed-stalker.json"

Command = Callable[[str], list[str]]

# command name -> (argument list for a file, the format it reads)
COMMANDS: dict[str, tuple[Command, str]] = {
    "replay": (lambda p: ["replay", p], "json"),
    "saves import": (lambda p: ["saves", "import", p, "--name", "copy"], "json"),
    "play haven": (lambda p: ["play", "haven", "--scenario", p, "--auto", "random"], "toml"),
    "play salvage": (lambda p: ["play", "salvage", "--scenario", p, "--auto", "random"], "toml"),
    "play ether": (lambda p: ["play", "ether", "--scenario", p, "--auto", "random"], "toml"),
    "play areas": (lambda p: ["play", "areas", "--scenario", p, "--auto", "random"], "toml"),
    "haven monster-move": (lambda p: ["haven", "monster-move", p], "json"),
    "haven odds --deck": (lambda p: ["haven", "odds", "--attack", "2", "--deck", p], "toml"),
    "haven import-monsters": (
        lambda p: ["haven", "import-monsters", p, str(GOOD_DECK)],
        "json",
    ),
}

REPLAYING: dict[str, Callable[[Path], list[str]]] = {
    "replay": lambda p: ["replay", str(p)],
    "saves import": lambda p: ["saves", "import", str(p), "--name", "copy"],
}


def _deep(fmt: str) -> str:
    depth = 5 * MAX_NESTING + 5000
    if fmt == "json":
        return "[" * depth + "]" * depth
    return "a = " + "[" * depth + "]" * depth + "\n"


def _number(fmt: str, digits: str) -> str:
    return '{"seed": ' + digits + "}" if fmt == "json" else f"seed = {digits}\n"


BAD_CONTENT: dict[str, tuple[Callable[[str], bytes], str]] = {
    "not UTF-8": (lambda fmt: b'{"format": "\xff\xfe"}', "not UTF-8"),
    "nested too deep": (lambda fmt: _deep(fmt).encode(), "nested too deep"),
    "thousands of digits": (lambda fmt: _number(fmt, "9" * 5000).encode(), "too many digits"),
    "beyond 64 bits": (lambda fmt: _number(fmt, str(2**64)).encode(), "too large"),
    "control character": (
        lambda fmt: (
            '{"name": "\\u001b[2J"}' if fmt == "json" else 'name = "\\u001b[2J"\n'
        ).encode(),
        "control character",
    ),
    "over the size limit": (lambda fmt: b" " * (MAX_FILE_BYTES + 1), "the limit is"),
}


@pytest.mark.parametrize("kind", sorted(BAD_CONTENT))
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_bad_content_is_one_line_and_exit_2(
    command: str, kind: str, tmp_path: Path, own_home: Path
) -> None:
    build, args_fmt = COMMANDS[command]
    make, fragment = BAD_CONTENT[kind]
    if kind == "infinity" and args_fmt == "toml":
        pytest.skip("TOML")
    path = tmp_path / f"bad.{args_fmt}"
    path.write_bytes(make(args_fmt))
    before = snapshot(tmp_path)
    run_cli(*build(str(path))).assert_user_error(str(path), fragment)
    assert snapshot(tmp_path) == before


def test_json_infinity_and_nan_are_refused(tmp_path: Path) -> None:
    for word in ("NaN", "Infinity", "-Infinity"):
        path = tmp_path / "inf.json"
        path.write_text('{"format": "rulekeeper-replay/1", "seed": ' + word + "}")
        run_cli("replay", str(path)).assert_user_error("inf.json", word)


def _special_files(tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    return {"/dev/zero": Path("/dev/zero"), "FIFO": fifo, "directory": folder}


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_devices_fifos_and_folders_are_never_read(command: str, tmp_path: Path) -> None:
    build, _ = COMMANDS[command]
    for path in _special_files(tmp_path).values():
        run_cli(*build(str(path))).assert_user_error(str(path), "not a regular file")


@pytest.mark.parametrize("command", sorted(REPLAYING))
@pytest.mark.parametrize("game", ["haven", "salvage", "ether", "areas"])
def test_a_replay_naming_a_device_or_fifo_as_its_scenario_is_refused(
    command: str, game: str, tmp_path: Path, own_home: Path
) -> None:
    for special in _special_files(tmp_path).values():
        replay = tmp_path / "game.json"
        ruleset = "gloomhaven" if game == "haven" else "standard"
        replay.write_text(
            json.dumps(
                {
                    "format": "rulekeeper-replay/1",
                    "game": game,
                    "ruleset": ruleset,
                    "scenario": str(special),
                    "seed": 1,
                    "actions": [],
                }
            )
        )
        before = snapshot(tmp_path, own_home)
        run_cli(*REPLAYING[command](replay)).assert_user_error(str(special))
        assert snapshot(tmp_path, own_home) == before


def test_a_batch_file_that_is_a_fifo_is_refused(tmp_path: Path) -> None:
    fifo = _special_files(tmp_path)["FIFO"]
    run_cli("haven", "monster-move", "--batch", str(fifo)).assert_user_error("not a regular file")


def test_seeds_beyond_64_bits_are_refused_before_anything_is_saved(
    tmp_path: Path, own_home: Path
) -> None:
    """Issue 11: a seed beyond 64 bits crashed saving (SQLite stores signed 64 bits)."""
    replay = tmp_path / "big.json"
    replay.write_text(
        json.dumps(
            {
                "format": "rulekeeper-replay/1",
                "game": "salvage",
                "ruleset": "standard",
                "scenario": "flooded-annex",
                "seed": 2**63,
                "actions": [],
            }
        )
    )
    run_cli("saves", "import", str(replay)).assert_user_error("seed")
    run_cli("play", "salvage", "--seed", str(2**63), "--save", "x").assert_user_error("--seed")
    assert not own_home.exists()
    result = run_cli("play", "salvage", "--seed", str(2**63 - 1), "--auto", "random", "--quiet")
    assert result.code == 0, result.err


@pytest.mark.parametrize("name", ["abc\n", "abc\r", "a\tb", "x" * 65, "-x", "a/b", ""])
def test_save_names_that_cannot_be_opened_later_are_refused(name: str, own_home: Path) -> None:
    """Issue 11: 'abc\\n' was accepted by the name check and then never found again."""
    run_cli("play", "salvage", "--auto", "random", "--quiet", "--save", name).assert_user_error(
        "save name"
    )
    assert not own_home.exists()


def test_a_file_name_with_markup_is_printed_as_it_is(tmp_path: Path) -> None:
    """Issue 11: a file name holding ``[`` crashed the terminal renderer."""
    from rulekeeper.games.salvage.content import _content_root

    text = _content_root().joinpath("scenarios", "flooded-annex.toml").read_text("utf-8")
    (tmp_path / "[").mkdir()
    path = tmp_path / "[" / "bold][red]x.toml"  # the path reads "[/bold][red]x.toml"
    path.write_text(text)
    result = run_cli("play", "salvage", "--scenario", str(path), "--auto", "random", "--seed", "2")
    assert result.code == 0, result.err
    assert "[/bold][red]x.toml" in result.out.replace("\n", "")


def test_control_characters_in_a_file_name_are_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "evil\x1b[2J\nname.json"
    path.write_text("{")
    result = run_cli("replay", str(path))
    result.assert_user_error("evil\\x1b[2J\\nname.json")
