"""Conditions a monster gives at a range (HV-MON-COND-1, HV-TGT-2).

FH p.43: a positive condition goes to the monster in range closest to the giver that
lacks it (itself included); the targets of other negative targeted abilities are picked
by the focus rules as if they were attacks, without that changing how the monster moves.
The engine reads Gloomhaven monster cards the same way (the catalog states it for
Frosthaven; docs/games/haven.md). A bad condition action is one line on load.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_abilities_monsters import caster
from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    play,
    rect,
    scenario,
    settle_options,
)

from rulekeeper.boards.hexgrid import distance
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.actions import SelectCard
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]


def two_heroes(actions: list[dict[str, Any]], ruleset: str, **kw: Any) -> HavenState:
    """The caster (card initiative 30) at at(3, 1); the Tester at at(1, 1) (two hexes), the
    Second at at(5, 1) (two hexes, later in the turn order); both lead with 50 and 60."""
    kw.setdefault("start", [at(1, 1), at(6, 1)])
    kw.setdefault("monsters", [monster("caster", at(3, 1))])
    data = caster(actions, party=("tester", "tester2"), hexes=rect(7, 4), **kw)
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act")
    return state


def texts(state: HavenState, kind: str = "condition") -> list[str]:
    return [e.text for e in state.log if e.kind == kind]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_a_negative_condition_goes_to_the_focus_as_if_attacked(ruleset: str) -> None:
    """Both heroes in range 4: the focus rules pick the closer one (HV-FOCUS), not the other."""
    state = two_heroes([{"type": "condition", "conditions": ["poison"], "range": 4}], ruleset)
    assert "poison" in state.figures["tester"].conditions
    assert "poison" not in state.figures["tester2"].conditions
    assert state.figures["caster 1"].hex == at(3, 1)
    assert any("caster 1 targets tester with poison" in t for t in texts(state))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_targets_gives_the_condition_to_that_many_enemies(ruleset: str) -> None:
    ability = {"type": "condition", "conditions": ["muddle"], "range": 4, "targets": 2}
    state = two_heroes([ability], ruleset)
    assert "muddle" in state.figures["tester"].conditions
    assert "muddle" in state.figures["tester2"].conditions


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_no_enemy_in_range_the_condition_is_not_given(ruleset: str) -> None:
    state = two_heroes([{"type": "condition", "conditions": ["wound"], "range": 1}], ruleset)
    assert "wound" not in state.figures["tester"].conditions
    assert "wound" not in state.figures["tester2"].conditions
    assert any("caster 1 has no enemy in range for wound" in t for t in texts(state))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_the_condition_does_not_change_how_the_monster_moves(ruleset: str) -> None:
    """Its move goes as for a melee attack toward its focus (no attack on the card): the
    condition's range 4 does not make it stand still as a ranged attacker would."""
    actions = [
        {"type": "condition", "conditions": ["immobilize"], "range": 4},
        {"type": "move", "value": -1},  # Move -1: the caster's move 2 less one
    ]
    state = two_heroes(actions, ruleset)
    assert "immobilize" in state.figures["tester"].conditions
    settle_options(state)
    assert distance(state.figures["caster 1"].hex, state.figures["tester"].hex) == 1


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_a_curse_given_at_range_goes_into_the_targets_deck(ruleset: str) -> None:
    state = two_heroes([{"type": "condition", "conditions": ["curse"], "range": 3}], ruleset)
    assert state.decks["tester"].counts()["curse"] == 1
    assert state.decks["tester2"].counts()["curse"] == 0


def test_HV_MON_COND_1_an_invisible_enemy_is_never_the_target() -> None:
    """HV-COND-INVISIBLE-1: the focus rules skip it, so the other hero is the target."""
    data = caster(
        [{"type": "condition", "conditions": ["poison"], "range": 4}],
        party=("tester", "tester2"),
        hexes=rect(7, 4),
        start=[at(1, 1), at(6, 1)],
        monsters=[monster("caster", at(3, 1))],
    )
    state = new_state(data, "frosthaven")
    state.figures["tester"].conditions.append("invisible")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act")
    assert "poison" not in state.figures["tester"].conditions
    assert "poison" in state.figures["tester2"].conditions


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_MON_COND_1_a_positive_condition_goes_to_the_closest_monster_lacking_it(
    ruleset: str,
) -> None:
    """The caster already holds strengthen: the dummy next to it gains it, not the far one."""
    data = caster(
        [{"type": "condition", "conditions": ["strengthen"], "range": 3}],
        party=("tester", "tester2"),
        hexes=rect(7, 4),
        start=[at(0, 0), at(6, 3)],
        monsters=[
            monster("caster", at(3, 1)),
            monster("dummy", at(3, 2)),
            monster("dummy", at(3, 3)),
        ],
    )
    state = new_state(data, ruleset)
    state.figures["caster 1"].conditions.append("strengthen")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act", "dummy-b")
    assert "strengthen" in state.figures["dummy 1"].conditions
    assert "strengthen" not in state.figures["dummy 2"].conditions
    assert "strengthen" not in state.figures["tester"].conditions
    assert any("gives strengthen to dummy 1" in t for t in texts(state))


def _load_error(actions: list[dict[str, Any]], *, character: bool = False) -> str:
    data = scenario()
    if character:
        data["classes"]["tester"]["cards"][0]["top"]["actions"] = actions
    else:
        data["monster_decks"]["dummy"] = {
            "cards": [{"id": "bad", "initiative": 10, "actions": actions}]
        }
    with pytest.raises(ContentError) as refused:
        parse_scenario(data, "test.json")
    line = str(refused.value)
    assert "\n" not in line
    return line


def test_HV_MON_COND_1_content_refuses_a_mixed_or_misplaced_condition_action_in_one_line() -> None:
    mixed = _load_error([{"type": "condition", "conditions": ["poison", "strengthen"], "range": 2}])
    assert "positive or negative conditions, not both" in mixed and "conditions" in mixed
    targets = _load_error([{"type": "condition", "conditions": ["strengthen"], "targets": 2}])
    assert "targets on a condition action needs a range" in targets
    empty = _load_error([{"type": "condition", "range": 2}])
    assert "names its conditions" in empty
    many = _load_error(
        [{"type": "condition", "conditions": ["strengthen"], "range": 2, "targets": 2}]
    )
    assert "a monster gives a positive condition to one monster only" in many
