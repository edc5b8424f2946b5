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
the caller's objects are collected as before afterwards; what the run leaves
alive joins them in the oldest generation instead of staying young. Cycles made during the
run are still collected; memory stays bounded.

Runs nest and may overlap across threads: only the outermost run changes the
collector, and the last one to end restores it.

The console script (:func:`rulekeeper.cli.entry.run`) goes further for its own
process: start-up only makes objects that live as long as the process (modules,
classes, tables), so the collector is off while they are made
(:func:`process_starts`), they are set aside once the command's modules are in
(:func:`work_starts`, which turns the collector back on), and everything is set
aside again at exit (:func:`process_ends`), where the interpreter's last full
collection would otherwise walk every object of the process. Code that calls
the commands in a process of its own (tests, embedding) is never affected:
:func:`work_starts` does nothing unless :func:`process_starts` ran.
"""

from __future__ import annotations

import _thread
import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 50_000
"""Allocations between collections of the young generation during a run (default 700)."""
BATCH_YOUNG_THRESHOLD = 500_000
"""The same for a batch of monster boards. A game's log keeps its events, so a rollout's
young objects are mostly alive; a batch keeps only its bounded per-map tables, makes no
reference cycles at all (``tests/core/test_core_collector.py`` holds it to that), and a
young collection there walks tens of thousands of live table entries to free nothing
(10 to 40 ms each, measured on new maps). At this pace a batch of a few thousand new
maps runs without one; were a future change to make cycles, at most this many young
objects would wait to be collected."""

_lock = _thread.allocate_lock()  # not `threading`: the batch's start-up does not import it
_runs = 0
_saved: tuple[int, ...] = ()
_process_starting = False
"""Whether :func:`process_starts` turned the collector off and :func:`work_starts` has not
yet turned it on."""


def process_starts() -> None:
    """The console script's first step: no collection while start-up makes long-lived objects."""
    global _process_starting
    if gc.isenabled():
        gc.disable()
        _process_starting = True


def work_starts() -> None:
    """The command's modules are imported: set them aside and collect again as usual.

    Does nothing unless :func:`process_starts` turned the collector off (so a command run
    inside another program leaves that program's collector alone); safe to call twice.
    """
    global _process_starting
    if _process_starting:
        _process_starting = False
        gc.freeze()
        gc.enable()


def process_ends() -> None:
    """The console script's last step: the interpreter's final collection walks nothing.

    Every object alive at exit is freed by the interpreter's teardown either way; a full
    collection over them first is only cost (about 15 ms after a batch of boards).
    """
    work_starts()
    gc.freeze()


@contextmanager
def collector_set_aside(young_threshold: int = YOUNG_THRESHOLD) -> Iterator[None]:
    """Set the objects alive now aside from the collector and slow its young pace, for a run.

    ``young_threshold`` is the pace (:data:`YOUNG_THRESHOLD` for play,
    :data:`BATCH_YOUNG_THRESHOLD` for a batch of boards); a nested run keeps the outer one's.
    """
    global _runs, _saved
    with _lock:
        if _runs == 0:
            _saved = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(young_threshold, *_saved[1:])
        _runs += 1
    try:
        yield
    finally:
        with _lock:
            _runs -= 1
            if _runs == 0:
                # What the run leaves alive joins the oldest generation with the objects
                # set aside (freeze, then unfreeze): left young, the first collection at
                # the restored pace would walk all of it at once (after a batch of 1,000
                # new maps, their tables: about 75 ms, a tenth of the batch).
                gc.freeze()
                gc.set_threshold(*_saved)
                gc.unfreeze()
