"""HV-GOAL-2: the monster mover treats a figure covering several hexes as one figure.

A haven-board/1 figure may list ``more_hexes`` (an objective covering several
hexes). The mover then focuses on it, moves around it and attacks it as one
figure reached through any of its hexes (HV-FOCUS-1/2, HV-MOVE-1,
HV-MOVE-MON-1/2, HV-LOS-1/2, HV-ATK-3). Each scripted board below is built so
that reading only the figure's first hex (or counting each hex as a figure)
gives another answer. Boards without such a figure take the mover's usual path;
the separate path gives the same answers on them (the cross-check below).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from haven_random_boards import random_board, random_boards
from rulekeeper.boards.hexgrid import neighbours
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.board_read import read_board
from rulekeeper.games.haven.monster_ai import MonsterAnswer, solve_monster_turn
from rulekeeper.games.haven.monster_ai_wide import solve_wide_turn
from rulekeeper.games.haven.monster_turn import MonsterTurn

RULESETS = ["gloomhaven", "frosthaven"]
CASES = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"
OPEN = [[q, r] for q in range(-3, 9) for r in range(-5, 6)]
"""A wide open parallelogram: no wall near the figures."""


def board(
    figures: list[dict[str, Any]],
    turn: dict[str, Any],
    ruleset: str = "gloomhaven",
) -> dict[str, Any]:
    return {
        "format": "haven-board/1",
        "ruleset": ruleset,
        "hexes": OPEN,
        "figures": [{"id": "M", "team": "monsters", "hex": [0, 0]}, *figures],
        "turn": {"figure": "M", **turn},
    }


def corridor(data: dict[str, Any], length: int) -> dict[str, Any]:
    """The board on a corridor [0, 0] .. [length - 1, 0] walled in by obstacles (not by the
    map edge, which would block every sight line along it, HV-LOS-1)."""
    sides = [[q, -1] for q in range(length + 1)] + [[q, 1] for q in range(-1, length)]
    data["hexes"] = [[q, 0] for q in range(length)] + sides
    data["terrain"] = {"obstacle": sides}
    return data


def solve(data: dict[str, Any]) -> MonsterAnswer:
    """Both readings of the board (plain and models) give one answer."""
    plain = solve_monster_turn(read_board(json.loads(json.dumps(data))))
    models = solve_monster_turn(parse_board(data))
    assert plain.to_json() == models.to_json()
    return plain


def ends(answer: MonsterAnswer) -> set[tuple[int, int]]:
    return {o.move_to for o in answer.options}


def objective(hex_: list[int], *more: list[int], team: str = "characters") -> dict[str, Any]:
    figure: dict[str, Any] = {"id": "O", "team": team, "hex": hex_, "more_hexes": list(more)}
    if team == "characters":
        figure["initiative"] = 99
    return figure


def hero(hex_: list[int], initiative: int = 10, name: str = "C") -> dict[str, Any]:
    return {"id": name, "team": "characters", "hex": hex_, "initiative": initiative}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_FOCUS_1_HV_GOAL_2_focus_counts_the_least_movement_to_any_of_its_hexes(
    ruleset: str,
) -> None:
    """Its second hex is one step from an attack hex, its first hex two; the character two:
    the objective is the focus (by its first hex alone it would tie and lose on initiative)."""
    data = board([objective([3, 0], [2, 0]), hero([0, 3])], {"move": 2}, ruleset)
    answer = solve(data)
    assert [(o.move_to, o.focus, o.targets) for o in answer.options] == [((1, 0), "O", ("O",))]
    assert answer.reasons[0].startswith("HV-FOCUS-1")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_FOCUS_2_HV_GOAL_2_proximity_is_counted_to_its_nearest_hex(ruleset: str) -> None:
    """Both in range from where it stands (no movement); proximity 3 to the objective's
    nearest hex beats the character's 4 (its first hex, 5 away, would lose)."""
    data = board(
        [objective([5, 0], [3, 0]), hero([0, 4], initiative=1)],
        {"range": 5, "targets": 1},
        ruleset,
    )
    answer = solve(data)
    assert {o.focus for o in answer.options} == {"O"}
    assert ends(answer) == {(0, 0)}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MOVE_1_HV_GOAL_2_an_enemy_objective_blocks_every_hex_it_covers(ruleset: str) -> None:
    """A corridor: the objective covers [3, 0] and [4, 0]; the monster can neither pass nor
    stop in [3, 0], so it attacks from [2, 0] and never reaches the character behind."""
    data = corridor(
        board([objective([4, 0], [3, 0]), hero([6, 0], initiative=1)], {"move": 6}, ruleset), 7
    )
    answer = solve(data)
    assert [(o.move_to, o.focus, o.targets) for o in answer.options] == [((2, 0), "O", ("O",))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MOVE_1_HV_GOAL_2_an_allied_objective_is_passed_but_never_a_stop(ruleset: str) -> None:
    """The monsters' own objective covers [2, 0] and [3, 0] of a corridor: with move 3 the
    monster cannot reach [4, 0] next to the character and may not stop inside it."""
    far = corridor(
        board([objective([2, 0], [3, 0], team="monsters"), hero([5, 0])], {"move": 3}, ruleset), 6
    )
    answer = solve(far)
    assert [(o.move_to, o.heading_to) for o in answer.options] == [((1, 0), ((4, 0),))]
    near = {**far, "turn": {"figure": "M", "move": 4}}
    (option,) = solve(near).options
    assert option.move_to == (4, 0) and option.path[2:4] == ((2, 0), (3, 0))
    assert option.targets == ("C",)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_attack_with_two_targets_counts_it_once(ruleset: str) -> None:
    """Two of its hexes are next to the monster (its first is not): one target, never two."""
    alone = board([objective([2, -1], [1, 0], [1, -1])], {"targets": 2}, ruleset)
    assert [o.targets for o in solve(alone).options] == [("O",)]
    both = board([objective([2, -1], [1, 0], [1, -1]), hero([0, 1])], {"targets": 2}, ruleset)
    assert [o.targets for o in solve(both).options] == [("C", "O")]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_area_holding_several_of_its_hexes_strikes_it_once(ruleset: str) -> None:
    """A melee area of two hexes placed on both of its hexes, or on one of them and the
    character: every placement is listed, each target once."""
    data = board(
        [objective([1, 0], [1, -1]), hero([0, -1])],
        {"targets": 1, "aoe": [[1, 0], [1, -1]]},
        ruleset,
    )
    answer = solve(data)
    assert {o.targets for o in answer.options} == {("C", "O")}
    assert all(len(o.targets) == len(set(o.targets)) for o in answer.options)
    assert ((1, -1), (1, 0)) not in {o.aoe for o in answer.options}  # it alone: fewer targets


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_LOS_2_HV_GOAL_2_range_reaches_it_through_any_of_its_hexes(ruleset: str) -> None:
    """Range 2, no move: its first hex is 3 away, its second 2: the monster attacks it."""
    data = board([objective([3, 0], [2, 0])], {"range": 2}, ruleset)
    assert [(o.move_to, o.targets) for o in solve(data).options] == [((0, 0), ("O",))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_LOS_1_HV_GOAL_2_sight_to_one_of_its_hexes_is_enough(ruleset: str) -> None:
    """Walls close every edge of its first hex but the one to its second: the monster does
    not see the first hex (checked below), sees the second, and attacks from where it
    stands."""
    walls = [[[2, -1], list(n)] for n in neighbours((2, -1)) if n != (2, 0)]
    data = board([objective([2, -1], [2, 0])], {"range": 3}, ruleset)
    data["walls"] = walls
    one_hex = {**data, "figures": [data["figures"][0], hero([2, -1])]}
    turn = MonsterTurn(read_board(one_hex))
    index = turn.board.index
    assert not turn.in_reach(index[(0, 0)], index[(2, -1)])
    assert turn.in_reach(index[(0, 0)], index[(2, 0)])
    (option,) = solve(data).options
    assert (option.move_to, option.targets) == ((0, 0), ("O",))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ATK_3_HV_GOAL_2_a_ranged_monster_steps_away_from_any_of_its_hexes(
    ruleset: str,
) -> None:
    """Its third hex is next to the monster: a ranged attack from there has disadvantage,
    so the monster steps to a hex next to none of them, still in range (HV-MOVE-MON-1/2)."""
    data = board([objective([3, 0], [2, 0], [1, 0])], {"range": 3, "move": 2}, ruleset)
    answer = solve(data)
    assert ends(answer) == {(0, -1), (-1, 0), (-1, 1)}
    assert {o.targets for o in answer.options} == {("O",)}


def test_HV_MOVE_MON_1_2_HV_GOAL_2_the_rulesets_weigh_disadvantage_and_targets_apart() -> None:
    """Ranged, two targets, the objective the focus next to the monster: [GH] avoiding
    disadvantage against the focus comes first (it steps away and attacks it alone); [FH]
    the most targets come first (it stays and attacks both, the objective with
    disadvantage)."""
    figures = [objective([2, 0], [1, 0]), hero([4, -1], initiative=50)]
    gloom = board(figures, {"range": 4, "targets": 2, "move": 1}, "gloomhaven")
    gloom["walls"] = [[[0, 0], [0, -1]]]
    frost = {**gloom, "ruleset": "frosthaven"}
    g, f = solve(gloom), solve(frost)
    assert [(o.move_to, o.targets) for o in f.options] == [((0, 0), ("C", "O"))]
    assert {(o.move_to, o.targets) for o in g.options} == {((-1, 0), ("O",)), ((-1, 1), ("O",))}


# -- the board field -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("more", "field", "text"),
    [
        ([[50, 50]], r"figures\.1\.more_hexes\.0", "not on the map"),
        ([[2, 0], [2, 0]], r"figures\.1\.more_hexes\.1", "listed twice"),
        ([[3, 0]], r"figures\.1\.more_hexes\.0", "listed twice"),
        ([[0, 0]], r"figures\.1\.more_hexes\.0", "two figures stand on"),
    ],
)
def test_HV_GOAL_2_more_hexes_are_checked_by_both_readings(
    more: list[list[int]], field: str, text: str
) -> None:
    data = board([objective([3, 0], *more)], {"move": 2})
    for read in (read_board, parse_board):
        with pytest.raises(ContentError, match=field) as caught:
            read(json.loads(json.dumps(data)))
        assert text in str(caught.value)


def test_HV_GOAL_2_the_acting_figure_covers_one_hex() -> None:
    data = board([hero([3, 0])], {"move": 2})
    data["figures"][0]["more_hexes"] = [[1, 0]]
    for read in (read_board, parse_board):
        with pytest.raises(ContentError, match=r"turn\.figure.*several hexes"):
            read(json.loads(json.dumps(data)))


# -- one path or the other: the same answers -----------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_the_wide_path_ranks_as_the_mover_on_one_hex_boards(seed: int) -> None:
    """HV-FOCUS-1..4, HV-MOVE-MON-1..3: on 50 random boards of one-hex figures per seed the
    separate path gives every option and reason of the usual one."""
    for data in random_boards(50, 100 + seed):
        spec = read_board(data)
        usual, wide = solve_monster_turn(spec), solve_wide_turn(spec)
        assert wide.to_json() == usual.to_json(), data
        assert wide.reasons == usual.reasons, data


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_wide_path_answers_the_reference_cases_as_the_mover(ruleset: str) -> None:
    for case in json.loads((CASES / f"{ruleset}.json").read_text(encoding="utf-8")):
        spec = read_board(case["board"])
        assert solve_wide_turn(spec).to_json() == solve_monster_turn(spec).to_json(), case["id"]


# -- property: one figure, one target ------------------------------------------------------
def _widened(seed: int, ruleset: str, size: int) -> dict[str, Any] | None:
    """A random board whose first character also covers up to ``size - 1`` free neighbours."""
    data = random_board(random.Random(seed), ruleset)
    enemies = [f for f in data["figures"] if f["team"] == "characters"]
    if not enemies:
        return None
    taken = {tuple(f["hex"]) for f in data["figures"]}
    taken.update(tuple(h) for cells in data["terrain"].values() for h in cells)
    on_map = {tuple(h) for h in data["hexes"]}
    grown = enemies[0]
    cover = [tuple(grown["hex"])]
    for h in cover:
        for n in neighbours(h):
            if len(cover) < size and n in on_map and n not in taken and n not in cover:
                cover.append(n)
    if len(cover) == 1:
        return None
    grown["more_hexes"] = [list(h) for h in cover[1:]]
    data["turn"] = {**data["turn"], "targets": 6, "aoe": []}
    data["turn"].pop("teleport", None)
    return data


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULESETS), st.integers(2, 4))
def test_HV_GOAL_2_a_figure_covering_several_hexes_is_one_target(
    seed: int, ruleset: str, size: int
) -> None:
    """Attacking every target in reach: each option names each figure once, and the widened
    character exactly when one of its hexes is within range and in sight of where the
    monster ends (HV-LOS-1/2), told by the one-hex reach of each of its hexes."""
    data = _widened(seed, ruleset, size)
    if data is None:
        return
    answer = solve_monster_turn(read_board(data))
    grown = next(f for f in data["figures"] if f.get("more_hexes"))
    plain = {
        **data,
        "figures": [{k: v for k, v in f.items() if k != "more_hexes"} for f in data["figures"]],
    }
    oracle = MonsterTurn(read_board(plain))
    index = oracle.board.index
    cover = [index[tuple(h)] for h in (grown["hex"], *grown["more_hexes"])]
    for option in answer.options:
        assert len(option.targets) == len(set(option.targets))
        assert option.focus is None or not option.focus.startswith(grown["id"] + " ")
        if not option.targets:
            continue
        reached = any(oracle.in_reach(index[option.move_to], h) for h in cover)
        assert (grown["id"] in option.targets) == reached, data
