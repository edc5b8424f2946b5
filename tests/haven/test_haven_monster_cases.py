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

CORRECTIONS: dict[str, Any] = json.loads((DATA / "corrections.json").read_text(encoding="utf-8"))
"""The project's corrections of the reference data (see the file's notes): options added
or removed per case, each with the rule and page, and the cases whose answer contradicts
a ruling the project keeps (strict xfail)."""


def _load(name: str) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return cases


def _key(option: dict[str, Any]) -> tuple[Any, ...]:
    return (tuple(option["move_to"]), tuple(sorted(option["targets"])))


def corrected(case: dict[str, Any]) -> dict[str, Any]:
    """``case`` with the project's corrections of its expected options applied.

    Raises ValueError when a correction no longer fits the case (an option to remove
    that it lacks, an option to add that it already has).
    """
    fix = CORRECTIONS["corrections"].get(case["id"])
    if fix is None:
        return case
    expected = list(case["expected"])
    for option in fix.get("remove", []):
        keys = [_key(o) for o in expected]
        if _key(option) not in keys:
            raise ValueError(f"{case['id']}: no expected option {_key(option)} to remove")
        del expected[keys.index(_key(option))]
    for option in fix.get("add", []):
        if _key(option) in [_key(o) for o in expected]:
            raise ValueError(f"{case['id']}: option {_key(option)} is already expected")
        expected.append(option)
    return {**case, "expected": expected}


def _params() -> list[Any]:
    out = []
    for ruleset in ("gloomhaven", "frosthaven"):
        for case in _load(ruleset):
            marks = []
            ruling = CORRECTIONS["project_rulings"].get(case["id"])
            if ruling is not None:
                marks.append(pytest.mark.xfail(reason=ruling, strict=True))
            out.append(pytest.param(corrected(case), id=case["id"], marks=marks))
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


def test_every_correction_names_a_case_and_a_rule() -> None:
    """The corrections file names existing cases, each with the rule it rests on."""
    ids = {c["id"] for name in ("gloomhaven", "frosthaven") for c in _load(name)}
    named = {**CORRECTIONS["corrections"], **CORRECTIONS["project_rulings"]}
    assert set(named) <= ids
    for fix in CORRECTIONS["corrections"].values():
        assert fix["rule"].startswith("HV-") and (fix.get("add") or fix.get("remove"))
    for reason in CORRECTIONS["project_rulings"].values():
        assert reason.startswith("HV-")


def _case(case_id: str) -> dict[str, Any]:
    ruleset = case_id.split("-")[0]
    return next(c for c in _load(ruleset) if c["id"] == case_id)


def test_HV_MOVE_MON_2_FH_069_the_players_may_pick_C2_and_C3() -> None:
    """HV-MOVE-MON-2 [FH p.42; FAQ 5.8]: frosthaven-069 offers {C1, C2} and {C2, C3}
    from [4, -5]; the source data lists only the first."""
    case = _case("frosthaven-069")
    answer = solve_monster_turn(parse_board(case["board"]))
    offered = {(o.move_to, tuple(sorted(o.targets))) for o in answer.options}
    assert offered == {((4, -5), ("C1", "C2")), ((4, -5), ("C2", "C3"))}
    assert mismatch(answer, case) is not None  # the source data alone disagrees
    assert mismatch(answer, corrected(case)) is None


def test_HV_MOVE_MON_2_FH_137_no_attack_at_disadvantage_when_an_equal_one_has_none() -> None:
    """HV-MOVE-MON-2 [FH p.42]: frosthaven-137's [9, -9] attacks C4 at disadvantage
    while [5, -7] attacks as many targets without it; only [5, -7] is valid."""
    case = _case("frosthaven-137")
    answer = solve_monster_turn(parse_board(case["board"]))
    assert {o.move_to for o in answer.options} == {(5, -7)}
    assert mismatch(answer, case) is not None
    assert mismatch(answer, corrected(case)) is None


def test_a_correction_that_no_longer_fits_its_case_fails() -> None:
    """A stale correction is an error, not silently skipped."""
    case = corrected(_case("frosthaven-137"))
    with pytest.raises(ValueError, match="no expected option"):
        corrected(case)


@pytest.mark.parametrize("case", _params())
def test_reference_case(case: dict[str, Any]) -> None:
    """HV-FOCUS-1..4, HV-MOVE-1..4, HV-MOVE-MON-1..3, HV-LOS-1/2: the case's ruling."""
    answer = solve_monster_turn(parse_board(case["board"]))
    assert mismatch(answer, case) is None, case["description"]
