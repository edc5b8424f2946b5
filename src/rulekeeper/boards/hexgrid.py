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

from collections import deque
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Final

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
    cells = tuple(shape)
    seen: list[frozenset[Hex]] = []
    for mirrored in (False, True):
        for turns in range(6):
            image = frozenset(transform(c, turns, mirrored) for c in cells)
            if image not in seen:
                seen.append(image)
    return seen


def centre(h: Hex) -> Point:
    """The centre of ``h`` in lattice coordinates."""
    return (3 * h[0], 2 * h[1] + h[0])


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


class HexBoard:
    """A map of hexes with thin walls, built once; neighbour and distance tables precomputed.

    Hexes are numbered ``0..n-1`` in :attr:`hexes` order; tables are indexed by
    number. ``open_neighbours[i]`` lists ``(direction, j)`` for every map
    neighbour ``j`` of ``i`` not separated from it by a thin wall.
    The wall lines of HV-LOS-1 are the thin walls plus every edge between a map
    hex and a hex outside the map (:attr:`wall_segments`).
    """

    __slots__ = (
        "_adjacent",
        "_around",
        "_proximity",
        "_within",
        "hexes",
        "index",
        "neighbour_table",
        "open_neighbours",
        "thin_walls",
        "wall_corners",
        "wall_segments",
    )

    def __init__(self, hexes: Iterable[Hex], thin_walls: Iterable[tuple[Hex, Hex]] = ()) -> None:
        self.hexes: tuple[Hex, ...] = tuple(dict.fromkeys(hexes))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self.thin_walls: frozenset[frozenset[Hex]] = frozenset(
            frozenset((a, b)) for a, b in thin_walls
        )
        walled: set[tuple[Hex, Hex]] = set()
        for a, b in thin_walls:
            walled.add((a, b))
            walled.add((b, a))
        index = self.index
        table: list[tuple[int, ...]] = []
        open_table: list[tuple[tuple[int, int], ...]] = []
        adjacent: list[tuple[int, ...]] = []
        segments: list[tuple[Point, Point]] = []
        get = index.get
        for h in self.hexes:
            q, r = h
            row = tuple([get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS])
            if walled:
                # a thin wall closes the edge as the map edge does
                row_open = tuple([-1 if j < 0 or (h, self.hexes[j]) in walled else j for j in row])
            else:
                row_open = row
            table.append(row)
            open_ids = tuple([j for j in row_open if j >= 0])
            adjacent.append(open_ids)
            if len(open_ids) == 6:
                open_table.append(tuple(enumerate(row)))
                continue
            open_table.append(tuple([(d, j) for d, j in enumerate(row_open) if j >= 0]))
            x, y = 3 * q, 2 * r + q  # the centre, as centre() gives it
            for d, j in enumerate(row_open):
                if j < 0:
                    (ax, ay), (bx, by) = _EDGE_OFFSETS[d]
                    segments.append(((x + ax, y + ay), (x + bx, y + by)))
        self.neighbour_table: tuple[tuple[int, ...], ...] = tuple(table)
        self.open_neighbours: tuple[tuple[tuple[int, int], ...], ...] = tuple(open_table)
        # a thin wall is seen from both of its hexes: keep each segment once
        self.wall_segments: tuple[tuple[Point, Point], ...] = tuple(sorted(set(segments)))
        self.wall_corners: frozenset[Point] = frozenset(p for s in segments for p in s)
        self._proximity: dict[int, tuple[int, ...]] = {}
        self._within: dict[tuple[int, int], int] = {}
        self._around: tuple[int, ...] | None = None
        """Each hex's open neighbours as a mask, made when :meth:`within` first needs it."""
        self._adjacent: tuple[tuple[int, ...], ...] = tuple(adjacent)

    def __len__(self) -> int:
        return len(self.hexes)

    def __contains__(self, h: object) -> bool:
        return h in self.index

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.hexes)

    @classmethod
    def shared(cls, hexes: tuple[Hex, ...], thin_walls: tuple[tuple[Hex, Hex], ...]) -> HexBoard:
        """The board for this map, built once and reused while it is in use (a small LRU)."""
        return _shared_board(hexes, thin_walls)

    def walled(self, a: Hex, b: Hex) -> bool:
        """Whether a thin wall separates the adjacent hexes ``a`` and ``b``."""
        return frozenset((a, b)) in self.thin_walls

    def proximity(self, start: int) -> tuple[int, ...]:
        """HV-LOS-2: hexes counted from ``start`` around walls, through anything else.

        Thin walls and the map edge are never crossed; obstacles and figures
        do not matter. Unreachable hexes get :data:`UNREACHABLE`. Cached.
        """
        cached = self._proximity.get(start)
        if cached is not None:
            return cached
        dist = [UNREACHABLE] * len(self.hexes)
        dist[start] = 0
        frontier: deque[int] = deque((start,))
        adjacent = self._adjacent
        while frontier:
            i = frontier.popleft()
            step = dist[i] + 1
            for j in adjacent[i]:
                if dist[j] > step:
                    dist[j] = step
                    frontier.append(j)
        result = tuple(dist)
        self._proximity[start] = result
        return result

    def within(self, start: int, reach: int) -> int:
        """HV-LOS-2: the hexes at most ``reach`` from ``start`` (counted as by :meth:`proximity`).

        The answer is a bit mask with bit ``i`` set for hex number ``i``. A search
        that stops at ``reach`` is enough, so no full table is built. Cached.
        """
        key = (start, reach)
        cached = self._within.get(key)
        if cached is not None:
            return cached
        around = self._around
        if around is None:
            around = self._around = tuple(sum(1 << j for j in row) for row in self._adjacent)
        mask = 1 << start
        frontier = [start]
        for _ in range(reach):
            grown = 0
            for i in frontier:
                grown |= around[i]
            fresh = grown & ~mask
            if not fresh:
                break
            mask |= fresh
            frontier = []
            while fresh:
                low = fresh & -fresh
                frontier.append(low.bit_length() - 1)
                fresh ^= low
        self._within[key] = mask
        return mask

    def adjacent(self, a: int, b: int) -> bool:
        """Neighbours not separated by a wall (a wall breaks adjacency, GH FAQ)."""
        return b in self._adjacent[a]


@lru_cache(maxsize=512)
def _shared_board(hexes: tuple[Hex, ...], thin_walls: tuple[tuple[Hex, Hex], ...]) -> HexBoard:
    return HexBoard(hexes, thin_walls)


def clear_shared_boards() -> None:
    """Forget the boards kept by :meth:`HexBoard.shared`."""
    _shared_board.cache_clear()
