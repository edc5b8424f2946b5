"""The cyclic garbage collector's pace during long runs of play or of boards (issue 12).

A rollout or a batch of monster boards makes many short-lived objects and
almost no reference cycles, while a game's log keeps every event it emits. At
the default pace the collector walks the young generation every 700
allocations, and the growing log soon triggers full collections that walk
every long-lived object of the process (imported modules, a scenario's models
and catalogs): about a tenth of the time of random play. :func:`collector_set_aside`
moves the objects that exist when a run starts into the collector's permanent
generation (``gc.freeze``), collects the young generation every
:data:`YOUNG_THRESHOLD` allocations, and restores both when the run ends, so
the caller's objects are collected as before afterwards. Cycles made during the
run are still collected; memory stays bounded.

Runs nest and may overlap across threads: only the outermost run changes the
collector, and the last one to end restores it.
"""

from __future__ import annotations

import _thread
import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 50_000
"""Allocations between collections of the young generation during a run (default 700)."""

_lock = _thread.allocate_lock()  # not `threading`: the batch's start-up does not import it
_runs = 0
_saved: tuple[int, ...] = ()


@contextmanager
def collector_set_aside() -> Iterator[None]:
    """Set the objects alive now aside from the collector and slow its young pace, for a run."""
    global _runs, _saved
    with _lock:
        if _runs == 0:
            _saved = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(YOUNG_THRESHOLD, *_saved[1:])
        _runs += 1
    try:
        yield
    finally:
        with _lock:
            _runs -= 1
            if _runs == 0:
                gc.set_threshold(*_saved)
                gc.unfreeze()
