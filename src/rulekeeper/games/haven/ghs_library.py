"""``rulekeeper haven import``: a whole GHS data folder into a library folder (library.py).

The folder is the user's copy of Gloomhaven Secretariat's ``data`` folder (or
one edition inside it: ``data/gh``). Every monster, class, item and scenario
file is converted on its own (ghs_monsters, ghs_classes, ghs_items,
ghs_scenarios): one that cannot convert is refused and listed in the report
with its file, field and reason, and the others go on. The library is written
to a temporary folder next to ``--out`` and moved into place at the end, so a
failed run leaves nothing behind and an earlier library stays whole until the
new one replaces it. ``strict`` makes any refusal a failure (nothing written).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rulekeeper.core.documents import read_document
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.ghs_classes import read_class
from rulekeeper.games.haven.ghs_common import Labels, Notes, Refused
from rulekeeper.games.haven.ghs_items import import_item, item_id
from rulekeeper.games.haven.ghs_monsters import read_monster
from rulekeeper.games.haven.ghs_scenarios import import_scenario
from rulekeeper.games.haven.library import (
    MAX_LIBRARY_FILES,
    REPORT_FORMAT,
    ImportReport,
    KindCount,
    library_document,
)
from rulekeeper.games.haven.scenario_format import MonsterDeckSpec, MonsterTypeSpec
from rulekeeper.i18n import N_, _, _n

Edition = Literal["gh", "fh"]
SAFE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$")
Progress = Callable[[str], None]
UNEXPECTED = (TypeError, AttributeError, KeyError, ValueError, IndexError, RecursionError)
"""A shape no converter check foresaw: the file is refused (named), the run goes on."""
COUNTED = {
    "monster_actions": N_("monster actions: {n} of {total} run by the engine (the rest by hand)"),
    "class_actions": N_("class actions: {n} of {total} run by the engine (the rest by hand)"),
    "scenarios_playable": N_("scenarios: {n} of {total} have every monster type in the library"),
    "monsters": N_("monsters: {n} of {total} converted"),
    "classes": N_("classes: {n} of {total} converted"),
    "items": N_("items: {n} of {total} converted"),
    "scenarios": N_("scenarios: {n} of {total} converted"),
}
"""How the summary tells each count (the report's keys stay as they are)."""
PROGRESS = {
    "monsters": N_("monsters: {done}/{total}"),
    "classes": N_("classes: {done}/{total}"),
    "items": N_("items: {done}/{total}"),
    "scenarios": N_("scenarios: {done}/{total}"),
}
"""How far the run is, per kind of file."""


@dataclass
class Converted:
    """What one run made, before it is written."""

    files: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Library path (``monsters/ID.json``) -> JSON value."""
    counts: dict[str, KindCount] = field(default_factory=dict)
    notes: Notes = field(default_factory=Notes)


def edition_folder(data_dir: Path, edition: str) -> Path:
    """The edition's folder: ``DATA/gh`` or DATA itself when it is one."""
    if not data_dir.is_dir():
        raise ContentError(_("no such folder"), source=str(data_dir))
    if data_dir.name in ("gh", "fh") and data_dir.name != edition:
        raise ContentError(
            _(
                "is the {folder} folder, not {edition}: give --edition {folder}",
                folder=data_dir.name,
                edition=edition,
            ),
            source=str(data_dir),
            field="--edition",
        )
    for folder in (data_dir / edition, data_dir / "data" / edition, data_dir):
        if (folder / "monster").is_dir() or (folder / "scenarios").is_dir():
            return folder
    raise ContentError(
        _(
            "not a Gloomhaven Secretariat data folder: no {edition}/monster or {edition}/scenarios",
            edition=edition,
        ),
        source=str(data_dir),
    )


def _listing(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    found = sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
    if len(found) > MAX_LIBRARY_FILES:
        raise ContentError(_("more than {n} files", n=MAX_LIBRARY_FILES), source=str(folder))
    return found


class Importer:
    def __init__(self, root: Path, edition: str, progress: Progress) -> None:
        self.root = root
        self.edition = edition
        self.progress = progress
        self.labels = Labels.read(root)
        self.out = Converted()

    def add(self, kind: str, ident: str, value: dict[str, Any], source: str) -> bool:
        if not SAFE_ID.match(ident):
            self.out.notes.refused(
                source, "name", _("{name} cannot be a library file name", name=repr(ident))
            )
            return False
        path = f"{kind}/{ident}.json"
        if path in self.out.files:
            self.out.notes.refused(
                source, "name", _("{name} is already in the library", name=repr(ident))
            )
            return False
        self.out.files[path] = value
        return True

    def step(self, kind: str, done: int, total: int) -> None:
        if done == total or done % 25 == 0:
            self.progress(
                _(PROGRESS.get(kind, "{kind}: {done}/{total}"), kind=kind, done=done, total=total)
            )

    def monsters(self) -> None:
        files = _listing(self.root / "monster")
        count = KindCount(total=len(files))
        converted = 0
        for n, path in enumerate(files, 1):
            try:
                name, mtype, deck = read_monster(
                    path, self.root / "monster" / "deck", self.labels, self.out.notes
                )
            except ContentError as error:
                self.out.notes.refused(error.source or str(path), error.field or "", error.reason)
            except UNEXPECTED as error:
                self.out.notes.refused(str(path), "", unexpected(error))
            else:
                converted += self.add(
                    "monsters", name, monster_document(name, mtype, deck), str(path)
                )
            self.step("monsters", n, len(files))
        self.out.counts["monsters"] = count.model_copy(update={"converted": converted})

    def classes(self) -> None:
        files = _listing(self.root / "character")
        converted = 0
        for n, path in enumerate(files, 1):
            try:
                name, spec = read_class(
                    path, self.root / "character" / "deck", self.labels, self.out.notes
                )
            except ContentError as error:
                self.out.notes.refused(error.source or str(path), error.field or "", error.reason)
            except UNEXPECTED as error:
                self.out.notes.refused(str(path), "", unexpected(error))
            else:
                converted += self.add(
                    "classes", name, library_document(classes={name: spec}), str(path)
                )
            self.step("classes", n, len(files))
        self.out.counts["classes"] = KindCount(total=len(files), converted=converted)

    def items(self) -> None:
        path = self.root / "items.json"
        if not path.is_file():
            self.out.counts["items"] = KindCount()
            return
        data = read_document(path, "json")
        if not isinstance(data, list):
            raise ContentError(_("expected a list of items"), source=str(path))
        if len(data) > MAX_LIBRARY_FILES:
            raise ContentError(_("more than {n} items", n=MAX_LIBRARY_FILES), source=str(path))
        converted = 0
        for n, raw in enumerate(data):
            where = str(n)
            try:
                spec = import_item(raw, where, str(path), self.labels, self.out.notes)
            except Refused as refused:
                self.out.notes.refused(str(path), refused.field, refused.reason)
                continue
            except UNEXPECTED as error:
                self.out.notes.refused(str(path), where, unexpected(error))
                continue
            ident = item_id(raw, self.edition)
            converted += self.add("items", ident, library_document(items={ident: spec}), str(path))
        self.progress(_(PROGRESS["items"], done=len(data), total=len(data)))
        self.out.counts["items"] = KindCount(total=len(data), converted=converted)

    def scenarios(self) -> None:
        files = _listing(self.root / "scenarios")
        converted = 0
        for n, path in enumerate(files, 1):
            try:
                data = read_document(path, "json")
                scenario = import_scenario(
                    data, self.edition, path.stem, str(path), self.labels, self.out.notes
                )
            except ContentError as error:
                self.out.notes.refused(error.source or str(path), error.field or "", error.reason)
            except UNEXPECTED as error:
                self.out.notes.refused(str(path), "", unexpected(error))
            except Refused as refused:
                self.out.notes.refused(str(path), refused.field, refused.reason)
            else:
                value = scenario.model_dump(mode="json", exclude_defaults=True)
                value["format"] = scenario.format
                value["id"] = scenario.id
                converted += self.add("scenarios", scenario.id, value, str(path))
            self.step("scenarios", n, len(files))
        self.out.counts["scenarios"] = KindCount(total=len(files), converted=converted)


def unexpected(error: Exception) -> str:
    return _(
        "a value of an unexpected shape ({kind}: {error})",
        kind=type(error).__name__,
        error=str(error)[:120],
    )


def monster_document(name: str, mtype: MonsterTypeSpec, deck: MonsterDeckSpec) -> dict[str, Any]:
    return library_document(monster_types={name: mtype}, monster_decks={mtype.deck: deck})


def measures(files: dict[str, dict[str, Any]]) -> dict[str, KindCount]:
    """How much of what converted the engine runs: monster and class actions run (not by
    hand), and scenarios whose every monster type (and its deck) is in the library."""
    actions = {"monster_actions": [0, 0], "class_actions": [0, 0]}
    types: set[str] = set()
    decks: set[str] = set()
    for path, value in files.items():
        if path.startswith("monsters/"):
            types.update(value.get("monster_types", {}))
            for mtype in value.get("monster_types", {}).values():
                _count(actions["monster_actions"], mtype.get("special_1", []))
                _count(actions["monster_actions"], mtype.get("special_2", []))
            for deck_id, deck in value.get("monster_decks", {}).items():
                if deck_id in decks:
                    continue  # a shared deck (the bosses') counts once
                decks.add(deck_id)
                for card in deck["cards"]:
                    _count(actions["monster_actions"], card.get("actions", []))
        elif path.startswith("classes/"):
            for cls in value.get("classes", {}).values():
                for card in cls["cards"]:
                    for half in ("top", "bottom"):
                        _count(actions["class_actions"], card[half].get("actions", []))
    scenarios = [v for p, v in files.items() if p.startswith("scenarios/")]
    playable = sum(1 for v in scenarios if set(v.get("monsters", [])) <= types)
    out = {k: KindCount(converted=run, total=total) for k, (run, total) in actions.items()}
    out["scenarios_playable"] = KindCount(converted=playable, total=len(scenarios))
    return out


def _count(tally: list[int], actions: list[dict[str, Any]]) -> None:
    tally[0] += sum(1 for a in actions if a.get("type") != "by_hand")
    tally[1] += len(actions)


def convert(data_dir: Path, edition: str, progress: Progress) -> tuple[Converted, ImportReport]:
    """Convert everything; nothing is written."""
    importer = Importer(edition_folder(data_dir, edition), edition, progress)
    importer.monsters()
    importer.classes()
    importer.items()
    importer.scenarios()
    importer.out.counts.update(measures(importer.out.files))
    report = ImportReport(
        format=REPORT_FORMAT,
        edition=edition,
        counts=importer.out.counts,
        entries=tuple(importer.out.notes.entries),
    )
    return importer.out, report


def check_out(out: Path) -> None:
    """``out`` is absent, empty, or an earlier library: never someone's other folder."""
    if out.exists() and not out.is_dir():
        raise ContentError(_("exists and is not a folder"), source=str(out), field="--out")
    if out.is_dir() and any(out.iterdir()) and not (out / "report.json").is_file():
        raise ContentError(
            _(
                "is a folder that is not an earlier library (no report.json): give a new or"
                " empty one"
            ),
            source=str(out),
            field="--out",
        )


def write_library(converted: Converted, report: ImportReport, out: Path) -> None:
    """Write the library to a temporary folder beside ``out``, then move it into place.

    ``out`` may be absent, empty, or an earlier library (it has a report.json);
    anything else is refused so no one's folder is overwritten.
    """
    check_out(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        for kind in ("monsters", "classes", "items", "scenarios"):
            (staging / kind).mkdir()
        for path, value in converted.files.items():
            (staging / path).write_text(json.dumps(value, indent=1) + "\n", encoding="utf-8")
        (staging / "report.json").write_text(
            json.dumps(report.model_dump(mode="json"), indent=1) + "\n", encoding="utf-8"
        )
        old = None
        if out.exists():
            old = out.parent / f"{staging.name}.old"
            out.rename(old)
        staging.rename(out)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def summary_lines(report: ImportReport) -> list[str]:
    """What the run converted per kind, then each refusal, for the terminal."""
    lines = []
    for kind, count in report.counts.items():
        template = COUNTED.get(kind)
        said = (
            _(template, n=count.converted, total=count.total)
            if template is not None
            else f"{kind}: {count.converted}/{count.total}"
        )
        if count.total:
            share = f"{100 * count.converted / count.total:.1f}"
            said = _("{counted} ({share}%)", counted=said, share=share)
        lines.append(said)
    by_hand = sum(1 for e in report.entries if e.kind == "by_hand")
    refused = [e for e in report.entries if e.kind == "refused"]
    lines.append(
        _(
            "{steps}, {refusals}, in report.json",
            steps=_n("{n} resolve-by-hand step", "{n} resolve-by-hand steps", by_hand),
            refusals=_n("{n} refusal", "{n} refusals", len(refused)),
        )
    )
    lines += [
        _("refused: {what}", what=": ".join(p for p in (e.file, e.field, e.reason) if p))
        for e in refused
    ]
    return lines
