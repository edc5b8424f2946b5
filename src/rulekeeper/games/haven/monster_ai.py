"""The haven monster mover: where a monster moves and whom it attacks this turn.

Reads top-down like the rulebooks' monster automation sections:

1. Focus (HV-FOCUS-1..4): the enemy the monster can attack with the least
   movement: fewest negative hexes entered, then fewest movement points, to a
   hex from which that enemy is in range and in line of sight (or, with an
   area attack, inside one placement of the area); ties by proximity (hexes
   counted around walls, HV-LOS-2), then initiative (a summon before its
   summoner). A monster without an attack focuses as for a single-target
   melee attack; with no hex to attack from, it has no focus and stays.
2. Best attack (HV-MOVE-MON-1 [GH] / HV-MOVE-MON-2 [FH]): every hex it can end
   in, every set of targets it could attack from there that includes the
   focus, ranked:
   [GH] negative hexes, reachable this turn, no disadvantage against the focus,
   most targets, fewest movement points, extra targets best ranked by focus rules;
   [FH] negative hexes, reachable this turn, most targets, fewest attacks with
   disadvantage, fewest movement points (the players pick extra targets).
   Among the hexes that give one of the best target groups, the fewest attacks
   with disadvantage, then the fewest movement points, win.
3. If the best hex is out of reach this turn the monster moves, within its
   move, to the hexes that leave it the shortest remaining path there (fewest
   negative hexes over the whole trip first), spending the fewest points.
   [FH] it then plans for its focus alone.
4. HV-MOVE-MON-3: every tie left over is an option for the players.

The turn's facts live in monster_turn.py, the focus rules in focus.py and the
travel tables in movement.py. A ranged attack against an adjacent enemy has
disadvantage (HV-ATK-3) unless
the monster is muddled (it has disadvantage anyway, so it does not step away).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import Hex, has_position, mask_bytes
from rulekeeper.games.haven.focus import extra_target_ranks, find_focus, focus_reason
from rulekeeper.games.haven.monster_answer import MonsterAnswer as MonsterAnswer
from rulekeeper.games.haven.monster_answer import MonsterOption as MonsterOption
from rulekeeper.games.haven.monster_answer import (
    closest_best_volleys,
    focus_answer,
    no_enemy_answer,
    no_focus_answer,
)
from rulekeeper.games.haven.monster_turn import (
    MonsterTurn,
    PlacementGroup,
)

if TYPE_CHECKING:
    from rulekeeper.games.haven.board_plain import AnyBoard


class _Attack:
    """An attack from hex number ``location`` on ``targets``.

    A plain slotted class (not a dataclass): many are made per board, and the
    batch's start-up pays for every dataclass it defines (issue 12).
    """

    __slots__ = ("aoe", "location", "targets")

    def __init__(
        self, location: int, targets: frozenset[int], aoe: tuple[frozenset[Hex], ...]
    ) -> None:
        self.location = location
        self.targets = targets
        self.aoe = aoe
        """Every area placement that hits exactly these targets (one empty set without an area)."""


def solve_monster_turn(spec: AnyBoard) -> MonsterAnswer:
    """Every option for the acting monster's turn, with the reasons (HV-FOCUS-*, HV-MOVE-MON-*)."""
    if any(f.more_hexes for f in spec.figures):
        # HV-GOAL-2: a figure covering several hexes is one figure (monster_ai_wide.py)
        from rulekeeper.games.haven.monster_ai_wide import solve_wide_turn

        return solve_wide_turn(spec)
    turn = MonsterTurn(spec)
    if not turn.enemies:
        return no_enemy_answer(turn)
    focuses, focus_key = find_focus(turn)
    if not focuses:
        return no_focus_answer(turn)
    ranks = extra_target_ranks(turn)
    volley_caches: dict[tuple[int, ...], _VolleyCache] = {}
    return focus_answer(
        turn,
        focuses,
        focus_key[1] <= turn.spec.turn.move,
        [focus_reason(turn, focuses, focus_key)],
        lambda focus, heeded: _best_attacks(
            turn, focus, heeded, ranks, volley_caches.setdefault(tuple(heeded), {})
        ),
        lambda goal: _move_closer(turn, goal),
    )


class _Volley:
    """One way to attack from a hex: the area's targets (``hit``), the enemies a
    further single attack could take (``pool``) and how many it takes.

    The area placements giving ``hit`` are ``placements`` (no area), the shapes
    numbered in ``melee`` placed around the hex (melee area) or the in-range
    members of ``groups`` (ranged area); the last two are listed only for the
    volleys that win (:func:`_placements`). A plain slotted class, as :class:`_Attack`."""

    __slots__ = ("groups", "hit", "location", "melee", "placements", "pool", "size", "take")

    def __init__(
        self,
        location: int,
        hit: frozenset[int],
        pool: tuple[int, ...],
        take: int,
        placements: tuple[frozenset[Hex], ...] = (),
        groups: tuple[PlacementGroup, ...] = (),
        melee: tuple[int, ...] = (),
    ) -> None:
        self.location = location
        self.hit = hit
        self.pool = pool
        self.take = take
        self.placements = placements
        self.groups = groups
        self.melee = melee
        """For a melee area, the numbers of the shapes (:attr:`MonsterTurn.shapes`) giving ``hit``."""
        self.size = len(hit) + take
        """How many targets the volley takes."""


_VolleyCache = dict[tuple[int, int], list[_Volley]]
"""Volleys by (hex, -1) for one set of heeded enemies: they do not depend on the focus, so
tied foci share them; an area attack with no extra target keeps them by (hex, focus)."""


def _volleys(
    turn: MonsterTurn, location: int, focus: int, heeded: list[int], cache: _VolleyCache
) -> list[_Volley]:
    """Every way one attack from ``location`` can include the focus (HV-FOCUS-1)."""
    if not turn.aoe and not turn.in_reach(location, focus):
        return []  # a single-target attack needs the focus in reach
    # An area attack with no extra target strikes only the enemies in its area: the
    # volleys that can include the focus are those whose area covers it, found alone.
    alone = turn.aoe and turn.extra_targets == 0
    key = (location, focus if alone else -1)
    found = cache.get(key)
    if found is None:
        found = _all_volleys(turn, location, heeded, focus if alone else None)
        cache[key] = found
    return [v for v in found if focus in v.hit or (focus in v.pool and v.take > 0)]


def _all_volleys(
    turn: MonsterTurn, location: int, heeded: list[int], covering: int | None = None
) -> list[_Volley]:
    """Every way one attack from ``location`` can strike heeded enemies.

    With ``covering`` (an area attack taking no extra target), only the volleys
    whose area strikes that enemy; their pool is left empty, since none is
    taken from it, and no sight line to an enemy outside those areas is read.
    """
    heeded_mask = turn.mask_of(heeded)
    reachable_mask = 0 if covering is not None else turn.reachable_enemies(location, heeded_mask)
    reachable = turn.members(reachable_mask)
    # the areas that count: every one, or those covering the enemy asked about
    needed = -1 if covering is None else 1 << turn.positions[covering]

    def take(pool: tuple[int, ...], count: int) -> int:
        return len(pool) if turn.all_targets else min(count, len(pool))

    if not turn.aoe:
        if not reachable:
            return []
        count = take(reachable, 1 + turn.extra_targets)
        return [_Volley(location, frozenset(), reachable, count, (frozenset(),))]
    by_hit: dict[int, list[PlacementGroup]] = {}
    placements_by_hit: dict[int, list[int]] = {}
    if turn.melee_aoe:
        for shape, covered in enumerate(turn.melee_placement_masks(location)):
            if not covered & needed:
                continue
            struck = turn.visible_enemies(location, covered & heeded_mask)
            if struck & needed:
                placements_by_hit.setdefault(struck, []).append(shape)
    else:
        # A placement counts when one of its map hexes is in range (HV-LOS-2); its
        # targets are the heeded enemies in it that the monster sees (HV-LOS-1).
        # Placements covering the same enemies are weighed together.
        within = turn.within_range(location)
        live = [
            g
            for g in turn.placement_groups()
            if g.enemies & heeded_mask and g.enemies & needed and g.reach & within
        ]
        candidates = 0
        for group in live:
            candidates |= group.enemies
        seen = turn.visible_enemies(location, candidates & heeded_mask)
        for group in live:
            struck = group.enemies & heeded_mask & seen
            if struck & needed:
                by_hit.setdefault(struck, []).append(group)
    out = []
    for hit_mask in (*placements_by_hit, *by_hit):
        hit = frozenset(turn.members(hit_mask))
        pool = turn.members(reachable_mask & ~hit_mask)
        out.append(
            _Volley(
                location,
                hit,
                pool,
                take(pool, turn.extra_targets),
                groups=tuple(by_hit.get(hit_mask, ())),
                melee=tuple(placements_by_hit.get(hit_mask, ())),
            )
        )
    return out


def _placements(turn: MonsterTurn, volley: _Volley) -> tuple[frozenset[Hex], ...]:
    """The area placements of a volley; for a ranged area, the group members in range."""
    if volley.melee:
        return tuple(turn.melee_placement(volley.location, shape) for shape in volley.melee)
    if not volley.groups:
        return volley.placements
    within = turn.within_range(volley.location)
    return tuple(p.hexes() for g in volley.groups for p in g.members if p.on_map & within)


def _groups(volley: _Volley, focus: int) -> list[frozenset[int]]:
    """The target groups of a volley that include the focus."""
    if focus in volley.hit:
        return [volley.hit.union(c) for c in combinations(volley.pool, volley.take)]
    others = [e for e in volley.pool if e != focus]
    base = volley.hit | {focus}
    return [base.union(c) for c in combinations(others, volley.take - 1)]


def _best_attacks(
    turn: MonsterTurn,
    focus: int,
    heeded: list[int],
    ranks: dict[int, int],
    cache: _VolleyCache,
) -> list[_Attack]:
    """HV-MOVE-MON-1/2: the hexes and target groups that attack the focus to greatest effect.

    Hexes are visited in order of the ranking's leading terms (negative hexes,
    reachable this turn, [GH] disadvantage against the focus); only the first
    tier offering any attack can hold the answer, and within it only the
    volleys with the most targets (the next term) need their groups listed.
    """
    move = turn.movement
    rule = turn.ruleset
    limit = turn.spec.turn.move
    n_ranks = max(ranks.values(), default=0) + 1
    focus_first = rule.focus_disadvantage_before_more_targets
    # [GH] the hexes next to the focus across an open edge (adjacency is symmetric: a
    # wall closes the edge on both sides), where a ranged attack has disadvantage
    beside_focus = turn.board.open_mask_around(focus) if focus_first and turn.susceptible else 0
    distance = move.distance
    negative = move.negative

    # a single-target attack needs the focus in range (HV-LOS-2): other hexes cannot attack it
    in_range = None if turn.aoe else mask_bytes(turn.within_range(focus))
    beside_bits = mask_bytes(beside_focus)
    tiers: dict[tuple[int, ...], list[int]] = {}
    positions = turn.positions
    for location in turn.stand:
        position = positions[location]
        if in_range is None or has_position(in_range, position):
            reach = -int(distance[location] <= limit)
            head: tuple[int, ...] = (
                (negative[location], reach, int(has_position(beside_bits, position)))
                if focus_first
                else (negative[location], reach)
            )
            tier = tiers.get(head)
            if tier is None:
                tiers[head] = [location]
            else:
                tier.append(location)
    if not turn.aoe and turn.extra_targets == 0:
        return _best_single_attacks(turn, focus, [tiers[head] for head in sorted(tiers)])
    volleys: list[_Volley] = []
    for head in sorted(tiers):
        if turn.aoe:
            for location in tiers[head]:
                volleys.extend(_volleys(turn, location, focus, heeded, cache))
        else:
            volleys = _most_target_volleys(turn, tiers[head], focus, heeded, cache)
        if volleys:
            break
    if not volleys:
        return []
    most = max(v.size for v in volleys)
    scored: list[tuple[tuple[int, ...], int, frozenset[int], _Volley]] = []
    for volley in volleys:
        if volley.size != most:
            continue
        location = volley.location
        spent = move.distance[location]
        # HV-ATK-3: the enemies a ranged attack from here would hit with disadvantage
        close = turn.board.open_mask_around(location) if turn.susceptible else 0
        beside = frozenset(turn.members(close & turn.enemy_mask))
        for group in _groups(volley, focus):
            disadvantaged = len(group & beside)
            if n_ranks == 1:
                by_rank = [-len(group)]
            else:
                by_rank = [0] * n_ranks
                for t in group:
                    by_rank[ranks[t]] -= 1
            key = (spent, *by_rank) if focus_first else (disadvantaged, spent, *by_rank)
            scored.append((key, disadvantaged, group, volley))
    # one entry per (hex, group): placements giving the same group there are merged
    merged: dict[tuple[int, frozenset[int]], list[frozenset[Hex]]] = {}
    for group, v in closest_best_volleys(scored, move.distance):
        merged.setdefault((v.location, group), []).extend(_placements(turn, v))
    return [
        _Attack(where, group, tuple(dict.fromkeys(placements)))
        for (where, group), placements in merged.items()
    ]


def _most_target_volleys(
    turn: MonsterTurn, locations: list[int], focus: int, heeded: list[int], cache: _VolleyCache
) -> list[_Volley]:
    """Without an area: the volleys of ``locations`` that could have the most targets.

    A volley from a hex takes at most as many targets as there are heeded
    enemies within range of it (HV-LOS-2), counted without line of sight.
    Hexes are tried by that bound, highest first, and once the bound falls
    below the most targets found no later hex can matter to the ranking (it
    weighs only the volleys with the most targets), so their sight lines
    (HV-LOS-1) are never read. The volleys come back in the hexes' order.
    """
    # the heeded enemies in range of a hex are those it is in range of (HV-LOS-2 counts the
    # same both ways): each enemy's hexes in range answer for every hex, with no search
    ranges = [turn.range_bytes(enemy) for enemy in heeded]
    positions = turn.positions
    limit = len(heeded) if turn.all_targets else 1 + turn.extra_targets
    bounded: list[tuple[int, int]] = []
    for location in locations:
        position = positions[location]
        count = 0
        for bits in ranges:
            if has_position(bits, position):
                count += 1
        bounded.append((-min(limit, count), location))
    bounded.sort()
    if not turn.susceptible:
        return _nearest_most_target_volleys(turn, bounded, focus, heeded, cache)
    if not turn.ruleset.focus_disadvantage_before_more_targets:
        return _fh_most_target_volleys(turn, bounded, focus, heeded, cache)
    most = 0
    found: list[_Volley] = []
    for negative_bound, location in bounded:
        if -negative_bound < most:
            break
        for volley in _volleys(turn, location, focus, heeded, cache):
            found.append(volley)
            most = max(most, volley.size)
    found.sort(key=lambda volley: volley.location)
    return found


def _nearest_most_target_volleys(
    turn: MonsterTurn,
    bounded: list[tuple[int, int]],
    focus: int,
    heeded: list[int],
    cache: _VolleyCache,
) -> list[_Volley]:
    """:func:`_most_target_volleys` for an attack that never has disadvantage (melee, or
    muddled): only the volleys with the most targets from the nearest hexes.

    With no attack at disadvantage (HV-ATK-3) the ranking after the most
    targets comes down to the fewest movement points, then (HV-MOVE-MON-1 [GH])
    the extra targets' ranks among the groups found there; a volley from a
    farther hex can never win. So for each count ``s``, highest bound first,
    the hexes whose bound reaches ``s`` are tried nearest first, and the search
    stops at the end of the first distance where some volley takes ``s``
    targets. No volley takes more than ``s``: every hex that could was tried
    for the counts above and none did.
    """
    distance = turn.movement.distance
    by_cost = sorted((distance[location], location, -bound) for bound, location in bounded)
    tried: dict[int, list[_Volley]] = {}
    top = -bounded[0][0] if bounded else 0
    for size in range(top, 0, -1):
        nearest: int | None = None
        found: list[_Volley] = []
        for cost, location, bound in by_cost:
            if bound < size:
                continue
            if nearest is not None and cost != nearest:
                break
            volleys = tried.get(location)
            if volleys is None:
                volleys = tried[location] = _volleys(turn, location, focus, heeded, cache)
            taking = [v for v in volleys if v.size == size]
            if taking:
                nearest = cost
                found.extend(taking)
        if found:
            return found  # in the hexes' order: one distance, hexes in increasing number
    return []


def _fh_most_target_volleys(
    turn: MonsterTurn,
    bounded: list[tuple[int, int]],
    focus: int,
    heeded: list[int],
    cache: _VolleyCache,
) -> list[_Volley]:
    """:func:`_most_target_volleys` for a ranged attack under [FH] HV-MOVE-MON-2: only the
    volleys with the most targets and the fewest attacks with disadvantage, then the
    fewest movement points.

    [FH] ranks most targets, then fewest attacks with disadvantage (HV-ATK-3),
    then fewest movement points. For each count ``s``, highest bound first, a
    hex's attacks with disadvantage are bounded below without line of sight:
    the focus if it is next to the hex, and the extra targets that cannot be
    found among the heeded enemies in range and not next to it. Hexes are tried
    by (that bound, movement points) and the search stops once the bound passes
    the best (disadvantage, movement points) found with ``s`` targets.
    """
    distance = turn.movement.distance
    positions = turn.positions
    # per hex: whether the focus is next to it (across an open edge), and how many other
    # heeded enemies are in range of it and not next to it (range read from the enemies'
    # side, as in _most_target_volleys)
    ways = turn.board.open_ways
    others = [(enemy, turn.range_bytes(enemy)) for enemy in heeded if enemy != focus]
    closeness: dict[int, tuple[int, int]] = {}
    for _, location in bounded:
        around = ways[6 * location : 6 * location + 6]
        position = positions[location]
        apart = 0
        for enemy, bits in others:
            if enemy not in around and has_position(bits, position):
                apart += 1
        closeness[location] = (int(focus in around), apart)
    tried: dict[int, list[_Volley]] = {}
    top = -bounded[0][0] if bounded else 0
    for size in range(top, 0, -1):
        ranked = sorted(
            (
                closeness[location][0] + max(0, size - 1 - closeness[location][1]),
                distance[location],
                location,
            )
            for bound, location in bounded
            if -bound >= size
        )
        best: tuple[int, int] | None = None
        found: list[_Volley] = []
        for lower, cost, location in ranked:
            if best is not None and (lower, cost) > best:
                break
            volleys = tried.get(location)
            if volleys is None:
                volleys = tried[location] = _volleys(turn, location, focus, heeded, cache)
            close = turn.board.open_mask_around(location)
            beside = frozenset(turn.members(close & turn.enemy_mask))
            for volley in volleys:
                if volley.size != size:
                    continue
                least = min(len(group & beside) for group in _groups(volley, focus))
                key = (least, cost)
                if best is None or key < best:
                    best = key
                    found = [volley]
                elif key == best:
                    found.append(volley)
        if found:
            found.sort(key=lambda volley: volley.location)
            return found
    return []


def _best_single_attacks(turn: MonsterTurn, focus: int, tiers: list[list[int]]) -> list[_Attack]:
    """:func:`_best_attacks` for one target and no area: the focus alone is every target group.

    Each hex in reach of the focus then offers the one group ``{focus}``, so the
    ranking comes down to the first tier holding such a hex and, in it, the
    fewest attacks with disadvantage (HV-ATK-3), then the fewest movement
    points. Hexes are tried in that order and line of sight (HV-LOS-1) is read
    only until the best key is passed; no other enemy's sight line matters.
    """
    move = turn.movement
    distance = move.distance
    bit = 1 << turn.positions[focus]
    susceptible = turn.susceptible
    open_mask_around = turn.board.open_mask_around
    in_reach = turn.in_reach
    for locations in tiers:
        keyed = sorted(
            (
                int(susceptible and bool(open_mask_around(location) & bit)),
                distance[location],
                location,
            )
            for location in locations
        )
        winners: list[int] = []
        best: tuple[int, int] | None = None
        for disadvantaged, spent, location in keyed:
            if best is not None and (disadvantaged, spent) != best:
                break
            if in_reach(location, focus):
                best = (disadvantaged, spent)
                winners.append(location)
        if winners:
            group = frozenset((focus,))
            return [_Attack(location, group, (frozenset(),)) for location in winners]
    return []


def _move_closer(turn: MonsterTurn, goal: int) -> list[int]:
    """Within this turn's move, the stops that leave the best remaining path to ``goal``."""
    move = turn.movement
    remaining, remaining_negative = move.to_destination(goal)
    limit = turn.spec.turn.move
    best: tuple[int, int, int] | None = None
    stops: list[int] = []
    for i in turn.stand:
        if move.distance[i] > limit:
            continue
        key = (remaining_negative[i] + move.negative[i], remaining[i], move.distance[i])
        if best is None or key < best:
            best = key
            stops = [i]
        elif key == best:
            stops.append(i)
    return stops
