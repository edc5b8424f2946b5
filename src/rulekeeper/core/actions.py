"""Actions: frozen dataclasses with a stable JSON form ``{"type": ..., ...}``.

Every game declares its action types with :func:`action_type` and parses them
back with an :class:`ActionCodec`. Chance outcomes are actions too, so a game's
history is one list that replays exactly.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, TypeVar, get_type_hints

from rulekeeper.core.errors import ActionFormatError

JsonValue = Any
"""A value that ``json.dumps`` accepts."""


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen dataclasses with a ``TYPE``."""

    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, JsonValue]:
        """The stable JSON form: ``{"type": TYPE, field: value, ...}``."""
        out: dict[str, JsonValue] = {"type": self.TYPE}
        for field in dataclasses.fields(self):
            out[field.name] = _to_json_value(getattr(self, field.name))
        return out

    def label(self) -> str:
        """A short human form, used in menus and scripted chance (``roll crit``)."""
        values = [str(_to_json_value(getattr(self, f.name))) for f in dataclasses.fields(self)]
        return " ".join([self.TYPE, *values]) if values else self.TYPE


A = TypeVar("A", bound=type[Action])


def action_type(name: str) -> Callable[[A], A]:
    """Class decorator giving an action class its stable JSON ``type`` name."""

    def decorate(cls: A) -> A:
        cls.TYPE = name
        return cls

    return decorate


def _to_json_value(value: object) -> JsonValue:
    if isinstance(value, tuple | list):
        return [_to_json_value(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_to_json_value(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _to_json_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


class ActionCodec:
    """Parses actions of a fixed set of types from their JSON form."""

    def __init__(self, action_classes: Iterable[type[Action]]) -> None:
        self._by_type: dict[str, type[Action]] = {}
        for cls in action_classes:
            if not cls.TYPE:
                raise ValueError(f"{cls.__name__} has no TYPE; decorate it with @action_type")
            if cls.TYPE in self._by_type:
                raise ValueError(f"two action classes share the type {cls.TYPE!r}")
            self._by_type[cls.TYPE] = cls

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._by_type)

    @property
    def classes(self) -> tuple[type[Action], ...]:
        """The action classes, in the order they were given."""
        return tuple(self._by_type.values())

    def parse(self, data: object) -> Action:
        """Build the action ``data`` describes, or raise :class:`ActionFormatError`."""
        if not isinstance(data, Mapping):
            raise ActionFormatError(f"an action must be a JSON object, not {type(data).__name__}")
        kind = data.get("type")
        if not isinstance(kind, str):
            raise ActionFormatError("action: field 'type' is missing or not a string")
        cls = self._by_type.get(kind)
        if cls is None:
            known = ", ".join(sorted(self._by_type))
            raise ActionFormatError(f"action: unknown type {kind!r} (known: {known})")
        hints = get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields) - {"type"})
        if unknown:
            raise ActionFormatError(f"action {kind!r}: unknown field {unknown[0]!r}")
        kwargs: dict[str, object] = {}
        for name, field in fields.items():
            if name not in data:
                has_default = (
                    field.default is not dataclasses.MISSING
                    or field.default_factory is not dataclasses.MISSING
                )
                if has_default:
                    continue
                raise ActionFormatError(f"action {kind!r}: field {name!r} is missing")
            kwargs[name] = _from_json_value(
                data[name], hints[name], f"action {kind!r}: field {name!r}"
            )
        return cls(**kwargs)


def _from_json_value(value: object, hint: object, where: str) -> object:
    """Convert a JSON value to the annotated type, checking it on the way."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is typing.Any:
        return value
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in args:
            try:
                return _from_json_value(value, option, where)
            except ActionFormatError as error:
                errors.append(str(error))
        raise ActionFormatError(f"{where}: {value!r} does not fit {hint}")
    if hint is type(None):
        if value is None:
            return None
        raise ActionFormatError(f"{where}: expected null, got {value!r}")
    if origin is typing.Literal:
        if value in args:
            return value
        raise ActionFormatError(f"{where}: expected one of {list(args)}, got {value!r}")
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json_value(v, args[0], where) for v in value)
        if len(args) != len(value):
            raise ActionFormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_from_json_value(v, a, where) for v, a in zip(value, args, strict=True))
    if origin is frozenset:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(f"{where}: expected a list, got {value!r}")
        return frozenset(_from_json_value(v, args[0], where) for v in value)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise ActionFormatError(f"{where}: expected true or false, got {value!r}")
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ActionFormatError(f"{where}: expected a whole number, got {value!r}")
    if hint is str:
        if isinstance(value, str):
            return value
        raise ActionFormatError(f"{where}: expected a string, got {value!r}")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise ActionFormatError(f"{where}: expected an object, got {value!r}")
        sub_hints = get_type_hints(hint)
        sub_fields = {f.name for f in dataclasses.fields(hint)}
        extra = sorted(set(value) - sub_fields)
        if extra:
            raise ActionFormatError(f"{where}: unknown field {extra[0]!r}")
        required = {
            f.name
            for f in dataclasses.fields(hint)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        }
        missing = sorted(required - set(value))
        if missing:
            raise ActionFormatError(f"{where}: field {missing[0]!r} is missing")
        return hint(**{k: _from_json_value(value[k], sub_hints[k], f"{where}.{k}") for k in value})
    raise ActionFormatError(f"{where}: unsupported field type {hint}")
