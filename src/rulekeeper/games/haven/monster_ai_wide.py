"""The monster mover on a board where a figure covers several hexes (HV-GOAL-2).

An objective may cover several hexes (a board figure's ``more_hexes``). It is
still one figure: one focus, one target, one hit of an area. The rulebooks'
procedure (monster_ai.py) applies unchanged once "the enemy" means the figure
and not a hex:

- Movement (HV-MOVE-1): each of its hexes is occupied; an enemy's hexes cannot
  be passed, an ally's can, and no move ends in any of them.
- Reach (HV-LOS-1/2): the figure is in reach of a hex when one of its hexes is
  within range of it and in its line of sight (the attack targets that hex).
- Focus (HV-FOCUS-1/2): the least movement to a hex from which the figure can
  be attacked; proximity is counted to its nearest hex.
- Areas (HV-ATK-1, HV-GOAL-2): an area holding several of its hexes strikes it
  once; it is struck when the attacker sees one of its hexes in the area.
- Disadvantage (HV-ATK-3): a ranged attack against it has disadvantage when one
  of its hexes is next to the attacker (across an open edge).

This is a separate path so that boards without such a figure (every board of
the reference cases and of the speed work on the mover) pay nothing for it:
:func:`~rulekeeper.games.haven.monster_ai.solve_monster_turn` comes here only
when a figure has ``more_hexes``. It ranks by brute force, figure by figure,
with the same keys as monster_ai.py; on a board of one-hex figures it gives
the same answers (tests/haven/test_haven_mover_wide.py holds it to that).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, compress
from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import UNREACHABLE, Hex, add, sub
from rulekeeper.games.haven.focus import FocusKey, extra_target_ranks, focus_reason
from rulekeeper.games.haven.monster_answer import (
    MonsterAnswer,
    closest_best_volleys,
    focus_answer,
    no_enemy_answer,
    no_focus_answer,
)
from rulekeeper.games.haven.monster_turn import MonsterTurn
from rulekeeper.games.haven.movement import Movement, MoveMode

if TYPE_CHECKING:
    from rulekeeper.games.haven.board_plain import AnyBoard, AnyFigure


class WideTurn(MonsterTurn):
    """:class:`MonsterTurn` with each figure covering all of its hexes (HV-GOAL-2).

    Enemies are still numbered by their first hex (``enemy_index``); ``cover``
    gives every map hex each one stands in.
    """

    def __init__(self, spec: AnyBoard) -> None:
        super().__init__(spec)
        index = self.board.index
        actor = self.actor
        others = [f for f in spec.figures if f.id != actor.id]

        def cells(f: AnyFigure) -> tuple[int, ...]:
            return tuple(index[h] for h in (f.hex, *f.more_hexes))

        self.cover: dict[int, tuple[int, ...]] = {index[f.hex]: cells(f) for f in self.enemies}
        turn = spec.turn
        mode = MoveMode(flying=turn.flying, jumping=turn.jumping, teleport=turn.teleport)
        # HV-MOVE-1: every hex of a figure is occupied; an enemy's hexes are not passed
        self.movement = Movement(
            self.board,
            self.ruleset,
            self.terrain,
            self.start,
            frozenset(i for f in others for i in cells(f)),
            frozenset(i for c in self.cover.values() for i in c),
            mode,
        )
        n = len(self.board)
        barred = set(self.movement.occupied)
        if not turn.flying:
            barred.update(compress(range(n), self.terrain.obstacle))
        barred.discard(self.start)
        self.stand = [
            i for i, v in enumerate(self.movement.negative) if v != UNREACHABLE and i not in barred
        ]
        # HV-FOCUS-2: proximity to the figure's nearest hex
        self.proximity_from_start = {}
        for enemy, cover in self.cover.items():
            found = self.board.focus_proximity(self.start, self.board.mask_of(cover))
            self.proximity_from_start[enemy] = min(found.values())
        self._wide_placements: list[tuple[frozenset[Hex], int]] | None = None

    # -- reach, figure by figure ---------------------------------------------------------
    def sees(self, location: int, enemy: int, hexes: int = -1) -> bool:
        """HV-LOS-1: ``location`` sees one of the enemy's hexes (of the mask ``hexes``)."""
        positions = self.positions
        visible = self.los.visible
        return any(hexes >> positions[h] & 1 and visible(location, h) for h in self.cover[enemy])

    def in_reach(self, location: int, target: int) -> bool:
        """HV-LOS-1/2: one of the target's hexes within range and in line of sight."""
        return self.sees(location, target, self.within_range(location))

    def in_range(self, location: int, enemy: int) -> bool:
        """HV-LOS-2: one of the enemy's hexes within range (line of sight not read)."""
        mask = self.within_range(location)
        positions = self.positions
        return any(mask >> positions[h] & 1 for h in self.cover[enemy])

    def beside(self, location: int, enemy: int) -> bool:
        """HV-ATK-3: one of the enemy's hexes next to ``location`` across an open edge."""
        mask = self.board.open_mask_around(location)
        positions = self.positions
        return any(mask >> positions[h] & 1 for h in self.cover[enemy])

    def placements_at(self, location: int) -> list[tuple[frozenset[Hex], int]]:
        """The area placements this turn's attack may use from ``location``, each with its map
        hexes as a position mask: a melee area turned around the attacker; a ranged one
        anywhere it covers an enemy's hex and has a map hex in range (HV-LOS-2)."""
        if self.melee_aoe:
            masks = self.melee_placement_masks(location)
            return [
                (self.melee_placement(location, shape), mask)
                for shape, mask in enumerate(masks)
                if mask
            ]
        if self._wide_placements is None:
            self._wide_placements = self._ranged_placements()
        within = self.within_range(location)
        return [(p, mask) for p, mask in self._wide_placements if mask & within]

    def _ranged_placements(self) -> list[tuple[frozenset[Hex], int]]:
        index = self.board.index
        positions = self.positions
        found: dict[frozenset[Hex], int] = {}
        enemy_hexes = sorted({self.board.hexes[i] for c in self.cover.values() for i in c})
        for shape in self.shapes:
            for at in enemy_hexes:
                for cell in shape:
                    offset = sub(at, cell)
                    placed = frozenset(add(c, offset) for c in shape)
                    if placed in found:
                        continue
                    mask = 0
                    for h in placed:
                        i = index.get(h)
                        if i is not None:
                            mask |= 1 << positions[i]
                    found[placed] = mask
        return list(found.items())

    def struck(self, location: int, mask: int, heeded: list[int]) -> frozenset[int]:
        """HV-GOAL-2: the heeded enemies an area on the map hexes ``mask`` strikes (once each)."""
        return frozenset(e for e in heeded if self.sees(location, e, mask))

    def can_attack(self, location: int, enemy: int) -> bool:
        """HV-FOCUS-1: whether this turn's attack could hit ``enemy`` from ``location``."""
        if (not self.aoe or self.extra_targets > 0) and self.in_reach(location, enemy):
            return True
        if not self.aoe:
            return False
        return any(self.sees(location, enemy, mask) for _, mask in self.placements_at(location))


@dataclass(frozen=True, slots=True)
class _Attack:
    """An attack hex, the targets attacked from it and every area placement giving them."""

    location: int
    targets: frozenset[int]
    aoe: tuple[frozenset[Hex], ...]


@dataclass(frozen=True, slots=True)
class _Volley:
    """One way to attack from a hex: the area's targets, the pool of further single targets,
    how many it takes, and the area placement (none without an area)."""

    location: int
    hit: frozenset[int]
    pool: tuple[int, ...]
    take: int
    placement: frozenset[Hex]

    @property
    def size(self) -> int:
        return len(self.hit) + self.take


def solve_wide_turn(spec: AnyBoard) -> MonsterAnswer:
    """Every option for the acting monster's turn on a board with a figure covering several
    hexes (HV-GOAL-2), with the reasons (HV-FOCUS-*, HV-MOVE-MON-*), ranked as monster_ai.py
    ranks them."""
    turn = WideTurn(spec)
    if not turn.enemies:
        return no_enemy_answer(turn)
    focuses, focus_key = _find_focus(turn)
    if not focuses:
        return no_focus_answer(turn)
    ranks = extra_target_ranks(turn)
    return focus_answer(
        turn,
        focuses,
        focus_key[1] <= turn.spec.turn.move,
        [focus_reason(turn, focuses, focus_key)],
        lambda focus, heeded: _best_attacks(turn, focus, heeded, ranks),
        lambda goal: _move_closer(turn, goal),
    )


def _find_focus(turn: WideTurn) -> tuple[list[int], FocusKey]:
    """HV-FOCUS-1/2/4: the enemies needing the least movement to attack, ties broken."""
    move = turn.movement
    order = sorted(turn.stand, key=lambda i: (move.negative[i], move.distance[i], i))
    found: dict[int, FocusKey] = {}
    level: tuple[int, int] | None = None
    for location in order:
        path_key = (move.negative[location], move.distance[location])
        if level is not None and path_key != level:
            break
        for enemy in turn.enemy_index:
            if enemy not in found and turn.can_attack(location, enemy):
                found[enemy] = (*path_key, turn.proximity_from_start[enemy], turn.initiative[enemy])
                level = path_key
    if not found:
        return [], (UNREACHABLE, UNREACHABLE, UNREACHABLE, (0, 0))
    best = min(found.values())
    return [enemy for enemy in turn.enemy_index if found.get(enemy) == best], best


def _volleys(turn: WideTurn, location: int, heeded: list[int]) -> list[_Volley]:
    """Every way one attack from ``location`` can strike heeded enemies (HV-GOAL-2: an
    enemy covering several hexes is one target)."""
    reachable = tuple(e for e in heeded if turn.in_reach(location, e))

    def take(pool: tuple[int, ...], count: int) -> int:
        return len(pool) if turn.all_targets else min(count, len(pool))

    if not turn.aoe:
        if not reachable:
            return []
        return [
            _Volley(
                location, frozenset(), reachable, take(reachable, 1 + turn.extra_targets), _NONE
            )
        ]
    out = []
    for placement, mask in turn.placements_at(location):
        hit = turn.struck(location, mask, heeded)
        if not hit:
            continue
        pool = tuple(e for e in reachable if e not in hit)
        out.append(_Volley(location, hit, pool, take(pool, turn.extra_targets), placement))
    return out


_NONE: frozenset[Hex] = frozenset()


def _groups(volley: _Volley, focus: int) -> list[frozenset[int]]:
    """The target groups of a volley that include the focus."""
    if focus in volley.hit:
        return [volley.hit.union(c) for c in combinations(volley.pool, volley.take)]
    if focus not in volley.pool or volley.take == 0:
        return []
    others = [e for e in volley.pool if e != focus]
    base = volley.hit | {focus}
    return [base.union(c) for c in combinations(others, volley.take - 1)]


def _best_attacks(
    turn: WideTurn, focus: int, heeded: list[int], ranks: dict[int, int]
) -> list[_Attack]:
    """HV-MOVE-MON-1/2: the hexes and target groups that attack the focus to greatest effect,
    by the keys of monster_ai.py: the first tier of (negative hexes, reachable this turn,
    [GH] disadvantage against the focus) offering an attack, then the most targets, then
    [GH] fewest movement points and the extra targets' focus ranks, [FH] fewest attacks with
    disadvantage and fewest movement points; among the best groups, the fewest attacks with
    disadvantage, then movement points."""
    move = turn.movement
    rule = turn.ruleset
    limit = turn.spec.turn.move
    n_ranks = max(ranks.values(), default=0) + 1
    focus_first = rule.focus_disadvantage_before_more_targets
    tiers: dict[tuple[int, ...], list[int]] = {}
    for location in turn.stand:
        if not turn.aoe and not turn.in_range(location, focus):
            continue
        reach = -int(move.distance[location] <= limit)
        beside = int(turn.susceptible and turn.beside(location, focus))
        head: tuple[int, ...] = (
            (move.negative[location], reach, beside)
            if focus_first
            else (move.negative[location], reach)
        )
        tiers.setdefault(head, []).append(location)
    scored: list[tuple[tuple[int, ...], int, frozenset[int], _Volley]] = []
    for head in sorted(tiers):
        volleys = [
            v
            for location in tiers[head]
            for v in _volleys(turn, location, heeded)
            if _groups(v, focus)
        ]
        if not volleys:
            continue
        most = max(v.size for v in volleys)
        for volley in volleys:
            if volley.size != most:
                continue
            location = volley.location
            spent = move.distance[location]
            for group in _groups(volley, focus):
                disadvantaged = (
                    sum(turn.beside(location, t) for t in group) if turn.susceptible else 0
                )
                if n_ranks == 1:
                    by_rank = [-len(group)]
                else:
                    by_rank = [0] * n_ranks
                    for t in group:
                        by_rank[ranks[t]] -= 1
                key = (spent, *by_rank) if focus_first else (disadvantaged, spent, *by_rank)
                scored.append((key, disadvantaged, group, volley))
        break
    if not scored:
        return []
    merged: dict[tuple[int, frozenset[int]], list[frozenset[Hex]]] = {}
    for group, v in closest_best_volleys(scored, move.distance):
        merged.setdefault((v.location, group), []).append(v.placement)
    return [
        _Attack(where, group, tuple(dict.fromkeys(placements)))
        for (where, group), placements in merged.items()
    ]


def _move_closer(turn: WideTurn, goal: int) -> list[int]:
    """Within this turn's move, the stops that leave the best remaining path to ``goal``:
    fewest negative hexes over the whole trip, then remaining points, then points spent."""
    move = turn.movement
    remaining, remaining_negative = move.to_destination(goal)
    limit = turn.spec.turn.move
    keyed = [
        ((remaining_negative[i] + move.negative[i], remaining[i], move.distance[i]), i)
        for i in turn.stand
        if move.distance[i] <= limit
    ]
    best = min(key for key, _ in keyed)
    return [i for key, i in keyed if key == best]
