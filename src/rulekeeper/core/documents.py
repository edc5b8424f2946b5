"""Reading content, scenario and save documents: TOML or JSON, validated by pydantic.

Every failure is a :class:`~rulekeeper.core.errors.ContentError` whose one line
names the file, the field and the reason (DESIGN.md, "Errors"). Games read their
files through these functions rather than each writing its own.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from rulekeeper.core.errors import ContentError

DocumentFormat = Literal["json", "toml"]
M = TypeVar("M", bound=BaseModel)


def pydantic_error_line(error: ValidationError, source: str | None) -> ContentError:
    """One line naming the first bad field of a pydantic validation error."""
    first = error.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return ContentError(first["msg"], source=source, field=field)


def format_of(source: str | None) -> DocumentFormat:
    """JSON for a ``.json`` name, TOML otherwise."""
    return "json" if source is not None and source.lower().endswith(".json") else "toml"


def parse_document(text: str, source: str | None, fmt: DocumentFormat | None = None) -> Any:
    """Parse TOML or JSON text (by ``fmt``, else by the source's suffix)."""
    if (fmt or format_of(source)) == "json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise ContentError(
                f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})",
                source=source,
            ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"not valid TOML ({error})", source=source) from None


def read_text(path: Path) -> str:
    """A file's text; an unreadable file is a ContentError naming it."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise ContentError(
            f"cannot read the file ({error.strerror or error})", source=str(path)
        ) from None


def read_document(path: Path, fmt: DocumentFormat | None = None) -> Any:
    """Read and parse a TOML or JSON file."""
    return parse_document(read_text(path), str(path), fmt)


def validate(model: type[M], data: object, source: str | None) -> M:
    """Validate ``data`` as ``model``; a bad field is a one-line ContentError."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise pydantic_error_line(error, source) from None
