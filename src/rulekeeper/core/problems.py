"""Content problems, collected or raised: what ``rulekeeper content check`` reports.

A loader that checks a file's cross references (unknown ids, duplicates, a
figure off the map) reports each problem to a :class:`Problems`. When a game is
loaded the collector is *strict*: the first problem raises its
:class:`~rulekeeper.core.errors.ContentError` at once, as before. When a file is
checked (``content check``) it *collects*, so the user sees every problem of
the file in one run, each with its file, field and reason.

This module imports nothing heavy (no pydantic): the pydantic error list is
turned into problems by :func:`validation_problems`, which takes the error as
it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from rulekeeper.core.errors import ContentError, printable

MAX_REASON_CHARS = 300
"""Longest reason shown for one problem (pydantic repeats the bad input in its messages)."""


class Problem(NamedTuple):
    """One thing wrong with a content file: where (file, field) and why.

    A named tuple, not a dataclass: the monster mover batch imports this module,
    and a dataclass would cost its start-up the ``dataclasses`` module (issue 12).
    """

    source: str | None
    field: str | None
    reason: str

    def line(self) -> str:
        """``FILE: FIELD: REASON`` on one printable line (the parts that are known)."""
        return str(self.error())

    def error(self) -> ContentError:
        return ContentError(self.reason, source=self.source, field=self.field)

    def to_json(self) -> dict[str, str | None]:
        return {"file": self.source, "field": self.field, "reason": self.reason}

    @classmethod
    def from_error(cls, error: ContentError) -> Problem:
        return cls(error.source, error.field, error.reason)


class Problems:
    """Where a checker reports problems: strict (raise the first) or collecting.

    ``add`` returns nothing in both modes, so a checker written as "report,
    then skip what depends on the bad entry" reads the same either way.
    """

    def __init__(self, source: str | None, *, collect: bool = False) -> None:
        self.source = source
        self.collect = collect
        self._found: list[Problem] = []

    def add(self, reason: str, field: str | None = None) -> None:
        """Report one problem; a strict collector raises it as a ContentError."""
        problem = Problem(self.source, field, reason)
        if not self.collect:
            raise problem.error()
        if problem not in self._found:  # a check that meets it twice reports it once
            self._found.append(problem)

    def add_error(self, error: ContentError) -> None:
        """Report a ContentError raised by a check that stops at its first problem."""
        if not self.collect:
            raise error
        if Problem.from_error(error) not in self._found:
            self._found.append(Problem.from_error(error))

    def extend(self, problems: Iterable[Problem]) -> None:
        for problem in problems:
            if not self.collect:
                raise problem.error()
            self._found.append(problem)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self._found)

    def __len__(self) -> int:
        return len(self._found)

    def __bool__(self) -> bool:
        return bool(self._found)

    @property
    def found(self) -> tuple[Problem, ...]:
        return tuple(self._found)


def _dotted(location: Iterable[Any]) -> str:
    return ".".join(str(part) for part in location)


def validation_problems(error: Any, source: str | None, prefix: str | None = None) -> list[Problem]:
    """Every error of a pydantic ``ValidationError``, each with its field path.

    A model validator's message (``Value error, a spawn threshold names ...``)
    is shown without pydantic's ``Value error, `` prefix; the field is the
    path of the table it checked.
    """
    from rulekeeper.core.documents import pydantic_reason

    problems: list[Problem] = []
    for entry in error.errors(include_url=False):
        field = _dotted(entry["loc"])
        if prefix:
            field = f"{prefix}.{field}" if field else prefix
        reason = pydantic_reason(entry).removeprefix("Value error, ")
        problems.append(Problem(source, field or None, printable(reason, MAX_REASON_CHARS)))
    return problems
