"""HV-LOS-1: line of sight, corner to corner [GH] and any point to any point [FH]."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.boards.hexgrid import CORNERS, DIRECTIONS, HexBoard, add, centre, distance
from rulekeeper.boards.line_of_sight import LineOfSight, segments_touch


def disc(radius: int) -> list[tuple[int, int]]:
    return [
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance((0, 0), (q, r)) <= radius
    ]


def sight(
    board: HexBoard, rule: str, a: tuple[int, int], b: tuple[int, int], *, house: bool = False
) -> bool:
    los = LineOfSight(board, rule, open_edge_neighbours=house)  # type: ignore[arg-type]
    return los.visible(board.index[a], board.index[b])


def test_HV_LOS_1_touching_counts_as_crossing_a_wall_line() -> None:
    """HV-LOS-1: a line ending on a wall, or grazing its tip, touches it and is blocked."""
    assert segments_touch((0, 0), (4, 0), (2, 0), (2, 5))  # passes through the wall's tip
    assert segments_touch((0, 0), (4, 0), (4, 0), (6, 2))  # ends on the wall's end point
    assert segments_touch((0, 0), (4, 0), (1, 0), (3, 0))  # runs along the wall
    assert not segments_touch((0, 0), (4, 0), (2, 1), (2, 5))


def test_HV_LOS_1_collinear_but_separate_segments_do_not_touch() -> None:
    """HV-LOS-1: a sight line in line with a wall further on is not blocked by it."""
    assert not segments_touch((0, 0), (2, 0), (3, 0), (5, 0))


def test_HV_LOS_1_open_board_everyone_sees_everyone_under_both_rules() -> None:
    board = HexBoard(disc(3))
    for rule in ("corner_to_corner", "any_point"):
        assert sight(board, rule, (-3, 0), (3, 0))
        assert sight(board, rule, (0, 3), (0, -3))


def test_HV_LOS_1_a_wall_line_across_the_way_blocks() -> None:
    """HV-LOS-1: a straight wall splitting the board blocks sight under both rules."""
    hexes = disc(3)
    walls = [((q, r), (q + 1, r - 1)) for q, r in hexes if q == 0 and (q + 1, r - 1) in hexes]
    walls += [((0, r), (1, r)) for q, r in hexes if q == 0 and (1, r) in hexes]
    board = HexBoard(hexes, walls)
    for rule in ("corner_to_corner", "any_point"):
        assert not sight(board, rule, (-2, 0), (2, 0))
        assert sight(board, rule, (-2, 0), (0, 2))


def test_HV_LOS_1_GH_corners_on_walls_cannot_be_used_FH_any_point_can() -> None:
    """HV-LOS-1 [GH p.19]: every corner of this hex touches a wall, so no line from it
    touches no wall: it sees nothing, not even a neighbour across an open edge (the
    open_edge_neighbours house rule lets it see that neighbour). [FH p.21] any point
    of it sees its neighbour and further."""
    walls = [((0, 0), add((0, 0), DIRECTIONS[d])) for d in (0, 2, 4)]
    board = HexBoard(disc(3), walls)
    assert not sight(board, "corner_to_corner", (0, 0), (1, -1))
    assert sight(board, "corner_to_corner", (0, 0), (1, -1), house=True)
    assert not sight(board, "corner_to_corner", (0, 0), (3, -3))
    assert not sight(board, "corner_to_corner", (0, 0), (3, -3), house=True)
    assert sight(board, "any_point", (0, 0), (1, -1))
    assert sight(board, "any_point", (0, 0), (3, -3))


def test_HV_LOS_1_neighbours_see_around_the_end_of_a_wall_between_them() -> None:
    """HV-LOS-1 [FH]: a walled shared edge still leaves a line around either end,
    unless the edges meeting there are walls too (the 'V')."""
    board = HexBoard(disc(2), [((0, 0), (0, 1))])
    assert sight(board, "any_point", (0, 0), (0, 1))
    v_shape = HexBoard(
        disc(2),
        [
            ((0, 0), (0, 1)),
            ((0, 0), (1, 0)),
            ((0, 1), (1, 0)),
            ((0, 0), (-1, 1)),
            ((0, 1), (-1, 1)),
        ],
    )
    assert not sight(v_shape, "any_point", (0, 0), (0, 1))


hexes3 = disc(3)
wall_pairs = sorted(
    {tuple(sorted((h, add(h, d)))) for h in hexes3 for d in DIRECTIONS if add(h, d) in hexes3}
)


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.sampled_from(wall_pairs), max_size=8),
    st.sampled_from(hexes3),
    st.sampled_from(hexes3),
    st.sampled_from(["corner_to_corner", "any_point"]),
)
def test_HV_LOS_1_line_of_sight_is_symmetric(walls, a, b, rule) -> None:
    """HV-LOS-1: if A sees B then B sees A, whatever the walls."""
    board = HexBoard(hexes3, walls)
    forward = LineOfSight(board, rule).visible(board.index[a], board.index[b])
    backward = LineOfSight(board, rule).visible(board.index[b], board.index[a])
    assert forward == backward


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.sampled_from(wall_pairs), max_size=8),
    st.sampled_from(hexes3),
    st.sampled_from(hexes3),
)
def test_HV_LOS_1_any_point_sees_at_least_what_corner_to_corner_sees(walls, a, b) -> None:
    """HV-LOS-1: [FH] lines from any point include the [GH] corner-to-corner lines."""
    board = HexBoard(hexes3, walls)
    if sight(board, "corner_to_corner", a, b):
        assert sight(board, "any_point", a, b)


def _sample_points(h: tuple[int, int]) -> list[tuple[Fraction, Fraction]]:
    """Points spread over the hex: its centre, corners and points between them."""
    cx, cy = centre(h)
    out = []
    for dx, dy in CORNERS:
        for k in (0, 1, 2, 3, 4):
            out.append((cx + Fraction(k * dx, 4), cy + Fraction(k * dy, 4)))
    for (ax, ay), (bx, by) in zip(CORNERS, CORNERS[1:] + CORNERS[:1], strict=True):
        out.append((cx + Fraction(ax + bx, 2), cy + Fraction(ay + by, 2)))
    return out


@settings(max_examples=40, deadline=None)
@given(
    st.sets(st.sampled_from(wall_pairs), max_size=8),
    st.sampled_from(hexes3),
    st.sampled_from(hexes3),
)
def test_HV_LOS_1_any_point_finds_every_sampled_clear_line(walls, a, b) -> None:
    """HV-LOS-1 [FH]: whenever some sampled segment between the two hexes misses every wall,
    the exact test agrees that they see each other (it never misses a window)."""
    board = HexBoard(hexes3, walls)
    segments = board.wall_segments
    clear = any(
        not any(segments_touch(p, q, w[0], w[1]) for w in segments)
        for p in _sample_points(a)
        for q in _sample_points(b)
    )
    if clear:
        assert sight(board, "any_point", a, b)


small = st.tuples(st.integers(-3, 3), st.integers(-3, 3))


@settings(max_examples=300, deadline=None)
@given(small, small, small, small)
def test_HV_LOS_1_fast_integer_line_test_agrees_with_segments_touch(p, q, a, b) -> None:
    """HV-LOS-1: the inlined corner-to-corner test is the plain touching test."""
    from rulekeeper.boards.line_of_sight import _clear_integer_line

    assert _clear_integer_line(p, q, [(a, b)]) == (not segments_touch(p, q, a, b))


def test_HV_LOS_1_GH_neighbours_in_a_one_hex_corridor_need_the_house_rule() -> None:
    """HV-LOS-1 [GH p.19]: in a corridor one hex wide every corner lies on the map edge
    (a wall line), so no corner-to-corner line touches no wall: neighbours across their
    open edge do not see each other. The opt-in house rule open_edge_neighbours lets
    them; a wall between them still blocks. [FH p.21] they see each other anyway."""
    corridor = [(0, 0), (1, 0), (2, -1), (3, -1)]
    board = HexBoard(corridor)
    assert not sight(board, "corner_to_corner", (0, 0), (1, 0))
    assert not sight(board, "corner_to_corner", (2, -1), (3, -1))
    assert sight(board, "corner_to_corner", (0, 0), (1, 0), house=True)
    assert sight(board, "corner_to_corner", (2, -1), (3, -1), house=True)
    assert sight(board, "any_point", (0, 0), (1, 0))
    assert sight(board, "any_point", (2, -1), (3, -1))
    walled = HexBoard(corridor, [((1, 0), (2, -1))])
    assert not sight(walled, "corner_to_corner", (1, 0), (2, -1), house=True)


def test_HV_LOS_1_GH_neighbours_see_through_an_open_edge_with_a_free_corner() -> None:
    """HV-LOS-1 [GH p.19]: on an open board the shared corners lie on no wall, so
    neighbours see each other without any house rule; walling off one shared corner
    leaves the other."""
    board = HexBoard(disc(2))
    for d in range(6):
        assert sight(board, "corner_to_corner", (0, 0), DIRECTIONS[d])
    # a wall ending at one shared corner of (0, 0) and (1, 0) leaves the other corner free
    one_side = HexBoard(disc(2), [((0, 0), (1, -1))])
    assert sight(one_side, "corner_to_corner", (0, 0), (1, 0))


def _diagonal_pairs(a: tuple[int, int], b: tuple[int, int]):
    """For each orientation with a strip between them: ``(p0, q0, dvec, gap, width)`` of the
    parallel diagonals of hexes ``a`` and ``b``, as the [FH] test takes them."""
    from rulekeeper.boards.line_of_sight import _DIAGONALS

    ca, cb = centre(a), centre(b)
    for lo, hi in _DIAGONALS:
        dvec = (CORNERS[hi][0] - CORNERS[lo][0], CORNERS[hi][1] - CORNERS[lo][1])
        p0 = (ca[0] + CORNERS[lo][0], ca[1] + CORNERS[lo][1])
        q0 = (cb[0] + CORNERS[lo][0], cb[1] + CORNERS[lo][1])
        gap = (q0[0] - p0[0], q0[1] - p0[1])
        width = dvec[0] * gap[1] - dvec[1] * gap[0]
        if width != 0:
            yield p0, q0, dvec, gap, width


@settings(max_examples=300, deadline=None)
@given(
    st.sets(st.sampled_from(wall_pairs), max_size=14),
    st.sampled_from(hexes3),
    st.sampled_from(hexes3),
)
def test_HV_LOS_1_a_wall_chain_proof_never_hides_a_clear_line(walls, a, b) -> None:
    """HV-LOS-1 [FH]: when a chain of walls is found across the strip between two diagonals
    (the shortcut that skips the sweep), the sweep finds no clear line there either, and
    no sampled segment between the diagonals misses every wall: the proof never says
    blocked where a sight line exists."""
    from rulekeeper.boards.line_of_sight import _chain_crosses, _sweep_finds_line

    board = HexBoard(hexes3, walls)
    segments = list(board.wall_segments)
    for p0, q0, dvec, gap, width in _diagonal_pairs(a, b):
        if not _chain_crosses(p0, dvec, gap, width, segments):
            continue
        assert not _sweep_finds_line(p0, q0, dvec, width, segments)
        for i in range(9):
            p = (p0[0] + Fraction(i * dvec[0], 8), p0[1] + Fraction(i * dvec[1], 8))
            for j in range(9):
                q = (q0[0] + Fraction(j * dvec[0], 8), q0[1] + Fraction(j * dvec[1], 8))
                assert any(segments_touch(p, q, w[0], w[1]) for w in segments)


def test_HV_LOS_1_a_wall_across_the_board_is_proved_blocked_without_the_sweep() -> None:
    """HV-LOS-1 [FH]: a straight wall splitting the board is found as one chain across every
    strip between the diagonals of hexes on either side; a board without walls in between
    has no such chain (the map edge runs round the pair, not across it)."""
    from rulekeeper.boards.line_of_sight import _chain_crosses

    hexes = disc(3)
    split = [((0, r), (1, r - 1)) for q, r in hexes if q == 0 and (1, r - 1) in hexes]
    split += [((0, r), (1, r)) for q, r in hexes if q == 0 and (1, r) in hexes]
    walled = list(HexBoard(hexes, split).wall_segments)
    open_board = list(HexBoard(hexes).wall_segments)
    strips = list(_diagonal_pairs((-2, 0), (2, 0)))
    assert strips
    for p0, _q0, dvec, gap, width in strips:
        assert _chain_crosses(p0, dvec, gap, width, walled)
        assert not _chain_crosses(p0, dvec, gap, width, open_board)


@settings(max_examples=300, deadline=None)
@given(small, small, st.integers(-3, 3), st.integers(1, 4))
def test_HV_LOS_1_square_side_test_agrees_with_segments_touch(a, b, level, span) -> None:
    """HV-LOS-1: the chain proof's exact side test is the plain touching test."""
    from rulekeeper.boards.line_of_sight import _meets_side

    if max(a[0], b[0]) < 0 or min(a[0], b[0]) > span:
        return  # the caller has already dropped walls outside the square's u range
    side = ((0, level), (span, level))
    assert _meets_side(a[0], a[1], b[0], b[1], level, span) == segments_touch(*side, a, b)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 10_000),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.tuples(st.integers(0, 40), st.integers(0, 30)),
    st.data(),
)
def test_HV_LOS_1_walls_near_a_box_are_the_wall_lines_meeting_it(
    seed, corner, extent, data
) -> None:
    """HV-LOS-1: the walls read around a pair (hex by hex, within a band) are the wall lines
    of the board whose bounding box meets the box, and with a band at least those whose
    hex's centre lies in it; the band only leaves walls out."""
    import random

    from haven_random_boards import _patch, _walls

    rng = random.Random(seed)
    hexes = _patch(rng)
    board = HexBoard(hexes, _walls(rng, hexes))
    x0, y0 = corner
    x1, y1 = x0 + extent[0], y0 + extent[1]

    def meets(w: tuple[tuple[int, int], tuple[int, int]]) -> bool:
        (ax, ay), (bx, by) = w
        return max(ax, bx) >= x0 and min(ax, bx) <= x1 and max(ay, by) >= y0 and min(ay, by) <= y1

    boxed = {w for w in board.wall_segments if meets(w)}
    assert board.walls_near(x0, x1, y0, y1) == boxed
    a = centre(data.draw(st.sampled_from(hexes)))
    b = centre(data.draw(st.sampled_from(hexes)))
    limit = data.draw(st.integers(0, 60))
    banded = board.walls_near(x0, x1, y0, y1, (a, b, limit))
    assert banded <= boxed
    dx, dy = b[0] - a[0], b[1] - a[1]
    for i, h in enumerate(board.hexes):
        x, y = centre(h)
        if abs(dx * (y - a[1]) - dy * (x - a[0])) <= limit:
            assert {w for w in board.walls_of(i) if meets(w)} <= banded
