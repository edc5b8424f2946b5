"""Fast copies for ``State.clone()``: shared append-only logs and copies planned from types.

Search and rollouts clone states by the thousand (DESIGN.md, "Performance"),
so a clone must cost about as much as the state's *mutable* parts, not its
whole history:

- a history or an event log is an
  :class:`~rulekeeper.core.append_only.AppendOnlyList`, which a clone forks in O(1).
- :func:`copier` plans, once per type, how to copy a value from its type
  hints: values that cannot change (numbers, strings, frozen dataclasses and
  frozen pydantic models, tuples of those) are shared, lists and dicts are
  copied one level or element by element as their item types need, mutable
  dataclasses field by field, and anything the plan does not know is deep
  copied, so a field added later is never shared by mistake.
"""

from __future__ import annotations

import copy
import dataclasses
import types
import typing
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal, TypeVar

from rulekeeper.native import field_hints

T = TypeVar("T")
Copier = Callable[[Any], Any]

_SCALARS: tuple[type, ...] = (
    int,
    str,
    bool,
    float,
    bytes,
    type(None),
    complex,
    Fraction,
    Decimal,
)
"""Types whose values never change: shared by every copy."""


# -- copies planned from type hints ------------------------------------------------------
_plans: dict[Any, Copier | None] = {}


def copier(hint: Any) -> Copier | None:
    """How to copy a value of type ``hint``: a function, or None when it can be shared."""
    try:
        return _plans[hint]
    except KeyError:
        pass
    except TypeError:  # an unhashable hint: plan it every time
        return _plan(hint)
    _plans[hint] = _deep_copy  # a recursive type refers to itself while being planned
    plan = _plan(hint)
    _plans[hint] = plan
    return plan


def copy_value(value: Any, hint: Any) -> Any:
    """A copy of ``value`` (of type ``hint``) that shares only what cannot change."""
    plan = copier(hint)
    return value if plan is None else plan(value)


def _deep_copy(value: Any) -> Any:
    return copy.deepcopy(value)


def copy_any(value: Any) -> Any:
    """A copy of a value of unknown type: JSON-like values fast, anything else deep."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        return [copy_any(v) for v in value]
    if kind is dict:
        return {k: copy_any(v) for k, v in value.items()}
    if kind is tuple:
        return tuple(copy_any(v) for v in value)
    plan = copier(kind)
    return value if plan is None else plan(value)


def _plan(hint: Any) -> Copier | None:
    if hint is Any or hint is object:
        return copy_any
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is Literal or hint in _SCALARS:
        return None
    if origin in (typing.Union, types.UnionType):
        return _plan_union(args)
    if origin is tuple or hint is tuple:
        items = [a for a in args if a is not Ellipsis]
        if items and all(copier(a) is None for a in items):
            return None
        return copy_any
    if origin is list or hint is list:
        return _plan_list(args[0] if args else Any)
    if origin is dict or hint is dict:
        return _plan_dict(args[1] if len(args) == 2 else Any)
    if origin in (set, frozenset) or hint in (set, frozenset):
        if origin is frozenset or hint is frozenset:
            return None if not args or copier(args[0]) is None else copy_any
        return set.copy if not args or copier(args[0]) is None else _deep_copy
    if isinstance(hint, type):
        return _plan_class(hint)
    return _deep_copy


def _plan_union(args: tuple[Any, ...]) -> Copier | None:
    plans = [copier(a) for a in args if a is not type(None)]
    if all(p is None for p in plans):
        return None
    if len(plans) == 1 and len(args) == 2:
        only = plans[0]
        assert only is not None
        return lambda value: None if value is None else only(value)
    return copy_any


def _plan_list(item: Any) -> Copier:
    plan = copier(item)
    if plan is None:
        return list.copy
    each = plan
    return lambda value: [each(v) for v in value]


def _plan_dict(item: Any) -> Copier:
    plan = copier(item)
    if plan is None:
        return dict.copy
    each = plan
    return lambda value: {k: each(v) for k, v in value.items()}


def _plan_class(cls: type) -> Copier | None:
    if issubclass(cls, _SCALARS):
        return None
    config = getattr(cls, "model_config", None)
    if isinstance(config, dict) and config.get("frozen") and hasattr(cls, "model_fields"):
        return None  # a frozen pydantic model: a value
    if dataclasses.is_dataclass(cls):
        params = getattr(cls, "__dataclass_params__", None)
        frozen = bool(getattr(params, "frozen", False))
        hints = field_hints(cls)
        fields = [(f.name, hints.get(f.name, Any)) for f in dataclasses.fields(cls)]
        if frozen and all(copier(h) is None for _, h in fields):
            return None
        own_copy = cls.__dict__.get("copy")
        if callable(own_copy):
            return own_copy  # type: ignore[no-any-return]
        if frozen:
            return _deep_copy
        return _dataclass_copier(cls, fields)
    own_copy = getattr(cls, "copy", None)
    if callable(own_copy):
        return own_copy  # type: ignore[no-any-return]
    return _deep_copy


def _dataclass_copier(cls: type, fields: list[tuple[str, Any]]) -> Copier:
    """A copy function for a mutable dataclass, generated once from its fields' plans."""
    plans = {name: copier(hint) for name, hint in fields}
    names = {name: f"_p{i}" for i, name in enumerate(plans)}
    env: dict[str, Any] = {"_new": cls.__new__, "_cls": cls}
    env.update({names[n]: p for n, p in plans.items() if p is not None})
    # field by field for slotted classes and for compiled (native) ones, which have no
    # instance dictionary (their own ``__new__`` makes an instance without ``__init__``)
    slotted = "__slots__" in cls.__dict__ or cls.__dictoffset__ == 0
    lines = ["def _copy(value):", "    other = _new(_cls)"]
    if slotted:
        for name, plan in plans.items():
            source = f"value.{name}"
            copied = f"{names[name]}({source})" if plan is not None else source
            lines.append(f"    other.{name} = {copied}")
    else:
        lines.append("    d = value.__dict__.copy()")
        for name, plan in plans.items():
            if plan is not None:
                lines.append(f"    d[{name!r}] = {names[name]}(d[{name!r}])")
        lines.append("    other.__dict__ = d")
    lines.append("    return other")
    exec("\n".join(lines), env)
    return env["_copy"]  # type: ignore[no-any-return]
