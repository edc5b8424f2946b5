"""Map-card geometry (boards/mapcards.py): shapes, turns, placement, spaces, walls, card edges."""

from __future__ import annotations

import pytest

from rulekeeper.boards.mapcards import (
    CardLayout,
    CardPos,
    MapGrid,
    Space,
    turn_direction,
    turn_local,
)


def open_card(name: str = "open", width: int = 2, height: int = 2) -> CardLayout:
    return CardLayout(name, width, height)


def test_spaces_have_global_coordinates_across_cards() -> None:
    grid = MapGrid({CardPos(0, 0): open_card()}).place(CardPos(2, 0), open_card())
    assert grid.card_of(Space(3, 1)) == CardPos(2, 0)
    assert grid.local_of(Space(3, 1)) == (1, 1)
    assert grid.space_at(CardPos(-2, 0), (1, 0)) == Space(-1, 0)
    assert grid.card_of(Space(-1, 0)) is None  # no card there
    assert len(grid.spaces()) == 8
    assert grid.bounds() == (0, 0, 3, 1)


def test_movement_crosses_an_open_card_edge() -> None:
    grid = MapGrid({CardPos(0, 0): open_card()}).place(CardPos(2, 0), open_card())
    assert grid.neighbours(Space(1, 0)) == {
        "east": Space(2, 0),
        "south": Space(1, 1),
        "west": Space(0, 0),
    }
    assert not grid.wall_between(Space(1, 0), Space(2, 0))


def test_a_wall_inside_a_card_blocks_both_ways() -> None:
    walled = CardLayout("walled", 2, 2, walls=frozenset({frozenset({(0, 0), (1, 0)})}))
    grid = MapGrid({CardPos(0, 0): walled})
    assert grid.wall_between(Space(0, 0), Space(1, 0))
    assert not grid.can_step(Space(0, 0), "east")
    assert not grid.can_step(Space(1, 0), "west")
    assert grid.can_step(Space(0, 0), "south")


def test_an_edge_wall_on_either_card_closes_the_card_edge() -> None:
    closed_east = CardLayout("closed", 2, 2, edge_walls=frozenset({((1, 0), "east")}))
    grid = MapGrid({CardPos(0, 0): closed_east}).place(CardPos(2, 0), open_card())
    assert not grid.can_step(Space(1, 0), "east")
    assert not grid.can_step(Space(2, 0), "west")
    assert grid.can_step(Space(1, 1), "east")
    closed_west = CardLayout("closed-w", 2, 2, edge_walls=frozenset({((0, 1), "west")}))
    grid = MapGrid({CardPos(0, 0): open_card()}).place(CardPos(2, 0), closed_west)
    assert not grid.can_step(Space(1, 1), "east")


def test_no_step_off_the_placed_cards() -> None:
    grid = MapGrid({CardPos(0, 0): open_card()})
    assert not grid.can_step(Space(0, 0), "north")
    assert grid.neighbours(Space(9, 9)) == {}


def test_placement_needs_free_spaces_touching_a_placed_card() -> None:
    grid = MapGrid({CardPos(0, 0): open_card()})
    with pytest.raises(ValueError, match="already"):
        grid.place(CardPos(1, 1), open_card())  # overlaps one space
    with pytest.raises(ValueError, match="adjacent"):
        grid.place(CardPos(3, 0), open_card())
    bigger = grid.place(CardPos(0, -2), open_card())
    assert not grid.is_placed(CardPos(0, -2))  # the old grid is unchanged
    assert bigger.is_placed(CardPos(0, -2))


def test_bad_layouts_are_refused() -> None:
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, walls=frozenset({frozenset({(0, 0), (1, 1)})}))
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, walls=frozenset({frozenset({(0, 0), (2, 0)})}))
    with pytest.raises(ValueError):
        CardLayout("x", 2, 2, edge_walls=frozenset({((0, 0), "east")}))
    with pytest.raises(ValueError, match="joined"):
        CardLayout("x", 2, 2, holes=frozenset({(1, 0), (0, 1)}))  # two corners apart
    with pytest.raises(ValueError, match="at least one"):
        CardLayout("x", 1, 1, holes=frozenset({(0, 0)}))
    with pytest.raises(ValueError, match="outside"):
        CardLayout("x", 2, 2, holes=frozenset({(2, 0)}))


# -- shapes and turns ---------------------------------------------------------
L_CARD = CardLayout("ell", 2, 3, holes=frozenset({(1, 0), (1, 1)}))
"""#.
   #.
   ## : an L of four spaces."""


def test_a_shaped_card_has_only_its_spaces() -> None:
    assert L_CARD.size == 4
    assert list(L_CARD.locals()) == [(0, 0), (0, 1), (0, 2), (1, 2)]
    grid = MapGrid({CardPos(0, 0): L_CARD})
    assert not grid.has_space(Space(1, 0))
    assert grid.neighbours(Space(0, 2)) == {"north": Space(0, 1), "east": Space(1, 2)}
    assert grid.neighbours(Space(1, 2)) == {"west": Space(0, 2)}


def test_turning_a_card_turns_its_spaces_walls_and_edges() -> None:
    assert [turn_direction("north", d) for d in (0, 90, 180, 270)] == [
        "north",
        "east",
        "south",
        "west",
    ]
    assert turn_local((0, 0), 2, 3, 90) == (2, 0)  # the north-west corner goes north-east
    assert turn_local((1, 2), 2, 3, 180) == (0, 0)
    walled = CardLayout(
        "w",
        2,
        3,
        walls=frozenset({frozenset({(0, 0), (0, 1)})}),
        edge_walls=frozenset({((0, 0), "north")}),
        holes=frozenset({(1, 0), (1, 1)}),
    )
    turned = walled.turned(90)
    assert (turned.width, turned.height) == (3, 2)
    assert turned.holes == frozenset({(2, 1), (1, 1)})
    assert turned.walls == frozenset({frozenset({(2, 0), (1, 0)})})
    assert turned.edge_walls == frozenset({((2, 0), "east")})
    assert walled.turned(90).turned(270) == walled
    with pytest.raises(ValueError):
        walled.turned(45)


def test_a_card_laid_beyond_an_arrow_touches_it_aligned_with_the_explored_card() -> None:
    """The near edge touches the arrow's side; the corner aligns unless it must slide."""
    grid = MapGrid({CardPos(0, 0): open_card()})
    # 2x2 beyond the east arrow of space 1,1: the boxes' north edges align.
    assert grid.placement_for(Space(1, 1), "east", open_card()) == CardPos(2, 0)
    # A 3x1 strip north of space 1,0: west edges align.
    assert grid.placement_for(Space(1, 0), "north", open_card("strip", 3, 1)) == CardPos(0, -1)
    # A 1x1 cell must slide to lie across the arrow.
    assert grid.placement_for(Space(1, 0), "north", open_card("cell", 1, 1)) == CardPos(1, -1)
    # The L laid south of space 1,1: its near row is its top row, one space wide.
    assert grid.placement_for(Space(1, 1), "south", L_CARD) == CardPos(1, 2)
    # West of 0,1 the L's near column is its east one: only row 2 is a space there.
    assert grid.placement_for(Space(0, 1), "west", L_CARD) == CardPos(-2, -1)


def test_a_card_never_covers_a_placed_space_and_may_not_fit() -> None:
    grid = MapGrid({CardPos(0, 0): open_card(), CardPos(2, -2): open_card()})
    # North of 1,0 a 3x1 strip aligned west would cover 2,-1: it slides west instead.
    assert grid.placement_for(Space(1, 0), "north", open_card("strip", 3, 1)) == CardPos(-1, -1)
    assert grid.placement_for(Space(1, 0), "north", open_card("big", 3, 3)) == CardPos(-1, -3)
    # Across the arrow already placed: nothing to lay.
    placed = grid.place(CardPos(2, 0), open_card())
    assert placed.placement_for(Space(1, 1), "east", open_card()) is None
    # Hemmed in on both sides, only a card narrow enough fits.
    hemmed = MapGrid({**grid.cards, CardPos(-2, -2): open_card()})
    assert hemmed.placement_for(Space(1, 0), "north", open_card("strip", 3, 1)) is None
    assert hemmed.placement_for(Space(1, 0), "north", open_card("cell", 1, 1)) == CardPos(1, -1)
