"""The orthogonal room grid (boards/rooms.py): geometry only, no rules."""

from __future__ import annotations

import pytest

from rulekeeper.boards.rooms import Room, RoomGrid


def test_neighbours_are_orthogonal_and_sorted() -> None:
    grid = RoomGrid(3, 3)
    assert grid.neighbours(4) == (1, 3, 5, 7)
    assert grid.neighbours(0) == (1, 3)
    assert grid.neighbours(8) == (5, 7)
    assert not grid.adjacent(0, 4)
    assert grid.coordinates(5) == (1, 2) and grid.room_at(1, 2) == 5
    assert grid.room_at(3, 0) is None


def test_distances_and_holes() -> None:
    grid = RoomGrid(3, 3, missing=[4])
    assert 4 not in grid and len(grid) == 8
    assert grid.distance(1, 7) == 4
    assert grid.neighbours(1) == (0, 2)
    cut = RoomGrid(1, 3, missing=[1])
    assert cut.distance(0, 2) is None
    assert cut.step_toward(0, [2]) is None


def test_step_toward_the_nearest_goal_lowest_id_on_ties() -> None:
    grid = RoomGrid(4, 4)
    assert grid.step_toward(5, [0]) == 1  # rooms 1 and 4 are both one step nearer
    assert grid.step_toward(15, [0, 14]) == 14
    assert grid.step_toward(3, [3]) is None
    assert grid.nearest(0, [15, 5]) == 2


def test_room_values() -> None:
    room = Room(2, "Vault", items=("a", "b"), requirements=("free",))
    assert room.top_item == "a"
    assert room.without_top_item().items == ("b",)
    assert room.activated().active and not room.active
    assert Room(0, "Empty").top_item is None


def test_a_grid_needs_a_size() -> None:
    with pytest.raises(ValueError):
        RoomGrid(0, 3)
