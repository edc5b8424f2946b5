"""The list behind ``State.history`` and ``State.log``, shared by a state and its clones.

Compiled with the rules (``rulekeeper.native.MODULES``): the rules append an event
at nearly every step of a rollout (issue 12).
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar, overload

from rulekeeper.native import own_abc_records

T = TypeVar("T")


class AppendOnlyList(Sequence[T]):
    """A list that only grows, whose copies share the entries they have in common.

    ``fork()`` is O(1). The storage is shared until a copy appends while the
    storage holds entries another copy added; only then does it copy the
    entries it had (once). Entries must never be changed once appended.
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._n = len(self._items)

    def fork(self) -> AppendOnlyList[T]:
        """An independent copy sharing this list's entries."""
        # Compiled, __new__ runs __init__ (an empty list, replaced below): mypyc's
        # serializable classes skip it, but with a generic base their __init__ sets nothing.
        other: AppendOnlyList[T] = AppendOnlyList.__new__(AppendOnlyList)
        other._items = self._items
        other._n = self._n
        return other

    def append(self, item: T) -> None:
        if len(self._items) != self._n:
            self._items = self._items[: self._n]
        self._items.append(item)
        self._n += 1

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return self._items[: self._n][index]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("AppendOnlyList index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return itertools.islice(self._items, self._n)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AppendOnlyList | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"AppendOnlyList({list(self)!r})"

    def __deepcopy__(self, memo: dict[int, Any]) -> AppendOnlyList[T]:
        return AppendOnlyList(copy.deepcopy(list(self), memo))


own_abc_records(AppendOnlyList)
