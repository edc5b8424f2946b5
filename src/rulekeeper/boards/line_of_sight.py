"""HV-LOS-1: line of sight between two hexes, decided exactly.

Wall lines are the board's thin walls and its edge (:attr:`HexBoard.wall_segments`);
obstacles, figures and other terrain never block. A sight line is blocked when
it *touches* a wall line at any point, a corner included (the rulebooks say the
line must not touch a wall; a line that only grazes the tip of a wall is
therefore blocked). Two readings of where the line may start:

- ``corner_to_corner`` [GH p.19]: from a corner of one hex to a corner of the
  other. A corner lying on a wall line cannot be used at all, since any line
  from it touches that wall. Neighbours are no exception: two hexes across an
  open edge whose shared corners both lie on wall lines (a corridor one hex
  wide, a gap in a wall) see each other only if some other corner-to-corner
  line misses every wall. The house rule ``open_edge_neighbours`` (off unless
  asked for) lets such neighbours always see each other through the open edge.
- ``any_point`` [FH p.21]: from any point of one hex to any point of the other.
  Neighbours see each other through their shared edge unless it is a wall, and
  even then around one end of it when both other edges meeting there are open.
  For hexes further apart the test takes a diagonal of each hex (the same
  orientation for both, all three tried) and asks whether some segment between
  the two diagonals misses every wall. Parametrising the endpoints by
  ``s, t`` in ``[0, 1]``, each wall end point ``E`` gives a function
  ``f_E(s, t) = orient(P(s), Q(t), E)`` that is *linear* because the diagonals
  are parallel; a wall (clipped to the strip between the diagonals) blocks
  exactly where ``f_E1 * f_E2 <= 0``. The free set is open, so it is non-empty
  iff it contains a point at a midpoint between consecutive critical values of
  ``s``; at each such ``s`` the blocked ``t`` form closed intervals, swept in
  order. The sweep runs in floating point; every window it finds is certified
  by checking that one sight line through it, in exact integer arithmetic
  (the picture scaled by the window's binary denominator), touches no wall. So a "visible" answer always rests on an exactly
  checked line; only a window narrower than about 1e-12 of a hex could be missed.
  Most pairs that reach the sweep are blocked, and most of those by one chain of
  walls joined end to end across the parallelogram between the two diagonals;
  such a chain is looked for first, exactly (:func:`_chain_crosses`), and when
  found it proves every segment between the diagonals blocked without the sweep.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from rulekeeper.boards.hexgrid import CORNERS, EDGE_CORNERS, HexBoard, Point, centre, corners

try:
    from mypy_extensions import i64
except ImportError:  # runtime dependencies only: nothing is compiled, and i64 is int
    i64 = int  # type: ignore[misc]

LosRule = Literal["corner_to_corner", "any_point"]

if TYPE_CHECKING:  # exact tests take fractions too; importing them costs start-up time
    from fractions import Fraction

    Number = int | Fraction
    FPoint = tuple[Number, Number]

_SHARED: dict[tuple[object, ...], bool] = {}
"""Answers shared between boards, keyed by the pair's offset and the walls around it."""
_SHARED_LIMIT: Final[int] = 200_000

_DIAGONALS: Final[tuple[tuple[int, int], ...]] = ((3, 0), (4, 1), (5, 2))


def _orient(a: FPoint, b: FPoint, c: FPoint) -> Number:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _between(a: FPoint, b: FPoint, p: FPoint) -> bool:
    """For ``p`` collinear with ``a, b``: whether it lies on the closed segment."""
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_touch(p: FPoint, q: FPoint, a: FPoint, b: FPoint) -> bool:
    """Whether the closed segments ``pq`` and ``ab`` share at least one point."""
    if (
        max(p[0], q[0]) < min(a[0], b[0])
        or max(a[0], b[0]) < min(p[0], q[0])
        or max(p[1], q[1]) < min(a[1], b[1])
        or max(a[1], b[1]) < min(p[1], q[1])
    ):
        return False
    o1 = _orient(p, q, a)
    o2 = _orient(p, q, b)
    o3 = _orient(a, b, p)
    o4 = _orient(a, b, q)
    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True
    return (
        (o1 == 0 and _between(p, q, a))
        or (o2 == 0 and _between(p, q, b))
        or (o3 == 0 and _between(a, b, p))
        or (o4 == 0 and _between(a, b, q))
    )


class LineOfSight:
    """Cached HV-LOS-1 queries on one board under one ruleset's reading."""

    __slots__ = (
        "_board",
        "_cache",
        "_corner_numbers",
        "_corner_points",
        "_corners",
        "_lines",
        "_open_edge_neighbours",
        "_rule",
    )

    def __init__(
        self, board: HexBoard, rule: LosRule, *, open_edge_neighbours: bool = False
    ) -> None:
        self._board = board
        self._rule: LosRule = rule
        self._open_edge_neighbours = open_edge_neighbours
        self._cache: dict[tuple[int, int], bool] = {}
        # [GH] corners are numbered as met; _lines[i][j] is whether the segment between
        # corners i and j touches no wall, as found so far (neighbouring hexes share corners)
        self._corner_numbers: dict[Point, int] = {}
        self._corner_points: list[Point] = []
        self._corners: dict[int, tuple[int, ...]] = {}
        self._lines: dict[int, dict[int, bool]] = {}
        # walls are read from the board around each pair asked about, never listed whole

    @property
    def rule(self) -> LosRule:
        """Which reading of HV-LOS-1 this object applies."""
        return self._rule

    @property
    def open_edge_neighbours(self) -> bool:
        """[GH] the house rule: neighbours across an open edge always see each other."""
        return self._open_edge_neighbours

    def visible(self, a: int, b: int) -> bool:
        """HV-LOS-1: whether hex number ``a`` and hex number ``b`` see each other (symmetric)."""
        if a == b:
            return True
        low, high = (a, b) if a < b else (b, a)
        key = (low, high)
        cached = self._cache.get(key)
        if cached is None and self._rule == "corner_to_corner":
            cached = self._corner_to_corner(low, high)
            self._cache[key] = cached
        elif cached is None and self._board.adjacent(a, b):
            cached = self._cache[key] = True  # [FH] through the open edge between them
        elif cached is None:
            ha = self._board.hexes[low]
            hb = self._board.hexes[high]
            ca = centre(ha)
            cb = centre(hb)
            walls = self._walls_near(ca, cb)
            if not walls:
                self._cache[key] = True
                return True
            # The answer depends only on the walls around the pair, seen from the first
            # hex: boards that repeat a local layout share one computation.
            shape = (
                self._rule,
                cb[0] - ca[0],
                cb[1] - ca[1],
                tuple(
                    ((w[0][0] - ca[0], w[0][1] - ca[1]), (w[1][0] - ca[0], w[1][1] - ca[1]))
                    for w in walls
                ),
            )
            cached = _SHARED.get(shape)
            if cached is None:
                cached = self._any_point(ha, hb, walls)
                if len(_SHARED) >= _SHARED_LIMIT:
                    _SHARED.clear()
                _SHARED[shape] = cached
            self._cache[key] = cached
        return cached

    def _walls_near(self, pa: Point, pb: Point) -> list[tuple[Point, Point]]:
        """The walls that may touch a line between the two hexes, sorted.

        Every such line lies in the convex hull of the two hexes, so a wall is
        kept only if it meets their joint bounding box and does not lie wholly
        to one side of the band swept by a hex moving from ``pa`` to ``pb``
        (exact integer tests; a dropped wall cannot touch any sight line).
        """
        dx = pb[0] - pa[0]
        dy = pb[1] - pa[1]
        # the band's half-width: how far a corner reaches across the line pa-pb
        reach = _half_width(dx, dy)
        box = (min(pa[0], pb[0]) - 2, max(pa[0], pb[0]) + 2)
        near = self._walls_in(box, (min(pa[1], pb[1]) - 1, max(pa[1], pb[1]) + 1), pa, pb, reach)
        near.sort()  # boards repeating a local layout list its walls alike (the shared key)
        return near

    def _walls_between(self, ends: list[Point], pa: Point, pb: Point) -> list[tuple[Point, Point]]:
        """The walls that may touch a segment between two of ``ends`` (points of the two hexes).

        As :meth:`_walls_near`, for the convex hull of ``ends`` only: its box, and
        the band around the line pa-pb that holds all of them.
        """
        ax: i64 = pa[0]
        ay: i64 = pa[1]
        dx: i64 = pb[0] - ax
        dy: i64 = pb[1] - ay
        # one pass over the points (lattice points: machine integers when compiled)
        first = ends[0]
        x_low: i64 = first[0]
        y_low: i64 = first[1]
        x_high = x_low
        y_high = y_low
        reach: i64 = 0
        for point in ends:
            x: i64 = point[0]
            y: i64 = point[1]
            x_low = x if x < x_low else x_low
            x_high = x if x > x_high else x_high
            y_low = y if y < y_low else y_low
            y_high = y if y > y_high else y_high
            across = dx * (y - ay) - dy * (x - ax)
            across = across if across >= 0 else -across
            reach = across if across > reach else reach
        return self._walls_in((x_low, x_high), (y_low, y_high), pa, pb, reach)

    def _walls_in(
        self, xs: tuple[int, int], ys: tuple[int, int], pa: Point, pb: Point, reach: int
    ) -> list[tuple[Point, Point]]:
        """The walls meeting the box ``xs`` by ``ys`` and the band of half-width ``reach``
        around the line pa-pb (measured as a cross product with pb - pa), in no fixed order."""
        x0, x1 = xs
        y0, y1 = ys
        ax: i64 = pa[0]
        ay: i64 = pa[1]
        dx: i64 = pb[0] - ax
        dy: i64 = pb[1] - ay
        limit: i64 = reach
        near: list[tuple[Point, Point]] = []
        # a wall with an end point in the band belongs to a hex whose centre is within
        # ``reach`` plus a hex's own half-width (measured the same way) of the line
        half_width = _half_width(dx, dy)
        for w in self._board.walls_near(x0, x1, y0, y1, (pa, pb, reach + half_width)):
            p, q = w
            g0: i64 = dx * (p[1] - ay) - dy * (p[0] - ax)
            g1: i64 = dx * (q[1] - ay) - dy * (q[0] - ax)
            if (g0 > limit and g1 > limit) or (g0 < -limit and g1 < -limit):
                continue
            near.append(w)
        return near

    def _corner_to_corner(self, a: int, b: int) -> bool:
        """[GH] a corner-to-corner line touching no wall; corners on walls are unusable.

        Neighbours get no shortcut (GH p.19 asks for a line touching no wall, and
        a line through an open edge whose two ends lie on wall lines touches
        them); only the house rule ``open_edge_neighbours`` lets neighbours
        across an open edge always see each other.

        Whether a line between two corners is clear is a fact of the board, so
        it is kept: neighbouring hexes share corners, and later pairs reuse it.
        """
        board = self._board
        if self._open_edge_neighbours and board.adjacent(a, b):
            return True  # house rule, off by default
        starts = self._usable_corners(a)
        ends = self._usable_corners(b)
        known = self._lines
        # lines already known to be clear settle it without looking at any wall
        unknown: list[tuple[int, int]] = []
        for i in starts:
            row = known.get(i)
            if row is None:
                row = known[i] = {}
            for j in ends:
                clear = row.get(j)
                if clear:
                    return True
                if clear is None:
                    unknown.append((i, j))
        if not unknown:
            return False
        points = self._corner_points
        touched = [points[k] for k in {k for line in unknown for k in line}]
        walls = self._walls_between(touched, centre(board.hexes[a]), centre(board.hexes[b]))
        for i, j in unknown:
            clear = _clear_integer_line(points[i], points[j], walls)
            known[i][j] = clear
            known.setdefault(j, {})[i] = clear
            if clear:
                return True
        return False

    def _usable_corners(self, i: int) -> tuple[int, ...]:
        """[GH] the numbers of the corners of hex number ``i`` that lie on no wall line."""
        found = self._corners.get(i)
        if found is None:
            numbers = self._corner_numbers
            points = self._corner_points
            usable = []
            cx, cy = centre(self._board.hexes[i])
            for k in self._board.corners_off_walls(i):
                p = (cx + CORNERS[k][0], cy + CORNERS[k][1])
                n = numbers.get(p)
                if n is None:
                    n = numbers[p] = len(points)
                    points.append(p)
                usable.append(n)
            found = self._corners[i] = tuple(usable)
        return found

    def _any_point(
        self, ha: tuple[int, int], hb: tuple[int, int], walls: list[tuple[Point, Point]]
    ) -> bool:
        """[FH] any point of one hex to any point of the other."""
        ca = centre(ha)
        cb = centre(hb)
        offset = (hb[0] - ha[0], hb[1] - ha[1])
        if offset in _NEIGHBOUR_OFFSETS:
            return _neighbours_see(ca, _NEIGHBOUR_OFFSETS[offset], set(walls))
        if not walls or _clear_integer_line(ca, cb, walls):
            return True
        # A clear line between two corners is a sight line too, and often settles the
        # question before the sweep. A corner that is a wall's end point touches it.
        ends = {p for w in walls for p in w}
        starts = [p for p in corners(ha) if p not in ends]
        finishes = [q for q in corners(hb) if q not in ends]
        if any(_clear_integer_line(p, q, walls) for p in starts for q in finishes):
            return True
        return any(self._diagonals_see(ca, cb, k, walls) for k in range(3))

    def _diagonals_see(
        self, ca: Point, cb: Point, k: int, walls: list[tuple[Point, Point]]
    ) -> bool:
        lo, hi = _DIAGONALS[k]
        dvec = (CORNERS[hi][0] - CORNERS[lo][0], CORNERS[hi][1] - CORNERS[lo][1])
        p0 = (ca[0] + CORNERS[lo][0], ca[1] + CORNERS[lo][1])
        q0 = (cb[0] + CORNERS[lo][0], cb[1] + CORNERS[lo][1])
        gap = (q0[0] - p0[0], q0[1] - p0[1])
        width = dvec[0] * gap[1] - dvec[1] * gap[0]
        if width == 0:
            return False  # the diagonals are collinear: no strip between them
        if _chain_crosses(p0, dvec, gap, width, walls):
            return False  # an exact proof that every segment between the diagonals is blocked
        return _sweep_finds_line(p0, q0, dvec, width, walls)


def _sweep_finds_line(
    p0: Point, q0: Point, dvec: Point, width: int, walls: list[tuple[Point, Point]]
) -> bool:
    """Whether some segment from the diagonal ``p0``-``p0 + dvec`` to the parallel diagonal
    ``q0``-``q0 + dvec`` touches no wall: the sweep of the module docstring, every line it
    reports checked exactly."""
    gap = (q0[0] - p0[0], q0[1] - p0[1])
    # Search in floating point, then certify any window found with exact arithmetic:
    # a "visible" answer always rests on one exactly checked sight line.
    quad = (p0, (p0[0] + dvec[0], p0[1] + dvec[1]), (q0[0] + dvec[0], q0[1] + dvec[1]), q0)
    sides = _quad_sides(quad)
    approx: list[FLine] = []
    for w in walls:
        clipped = _clip_to_strip(w, p0, dvec, width)
        if clipped is None or not _meets_quad(clipped, sides):
            continue
        approx.append(
            (
                _endpoint_function(clipped[0], p0, gap, dvec),
                _endpoint_function(clipped[1], p0, gap, dvec),
            )
        )
    for s in _candidate_s(approx):
        for t in _free_t(approx, s):
            if _clear_scaled_line(p0, q0, dvec, s, t, walls):
                return True
    return False


def _chain_crosses(
    p0: Point, dvec: Point, gap: Point, width: int, walls: list[tuple[Point, Point]]
) -> bool:
    """Exactly: whether walls joined end to end inside the parallelogram between two
    diagonals run from its side ``p0``-``q0`` to its side ``p1``-``q1`` (``p1 = p0 + dvec``,
    ``q0 = p0 + gap``); if so, no segment between the diagonals misses every wall.

    In the integer coordinates ``u = sign * cross(dvec, e - p0)`` (across the strip: 0 on
    the first diagonal, ``span`` on the second) and ``v = sign * cross(e - p0, gap)``
    (along it: 0 on side zero, ``span`` on side one) the parallelogram is the square
    ``[0, span]^2``. A segment from one diagonal to the other cuts the square into a part
    holding side zero and a part holding side one, so a connected set of walls inside the
    square meeting both sides touches it. Wall lines are hex edges, which meet only at
    their end points: two walls are joined inside the square when they share an end
    point lying in it. A chain is only sought, never assumed: when none is found the
    caller runs the sweep.
    """
    sign: i64 = 1 if width > 0 else -1
    span: i64 = width * sign
    # the walls meeting the square: their ends lying in it, and the sides they touch
    ends_inside: list[list[Point]] = []
    starts: list[int] = []  # walls touching side zero
    finishes: set[int] = set()  # walls touching side one
    # lattice points: machine integers in the compiled module (see _clear_integer_line)
    dx: i64 = dvec[0]
    dy: i64 = dvec[1]
    gx: i64 = gap[0]
    gy: i64 = gap[1]
    x0: i64 = p0[0]
    y0: i64 = p0[1]
    for a, b in walls:
        ex: i64 = a[0] - x0
        ey: i64 = a[1] - y0
        ua: i64 = sign * (dx * ey - dy * ex)
        va: i64 = sign * (ex * gy - ey * gx)
        ex = b[0] - x0
        ey = b[1] - y0
        ub: i64 = sign * (dx * ey - dy * ex)
        vb: i64 = sign * (ex * gy - ey * gx)
        if (ua < 0 and ub < 0) or (ua > span and ub > span):
            continue
        if (va < 0 and vb < 0) or (va > span and vb > span):
            continue
        # the boxes overlap: the wall meets the square unless its line leaves all four
        # corners of the square strictly on one side (cross(b - a, corner - a) for the
        # corners (0, 0), (span, 0), (0, span) and (span, span))
        du = ub - ua
        dv = vb - va
        s00 = dv * ua - du * va
        s10 = s00 - dv * span
        s01 = s00 + du * span
        s11 = s10 + du * span
        if (s00 > 0 and s10 > 0 and s01 > 0 and s11 > 0) or (
            s00 < 0 and s10 < 0 and s01 < 0 and s11 < 0
        ):
            continue
        zero = _meets_side(ua, va, ub, vb, 0, span)
        one = _meets_side(ua, va, ub, vb, span, span)
        if zero and one:
            return True
        n = len(ends_inside)
        if zero:
            starts.append(n)
        if one:
            finishes.add(n)
        inside: list[Point] = []
        if 0 <= ua <= span and 0 <= va <= span:
            inside.append(a)
        if 0 <= ub <= span and 0 <= vb <= span:
            inside.append(b)
        ends_inside.append(inside)
    if not starts or not finishes:
        return False
    # walls joined through an end point inside the square, from side zero towards side one
    walls_at: dict[Point, list[int]] = {}
    for n, inside in enumerate(ends_inside):
        for p in inside:
            walls_at.setdefault(p, []).append(n)
    reached = set(starts)
    todo = list(starts)
    while todo:
        n = todo.pop()
        if n in finishes:
            return True
        for p in ends_inside[n]:
            for m in walls_at[p]:
                if m not in reached:
                    reached.add(m)
                    todo.append(m)
    return False


def _meets_side(ua: int, va: int, ub: int, vb: int, level: int, span: int) -> bool:
    """Exactly: whether the segment ``(ua, va)``-``(ub, vb)``, whose ``u`` range meets
    ``[0, span]``, meets the side ``v = level``, ``0 <= u <= span`` of the square."""
    da = va - level
    db = vb - level
    if (da > 0 and db > 0) or (da < 0 and db < 0):
        return False
    den = db - da
    if den == 0:
        return True  # it lies along the side's line, within the square's u range
    # u where it crosses the line, times den
    num = ua * db - ub * da
    if den < 0:
        num = -num
        den = -den
    return 0 <= num <= span * den


def _half_width(dx: int, dy: int) -> int:
    """``max(|dx * cy - dy * cx|)`` over the corners ``(cx, cy)`` of :data:`CORNERS`.

    The corners are (±2, 0), (±1, -1) and (±1, 1), so the six values are
    ``2|dy|``, ``|dx + dy|`` and ``|dx - dy|``.
    """
    a = dx + dy if dx + dy >= 0 else -dx - dy
    b = dx - dy if dx >= dy else dy - dx
    c = 2 * dy if dy >= 0 else -2 * dy
    return max(a, b, c)


_NEIGHBOUR_OFFSETS: Final[dict[tuple[int, int], int]] = {
    (1, 0): 0,
    (1, -1): 1,
    (0, -1): 2,
    (-1, 0): 3,
    (-1, 1): 4,
    (0, 1): 5,
}
_CENTRE_STEP: Final[tuple[Point, ...]] = ((3, 1), (3, -1), (0, -2), (-3, -1), (-3, 1), (0, 2))


def _clear_integer_line(p: Point, q: Point, walls: list[tuple[Point, Point]]) -> bool:
    """:func:`segments_touch` against every wall, inlined for lattice points (hot path).

    A board's lattice coordinates stay within three times ``MAX_BOARD_COORDINATE``
    (hexgrid.py), so the compiled module does this arithmetic in machine integers
    (``i64``; pure Python reads it as ``int``). Scaled points (:func:`_clear_scaled_line`)
    take the general test.
    """
    px: i64 = p[0]
    py: i64 = p[1]
    qx: i64 = q[0]
    qy: i64 = q[1]
    x_lo: i64 = px if px <= qx else qx
    x_hi: i64 = qx if px <= qx else px
    y_lo: i64 = py if py <= qy else qy
    y_hi: i64 = qy if py <= qy else py
    dx: i64 = qx - px
    dy: i64 = qy - py
    for a, b in walls:
        ax: i64 = a[0]
        ay: i64 = a[1]
        bx: i64 = b[0]
        by: i64 = b[1]
        if (ax < x_lo and bx < x_lo) or (ax > x_hi and bx > x_hi):
            continue
        if (ay < y_lo and by < y_lo) or (ay > y_hi and by > y_hi):
            continue
        o1 = dx * (ay - py) - dy * (ax - px)
        o2 = dx * (by - py) - dy * (bx - px)
        if (o1 > 0 and o2 > 0) or (o1 < 0 and o2 < 0):
            continue
        ex = bx - ax
        ey = by - ay
        o3 = ex * (py - ay) - ey * (px - ax)
        o4 = ex * (qy - ay) - ey * (qx - ax)
        if (o3 > 0 and o4 > 0) or (o3 < 0 and o4 < 0):
            continue
        # neither separates the other (collinear ones overlap: the boxes were checked)
        return False
    return True


def _clear_scaled_line(
    p0: Point, q0: Point, dvec: Point, s: float, t: float, walls: list[tuple[Point, Point]]
) -> bool:
    """Exactly: whether the line from ``p0 + s dvec`` to ``q0 + t dvec`` touches no wall.

    ``s`` and ``t`` are binary fractions ``m / 2^k``; scaling the whole picture by
    the larger denominator makes every coordinate an integer, so the test is
    :func:`segments_touch` on exact values (touching is scale invariant).
    """
    ns, ds = s.as_integer_ratio()
    nt, dt = t.as_integer_ratio()
    scale = max(ds, dt)  # both are powers of two, so each divides the larger
    ns *= scale // ds
    nt *= scale // dt
    p = (p0[0] * scale + ns * dvec[0], p0[1] * scale + ns * dvec[1])
    q = (q0[0] * scale + nt * dvec[0], q0[1] * scale + nt * dvec[1])
    return not any(
        segments_touch(p, q, (a[0] * scale, a[1] * scale), (b[0] * scale, b[1] * scale))
        for a, b in walls
    )


def _neighbours_see(ca: Point, direction: int, wall_set: set[tuple[Point, Point]]) -> bool:
    i, j = EDGE_CORNERS[direction]
    shared = _edge_at(ca, i, j)
    if shared not in wall_set:
        return True
    # around one end of the walled edge, through the third hex meeting there
    cb = (ca[0] + _CENTRE_STEP[direction][0], ca[1] + _CENTRE_STEP[direction][1])
    for corner in shared:
        others = [e for e in _hex_edges(ca) + _hex_edges(cb) if corner in e and e != shared]
        if all(e not in wall_set for e in others):
            return True
    return False


def _edge_at(c: Point, i: int, j: int) -> tuple[Point, Point]:
    a = (c[0] + CORNERS[i][0], c[1] + CORNERS[i][1])
    b = (c[0] + CORNERS[j][0], c[1] + CORNERS[j][1])
    return (a, b) if a <= b else (b, a)


def _hex_edges(c: Point) -> list[tuple[Point, Point]]:
    return [_edge_at(c, i, j) for i, j in EDGE_CORNERS]


FPoint2 = tuple[float, float]


def _clip_to_strip(
    w: tuple[Point, Point], p0: Point, dvec: Point, width: int
) -> tuple[FPoint2, FPoint2] | None:
    """The part of wall ``w`` in the closed strip between the two diagonal lines."""
    sign = 1 if width > 0 else -1
    span = width * sign
    g = [sign * (dvec[0] * (e[1] - p0[1]) - dvec[1] * (e[0] - p0[0])) for e in w]
    if (g[0] < 0 and g[1] < 0) or (g[0] > span and g[1] > span):
        return None
    ends: list[FPoint2] = []
    for k in (0, 1):
        gk = g[k]
        e: FPoint2 = (float(w[k][0]), float(w[k][1]))
        if gk < 0 or gk > span:
            bound = 0 if gk < 0 else span
            lam = (bound - g[0]) / (g[1] - g[0])
            e = (w[0][0] + lam * (w[1][0] - w[0][0]), w[0][1] + lam * (w[1][1] - w[0][1]))
        ends.append(e)
    return (ends[0], ends[1])


def _forient(a: FPoint2, b: FPoint2, c: FPoint2) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


_QuadSides = tuple[tuple[FPoint2, FPoint2], tuple[FPoint2, FPoint2], float, float]
"""The quadrilateral's two sides across the strip and the sign of each one's inside."""


def _quad_sides(quad: tuple[Point, ...]) -> _QuadSides:
    """What :func:`_meets_quad` needs of the quadrilateral, worked out once per diagonal."""
    one = ((float(quad[1][0]), float(quad[1][1])), (float(quad[2][0]), float(quad[2][1])))
    zero = ((float(quad[3][0]), float(quad[3][1])), (float(quad[0][0]), float(quad[0][1])))
    inward_one = _forient(one[0], one[1], (float(quad[0][0]), float(quad[0][1])))
    inward_zero = _forient(zero[0], zero[1], (float(quad[1][0]), float(quad[1][1])))
    return one, zero, inward_one, inward_zero


def _meets_quad(seg: tuple[FPoint2, FPoint2], sides: _QuadSides) -> bool:
    """Whether a segment lying in the strip meets the quadrilateral between the diagonals.

    A filter only (floating point, generous at the boundary): walls it keeps are
    weighed by the sweep, and every visible answer is certified exactly anyway.
    """
    eps = 1e-9
    one, zero, inward_one, inward_zero = sides
    side = []
    for e in seg:
        a = _forient(one[0], one[1], e) * inward_one
        b = _forient(zero[0], zero[1], e) * inward_zero
        if a >= -eps and b >= -eps:
            return True
        side.append((a, b))
    # both ends outside: it meets the quad only by crossing from beyond one side to beyond
    # the other (a segment inside the strip cannot pass round the quad otherwise)
    return (side[0][0] < 0) != (side[1][0] < 0) or (side[0][1] < 0) != (side[1][1] < 0)


def _endpoint_function(
    e: FPoint2, p0: Point, gap: Point, dvec: Point
) -> tuple[float, float, float]:
    """Coefficients ``(a, b, c)`` of ``f_E(s, t) = a + b s + c t`` (see the module docstring)."""
    w = (e[0] - p0[0], e[1] - p0[1])
    cross_gw = gap[0] * w[1] - gap[1] * w[0]
    cross_gd = gap[0] * dvec[1] - gap[1] * dvec[0]
    cross_dw = dvec[0] * w[1] - dvec[1] * w[0]
    return (cross_gw, -cross_gd - cross_dw, cross_dw)


FLine = tuple[tuple[float, float, float], tuple[float, float, float]]


def _candidate_s(lines: list[FLine]) -> list[float]:
    """Midpoints between the values of ``s`` at which the blocked ``t`` intervals can change."""
    # walls in a chain share end points, hence functions: each distinct one counts once
    funcs = list(dict.fromkeys(f for pair in lines for f in pair))
    critical: set[float] = {0.0, 1.0}
    roots: list[tuple[float, float] | None] = []  # t = m s + k, or None when c == 0
    for a, b, c in funcs:
        if c == 0:
            if b != 0:
                critical.add(-a / b)
            roots.append(None)
        else:
            m = -b / c
            k = -a / c
            roots.append((m, k))
            if m != 0:
                critical.add(-k / m)
                critical.add((1 - k) / m)
    for i, ri in enumerate(roots):
        if ri is None:
            continue
        for rj in roots[i + 1 :]:
            if rj is None or ri[0] == rj[0]:
                continue
            critical.add((rj[1] - ri[1]) / (ri[0] - rj[0]))
    points = sorted(x for x in critical if 0 <= x <= 1)
    return [(points[n] + points[n + 1]) / 2 for n in range(len(points) - 1)] or [0.5]


_FAR: Final[float] = 1e18


def _blocked_interval(
    f1: tuple[float, float, float], f2: tuple[float, float, float], s: float
) -> tuple[float, float] | None:
    """The closed set of ``t`` with ``f1 * f2 <= 0`` at this ``s`` (an interval), or None."""
    a1 = f1[0] + f1[1] * s
    c1 = f1[2]
    a2 = f2[0] + f2[1] * s
    c2 = f2[2]
    # c1 and c2 are never of opposite signs: both wall ends lie on the target side of the source.
    if c1 == 0 and c2 == 0:
        return (-_FAR, _FAR) if a1 * a2 <= 0 else None
    if c1 == 0 or c2 == 0:
        const, a, c = (a1, a2, c2) if c1 == 0 else (a2, a1, c1)
        if const == 0:
            return (-_FAR, _FAR)
        root = -a / c
        return (-_FAR, root) if const * c > 0 else (root, _FAR)
    r1 = -a1 / c1
    r2 = -a2 / c2
    return (min(r1, r2), max(r1, r2))


def _free_t(lines: list[FLine], s: float) -> list[float]:
    """The middle of every gap in ``[0, 1]`` between the blocked intervals at this ``s``."""
    intervals: list[tuple[float, float]] = []
    for f1, f2 in lines:
        iv = _blocked_interval(f1, f2, s)
        if iv is not None:
            if iv[0] <= 0 and iv[1] >= 1:
                return []  # one wall covers the whole diagonal: no gap at this s
            intervals.append(iv)
    intervals.sort()
    gaps: list[float] = []
    reach: float | None = None  # [0, reach] is covered so far
    for lo, hi in intervals:
        if hi < 0:
            continue
        if reach is None and lo > 0:
            gaps.append(min(lo, 1.0) / 2)
        elif reach is not None and lo > reach:
            gaps.append((reach + min(lo, 1.0)) / 2)
        reach = hi if reach is None else max(reach, hi)
        if reach >= 1:
            return gaps
    gaps.append(0.5 if reach is None else (reach + 1.0) / 2)
    return gaps


_PER_BOARD: dict[tuple[int, LosRule, bool], tuple[HexBoard, LineOfSight]] = {}


def shared_line_of_sight(
    board: HexBoard, rule: LosRule, *, open_edge_neighbours: bool = False
) -> LineOfSight:
    """One cached :class:`LineOfSight` per board, rule and house rule (boards come from
    ``HexBoard.shared``)."""
    key = (id(board), rule, open_edge_neighbours)
    found = _PER_BOARD.get(key)
    if found is None or found[0] is not board:
        if len(_PER_BOARD) >= 1024:
            _PER_BOARD.clear()
        found = (board, LineOfSight(board, rule, open_edge_neighbours=open_edge_neighbours))
        _PER_BOARD[key] = found
    return found[1]


def clear_shared_tables() -> None:
    """Forget every board, line-of-sight table and shared answer (for cold-start timing)."""
    from rulekeeper.boards.hexgrid import clear_shared_boards

    _SHARED.clear()
    _PER_BOARD.clear()
    clear_shared_boards()
