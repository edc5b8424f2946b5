"""Orthogonal grids of rooms: geometry, and each room's face-up state and item stack.

No game rules live here. A :class:`RoomGrid` is the immutable geometry of a
map (which cells hold rooms, who neighbours whom, distances), computed once
and shared by every state of a game. A :class:`Room` is the value a game keeps
per room: active (face-up) or inactive (face-down), its item stack (top item
first), and the names of its activation requirements and room actions, which
the game interprets.

Room ids count row-major from the top-left cell: ``id = row * cols + col``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rulekeeper.i18n import _


@dataclass(frozen=True, slots=True)
class Room:
    """One room's state: face-up or not, item stack (top first), requirements, actions."""

    id: int
    name: str
    active: bool = False
    items: tuple[str, ...] = ()
    requirements: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()

    @property
    def top_item(self) -> str | None:
        """The item on top of the stack, or None when the stack is empty."""
        return self.items[0] if self.items else None

    def activated(self) -> Room:
        """This room turned face-up."""
        return replace(self, active=True)

    def without_top_item(self) -> Room:
        """This room with the top item of its stack taken."""
        return replace(self, items=self.items[1:])


class RoomGrid:
    """The geometry of an orthogonal grid of rooms, with precomputed tables.

    ``missing`` lists cells that hold no room (holes in the map). Movement is
    between orthogonally adjacent rooms only; distances count such steps.
    """

    __slots__ = ("_distances", "_neighbours", "cols", "room_ids", "rows")

    def __init__(self, rows: int, cols: int, missing: Iterable[int] = ()) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(
                _(
                    "a room grid needs at least one row and column, not {rows}x{cols}",
                    rows=rows,
                    cols=cols,
                )
            )
        self.rows = rows
        self.cols = cols
        holes = set(missing)
        self.room_ids: tuple[int, ...] = tuple(i for i in range(rows * cols) if i not in holes)
        present = set(self.room_ids)
        neighbours: dict[int, tuple[int, ...]] = {}
        for room in self.room_ids:
            row, col = divmod(room, cols)
            around = []
            for d_row, d_col in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                r, c = row + d_row, col + d_col
                if 0 <= r < rows and 0 <= c < cols and r * cols + c in present:
                    around.append(r * cols + c)
            neighbours[room] = tuple(sorted(around))
        self._neighbours = neighbours
        self._distances = {room: self._breadth_first(room) for room in self.room_ids}

    def _breadth_first(self, start: int) -> dict[int, int]:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for other in self._neighbours[room]:
                if other not in seen:
                    seen[other] = seen[room] + 1
                    queue.append(other)
        return seen

    def __contains__(self, room: object) -> bool:
        return room in self._neighbours

    def __len__(self) -> int:
        return len(self.room_ids)

    def coordinates(self, room: int) -> tuple[int, int]:
        """``(row, col)`` of a room."""
        return divmod(room, self.cols)

    def room_at(self, row: int, col: int) -> int | None:
        """The room id at a cell, or None for a hole or a cell off the grid."""
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            return None
        room = row * self.cols + col
        return room if room in self._neighbours else None

    def neighbours(self, room: int) -> tuple[int, ...]:
        """The orthogonally adjacent rooms, lowest id first."""
        return self._neighbours[room]

    def adjacent(self, a: int, b: int) -> bool:
        return b in self._neighbours.get(a, ())

    def distance(self, a: int, b: int) -> int | None:
        """Steps between two rooms, or None when no path joins them."""
        return self._distances[a].get(b)

    def nearest(self, start: int, goals: Iterable[int]) -> int | None:
        """The distance from ``start`` to the closest of ``goals`` (None if none is reachable)."""
        table = self._distances[start]
        found = [table[g] for g in goals if g in table]
        return min(found) if found else None

    def step_toward(self, start: int, goals: Iterable[int]) -> int | None:
        """The neighbour of ``start`` one step closer to the nearest goal.

        Ties go to the lowest room id. None when ``start`` is a goal or no
        goal can be reached.
        """
        goal_list = list(goals)
        best = self.nearest(start, goal_list)
        if best is None or best == 0:
            return None
        for room in self._neighbours[start]:
            if self.nearest(room, goal_list) == best - 1:
                return room
        return None
