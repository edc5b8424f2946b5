"""Properties of the monster mover on random boards (HV-LOS-1, HV-MOVE-1..4, HV-FOCUS, HV-MOVE-MON).

- turning or mirroring a whole board turns or mirrors the answer;
- no path is shorter than the hex distance, and each one is a legal walk;
- the solver answers every valid board;
- an enemy is in reach of a hex exactly when the hex's own range search finds it.
"""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.boards.hexgrid import DIRECTIONS, add, distance, transform
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.monster_ai import MonsterAnswer, solve_monster_turn
from rulekeeper.games.haven.monster_turn import MonsterTurn

DISC = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if distance((0, 0), (q, r)) <= 3]
SHAPES = [[], [[1, 0]], [[1, 0], [1, -1]], [[0, 0], [1, 0], [2, 0]], [[1, 0], [2, -1], [0, 1]]]


@st.composite
def boards(draw: Any) -> dict[str, Any]:
    """A random valid haven-board/1 document on a holed disc of radius 3."""
    holes = draw(st.sets(st.sampled_from(DISC), max_size=6))
    hexes = [h for h in DISC if h not in holes]
    if len(hexes) < 4:
        hexes = DISC
    spots = draw(st.permutations(hexes))
    n_heroes = draw(st.integers(1, 3))
    n_allies = draw(st.integers(0, 2))
    figures: list[dict[str, Any]] = [{"id": "A", "team": "monsters", "hex": list(spots[0])}]
    for i in range(n_heroes):
        figures.append(
            {
                "id": f"C{i + 1}",
                "team": "characters",
                "hex": list(spots[1 + i]),
                "initiative": draw(st.integers(1, 99)),
            }
        )
    for i in range(n_allies):
        figures.append(
            {"id": f"M{i + 1}", "team": "monsters", "hex": list(spots[1 + n_heroes + i])}
        )
    free = spots[1 + n_heroes + n_allies :]
    terrain: dict[str, list[list[int]]] = {}
    for kind in ("obstacle", "trap", "hazardous", "difficult", "icy"):
        picked = draw(st.sets(st.sampled_from(free), max_size=3)) if free else set()
        terrain[kind] = [list(h) for h in sorted(picked)]
    seen: set[tuple[int, int]] = set()
    for kind in terrain:  # one terrain per hex
        terrain[kind] = [h for h in terrain[kind] if tuple(h) not in seen]
        seen.update(tuple(h) for h in terrain[kind])
    pairs = sorted(
        {tuple(sorted((h, add(h, d)))) for h in hexes for d in DIRECTIONS if add(h, d) in hexes}
    )
    walls = draw(st.sets(st.sampled_from(pairs), max_size=5)) if pairs else set()
    mode = draw(st.sampled_from(["walk", "walk", "jumping", "flying", "teleport"]))
    turn: dict[str, Any] = {
        "figure": "A",
        "move": draw(st.integers(0, 4)),
        "range": draw(st.integers(0, 3)),
        "targets": draw(st.sampled_from([0, 1, 1, 2, 3, 6])),
        "aoe": draw(st.sampled_from(SHAPES)),
        "muddled": draw(st.booleans()),
    }
    if mode != "walk":
        turn[mode] = True
    return {
        "format": "haven-board/1",
        "ruleset": draw(st.sampled_from(["gloomhaven", "frosthaven"])),
        "hexes": [list(h) for h in hexes],
        "walls": [[list(a), list(b)] for a, b in sorted(walls)],
        "terrain": terrain,
        "figures": figures,
        "turn": turn,
    }


def moved(data: dict[str, Any], turns: int, mirrored: bool) -> dict[str, Any]:
    """The same board turned by ``turns`` sixths (after mirroring when asked)."""

    def t(h: list[int]) -> list[int]:
        return list(transform((h[0], h[1]), turns, mirrored))

    out = dict(data)
    out["hexes"] = [t(h) for h in data["hexes"]]
    out["walls"] = [[t(a), t(b)] for a, b in data["walls"]]
    out["terrain"] = {k: [t(h) for h in v] for k, v in data["terrain"].items()}
    out["figures"] = [dict(f, hex=t(f["hex"])) for f in data["figures"]]
    out["turn"] = dict(data["turn"], aoe=[t(h) for h in data["turn"]["aoe"]])
    return out


def summary(answer: MonsterAnswer, turns: int = 0, mirrored: bool = False) -> set[Any]:
    def t(h: tuple[int, int]) -> tuple[int, int]:
        return transform(h, turns, mirrored)

    return {
        (t(o.move_to), o.focus, o.targets, frozenset(t(h) for h in o.heading_to))
        for o in answer.options
    }


@settings(max_examples=40, deadline=None)
@given(boards(), st.integers(1, 5), st.booleans())
def test_HV_MOVE_MON_3_turning_or_mirroring_the_board_turns_the_answer(
    data, turns, mirrored
) -> None:
    """HV-LOS-1, HV-FOCUS-1..4, HV-MOVE-MON-1..3 depend on geometry only, never on orientation."""
    original = solve_monster_turn(parse_board(data))
    turned = solve_monster_turn(parse_board(moved(data, turns, mirrored)))
    assert summary(turned) == summary(original, turns, mirrored)


@settings(max_examples=60, deadline=None)
@given(boards())
def test_HV_MOVE_1_paths_are_legal_and_never_shorter_than_hex_distance(data) -> None:
    """HV-MOVE-1..4: every path starts at the monster, ends at its stop, steps hex by hex
    (teleport excepted) and is never shorter than the straight hex distance."""
    spec = parse_board(data)
    answer = solve_monster_turn(spec)
    start = spec.actor.hex
    occupied = {f.hex for f in spec.figures if f.id != "A"}
    for option in answer.options:
        path = option.path
        assert path[0] == start and path[-1] == option.move_to
        assert len(path) - 1 >= distance(start, option.move_to) or spec.turn.teleport
        assert option.move_to == start or option.move_to not in occupied
        if not spec.turn.teleport:
            assert all(distance(a, b) == 1 for a, b in itertools.pairwise(path))


@settings(max_examples=80, deadline=None)
@given(boards())
def test_HV_FOCUS_1_the_solver_answers_every_valid_board(data) -> None:
    """HV-FOCUS-1..3: there is always at least one option, and targets are enemies."""
    spec = parse_board(data)
    answer = solve_monster_turn(spec)
    assert answer.options
    enemies = {f.id for f in spec.figures if f.team == "characters"}
    for option in answer.options:
        assert set(option.targets) <= enemies
        assert option.focus is None or option.focus in enemies
        if spec.turn.targets == 0:
            assert option.targets == ()


@settings(max_examples=60, deadline=None)
@given(boards())
def test_HV_LOS_2_range_counts_the_same_from_either_end(data) -> None:
    """HV-LOS-1/2: the enemies in reach of a hex, found from each enemy's hexes in range
    (reachable_enemies, in_reach), are those a range search from the hex itself finds
    and it sees; the bound on targets per hex counts the same way."""
    turn = MonsterTurn(parse_board(data))
    for location in turn.stand:
        around = turn.board.within(location, turn.range)
        expected = turn.visible_enemies(location, turn.enemy_mask & around)
        assert turn.reachable_enemies(location, turn.enemy_mask) == expected
        for enemy in turn.enemy_index:
            in_range = bool(around >> turn.positions[enemy] & 1)
            assert turn.in_reach(location, enemy) == (
                in_range and turn.los.visible(location, enemy)
            )
