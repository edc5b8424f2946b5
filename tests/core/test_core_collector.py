"""The garbage collector's pace during a run of play (issue 12): set aside, then restored.

``collector_set_aside`` freezes the objects alive when a run starts and slows the
young generation's pace; every run restores the collector as it found it, nested
runs change it once, and cycles made during a run are still collected. The
console script (``rulekeeper.cli.entry.run``) turns the collector off while its
modules are imported and sets everything aside at exit; a command called inside
another program leaves that program's collector alone. A batch of monster boards
makes no reference cycles, which its slow pace rests on.
"""

from __future__ import annotations

import gc
import json
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from haven_random_boards import random_boards
from rulekeeper.cli import entry
from rulekeeper.cli.haven_monster_batch import run_batch
from rulekeeper.core import RandomPolicy, SeededSampler, collector, play_out
from rulekeeper.core.collector import (
    BATCH_YOUNG_THRESHOLD,
    YOUNG_THRESHOLD,
    collector_set_aside,
    process_ends,
    process_starts,
    work_starts,
)
from rulekeeper.games.haven.game import GAME

CASES = Path(__file__).parents[1] / "data" / "haven" / "monster-ai"


@pytest.fixture(autouse=True)
def _collector_as_found() -> Iterator[None]:
    thresholds = gc.get_threshold()
    enabled = gc.isenabled()
    yield
    gc.set_threshold(*thresholds)
    gc.unfreeze()
    collector._process_starting = False
    if enabled:
        gc.enable()


def test_a_run_sets_the_collector_aside_and_restores_it() -> None:
    gc.set_threshold(700, 11, 12)
    with collector_set_aside():
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 11, 12)
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (700, 11, 12)
    assert gc.get_freeze_count() == 0


def test_nested_runs_restore_once_the_outermost_ends() -> None:
    gc.set_threshold(700, 10, 10)
    with collector_set_aside():
        with collector_set_aside():
            pass
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD
        assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_a_failing_run_restores_the_collector() -> None:
    gc.set_threshold(700, 10, 10)
    with pytest.raises(ValueError), collector_set_aside():
        raise ValueError("boom")
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


class _Node:
    def __init__(self) -> None:
        self.other: object = self


def test_cycles_made_during_a_run_are_still_collected() -> None:
    with collector_set_aside():
        node = _Node()
        gone = weakref.ref(node)
        del node
        gc.collect()
        assert gone() is None


def test_play_out_leaves_the_collector_as_it_found_it() -> None:
    gc.set_threshold(700, 10, 10)
    state = GAME.new_state("sunken-larder", 5, "frosthaven")
    play_out(state, RandomPolicy(5), SeededSampler(5), trusted=True)
    assert state.is_terminal()
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_what_a_run_leaves_alive_is_not_left_young() -> None:
    """After a run, its survivors join the oldest generation, so the first young collection
    at the restored pace walks none of them; a full collection still collects them."""
    gc.set_threshold(700, 10, 10)
    with collector_set_aside(BATCH_YOUNG_THRESHOLD):
        kept = [[n] for n in range(5_000)]
        node = _Node()
        gone = weakref.ref(node)
        del node
    assert gc.get_freeze_count() == 0
    assert any(o is kept for o in gc.get_objects(generation=2))
    gc.collect()
    assert gone() is None
    assert len(kept) == 5_000


def test_a_batch_run_takes_the_batch_pace() -> None:
    gc.set_threshold(700, 10, 10)
    with collector_set_aside(BATCH_YOUNG_THRESHOLD):
        assert gc.get_threshold() == (BATCH_YOUNG_THRESHOLD, 10, 10)
        with collector_set_aside():
            assert gc.get_threshold()[0] == BATCH_YOUNG_THRESHOLD  # the outer run's pace
    assert gc.get_threshold() == (700, 10, 10)


def test_a_batch_of_boards_makes_no_reference_cycles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What BATCH_YOUNG_THRESHOLD rests on: with the collector off, a batch of new maps and of
    the reference boards (text and JSON answers) leaves no cyclic garbage behind."""
    boards = random_boards(150, 31)
    for ruleset in ("gloomhaven", "frosthaven"):
        listed = json.loads((CASES / f"{ruleset}.json").read_text(encoding="utf-8"))
        boards += [case["board"] for case in listed[:60]]
    batch = tmp_path / "boards.jsonl"
    batch.write_text("".join(json.dumps(b) + "\n" for b in boards) + "not json\n")
    gc.collect()
    gc.disable()
    run_batch(batch, as_json=False)
    run_batch(batch, as_json=True)
    assert gc.collect() == 0
    answers = capsys.readouterr().out.splitlines()
    assert len(answers) == 2 * (len(boards) + 1)
    assert answers[-1].startswith('{"error"')


def test_work_starts_leaves_a_running_programs_collector_alone() -> None:
    gc.enable()
    work_starts()
    process_ends()
    assert gc.isenabled()
    gc.unfreeze()
    gc.disable()  # a program that runs with the collector off keeps it off
    work_starts()
    assert not gc.isenabled()
    process_starts()  # already off: not this module's to turn on
    work_starts()
    assert not gc.isenabled()


def test_the_console_script_starts_without_the_collector_and_sets_all_aside_at_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[bool, int]] = []

    def command() -> None:
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        work_starts()  # the command's modules are in
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        work_starts()  # a second call changes nothing
        seen.append((gc.isenabled(), gc.get_freeze_count()))
        raise SystemExit(0)

    gc.enable()
    gc.unfreeze()
    monkeypatch.setattr(entry, "main", command)
    with pytest.raises(SystemExit):
        entry.run()
    assert seen[0] == (False, 0)
    assert seen[1][0] and seen[1][1] > 0
    assert seen[2] == seen[1]
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # set aside for the interpreter's last collection


def test_a_console_script_that_never_reaches_its_work_still_collects_at_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gc.enable()
    monkeypatch.setattr(entry, "main", lambda: None)
    entry.run()
    assert gc.isenabled()


def test_the_console_script_is_run() -> None:
    project = (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert 'rulekeeper = "rulekeeper.cli.entry:run"' in project
