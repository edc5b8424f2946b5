"""The facts of one monster turn, gathered once: board, sight, travel, reach.

Used by the focus rules (focus.py) and the destination rules (monster_ai.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rulekeeper.boards.hexgrid import UNREACHABLE, Hex, HexBoard, add, orientations, sub
from rulekeeper.boards.line_of_sight import shared_line_of_sight
from rulekeeper.games.haven.board_format import BoardSpec, FigureSpec
from rulekeeper.games.haven.movement import Movement, MoveMode, Terrain
from rulekeeper.games.haven.ruleset import Ruleset, find_ruleset

ALL_TARGETS = 6
"""A target count of 6 or more means every enemy in reach."""


class MonsterTurn:
    """The facts of one monster turn, precomputed once."""

    def __init__(self, spec: BoardSpec) -> None:
        self.spec = spec
        self.ruleset: Ruleset = find_ruleset(spec.ruleset)
        # built once per map and reused by later turns on the same map
        self.board = HexBoard.shared(spec.hexes, spec.walls)
        self.los = shared_line_of_sight(self.board, self.ruleset.line_of_sight)
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
        if self.aoe and self.ranged:
            # every placement of the shape that covers a given hex: pin each cell on the origin
            pinned: set[frozenset[Hex]] = set()
            for shape in self.shapes:
                for pin in shape:
                    pinned.add(frozenset(sub(c, pin) for c in shape))
            self.pinned = sorted(pinned, key=sorted)
        else:
            self.pinned = []
        self._placement_cache: dict[int, list[tuple[frozenset[Hex], tuple[int, ...]]]] = {}
        n = len(self.board)
        t = spec.terrain
        self.terrain = Terrain(
            obstacle=_flags(n, index, t.obstacle),
            negative=_flags(n, index, (*t.trap, *t.hazardous)),
            difficult=_flags(n, index, t.difficult),
            icy=_flags(n, index, t.icy),
        )
        others = [f for f in spec.figures if f.id != actor.id]
        self.enemies: list[FigureSpec] = [f for f in others if f.team != actor.team]
        self.enemy_index = {index[f.hex]: f for f in self.enemies}
        mode = MoveMode(flying=turn.flying, jumping=turn.jumping, teleport=turn.teleport)
        self.movement = Movement(
            self.board,
            self.ruleset,
            self.terrain,
            self.start,
            frozenset(index[f.hex] for f in others),
            frozenset(self.enemy_index),
            mode,
        )
        self.proximity_from_start = self.board.proximity(self.start)
        self.initiative: dict[int, tuple[int, int]] = {
            i: (f.initiative if f.initiative is not None else 99, 0 if f.summoner else 1)
            for i, f in self.enemy_index.items()
        }
        self.stand = [
            i
            for i in range(n)
            if self.movement.negative[i] != UNREACHABLE and self.movement.can_end(i)
        ]

    # -- reach -------------------------------------------------------------------------
    def in_reach(self, location: int, target: int) -> bool:
        """HV-LOS-1/2: within range counted around walls, and in line of sight."""
        return self.board.proximity(target)[location] <= self.range and self.los.visible(
            location, target
        )

    def melee_placements(self, location: int) -> list[frozenset[Hex]]:
        """A melee area turned every way the grid allows around the attacker."""
        here = self.board.hexes[location]
        return [frozenset(add(here, c) for c in shape) for shape in self.shapes]

    def ranged_placements(self, location: int, anchors: Iterable[int]) -> list[frozenset[Hex]]:
        """Ranged area placements covering an anchor enemy with a map hex in range."""
        out: list[frozenset[Hex]] = []
        seen: set[frozenset[Hex]] = set()
        proximity = self.board.proximity
        for anchor in anchors:
            for hexes, on_map in self._placements_on(anchor):
                if hexes in seen:
                    continue
                seen.add(hexes)
                if any(proximity(i)[location] <= self.range for i in on_map):
                    out.append(hexes)
        return out

    def _placements_on(self, anchor: int) -> list[tuple[frozenset[Hex], tuple[int, ...]]]:
        """Every placement of the ranged area covering ``anchor``, with its map hexes (cached)."""
        found = self._placement_cache.get(anchor)
        if found is None:
            at = self.board.hexes[anchor]
            index = self.board.index
            found = []
            for pattern in self.pinned:
                hexes = frozenset(add(at, c) for c in pattern)
                found.append((hexes, tuple(index[h] for h in hexes if h in index)))
            self._placement_cache[anchor] = found
        return found

    def can_attack(self, location: int, enemy: int) -> bool:
        """HV-FOCUS-1: whether this turn's attack could hit ``enemy`` from ``location``."""
        if (not self.aoe or self.extra_targets > 0) and self.in_reach(location, enemy):
            return True
        if not self.aoe:
            return False
        target_hex = self.board.hexes[enemy]
        if self.melee_aoe:
            placements = self.melee_placements(location)
        else:
            placements = self.ranged_placements(location, (enemy,))
        return any(target_hex in p for p in placements) and self.los.visible(location, enemy)


def _flags(n: int, index: dict[Hex, int], hexes: Iterable[Hex]) -> tuple[bool, ...]:
    out = [False] * n
    for h in hexes:
        out[index[h]] = True
    return tuple(out)


def hex_list(hexes: Iterable[Hex]) -> str:
    """Hexes written for a reason line."""
    return ", ".join(f"[{q}, {r}]" for q, r in hexes)
