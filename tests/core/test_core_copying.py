"""Fast copies for clone(): AppendOnlyList and copies planned from type hints (issue 12)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core.append_only import AppendOnlyList
from rulekeeper.core.copying import copier, copy_value


# -- AppendOnlyList ---------------------------------------------------------------------------
def test_fork_shares_entries_and_diverges_on_append() -> None:
    root = AppendOnlyList([1, 2, 3])
    twin = root.fork()
    root.append(4)
    twin.append(40)
    assert list(root) == [1, 2, 3, 4]
    assert list(twin) == [1, 2, 3, 40]
    third = root.fork()
    third.append(5)
    root.append(50)
    assert list(root) == [1, 2, 3, 4, 50]
    assert list(third) == [1, 2, 3, 4, 5]
    assert list(twin) == [1, 2, 3, 40]


def test_reads_behave_like_a_list() -> None:
    entries = AppendOnlyList("abcde")
    longer = entries.fork()
    longer.append("f")  # the shared storage holds more than ``entries`` sees
    assert len(entries) == 5
    assert entries[-1] == "e" and entries[0] == "a"
    assert entries[1:3] == ["b", "c"] and entries[-2:] == ["d", "e"]
    assert entries[5:] == []
    with pytest.raises(IndexError):
        entries[5]
    with pytest.raises(IndexError):
        entries[-6]
    assert entries == list("abcde") and entries != list("abcdef")
    assert "f" not in entries and "e" in entries
    assert copy.deepcopy(entries) == entries


@given(st.lists(st.tuples(st.integers(0, 3), st.integers()), max_size=60))
def test_forks_match_independent_lists(script: list[tuple[int, int]]) -> None:
    """Any mix of forks and appends reads exactly as independent plain lists would."""
    shared = [AppendOnlyList[int]()]
    plain: list[list[int]] = [[]]
    for which, value in script:
        which %= len(shared)
        if value % 3 == 0 and len(shared) < 6:
            shared.append(shared[which].fork())
            plain.append(list(plain[which]))
        else:
            shared[which].append(value)
            plain[which].append(value)
    assert [list(s) for s in shared] == plain


# -- planned copies -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Point:
    q: int
    r: int


@dataclass
class Piece:
    name: str
    at: Point
    tags: list[str] = field(default_factory=list)
    moves: list[list[int]] = field(default_factory=list)
    notes: dict[str, Any] = field(default_factory=dict)
    parent: Piece | None = None
    odds: Fraction = Fraction(1, 2)


class Opaque:
    def __init__(self) -> None:
        self.items = [1]


def test_values_that_cannot_change_are_shared() -> None:
    for hint in (int, str, bool, Fraction, tuple[int, int], Point, str | None, tuple[Point, ...]):
        assert copier(hint) is None, hint


def test_a_copied_dataclass_shares_nothing_mutable() -> None:
    inner = Piece("inner", Point(0, 0))
    piece = Piece("a", Point(1, 2), ["x"], [[1, 2]], {"path": [[0, 1]], "n": 3}, inner)
    twin = copy_value(piece, Piece)
    assert twin == piece and twin is not piece
    assert twin.at is piece.at  # frozen: shared
    twin.tags.append("y")
    twin.moves[0].append(3)
    twin.notes["path"][0].append(2)
    twin.parent.tags.append("z")
    assert piece == Piece("a", Point(1, 2), ["x"], [[1, 2]], {"path": [[0, 1]], "n": 3}, inner)
    assert inner.tags == []


def test_a_type_without_a_plan_is_deep_copied() -> None:
    value = Opaque()
    twin = copy_value(value, Opaque)
    twin.items.append(2)
    assert value.items == [1]
    holder = copy_value({"o": value}, dict[str, Any])
    holder["o"].items.append(3)
    assert value.items == [1]
