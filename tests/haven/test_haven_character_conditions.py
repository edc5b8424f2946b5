"""A character card's condition action given at a range (HV-TGT-1, HV-TGT-2, HV-COND-3).

The player picks each target as a decision: only figures in range and line of sight are
offered (HV-TGT-1), negative conditions only to enemies and positive ones only to allies
or the acting figure (HV-TGT-2), no figure twice, and the player may stop early ("up to"
its targets). Conditions then follow their own rules: bless and curse into the target's
deck, immunities respected. [GH] A figure immune to every condition the ability gives
cannot be targeted; [FH] it can, and gains nothing (HV-COND-3).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import chance, monster, new_state, play, rect, scenario

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.actions import ChooseTarget, PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.ghs_common import Labels, Notes
from rulekeeper.games.haven.ghs_monsters import CardReader
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]
TESTER = (1, 1)
AROUND_DUMMY_2 = [[(1, 1), (2, 1)], [(1, 2), (2, 1)], [(2, 0), (2, 1)]]


def giving(
    action: dict[str, Any], ruleset: str, monsters: list[dict[str, Any]], **kw: Any
) -> HavenState:
    """The Tester (initiative 10, first) plays t1's top, ``action``; the Second stands at
    (0, 1), next to it."""
    data = scenario(
        party=("tester", "tester2"),
        hexes=rect(7, 5),
        start=[TESTER, (0, 1)],
        monsters=monsters,
        **kw,
    )
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [action]
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    play(state, SelectCard("tester2", "t5"), SelectCard("tester2", "t6"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"))
    return state


def offered(state: HavenState) -> list[str]:
    return [a.figure for a in state.legal_actions() if isinstance(a, ChooseTarget)]


def refused(state: HavenState, target: str) -> str:
    before = state.to_dict()
    with pytest.raises(RuleViolation) as wrong:
        state.apply(ChooseTarget(target))
    assert state.to_dict() == before
    return wrong.value.rule_id


NEAR_AND_FAR = [monster("dummy", (3, 0)), monster("dummy", (6, 0))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_1_HV_TGT_2_a_negative_condition_is_offered_only_on_enemies_in_range(
    ruleset: str,
) -> None:
    """Poison, range 2: dummy 1 (two hexes) is offered; dummy 2 (five hexes), the ally next
    to the Tester and the Tester itself are not, and picking them is refused."""
    state = giving(
        {"type": "condition", "conditions": ["poison"], "range": 2}, ruleset, NEAR_AND_FAR
    )
    assert state.turn is not None and state.turn.stage == "condition"
    assert offered(state) == ["dummy 1"]
    assert state.legal_actions()[-1] == Skip()
    assert refused(state, "tester2") == "HV-TGT-2"
    assert refused(state, "tester") == "HV-TGT-2"
    assert refused(state, "dummy 2") == "HV-LOS-1"
    play(state, ChooseTarget("dummy 1"))
    assert "poison" in state.figures["dummy 1"].conditions
    assert "poison" not in state.figures["dummy 2"].conditions
    assert "poison" not in state.figures["tester2"].conditions
    assert state.turn is None or state.turn.stage != "condition"


def test_HV_LOS_1_HV_TGT_1_a_condition_target_behind_a_wall_is_not_offered() -> None:
    """Range 4 reaches dummy 2 around the wall, but the wall blocks the line of sight."""
    state = giving(
        {"type": "condition", "conditions": ["muddle"], "range": 4},
        "gloomhaven",
        [monster("dummy", (2, 0)), monster("dummy", (2, 1))],
        walls=AROUND_DUMMY_2,
    )
    assert offered(state) == ["dummy 1"]
    assert refused(state, "dummy 2") == "HV-LOS-1"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_1_up_to_its_targets_each_picked_once_and_the_player_may_stop(
    ruleset: str,
) -> None:
    monsters = [monster("dummy", (3, 0)), monster("dummy", (3, 1)), monster("dummy", (2, 2))]
    action = {"type": "condition", "conditions": ["wound"], "range": 3, "targets": 2}
    state = giving(action, ruleset, monsters)
    assert offered(state) == ["dummy 1", "dummy 2", "dummy 3"]
    play(state, ChooseTarget("dummy 2"))
    assert offered(state) == ["dummy 1", "dummy 3"]
    assert refused(state, "dummy 2") == "HV-TGT-1"
    play(state, ChooseTarget("dummy 3"))
    # Two targets used: the ability is over, dummy 1 is left alone.
    assert not offered(state)
    assert [
        f for f in ("dummy 1", "dummy 2", "dummy 3") if "wound" in state.figures[f].conditions
    ] == [
        "dummy 2",
        "dummy 3",
    ]
    stopped = giving(action, ruleset, monsters)
    play(stopped, ChooseTarget("dummy 1"), Skip())
    assert not offered(stopped)
    assert [
        f for f in ("dummy 1", "dummy 2", "dummy 3") if "wound" in stopped.figures[f].conditions
    ] == ["dummy 1"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_2_a_positive_condition_goes_to_an_ally_or_the_acting_figure(ruleset: str) -> None:
    state = giving(
        {"type": "condition", "conditions": ["strengthen"], "range": 2}, ruleset, NEAR_AND_FAR
    )
    assert offered(state) == ["tester", "tester2"]
    assert refused(state, "dummy 1") == "HV-TGT-2"
    play(state, ChooseTarget("tester2"))
    assert "strengthen" in state.figures["tester2"].conditions
    assert "strengthen" not in state.figures["tester"].conditions
    assert "strengthen" not in state.figures["dummy 1"].conditions


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_2_an_invisible_enemy_is_not_offered(ruleset: str) -> None:
    far_only = [monster("dummy", (6, 0))]
    state = giving({"type": "condition", "conditions": ["poison"], "range": 2}, ruleset, far_only)
    data_state = giving(
        {"type": "condition", "conditions": ["poison"], "range": 2}, ruleset, NEAR_AND_FAR
    )
    assert state.turn is None or state.turn.stage != "condition"  # none in range: nothing
    assert any("has no target in range" in e.text for e in state.log)
    data_state.figures["dummy 1"].conditions.append("invisible")
    assert offered(data_state) == []


def immune_types() -> dict[str, Any]:
    stats = {"hp": 5, "move": 2, "attack": 2, "range": 0}
    return {
        "dummy": {
            "name": "Dummy",
            "deck": "dummy",
            "normal": [stats, stats],
            "elite": [stats, stats],
            "immunities": ["poison", "curse"],
        }
    }


def test_HV_COND_3_GH_a_figure_immune_to_the_condition_cannot_be_targeted() -> None:
    state = giving(
        {"type": "condition", "conditions": ["poison"], "range": 2},
        "gloomhaven",
        [monster("dummy", (3, 0))],
        monster_types=immune_types(),
    )
    # dummy 1 is the only enemy and is immune: the ability has no target.
    assert state.turn is None or state.turn.stage != "condition"
    assert "poison" not in state.figures["dummy 1"].conditions


def test_HV_COND_3_FH_an_immune_figure_may_be_targeted_and_gains_nothing() -> None:
    state = giving(
        {"type": "condition", "conditions": ["poison"], "range": 2},
        "frosthaven",
        [monster("dummy", (3, 0))],
        monster_types=immune_types(),
    )
    assert offered(state) == ["dummy 1"]
    play(state, ChooseTarget("dummy 1"))
    assert "poison" not in state.figures["dummy 1"].conditions
    assert any(e.kind == "condition" and "HV-COND-3" in e.rules for e in state.log)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_COND_CURSE_1_HV_COND_BLESS_1_cards_go_into_the_targets_deck(ruleset: str) -> None:
    cursing = giving(
        {"type": "condition", "conditions": ["curse"], "range": 2}, ruleset, NEAR_AND_FAR
    )
    monster_curses = cursing.decks["monsters"].counts().get("curse", 0)
    play(cursing, ChooseTarget("dummy 1"))
    assert cursing.decks["monsters"].counts().get("curse", 0) == monster_curses + 1
    assert cursing.decks["tester"].counts().get("curse", 0) == 0
    blessing = giving(
        {"type": "condition", "conditions": ["bless"], "range": 2}, ruleset, NEAR_AND_FAR
    )
    play(blessing, ChooseTarget("tester2"))
    assert blessing.decks["tester2"].counts().get("bless", 0) == 1
    assert blessing.decks["tester"].counts().get("bless", 0) == 0


def _class_error(action: dict[str, Any]) -> str:
    data = scenario()
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [action]
    with pytest.raises(ContentError) as wrong:
        parse_scenario(data, "test.json")
    line = str(wrong.value)
    assert "\n" not in line
    return line


def test_HV_TGT_1_a_character_condition_at_a_range_loads_and_bad_values_are_one_line() -> None:
    data = scenario()
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "condition", "conditions": ["bless"], "range": 3, "targets": 2}
    ]
    spec = parse_scenario(data, "test.json")
    act = spec.classes["tester"].cards[0].top.actions[0]
    assert (act.range, act.targets, act.conditions) == (3, 2, ("bless",))
    no_range = _class_error({"type": "condition", "conditions": ["poison"], "targets": 2})
    assert "targets on a condition action needs a range" in no_range
    mixed = _class_error({"type": "condition", "conditions": ["poison", "bless"], "range": 2})
    assert "not both" in mixed
    zero = _class_error({"type": "condition", "conditions": ["poison"], "range": 2, "targets": 0})
    assert "targets" in zero


def test_HV_TGT_1_the_ghs_importer_converts_a_class_condition_at_a_range() -> None:
    reader = CardReader("class.json", Labels([]), Notes(), character=True)
    act = reader.action(
        {
            "type": "condition",
            "value": "muddle",
            "subActions": [{"type": "range", "value": 3}, {"type": "target", "value": "2"}],
        },
        "card 1",
    )
    assert (act.type, act.conditions, act.range, act.targets) == ("condition", ("muddle",), 3, 2)
