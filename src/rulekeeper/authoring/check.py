"""``rulekeeper content check``: every problem of a content or scenario file.

The file is read through :mod:`rulekeeper.core.documents` (the hardened reader:
size, encoding, nesting and number limits); its kind is told by its ``format``
field (:func:`~rulekeeper.authoring.kinds.detect`); then pydantic's whole error
list is reported, each error with its field path, and, when the schema holds,
the game's own cross-reference checks run (:mod:`rulekeeper.authoring.semantics`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ValidationError

from rulekeeper.authoring.kinds import FileKind, UnknownKind, detect
from rulekeeper.core.documents import DocumentFormat, read_document
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_NESTING
from rulekeeper.core.problems import Problem, Problems, validation_problems
from rulekeeper.i18n import _, _n


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What checking one file found: its kind (when it could be told) and its problems."""

    source: str
    kind: FileKind | None
    problems: tuple[Problem, ...]

    @property
    def clean(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        count = len(self.problems)
        if self.kind is None:
            return _n("{file}: {n} problem", "{file}: {n} problems", count, file=self.source)
        if self.clean:
            return _(
                "{file}: ok ({kind}, {format})",
                file=self.source,
                kind=self.kind.label,
                format=self.kind.format_text,
            )
        return _n(
            "{file}: {n} problem ({kind}, {format})",
            "{file}: {n} problems ({kind}, {format})",
            count,
            file=self.source,
            kind=self.kind.label,
            format=self.kind.format_text,
        )


CONTENT_SUFFIXES = (".toml", ".json")
"""The files a folder given to ``content check`` contributes (any letter case)."""


def check_paths(paths: Iterable[Path], family: str | None = None) -> list[CheckReport]:
    """Check files and folders: a folder stands for its content files, nested folders too.

    A folder's ``.toml`` and ``.json`` files are checked in path order; folders
    reached through a symbolic link are not entered (a link cannot make the walk
    loop), and a folder with no content file is one problem of its own, so a
    mistyped folder is not a silent success.
    """
    reports: list[CheckReport] = []
    for path in paths:
        if not path.is_dir():
            reports.append(check_file(path, family))
            continue
        found = _content_files(path)
        if not found:
            reason = _(
                "no content file in this folder (looked for {suffixes})",
                suffixes=" ".join(CONTENT_SUFFIXES),
            )
            reports.append(CheckReport(str(path), None, (Problem(str(path), None, reason),)))
        reports.extend(check_file(file, family) for file in found)
    return reports


def _content_files(folder: Path) -> list[Path]:
    found: list[Path] = []
    for root, _folders, files in os.walk(folder, followlinks=False):
        found.extend(Path(root, name) for name in files if name.lower().endswith(CONTENT_SUFFIXES))
    return sorted(found)


def check_file(path: Path, family: str | None = None) -> CheckReport:
    """Check one file; ``family`` (``--game``) picks the game when the format does not."""
    source = str(path)
    syntax: DocumentFormat = "json" if source.lower().endswith(".json") else "toml"
    try:
        data = read_document(path, syntax)
    except ContentError as error:
        return CheckReport(source, None, (Problem.from_error(error),))
    return check_data(data, source, family, syntax)


def check_data(
    data: object, source: str, family: str | None = None, syntax: DocumentFormat | None = None
) -> CheckReport:
    """Check parsed data as the file ``source`` (written in ``syntax``, when known)."""
    problems = Problems(source, collect=True)
    try:
        kind = detect(data, family)
    except UnknownKind as error:
        problems.add(error.reason, "format")
        return CheckReport(source, None, problems.found)
    if syntax is not None and syntax not in kind.reads:
        wanted = " or ".join(sorted(s.upper() for s in kind.reads))
        problems.add(
            _(
                "{kind} files are read as {wanted}, and this one is {syntax}",
                kind=kind.label,
                wanted=wanted,
                syntax=syntax.upper(),
            )
        )
    model = _validate(kind, data, source, problems)
    if model is None:
        return CheckReport(source, kind, problems.found)
    check = kind.semantic_check()
    if check is not None:
        check(model, data, source, problems)
    return CheckReport(source, kind, problems.found)


def _validate(kind: FileKind, data: object, source: str, problems: Problems) -> BaseModel | None:
    try:
        return kind.model().model_validate(data)
    except ValidationError as error:
        problems.extend(validation_problems(error, source))
    except RecursionError:
        problems.add(
            _("lists or tables are nested too deep (the limit is {limit})", limit=MAX_NESTING)
        )
    return None
