"""Reading TOML and JSON documents as plain data, within the limits; no validation models.

The part of :mod:`rulekeeper.core.documents` that needs no pydantic, so a
command that reads only shipped or plain-shaped files starts without it
(issue 12, start-up). Every failure is a :class:`~rulekeeper.core.errors.ContentError`
naming the file, the field and the reason. Limits (:mod:`rulekeeper.core.limits`):
only regular files, at most ``MAX_FILE_BYTES``, UTF-8 text, nesting at most
``MAX_NESTING`` deep, whole numbers within 64 bits and no infinite or
not-a-number values.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

from rulekeeper.core.errors import ContentError, os_reason
from rulekeeper.core.limits import MAX_FILE_BYTES, MAX_INTEGER, MAX_NESTING
from rulekeeper.i18n import N_, _, _n, current_language

if TYPE_CHECKING:
    from pathlib import Path  # annotations only: quick commands start without pathlib

DocumentFormat = Literal["json", "toml"]


def format_of(source: str | None) -> DocumentFormat:
    """JSON for a ``.json`` name, TOML otherwise."""
    return "json" if source is not None and source.lower().endswith(".json") else "toml"


def _refuse_constant(name: str) -> Any:
    raise ValueError(_("{name} is not a number rulekeeper accepts", name=name))


JSON_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
"""What ``json.loads(text, parse_constant=...)`` builds anew on every call, made once
(NaN and Infinity refused); :func:`parse_document` checks the limits of what it reads."""


def parse_document(text: str, source: str | None, fmt: DocumentFormat | None = None) -> Any:
    """Parse TOML or JSON text (by ``fmt``, else by the source's suffix), within the limits."""
    kind = fmt or format_of(source)
    try:
        if kind == "json" and not text.startswith("\ufeff"):
            data = JSON_DECODER.decode(text)
        elif kind == "json":
            data = json.loads(text, parse_constant=_refuse_constant)  # names the byte order mark
        else:
            data = _load_toml(text, source)
    except json.JSONDecodeError as error:
        raise ContentError(
            _(
                "not valid JSON (line {line}, column {column}: {reason})",
                line=error.lineno,
                column=error.colno,
                reason=_json_reason(error.msg),
            ),
            source=source,
        ) from None
    except RecursionError:
        raise ContentError(_too_deep(), source=source) from None
    except ValueError as error:  # a number too long to convert, NaN, Infinity
        reason = str(error)
        if "integer string conversion" in reason:
            reason = _("a number has too many digits")
        raise ContentError(
            _("not valid {format} ({reason})", format=kind.upper(), reason=reason), source=source
        ) from None
    if kind != "json" or not _json_text_within_limits(text):
        check_shape(data, source)
    return data


def _load_toml(text: str, source: str | None) -> Any:
    import tomllib  # only TOML documents need it (start-up of JSON-only commands)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(
            _("not valid {format} ({reason})", format="TOML", reason=toml_reason(str(error))),
            source=source,
        ) from None


_JSON_REASONS = {
    "Expecting value": N_("a value was expected"),
    "Expecting ',' delimiter": N_("a ',' was expected"),
    "Expecting ':' delimiter": N_("a ':' was expected"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes was expected"),
    "Extra data": N_("more text after the document"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character at": N_("a control character inside a string"),
    "Invalid \\escape": N_("an unknown escape sequence"),
    "Invalid \\uXXXX escape": N_("an unknown escape sequence"),
    "Illegal trailing comma before end of object": N_("a comma before the closing brace"),
    "Illegal trailing comma before end of array": N_("a comma before the closing bracket"),
}
"""The JSON reader's reasons, in our words for the other languages (its own are English)."""


def _json_reason(reason: str) -> str:
    known = _JSON_REASONS.get(reason)
    return reason if known is None or current_language() == "en" else _(known)


_TOML_REASONS = {
    "Invalid value": N_("a value was expected"),
    "Invalid statement": N_("a key, a table header or a comment was expected"),
    "Expected '=' after a key in a key/value pair": N_("a '=' was expected after the key"),
    "Expected ']' at the end of a table declaration": N_("the table header lacks its ']'"),
    "Expected ']]' at the end of an array declaration": N_("the table header lacks its ']]'"),
    "Unterminated string": N_("a string is not closed"),
    "Unclosed array": N_("a list is not closed"),
    "Unclosed inline table": N_("an inline table is not closed"),
    "Cannot overwrite a value": N_("a key is given twice"),
    "Invalid date or datetime": N_("a date is not valid"),
    "Invalid hex value": N_("an unknown escape sequence"),
    "Unescaped '\\' in a string": N_("an unknown escape sequence"),
    "Escaped character is not a Unicode scalar value": N_("an unknown escape sequence"),
    "Invalid initial character for a key part": N_("a key was expected"),
    "Expected newline or end of document after a statement": N_("the line goes on after its value"),
}
"""The TOML reader's reasons, in our words for the other languages (its own are English)."""


@cache
def _toml_patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """The TOML reader's reasons that name a key, as patterns (compiled when first needed:
    only a TOML error in another language reads them)."""
    return (
        (re.compile(r"Cannot declare (.+) twice"), N_("{key} is declared twice")),
        (
            re.compile(r"Cannot (?:mutate immutable|redefine) namespace (.+)"),
            N_("{key} is declared twice"),
        ),
        (re.compile(r"Duplicate inline table key (.+)"), N_("{key} is declared twice")),
        (
            re.compile(r"(?:Found invalid|Illegal) character (.+)"),
            N_("the character {key} is not allowed here"),
        ),
        (re.compile(r"Expected (.+)"), N_("{key} was expected")),
    )


@cache
def _toml_where() -> re.Pattern[str]:
    """Where a TOML reader's error happened, as its message ends."""
    return re.compile(r"^(.*) \((?:at line (\d+), column (\d+)|at end of document)\)$", re.DOTALL)


def toml_reason(text: str) -> str:
    """A TOML reader's error (``Invalid value (at line 3, column 7)``) in the current
    language; a reason not listed, and English, keep the reader's words."""
    if current_language() == "en":
        return text
    where = _toml_where().match(text)
    reason = where.group(1) if where else text
    known = _TOML_REASONS.get(reason)
    if known is not None:
        shown = _(known)
    else:
        for pattern, template in _toml_patterns():
            found = pattern.fullmatch(reason)
            if found:
                shown = _(template, key=found.group(1))
                break
        else:
            shown = reason
    if where is None:
        return shown
    if where.group(2) is None:
        return _("{reason}, at the end of the document", reason=shown)
    return _(
        "{reason}, at line {line}, column {column}",
        reason=shown,
        line=int(where.group(2)),
        column=int(where.group(3)),
    )


def _too_deep() -> str:
    return _("lists or tables are nested too deep (the limit is {limit})", limit=MAX_NESTING)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters no text in a document may hold: terminal controls and bidirectional overrides."""


_NOT_BRACKET_BYTES = bytes(c for c in range(256) if c not in b"[]{}")
_ONE_BRACKET_KIND = bytes.maketrans(b"{}", b"[]")
"""Braces read as brackets: in parsed JSON the pairs nest properly, so depth is kept."""
_LONG_NUMBER = re.compile(r"[0-9]{19}")


def _json_text_within_limits(text: str) -> bool:
    """Whether parsed JSON text holds nothing :func:`check_shape` refuses, told from the text.

    A quick pass in a few scans of the text: it answers True only when no
    string can hold a control character (none written raw, no escape at all),
    no number has 19 digits or an exponent, and the brackets nest at most
    MAX_NESTING deep (each pass removes the innermost empty pairs). Any doubt
    leaves the answer to :func:`check_shape`, which names the field.
    """
    if "\\" in text:
        return False
    if text.isascii():
        # json.loads refuses raw C0 controls in strings and anywhere else outside whitespace
        if "\x7f" in text:
            return False
    elif _CONTROL.search(text) is not None:
        return False
    # numbers, brackets, punctuation, true / false / null: with no escape, every other
    # piece between double quotes is a string
    rest = "".join(text.split('"')[0::2])
    if _LONG_NUMBER.search(rest) is not None or "E" in rest:
        return False
    if "e" in rest.replace("true", "").replace("false", ""):
        return False
    only = rest if rest.isascii() else re.sub(r"[^\[\]{}]+", "", rest)
    brackets = only.encode("ascii").translate(_ONE_BRACKET_KIND, _NOT_BRACKET_BYTES)
    for _depth in range(MAX_NESTING):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")  # the innermost pairs, one level
    return not brackets


def check_shape(data: object, source: str | None) -> None:
    """Refuse nesting deeper than MAX_NESTING, integers beyond 64 bits, inf and NaN,
    and text holding control characters (only tab and line breaks are allowed),
    so nothing read from a file can drive the terminal it is printed on."""
    stack: list[tuple[object, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            bad = _CONTROL.search(value)
            if bad is not None:
                raise ContentError(
                    _("the text holds the control character {char}", char=repr(bad.group())),
                    source=source,
                    field=where or None,
                )
        elif isinstance(value, dict | list):
            if depth >= MAX_NESTING:
                raise ContentError(
                    _too_deep(),
                    source=source,
                    field=where or None,
                )
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                place = f"{where}.{key}" if where else str(key)
                if isinstance(key, str):
                    stack.append((key, depth + 1, place))
                stack.append((item, depth + 1, place))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and abs(value) > MAX_INTEGER:
            raise ContentError(
                _("the number is too large (the limit is ±{limit})", limit=MAX_INTEGER),
                source=source,
                field=where or None,
            )
        elif isinstance(value, float) and not math.isfinite(value):
            raise ContentError(
                _("infinite or not-a-number values are refused"),
                source=source,
                field=where or None,
            )


def read_bytes(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, at most ``limit`` of them; anything else is a ContentError.

    Devices, FIFOs and directories are refused before a byte is read, so a file
    name such as ``/dev/zero`` cannot make a command read forever.
    """
    source = str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else str(error)
        raise ContentError(_cannot_read(reason), source=source) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(
                _("not a regular file (devices, FIFOs and directories are not read)"),
                source=source,
            )
        if info.st_size > limit:
            raise ContentError(
                _n(
                    "the file has {n} byte; the limit is {limit}",
                    "the file has {n} bytes; the limit is {limit}",
                    info.st_size,
                    limit=limit,
                ),
                source=source,
            )
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        data = b"".join(chunks)
    except OSError as error:
        raise ContentError(_cannot_read(os_reason(error)), source=source) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ContentError(
            _n(
                "the file has more than {n} byte (the limit)",
                "the file has more than {n} bytes (the limit)",
                limit,
            ),
            source=source,
        )
    return data


def decode_text(data: bytes, source: str | None) -> str:
    """UTF-8 text; other bytes are a ContentError naming where the first bad byte is."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ContentError(
            _(
                "not UTF-8 text (byte {position} is {value})",
                position=error.start,
                value=format(data[error.start], "#04x"),
            ),
            source=source,
        ) from None


def _cannot_read(reason: object) -> str:
    return _("cannot read the file ({reason})", reason=reason)


def read_text(path: Path) -> str:
    """A regular file's UTF-8 text, within MAX_FILE_BYTES; anything else is a ContentError."""
    return decode_text(read_bytes(path), str(path))


def read_document(path: Path, fmt: DocumentFormat | None = None) -> Any:
    """Read and parse a TOML or JSON file."""
    return parse_document(read_text(path), str(path), fmt)
