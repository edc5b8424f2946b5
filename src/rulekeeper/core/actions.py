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
from rulekeeper.i18n import _, _n

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
            raise ActionFormatError(
                _("an action must be a JSON object, not {kind}", kind=type(data).__name__)
            )
        kind = data.get("type")
        if not isinstance(kind, str):
            raise ActionFormatError(_("action: field 'type' is missing or not a string"))
        cls = self._by_type.get(kind)
        if cls is None:
            known = ", ".join(sorted(self._by_type))
            raise ActionFormatError(
                _("action: unknown type {kind} (known: {known})", kind=repr(kind), known=known)
            )
        hints = get_type_hints(cls)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields) - {"type"})
        if unknown:
            raise ActionFormatError(
                _("action {kind}: unknown field {name}", kind=repr(kind), name=repr(unknown[0]))
            )
        kwargs: dict[str, object] = {}
        for name, field in fields.items():
            if name not in data:
                has_default = (
                    field.default is not dataclasses.MISSING
                    or field.default_factory is not dataclasses.MISSING
                )
                if has_default:
                    continue
                raise ActionFormatError(
                    _("action {kind}: field {name} is missing", kind=repr(kind), name=repr(name))
                )
            kwargs[name] = _from_json_value(data[name], hints[name], kind, name)
        return cls(**kwargs)


def _where(kind: str, path: str) -> str:
    """Which field of which action a message is about (built only for a refusal)."""
    return _("action {kind}: field {name}", kind=repr(kind), name=repr(path))


def _from_json_value(value: object, hint: object, kind: str, path: str) -> object:
    """Convert a JSON value to the annotated type, checking it on the way.

    ``kind`` and ``path`` (the action's type and the field, ``to`` or ``to.q``)
    name the field in a refusal.
    """
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is typing.Any:
        return value
    if origin in (typing.Union, types.UnionType):
        errors = []
        for option in args:
            try:
                return _from_json_value(value, option, kind, path)
            except ActionFormatError as error:
                errors.append(str(error))
        raise ActionFormatError(
            _(
                "{where}: {value} does not fit {hint}",
                where=_where(kind, path),
                value=repr(value),
                hint=hint,
            )
        )
    if hint is type(None):
        if value is None:
            return None
        raise ActionFormatError(
            _("{where}: expected null, got {value}", where=_where(kind, path), value=repr(value))
        )
    if origin is typing.Literal:
        if value in args:
            return value
        raise ActionFormatError(
            _(
                "{where}: expected one of {choices}, got {value}",
                where=_where(kind, path),
                choices=repr(list(args)),
                value=repr(value),
            )
        )
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(_expected_list(kind, path, value))
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json_value(v, args[0], kind, path) for v in value)
        if len(args) != len(value):
            raise ActionFormatError(
                _n(
                    "{where}: expected {n} item, got {got}",
                    "{where}: expected {n} items, got {got}",
                    len(args),
                    where=_where(kind, path),
                    got=len(value),
                )
            )
        return tuple(_from_json_value(v, a, kind, path) for v, a in zip(value, args, strict=True))
    if origin is frozenset:
        if not isinstance(value, list | tuple):
            raise ActionFormatError(_expected_list(kind, path, value))
        return frozenset(_from_json_value(v, args[0], kind, path) for v in value)
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise ActionFormatError(
            _(
                "{where}: expected true or false, got {value}",
                where=_where(kind, path),
                value=repr(value),
            )
        )
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ActionFormatError(
            _(
                "{where}: expected a whole number, got {value}",
                where=_where(kind, path),
                value=repr(value),
            )
        )
    if hint is str:
        if isinstance(value, str):
            return value
        raise ActionFormatError(
            _(
                "{where}: expected a string, got {value}",
                where=_where(kind, path),
                value=repr(value),
            )
        )
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            raise ActionFormatError(
                _(
                    "{where}: expected an object, got {value}",
                    where=_where(kind, path),
                    value=repr(value),
                )
            )
        sub_hints = get_type_hints(hint)
        sub_fields = {f.name for f in dataclasses.fields(hint)}
        extra = sorted(set(value) - sub_fields)
        if extra:
            raise ActionFormatError(
                _("{where}: unknown field {name}", where=_where(kind, path), name=repr(extra[0]))
            )
        required = {
            f.name
            for f in dataclasses.fields(hint)
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        }
        missing = sorted(required - set(value))
        if missing:
            raise ActionFormatError(
                _(
                    "{where}: field {name} is missing",
                    where=_where(kind, path),
                    name=repr(missing[0]),
                )
            )
        return hint(
            **{k: _from_json_value(value[k], sub_hints[k], kind, f"{path}.{k}") for k in value}
        )
    raise ActionFormatError(
        _("{where}: unsupported field type {hint}", where=_where(kind, path), hint=hint)
    )


def _expected_list(kind: str, path: str, value: object) -> str:
    return _("{where}: expected a list, got {value}", where=_where(kind, path), value=repr(value))
