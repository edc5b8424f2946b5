"""``rulekeeper haven import-monsters``: community monster files to a haven library."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.haven.scenario_format import parse_library

GHS = Path(__file__).parent.parent / "data" / "haven" / "ghs" / "monster"
runner = CliRunner()


def test_import_prints_a_library_the_scenario_format_accepts() -> None:
    result = runner.invoke(
        app,
        [
            "haven",
            "import-monsters",
            str(GHS / "reed-stalker.json"),
            str(GHS / "deck" / "reed-stalker.json"),
        ],
    )
    assert result.exit_code == 0, result.stderr
    library = parse_library(json.loads(result.stdout), "stdout")
    assert set(library.monster_types) == {"reed-stalker"}
    assert library.monster_types["reed-stalker"].name == "Reed Stalker"
    assert library.monster_decks[library.monster_types["reed-stalker"].deck].cards


def test_import_writes_the_library_to_a_file(tmp_path: Path) -> None:
    out = tmp_path / "library.json"
    result = runner.invoke(
        app,
        [
            "haven",
            "import-monsters",
            str(GHS / "reed-stalker.json"),
            str(GHS / "deck" / "reed-stalker.json"),
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0
    assert "wrote 1 monster type to" in result.stdout
    assert json.loads(out.read_text())["format"] == "haven-library/1"


def test_unconvertible_or_unpaired_files_are_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        (
            [GHS / "bad-formula.json", GHS / "deck" / "reed-stalker.json"],
            "formulas are not imported",
        ),
        ([GHS / "reed-stalker.json", GHS / "deck" / "bad-area.json"], "area patterns"),
        ([GHS / "reed-stalker.json"], "give the files in pairs"),
        ([tmp_path / "missing.json", GHS / "deck" / "reed-stalker.json"], "missing.json"),
    ]
    for files, message in cases:
        result = runner.invoke(app, ["haven", "import-monsters", *map(str, files)])
        assert result.exit_code == 2
        assert message in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
