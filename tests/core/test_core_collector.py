"""The garbage collector's pace during a run of play (issue 12): set aside, then restored.

``collector_set_aside`` freezes the objects alive when a run starts and slows the
young generation's pace; every run restores the collector as it found it, nested
runs change it once, and cycles made during a run are still collected.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from rulekeeper.core import RandomPolicy, SeededSampler, play_out
from rulekeeper.core.collector import YOUNG_THRESHOLD, collector_set_aside
from rulekeeper.games.haven.game import GAME


@pytest.fixture(autouse=True)
def _collector_as_found() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)
    gc.unfreeze()


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
