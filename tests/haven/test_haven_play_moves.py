"""Character movement in play follows the path rules (HV-MOVE-1..4), traps and doors.

A straight corridor ``at(0, 0) .. at(5, 0)``; the Tester starts at its west end
and leads with t1 (Move 3 bottom), t4 (Move 2 jump bottom) or t5 (Move 2 flying
bottom), before the Dummy's card.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import LoseCard, MoveTo, Negate, PlayHalf, SelectCard
from rulekeeper.games.haven.state import HavenState

CORRIDOR = [at(q, 0) for q in range(6)]


def corridor(
    card: str = "t1",
    ruleset: str = "gloomhaven",
    monsters: list[dict[str, Any]] | None = None,
    party: tuple[str, ...] = ("tester",),
    **kw: Any,
) -> HavenState:
    start = [at(0, 0), at(1, 0)][: len(party)]
    kw.setdefault("hexes", CORRIDOR)
    state = new_state(
        scenario(
            party=party,
            start=start,
            monsters=monsters if monsters is not None else [monster("dummy", at(5, 0))],
            **kw,
        ),
        ruleset,
    )
    second = "t2" if card != "t2" else "t3"
    play(state, SelectCard("tester", card), SelectCard("tester", second))
    for other in party[1:]:
        play(state, SelectCard(other, "t6"), SelectCard(other, "t5"))
    chance(state, "dummy-b")
    play(state, PlayHalf(card, "bottom"))
    return state


def refused(state: HavenState, action: MoveTo) -> str:
    before = state.to_dict()
    with pytest.raises(RuleViolation) as error:
        state.apply(action)
    assert state.to_dict() == before
    return error.value.rule_id


def test_HV_MOVE_1_moving_through_an_enemy_is_refused() -> None:
    state = corridor(monsters=[monster("dummy", at(1, 0))], hexes=[*CORRIDOR, at(0, 1)])
    assert state.legal_actions()[0] == MoveTo(at(0, 1))  # a pocket beside the start
    assert MoveTo(at(2, 0)) not in state.legal_actions()
    assert refused(state, MoveTo(at(2, 0))) == "HV-MOVE-1"


def test_HV_MOVE_1_allies_may_be_passed_but_not_ended_on() -> None:
    state = corridor(party=("tester", "tester2"))
    assert refused(state, MoveTo(at(1, 0))) == "HV-MOVE-1"
    play(state, MoveTo(at(3, 0)))  # through the ally at at(1, 0)
    assert state.figures["tester"].hex == at(3, 0)


def test_HV_MOVE_2_difficult_terrain_costs_two() -> None:
    state = corridor(terrain={"difficult": [at(1, 0)]})
    legal = state.legal_actions()
    assert MoveTo(at(2, 0)) in legal and MoveTo(at(3, 0)) not in legal  # 2 + 1 = 3 points
    assert refused(state, MoveTo(at(3, 0))) == "HV-MOVE-2"


def test_HV_MOVE_2_a_trap_deals_2_plus_level_on_entry_and_is_removed() -> None:
    state = corridor(terrain={"trap": [at(1, 0)]}, level=1)
    play(state, MoveTo(at(1, 0)), Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 3
    assert at(1, 0) in state.sprung_traps


@pytest.mark.parametrize(("ruleset", "expected"), [("gloomhaven", 1), ("frosthaven", 2)])
def test_HV_MOVE_2_hazardous_terrain_damage_per_ruleset(ruleset: str, expected: int) -> None:
    """[GH] half a trap's 3 rounded down = 1; [FH] 1 + ceil(1/3) = 2, at level 1."""
    state = corridor(ruleset=ruleset, terrain={"hazardous": [at(1, 0)]}, level=1)
    play(state, MoveTo(at(2, 0)))  # the only path crosses the hazardous hex
    assert state.negation is not None and state.negation.damage == expected
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - expected


def test_HV_MOVE_3_a_jump_passes_enemies_and_traps_only_the_last_hex_counts() -> None:
    state = corridor(
        card="t4",
        monsters=[monster("dummy", at(1, 0))],
        terrain={"trap": [at(2, 0)], "obstacle": [at(3, 0)]},
    )
    assert MoveTo(at(2, 0)) in state.legal_actions()
    play(state, MoveTo(at(2, 0)), Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 10 - 3  # landing on the trap springs it


def test_HV_MOVE_3_a_jump_over_a_trap_does_not_spring_it() -> None:
    state = corridor(card="t4", terrain={"trap": [at(1, 0)]})
    play(state, MoveTo(at(2, 0)))
    assert state.figures["tester"].hp == 10 and not state.sprung_traps


def test_HV_MOVE_4_flying_ignores_terrain_to_the_end_but_not_occupied_hexes() -> None:
    state = corridor(
        card="t5",
        monsters=[monster("dummy", at(2, 0))],
        terrain={"trap": [at(1, 0)], "obstacle": [at(3, 0)]},
    )
    assert refused(state, MoveTo(at(2, 0))) == "HV-MOVE-1"
    play(state, MoveTo(at(1, 0)))
    assert state.figures["tester"].hp == 10 and not state.sprung_traps


def test_a_character_entering_a_door_reveals_the_room_and_its_monsters() -> None:
    west = [at(q, r) for q in range(3) for r in range(2)]
    east = [at(q, r) for q in range(4, 6) for r in range(2)]
    door = at(3, 0)
    data = scenario(
        hexes=[*west, door, *east],
        monsters=[monster("dummy", at(0, 1)), monster("dummy", at(5, 1))],
        rooms=[{"id": "east", "hexes": east}],
        doors=[{"hex": door, "opens": ["east"]}],
    )
    state = new_state(data)
    assert [f.id for f in state.figures.values() if f.kind == "monster"] == ["dummy 1"]
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"), MoveTo(door))
    assert state.revealed == ["east"] and door in state.open_doors
    chance(state, "dummy 6")  # HV-SCEN-1: its number is drawn among the nine left
    assert state.figures["dummy 6"].hex == at(5, 1)


def test_HV_NEG_1_trap_damage_may_be_negated_too() -> None:
    state = corridor(terrain={"trap": [at(1, 0)]}, level=1)
    play(state, MoveTo(at(1, 0)), Negate("tester", "hand"), LoseCard("tester", "t6"))
    assert state.figures["tester"].hp == 10
    assert state.heroes["tester"].lost == ["t6"] and at(1, 0) in state.sprung_traps
