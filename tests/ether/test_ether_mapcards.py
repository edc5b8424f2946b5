"""Map-card geometry (boards/mapcards.py): placement, spaces, walls, card edges."""

from __future__ import annotations

import pytest

from rulekeeper.boards.mapcards import CardLayout, CardPos, MapGrid, Space


def open_card(name: str = "open") -> CardLayout:
    return CardLayout(name, 2, 2)


def test_spaces_have_global_coordinates_across_cards() -> None:
    grid = MapGrid(2, 2, {CardPos(0, 0): open_card()}).place(CardPos(1, 0), open_card())
    assert grid.card_of(Space(3, 1)) == CardPos(1, 0)
    assert grid.local_of(Space(3, 1)) == (1, 1)
    assert grid.space_at(CardPos(-1, 0), (1, 0)) == Space(-1, 0)
    assert grid.card_of(Space(-1, 0)) == CardPos(-1, 0)
    assert len(grid.spaces()) == 8
    assert grid.bounds() == (0, 0, 3, 1)


def test_movement_crosses_an_open_card_edge() -> None:
    grid = MapGrid(2, 2, {CardPos(0, 0): open_card()}).place(CardPos(1, 0), open_card())
    assert grid.neighbours(Space(1, 0)) == {
        "east": Space(2, 0),
        "south": Space(1, 1),
        "west": Space(0, 0),
    }
    assert not grid.wall_between(Space(1, 0), Space(2, 0))


def test_a_wall_inside_a_card_blocks_both_ways() -> None:
    walled = CardLayout("walled", 2, 2, walls=frozenset({frozenset({(0, 0), (1, 0)})}))
    grid = MapGrid(2, 2, {CardPos(0, 0): walled})
    assert grid.wall_between(Space(0, 0), Space(1, 0))
    assert not grid.can_step(Space(0, 0), "east")
    assert not grid.can_step(Space(1, 0), "west")
    assert grid.can_step(Space(0, 0), "south")


def test_an_edge_wall_on_either_card_closes_the_card_edge() -> None:
    closed_east = CardLayout("closed", 2, 2, edge_walls=frozenset({((1, 0), "east")}))
    grid = MapGrid(2, 2, {CardPos(0, 0): closed_east}).place(CardPos(1, 0), open_card())
    assert not grid.can_step(Space(1, 0), "east")
    assert not grid.can_step(Space(2, 0), "west")
    assert grid.can_step(Space(1, 1), "east")
    closed_west = CardLayout("closed-w", 2, 2, edge_walls=frozenset({((0, 1), "west")}))
    grid = MapGrid(2, 2, {CardPos(0, 0): open_card()}).place(CardPos(1, 0), closed_west)
    assert not grid.can_step(Space(1, 1), "east")


def test_no_step_off_the_placed_cards() -> None:
    grid = MapGrid(2, 2, {CardPos(0, 0): open_card()})
    assert not grid.can_step(Space(0, 0), "north")
    assert grid.neighbours(Space(9, 9)) == {}


def test_placement_needs_a_free_adjacent_position() -> None:
    grid = MapGrid(2, 2, {CardPos(0, 0): open_card()})
    with pytest.raises(ValueError, match="already"):
        grid.place(CardPos(0, 0), open_card())
    with pytest.raises(ValueError, match="adjacent"):
        grid.place(CardPos(2, 0), open_card())
    assert CardPos(0, 0).step("north") == CardPos(0, -1)
    bigger = grid.place(CardPos(0, -1), open_card())
    assert not grid.is_placed(CardPos(0, -1))  # the old grid is unchanged
    assert bigger.is_placed(CardPos(0, -1))


def test_bad_layouts_are_refused() -> None:
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, walls=frozenset({frozenset({(0, 0), (1, 1)})}))
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, walls=frozenset({frozenset({(0, 0), (2, 0)})}))
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, edge_walls=frozenset({((0, 0), "east")}))
    with pytest.raises(ValueError):
        MapGrid(3, 3, {CardPos(0, 0): open_card()})
