"""Monster movement and focus, rule by rule, on small boards (HV-MOVE, HV-FOCUS, HV-MOVE-MON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.boards.hexgrid import distance
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.monster_ai import MonsterAnswer, solve_monster_turn

DATA = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"


def reference(case_id: str) -> dict[str, Any]:
    """One reference case (tests/data/haven/monster-ai/NOTICE.md)."""
    name = case_id.split("-")[0]
    cases = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    found: dict[str, Any] = next(c for c in cases if c["id"] == case_id)
    return found


def strip(length: int) -> list[list[int]]:
    """Three rows of hexes; the middle row (r = 0) has no corner on the map edge."""
    return [[q, r] for q in range(length) for r in (-1, 0, 1)]


def disc(radius: int) -> list[list[int]]:
    return [
        [q, r]
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance((0, 0), (q, r)) <= radius
    ]


def board(
    figures: list[dict[str, Any]],
    *,
    ruleset: str = "frosthaven",
    hexes: list[list[int]] | None = None,
    walls: list[Any] | None = None,
    terrain: dict[str, Any] | None = None,
    **turn: Any,
) -> dict[str, Any]:
    return {
        "format": "haven-board/1",
        "ruleset": ruleset,
        "hexes": hexes if hexes is not None else disc(4),
        "walls": walls or [],
        "terrain": terrain or {},
        "figures": figures,
        "turn": {"figure": "A", "move": 2, "range": 0, "targets": 1, **turn},
    }


def monster(q: int, r: int, name: str = "A") -> dict[str, Any]:
    return {"id": name, "team": "monsters", "hex": [q, r]}


def hero(q: int, r: int, name: str, initiative: int = 50, **extra: Any) -> dict[str, Any]:
    return {"id": name, "team": "characters", "hex": [q, r], "initiative": initiative, **extra}


def solve(data: dict[str, Any]) -> MonsterAnswer:
    return solve_monster_turn(parse_board(data))


def moves(answer: MonsterAnswer) -> set[tuple[int, int]]:
    return {o.move_to for o in answer.options}


# -- HV-MOVE-1..4: how the monster may move -------------------------------------------------


def test_HV_MOVE_1_allies_are_passed_through_but_not_ended_on() -> None:
    """HV-MOVE-1: a monster walks through an ally to reach its target and stops before it."""
    line = [[q, 0] for q in range(6)]
    answer = solve(
        board([monster(0, 0), monster(1, 0, "M1"), hero(3, 0, "C1")], hexes=line, move=3)
    )
    assert moves(answer) == {(2, 0)}
    assert answer.options[0].path == ((0, 0), (1, 0), (2, 0))
    blocked = solve(board([monster(0, 0), monster(2, 0, "M1"), hero(3, 0, "C1")], hexes=line))
    # the only hex next to C1 holds its ally: no hex to attack from, no focus (HV-FOCUS-3)
    assert [(o.move_to, o.focus) for o in blocked.options] == [((0, 0), None)]


def test_HV_MOVE_1_enemies_and_obstacles_block_the_way() -> None:
    """HV-MOVE-1: an enemy or an obstacle in a one-hex corridor stops the monster completely."""
    line = [[q, 0] for q in range(6)]
    walled = solve(board([monster(0, 0), hero(2, 0, "C1"), hero(4, 0, "C2")], hexes=line, move=4))
    assert {o.focus for o in walled.options} == {"C1"}
    stuck = solve(
        board([monster(0, 0), hero(4, 0, "C1")], hexes=line, terrain={"obstacle": [[2, 0]]})
    )
    assert moves(stuck) == {(0, 0)} and stuck.options[0].focus is None  # HV-FOCUS-3


def test_HV_MOVE_2_difficult_terrain_costs_two_movement_points() -> None:
    """HV-MOVE-2: entering difficult terrain costs 2, so Move 3 covers only two hexes."""
    line = [[q, 0] for q in range(8)]
    answer = solve(
        board(
            [monster(0, 0), hero(7, 0, "C1")], hexes=line, move=3, terrain={"difficult": [[1, 0]]}
        )
    )
    assert moves(answer) == {(2, 0)}


def test_HV_MOVE_2_icy_terrain_slides_the_monster_on() -> None:
    """HV-MOVE-2 [FH p.14]: stepping onto ice slides on until something stops the slide."""
    line = [[q, 0] for q in range(8)]
    answer = solve(
        board(
            [monster(0, 0), hero(6, 0, "C1")],
            ruleset="frosthaven",
            hexes=line,
            move=1,
            terrain={"icy": [[1, 0], [2, 0], [3, 0]]},
        )
    )
    assert moves(answer) == {(4, 0)}
    assert answer.options[0].path == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    stopped = solve(
        board(
            [monster(0, 0), monster(3, 0, "M1"), hero(6, 0, "C1")],
            ruleset="frosthaven",
            hexes=line,
            move=1,
            terrain={"icy": [[1, 0], [2, 0]]},
        )
    )
    assert moves(stopped) == {(2, 0)}  # an ally stops the slide


def test_HV_MOVE_2_monsters_avoid_traps_on_their_path() -> None:
    """HV-MOVE-2 with HV-FOCUS-4: a trap is walked around when a way round exists."""
    answer = solve(
        board([monster(-2, 0), hero(2, 0, "C1")], move=3, terrain={"trap": [[-1, 0], [0, 0]]})
    )
    assert all(h not in {(-1, 0), (0, 0)} for o in answer.options for h in o.path)


def test_HV_MOVE_3_a_jump_passes_over_enemies_and_obstacles() -> None:
    """HV-MOVE-3: jumping ignores figures and obstacles on the way, not on the last hex."""
    line = [[q, 0] for q in range(6)]
    data = board(
        [monster(0, 0), hero(5, 0, "C1", 10)],
        hexes=line,
        move=3,
        terrain={"obstacle": [[1, 0], [2, 0]]},
    )
    walking = solve(data)
    assert moves(walking) == {(0, 0)}
    data["turn"]["jumping"] = True
    jumping = solve(data)
    assert (3, 0) in moves(jumping)


def test_HV_MOVE_3_GH_jump_pays_for_difficult_terrain_on_its_last_hex_FH_does_not() -> None:
    """HV-MOVE-3: [GH] the last hex of a jump is normal movement; [FH] difficult is ignored."""
    line = [[q, 0] for q in range(8)]
    del line
    gh = board(
        [monster(0, 0), hero(7, 0, "C1")],
        ruleset="gloomhaven",
        hexes=strip(9),
        move=3,
        jumping=True,
        terrain={"difficult": [[3, 0]]},
    )
    assert (3, 0) not in moves(solve(gh))
    fh = dict(gh, ruleset="frosthaven")
    assert moves(solve(fh)) == {(3, 0)}


def test_HV_MOVE_4_flying_ignores_obstacles_and_may_end_on_one() -> None:
    """HV-MOVE-4: a flyer crosses obstacles and traps and may stop on an obstacle."""
    line = [[q, 0] for q in range(5)]
    data = board(
        [monster(0, 0), hero(4, 0, "C1")],
        hexes=line,
        move=3,
        flying=True,
        terrain={"obstacle": [[1, 0], [3, 0]], "trap": [[2, 0]]},
    )
    assert moves(solve(data)) == {(3, 0)}


def test_HV_MOVE_4_flying_still_cannot_end_on_a_figure() -> None:
    line = [[q, 0] for q in range(6)]
    data = board(
        [monster(0, 0), monster(3, 0, "M1"), hero(4, 0, "C1")], hexes=line, move=3, flying=True
    )
    answer = solve(data)
    assert moves(answer) == {(2, 0)}  # not on its ally at [3, 0]
    assert answer.options[0].heading_to == ((5, 0),)  # over C1 to the far side


# -- HV-FOCUS-1..4: whom the monster focuses on ---------------------------------------------


def test_HV_FOCUS_1_focus_is_the_enemy_reached_with_least_movement() -> None:
    """HV-FOCUS-1: the path to an attack hex, not to the enemy's own hex, decides (the
    reference case gloomhaven-016: C20 is focused although C10 stands nearer)."""
    case = reference("gloomhaven-016")
    answer = solve(case["board"])
    assert {o.focus for o in answer.options} == {"C2"}
    assert {
        o.focus
        for o in solve(board([monster(0, 0), hero(2, 0, "C1"), hero(-3, 0, "C2")], move=1)).options
    } == {"C1"}


def test_HV_FOCUS_2_proximity_then_initiative_break_ties() -> None:
    """HV-FOCUS-2: equal paths: the closer enemy; equally close: the lower initiative."""
    closer = solve(
        board([monster(0, 0), hero(2, 0, "C1", 10), hero(-1, 0, "C2", 90)], move=0, range=3)
    )
    assert {o.focus for o in closer.options} == {"C2"}
    earlier = solve(
        board([monster(0, 0), hero(2, 0, "C1", 10), hero(-2, 0, "C2", 90)], move=0, range=3)
    )
    assert {o.focus for o in earlier.options} == {"C1"}


def test_HV_FOCUS_2_a_summon_goes_before_its_summoner() -> None:
    """HV-FOCUS-2 [GH p.26]: a summon counts as acting just before its summoner."""
    data = board(
        [monster(0, 0), hero(2, 0, "C1", 40), hero(-2, 0, "S1", 40, summoner="C1")],
        move=0,
        range=3,
    )
    assert {o.focus for o in solve(data).options} == {"S1"}


def test_HV_FOCUS_2_full_ties_are_the_players_choice() -> None:
    """HV-FOCUS-2 / HV-MOVE-MON-3: still tied, both foci are offered."""
    data = board([monster(0, 0), hero(2, 0, "C1", 40), hero(-2, 0, "C2", 40)], move=0, range=3)
    assert {o.focus for o in solve(data).options} == {"C1", "C2"}


def test_HV_FOCUS_3_no_attack_means_planning_a_melee_attack() -> None:
    """HV-FOCUS-3: with targets 0 the monster moves as for a melee attack and attacks nobody."""
    answer = solve(board([monster(0, 0), hero(3, 0, "C1")], move=2, range=4, targets=0))
    assert moves(answer) == {(2, 0)}
    assert all(o.targets == () for o in answer.options)


def test_HV_FOCUS_3_no_reachable_attack_hex_means_no_focus_and_no_move() -> None:
    """HV-FOCUS-3: a character sealed off by walls gives no focus; the monster stays put."""
    hexes = [[q, 0] for q in range(5)]
    answer = solve(board([monster(0, 0), hero(4, 0, "C1")], hexes=hexes, walls=[[[2, 0], [3, 0]]]))
    assert [(o.move_to, o.focus, o.targets) for o in answer.options] == [((0, 0), None, ())]


def test_HV_FOCUS_4_negative_hexes_are_crossed_only_when_unavoidable() -> None:
    """HV-FOCUS-4: a trap-free focus wins over a nearer one behind a trap; with no other
    way the monster does cross the fewest traps."""
    line = [[q, 0] for q in range(-4, 5)]
    avoid = solve(
        board(
            [monster(0, 0), hero(3, 0, "C1", 10), hero(-4, 0, "C2", 90)],
            hexes=line,
            move=2,
            terrain={"trap": [[1, 0]]},
        )
    )
    assert {o.focus for o in avoid.options} == {"C2"}
    forced = solve(
        board([monster(0, 0), hero(3, 0, "C1")], hexes=line, move=2, terrain={"trap": [[1, 0]]})
    )
    assert moves(forced) == {(2, 0)}


# -- HV-MOVE-MON-1..3: where it ends and whom it attacks ------------------------------------


def test_HV_MOVE_MON_1_ranged_monster_steps_away_to_avoid_disadvantage() -> None:
    """HV-MOVE-MON-1 / HV-ATK-3: a ranged attacker next to its focus backs off one hex."""
    answer = solve(board([monster(0, 0), hero(1, 0, "C1")], move=2, range=3))
    assert all(distance(o.move_to, (1, 0)) >= 2 for o in answer.options)
    assert all(distance(o.move_to, (0, 0)) == 1 for o in answer.options)
    muddled = solve(board([monster(0, 0), hero(1, 0, "C1")], move=2, range=3, muddled=True))
    assert moves(muddled) == {(0, 0)}  # disadvantage anyway: no reason to move


def test_HV_MOVE_MON_1_GH_avoiding_disadvantage_outranks_more_targets() -> None:
    """HV-MOVE-MON-1 [GH p.30-31] vs HV-MOVE-MON-2 [FH p.42], the reference case 064 under
    both rules: [GH] it stops where its focus is not adjacent, hitting two; [FH] more
    targets come first, so it moves next to its focus and hits three."""
    gh = solve(reference("gloomhaven-064")["board"])
    fh = solve(reference("frosthaven-064")["board"])
    assert {(o.move_to, o.targets) for o in gh.options} == {((2, -5), ("C1", "C2"))}
    assert {(o.move_to, o.targets) for o in fh.options} == {((4, -4), ("C1", "C2", "C3"))}


def test_HV_MOVE_MON_1_GH_extra_targets_ranked_as_foci_FH_players_choose() -> None:
    """HV-MOVE-MON-1 [GH]: the extra target is the best-ranked by focus rules;
    HV-MOVE-MON-2 [FH]: any extra target will do, the players choose (reference case 070)."""
    gh = solve(reference("gloomhaven-070")["board"])
    fh = solve(reference("frosthaven-070")["board"])
    assert {o.targets for o in gh.options} == {("C1", "C2")}
    assert {o.targets for o in fh.options} == {("C1", "C2"), ("C1", "C3")}


def test_HV_MOVE_MON_2_FH_out_of_reach_heads_for_the_focus_alone() -> None:
    """HV-MOVE-MON-2: [FH] a multi-target monster that cannot attack this turn simply closes
    in on its focus; [GH] it heads for the hex that attacks the most (reference case 180)."""
    line = [[q, 0] for q in range(12)]
    figures = [monster(0, 0), hero(6, 0, "C1", 10)]
    fh = solve(board(figures, ruleset="frosthaven", hexes=line, move=2, targets=2))
    assert moves(fh) == {(2, 0)} and fh.options[0].heading_to == ((5, 0),)


def test_HV_MOVE_MON_3_equal_destinations_are_all_offered() -> None:
    """HV-MOVE-MON-3: two hexes equally good to attack from: the players choose."""
    answer = solve(board([monster(0, 0), hero(2, -1, "C1")], ruleset="gloomhaven", move=1))
    assert moves(answer) == {(1, 0), (1, -1)}
    assert all(o.targets == ("C1",) for o in answer.options)


def test_HV_MOVE_MON_3_area_placements_and_all_targets() -> None:
    """HV-MOVE-MON-3: an area attack offers its placements; targets 6 means everyone in reach."""
    figures = [monster(0, 0), hero(2, 0, "C1"), hero(0, 2, "C2"), hero(-2, 0, "C3")]
    everyone = solve(board(figures, move=0, range=3, targets=6))
    assert {o.targets for o in everyone.options} == {("C1", "C2", "C3")}
    area = solve(
        board([monster(0, 0), hero(1, 0, "C1"), hero(1, -1, "C2")], move=0, aoe=[[1, 0], [1, -1]])
    )
    assert {o.targets for o in area.options} == {("C1", "C2")}
    assert {frozenset(o.aoe) for o in area.options} == {frozenset({(1, 0), (1, -1)})}


def test_HV_FOCUS_1_GH_a_melee_monster_in_a_one_hex_corridor_reaches_its_neighbour() -> None:
    """HV-FOCUS-1 with HV-LOS-1: in a corridor one hex wide a melee monster focuses on
    the character down the corridor and attacks it from the neighbouring hex [FH]; [GH]
    only under the open_edge_neighbours house rule: every corner there lies on the map
    edge, so without it no sight line exists and the monster has no focus (GH p.19)."""
    corridor = [[0, 0], [1, 0], [2, -1], [3, -1], [4, -2]]
    reaches = [((1, 0), "C1", ("C1",))]
    for ruleset, house in (("gloomhaven", {"open_edge_neighbours": True}), ("frosthaven", {})):
        data = board([monster(3, -1), hero(0, 0, "C1")], ruleset=ruleset, hexes=corridor, move=3)
        answer = solve({**data, "house_rules": house})
        assert [(o.move_to, o.focus, o.targets) for o in answer.options] == reaches
    plain = solve(
        board([monster(3, -1), hero(0, 0, "C1")], ruleset="gloomhaven", hexes=corridor, move=3)
    )
    assert [(o.move_to, o.focus) for o in plain.options] == [((3, -1), None)]


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 100_000))
def test_HV_MOVE_2_icy_travel_in_layers_is_the_weighted_search(seed: int) -> None:
    """HV-MOVE-2: with ice and no difficult or negative hex every step costs 1 point, and
    travel is counted in breadth-first layers; each hex's points, its path and the points
    to any destination are those of the weighted (heap) search the other boards take."""
    import random

    from haven_random_boards import _patch, _walls
    from rulekeeper.boards.hexgrid import HexBoard
    from rulekeeper.games.haven.movement import Movement, Terrain, move_mode
    from rulekeeper.games.haven.ruleset import FROSTHAVEN

    rng = random.Random(seed)
    hexes = _patch(rng)
    board = HexBoard(hexes, _walls(rng, hexes))
    n = len(hexes)
    no = (False,) * n
    icy = tuple(rng.random() < 0.4 for _ in range(n))
    obstacle = tuple(rng.random() < 0.1 for _ in range(n))
    start = rng.randrange(n)
    others = rng.sample(range(n), min(n, 6))
    enemies = frozenset(i for i in others[:3] if i != start)
    occupied = frozenset(i for i in others if i != start)
    terrain = Terrain(obstacle, no, no, icy)
    layers = Movement(board, FROSTHAVEN, terrain, start, occupied, enemies, move_mode())
    heap = Movement(board, FROSTHAVEN, terrain, start, occupied, enemies, move_mode())
    heap._unit_steps = False  # the weighted search, as a board with a difficult hex takes
    heap._reverse_cache = {}
    heap.distance, heap.negative = heap._forward()
    assert (layers.distance, layers.negative) == (heap.distance, heap.negative)
    assert [layers.path(i) for i in range(n)] == [heap.path(i) for i in range(n)]
    for destination in rng.sample(range(n), min(n, 4)):
        assert layers.to_destination(destination) == heap.to_destination(destination)


def _heap_costs(
    table: tuple[tuple[int, ...], ...], source: int, weights: list[int], toward: bool
) -> list[int]:
    """A textbook heap Dijkstra with the rules of ``movement._packed_costs`` (the reference)."""
    import heapq

    from rulekeeper.games.haven.movement import _NEVER

    best = [_NEVER] * len(table)
    best[source] = 0
    heap = [(0, source)]
    while heap:
        key, u = heapq.heappop(heap)
        if key != best[u] or (toward and not weights[u]):
            continue
        for v in table[u]:
            if not toward and not weights[v]:
                continue
            cost = key + (weights[u] if toward else weights[v])
            if cost < best[v]:
                best[v] = cost
                heapq.heappush(heap, (cost, v))
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=40).flatmap(
        lambda n: st.tuples(
            st.lists(
                st.lists(st.integers(min_value=0, max_value=n - 1), max_size=6),
                min_size=n,
                max_size=n,
            ),
            st.lists(st.sampled_from([0, 1, 2, 3, 101, 102, 203]), min_size=n, max_size=n),
            st.integers(min_value=0, max_value=n - 1),
            st.booleans(),
        )
    )
)
def test_HV_MOVE_2_packed_costs_are_the_shortest_costs(case: Any) -> None:
    """Issue 12: the frontier scan of ``_packed_costs`` (HV-MOVE-2 costs, HV-FOCUS-4 negative
    hexes packed above the points) finds exactly what a heap Dijkstra finds, both ways."""
    from rulekeeper.games.haven.movement import _packed_costs

    steps, weights, source, toward = case
    table = tuple(tuple(row) for row in steps)
    assert _packed_costs(table, source, weights, toward) == _heap_costs(
        table, source, weights, toward
    )
