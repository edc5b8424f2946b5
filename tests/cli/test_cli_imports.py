"""Each command imports only what it uses (issue 12, "Start-up"; DESIGN.md, "Interfaces").

Each check runs the command in a fresh interpreter and lists the modules it
loaded. No wall time is asserted here: start-up figures are taken by
benchmarks/test_bench_startup.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulekeeper.core.registry import SHIPPED_GAMES

_PROBE = """
import json, sys
sys.argv = ["rulekeeper", *json.loads(sys.argv[1])]
from rulekeeper.cli.entry import main
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def modules_loaded(*args: str, cwd: Path | None = None) -> set[str]:
    """The modules a whole ``rulekeeper ARGS`` run has imported when it ends."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(list(args))],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        check=False,
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def _tops(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


def _games(modules: set[str]) -> set[str]:
    return {m.split(".")[2] for m in modules if m.startswith("rulekeeper.games.")}


def test_help_imports_no_pydantic_rich_or_game() -> None:
    loaded = modules_loaded("--help")
    assert "typer" in loaded, "the probe did not run the CLI"
    assert not {"pydantic", "rich", "sqlite3"} & _tops(loaded)
    # issue 12: the web table's socket and the samplers' random, fractions and decimal are
    # imported by the commands that use them, not for every command's help
    assert not {"socket", "random", "fractions", "decimal"} & _tops(loaded)
    assert "rulekeeper.core.randomness" not in loaded
    assert _games(loaded) == set()
    # rulekeeper.core imports its modules on first use: the help needs none of the engine.
    assert not {"rulekeeper.core.game", "rulekeeper.core.documents", "rulekeeper.store"} & loaded


def test_haven_help_imports_no_game_rules() -> None:
    loaded = modules_loaded("haven", "--help")
    # typer checks the root's --version value (with pydantic) before the group's help.
    assert "typer" in loaded, "the probe did not run the CLI"
    assert _games(loaded) == set()
    assert not any(m.startswith("rulekeeper.core.documents") for m in loaded)


def test_haven_odds_imports_haven_only_and_no_board_or_scenario_code() -> None:
    loaded = modules_loaded("haven", "odds", "--attack", "3", "--json")
    assert "rulekeeper.games.haven.odds" in loaded, "the probe did not run the command"
    assert _games(loaded) == {"haven"}
    assert "rich" not in _tops(loaded)  # --json prints no table
    # issue 12: plain options are read without typer, the shipped deck without pydantic
    assert not {"typer", "pydantic", "importlib.resources", "rulekeeper.cli.main"} & (
        _tops(loaded) | loaded
    )
    # pathlib (with fnmatch, urllib.parse, ipaddress) is for file arguments, which this has none of
    assert "pathlib" not in loaded
    scenario_file = ("scenario_format", "scenario_document", "scenario_loading", "spec_base")
    for heavy in ("monster_ai", "board_format", *scenario_file, "game", "render"):
        assert f"rulekeeper.games.haven.{heavy}" not in loaded


def test_mover_batch_needs_neither_typer_nor_pydantic(tmp_path: Path) -> None:
    board = {
        "format": "haven-board/1",
        "ruleset": "frosthaven",
        "hexes": [[0, 0], [1, 0], [2, 0]],
        "figures": [
            {"id": "M1", "team": "monsters", "hex": [0, 0]},
            {"id": "C1", "team": "characters", "hex": [2, 0], "initiative": 5},
        ],
        "turn": {"figure": "M1", "move": 1},
    }
    batch = tmp_path / "boards.jsonl"
    batch.write_text(json.dumps(board) + "\n", encoding="utf-8")
    loaded = modules_loaded("haven", "monster-move", "--batch", str(batch), "--json")
    assert "rulekeeper.games.haven.monster_ai" in loaded, "the probe did not run the mover"
    assert not {"typer", "pydantic", "rich"} & _tops(loaded)
    assert "rulekeeper.games.haven.board_format" not in loaded
    # a dataclass costs the import of dataclasses, inspect and their own imports, and code
    # generated per class: a third of the batch's start-up (Ruleset, Terrain, the answer)
    assert not {"dataclasses", "inspect"} & loaded
    # the file is named by a string (pathlib and its imports cost about 3 ms), and English
    # is shown without reading a catalog (gettext)
    assert not {"pathlib", "gettext"} & loaded


def test_policy_names_in_the_help_are_the_policies() -> None:
    """The CLI names the --auto policies without importing the samplers (start-up)."""
    from rulekeeper.cli.main import POLICY_NAMES
    from rulekeeper.core.randomness import POLICIES

    assert tuple(POLICIES) == POLICY_NAMES


def test_haven_odds_table_needs_neither_typer_nor_pydantic() -> None:
    loaded = modules_loaded("haven", "odds", "--attack", "3", "--advantage")
    assert "rulekeeper.cli.boxed_table" in loaded, "the probe did not print the table"
    # issue 12: the table is drawn without rich (its import cost more than the answer)
    assert not {"typer", "pydantic", "rich"} & _tops(loaded)


def test_haven_odds_with_a_deck_file_needs_neither_typer_nor_the_scenario_format(
    tmp_path: Path,
) -> None:
    """A deck file takes the quick path and reads its perks without the scenario format."""
    deck = tmp_path / "deck.toml"
    deck.write_text('format = 1\ndrawn = { "x2" = 1 }\nperks = [{ add = { "+1" = 1 } }]\n')
    loaded = modules_loaded("haven", "odds", "--attack", "3", "--deck", str(deck), "--json")
    assert "rulekeeper.games.haven.attack_deck_file" in loaded, "the probe did not read the deck"
    assert "typer" not in _tops(loaded)
    assert (
        not {
            "rulekeeper.games.haven.scenario_format",
            "rulekeeper.games.haven.class_format",
            "rulekeeper.games.haven.ability_format",
        }
        & loaded
    )


@pytest.mark.parametrize("game", ["salvage", "ether"])
def test_playing_one_game_imports_no_other(game: str, tmp_path: Path) -> None:
    loaded = modules_loaded(
        "play", game, "--auto", "random", "--seed", "1", "--quiet", cwd=tmp_path
    )
    assert f"rulekeeper.games.{game}.game" in loaded, "the probe did not play the game"
    assert _games(loaded) == {game}
    assert set(SHIPPED_GAMES) > {game}


def test_content_help_imports_no_checker_or_game() -> None:
    loaded = modules_loaded("content", "check", "--help")
    # typer checks the root's --version value (with pydantic) before the command's help.
    assert "typer" in loaded, "the probe did not run the CLI"
    assert _games(loaded) == set()
    assert not any(m.startswith("rulekeeper.authoring") for m in loaded)
    assert "rulekeeper.core.documents" not in loaded


def test_content_check_imports_only_the_checked_game() -> None:
    scenario = Path(__file__).parents[2] / "src/rulekeeper/content/areas/scenarios/sunken-gate.toml"
    loaded = modules_loaded("content", "check", str(scenario))
    assert "rulekeeper.authoring.check" in loaded, "the probe did not run the command"
    assert _games(loaded) == {"areas"}
    assert "rich" not in _tops(loaded)
