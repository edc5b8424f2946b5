"""The facts of one monster turn, gathered once: board, sight, travel, reach.

Used by the focus rules (focus.py) and the destination rules (monster_ai.py).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from itertools import compress
from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import (
    UNREACHABLE,
    Hex,
    HexBoard,
    ShapeStamps,
    add,
    has_position,
    mask_bytes,
    orientations,
    sub,
)
from rulekeeper.boards.line_of_sight import shared_line_of_sight
from rulekeeper.games.haven.movement import Movement, Terrain, move_mode
from rulekeeper.games.haven.ruleset import Ruleset, find_ruleset

if TYPE_CHECKING:
    # Boards come validated by the models (board_format.py) or read plain (board_plain.py).
    from rulekeeper.games.haven.board_format import TerrainSpec
    from rulekeeper.games.haven.board_plain import AnyBoard, AnyFigure, PlainTerrain

ALL_TARGETS = 6
"""A target count of 6 or more means every enemy in reach."""


class MonsterTurn:
    """The facts of one monster turn, precomputed once."""

    def __init__(self, spec: AnyBoard) -> None:
        self.spec = spec
        self.ruleset: Ruleset = find_ruleset(spec.ruleset)
        # built once per map and reused by later turns on the same map
        # HV-ROOM-5: a board with linked hexes (only the game's own boards have them)
        self.board = HexBoard.shared(spec.hexes, spec.walls, getattr(spec, "links", ()))
        self.los = shared_line_of_sight(
            self.board,
            self.ruleset.line_of_sight,
            open_edge_neighbours=spec.house_rules.open_edge_neighbours,
        )
        index = self.board.index
        actor = spec.actor
        self.actor = actor
        self.start = index[actor.hex]
        turn = spec.turn
        self.has_attack = turn.targets > 0
        # HV-FOCUS-3: without an attack the monster plans a single-target melee attack.
        self.range = turn.range if self.has_attack and turn.range > 0 else 1
        self.ranged = self.has_attack and turn.range > 0
        self.susceptible = self.ranged and not turn.muddled
        self.all_targets = turn.targets >= ALL_TARGETS
        self.extra_targets = max(0, turn.targets - 1)
        cells = [c for c in turn.aoe if self.ranged or c != (0, 0)]
        self.aoe = self.has_attack and bool(cells)
        self.melee_aoe = self.aoe and not self.ranged
        self.shapes = orientations(cells) if self.aoe else []
        self._groups: list[PlacementGroup] | None = None
        self._cover: dict[int, int] = {}
        self._within: dict[int, int] = {}
        self._range_bytes: dict[int, bytes] = {}
        self._members: dict[int, tuple[int, ...]] = {}
        self._melee: dict[int, list[int]] = {}
        self._stamps: ShapeStamps | None = None
        n = len(self.board)
        self.terrain = _terrain(self.board, spec.terrain)
        others = [f for f in spec.figures if f.id != actor.id]
        self.enemies: list[AnyFigure] = [f for f in others if f.team != actor.team]
        self.enemy_index = {index[f.hex]: f for f in self.enemies}
        self.positions = self.board.positions
        self.enemy_mask = self.board.mask_of(self.enemy_index)
        mode = move_mode(turn.flying, turn.jumping, turn.teleport)
        self.movement = Movement(
            self.board,
            self.ruleset,
            self.terrain,
            self.start,
            frozenset(index[f.hex] for f in others),
            frozenset(self.enemy_index),
            mode,
        )
        # HV-LOS-2 proximity of each enemy, the only hexes it is asked for (HV-ROOM-5: a
        # link counts as a step for focus)
        self.proximity_from_start = self.board.focus_proximity(self.start, self.enemy_mask)
        self.initiative: dict[int, tuple[int, int]] = {
            i: (f.initiative if f.initiative is not None else 99, 0 if f.summoner else 1)
            for i, f in self.enemy_index.items()
        }
        # HV-MOVE-1/4 as Movement.can_end decides it, for every hex reached
        # (the hex it stands in always; else no figure there and, unless flying, no obstacle)
        barred = set(self.movement.occupied)
        if not turn.flying:
            barred.update(compress(range(n), self.terrain.obstacle))
        barred.discard(self.start)
        # (one compiled loop, native.MODULES: this runs over every hex of every board)
        negative = self.movement.negative
        stand: list[int] = []
        for i in range(n):
            if negative[i] != UNREACHABLE and i not in barred:
                stand.append(i)
        self.stand = stand

    # -- reach -------------------------------------------------------------------------
    def in_reach(self, location: int, target: int) -> bool:
        """HV-LOS-1/2: within range counted around walls, and in line of sight."""
        return has_position(
            self.range_bytes(target), self.positions[location]
        ) and self.los.visible(location, target)

    def reachable_enemies(self, location: int, candidates: int) -> int:
        """HV-LOS-1/2: the enemies of ``candidates`` in reach of ``location``, as a position mask.

        Range counts the same both ways (HV-LOS-2), so ``location`` is in range
        of an enemy when the enemy is in range of it: each enemy's hexes in range
        (:meth:`range_bytes`, kept for the turn) answer for every hex, and no
        search from ``location`` is made (issue 12: on a new map each is a search).
        """
        positions = self.positions
        position = positions[location]
        in_range = 0
        for enemy in self.members(candidates):
            if has_position(self.range_bytes(enemy), position):
                in_range |= 1 << positions[enemy]
        return self.visible_enemies(location, in_range)

    def range_bytes(self, target: int) -> bytes:
        """:meth:`within_range` of ``target`` as :func:`mask_bytes` (kept): the hexes
        from which ``target`` is in range, to test one at a time."""
        found = self._range_bytes.get(target)
        if found is None:
            found = self._range_bytes[target] = mask_bytes(self.within_range(target))
        return found

    def melee_placements(self, location: int) -> list[frozenset[Hex]]:
        """A melee area turned every way the grid allows around the attacker."""
        here = self.board.hexes[location]
        return [frozenset(add(here, c) for c in shape) for shape in self.shapes]

    def melee_placement_masks(self, location: int) -> list[int]:
        """Each of :attr:`shapes` placed around ``location`` (as :meth:`melee_placements`),
        its map hexes as a position mask, in the order of the shapes (kept)."""
        found = self._melee.get(location)
        if found is None:
            if self._stamps is None:
                self._stamps = ShapeStamps(self.board, self.shapes)
            found = self._melee[location] = self._stamps.around(location)
        return found

    def melee_placement(self, location: int, shape: int) -> frozenset[Hex]:
        """The hexes of shape number ``shape`` placed around ``location``."""
        here = self.board.hexes[location]
        return frozenset(add(here, c) for c in self.shapes[shape])

    def within_range(self, location: int) -> int:
        """The map hexes counted (HV-LOS-2) at most this turn's range from ``location``.

        A position mask (:attr:`HexBoard.positions`), as are all hex sets of a turn.
        """
        found = self._within.get(location)
        if found is None:
            found = self.board.within(location, self.range)
            self._within[location] = found
        return found

    def members(self, mask: int) -> tuple[int, ...]:
        """The hex numbers of the position mask ``mask``, in increasing order (masks recur: kept)."""
        found = self._members.get(mask)
        if found is None:
            found = self._members[mask] = tuple(self.board.members(mask))
        return found

    def mask_of(self, numbers: Iterable[int]) -> int:
        """The position mask of the hex numbers ``numbers``."""
        return self.board.mask_of(numbers)

    def visible_enemies(self, location: int, candidates: int) -> int:
        """HV-LOS-1: the enemies of the position mask ``candidates`` that ``location`` sees."""
        seen = 0
        los = self.los
        positions = self.positions
        # the candidates' hex numbers are kept per mask (members): no long integer is
        # split bit by bit here
        for enemy in self.members(candidates):
            if los.visible(location, enemy):
                seen |= 1 << positions[enemy]
        return seen

    def placement_groups(self) -> list[PlacementGroup]:
        """Every ranged area placement covering an enemy, grouped by the enemies it covers.

        A placement is a distinct orientation of the shape moved by a translation;
        orientations that are translates of one another are kept once, so every
        placement (as a set of hexes) appears exactly once. Built once per turn.
        """
        if self._groups is not None:
            return self._groups
        index = self.board.index
        positions = self.positions
        enemy_mask = self.enemy_mask
        shapes = _distinct_up_to_translation(self.shapes)
        by_enemies: dict[int, list[Placement]] = {}
        for shape in shapes:
            offsets: set[Hex] = set()
            for e in sorted(self.enemy_index):
                at = self.board.hexes[e]
                offsets.update(sub(at, c) for c in shape)
            for offset in sorted(offsets):
                dq, dr = offset
                on_map = 0
                for cq, cr in shape:
                    i = index.get((cq + dq, cr + dr))
                    if i is not None:
                        on_map |= 1 << positions[i]
                by_enemies.setdefault(on_map & enemy_mask, []).append(
                    Placement(shape, offset, on_map)
                )
        groups = []
        for enemies, found in by_enemies.items():
            reach = 0
            for p in found:
                reach |= p.on_map
            groups.append(PlacementGroup(enemies, reach, tuple(found)))
        self._groups = groups
        return groups

    def covering_reach(self, enemy: int) -> int:
        """The map hexes of every ranged area placement that covers ``enemy``, as a position mask."""
        found = self._cover.get(enemy)
        if found is None:
            bit = 1 << self.positions[enemy]
            found = 0
            for group in self.placement_groups():
                if group.enemies & bit:
                    found |= group.reach
            self._cover[enemy] = found
        return found

    def can_attack(self, location: int, enemy: int) -> bool:
        """HV-FOCUS-1: whether this turn's attack could hit ``enemy`` from ``location``."""
        if (not self.aoe or self.extra_targets > 0) and self.in_reach(location, enemy):
            return True
        if not self.aoe:
            return False
        if self.melee_aoe:
            bit = 1 << self.positions[enemy]
            if not any(mask & bit for mask in self.melee_placement_masks(location)):
                return False
        elif not self.covering_reach(enemy) & self.within_range(location):
            # no placement covering the enemy has a hex in range
            return False
        return self.los.visible(location, enemy)


class Placement:
    """One placement of a ranged area: a shape moved by ``offset``, its map hexes a position mask.

    Plain slotted classes, not dataclasses: the batch's start-up pays for every
    dataclass it defines (issue 12).
    """

    __slots__ = ("offset", "on_map", "shape")

    def __init__(self, shape: frozenset[Hex], offset: Hex, on_map: int) -> None:
        self.shape = shape
        self.offset = offset
        self.on_map = on_map

    def hexes(self) -> frozenset[Hex]:
        """The hexes the area covers here (some may lie off the map)."""
        return frozenset(add(c, self.offset) for c in self.shape)


class PlacementGroup:
    """The ranged area placements that cover exactly the enemies of the position mask ``enemies``."""

    __slots__ = ("enemies", "members", "reach")

    def __init__(self, enemies: int, reach: int, members: tuple[Placement, ...]) -> None:
        self.enemies = enemies
        self.reach = reach
        """The union of the members' map hexes: a member is in range only if this is."""
        self.members = members


def _distinct_up_to_translation(shapes: list[frozenset[Hex]]) -> list[frozenset[Hex]]:
    """The shapes with every one that is a translate of an earlier one left out."""
    seen: set[frozenset[Hex]] = set()
    out = []
    for shape in shapes:
        lowest = min(shape)
        normal = frozenset(sub(c, lowest) for c in shape)
        if normal not in seen:
            seen.add(normal)
            out.append(shape)
    return out


_TERRAINS_LIMIT = 64
_terrains: dict[tuple[object, ...], tuple[HexBoard, Terrain]] = {}


def _terrain(board: HexBoard, t: TerrainSpec | PlainTerrain) -> Terrain:
    """The flags of the terrain ``t`` on ``board``. A game asks about the same map turn after
    turn: the same flags are shared, and with them the masks movement.py keeps per terrain
    (issue 12). Keyed on the board and every hex of the terrain."""
    key = (id(board), t.obstacle, t.trap, t.hazardous, t.difficult, t.icy)
    found = _terrains.get(key)
    if found is not None and found[0] is board:
        return found[1]
    n = len(board)
    index = board.index
    made = Terrain(
        obstacle=_flags(n, index, t.obstacle),
        negative=_flags(n, index, (*t.trap, *t.hazardous)),
        difficult=_flags(n, index, t.difficult),
        icy=_flags(n, index, t.icy),
    )
    if len(_terrains) >= _TERRAINS_LIMIT:
        _terrains.clear()
    _terrains[key] = (board, made)
    return made


def _flags(n: int, index: dict[Hex, int], hexes: Collection[Hex]) -> tuple[bool, ...]:
    if not hexes:
        return _no_flags(n)
    out = [False] * n
    for h in hexes:
        out[index[h]] = True
    return tuple(out)


@lru_cache(maxsize=64)
def _no_flags(n: int) -> tuple[bool, ...]:
    """``n`` times False, shared: most boards lack most kinds of terrain."""
    return (False,) * n


def hex_list(hexes: Iterable[Hex]) -> str:
    """Hexes written for a reason line."""
    return ", ".join(f"[{q}, {r}]" for q, r in hexes)
