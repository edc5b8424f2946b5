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
from collections.abc import Callable
from itertools import compress
from typing import Final

from rulekeeper.boards.hexgrid import LINK, UNREACHABLE, HexBoard, distance, steps_from
from rulekeeper.games.haven.ruleset import Ruleset


class Terrain:
    """Per-hex terrain flags, indexed by hex number (a value: never changed once made).

    This class and :class:`MoveMode` are plain classes, not dataclasses: a
    dataclass costs its module's import the ``dataclasses`` module (and
    ``inspect``) and code generated per class, about a third of the monster
    mover batch's start-up (issue 12).
    """

    __slots__ = ("difficult", "icy", "negative", "obstacle")

    def __init__(
        self,
        obstacle: tuple[bool, ...],
        negative: tuple[bool, ...],
        difficult: tuple[bool, ...],
        icy: tuple[bool, ...],
    ) -> None:
        self.obstacle = obstacle
        self.negative = negative
        """Traps and hazardous terrain (HV-FOCUS-4)."""
        self.difficult = difficult
        self.icy = icy

    def with_obstacles(self, obstacle: tuple[bool, ...]) -> Terrain:
        """The same terrain with these obstacle flags."""
        return Terrain(obstacle, self.negative, self.difficult, self.icy)

    def _fields(self) -> tuple[tuple[bool, ...], ...]:
        return (self.obstacle, self.negative, self.difficult, self.icy)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Terrain) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Terrain(obstacle={self.obstacle!r}, negative={self.negative!r}, "
            f"difficult={self.difficult!r}, icy={self.icy!r})"
        )


class MoveMode:
    """How the acting figure moves this turn (a value; see :class:`Terrain`)."""

    __slots__ = ("flying", "jumping", "teleport")

    def __init__(self, flying: bool = False, jumping: bool = False, teleport: bool = False) -> None:
        self.flying = flying
        self.jumping = jumping
        self.teleport = teleport

    def _fields(self) -> tuple[bool, bool, bool]:
        return (self.flying, self.jumping, self.teleport)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveMode) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"MoveMode(flying={self.flying}, jumping={self.jumping}, teleport={self.teleport})"


_MODES = {
    (flying, jumping, teleport): MoveMode(flying, jumping, teleport)
    for flying in (False, True)
    for jumping in (False, True)
    for teleport in (False, True)
}


def move_mode(flying: bool = False, jumping: bool = False, teleport: bool = False) -> MoveMode:
    """The :class:`MoveMode` of these flags, shared (a frozen value; every turn asks for one)."""
    return _MODES[flying, jumping, teleport]


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
        self._rows: list[list[Step] | None] | None = None
        """The rows of :meth:`_normal_steps` made so far (by the search on ice)."""
        self._reverse_cache: dict[int, tuple[list[int], list[int]]] = {}
        self._incoming_steps: list[list[tuple[int, int]]] | None = None
        self._weights: list[int] | None = None
        self._parent: list[tuple[int, tuple[int, ...]]] | None = None
        """Each hex's step of a shortest path, when the search kept them (icy terrain, teleport)."""
        self._depth: list[int] | None = None
        """[flying, jumping] each hex's breadth-first depth, for finding paths afterwards."""
        self._found_parent: dict[int, int] = {}
        self._order: dict[int, tuple[int, ...]] = {}
        self._unit_steps = not (any(terrain.difficult) or any(terrain.negative))
        """Whether every hex normal movement may enter costs 1 point and none is negative."""
        self.distance, self.negative = self._forward()

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
        rows = self._rows
        if rows is None:
            rows = self._rows = [None] * len(self.board)
        steps = self._steps
        if steps is None:
            make = self._row_maker()
            steps = self._steps = [
                row if row is not None else make(u) for u, row in enumerate(rows)
            ]
        return steps

    def _row_maker(self) -> Callable[[int], list[Step]]:
        """A function giving the single steps of normal movement from one hex: to each open
        neighbour (in direction order, then the hexes linked to it) that normal movement may
        enter, icy slides resolved."""
        board = self.board
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
        occupied = self.occupied
        stops_slide = [entry[i] is None or i in occupied for i in range(n)]
        # entry 6 * u + d: the open neighbour of u in direction d, or -1
        ways = board.open_ways
        linked_to = board.linked_to if board.links else None

        def make(u: int) -> list[Step]:
            row: list[Step] = []
            base = 6 * u
            for d in range(6):
                v = ways[base + d]
                if v < 0:
                    continue
                step = entry[v]
                if step is None:
                    continue
                if not icy[v]:
                    row.append(step)
                    continue
                slid: list[int] = []
                while icy[v]:
                    # the next hex on the same way: off the map or behind a wall stops it
                    nxt = ways[6 * v + d]
                    if nxt < 0 or stops_slide[nxt]:
                        break
                    slid.append(v)
                    v = nxt
                cost = 1 if slid or not difficult[v] else 2
                row.append((v, cost, int(negative[v]), tuple(slid)))
            if linked_to is not None:
                # HV-ROOM-5: a step through a link has no direction to slide on
                row.extend(step for v in linked_to(u) if (step := entry[v]) is not None)
            return row

        return make

    def _forward(self) -> tuple[list[int], list[int]]:
        n = len(self.board)
        dist = [UNREACHABLE] * n
        neg = [UNREACHABLE] * n
        start = self.start
        dist[start] = 0
        neg[start] = 0
        if self.mode.teleport:
            here = self.board.hexes[start]
            for i, h in enumerate(self.board.hexes):
                if i != start:
                    dist[i] = distance(here, h)
                    neg[i] = self._landing_negative(i)
            self._parent = [(start, ())] * n
            return dist, neg
        if self.mode.flying or self.mode.jumping:
            depth = self._breadth_first(start)
            self._depth = depth
            # _landing_extra and _landing_negative, read once for the whole table
            jump = self.mode.jumping and not self.mode.teleport
            extra = jump and not self.ruleset.jump_ignores_terrain_on_last_hex
            difficult = self.terrain.difficult
            negative = self.terrain.negative
            flying = self.mode.flying
            for i, steps in enumerate(depth):
                if steps != UNREACHABLE and i != start:
                    dist[i] = steps + 1 if extra and difficult[i] else steps
                    neg[i] = 0 if flying else int(negative[i])
            return dist, neg
        terrain = self.terrain
        if any(terrain.icy):
            return self._forward_on_ice(dist, neg)
        table = self.board.travel_steps
        weights = self._entry_weights()
        if self._unit_steps:
            # every step costs 1 point and no negative hex: a breadth-first search
            _breadth_first_fill(table, start, weights, dist, neg)
            return dist, neg
        _unpack(_packed_costs(table, start, weights, toward=False), _scale(n), dist, neg)
        return dist, neg

    def _forward_on_ice(self, dist: list[int], neg: list[int]) -> tuple[list[int], list[int]]:
        """Normal movement with slides: Dijkstra over the steps of :meth:`_normal_steps`
        (breadth-first layers when every step costs 1 point and no hex is negative)."""
        n = len(self.board)
        start = self.start
        parent: list[tuple[int, tuple[int, ...]]] = [(-1, ())] * n
        # each hex's steps are made when it is settled: hexes never reached need none
        rows: list[list[Step] | None] = [None] * n
        self._rows = rows
        make = self._row_maker()
        if self._unit_steps:
            # every step, slide or not, costs 1 point and enters no negative hex:
            # breadth-first layers, each settled in increasing hex number as the heap
            # below would settle them, so each hex keeps the same step of its path
            frontier = [start]
            points = 0
            while frontier:
                points += 1
                reached: list[int] = []
                for u in frontier:
                    row = rows[u] = make(u)
                    for v, _, _, slid in row:
                        if dist[v] == UNREACHABLE:
                            dist[v] = points
                            neg[v] = 0
                            parent[v] = (u, slid)
                            reached.append(v)
                reached.sort()
                frontier = reached
            self._parent = parent
            return dist, neg
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
            row = rows[u] = make(u)
            for v, cost, trap, slid in row:
                key = k + trap * scale + cost
                if key < best[v]:
                    best[v] = key
                    parent[v] = (u, slid)
                    push(heap, (key, v))
        _unpack(best, scale, dist, neg)
        self._parent = parent
        return dist, neg

    def _breadth_first(self, source: int) -> list[int]:
        """Steps from ``source`` to each hex through open edges only (flying, jumping)."""
        return steps_from(self.board.travel_steps, source)

    def _entry_weights(self) -> list[int]:
        """For each hex, what normal movement pays to enter it, packed as (negative hexes,
        movement points) are (:func:`_scale`); 0 where it may not enter (HV-MOVE-1/2)."""
        weights = self._weights
        if weights is None:
            terrain = self.terrain
            obstacle = terrain.obstacle
            negative = terrain.negative
            difficult = terrain.difficult
            enemies = self.enemies
            scale = _scale(len(obstacle))
            weights = []
            for i in range(len(obstacle)):
                if obstacle[i] or i in enemies:
                    weights.append(0)
                else:
                    weights.append((scale if negative[i] else 0) + (2 if difficult[i] else 1))
            self._weights = weights
        return weights

    def path(self, i: int) -> list[int]:
        """One shortest legal path from the start to hex ``i`` (slid-over hexes included)."""
        if self.distance[i] == UNREACHABLE:
            return []
        out = [i]
        parents = self._parent
        while i != self.start:
            if parents is not None:
                prev, slid = parents[i]
                out.extend(reversed(slid))
            elif self._depth is not None:
                prev = self._breadth_first_parent(i)
            else:
                prev = self._cheapest_parent(i)
            out.append(prev)
            i = prev
        out.reverse()
        return out

    def _cheapest_parent(self, v: int) -> int:
        """The hex a shortest normal move to ``v`` comes from, as Dijkstra with a heap finds it.

        Such a search settles hexes in order of (cost, hex number) and keeps the
        first hex that reaches ``v`` at its final cost: the least (cost, number)
        among the neighbours one step cheaper, entering ``v`` included.
        """
        n = len(self.board)
        scale = _scale(n)
        weight = (scale if self.terrain.negative[v] else 0) + (
            2 if self.terrain.difficult[v] else 1
        )
        target = self.negative[v] * scale + self.distance[v] - weight
        best: tuple[int, int] | None = None
        for u in self._open_neighbours(v):
            if self.distance[u] == UNREACHABLE:
                continue
            key = self.negative[u] * scale + self.distance[u]
            if key == target and (best is None or (key, u) < best):
                best = (key, u)
        if best is None:
            raise RuntimeError(f"no step into hex {v} at its cost")  # unreachable by construction
        return best[1]

    def _breadth_first_parent(self, v: int) -> int:
        """The hex a breadth-first search from the start first reaches ``v`` from.

        The search queues hexes first in first out, each one's open neighbours in
        direction order, so of two hexes at one depth the first queued is the one
        whose own path's directions come first (lexicographically): that order is
        found for the few hexes on the paths asked about, never for the whole map.
        """
        depth = self._depth
        if depth is None:
            raise RuntimeError("no breadth-first search was made")
        found = self._found_parent
        order = self._order
        order.setdefault(self.start, ())
        stack = [v]
        while stack:
            x = stack[-1]
            if x in order:
                stack.pop()
                continue
            before = [(d, u) for d, u in self._open_steps(x) if depth[u] == depth[x] - 1]
            missing = [u for _, u in before if u not in order]
            if missing:
                stack.extend(missing)
                continue
            d, u = min(before, key=lambda du: (order[du[1]], _back(du[0])))
            found[x] = u
            order[x] = (*order[u], _back(d))
            stack.pop()
        return found[v]

    def _open_steps(self, i: int) -> list[tuple[int, int]]:
        """``(direction, j)`` for each open neighbour ``j`` of hex number ``i``."""
        board = self.board
        at = board.hex_at_position()
        p = board.positions[i]
        shifts = board.shifts
        steps = [(d, at[p + shifts[d]]) for d, mask in enumerate(board.open_masks) if mask >> p & 1]
        if board.links:  # HV-ROOM-5: linked hexes are adjacent for movement
            steps.extend((LINK, j) for j in board.linked_to(i))
        return steps

    def _open_neighbours(self, i: int) -> list[int]:
        return [j for _, j in self._open_steps(i)]

    def harm_paths(self, points: int) -> dict[int, list[tuple[frozenset[int], list[int]]]]:
        """HV-MOVE-2: for each hex a normal move of ``points`` may end in, the minimal sets of
        negative hexes (traps, hazardous terrain) a path there enters, with one path each.

        A set is minimal when no path within ``points`` enters a strict subset of it:
        entering more such hexes only adds harm. The search keeps, per hex, the
        labels (set entered, points spent) no other label beats in both, at most
        :data:`MAX_LABELS` of them, so the work stays bounded on any board. Jump and
        flying enter no hex but the last (HV-MOVE-3/4): they have no choices here.
        """
        mode = self.mode
        if mode.flying or mode.jumping or mode.teleport or not any(self.terrain.negative):
            return {}
        negative = self.terrain.negative
        if not any(self.terrain.icy):
            # without slides each step costs a point at least: no trap or hazard within
            # ``points`` hexes (around walls) means no choice
            near = self.board.travel_proximity(self.start)
            if not any(near[i] <= points for i in compress(range(len(negative)), negative)):
                return {}
        row_of = self._step_rows()
        # label: (hex, set entered as a mask of hex numbers, points, parent label, hexes slid
        # over to get here); the heap orders by points, then by how many hexes were entered
        labels: list[tuple[int, int, int, int, tuple[int, ...]]] = []
        kept: dict[int, list[int]] = {}
        heap: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = []
        counter = 0
        push = heapq.heappush
        pop = heapq.heappop
        push(heap, (0, 0, counter, self.start, 0, -1, ()))
        while heap:
            cost, _, _, u, harm, parent, slid = pop(heap)
            here = kept.setdefault(u, [])
            if len(here) >= MAX_LABELS:
                continue  # at most MAX_LABELS
            beaten = False
            for k in here:
                if labels[k][1] | harm == harm:
                    beaten = True  # none entering a superset of another's
                    break
            if beaten:
                continue
            here.append(len(labels))
            labels.append((u, harm, cost, parent, slid))
            me = len(labels) - 1
            for v, step_cost, _, step_slid in row_of(u):
                total = cost + step_cost
                if total > points:
                    continue
                entered = harm | 1 << v if negative[v] else harm
                counter += 1
                push(heap, (total, entered.bit_count(), counter, v, entered, me, step_slid))
        out: dict[int, list[tuple[frozenset[int], list[int]]]] = {}
        for v, found in kept.items():
            if v == self.start or not self.can_end(v):
                continue
            sets = [labels[k][1] for k in found]
            minimal = [k for k in found if not any(_strict_subset(s, labels[k][1]) for s in sets)]
            if not any(labels[k][1] for k in minimal):
                continue
            choices: dict[int, list[int]] = {}
            for k in minimal:
                choices.setdefault(labels[k][1], self._label_path(labels, k))
            out[v] = [(_members(harm), path) for harm, path in choices.items()]
        return out

    def _step_rows(self) -> Callable[[int], list[Step]]:
        """The single steps of normal movement from a hex (:meth:`_normal_steps`), each hex's
        made the first time it is asked: a move visits few of the board's hexes."""
        if self._steps is not None:
            return self._steps.__getitem__
        rows = self._rows
        if rows is None:
            rows = self._rows = [None] * len(self.board)
        make = self._row_maker()

        def row_of(u: int) -> list[Step]:
            row = rows[u]
            if row is None:
                row = rows[u] = make(u)
            return row

        return row_of

    @staticmethod
    def _label_path(labels: list[tuple[int, int, int, int, tuple[int, ...]]], k: int) -> list[int]:
        out: list[int] = []
        while k >= 0:
            hex_, _, _, parent, slid = labels[k]
            out.append(hex_)
            out.extend(reversed(slid))
            k = parent
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
            dist = self._breadth_first(destination)
            extra = self._landing_extra(destination)
            landing = self._landing_negative(destination)
            for i in range(n):
                if i != destination and dist[i] != UNREACHABLE:
                    dist[i] += extra
                    neg[i] = landing
        elif not any(self.terrain.icy):
            self._reverse_without_ice(destination, dist, neg)
        elif self._unit_steps:
            _layers_toward(self._incoming(), destination, dist, neg)
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

    def _reverse_without_ice(self, destination: int, dist: list[int], neg: list[int]) -> None:
        """Reverse Dijkstra without ice (:func:`_packed_costs` toward ``destination``); with
        every step costing 1 point and no negative hex, breadth-first layers instead."""
        table = self.board.travel_steps
        weights = self._entry_weights()
        if self._unit_steps:
            _breadth_first_fill(table, destination, weights, dist, neg, toward=True)
            return
        best = _packed_costs(table, destination, weights, True)
        _unpack(best, _scale(len(self.board)), dist, neg)

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


MAX_LABELS = 8
"""The most (set entered, points) labels :meth:`Movement.harm_paths` keeps per hex."""

_NEVER: Final = 1 << 61
"""A packed distance larger than any reachable one, and a machine-size integer in the
compiled module (from 2**62 on it is a boxed one, and every comparison with it slow)."""


def _strict_subset(a: int, b: int) -> bool:
    """Masks of hex numbers: is ``a`` a strict subset of ``b``?"""
    return a | b == b and a != b


def _members(mask: int) -> frozenset[int]:
    """The hex numbers of a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return frozenset(out)


def _back(d: int) -> int:
    """The direction of a step taken backwards (a link leads back through itself)."""
    return d if d == LINK else (d + 3) % 6


def _scale(n: int) -> int:
    """The packing factor for ``n`` hexes: more than the points of any simple path (2 per step)."""
    return 2 * n + 2


def _packed_costs(
    table: tuple[tuple[int, ...], ...], source: int, weights: list[int], toward: bool
) -> list[int]:
    """Dijkstra over the step ``table`` with (negative hexes, movement points) packed into one
    integer: entering hex ``v`` costs ``weights[v]`` (0: never entered), whichever side it
    is entered from. From ``source`` (``toward`` false) a settled hex passes on the weight
    of each hex it steps into; toward it, a settled hex that may be entered passes its own
    weight to every hex it is entered from (steps go both ways). Unreached hexes keep
    :data:`_NEVER`.

    The hexes reached and not yet settled (the frontier) are scanned for the lowest cost:
    maps are small and the frontier a thin ring, so a scan of a few numbers beats keeping
    a heap or buckets (issue 12). Every weight is positive, so the lowest is final, and
    the costs do not depend on which of several equal ones is settled first."""
    best = [_NEVER] * len(table)
    best[source] = 0
    frontier = [source]
    while frontier:
        at = 0
        key = best[frontier[0]]
        for j in range(1, len(frontier)):
            cost = best[frontier[j]]
            if cost < key:
                key = cost
                at = j
        u = frontier[at]
        last = frontier.pop()
        if at < len(frontier):
            frontier[at] = last
        own = weights[u]
        if toward and not own:
            continue  # not entered by normal movement: no step leads into it
        for v in table[u]:
            cost = key + (own if toward else weights[v])
            if cost < best[v] and (toward or weights[v]):
                if best[v] == _NEVER:
                    frontier.append(v)
                best[v] = cost
    return best


def _breadth_first_fill(
    steps: tuple[tuple[int, ...], ...],
    source: int,
    weights: list[int],
    dist: list[int],
    neg: list[int],
    toward: bool = False,
) -> None:
    """Normal movement where every hex it may enter costs 1 point and none is negative, as
    :func:`_packed_costs` reads ``weights``: each breadth-first layer is one more point
    (``source`` is filled in already). From ``source`` only hexes of non-zero weight are
    reached; toward it, a hex of zero weight is given its points (a step leaves it) but
    leads nowhere further, since no step enters it (steps go both ways)."""
    if toward and not weights[source]:
        return  # not entered by normal movement: nothing reaches it
    frontier = [source]
    step = 0
    while frontier:
        step += 1
        reached: list[int] = []
        for u in frontier:
            for v in steps[u]:
                if dist[v] == UNREACHABLE and (toward or weights[v]):
                    dist[v] = step
                    neg[v] = 0
                    if weights[v]:
                        reached.append(v)
        frontier = reached


def _layers_toward(
    incoming: list[list[tuple[int, int]]], destination: int, dist: list[int], neg: list[int]
) -> None:
    """Breadth-first over the steps into each hex (:meth:`Movement._incoming`), each costing
    1 point and entering no negative hex: the points from every hex to ``destination``
    (filled in already)."""
    frontier = [destination]
    points = 0
    while frontier:
        points += 1
        reached: list[int] = []
        for v in frontier:
            for u, _ in incoming[v]:
                if dist[u] == UNREACHABLE:
                    dist[u] = points
                    neg[u] = 0
                    reached.append(u)
        frontier = reached


def _unpack(best: list[int], scale: int, dist: list[int], neg: list[int]) -> None:
    """Split packed (negative hexes, movement points) into the two tables, unreached left alone."""
    for i, key in enumerate(best):
        if key != _NEVER:
            entered = key // scale  # not divmod: a call and a tuple per hex
            neg[i] = entered
            dist[i] = key - entered * scale
