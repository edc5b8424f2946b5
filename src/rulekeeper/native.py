"""The optional compiled path (issue 12): which modules mypyc compiles (the
monster mover and the haven rules a step of play runs through), whether the
compiled ones may run, and the build.

The pure-Python modules are the reference; the compiled ones are the same
source files compiled with mypyc (``make venv`` builds them when a C compiler
is present; ``python -m rulekeeper.native_build``). They are used only when
all of these hold, else every module below is imported from its ``.py`` file:

- ``RULEKEEPER_PURE`` is unset, empty or ``0``;
- the build record (:data:`RECORD`) names exactly :data:`MODULES`, every
  compiled file it lists exists, and every source file still has the size and
  CRC-32 checksum it had when it was compiled. An edited source therefore
  never runs as old compiled code: the whole set falls back to pure Python
  (all or nothing: compiled modules call each other directly, so one stale
  member taints the rest) until the next build.

  Reading 43 sources at every start costs about a millisecond, so the record
  also keeps each source's modification time, when it was at least
  :data:`SETTLED_NS` older than the build's reading of it: a source with that
  time and its size is taken as read. An edit after the build gives the file a
  later time (the same second, or the same clock tick, cannot be confused with
  one that settled before the build), and is read and checked in full.

:func:`install` runs when the ``rulekeeper`` package is imported, before any of
these modules can be. ``python -m rulekeeper.native_build status`` says which path runs.
"""

from __future__ import annotations

import abc
import functools
import os
import sys
import time
import zlib
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

MODULES: tuple[str, ...] = (
    "rulekeeper.core.append_only",
    "rulekeeper.core.randomness",
    "rulekeeper.core.deck",
    "rulekeeper.core.copying",
    "rulekeeper.boards.hexgrid",
    "rulekeeper.boards.line_of_sight",
    "rulekeeper.games.haven.movement",
    "rulekeeper.games.haven.monster_turn",
    "rulekeeper.games.haven.monster_ai",
    "rulekeeper.games.haven.monster_ai_wide",
    "rulekeeper.games.haven.monster_answer",
    "rulekeeper.games.haven.focus",
    "rulekeeper.games.haven.board_plain",
    "rulekeeper.games.haven.map_state",
    "rulekeeper.games.haven.round_flow",
    "rulekeeper.games.haven.attack_resolution",
    "rulekeeper.games.haven.initiative",
    "rulekeeper.games.haven.monster_turns",
    "rulekeeper.games.haven.turn_sequence",
    "rulekeeper.games.haven.cards",
    "rulekeeper.games.haven.hero_moves",
    "rulekeeper.games.haven.legality",
    "rulekeeper.games.haven.special_rules",
    "rulekeeper.games.haven.objectives",
    "rulekeeper.games.haven.round_end",
    "rulekeeper.games.haven.turn",
    "rulekeeper.games.haven.who_acts",
    "rulekeeper.games.haven.bonuses",
    "rulekeeper.games.haven.card_index",
    "rulekeeper.games.haven.exhaustion",
    "rulekeeper.games.haven.rest",
    "rulekeeper.games.haven.forced_movement",
    "rulekeeper.games.haven.items",
    "rulekeeper.games.haven.standees",
    "rulekeeper.games.haven.attack_draw",
    "rulekeeper.games.haven.conditions",
    "rulekeeper.games.haven.terms",
    "rulekeeper.games.haven.retaliate",
    "rulekeeper.games.haven.condition_timing",
    "rulekeeper.games.haven.loot",
    "rulekeeper.games.haven.healing",
    "rulekeeper.games.haven.area_attacks",
    "rulekeeper.games.haven.class_resources",
    "rulekeeper.games.haven.escapes",
    "rulekeeper.games.haven.elements",
    "rulekeeper.games.haven.summons",
    "rulekeeper.games.haven.monster_effects",
    "rulekeeper.games.haven.bosses",
    "rulekeeper.games.haven.added_targets",
    "rulekeeper.games.haven.attacks",
    "rulekeeper.games.haven.odds",
    "rulekeeper.games.haven.state",
    "rulekeeper.games.haven.game",
)
"""The modules compiled: the core's shared history and log, its samplers and its
policy, its decks and the copies a clone plans from types (every step of a rollout
goes through them; a clone copies every deck, and a haven turn's values of unknown
type), then geometry, sight, travel
and the monster mover (with the plain board reader of its batch), then the haven
rules every step of play runs through (applying, listing, turns, attacks, monster
turns, the round's end, and the attack values, which clones share), the exact odds
(their dynamic program over rolling cards; ``haven odds`` with forty rolling cards
spends most of its time there), and last the
haven state and its wiring (``state``,
``game``): the rules read the state's fields at every step, which a native class
answers without a lookup. Modules holding frozen dataclasses that clones deep-copy
without sharing them (mypyc's frozen classes cannot be rebuilt field by field) or
pydantic models defined inside functions stay pure."""

PURE_VARIABLE = "RULEKEEPER_PURE"
"""Set to anything but empty or ``0`` to run every module of :data:`MODULES` as pure Python."""

SOURCE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder holding the ``rulekeeper`` package (``src`` in a checkout)."""

RECORD = "rulekeeper/compiled-build.txt"
"""The build record, relative to :data:`SOURCE_ROOT`: one line per compiled file."""

GROUP = "rulekeeper.compiled"
"""mypyc's name for the shared library of the compiled modules (``…__mypyc``)."""

_HEADER = "rulekeeper compiled build 2"

SETTLED_NS = 2_000_000_000
"""How much older than the build's reading a source's modification time must be for the
record to keep it (coarse file system clocks tick in up to a second or two)."""

SourceStamp = tuple[int, int, int]
"""A source as the build read it: size, CRC-32, and its modification time in nanoseconds
when settled (else -1: always read in full)."""


def own_abc_records(cls: type) -> None:
    """Give a compiled class with an abstract base class its own ABC records.

    mypyc makes a native class without running ``ABCMeta.__new__``, so the class
    shares its base's registry and isinstance caches: a check against one answered
    for the other (after ``issubclass(SalvageState, HavenState)`` was False,
    ``issubclass(SalvageState, State)`` was False too, and a list checked against
    ``AppendOnlyList`` stopped being a ``Sequence``). This does what
    ``ABCMeta.__new__`` does (``abc._abc_init``: fresh records and the abstract
    methods); a class that has its own records (every pure one) is left alone.
    Each compiled module calls it after defining such a class.
    """
    if isinstance(cls, abc.ABCMeta) and "_abc_impl" not in cls.__dict__:
        getattr(abc, "_abc_init")(cls)  # noqa: B009 (abc does not declare it)


def mypyc_attr(*_flags: object, **_settings: object) -> Callable[[T], T]:
    """The compiler's class settings where its helper package (``mypy_extensions``, a
    dev dependency) is not installed: nothing to set, as nothing is compiled there.

    A compiled module imports ``mypyc_attr`` from ``mypy_extensions`` (the name the
    compiler looks for) and falls back to this one.
    """
    return lambda target: target


def source_path(module: str, root: str = SOURCE_ROOT) -> str:
    """The ``.py`` file of ``module`` under ``root``."""
    return os.path.join(root, *module.split(".")) + ".py"


def _checksum(path: str) -> tuple[int, int]:
    with open(path, "rb") as handle:
        data = handle.read()
    return len(data), zlib.crc32(data)


def source_checksums(root: str, modules: Sequence[str]) -> dict[str, SourceStamp]:
    """Each module's source size, CRC-32 and settled modification time (:data:`SourceStamp`),
    read now (read before compiling: an edit made while the build runs then shows as stale)."""
    stamps: dict[str, SourceStamp] = {}
    for module in modules:
        path = source_path(module, root)
        modified = os.stat(path).st_mtime_ns
        size, crc = _checksum(path)
        settled = modified < time.time_ns() - SETTLED_NS
        stamps[module] = (size, crc, modified if settled else -1)
    return stamps


def record_text(compiled_files: Sequence[str], checksums: dict[str, SourceStamp]) -> str:
    """The build record: the compiled files (relative to the root), then each source's stamp."""
    lines = [_HEADER]
    lines += [f"file {name}" for name in compiled_files]
    lines += [
        f"source {module} {size} {crc} {modified}"
        for module, (size, crc, modified) in checksums.items()
    ]
    return "\n".join(lines) + "\n"


def stale_reason(root: str = SOURCE_ROOT, modules: Sequence[str] = MODULES) -> str | None:
    """Why the compiled modules under ``root`` may not run, or None when they may."""
    try:
        with open(os.path.join(root, RECORD), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return "not built"
    if not lines or lines[0] != _HEADER:
        return "the build record is not understood"
    recorded: dict[str, SourceStamp] = {}
    for line in lines[1:]:
        kind, _, rest = line.partition(" ")
        if kind == "file":
            if not os.path.exists(os.path.join(root, rest)):
                return f"{rest} is missing"
        elif kind == "source" and rest.count(" ") == 3:
            module, *numbers = rest.split(" ")
            try:
                recorded[module] = (int(numbers[0]), int(numbers[1]), int(numbers[2]))
            except ValueError:
                return "the build record is not understood"
        else:
            return "the build record is not understood"
    if set(recorded) != set(modules):
        return "the build compiled other modules"
    for module in modules:
        size, crc, modified = recorded[module]
        path = source_path(module, root)
        try:
            info = os.stat(path)
            if info.st_mtime_ns == modified and info.st_size == size:
                continue  # settled before the build and not touched since: as read then
            found = _checksum(path)
        except OSError:
            return f"{module} has no source file"
        if found != (size, crc):
            return f"{module} was edited after the build"
    return None


def pure_requested() -> bool:
    """Whether :data:`PURE_VARIABLE` asks for pure Python."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


class _SourceFirst:
    """An import finder that loads each module of :data:`MODULES` from its ``.py`` file,
    ahead of any compiled file beside it."""

    def __init__(self, root: str, reason: str) -> None:
        self.root = root
        self.reason = reason

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name not in MODULES:
            return None
        from importlib.machinery import ModuleSpec, SourceFileLoader

        location = source_path(name, self.root)
        spec = ModuleSpec(name, SourceFileLoader(name, location), origin=location)
        spec.has_location = True
        return spec


def field_hints(cls: type) -> dict[str, Any]:
    """A class's field annotations as types (``typing.get_type_hints``), compiled or not.

    The compiler keeps only runtime classes in a compiled class's ``__annotations__``
    (``list`` for ``list[Hex]``, ``type`` for an alias), which is not enough to copy
    or restore a field; for a class of a compiled module the annotations are read from
    its source (which the build record keeps beside it) and evaluated in the module.
    """
    import typing

    module = sys.modules[cls.__module__]
    if not str(getattr(module, "__file__", "")).endswith((".so", ".pyd")):
        return typing.get_type_hints(cls)
    annotations = _source_annotations(cls.__module__).get(cls.__qualname__)
    if annotations is None:
        raise LookupError(f"class {cls.__qualname__} not found in the source of {cls.__module__}")
    return {
        name: eval(text, vars(module))  # our own source's annotations, in its module
        for name, text in annotations.items()
    }


@functools.cache
def _source_annotations(module: str) -> dict[str, dict[str, str]]:
    """The annotated fields of each top-level class in ``module``'s source, as written
    (the file is parsed once)."""
    import ast

    with open(source_path(module), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    return {
        node.name: {
            item.target.id: ast.unparse(item.annotation)
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        for node in tree.body
        if isinstance(node, ast.ClassDef)
    }


def install() -> None:
    """Make every module of :data:`MODULES` load from source unless the compiled ones may run."""
    if any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        return
    reason = "RULEKEEPER_PURE is set" if pure_requested() else stale_reason()
    if reason is not None:
        sys.meta_path.insert(0, _SourceFirst(SOURCE_ROOT, reason))


def running() -> str:
    """Which path runs in this process, in one line."""
    for finder in sys.meta_path:
        if isinstance(finder, _SourceFirst):
            return f"pure Python ({finder.reason})"
    return "compiled (mypyc)"
