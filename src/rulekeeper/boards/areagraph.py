"""Area graphs: areas with a capacity and a height, links between them, barriers.

A map is a graph of *areas*. Each area holds at most ``capacity`` units of
figure size (a normal figure has size 1, a large one more), sits at a height
level, and links to adjacent areas; a link may be a *solid barrier*.

Two kinds of paths matter to games built on this board:

* a **walk** follows links that are not solid barriers, whatever the heights;
* an **open line** follows links that are not solid barriers and never changes
  height, so every area on it has the height of the area it starts from.

Plain melee uses the open line to an adjacent area; melee at range uses a walk
(the heights it passes through do not matter) to a target area of the
attacker's own height.

Both distance tables are computed once per map (all pairs, breadth first) and
cached on this immutable object; game states share it.

:meth:`AreaGraph.melee_reach` answers "can a figure in area X reach a figure in
area Y in melee, and if not, what stops it" in geometric terms (a
:class:`Blocker`); the game that uses the board decides which rule each
blocker stands for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from rulekeeper.i18n import _


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the map."""

    id: str
    name: str
    capacity: int
    height: int = 0


@dataclass(frozen=True, slots=True)
class Link:
    """Two adjacent areas; ``barrier`` marks a solid barrier between them."""

    a: str
    b: str
    barrier: bool = False


class Blocker(Enum):
    """Why a melee line from one area to another does not reach."""

    NOT_ADJACENT = "not_adjacent"
    """Plain melee: the target is neither in the same area nor an adjacent one."""
    NOT_FULL = "not_full"
    """Plain melee: the adjacent area is below its maximum capacity."""
    BARRIER = "barrier"
    """A solid barrier lies between the areas (and no open line goes round it)."""
    HEIGHT = "height"
    """The target area has a different height; an open line never changes height."""
    OUT_OF_RANGE = "out_of_range"
    """Melee at range: the shortest open line is longer than the range."""


@dataclass(frozen=True, slots=True)
class ReachVerdict:
    """Whether a melee line reaches a target area, and why not if it does not.

    ``distance`` is the length of the shortest open line in areas (0 for the
    same area), or None when no open line exists.
    """

    reachable: bool
    blocker: Blocker | None
    distance: int | None
    reason: str


class AreaGraph:
    """An immutable map of areas with precomputed neighbour and distance tables."""

    def __init__(self, areas: Iterable[Area], links: Iterable[Link]) -> None:
        self._areas: dict[str, Area] = {}
        for area in areas:
            if area.id in self._areas:
                raise ValueError(_("two areas share the id {area}", area=repr(area.id)))
            if area.capacity < 1:
                raise ValueError(
                    _("area {area} needs a capacity of at least 1", area=repr(area.id))
                )
            self._areas[area.id] = area
        self._links: dict[frozenset[str], Link] = {}
        neighbours: dict[str, list[str]] = {a: [] for a in self._areas}
        for link in links:
            for end in (link.a, link.b):
                if end not in self._areas:
                    raise ValueError(_("a link names the unknown area {area}", area=repr(end)))
            if link.a == link.b:
                raise ValueError(_("area {area} cannot link to itself", area=repr(link.a)))
            key = frozenset((link.a, link.b))
            if key in self._links:
                raise ValueError(
                    _(
                        "areas {first} and {second} are linked twice",
                        first=repr(link.a),
                        second=repr(link.b),
                    )
                )
            self._links[key] = link
            neighbours[link.a].append(link.b)
            neighbours[link.b].append(link.a)
        self._neighbours = {a: tuple(ns) for a, ns in neighbours.items()}
        self._walk_neighbours = {
            a: tuple(n for n in ns if not self.has_barrier(a, n))
            for a, ns in self._neighbours.items()
        }
        self._open_neighbours = {
            a: tuple(n for n in ns if self._areas[n].height == self._areas[a].height)
            for a, ns in self._walk_neighbours.items()
        }
        self._walk = {a: _breadth_first(a, self._walk_neighbours) for a in self._areas}
        self._open = {a: _breadth_first(a, self._open_neighbours) for a in self._areas}
        self._any = {a: _breadth_first(a, self._neighbours) for a in self._areas}

    # -- the map -----------------------------------------------------------
    @property
    def areas(self) -> Mapping[str, Area]:
        return self._areas

    @property
    def links(self) -> tuple[Link, ...]:
        return tuple(self._links.values())

    def area(self, area_id: str) -> Area:
        return self._areas[area_id]

    def neighbours(self, area_id: str) -> tuple[str, ...]:
        """Every adjacent area, barrier or not."""
        return self._neighbours[area_id]

    def walk_neighbours(self, area_id: str) -> tuple[str, ...]:
        """Adjacent areas not behind a solid barrier (height changes allowed)."""
        return self._walk_neighbours[area_id]

    def open_neighbours(self, area_id: str) -> tuple[str, ...]:
        """Adjacent areas with no solid barrier between and the same height."""
        return self._open_neighbours[area_id]

    def is_adjacent(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self._links

    def has_barrier(self, a: str, b: str) -> bool:
        link = self._links.get(frozenset((a, b)))
        return link is not None and link.barrier

    # -- distances ---------------------------------------------------------
    def walk_distance(self, a: str, b: str) -> int | None:
        """Fewest links on a walk from ``a`` to ``b`` (no barrier crossed), or None."""
        return self._walk[a].get(b)

    def walk_distances(self, a: str) -> Mapping[str, int]:
        return self._walk[a]

    def open_distance(self, a: str, b: str) -> int | None:
        """Fewest links on an open line (no barrier, no height change), or None."""
        return self._open[a].get(b)

    # -- occupancy ---------------------------------------------------------
    def occupancy(self, placements: Iterable[tuple[str, int]]) -> dict[str, int]:
        """Capacity used in each area by figures given as ``(area, size)`` pairs."""
        used = dict.fromkeys(self._areas, 0)
        for area_id, size in placements:
            used[area_id] += size
        return used

    def free_space(self, area_id: str, occupancy: Mapping[str, int]) -> int:
        return self._areas[area_id].capacity - occupancy.get(area_id, 0)

    def is_full(self, area_id: str, occupancy: Mapping[str, int]) -> bool:
        """Whether the area is at (or over) its maximum capacity."""
        return self.free_space(area_id, occupancy) <= 0

    def has_room(self, area_id: str, occupancy: Mapping[str, int], size: int) -> bool:
        """Whether a figure of ``size`` fits in the area without exceeding capacity."""
        return self.free_space(area_id, occupancy) >= size

    # -- melee lines -------------------------------------------------------
    def melee_reach(
        self,
        from_area: str,
        target_area: str,
        occupancy: Mapping[str, int],
        at_range: int | None = None,
    ) -> ReachVerdict:
        """Whether a melee line from ``from_area`` reaches ``target_area``.

        Plain melee (``at_range`` None) reaches the same area, or an adjacent
        area that is full, across a link that is no solid barrier and joins
        areas of the same height. Melee at range ``n`` reaches any area of the
        attacker's height, full or not, that a line of at most ``n`` links
        crossing no solid barrier reaches; the heights of the areas the line
        passes through do not matter (only the target's height does).
        """
        if from_area == target_area:
            return ReachVerdict(True, None, 0, "same area")
        here, there = self._areas[from_area], self._areas[target_area]
        if at_range is None:
            return self._plain_reach(
                here, there, occupancy, self.open_distance(from_area, target_area)
            )
        return self._ranged_reach(here, there, at_range)

    def melee_reach_all(
        self,
        from_area: str,
        targets: Mapping[str, str],
        occupancy: Mapping[str, int],
        at_range: int | None = None,
    ) -> dict[str, ReachVerdict]:
        """For figures given as ``{figure: area}``, the verdict on each from ``from_area``.

        "Which of them can this figure reach in melee, and why not the others."
        """
        return {
            figure: self.melee_reach(from_area, area, occupancy, at_range)
            for figure, area in targets.items()
        }

    def _ranged_reach(self, here: Area, there: Area, at_range: int) -> ReachVerdict:
        """Melee at range: no barrier crossed, target at the attacker's height, within range."""
        distance = self.walk_distance(here.id, there.id)
        if here.height != there.height:
            return ReachVerdict(
                False,
                Blocker.HEIGHT,
                distance,
                f"{there.name} is at height {there.height}, {here.name} at height {here.height}",
            )
        if distance is not None and distance <= at_range:
            return ReachVerdict(True, None, distance, f"{_areas(distance)} away, range {at_range}")
        any_path = self._any[here.id].get(there.id)
        if any_path is not None and any_path <= at_range:
            return ReachVerdict(
                False,
                Blocker.BARRIER,
                distance,
                f"every line from {here.name} to {there.name} within {_areas(at_range)} "
                "crosses a solid barrier",
            )
        away = f"{_areas(distance)} away" if distance is not None else "behind solid barriers"
        return ReachVerdict(
            False,
            Blocker.OUT_OF_RANGE,
            distance,
            f"{there.name} is {away}, beyond range {at_range}",
        )

    def _plain_reach(
        self, here: Area, there: Area, occupancy: Mapping[str, int], distance: int | None
    ) -> ReachVerdict:
        if not self.is_adjacent(here.id, there.id):
            return ReachVerdict(
                False,
                Blocker.NOT_ADJACENT,
                distance,
                f"{there.name} is neither {here.name} nor an area adjacent to it",
            )
        blocked = self._blocked_line(here, there, 1)
        if blocked is not None:
            return ReachVerdict(False, blocked[0], distance, blocked[1])
        used, capacity = occupancy.get(there.id, 0), there.capacity
        if used < capacity:
            return ReachVerdict(
                False,
                Blocker.NOT_FULL,
                distance,
                f"adjacent {there.name} is not at maximum capacity ({used}/{capacity})",
            )
        return ReachVerdict(True, None, 1, f"adjacent {there.name} is full ({used}/{capacity})")

    def _blocked_line(self, here: Area, there: Area, length: int) -> tuple[Blocker, str] | None:
        """A barrier or height change that keeps every open line longer than ``length``.

        Called when no open line of that length exists: if one would exist
        ignoring barriers and heights, those are what block it.
        """
        if self.has_barrier(here.id, there.id):
            return Blocker.BARRIER, f"a solid barrier stands between {here.name} and {there.name}"
        if here.height != there.height:
            return (
                Blocker.HEIGHT,
                f"{there.name} is at height {there.height}, {here.name} at height {here.height}",
            )
        any_path = self._any[here.id].get(there.id)
        open_path = self.open_distance(here.id, there.id)
        if (
            any_path is not None
            and any_path <= length
            and (open_path is None or open_path > length)
        ):
            return (
                Blocker.BARRIER,
                f"every line from {here.name} to {there.name} within {_areas(length)} "
                "crosses a solid barrier or a change of height",
            )
        return None


def _areas(count: int) -> str:
    return f"{count} area" if count == 1 else f"{count} areas"


def _breadth_first(start: str, neighbours: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    """Fewest links from ``start`` to every area reachable through ``neighbours``."""
    distance = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours[here]:
            if there not in distance:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance
