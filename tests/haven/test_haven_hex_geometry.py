"""Hex geometry and the board tables: coordinates, symmetries, range around walls (HV-LOS-2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.boards.hexgrid import (
    DIRECTIONS,
    UNREACHABLE,
    HexBoard,
    LinkedHexBoard,
    ShapeStamps,
    distance,
    edge,
    has_position,
    mask_bytes,
    neighbours,
    orientations,
    reflect,
    rotate,
)

coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def disc(radius: int) -> list[tuple[int, int]]:
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance((0, 0), (q, r)) <= radius
    ]


def test_neighbours_follow_the_board_format_order() -> None:
    assert neighbours((0, 0)) == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert all(distance((0, 0), d) == 1 for d in DIRECTIONS)


def test_distance_formula() -> None:
    assert distance((0, 0), (3, -1)) == 3
    assert distance((2, -5), (4, -8)) == 3
    assert distance((1, 1), (1, 1)) == 0


@given(coords, coords)
def test_distance_is_symmetric_and_invariant_under_the_twelve_symmetries(a, b) -> None:
    for turns in range(6):
        assert distance(rotate(a, turns), rotate(b, turns)) == distance(a, b)
    assert distance(reflect(a), reflect(b)) == distance(a, b)


def test_rotation_turns_each_direction_into_the_next() -> None:
    for d in range(6):
        assert rotate(DIRECTIONS[d]) == DIRECTIONS[(d + 1) % 6]
    assert rotate((2, -1), 6) == (2, -1)


def test_reflection_mirrors_top_to_bottom() -> None:
    assert reflect((0, -1)) == (0, 1)  # straight up becomes straight down
    assert reflect((1, 0)) == (1, -1)
    assert reflect(reflect((3, -2))) == (3, -2)


def test_a_line_shape_has_three_orientations_and_a_bent_one_six() -> None:
    assert len(orientations([(1, 0), (2, 0)])) == 3 * 2  # about the origin: 6 directions
    assert len(orientations([(0, 0), (1, 0), (1, 1)])) == 12  # chiral: mirror images differ


def test_edges_are_shared_by_both_hexes() -> None:
    for d in range(6):
        other = DIRECTIONS[d]
        assert edge((0, 0), d) == edge(other, (d + 3) % 6)


def test_HV_LOS_2_range_is_counted_around_a_thin_wall_but_through_anything_else() -> None:
    """HV-LOS-2: two neighbours split by a wall are two hexes apart (around the wall's end)."""
    board = HexBoard(disc(3), [((0, 0), (0, 1))])
    a, b = board.index[(0, 0)], board.index[(0, 1)]
    assert board.proximity(a)[b] == 2
    assert not board.adjacent(a, b)  # a wall breaks adjacency
    assert board.adjacent(a, board.index[(1, 0)])


def test_HV_LOS_2_range_is_never_counted_across_the_map_edge() -> None:
    """HV-LOS-2: hexes outside the map are walls; range goes around a notch."""
    hexes = [h for h in disc(3) if h not in {(1, -1), (1, 0), (1, 1), (1, -2)}]
    board = HexBoard(hexes)
    a, b = board.index[(0, 0)], board.index[(2, 0)]
    assert distance((0, 0), (2, 0)) == 2
    assert board.proximity(a)[b] > 2
    island = HexBoard([(0, 0), (5, 0)])
    assert island.proximity(0)[1] == UNREACHABLE


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 36), st.integers(0, 36))
def test_proximity_is_never_shorter_than_hex_distance(i, j) -> None:
    board = HexBoard(disc(3), [((0, 0), (0, 1)), ((1, 0), (1, -1))])
    assert board.proximity(i)[j] >= distance(board.hexes[i], board.hexes[j])
    assert board.proximity(i)[j] == board.proximity(j)[i]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 36), st.sets(st.integers(0, 38), max_size=6))
def test_HV_LOS_2_proximity_to_a_few_hexes_reads_as_the_whole_table(start, targets) -> None:
    """The search that stops at the last target (the mover's focus ties) counts as proximity()."""
    walls = [((0, 0), (0, 1)), ((1, 0), (1, -1)), ((-1, 0), (0, 0))]
    board = HexBoard([*disc(3), (6, 0), (6, 1)], walls)  # two hexes off on their own
    mask = board.mask_of(targets)
    fresh = HexBoard([*disc(3), (6, 0), (6, 1)], walls).proximity_to(start, mask)
    table = board.proximity(start)
    assert fresh == {i: table[i] for i in targets}
    assert board.proximity_to(start, mask) == fresh  # read from the table once it is made


offsets = st.tuples(st.integers(-4, 4), st.integers(-4, 4))


@settings(max_examples=60, deadline=None)
@given(
    st.sets(coords.map(lambda h: (h[0] % 7, h[1] % 6 - 3)), min_size=1, max_size=30),
    st.lists(st.frozensets(offsets, min_size=1, max_size=5), min_size=1, max_size=4),
)
def test_HV_TGT_3_a_shape_placed_around_a_hex_covers_exactly_its_map_hexes(hexes, shapes) -> None:
    """Area shapes placed by mask shifts (top and bottom rows looked up) hold every map hex
    of the shape moved to the hex, and no other: no offset wraps into another column."""
    board = HexBoard(sorted(hexes))
    stamps = ShapeStamps(board, shapes)
    for i, (q, r) in enumerate(board.hexes):
        expected = [
            board.mask_of(board.index[c] for c in ((q + dq, r + dr) for dq, dr in s) if c in board)
            for s in shapes
        ]
        assert stamps.around(i) == expected


def test_a_hex_listed_twice_is_one_hex_with_its_first_number() -> None:
    board = HexBoard([(0, 0), (1, 0), (0, 0), (2, 0)])
    assert board.hexes == ((0, 0), (1, 0), (2, 0))
    assert board.index == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert board.full_mask.bit_count() == 3


@settings(max_examples=150, deadline=None)
@given(
    st.sets(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1, max_size=60),
    st.data(),
)
def test_travel_steps_and_open_ways_are_the_open_neighbours(cells, data) -> None:
    """The flat step table the movement searches read (position arithmetic, walls closing a
    step both ways) lists exactly the open neighbours, in direction order, then the links;
    the icy slides' table (entry ``6 * i + d``) holds the neighbour in direction ``d``
    exactly when that edge is open, links left out."""
    hexes = sorted(cells)
    pairs = [(a, b) for a in hexes for b in hexes if a < b and distance(a, b) == 1]
    walls = data.draw(st.lists(st.sampled_from(pairs), max_size=12)) if pairs else []
    links = data.draw(
        st.lists(st.tuples(st.sampled_from(hexes), st.sampled_from(hexes)), max_size=3)
    )
    for board in (HexBoard(hexes, walls), LinkedHexBoard(hexes, walls, links)):
        want = tuple(tuple(j for _, j in row) for row in board.open_neighbours)
        assert board.travel_steps == want
        for i, row in enumerate(board.travel_steps):
            for j in row:
                assert i in board.travel_steps[j]  # a step goes both ways
        ways = [-1] * (6 * len(board))
        for i, row in enumerate(board.open_neighbours):
            for d, j in row:
                if d < 6:  # a link is no direction
                    ways[6 * i + d] = j
        assert board.open_ways == ways


def _counted(board: HexBoard, start: int, links: bool) -> list[int]:
    """Hexes counted from ``start`` by a plain search over ``adjacent`` (and links)."""
    dist = [UNREACHABLE] * len(board)
    dist[start] = 0
    queue = [start]
    for u in queue:
        beside = [v for v in range(len(board)) if board.adjacent(u, v)]
        if links:
            beside += list(board.linked_to(u))
        for v in beside:
            if dist[v] == UNREACHABLE:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


@settings(max_examples=100, deadline=None)
@given(
    st.sets(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), min_size=1, max_size=45),
    st.data(),
)
def test_HV_LOS_2_proximity_counts_around_walls_and_focus_counts_links(cells, data) -> None:
    """proximity, proximity_to and (with links) focus_proximity, read from the flat step
    tables, count what a search hex by hex over open edges counts."""
    hexes = sorted(cells)
    pairs = [(a, b) for a in hexes for b in hexes if a < b and distance(a, b) == 1]
    walls = data.draw(st.lists(st.sampled_from(pairs), max_size=10)) if pairs else []
    links = data.draw(
        st.lists(st.tuples(st.sampled_from(hexes), st.sampled_from(hexes)), max_size=3)
    )
    start = data.draw(st.integers(0, len(hexes) - 1))
    wanted = data.draw(st.sets(st.integers(0, len(hexes) - 1), max_size=4))
    for board in (HexBoard(hexes, walls), LinkedHexBoard(hexes, walls, links)):
        plain = _counted(board, start, links=False)
        assert list(board.proximity(start)) == plain
        fresh = HexBoard(hexes, walls)  # no table made for ``start`` yet: the stopping search
        assert fresh.proximity_to(start, fresh.mask_of(wanted)) == {i: plain[i] for i in wanted}
        travel = _counted(board, start, links=True)
        assert board.focus_proximity(start, board.mask_of(wanted)) == {i: travel[i] for i in wanted}


@given(st.integers(0, 1 << 300), st.integers(0, 320))
def test_a_mask_as_bytes_holds_the_same_positions(mask, p) -> None:
    assert has_position(mask_bytes(mask), p) == bool(mask >> p & 1)


def test_a_shared_board_is_one_per_map_and_walls_whatever_tuple_names_them() -> None:
    """HexBoard.shared answers a tuple of hexes seen before from its identity, an equal
    tuple from the table by value, and other walls with another board."""
    from rulekeeper.boards.hexgrid import clear_shared_boards

    clear_shared_boards()
    hexes = tuple((q, r) for q in range(4) for r in range(3))
    wall = (((0, 0), (1, 0)),)
    board = HexBoard.shared(hexes, ())
    assert HexBoard.shared(hexes, ()) is board
    assert HexBoard.shared(tuple(list(hexes)), ()) is board
    walled = HexBoard.shared(hexes, wall)
    assert walled is not board and walled.walled((0, 0), (1, 0))
    assert HexBoard.shared(hexes, tuple(list(wall))) is walled
    assert HexBoard.shared(hexes, ()) is board  # back to the unwalled board, by value
    clear_shared_boards()
    assert HexBoard.shared(hexes, ()) is not board


def test_a_board_refuses_coordinates_beyond_its_bound() -> None:
    """Positions masks and the 64-bit lattice arithmetic of sight stay bounded: a board
    takes coordinates up to MAX_BOARD_COORDINATE and names the extent beyond it."""
    from rulekeeper.boards.hexgrid import MAX_BOARD_COORDINATE

    edge = MAX_BOARD_COORDINATE
    assert len(HexBoard([(edge, -edge), (edge - 1, -edge)])) == 2
    with pytest.raises(ValueError, match=r"within ±4096 \(q from 0 to 4097"):
        HexBoard([(0, 0), (edge + 1, 0)])
    with pytest.raises(ValueError, match="r from -4097 to 0"):
        HexBoard([(0, -edge - 1), (0, 0)])
