"""Reading content, scenario and save documents: TOML or JSON, validated by pydantic.

Every failure is a :class:`~rulekeeper.core.errors.ContentError` whose one line
names the file, the field and the reason (DESIGN.md, "Errors"). Games read their
files through these functions rather than each writing its own, so every file
gets the same limits (:mod:`rulekeeper.core.limits`): only regular files, at
most ``MAX_FILE_BYTES``, UTF-8 text, nesting at most ``MAX_NESTING`` deep,
whole numbers within 64 bits and no infinite or not-a-number values.
"""

from __future__ import annotations

from typing import Annotated, TypeVar

from pydantic import BaseModel, Field, ValidationError

from rulekeeper.core.document_text import (
    DocumentFormat,
    check_shape,
    decode_text,
    format_of,
    parse_document,
    read_bytes,
    read_document,
    read_text,
)
from rulekeeper.core.errors import ContentError, printable
from rulekeeper.core.limits import MAX_COORDINATE, MAX_COUNT, MAX_NESTING, MAX_SEED, MIN_SEED

__all__ = [
    "Coordinate",
    "Count",
    "DocumentFormat",
    "Seed",
    "check_shape",
    "decode_text",
    "format_of",
    "parse_document",
    "pydantic_error_line",
    "read_bytes",
    "read_document",
    "read_text",
    "validate",
]

M = TypeVar("M", bound=BaseModel)

Coordinate = Annotated[int, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE)]
"""A board coordinate within the documented range (``MAX_COORDINATE``)."""

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
"""A non-negative count within the documented range (``MAX_COUNT``)."""

Seed = Annotated[int, Field(ge=MIN_SEED, le=MAX_SEED)]
"""A seed that a save can store (signed 64 bits)."""


def pydantic_error_line(error: ValidationError, source: str | None) -> ContentError:
    """One line naming the first bad field of a pydantic validation error."""
    first = error.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return ContentError(printable(first["msg"], 300), source=source, field=field)


def validate(model: type[M], data: object, source: str | None) -> M:
    """Validate ``data`` as ``model``; a bad field is a one-line ContentError."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise pydantic_error_line(error, source) from None
    except RecursionError:
        raise ContentError(
            f"lists or tables are nested too deep (the limit is {MAX_NESTING})", source=source
        ) from None
