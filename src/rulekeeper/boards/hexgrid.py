"""Flat-top hex geometry in axial coordinates, and a board built once per map.

Coordinates follow haven-board/1 (docs/games/haven-monster-ai.md): the six
neighbours of ``(q, r)`` are, in direction order 0..5, ``(q+1, r)``,
``(q+1, r-1)``, ``(q, r-1)``, ``(q-1, r)``, ``(q-1, r+1)``, ``(q, r+1)``.
Screen centre: ``x = 1.5 q``, ``y = sqrt(3) (r + q/2)`` with y pointing down.

For exact geometry the board works in *lattice* coordinates ``X = 2x``,
``Y = 2y / sqrt(3)``: an affine image of the screen in which every hex centre
and corner has integer coordinates (``X = 3q``, ``Y = 2r + q``). Affine maps
keep incidence and the side a point lies on, so line-of-sight tests
(HV-LOS-1) are decided there with integers and no rounding.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Final

try:
    from mypy_extensions import i64
except ImportError:  # runtime dependencies only: nothing is compiled, and i64 is int
    i64 = int  # type: ignore[misc]

Hex = tuple[int, int]
"""An axial coordinate ``(q, r)``."""

Point = tuple[int, int]
"""A point in lattice coordinates (see the module docstring)."""

DIRECTIONS: Final[tuple[Hex, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial offsets of the six neighbours, in direction order."""

CORNERS: Final[tuple[Point, ...]] = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
"""Corner offsets of a hex from its centre, in lattice coordinates."""

EDGE_CORNERS: Final[tuple[tuple[int, int], ...]] = ((0, 5), (0, 1), (1, 2), (2, 3), (3, 4), (4, 5))
"""For direction ``d``, the indices into :data:`CORNERS` of the edge shared with that neighbour."""

_EDGE_OFFSETS: Final[tuple[tuple[Point, Point], ...]] = tuple(
    (a, b) if a <= b else (b, a) for a, b in ((CORNERS[i], CORNERS[j]) for i, j in EDGE_CORNERS)
)
"""For direction ``d``, the corner offsets of the edge shared with that neighbour, sorted
(adding the same centre to both keeps their order, so :func:`edge` agrees)."""

MAX_BOARD_COORDINATE: Final = 1 << 12
"""The largest coordinate a :class:`HexBoard` takes (documents allow far less,
``MAX_COORDINATE``). It bounds the position masks, and keeps the lattice arithmetic of
sight within 64 bits, which the compiled module does in machine integers (``i64``,
where an overflow would go unnoticed)."""

UNREACHABLE: Final[int] = 1 << 30
"""Distance reported for a hex that cannot be reached."""


def add(a: Hex, b: Hex) -> Hex:
    """The sum of two axial coordinates."""
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    """The difference ``a - b`` of two axial coordinates."""
    return (a[0] - b[0], a[1] - b[1])


def neighbour(h: Hex, direction: int) -> Hex:
    """The neighbour of ``h`` in ``direction`` (0..5)."""
    d = DIRECTIONS[direction]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h``, in direction order."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance on an empty plane: ``(|dq| + |dr| + |dq + dr|) / 2``."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_to(a: Hex, b: Hex) -> int | None:
    """The direction from ``a`` to the adjacent hex ``b``, or None if not adjacent."""
    offset = sub(b, a)
    try:
        return DIRECTIONS.index(offset)
    except ValueError:
        return None


def rotate(h: Hex, turns: int = 1) -> Hex:
    """Rotate ``h`` about the origin by ``turns`` sixths of a turn (direction d -> d + turns)."""
    q, r = h
    for _ in range(turns % 6):
        # cube (q, r, s) -> (-s, -q, -r): direction 0 (1, 0) goes to direction 1 (1, -1)
        q, r = q + r, -q
    return (q, r)


def reflect(h: Hex) -> Hex:
    """Mirror ``h`` top to bottom (y -> -y): cube (q, r, s) -> (q, s, r)."""
    q, r = h
    return (q, -q - r)


def transform(h: Hex, turns: int, mirrored: bool) -> Hex:
    """Reflect (if ``mirrored``) and then rotate ``h``; the 12 symmetries of the grid."""
    return rotate(reflect(h) if mirrored else h, turns)


def orientations(shape: Iterable[Hex]) -> list[frozenset[Hex]]:
    """The distinct images of ``shape`` under the 12 rotations and reflections about the origin."""
    return list(_orientations(tuple(shape)))


@lru_cache(maxsize=256)
def _orientations(cells: tuple[Hex, ...]) -> tuple[frozenset[Hex], ...]:
    # kept per shape: area shapes recur across boards and turns
    seen: list[frozenset[Hex]] = []
    for mirrored in (False, True):
        for turns in range(6):
            image = frozenset(transform(c, turns, mirrored) for c in cells)
            if image not in seen:
                seen.append(image)
    return tuple(seen)


def centre(h: Hex) -> Point:
    """The centre of ``h`` in lattice coordinates."""
    # machine integers in the compiled module: it multiplies a negative int slowly
    q: i64 = h[0]
    r: i64 = h[1]
    return (3 * q, 2 * r + q)


def corners(h: Hex) -> tuple[Point, ...]:
    """The six corners of ``h`` in lattice coordinates."""
    x, y = centre(h)
    return tuple((x + dx, y + dy) for dx, dy in CORNERS)


def edge(h: Hex, direction: int) -> tuple[Point, Point]:
    """The edge of ``h`` shared with its neighbour in ``direction``, corners sorted."""
    x, y = centre(h)
    i, j = EDGE_CORNERS[direction]
    a = (x + CORNERS[i][0], y + CORNERS[i][1])
    b = (x + CORNERS[j][0], y + CORNERS[j][1])
    return (a, b) if a <= b else (b, a)


_DIRECTION_OF: Final[dict[Hex, int]] = {d: n for n, d in enumerate(DIRECTIONS)}


class HexBoard:
    """A map of hexes with thin walls, built once; neighbour and distance tables precomputed.

    Hexes are numbered ``0..n-1`` in :attr:`hexes` order; tables are indexed by
    number. ``open_neighbours[i]`` lists ``(direction, j)`` for every map
    neighbour ``j`` of ``i`` not separated from it by a thin wall.
    The wall lines of HV-LOS-1 are the thin walls plus every edge between a map
    hex and a hex outside the map (:attr:`wall_segments`).

    Sets of hexes are also kept as *position masks*: hex ``(q, r)`` owns bit
    ``(q - q_min) * stride + (r - r_min)`` (:attr:`positions`), with one spare
    bit per column, so a neighbour in a fixed direction is a fixed shift of the
    mask. ``open_masks[d]`` holds the hexes whose neighbour in direction ``d``
    is on the map and not walled off: :meth:`within` moves a whole frontier with
    six shifts per step. Searches that number every hex they reach
    (:meth:`proximity`, the travel tables of movement.py) walk the flat table
    :attr:`grid_steps` instead, made from the same positions when first asked
    for. Building a board is only the index and these masks; the lists of
    neighbours and wall lines are made when first asked for.
    """

    __slots__ = (
        "_at",
        "_closed_bytes",
        "_extent",
        "_grid_table",
        "_hex_walls",
        "_neighbour_table",
        "_open_neighbours",
        "_proximity",
        "_proximity_asked",
        "_thin_walls",
        "_wall_corners",
        "_wall_pairs",
        "_wall_segments",
        "_ways",
        "_within",
        "closed_masks",
        "full_mask",
        "hexes",
        "index",
        "open_masks",
        "positions",
        "shifts",
    )

    def __init__(self, hexes: Iterable[Hex], thin_walls: Iterable[tuple[Hex, Hex]] = ()) -> None:
        hexes = tuple(hexes)
        index: dict[Hex, int] = {}
        for number, h in enumerate(hexes):
            index[h] = number
        if len(index) < len(hexes):  # a hex listed twice keeps its first number
            hexes = tuple(dict.fromkeys(hexes))
            index = dict(zip(hexes, range(len(hexes)), strict=True))
        self.hexes: tuple[Hex, ...] = hexes
        self.index: dict[Hex, int] = index
        self._wall_pairs: tuple[tuple[Hex, Hex], ...] = tuple(thin_walls)
        # one compiled loop for the extent (native.MODULES): cheaper than unzipping the
        # hexes and four passes of min and max
        q_low = q_high = hexes[0][0] if hexes else 0
        r_low = r_high = hexes[0][1] if hexes else 0
        for q, r in hexes:
            if q < q_low:
                q_low = q
            elif q > q_high:
                q_high = q
            if r < r_low:
                r_low = r
            elif r > r_high:
                r_high = r
        if max(-q_low, q_high, -r_low, r_high) > MAX_BOARD_COORDINATE:
            raise ValueError(
                f"hex coordinates must lie within ±{MAX_BOARD_COORDINATE}"
                f" (q from {q_low} to {q_high}, r from {r_low} to {r_high})"
            )
        stride = r_high - r_low + 2  # a spare bit: a step off the column's end lands on no hex
        base = q_low * stride + r_low
        positions = [q * stride + r - base for q, r in hexes]
        self._extent = (q_low, r_low, q_high, r_low + stride - 2)
        self.positions: tuple[int, ...] = tuple(positions)
        full = 0
        for p in positions:
            full |= 1 << p
        # direction d moves a position by shifts[d]; the same order as DIRECTIONS
        self.shifts: tuple[int, ...] = (stride, stride - 1, -1, -stride, 1 - stride, 1)
        masks = [full & (full >> s if s > 0 else full << -s) for s in self.shifts]
        for a, b in self._wall_pairs:
            i = index.get(a)
            j = index.get(b)
            d = _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))
            if i is not None and j is not None and d is not None:
                masks[d] &= ~(1 << positions[i])
                masks[(d + 3) % 6] &= ~(1 << positions[j])
        self.full_mask: int = full
        """Every hex of the map."""
        self.open_masks: tuple[int, ...] = tuple(masks)
        self.closed_masks: tuple[int, ...] = tuple([full & ~m for m in masks])
        """The hexes whose edge in each direction is a wall line (a thin wall or the map edge)."""
        self._hex_walls: list[tuple[tuple[Point, Point], ...] | None] | None = None
        """:meth:`walls_of` each hex number, as made so far."""
        self._closed_bytes: tuple[bytes, ...] = ()
        """:attr:`closed_masks` as :func:`mask_bytes` (made with ``_hex_walls``)."""
        self._at: list[int] | None = None
        self._neighbour_table: tuple[tuple[int, ...], ...] | None = None
        self._open_neighbours: tuple[tuple[tuple[int, int], ...], ...] | None = None
        self._wall_segments: tuple[tuple[Point, Point], ...] | None = None
        self._wall_corners: frozenset[Point] | None = None
        self._thin_walls: frozenset[frozenset[Hex]] | None = None
        self._grid_table: tuple[tuple[int, ...], ...] | None = None
        self._ways: list[int] | None = None
        self._proximity: dict[int, tuple[int, ...]] = {}
        self._proximity_asked: set[int] = set()
        self._within: dict[tuple[int, int], int] = {}

    def __len__(self) -> int:
        return len(self.hexes)

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    @classmethod
    def shared(
        cls,
        hexes: tuple[Hex, ...],
        thin_walls: tuple[tuple[Hex, Hex], ...],
        links: tuple[tuple[Hex, Hex], ...] = (),
    ) -> HexBoard:
        """The board for this map, built once and reused while it is in use (a small LRU).

        With ``links`` (pairs of map hexes) the board is a :class:`LinkedHexBoard`.
        """
        if links:
            return _shared_linked_board(hexes, thin_walls, links)
        return _shared_board(hexes, thin_walls)

    links: tuple[tuple[int, int], ...] = ()
    """Linked hexes (HV-ROOM-5) as pairs of hex numbers: none on a plain board."""

    # -- tables made on first use -------------------------------------------------------
    @property
    def thin_walls(self) -> frozenset[frozenset[Hex]]:
        """The thin walls, each as the pair of hexes it separates."""
        if self._thin_walls is None:
            self._thin_walls = frozenset(frozenset(w) for w in self._wall_pairs)
        return self._thin_walls

    @property
    def neighbour_table(self) -> tuple[tuple[int, ...], ...]:
        """For each hex, its six map neighbours in direction order (-1 off the map), walls ignored."""
        if self._neighbour_table is None:
            get = self.index.get
            self._neighbour_table = tuple(
                [tuple([get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS]) for q, r in self.hexes]
            )
        return self._neighbour_table

    @property
    def open_neighbours(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each hex, ``(direction, j)`` for every neighbour ``j`` not walled off."""
        if self._open_neighbours is None:
            self._open_neighbours = self._grid_neighbours()
        return self._open_neighbours

    def _grid_neighbours(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """:attr:`open_neighbours` of the plain grid, links left out (a method, not the
        property's getter, so a subclass's property can call it compiled too)."""
        at = self.hex_at_position()
        masks = self.open_masks
        shifts = self.shifts
        rows: list[list[tuple[int, int]]] = [[] for _ in self.positions]
        # direction by direction, so each row comes out in direction order
        for d in range(6):
            mask = masks[d]
            step = shifts[d]
            while mask:
                low = mask & -mask
                p = low.bit_length() - 1
                rows[at[p]].append((d, at[p + step]))
                mask ^= low
        return tuple([tuple(row) for row in rows])

    @property
    def grid_steps(self) -> tuple[tuple[int, ...], ...]:
        """For each hex number, the hex numbers of its map neighbours not walled off, in
        direction order: the flat table of the searches that count hexes around walls
        (:meth:`proximity`) and, with links added, of travel (:attr:`travel_steps`)."""
        if self._grid_table is None:
            self._grid_table = self._grid_steps()
        return self._grid_table

    @property
    def open_ways(self) -> list[int]:
        """Entry ``6 * i + d``: the neighbour of hex number ``i`` in direction ``d`` when the
        edge between them is open, else -1 (off the map or behind a thin wall). Made when
        first asked for; icy slides walk it, one direction at a time (movement.py)."""
        if self._ways is None:
            self._ways = self._open_ways()
        return self._ways

    def _open_ways(self) -> list[int]:
        """:attr:`open_ways` by position arithmetic, as :meth:`_grid_steps`."""
        at = self.hex_at_position()
        size = len(at)
        shifts = self.shifts
        ways: list[int] = []
        for p in self.positions:
            for shift in shifts:
                x = p + shift
                ways.append(at[x] if 0 <= x < size else -1)
        index = self.index
        for a, b in self._wall_pairs:
            i = index.get(a)
            j = index.get(b)
            d = _DIRECTION_OF.get((b[0] - a[0], b[1] - a[1]))
            if i is not None and j is not None and d is not None:
                ways[6 * i + d] = -1
                ways[6 * j + (d + 3) % 6] = -1
        return ways

    @property
    def travel_steps(self) -> tuple[tuple[int, ...], ...]:
        """For each hex number, the hex numbers one step of travel away: :attr:`grid_steps`
        here; a :class:`LinkedHexBoard` adds the hexes linked to each (movement.py)."""
        return self.grid_steps

    def _grid_steps(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`grid_steps`, by position arithmetic: the neighbour in
        direction ``d`` sits ``shifts[d]`` positions on (a spare position when it is off
        the map, as in :meth:`grow`); then each thin wall takes its step out both ways."""
        at = self.hex_at_position()
        size = len(at)
        shifts = self.shifts
        rows: list[list[int]] = []
        for p in self.positions:
            row: list[int] = []
            for shift in shifts:
                x = p + shift
                if 0 <= x < size:
                    j = at[x]
                    if j >= 0:
                        row.append(j)
            rows.append(row)
        index = self.index
        for a, b in self._wall_pairs:
            first = index.get(a)
            second = index.get(b)
            if first is not None and second is not None and second in rows[first]:
                rows[first].remove(second)
                rows[second].remove(first)
        return tuple([tuple(row) for row in rows])

    @property
    def wall_segments(self) -> tuple[tuple[Point, Point], ...]:
        """HV-LOS-1 wall lines: thin walls and map edges, in lattice points, each once, sorted."""
        if self._wall_segments is None:
            # each hex's own wall lines (a thin wall is one line, met from both sides)
            segments = {wall for i in range(len(self.hexes)) for wall in self.walls_of(i)}
            self._wall_segments = tuple(sorted(segments))
        return self._wall_segments

    @property
    def wall_corners(self) -> frozenset[Point]:
        """Every lattice point lying on a wall line."""
        corners = self._wall_corners
        if corners is None:
            corners = frozenset(p for s in self.wall_segments for p in s)
            self._wall_corners = corners
        return corners

    def corners_off_walls(self, i: int) -> tuple[int, ...]:
        """The corners (indices into :data:`CORNERS`) of hex number ``i`` on no wall line.

        Corner ``k`` meets three edges: the hex's edges in directions ``k`` and
        ``k + 1`` and, beyond them, the edge between those two neighbours (the
        neighbour in direction ``k``'s edge in direction ``k + 2``).
        """
        masks = self.open_masks
        p = self.positions[i]
        shifts = self.shifts
        usable = []
        for k in range(6):
            k1 = (k + 1) % 6
            if not masks[k] >> p & 1 or not masks[k1] >> p & 1:
                continue
            if masks[(k + 2) % 6] >> (p + shifts[k]) & 1:
                usable.append(k)
        return tuple(usable)

    def walls_near(
        self,
        x_low: int,
        x_high: int,
        y_low: int,
        y_high: int,
        band: tuple[Point, Point, int] | None = None,
    ) -> set[tuple[Point, Point]]:
        """HV-LOS-1 wall lines whose bounding box meets the lattice box given, each once.

        Found from the hexes around the box (an edge lies within 2 of its hex's
        centre across and 1 up or down), so no list of all walls is needed.
        With ``band = (a, b, limit)`` only the walls of hexes whose centre ``c``
        has ``|cross(b - a, c - a)| <= limit`` are read (walls of other hexes
        may be returned too).
        """
        if not self.hexes:
            return set()
        q_low, r_low, q_top, r_top = self._extent
        stride = self.shifts[0]
        at = self.hex_at_position()
        size = len(at)
        found: set[tuple[Point, Point]] = set()
        first_q = -((2 - x_low) // 3)
        last_q = (x_high + 2) // 3
        first_q = first_q if first_q > q_low else q_low
        last_q = last_q if last_q < q_top else q_top
        # machine integers in the compiled module for the band's products (lattice points)
        ax: i64 = 0
        ay: i64 = 0
        dx: i64 = 0
        dy: i64 = 0
        limit = 0
        if band is not None:
            a, b, limit = band
            ax = a[0]
            ay = a[1]
            dx = b[0] - ax
            dy = b[1] - ay
        two = 2 * dx
        for q in range(first_q, last_q + 1):
            lo = -((q + 1 - y_low) // 2)
            hi = (y_high + 1 - q) // 2
            if band is not None:
                # the centre (3q, 2r + q) must lie in the band: a condition linear in r
                column: i64 = q
                c = dx * (column - ay) - dy * (3 * column - ax)
                if dx > 0:
                    first = -((limit + c) // two)  # ceil((-limit - c) / 2dx)
                    last = (limit - c) // two
                elif dx < 0:
                    first = -((c - limit) // two)  # ceil((limit - c) / 2dx)
                    last = (-limit - c) // two
                elif -limit <= c <= limit:
                    first, last = lo, hi
                else:
                    continue
                lo = lo if lo > first else first
                hi = hi if hi < last else last
            lo = lo if lo > r_low else r_low
            hi = hi if hi < r_top else r_top
            # the column's positions from r = lo to r = hi run on one by one
            start = (q - q_low) * stride - r_low
            end = start + hi + 1
            for p in range(start + lo, end if end < size else size):
                i = at[p]
                if i < 0:
                    continue
                for wall in self.walls_of(i):
                    e, f = wall  # e[0] <= f[0]: the corners are sorted
                    if (
                        f[0] >= x_low
                        and e[0] <= x_high
                        and (e[1] >= y_low or f[1] >= y_low)
                        and (e[1] <= y_high or f[1] <= y_high)
                    ):
                        found.add(wall)
        return found

    def walls_of(self, i: int) -> tuple[tuple[Point, Point], ...]:
        """HV-LOS-1: the wall lines (thin walls and the map's edge) among the edges of hex
        number ``i``, in lattice points with their corners sorted (:attr:`wall_segments`
        gathers them); made when first asked for, hex by hex."""
        table = self._hex_walls
        if table is None:
            table = self._hex_walls = [None] * len(self.hexes)
            self._closed_bytes = tuple([mask_bytes(m) for m in self.closed_masks])
        found = table[i]
        if found is None:
            closed = self._closed_bytes
            p = self.positions[i]
            x, y = centre(self.hexes[i])
            walls: list[tuple[Point, Point]] = []
            for d in range(6):
                if has_position(closed[d], p):
                    (ax, ay), (bx, by) = _EDGE_OFFSETS[d]
                    walls.append(((x + ax, y + ay), (x + bx, y + by)))
            found = table[i] = tuple(walls)
        return found

    def hex_at_position(self) -> list[int]:
        """For each bit position of a position mask, the hex number there (-1 for none)."""
        at = self._at
        if at is None:
            size = max(self.positions, default=0) + 1
            at = [-1] * size
            for i, p in enumerate(self.positions):
                at[p] = i
            self._at = at
        return at

    def members(self, mask: int) -> list[int]:
        """The hex numbers of the position mask ``mask``, in increasing order."""
        at = self.hex_at_position()
        out = []
        while mask:
            top = mask.bit_length() - 1
            out.append(at[top])
            mask ^= 1 << top
        out.sort()
        return out

    def mask_of(self, numbers: Iterable[int]) -> int:
        """The position mask of the hex numbers ``numbers``."""
        positions = self.positions
        mask = 0
        for i in numbers:
            mask |= 1 << positions[i]
        return mask

    def walled(self, a: Hex, b: Hex) -> bool:
        """Whether a thin wall separates the adjacent hexes ``a`` and ``b``."""
        return frozenset((a, b)) in self.thin_walls

    # -- searches ---------------------------------------------------------------------
    def grow(self, frontier: int) -> int:
        """The position mask of every open neighbour of the hexes in ``frontier``."""
        o0, o1, o2, o3, o4, o5 = self.open_masks
        s = self.shifts[0]
        return (
            ((frontier & o0) << s)
            | ((frontier & o1) << (s - 1))
            | ((frontier & o2) >> 1)
            | ((frontier & o3) >> s)
            | ((frontier & o4) >> (s - 1))
            | ((frontier & o5) << 1)
        )

    def proximity(self, start: int) -> tuple[int, ...]:
        """HV-LOS-2: hexes counted from ``start`` around walls, through anything else.

        Thin walls and the map edge are never crossed; obstacles and figures
        do not matter. Unreachable hexes get :data:`UNREACHABLE`. Cached.
        """
        cached = self._proximity.get(start)
        if cached is not None:
            return cached
        result = tuple(steps_from(self.grid_steps, start))
        self._proximity[start] = result
        return result

    def proximity_to(self, start: int, targets: int) -> dict[int, int]:
        """:meth:`proximity` from ``start`` of the hexes of the position mask ``targets`` only.

        By hex number; the search stops once every target is counted (a table
        already made for ``start`` is read instead, and the second question from
        ``start`` makes and keeps the whole table).
        """
        wanted = self.members(targets)
        counted: Sequence[int] | None = self._proximity.get(start)
        if counted is None:
            asked = self._proximity_asked
            if start in asked:
                # asked again from this hex (a game's monster turns, rollouts): the whole
                # table is kept from now on; once only (a new map's board), the short search
                counted = self.proximity(start)
            else:
                asked.add(start)
                counted = steps_from(self.grid_steps, start, frozenset(wanted))
        return {i: counted[i] for i in wanted}

    def within(self, start: int, reach: int) -> int:
        """HV-LOS-2: the hexes at most ``reach`` from ``start`` (counted as by :meth:`proximity`).

        The answer is a position mask. A search that stops at ``reach`` is
        enough, so no full table is built. Cached.
        """
        key = (start, reach)
        cached = self._within.get(key)
        if cached is not None:
            return cached
        seen = f = 1 << self.positions[start]
        for _ in range(reach):
            f = HexBoard.grow(self, f) & ~seen
            if not f:
                break
            seen |= f
        self._within[key] = seen
        return seen

    def adjacent(self, a: int, b: int) -> bool:
        """Neighbours not separated by a wall (a wall breaks adjacency, GH FAQ)."""
        ha = self.hexes[a]
        hb = self.hexes[b]
        d = _DIRECTION_OF.get((hb[0] - ha[0], hb[1] - ha[1]))
        return d is not None and bool(self.open_masks[d] >> self.positions[a] & 1)

    def open_mask_around(self, i: int) -> int:
        """The position mask of the open neighbours of hex number ``i`` (links not included:
        they are not adjacency for attacks, HV-ROOM-5)."""
        return HexBoard.grow(self, 1 << self.positions[i])

    def linked_to(self, i: int) -> tuple[int, ...]:
        """The hex numbers linked to hex number ``i`` (HV-ROOM-5): none on a plain board."""
        return ()

    def travel_proximity(self, start: int) -> tuple[int, ...]:
        """Hexes counted from ``start`` as a figure travels them: :meth:`proximity` here;
        a :class:`LinkedHexBoard` also counts a link as one step (HV-ROOM-5)."""
        return self.proximity(start)

    def focus_proximity(self, start: int, targets: int) -> dict[int, int]:
        """HV-FOCUS-1 proximity of the hexes of ``targets``: :meth:`proximity_to` here; a
        :class:`LinkedHexBoard` also counts a link as one step (HV-ROOM-5)."""
        return self.proximity_to(start, targets)


class ShapeStamps:
    """Shapes (each a set of offsets from a hex) placed on a board around any hex, as
    position masks of their map hexes (see :class:`HexBoard`).

    Away from the top and bottom of the columns a placement is one shift of the
    shape's own mask: a cell's position is the hex's plus ``dq * stride + dr``,
    and a cell off the map lands on a spare bit, before the first position or
    past the last column. Near them, where an offset could wrap into another
    column, the cells are looked up one by one.
    """

    __slots__ = ("_bias", "_board", "_masks", "_rows", "_shapes")

    def __init__(self, board: HexBoard, shapes: Iterable[Iterable[Hex]]) -> None:
        self._board = board
        self._shapes = [tuple(shape) for shape in shapes]
        stride = board.shifts[0]
        offsets = [[dq * stride + dr for dq, dr in shape] for shape in self._shapes]
        bias = max([-o for row in offsets for o in row], default=0)
        self._bias = bias if bias > 0 else 0
        masks = []
        for row in offsets:
            mask = 0
            for o in row:
                mask |= 1 << (o + self._bias)
            masks.append(mask)
        self._masks = masks
        rows = [dr for shape in self._shapes for _, dr in shape] or [0]
        # the rows (counted from the lowest of the map) from which no cell leaves its column
        # but for the spare bit below or above it
        self._rows = (-1 - min(rows), stride - 1 - max(rows))

    def around(self, i: int) -> list[int]:
        """Each shape placed around hex number ``i``: its map hexes as a position mask."""
        board = self._board
        q, r = board.hexes[i]
        row = r - board._extent[1]
        low, high = self._rows
        if low <= row <= high:
            p = board.positions[i]
            bias = self._bias
            full = board.full_mask
            return [(mask << p) >> bias & full for mask in self._masks]
        get = board.index.get
        positions = board.positions
        out = []
        for shape in self._shapes:
            mask = 0
            for dq, dr in shape:
                j = get((q + dq, r + dr))
                if j is not None:
                    mask |= 1 << positions[j]
            out.append(mask)
        return out


LINK: Final[int] = 6
"""The direction number given to a step through a link (after the six grid directions)."""


class LinkedHexBoard(HexBoard):
    """A board whose map links some pairs of hexes (HV-ROOM-5, [FH]).

    Linked hexes are adjacent for movement and focus: :meth:`grow` (every
    travel search), :attr:`open_neighbours` (as direction :data:`LINK`),
    :meth:`travel_proximity` and :meth:`focus_proximity` add the links. They
    give no line of sight and are not adjacency for attacks or range: wall
    lines, :meth:`proximity`, :meth:`within`, :meth:`adjacent` and
    :meth:`open_mask_around` are those of the plain board. Only boards with
    links are built as this class, so the plain searches stay as they are.
    """

    __slots__ = ("_link_mask", "_linked", "_linked_neighbours", "_travel", "_travel_table", "links")

    def __init__(
        self,
        hexes: Iterable[Hex],
        thin_walls: Iterable[tuple[Hex, Hex]] = (),
        links: Iterable[tuple[Hex, Hex]] = (),
    ) -> None:
        super().__init__(hexes, thin_walls)
        index = self.index
        positions = self.positions
        pairs: list[tuple[int, int]] = []
        # the position bit of a linked hex -> the position mask of the hexes linked to it
        linked: dict[int, int] = {}
        neighbours: dict[int, list[int]] = {}
        for a, b in links:
            i = index.get(a)
            j = index.get(b)
            if i is None or j is None or i == j:
                continue
            pairs.append((i, j))
            for x, y in ((i, j), (j, i)):
                bit = 1 << positions[x]
                linked[bit] = linked.get(bit, 0) | 1 << positions[y]
                row = neighbours.setdefault(x, [])
                if y not in row:
                    row.append(y)
        self.links = tuple(pairs)
        self._linked = linked
        mask = 0
        for bit in linked:
            mask |= bit
        self._link_mask = mask
        self._linked_neighbours = {x: tuple(sorted(row)) for x, row in neighbours.items()}
        self._travel: dict[int, tuple[int, ...]] = {}
        self._travel_table: tuple[tuple[int, ...], ...] | None = None

    def linked_to(self, i: int) -> tuple[int, ...]:
        """The hex numbers linked to hex number ``i``, in increasing order."""
        return self._linked_neighbours.get(i, ())

    def grow(self, frontier: int) -> int:
        """The open neighbours of the hexes of ``frontier`` and the hexes linked to them."""
        out = HexBoard.grow(self, frontier)
        ends = frontier & self._link_mask
        linked = self._linked
        while ends:
            low = ends & -ends
            out |= linked[low]
            ends ^= low
        return out

    @property
    def travel_steps(self) -> tuple[tuple[int, ...], ...]:
        """As on a plain board, then the hexes linked to each hex."""
        if self._travel_table is None:
            self._travel_table = tuple(
                [row + self.linked_to(i) for i, row in enumerate(self.grid_steps)]
            )
        return self._travel_table

    @property
    def open_neighbours(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """As on a plain board, then ``(LINK, j)`` for each hex ``j`` linked to the hex."""
        if self._open_neighbours is None:
            plain = self._grid_neighbours()
            self._open_neighbours = tuple(
                [row + tuple((LINK, j) for j in self.linked_to(i)) for i, row in enumerate(plain)]
            )
        return self._open_neighbours

    def travel_proximity(self, start: int) -> tuple[int, ...]:
        cached = self._travel.get(start)
        if cached is None:
            cached = tuple(steps_from(self.travel_steps, start))
            self._travel[start] = cached
        return cached

    def focus_proximity(self, start: int, targets: int) -> dict[int, int]:
        table = self.travel_proximity(start)
        return {i: table[i] for i in self.members(targets)}


def mask_bytes(mask: int) -> bytes:
    """The bits of a position mask (at least 0) as bytes, bit ``p`` in bit ``p % 8`` of
    byte ``p // 8``: testing many positions against one mask reads a byte each
    (:func:`has_position`) instead of shifting the whole mask, a new long int per test."""
    return mask.to_bytes((mask.bit_length() + 7) // 8, "little")


def has_position(bits: bytes, p: int) -> bool:
    """Whether position ``p`` is in the mask that :func:`mask_bytes` gave ``bits``."""
    k = p >> 3
    return k < len(bits) and (bits[k] >> (p & 7)) & 1 == 1


def steps_from(
    table: tuple[tuple[int, ...], ...], start: int, wanted: Collection[int] | None = None
) -> list[int]:
    """Breadth first over the flat step ``table`` (:attr:`HexBoard.grid_steps`,
    :attr:`HexBoard.travel_steps`): the steps from ``start`` to each hex number,
    :data:`UNREACHABLE` where none lead. With ``wanted``, the search stops once each of
    those is counted (hexes further away may be left :data:`UNREACHABLE`)."""
    dist = [UNREACHABLE] * len(table)
    dist[start] = 0
    remaining = -1 if wanted is None else len(wanted) - (start in wanted)
    frontier = [start]
    step = 0
    while frontier and remaining:
        step += 1
        reached: list[int] = []
        for u in frontier:
            for v in table[u]:
                if dist[v] == UNREACHABLE:
                    dist[v] = step
                    reached.append(v)
                    if wanted is not None and v in wanted:
                        remaining -= 1
                        if not remaining:
                            return dist
        frontier = reached
    return dist


_BY_HEXES_OBJECT: dict[int, tuple[tuple[Hex, ...], tuple[tuple[Hex, Hex], ...], HexBoard]] = {}
"""The last board given for each tuple of hexes, by the tuple's identity (the entry holds
the tuple, so its id is not reused meanwhile), with the walls it was given for."""
_BY_HEXES_OBJECT_LIMIT: Final = 64


def _shared_board(hexes: tuple[Hex, ...], thin_walls: tuple[tuple[Hex, Hex], ...]) -> HexBoard:
    """The board of :meth:`HexBoard.shared` without links. A caller passing the same tuple of
    hexes again (a batch keeps one per map) is answered without hashing it again: a map of
    a hundred hexes costs thousands of instructions to hash."""
    known = _BY_HEXES_OBJECT.get(id(hexes))
    if known is not None and known[0] is hexes and known[1] == thin_walls:
        return known[2]
    board = _board_by_value(hexes, thin_walls)
    if len(_BY_HEXES_OBJECT) >= _BY_HEXES_OBJECT_LIMIT:
        _BY_HEXES_OBJECT.clear()
    _BY_HEXES_OBJECT[id(hexes)] = (hexes, thin_walls, board)
    return board


@lru_cache(maxsize=512)
def _board_by_value(hexes: tuple[Hex, ...], thin_walls: tuple[tuple[Hex, Hex], ...]) -> HexBoard:
    return HexBoard(hexes, thin_walls)


@lru_cache(maxsize=64)
def _shared_linked_board(
    hexes: tuple[Hex, ...],
    thin_walls: tuple[tuple[Hex, Hex], ...],
    links: tuple[tuple[Hex, Hex], ...],
) -> LinkedHexBoard:
    return LinkedHexBoard(hexes, thin_walls, links)


def clear_shared_boards() -> None:
    """Forget the boards kept by :meth:`HexBoard.shared`."""
    _BY_HEXES_OBJECT.clear()
    _board_by_value.cache_clear()
    _shared_linked_board.cache_clear()
