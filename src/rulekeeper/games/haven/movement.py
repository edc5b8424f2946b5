"""How far a figure must travel to each hex: normal movement, jump, flying, teleport.

Every table is lexicographic in (negative hexes entered, movement points):
HV-FOCUS-4 treats traps and hazardous terrain as obstacles unless a path must
cross them, which is the same as preferring the fewest negative hexes first.

- HV-MOVE-1: allies may be passed through, enemies and obstacles not; thin
  walls and the map edge are never crossed; no ending in an occupied hex.
- HV-MOVE-2: difficult terrain costs 2 movement points; a figure entering icy
  terrain slides on in the same direction, for free, until the next hex is off
  the map, walled off, an obstacle, or holds a figure (an ally it could walk
  through still stops a slide). A slide landing on difficult terrain costs no
  extra. Icy terrain is a Frosthaven terrain; a Gloomhaven board that holds it
  gets the only effect the rulebooks define.
- HV-MOVE-3: a jump ignores figures, obstacles and terrain on the way; only the
  last hex counts: a trap or hazardous terrain there is entered, and [GH] ending
  on difficult terrain costs one more (``Ruleset.jump_ignores_terrain_on_last_hex``).
- HV-MOVE-4: flying ignores figures and all terrain, the last hex included,
  but must still end in an unoccupied hex (an obstacle is fine).
- Teleport [FH p.24] is not movement: the figure is placed up to ``move`` hexes
  away counted straight across the grid, through walls and everything else;
  only a negative hex it lands on counts (none when it also flies).
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from rulekeeper.boards.hexgrid import UNREACHABLE, HexBoard, distance
from rulekeeper.games.haven.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Terrain:
    """Per-hex terrain flags, indexed by hex number."""

    obstacle: tuple[bool, ...]
    negative: tuple[bool, ...]
    """Traps and hazardous terrain (HV-FOCUS-4)."""
    difficult: tuple[bool, ...]
    icy: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class MoveMode:
    """How the acting figure moves this turn."""

    flying: bool = False
    jumping: bool = False
    teleport: bool = False


Step = tuple[int, int, int, tuple[int, ...]]
"""A single step: (landing hex, movement points, negative hexes entered, hexes slid over)."""


class Movement:
    """Travel tables for one figure on one board: built once, queried many times."""

    def __init__(
        self,
        board: HexBoard,
        ruleset: Ruleset,
        terrain: Terrain,
        start: int,
        occupied: frozenset[int],
        enemies: frozenset[int],
        mode: MoveMode,
    ) -> None:
        self.board = board
        self.ruleset = ruleset
        self.terrain = terrain
        self.start = start
        self.occupied = occupied
        self.enemies = enemies
        self.mode = mode
        self._steps: list[list[Step]] | None = None
        self._reverse_cache: dict[int, tuple[list[int], list[int]]] = {}
        self._incoming_steps: list[list[tuple[int, int]]] | None = None
        self.distance, self.negative, self._parent = self._forward()

    # -- what a hex allows ------------------------------------------------------------
    def can_end(self, i: int) -> bool:
        """HV-MOVE-1/4: a figure ends only in an unoccupied hex, never on an obstacle unless flying.

        Staying where it stands is always possible.
        """
        if i == self.start:
            return True
        if i in self.occupied:
            return False
        return self.mode.flying or not self.terrain.obstacle[i]

    def _passable(self, i: int) -> bool:
        """HV-MOVE-1: normal movement passes allies, not enemies or obstacles."""
        return not self.terrain.obstacle[i] and i not in self.enemies

    def _landing_negative(self, i: int) -> int:
        return 0 if self.mode.flying else int(self.terrain.negative[i])

    def _landing_extra(self, i: int) -> int:
        """HV-MOVE-3: [GH] the last hex of a jump is normal movement, so difficult costs 1 more."""
        jump = self.mode.jumping and not self.mode.teleport
        if jump and not self.ruleset.jump_ignores_terrain_on_last_hex and self.terrain.difficult[i]:
            return 1
        return 0

    # -- normal movement -------------------------------------------------------------
    def _normal_steps(self) -> list[list[Step]]:
        """Every single step of normal movement, icy slides resolved (HV-MOVE-1, HV-MOVE-2)."""
        if self._steps is not None:
            return self._steps
        board = self.board
        table = board.neighbour_table
        open_neighbours = board.open_neighbours
        terrain = self.terrain
        n = len(board)
        obstacle = terrain.obstacle
        enemies = self.enemies
        icy = terrain.icy
        difficult = terrain.difficult
        negative = terrain.negative
        # a step onto a hex that is not icy is the same whichever side it comes from
        entry: list[Step | None] = [
            None
            if obstacle[v] or v in enemies
            else (v, 2 if difficult[v] else 1, int(negative[v]), ())
            for v in range(n)
        ]
        if not any(icy):
            steps = [[e for _, v in row if (e := entry[v]) is not None] for row in open_neighbours]
            self._steps = steps
            return steps
        occupied = self.occupied
        stops_slide = [entry[i] is None or i in occupied for i in range(n)]
        steps = []
        for u in range(n):
            row: list[Step] = []
            for d, v in open_neighbours[u]:
                step = entry[v]
                if step is None:
                    continue
                if not icy[v]:
                    row.append(step)
                    continue
                slid: list[int] = []
                while icy[v]:
                    nxt = table[v][d]
                    if nxt < 0 or stops_slide[nxt] or not board.adjacent(v, nxt):
                        break
                    slid.append(v)
                    v = nxt
                cost = 1 if slid or not difficult[v] else 2
                row.append((v, cost, int(negative[v]), tuple(slid)))
            steps.append(row)
        self._steps = steps
        return steps

    def _forward(self) -> tuple[list[int], list[int], list[tuple[int, tuple[int, ...]]]]:
        n = len(self.board)
        dist = [UNREACHABLE] * n
        neg = [UNREACHABLE] * n
        parent: list[tuple[int, tuple[int, ...]]] = [(-1, ())] * n
        start = self.start
        dist[start] = 0
        neg[start] = 0
        if self.mode.teleport:
            here = self.board.hexes[start]
            for i, h in enumerate(self.board.hexes):
                if i != start:
                    dist[i] = distance(here, h)
                    neg[i] = self._landing_negative(i)
                    parent[i] = (start, ())
            return dist, neg, parent
        if self.mode.flying or self.mode.jumping:
            frontier: deque[int] = deque((start,))
            open_neighbours = self.board.open_neighbours
            while frontier:
                u = frontier.popleft()
                for _, v in open_neighbours[u]:
                    if dist[v] == UNREACHABLE:
                        dist[v] = dist[u] + 1
                        parent[v] = (u, ())
                        frontier.append(v)
            for i in range(n):
                if i != start and dist[i] != UNREACHABLE:
                    dist[i] += self._landing_extra(i)
                    neg[i] = self._landing_negative(i)
            return dist, neg, parent
        steps = self._normal_steps()
        # Dijkstra on (negative hexes, movement points) packed into one integer: no
        # path worth keeping spends ``scale`` points, so the packing keeps the order.
        scale = _scale(n)
        best = [_NEVER] * n
        best[start] = 0
        heap: list[tuple[int, int]] = [(0, start)]
        pop = heapq.heappop
        push = heapq.heappush
        while heap:
            k, u = pop(heap)
            if k != best[u]:
                continue
            for v, cost, trap, slid in steps[u]:
                key = k + trap * scale + cost
                if key < best[v]:
                    best[v] = key
                    parent[v] = (u, slid)
                    push(heap, (key, v))
        _unpack(best, scale, dist, neg)
        return dist, neg, parent

    def path(self, i: int) -> list[int]:
        """One shortest legal path from the start to hex ``i`` (slid-over hexes included)."""
        if self.distance[i] == UNREACHABLE:
            return []
        out = [i]
        while i != self.start:
            prev, slid = self._parent[i]
            out.extend(reversed(slid))
            out.append(prev)
            i = prev
        out.reverse()
        return out

    def to_destination(self, destination: int) -> tuple[list[int], list[int]]:
        """(movement points, negative hexes) from every hex to ``destination``, by the same rules."""
        cached = self._reverse_cache.get(destination)
        if cached is not None:
            return cached
        n = len(self.board)
        dist = [UNREACHABLE] * n
        neg = [UNREACHABLE] * n
        dist[destination] = 0
        neg[destination] = 0
        if self.mode.teleport:
            there = self.board.hexes[destination]
            for i, h in enumerate(self.board.hexes):
                if i != destination:
                    dist[i] = distance(h, there)
                    neg[i] = self._landing_negative(destination)
        elif self.mode.flying or self.mode.jumping:
            frontier: deque[int] = deque((destination,))
            open_neighbours = self.board.open_neighbours
            while frontier:
                u = frontier.popleft()
                for _, v in open_neighbours[u]:
                    if dist[v] == UNREACHABLE:
                        dist[v] = dist[u] + 1
                        frontier.append(v)
            extra = self._landing_extra(destination)
            landing = self._landing_negative(destination)
            for i in range(n):
                if i != destination and dist[i] != UNREACHABLE:
                    dist[i] += extra
                    neg[i] = landing
        else:
            incoming = self._incoming()
            scale = _scale(n)
            best = [_NEVER] * n
            best[destination] = 0
            heap: list[tuple[int, int]] = [(0, destination)]
            pop = heapq.heappop
            push = heapq.heappush
            while heap:
                k, v = pop(heap)
                if k != best[v]:
                    continue
                for u, weight in incoming[v]:
                    key = k + weight
                    if key < best[u]:
                        best[u] = key
                        push(heap, (key, u))
            _unpack(best, scale, dist, neg)
        result = (dist, neg)
        self._reverse_cache[destination] = result
        return result

    def _incoming(self) -> list[list[tuple[int, int]]]:
        """For each hex, the steps into it: (from hex, packed weight), as :meth:`_forward` packs."""
        if self._incoming_steps is None:
            n = len(self.board)
            scale = _scale(n)
            incoming: list[list[tuple[int, int]]] = [[] for _ in range(n)]
            for u, row in enumerate(self._normal_steps()):
                for v, cost, trap, _ in row:
                    incoming[v].append((u, trap * scale + cost))
            self._incoming_steps = incoming
        return self._incoming_steps


_NEVER = 1 << 62
"""A packed distance larger than any reachable one."""


def _scale(n: int) -> int:
    """The packing factor for ``n`` hexes: more than the points of any simple path (2 per step)."""
    return 2 * n + 2


def _unpack(best: list[int], scale: int, dist: list[int], neg: list[int]) -> None:
    """Split packed (negative hexes, movement points) into the two tables, unreached left alone."""
    for i, key in enumerate(best):
        if key != _NEVER:
            neg[i], dist[i] = divmod(key, scale)
