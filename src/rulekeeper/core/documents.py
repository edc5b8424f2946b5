"""Reading content, scenario and save documents: TOML or JSON, validated by pydantic.

Every failure is a :class:`~rulekeeper.core.errors.ContentError` whose one line
names the file, the field and the reason (DESIGN.md, "Errors"). Games read their
files through these functions rather than each writing its own, so every file
gets the same limits (:mod:`rulekeeper.core.limits`): only regular files, at
most ``MAX_FILE_BYTES``, UTF-8 text, nesting at most ``MAX_NESTING`` deep,
whole numbers within 64 bits and no infinite or not-a-number values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

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
from rulekeeper.i18n import N_, _, current_language

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


_PYDANTIC_REASONS = {
    "missing": N_("the field is required"),
    "extra_forbidden": N_("unknown field"),
    "int_type": N_("expected a whole number"),
    "int_parsing": N_("expected a whole number"),
    "int_from_float": N_("expected a whole number"),
    "float_type": N_("expected a number"),
    "float_parsing": N_("expected a number"),
    "string_type": N_("expected a string"),
    "bool_type": N_("expected true or false"),
    "bool_parsing": N_("expected true or false"),
    "list_type": N_("expected a list"),
    "tuple_type": N_("expected a list"),
    "set_type": N_("expected a list"),
    "dict_type": N_("expected a table"),
    "model_type": N_("expected a table"),
    "model_attributes_type": N_("expected a table"),
    "greater_than_equal": N_("must be at least {ge}"),
    "less_than_equal": N_("must be at most {le}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than": N_("must be less than {lt}"),
    "too_short": N_("needs at least {min_length} items"),
    "too_long": N_("holds more than {max_length} items"),
    "string_too_short": N_("needs at least {min_length} characters"),
    "string_too_long": N_("holds more than {max_length} characters"),
    "literal_error": N_("expected {expected}"),
    "enum": N_("expected {expected}"),
    "union_tag_invalid": N_("unknown kind {tag} (expected {expected_tags})"),
}
"""pydantic's reasons in our words, for the languages pydantic does not speak (English keeps its text)."""


def pydantic_reason(first: Mapping[str, Any]) -> str:
    """The reason of one pydantic error, in the current language."""
    if current_language() == "en":
        return str(first["msg"])
    context = first.get("ctx") or {}
    if first["type"] == "value_error" and "error" in context:
        return str(context["error"])  # our own validators' message, already translated
    template = _PYDANTIC_REASONS.get(first["type"])
    if template is None:
        return str(first["msg"])
    try:
        return _(template, **{name: str(value) for name, value in context.items()})
    except (KeyError, IndexError):
        return str(first["msg"])


def pydantic_error_line(error: ValidationError, source: str | None) -> ContentError:
    """One line naming the first bad field of a pydantic validation error."""
    first = error.errors()[0]
    field = ".".join(str(p) for p in first["loc"]) or _("(top level)")
    return ContentError(printable(pydantic_reason(first), 300), source=source, field=field)


def validate(model: type[M], data: object, source: str | None) -> M:
    """Validate ``data`` as ``model``; a bad field is a one-line ContentError."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise pydantic_error_line(error, source) from None
    except RecursionError:
        raise ContentError(
            _("lists or tables are nested too deep (the limit is {limit})", limit=MAX_NESTING),
            source=source,
        ) from None
