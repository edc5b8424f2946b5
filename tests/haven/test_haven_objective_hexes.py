"""HV-GOAL-2: an objective covering several hexes is one figure, in both rulesets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rich.console import Console
from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import area_attacks, forced_movement, map_state
from rulekeeper.games.haven.actions import ChooseTarget, PlayHalf, SelectCard
from rulekeeper.games.haven.board_format import TurnSpec
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.movement import MoveMode
from rulekeeper.games.haven.render import figures_table, map_text
from rulekeeper.games.haven.state import Figure, HavenState, from_json, to_json

RULESETS = ["gloomhaven", "frosthaven"]
TWO = ("tester", "tester2")
# The first hex is two steps from the Tester at (0, 0); the second is next to it.
WIDE = [at(2, 0), at(1, 0)]


def with_wide(
    *, hexes: Any = None, guarded: bool = False, hp: int = 4, **kw: Any
) -> dict[str, Any]:
    data = scenario(party=TWO, **kw)
    data["objectives"] = [
        {
            "id": "altar",
            "name": "Altar",
            "hexes": WIDE if hexes is None else hexes,
            "hp": hp,
            "monsters_target": guarded,
        }
    ]
    return data


def select_both(state: HavenState) -> None:
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t2"),
        SelectCard("tester2", "t3"),
        SelectCard("tester2", "t4"),
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_objective_covering_several_hexes_is_one_figure(ruleset: str) -> None:
    state = new_state(with_wide(), ruleset)
    altar = state.figures["altar"]
    assert [f.id for f in state.figures.values() if f.kind == "objective"] == ["altar"]
    assert altar.covers == tuple(WIDE) and altar.hex == WIDE[0]
    assert state.figure_at(at(1, 0)) is altar and state.figure_at(at(2, 0)) is altar
    placed = next(e for e in state.log if e.kind == "objective")
    assert "[2, -1], [1, 0]" in placed.text


@pytest.mark.parametrize(
    ("hexes", "field", "text"),
    [
        ([], r"objectives\.0", "at least one hex"),
        ([at(1, 0), at(3, 0)], r"objectives\.0", "not contiguous"),
        ([at(1, 0), at(1, 0)], r"objectives\.0", "listed twice"),
        ([at(q, 0) for q in range(6)] + [at(0, 1), at(1, 1)], r"objectives\.0\.hexes", ""),
        ([at(1, 0), at(1, 1)], r"objectives\.0\.hexes\.1", "one figure per hex"),
        ([at(1, 0), at(2, 0)], r"objectives\.0\.hexes\.1", "one figure per hex"),
        ([at(1, 0), at(9, 9)], r"objectives\.0", ""),
    ],
)
def test_HV_GOAL_2_the_hexes_of_an_objective_are_checked_on_load(
    hexes: list[tuple[int, int]], field: str, text: str
) -> None:
    """Empty, not contiguous, twice, too many (more than 7), on a figure or an obstacle."""
    data = with_wide(
        hexes=hexes, monsters=[monster("dummy", at(1, 1))], terrain={"obstacle": [at(2, 0)]}
    )
    with pytest.raises(ContentError, match=field) as caught:
        new_state(data)
    assert text in str(caught.value)
    assert len(str(caught.value).splitlines()) == 1


def test_HV_GOAL_2_an_objective_gives_hex_or_hexes_not_both() -> None:
    data = with_wide()
    data["objectives"][0]["hex"] = at(1, 0)
    with pytest.raises(ContentError, match="hex and hexes"):
        new_state(data)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_a_character_attacks_it_through_any_of_its_hexes(ruleset: str) -> None:
    """Melee reaches the objective next to the Tester through its second hex only."""
    data = with_wide(hp=3, objective={"kind": "destroy"}, monsters=[monster("dummy", at(5, 3))])
    state = new_state(data, ruleset)
    select_both(state)
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))
    assert ChooseTarget("altar") in state.legal_actions()
    play(state, ChooseTarget("altar"))
    chance(state, "+1")
    assert "altar" not in state.figures and state.destroyed == ["altar"]
    assert state.figure_at(at(1, 0)) is None and state.figure_at(at(2, 0)) is None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_an_area_attack_targets_it_once(ruleset: str) -> None:
    state = new_state(with_wide(monsters=[monster("dummy", at(3, 1))]), ruleset)
    tester = state.figures["tester"]
    both = (at(1, 0), at(2, 0))
    assert area_attacks.area_targets(state, tester, both) == ["altar"]
    assert area_attacks.area_targets(state, tester, (at(1, 0),)) == ["altar"]
    assert area_attacks.area_targets(state, tester, (at(0, 1),)) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_no_one_moves_into_or_is_pushed_into_its_hexes(ruleset: str) -> None:
    state = new_state(with_wide(monsters=[monster("dummy", at(3, 1))]), ruleset)
    tester = state.figures["tester"]
    ends = map_state.reachable(state, tester, 3, MoveMode())
    assert at(1, 0) not in ends and at(2, 0) not in ends
    geometry = forced_movement._Geometry(state, tester, state.figures["dummy 1"], "push")
    assert {at(1, 0), at(2, 0)} <= geometry.occupied


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_the_mover_treats_the_hexes_of_its_own_side_as_an_ally(
    ruleset: str,
) -> None:
    """Not the monsters' target: the Dummy never focuses on it nor ends in any of its hexes;
    the mover's board gives it every hex it covers (``more_hexes``)."""
    state = new_state(with_wide(monsters=[monster("dummy", at(3, 0))]), ruleset)
    dummy = state.figures["dummy 1"]
    spec = map_state.solver_spec(state, dummy, TurnSpec(figure="dummy 1", move=3, targets=1))
    answer = solve_monster_turn(spec)
    assert answer.options and all(o.focus != "altar" for o in answer.options)
    assert all(o.move_to not in WIDE for o in answer.options)
    (altar,) = [f for f in spec.figures if f.id == "altar"]
    assert (altar.hex, altar.more_hexes) == (WIDE[0], (WIDE[1],))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_a_monster_moves_to_and_attacks_it_as_one_figure(ruleset: str) -> None:
    """HV-FOCUS-1, HV-MOVE-MON-1/2: an objective the monsters target: the mover focuses on
    it, the Dummy moves next to it and attacks it once; no step is left to the players."""
    card = {
        "id": "strike",
        "initiative": 5,
        "actions": [{"type": "move", "value": 2}, {"type": "attack", "value": 2}],
    }
    data = with_wide(
        guarded=True,
        hp=9,
        monsters=[monster("dummy", at(4, 0))],
        monster_decks={"dummy": {"cards": [card]}},
    )
    state = new_state(data, ruleset)
    dummy = state.figures["dummy 1"]
    spec = map_state.solver_spec(state, dummy, TurnSpec(figure="dummy 1", move=2, targets=1))
    (option,) = solve_monster_turn(spec).options
    assert (option.focus, option.targets) == ("altar", ("altar",))
    assert option.move_to not in WIDE
    select_both(state)
    while state.is_chance_node():  # the Dummy's card, then its modifier card
        state.apply(state.chance_outcomes()[0][0])
    assert not state.by_hand
    assert state.figures["dummy 1"].hex == option.move_to
    altar = state.figures["altar"]
    assert altar.hp < altar.max_hp
    assert not any(e.kind == "by-hand" for e in state.log)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_the_map_draws_every_hex_of_it(ruleset: str) -> None:
    state = new_state(with_wide(), ruleset)
    console = Console(record=True, width=120)
    console.print(map_text(state))
    assert console.export_text().count("/OB\\") == 2
    console.print(figures_table(state))
    assert "[2, -1], [1, 0]" in console.export_text()


def test_HV_GOAL_2_a_saved_state_keeps_every_hex_of_it() -> None:
    """A save holds the figure's other hexes and reads them back as hexes."""
    state = new_state(with_wide())
    altar = state.figures["altar"]
    saved = json.loads(json.dumps(to_json(altar)))
    assert saved["more_hexes"] == [list(at(1, 0))]
    assert from_json(Figure, saved) == altar


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_GOAL_2_HV_GOAL_3_an_ally_attacks_it_through_its_nearest_hex(ruleset: str) -> None:
    """Unguarded, the objective is the party's enemy, so a scenario ally focuses on it: its
    second hex is the one in reach of a move of 2 (HV-FOCUS-1), and the ally attacks it
    from there in its turn, resolved by the mover (no step left to the players)."""
    data = with_wide(monsters=[monster("dummy", at(5, 3))])
    guard = {"id": "guard-1", "hex": at(0, 3), "hp": 5, "move": 2, "attack": 2}
    data["allies"] = {"initiative": 5, "figures": [guard]}  # before everyone
    state = new_state(data, ruleset)
    while state.is_chance_node():
        play(state, state.legal_actions()[0])
    ally = state.figures["guard-1"]
    spec = map_state.solver_spec(state, ally, TurnSpec(figure="guard-1", move=2, targets=1))
    answer = solve_monster_turn(spec)
    assert {(o.move_to, o.focus, o.targets) for o in answer.options} == {
        ((1, 1), "altar", ("altar",))
    }
    select_both(state)
    altar = state.figures["altar"]
    for _ in range(20):  # the monsters' card drawn, then the ally's turn and its attack
        if altar.hp < altar.max_hp:
            break
        play(state, state.legal_actions()[0])
    assert state.figures["guard-1"].hex == (1, 1)
    assert state.figures["altar"].hp < state.figures["altar"].max_hp
    assert not state.by_hand
