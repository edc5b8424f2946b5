"""``rulekeeper haven import``: a GHS data folder to a library folder, atomically."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.games.haven.library import load_library, read_report

FOLDER = Path(__file__).parent.parent / "data" / "haven" / "ghs-folder"
runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["haven", "import", *args])
    return result.exit_code, result.stdout, result.stderr


def test_import_writes_a_library_and_reports_what_did_not_convert(tmp_path: Path) -> None:
    out = tmp_path / "lib"
    code, stdout, stderr = run(str(FOLDER), "--edition", "gh", "--out", str(out))
    assert code == 0, stderr
    assert "monsters: 3 of 7 converted (42.9%)" in stdout
    assert "refused: " in stdout and "hollow-shade.json: stats.0.health" in stdout
    assert "monsters: 7/7" in stderr  # progress
    library = load_library(out)
    assert set(library.scenarios) == {"gh-1"} and "reedwalker" in library.classes
    assert read_report(out).edition == "gh"
    assert sorted(p.name for p in out.iterdir()) == [
        "classes",
        "items",
        "monsters",
        "report.json",
        "scenarios",
    ]


def test_a_second_run_replaces_the_earlier_library(tmp_path: Path) -> None:
    out = tmp_path / "lib"
    assert run(str(FOLDER / "gh"), "--out", str(out))[0] == 0
    (out / "monsters" / "stale.json").write_text("{}")
    assert run(str(FOLDER / "gh"), "--out", str(out))[0] == 0
    assert not (out / "monsters" / "stale.json").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["lib"]  # no staging folder left


def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path: Path) -> None:
    foreign = tmp_path / "mine"
    foreign.mkdir()
    (foreign / "keep.txt").write_text("mine")
    cases = [
        ([str(tmp_path / "none"), "--out", str(tmp_path / "a")], "no such folder"),
        ([str(foreign), "--out", str(tmp_path / "a")], "not a Gloomhaven Secretariat data"),
        ([str(FOLDER), "--edition", "jaws", "--out", str(tmp_path / "a")], "--edition"),
        ([str(FOLDER), "--out", str(foreign)], "not an earlier library"),
        (
            [str(FOLDER / "gh"), "--edition", "fh", "--out", str(tmp_path / "a")],
            "give --edition gh",
        ),
        ([str(FOLDER), "--strict", "--out", str(tmp_path / "a")], "--strict writes nothing"),
    ]
    for args, message in cases:
        code, _, stderr = run(*args)
        assert code == 2, (args, stderr)
        assert message in stderr
        errors = [line for line in stderr.splitlines() if line.startswith("rulekeeper:")]
        assert len(errors) == 1 and stderr.strip().splitlines()[-1] == errors[0]
        assert not (tmp_path / "a").exists()
    assert sorted(p.name for p in foreign.iterdir()) == ["keep.txt"]


def test_strict_names_the_first_refused_file_and_field(tmp_path: Path) -> None:
    code, _, stderr = run(str(FOLDER), "--strict", "--out", str(tmp_path / "a"))
    assert code == 2
    last = stderr.strip().splitlines()[-1]
    assert "hollow-shade.json: stats.0.health" in last


def test_a_file_that_is_not_json_is_refused_and_the_rest_converts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(FOLDER, data)
    (data / "gh" / "monster" / "mud-imp.json").write_text("{not json")
    code, stdout, _ = run(str(data), "--out", str(tmp_path / "lib"))
    assert code == 0
    assert "mud-imp.json: not valid JSON (line 1, column 2" in stdout
    report = json.loads((tmp_path / "lib" / "report.json").read_text())
    assert report["counts"]["monsters"] == {"converted": 2, "total": 7}


def test_the_old_import_monsters_command_still_works() -> None:
    ghs = Path(__file__).parent.parent / "data" / "haven" / "ghs" / "monster"
    result = runner.invoke(
        app,
        [
            "haven",
            "import-monsters",
            str(ghs / "reed-stalker.json"),
            str(ghs / "deck" / "reed-stalker.json"),
        ],
    )
    assert result.exit_code == 0
