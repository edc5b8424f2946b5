"""Fuzzing every file reader, the board format and every CLI command (issue 11).

The property is the same everywhere: whatever a file or a command line says,
rulekeeper either does its job or refuses with a RulekeeperError (from the
CLI: exit status 2 and exactly one line on stderr). No other exception, no
hang, no unbounded allocation.

Bounded for CI: each test runs a few dozen examples (derandomized under CI by
the "ci" profile in tests/conftest.py). ``make fuzz`` runs the "fuzz" profile:
many more examples, new ones on every run.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hardening_cli import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulekeeper.core.documents import parse_document, read_document
from rulekeeper.core.errors import RulekeeperError
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import parse_replay, run_replay

SCALE = 40 if os.environ.get("HYPOTHESIS_PROFILE") == "fuzz" else 1
CONTENT = Path(__file__).parents[2] / "src" / "rulekeeper" / "content"
GHS = Path(__file__).parents[1] / "data" / "haven" / "ghs" / "monster"


def fuzz(examples: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    return settings(
        max_examples=examples * SCALE,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


# -- values -----------------------------------------------------------------------
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["", "[/bold]", "\x1b[2J", "../../etc", "-1", "normal", "attack"])
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*prefix, index)))
    return out


def _replace(value: Any, path: tuple[Any, ...], new: Any, delete: bool) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    copy = dict(value) if isinstance(value, dict) else list(value)
    if not rest and delete:
        del copy[head]
        return copy
    copy[head] = _replace(copy[head], rest, new, delete)
    return copy


@st.composite
def mutated(draw: st.DrawFn, document: Any, changes: int = 3) -> Any:
    """``document`` with a few values replaced by arbitrary JSON values or removed."""
    for _ in range(draw(st.integers(1, changes))):
        path = draw(st.sampled_from(_paths(document)))
        delete = bool(path) and draw(st.booleans())
        document = _replace(document, path, draw(JSON_VALUES), delete)
    return document


def _dumps(data: Any, fmt: str) -> bytes:
    if fmt == "json":
        return json.dumps(data, allow_nan=True).encode()
    return _toml(data).encode()


def _toml(data: Any) -> str:
    """TOML for a table; values TOML cannot hold fall back to JSON text (itself bad input)."""
    if not isinstance(data, dict):
        return json.dumps(data)
    lines = []
    for key, value in data.items():
        lines.append(f"{json.dumps(key)} = {_inline(value)}")
    return "\n".join(lines) + "\n"


def _inline(value: Any) -> str:
    if value is None:
        return '"null"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value).replace("inf", "inf").replace("nan", "nan")
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_inline(v)}" for k, v in value.items()) + "}"


def _shipped_scenario(game: str, name: str) -> Any:
    return tomllib.loads((CONTENT / game / "scenarios" / f"{name}.toml").read_text("utf-8"))


SCENARIOS = {
    "haven": ("ember-vault", "gloomhaven"),
    "salvage": ("flooded-annex", "standard"),
    "ether": ("lantern-rift", "standard"),
    "areas": ("thorn-warren", "standard"),
}


# -- documents ----------------------------------------------------------------------
@fuzz(60)
@given(
    text=st.text(max_size=200) | JSON_VALUES.map(json.dumps), fmt=st.sampled_from(["json", "toml"])
)
def test_any_text_parses_or_is_one_content_error(text: str, fmt: str) -> None:
    try:
        parse_document(text, f"fuzz.{fmt}", fmt)  # type: ignore[arg-type]
    except RulekeeperError as error:
        assert "\n" not in str(error)


@fuzz(40)
@given(data=st.binary(max_size=300), fmt=st.sampled_from(["json", "toml"]))
def test_any_bytes_in_a_file_read_or_are_one_content_error(data: bytes, fmt: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"fuzz.{fmt}"
        path.write_bytes(data)
        with contextlib.suppress(RulekeeperError):
            read_document(path)


# -- scenarios of every game -----------------------------------------------------------
@pytest.mark.parametrize("game_name", sorted(SCENARIOS))
@fuzz(25)
@given(data=st.data())
def test_mutated_scenarios_load_and_play_or_are_refused(
    game_name: str, data: st.DataObject
) -> None:
    name, ruleset = SCENARIOS[game_name]
    document = data.draw(mutated(_shipped_scenario(game_name, name)))
    fmt = "json" if game_name == "haven" else "toml"
    game = find_game(game_name)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"scenario.{fmt}"
        path.write_bytes(_dumps(document, fmt))
        try:
            state = game.new_state(str(path), 1, ruleset)
        except RulekeeperError:
            return
    sampler = SeededSampler(1)
    for _ in range(30):
        if state.is_terminal():
            break
        try:
            if state.is_chance_node():
                state.apply(sampler.sample(state))
            else:
                legal = state.legal_actions()
                state.apply(legal[data.draw(st.integers(0, len(legal) - 1))], legal=legal)
        except NotImplementedError:
            return  # "resolve by hand": the engine says what it cannot do


# -- content check -------------------------------------------------------------------
@pytest.mark.parametrize("game_name", sorted(SCENARIOS))
@fuzz(15)
@given(data=st.data())
def test_mutated_scenarios_are_checked_one_problem_a_line(
    game_name: str, data: st.DataObject
) -> None:
    """``content check`` on a mutated scenario: exit 0 with one ok line, or exit 2 with
    one line per problem, each naming the file, and one summary line (issue 19)."""
    name, _ = SCENARIOS[game_name]
    document = data.draw(mutated(_shipped_scenario(game_name, name)))
    fmt = "json" if game_name == "haven" else "toml"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"scenario.{fmt}"
        path.write_bytes(_dumps(document, fmt))
        result = run_cli("content", "check", str(path))
    lines = result.out.splitlines()
    assert lines and all(line.startswith(f"{path}: ") for line in lines), result.out
    assert "Traceback" not in result.err and "\x1b" not in result.out + result.err
    if result.code == 0:
        assert len(lines) == 1 and " ok (" in lines[0] and result.err == ""
    else:
        assert result.code == 2
        summary = result.err.splitlines()
        assert len(summary) == 1 and f" {len(lines)} problem" in summary[0], result.err


# -- the board format -------------------------------------------------------------------
BOARD = {
    "format": "haven-board/1",
    "ruleset": "gloomhaven",
    "hexes": [[q, r] for q in range(4) for r in range(-1, 2)],
    "walls": [[[0, 0], [1, 0]]],
    "terrain": {"obstacle": [[2, 0]], "difficult": [[1, 1]]},
    "figures": [
        {"id": "m1", "team": "monsters", "hex": [0, 0]},
        {"id": "c1", "team": "characters", "hex": [3, 0], "initiative": 12},
    ],
    "turn": {"figure": "m1", "move": 3, "range": 0, "targets": 1},
}


@fuzz(60)
@given(board=mutated(BOARD))
def test_mutated_boards_answer_or_are_one_line(board: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "board.json"
        path.write_text(json.dumps(board, allow_nan=True))
        for args in (
            ["haven", "monster-move", str(path)],
            ["haven", "monster-move", str(path), "--json"],
        ):
            result = run_cli(*args)
            if result.code != 0:
                result.assert_user_error()


# -- replays, saves and the other file readers ------------------------------------------
REPLAY = {
    "format": "rulekeeper-replay/1",
    "game": "salvage",
    "ruleset": "standard",
    "scenario": "flooded-annex",
    "seed": 3,
    "actions": [],
}


@fuzz(40)
@given(replay=mutated(REPLAY))
def test_mutated_replays_replay_or_are_refused(replay: Any) -> None:
    with contextlib.suppress(RulekeeperError):
        run_replay(parse_replay(replay, "fuzz.json"))


@fuzz(25)
@given(replay=mutated(REPLAY), command=st.sampled_from(["replay", "import"]))
def test_cli_replay_and_import_are_zero_or_one_line(replay: Any, command: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(json.dumps(replay, allow_nan=True))
        os.environ["RULEKEEPER_HOME"] = str(Path(folder) / "home")
        args = ["replay", str(path)] if command == "replay" else ["saves", "import", str(path)]
        result = run_cli(*args)
        if result.code != 0:
            result.assert_user_error()


DECK = {"format": 1, "added": {"+1": 2}, "drawn": {"x2": 1}, "cards": {}}


@fuzz(40)
@given(deck=mutated(DECK), fmt=st.sampled_from(["json", "toml"]))
def test_mutated_deck_files_give_odds_or_one_line(deck: Any, fmt: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"deck.{fmt}"
        path.write_bytes(_dumps(deck, fmt))
        result = run_cli("haven", "odds", "--attack", "2", "--deck", str(path), "--json")
        if result.code != 0:
            result.assert_user_error()


STATS = json.loads((GHS / "reed-stalker.json").read_text())
MONSTER_DECK = json.loads((GHS / "deck" / "reed-stalker.json").read_text())


@fuzz(40)
@given(stats=mutated(STATS), deck=mutated(MONSTER_DECK))
def test_mutated_monster_imports_convert_or_are_one_line(stats: Any, deck: Any) -> None:
    with tempfile.TemporaryDirectory() as folder:
        stats_path = Path(folder) / "reed-stalker.json"
        deck_path = Path(folder) / "deck.json"
        stats_path.write_text(json.dumps(stats, allow_nan=True))
        deck_path.write_text(json.dumps(deck, allow_nan=True))
        result = run_cli("haven", "import-monsters", str(stats_path), str(deck_path))
        if result.code != 0:
            result.assert_user_error()


# -- every command's arguments ------------------------------------------------------------
WORDS = st.text(max_size=10) | st.sampled_from(
    ["haven", "salvage", "ether", "areas", "-1", str(2**64), "--json", "[/x]", "a\n", "\x1b"]
)


@fuzz(40)
@given(
    command=st.sampled_from(
        [
            ["games"],
            ["replay"],
            ["saves", "list"],
            ["saves", "show"],
            ["saves", "export"],
            ["saves", "import"],
            ["haven", "odds", "--attack"],
            ["haven", "odds", "--attack", "1", "--shield"],
            ["haven", "monster-move"],
            ["play", "salvage", "--quiet", "--auto", "random", "--seed"],
            ["play", "areas", "--quiet", "--auto", "random", "--save"],
            ["play"],
        ]
    ),
    extra=st.lists(WORDS, max_size=2),
)
def test_any_arguments_are_a_result_or_one_line(command: list[str], extra: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        os.environ["RULEKEEPER_HOME"] = str(Path(folder) / "home")
        result = run_cli(*command, *extra, stdin="q\n")
        assert result.code in (0, 2), (result.code, result.err[-2000:])
        if result.code == 2:
            result.assert_user_error()
