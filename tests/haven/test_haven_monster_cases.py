"""The 362 reference cases of the Gloomhaven Monster Mover (tests/data/haven/monster-ai/NOTICE.md).

Each case names the rule it tests (HV-FOCUS-1..4, HV-MOVE-1..4, HV-MOVE-MON-1..3,
HV-LOS-1/2). Options are compared as the data's README says: on ``move_to`` and
``targets``; ``focus`` and ``heading_to`` as the union over options merged by
those two; ``aoe_example`` must be one of the area placements the solver allows
(compared on map hexes: hexes off the map hit nothing).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.monster_ai import MonsterAnswer, solve_monster_turn

DATA = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"

# Cases whose expected answer contradicts the rules; each reason names rule and page.
WRONG_CASES: dict[str, str] = {
    "gloomhaven-037": (
        "HV-LOS-1 [GH p.19]: tile edges are walls for line of sight, and BOARD_FORMAT makes the "
        "map edge a wall line; the expected answer draws sight lines from the target's corners "
        "that lie on the map edge (the source solver's grid edge is not a wall)."
    ),
    "gloomhaven-147": (
        "HV-LOS-1 [GH p.19]: same as gloomhaven-037; the expected attack hexes use corners on "
        "the top map edge, which touch that wall line."
    ),
    "frosthaven-069": (
        "HV-MOVE-MON-2 [FH p.42, Appendix B; FAQ 5.8]: in Frosthaven the players choose the "
        "extra targets within the priorities; C3 is in range 2 and line of sight from [4, -5] "
        "like C1, so {C2, C3} is as valid as {C1, C2} (compare frosthaven-070/071/093)."
    ),
    "frosthaven-137": (
        "HV-MOVE-MON-2 [FH p.42, Appendix B]: with equal targets (3) the fewest attacks with "
        "disadvantage wins; [9, -9] is adjacent to C4 (one attack at disadvantage) while "
        "[5, -7] attacks three without disadvantage at the same cost. The case is marked "
        "'todo' in its source."
    ),
}


def _load(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return cases


def _params() -> list[Any]:
    out = []
    for ruleset in ("gloomhaven", "frosthaven"):
        for case in _load(ruleset):
            marks = []
            if case["id"] in WRONG_CASES:
                marks.append(pytest.mark.xfail(reason=WRONG_CASES[case["id"]], strict=True))
            out.append(pytest.param(case, id=case["id"], marks=marks))
    return out


def mismatch(answer: MonsterAnswer, case: dict[str, Any]) -> str | None:
    """Why ``answer`` differs from the case's expected options, or None when it agrees."""
    on_map = {tuple(h) for h in case["board"]["hexes"]}
    mine: dict[tuple[Any, ...], tuple[set[str], set[Any], list[frozenset[Any]]]] = {}
    for option in answer.options:
        key = (tuple(option.move_to), tuple(sorted(option.targets)))
        focus, heading, aoes = mine.setdefault(key, (set(), set(), []))
        if option.focus:
            focus.add(option.focus)
        heading.update(tuple(h) for h in option.heading_to)
        aoes.append(frozenset(tuple(h) for h in option.aoe) & on_map)
    expected = {}
    for option in case["expected"]:
        key = (tuple(option["move_to"]), tuple(sorted(option["targets"])))
        expected[key] = (
            set(option["focus"]),
            {tuple(h) for h in option["heading_to"]},
            frozenset(tuple(h) for h in option["aoe_example"]) & on_map,
        )
    if set(mine) != set(expected):
        return f"options {sorted(mine)} != expected {sorted(expected)}"
    for key, (focus, heading, aoe) in expected.items():
        my_focus, my_heading, my_aoes = mine[key]
        if my_focus != focus:
            return f"{key}: focus {sorted(my_focus)} != {sorted(focus)}"
        if my_heading != heading:
            return f"{key}: heading_to {sorted(my_heading)} != {sorted(heading)}"
        if aoe and aoe not in my_aoes:
            return f"{key}: area {sorted(aoe)} is not among the solver's placements"
    return None


def test_all_362_reference_cases_are_present() -> None:
    assert len(_load("gloomhaven")) == 182
    assert len(_load("frosthaven")) == 180


@pytest.mark.parametrize("case", _params())
def test_reference_case(case: dict[str, Any]) -> None:
    """HV-FOCUS-1..4, HV-MOVE-1..4, HV-MOVE-MON-1..3, HV-LOS-1/2: the case's ruling."""
    answer = solve_monster_turn(parse_board(case["board"]))
    assert mismatch(answer, case) is None, case["description"]
