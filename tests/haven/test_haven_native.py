"""The compiled path (issue 12; ``src/rulekeeper/native.py``): the monster mover, the rules, odds.

Pure Python is the reference: the compiled modules must give the same answers
byte for byte, ``RULEKEEPER_PURE=1`` must bypass them, and a build whose
sources were edited afterwards must never run (the whole set falls back to the
``.py`` files). The tests that need a build skip when there is none (no C
compiler); ``make venv`` and ``make test`` build it when there is one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import SourceFileLoader
from pathlib import Path
from typing import Any

import pytest

from haven_random_boards import random_boards
from rulekeeper import native

SRC = Path(native.SOURCE_ROOT)

_PROBE = (
    "import json, sys, rulekeeper.native as n\n"
    "for m in n.MODULES: __import__(m)\n"
    "print(json.dumps({m: sys.modules[m].__file__ for m in n.MODULES}))\n"
)


def _environment(src: Path, *, pure: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    env["PYTHONPATH"] = str(src)
    if pure:
        env[native.PURE_VARIABLE] = "1"
    return env


def _probe(script: str, src: Path, *, pure: bool) -> Any:
    """What ``script`` prints as JSON in a fresh interpreter on ``src``."""
    done = subprocess.run(
        [sys.executable, "-c", script],
        env=_environment(src, pure=pure),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def _module_files(src: Path, *, pure: bool) -> dict[str, str]:
    """Where each compiled-path module was loaded from, in a fresh interpreter."""
    files: dict[str, str] = _probe(_PROBE, src, pure=pure)
    return files


def _built() -> None:
    reason = native.stale_reason()
    if reason is not None:
        pytest.skip(f"no usable compiled build ({reason}); make venv builds one with a C compiler")


def test_the_pure_switch_loads_every_module_from_its_source() -> None:
    files = _module_files(SRC, pure=True)
    assert sorted(files) == sorted(native.MODULES)
    assert all(path.endswith(".py") for path in files.values()), files


def test_a_current_build_runs_compiled() -> None:
    _built()
    files = _module_files(SRC, pure=False)
    assert not any(path.endswith(".py") for path in files.values()), files


def test_compiled_and_pure_answers_agree_on_random_boards(tmp_path: Path) -> None:
    """Text and JSON answers of the batch, byte for byte, on 400 new maps of both rulesets."""
    _built()
    boards = tmp_path / "boards.jsonl"
    boards.write_text(
        "".join(json.dumps(b) + "\n" for b in random_boards(400, 2026)), encoding="utf-8"
    )
    entry = "from rulekeeper.cli.entry import main; main()"
    for extra in ([], ["--json"]):
        outputs = []
        for pure in (True, False):
            done = subprocess.run(
                [
                    sys.executable,
                    "-c",
                    entry,
                    "haven",
                    "monster-move",
                    "--batch",
                    str(boards),
                    *extra,
                ],
                env=_environment(SRC, pure=pure),
                capture_output=True,
                check=True,
            )
            outputs.append(done.stdout)
        assert outputs[0].count(b"\n") >= 400
        assert outputs[0] == outputs[1]


ODDS_DECKS = {
    "rolling.toml": 'format = 1\nadded = { "rolling+1" = 3, "rolling-poison" = 2, "curse" = 1 }\n',
    "short.toml": 'format = 1\ndraw = { "rolling+2" = 2, "+0" = 1 }\ndiscard = { "x2" = 1 }\n',
}
ODDS_QUESTIONS = [
    ["--attack", "3", "--advantage", "--deck", "rolling.toml"],
    [
        "--attack",
        "3",
        "--shield",
        "1",
        "--advantage",
        "--ruleset",
        "frosthaven",
        "--deck",
        "rolling.toml",
    ],
    ["--attack", "2", "--disadvantage", "--ruleset", "frosthaven", "--deck", "rolling.toml"],
    ["--attack", "4", "--pierce", "1", "--shield", "2", "--monster", "--deck", "rolling.toml"],
    ["--attack", "2", "--advantage", "--ruleset", "frosthaven", "--deck", "short.toml"],
    ["--attack", "1", "--disadvantage", "--deck", "short.toml"],
]


def test_compiled_and_pure_odds_agree(tmp_path: Path) -> None:
    """The exact odds (JSON) of rolling decks, advantage and reshuffles, compiled and pure."""
    _built()
    for name, text in ODDS_DECKS.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    entry = "from rulekeeper.cli.entry import main; main()"
    for question in ODDS_QUESTIONS:
        outputs = []
        for pure in (True, False):
            done = subprocess.run(
                [sys.executable, "-c", entry, "haven", "odds", *question, "--json"],
                env=_environment(SRC, pure=pure),
                capture_output=True,
                check=True,
                cwd=tmp_path,
            )
            outputs.append(done.stdout)
        assert json.loads(outputs[0]), question
        assert outputs[0] == outputs[1], question


def test_an_edited_source_makes_a_build_stale(tmp_path: Path) -> None:
    modules = ("pkg.geometry", "pkg.mover")
    for module in modules:
        path = Path(native.source_path(module, str(tmp_path)))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"NAME = {module!r}\n", encoding="utf-8")
    library = tmp_path / "pkg" / "compiled__mypyc.so"
    library.write_bytes(b"")
    record = tmp_path / native.RECORD
    record.parent.mkdir(parents=True, exist_ok=True)
    checksums = native.source_checksums(str(tmp_path), modules)
    record.write_text(native.record_text(["pkg/compiled__mypyc.so"], checksums), encoding="utf-8")
    assert native.stale_reason(str(tmp_path), modules) is None

    mover = Path(native.source_path("pkg.mover", str(tmp_path)))
    original = mover.read_text(encoding="utf-8")
    mover.write_text(original.replace("mover", "mowed"), encoding="utf-8")  # same size
    assert native.stale_reason(str(tmp_path), modules) == "pkg.mover was edited after the build"
    mover.write_text(original, encoding="utf-8")
    assert native.stale_reason(str(tmp_path), modules) is None

    assert native.stale_reason(str(tmp_path), ("pkg.geometry",)) is not None
    library.unlink()
    assert native.stale_reason(str(tmp_path), modules) == "pkg/compiled__mypyc.so is missing"
    record.unlink()
    assert native.stale_reason(str(tmp_path), modules) == "not built"


def test_a_settled_source_is_taken_as_read_and_an_edit_is_still_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source last modified well before the build is checked by its size and time alone;
    one written just before the build (a racy time) and any later edit are read in full."""
    modules = ("pkg.geometry", "pkg.mover")
    hour_ago = 0
    for module in modules:
        path = Path(native.source_path(module, str(tmp_path)))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"NAME = {module!r}\n", encoding="utf-8")
        hour_ago = path.stat().st_mtime_ns - 3600 * 10**9
    geometry = Path(native.source_path("pkg.geometry", str(tmp_path)))
    os.utime(geometry, ns=(hour_ago, hour_ago))  # settled; pkg.mover was written just now
    record = tmp_path / native.RECORD
    record.parent.mkdir(parents=True, exist_ok=True)
    stamps = native.source_checksums(str(tmp_path), modules)
    assert stamps["pkg.geometry"][2] == hour_ago
    assert stamps["pkg.mover"][2] == -1  # too recent to trust its time
    record.write_text(native.record_text([], stamps), encoding="utf-8")

    read: list[str] = []
    checksum = native._checksum

    def reading(path: str) -> tuple[int, int]:
        read.append(Path(path).name)
        return checksum(path)

    monkeypatch.setattr(native, "_checksum", reading)
    assert native.stale_reason(str(tmp_path), modules) is None
    assert read == ["mover.py"]

    original = geometry.read_text(encoding="utf-8")
    geometry.write_text(original.replace("geometry", "geometrx"), encoding="utf-8")  # same size
    assert native.stale_reason(str(tmp_path), modules) == "pkg.geometry was edited after the build"
    geometry.write_text(original, encoding="utf-8")  # the same text again, at a later time
    read.clear()
    assert native.stale_reason(str(tmp_path), modules) is None
    assert read == ["geometry.py", "mover.py"]
    record.write_text(native.record_text([], stamps).replace(" -1\n", " x\n"), encoding="utf-8")
    assert native.stale_reason(str(tmp_path), modules) == "the build record is not understood"


def test_the_source_finder_takes_only_the_compiled_path_modules() -> None:
    finder = native._SourceFirst(str(SRC), "test")
    spec = finder.find_spec("rulekeeper.boards.hexgrid", None)
    assert spec is not None and isinstance(spec.loader, SourceFileLoader)
    assert spec.origin == str(SRC / "rulekeeper" / "boards" / "hexgrid.py")
    assert finder.find_spec("rulekeeper.cli.entry", None) is None


def test_a_stale_build_runs_every_module_from_source(tmp_path: Path) -> None:
    """A copy of the package with one source edited after the build: nothing compiled loads."""
    copy = tmp_path / "src"
    shutil.copytree(SRC / "rulekeeper", copy / "rulekeeper", ignore=shutil.ignore_patterns("*.pyc"))
    before = _module_files(copy, pure=False)
    if native.stale_reason() is None:  # built here: the copy runs compiled until edited
        assert not any(path.endswith(".py") for path in before.values()), before
    focus = copy / "rulekeeper" / "games" / "haven" / "focus.py"
    focus.write_text(focus.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    files = _module_files(copy, pure=False)
    assert all(path.endswith(".py") for path in files.values()), files
    assert all(path.startswith(str(copy)) for path in {*before.values(), *files.values()})


def test_clean_removes_the_files_of_an_earlier_build_and_nothing_outside_the_package(
    tmp_path: Path,
) -> None:
    """A module an earlier build compiled but MODULES no longer names keeps no extension
    beside its source (it would load against a shared library that lacks it); a record
    naming files outside the package deletes nothing."""
    from rulekeeper import native_build

    package = tmp_path / "rulekeeper" / "games"
    package.mkdir(parents=True)
    dropped = package / "dropped.cpython-311-x86_64-linux-gnu.so"
    dropped.write_bytes(b"")
    outside = tmp_path / "keep.so"
    outside.write_bytes(b"")
    record = tmp_path / native.RECORD
    record.write_text(
        native.record_text(
            [
                "rulekeeper/games/dropped.cpython-311-x86_64-linux-gnu.so",
                "keep.so",
                "rulekeeper/../keep.so",
            ],
            {},
        ),
        encoding="utf-8",
    )
    native_build.clean(str(tmp_path))
    assert not dropped.exists() and not record.exists()
    assert outside.exists()


_HINTS = (
    "import dataclasses, json, sys\n"
    "from rulekeeper.native import field_hints\n"
    "from rulekeeper.games.haven import state\n"
    "classes = [c for c in vars(state).values() if isinstance(c, type)"
    " and c.__module__ == state.__name__ and dataclasses.is_dataclass(c)]\n"
    "print(json.dumps({c.__qualname__: {k: repr(v) for k, v in field_hints(c).items()}"
    " for c in classes}))\n"
)


def test_compiled_classes_have_the_field_types_of_their_source() -> None:
    """The compiler keeps only runtime classes in a compiled class's annotations; saving,
    restoring and the clone's copy plans take each field's type from ``field_hints``, which
    must give what ``typing.get_type_hints`` gives on the pure module."""
    _built()
    pure_hints, compiled_hints = (_probe(_HINTS, SRC, pure=pure) for pure in (True, False))
    assert {"Figure", "Hero", "Turn", "_SavedFields"} <= set(pure_hints)
    assert pure_hints["Figure"]["hex"] == "tuple[int, int]"
    assert compiled_hints == pure_hints


def test_the_state_runs_without_the_compilers_helper_package(tmp_path: Path) -> None:
    """With runtime dependencies only (no ``mypy_extensions``), the pure state imports with
    the no-op ``mypyc_attr`` of native.py, plays, clones and round-trips."""
    blocker = tmp_path / "mypy_extensions.py"
    blocker.write_text("raise ImportError('not installed')\n", encoding="utf-8")
    script = (
        "import json\n"
        "from rulekeeper.core import RandomPolicy, SeededSampler, play_out\n"
        "from rulekeeper.games.haven import state\n"
        "from rulekeeper.games.haven.game import GAME\n"
        "from rulekeeper import native\n"
        "assert state.mypyc_attr is native.mypyc_attr\n"
        "game = GAME.new_state('sunken-larder', 2, 'gloomhaven')\n"
        "twin = game.clone()\n"
        "play_out(game, RandomPolicy(2), SeededSampler(2), trusted=True)\n"
        "again = GAME.state_from_dict(json.loads(json.dumps(game.to_dict())))\n"
        "assert again.to_dict() == game.to_dict() and twin.to_dict() != game.to_dict()\n"
        "print('ok')\n"
    )
    env = _environment(SRC, pure=True)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), str(SRC)])
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "ok"


_ABC_CHECKS = (
    "import json\n"
    "from collections.abc import Sequence\n"
    "from rulekeeper.core.append_only import AppendOnlyList\n"
    "from rulekeeper.core.game import State\n"
    "from rulekeeper.games.haven.game import HavenPlay\n"
    "from rulekeeper.games.haven.state import HavenState\n"
    "from rulekeeper.games.salvage.game import SalvageState\n"
    "print(json.dumps([\n"
    "    issubclass(SalvageState, HavenState), issubclass(SalvageState, HavenPlay),\n"
    "    issubclass(SalvageState, State), issubclass(HavenPlay, State),\n"
    "    isinstance([], AppendOnlyList), isinstance([], Sequence),\n"
    "    isinstance(AppendOnlyList(), Sequence), sorted(HavenPlay.__abstractmethods__),\n"
    "]))\n"
)


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "compiled"])
def test_compiled_subclasses_of_abstract_classes_keep_their_own_isinstance_answers(
    pure: bool,
) -> None:
    """A native class is made without ``ABCMeta.__new__``; without records of its own
    (``native.own_abc_records``) it shared its base's caches, so that after a salvage state
    was found not to be a haven state, it was not a ``State`` either, and a list checked
    against ``AppendOnlyList`` stopped being a ``Sequence``."""
    if not pure:
        _built()
    answers = _probe(_ABC_CHECKS, SRC, pure=pure)
    assert answers == [False, False, True, True, False, True, True, []]
