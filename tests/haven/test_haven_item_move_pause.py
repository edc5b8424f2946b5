"""An item used between the hexes of a character's move (HV-ITEM-5 with HV-MOVE-2..4).

A ``move`` item (used during its owner's move ability) lets the move stop part-way
(``move-to … pause``), offered only while such an item is ready; the rest of the move
follows with the points left plus the item's, as a jump or flying if the item says so.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import at, chance, monster, new_state, play, scenario

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.actions import MoveTo, Negate, PlayHalf, SelectCard, UseItem
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]

ITEMS: dict[str, Any] = {
    "striders": {"name": "Striders", "slot": "legs", "when": "move", "move": 2},
    "wings": {"name": "Wings", "slot": "small", "usage": "consumed", "when": "move", "jump": True},
    "boots": {"name": "Boots", "slot": "head", "actions": [{"type": "move", "value": 2}]},
}
CORRIDOR = [at(q, 0) for q in range(7)] + [at(6, 1)]
"""One row of hexes (every path is the row itself), the Dummy out of the way at its end."""


def moving(carried: list[str], ruleset: str, terrain: dict[str, Any] | None = None) -> HavenState:
    """The Tester at at(0, 0) of the corridor, in its Move 3 (t1's bottom, initiative 10)."""
    data = scenario(
        hexes=CORRIDOR,
        start=[at(0, 0)],
        monsters=[monster("dummy", at(6, 1))],
        terrain=terrain or {},
    )
    data["items"] = ITEMS
    data["characters"] = {"tester": {"items": carried}}
    data["character_level"] = 5
    data["classes"]["tester"]["hp"] = [20] * 5
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "bottom"))
    assert state.turn is not None and state.turn.stage == "move"
    return state


def pauses(state: HavenState) -> list[MoveTo]:
    return [a for a in state.legal_actions() if isinstance(a, MoveTo) and a.pause]


def settle(state: HavenState) -> None:
    """Suffer any pending damage (no HV-NEG-1 negation)."""
    while state.negation is not None:
        play(state, Negate("tester", "suffer"))


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("carried", [[], ["boots"]])
def test_HV_ITEM_5_no_pause_is_offered_without_a_move_item(
    ruleset: str, carried: list[str]
) -> None:
    """No ready move item: a move is one choice of a destination, and a pause is refused."""
    state = moving(carried, ruleset)
    assert pauses(state) == []
    with pytest.raises(RuleViolation) as err:
        state.check(MoveTo(at(1, 0), pause=True))
    assert err.value.rule_id == "HV-ITEM-5"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_HV_MOVE_2_a_move_item_between_hexes_adds_to_the_points_left(
    ruleset: str,
) -> None:
    state = moving(["striders"], ruleset)
    # a pause wherever points are left: not at the move's full reach
    assert pauses(state) == [MoveTo(at(1, 0), pause=True), MoveTo(at(2, 0), pause=True)]
    with pytest.raises(RuleViolation) as err:
        state.check(MoveTo(at(3, 0), pause=True))
    assert err.value.rule_id == "HV-MOVE-2"
    play(state, MoveTo(at(1, 0), pause=True))
    assert state.figures["tester"].hex == at(1, 0)
    assert state.turn is not None and state.turn.stage == "move"
    assert state.turn.queue[0].value == 2  # the rest of the same move
    assert MoveTo(at(4, 0)) not in state.legal_actions()
    play(state, UseItem("tester", "striders"))
    assert state.turn.queue[0].value == 4
    assert state.heroes["tester"].spent == ["striders"]
    assert MoveTo(at(6, 0)) not in state.legal_actions()
    play(state, MoveTo(at(5, 0)))
    assert state.figures["tester"].hex == at(5, 0)
    assert state.turn is None or state.turn.actor != "tester" or state.turn.stage != "move"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_HV_MOVE_2_traps_and_terrain_act_on_both_legs(ruleset: str) -> None:
    """A trap on the first leg, difficult and hazardous terrain on the second: each acts
    exactly as on a whole move, and difficult terrain costs 2 of the points left."""
    terrain = {"trap": [at(1, 0)], "difficult": [at(3, 0)], "hazardous": [at(4, 0)]}
    state = moving(["striders"], ruleset, terrain)
    hp = state.figures["tester"].hp
    play(state, MoveTo(at(1, 0), pause=True))
    settle(state)
    assert state.sprung_traps == [at(1, 0)]
    assert state.figures["tester"].hp == hp - state.scaling.trap_damage
    assert state.turn is not None and state.turn.queue[0].value == 2
    play(state, UseItem("tester", "striders"))
    legal = state.legal_actions()
    assert MoveTo(at(4, 0)) in legal  # 1 + 2 (difficult) + 1 = the 4 points left
    assert MoveTo(at(5, 0)) not in legal
    play(state, MoveTo(at(4, 0)))
    settle(state)
    expected = hp - state.scaling.trap_damage - state.scaling.hazardous_damage
    assert state.figures["tester"].hp == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_HV_MOVE_3_a_jump_item_makes_the_rest_of_the_move_a_jump(ruleset: str) -> None:
    state = moving(["wings"], ruleset, {"trap": [at(2, 0)]})
    play(state, MoveTo(at(1, 0), pause=True))
    play(state, UseItem("tester", "wings"))
    assert state.turn is not None and state.turn.queue[0].jump
    assert state.heroes["tester"].consumed == ["wings"]
    play(state, MoveTo(at(3, 0)))
    assert state.figures["tester"].hex == at(3, 0)
    assert state.sprung_traps == []  # jumped over: only the last hex is entered


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_ending_the_move_early_stays_legal(ruleset: str) -> None:
    state = moving(["striders"], ruleset)
    play(state, MoveTo(at(1, 0), pause=True))
    from rulekeeper.games.haven.actions import Skip

    assert Skip() in state.legal_actions()
    play(state, Skip())
    assert state.figures["tester"].hex == at(1, 0)
    assert state.heroes["tester"].spent == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_an_ability_item_at_a_pause_only_in_gloomhaven(ruleset: str) -> None:
    """[GH] an item may be used mid-ability, [FH] not one that itself provides an ability:
    at a pause the Boots (Move 2 of their own) are usable in Gloomhaven only."""
    state = moving(["striders", "boots"], ruleset)
    play(state, MoveTo(at(1, 0), pause=True))
    legal = state.legal_actions()
    assert UseItem("tester", "striders") in legal
    assert (UseItem("tester", "boots") in legal) == (ruleset == "gloomhaven")


def test_HV_ITEM_5_a_pause_replays_from_its_json() -> None:
    action = MoveTo(at(1, 0), pause=True)
    raw = action.to_json()
    assert raw == {"type": "move-to", "hex": list(at(1, 0)), "pause": True}
    assert GAME.parse_action(raw) == action
    assert "pause" not in MoveTo(at(1, 0)).to_json()  # saves without a pause read as before
    state = moving(["striders"], "gloomhaven")
    again = moving(["striders"], "gloomhaven")
    for s in (state, again):
        play(s, GAME.parse_action(raw), UseItem("tester", "striders"), MoveTo(at(5, 0)))
    assert state.to_dict() == again.to_dict()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_random_play_with_move_items_conforms(ruleset: str, tmp_path: Any) -> None:
    """Seeded random games holding move items (pauses offered and taken) keep the protocol:
    clones, the to_dict round trip, refused near misses leaving the state unchanged."""
    import json

    from test_haven_play_support import rect

    from rulekeeper.core.conformance import check_game, fuzz_game

    data = scenario(
        hexes=rect(6, 4),
        start=[at(0, 0)],
        monsters=[monster("dummy", at(5, 3))],
        terrain={"trap": [at(2, 1)], "difficult": [at(3, 1)], "hazardous": [at(1, 2)]},
    )
    data["items"] = ITEMS
    data["characters"] = {"tester": {"items": ["striders", "wings", "boots"]}}
    data["character_level"] = 5
    for cls in data["classes"].values():
        cls["hp"] = [12] * 5
    path = tmp_path / "pause.json"
    path.write_text(json.dumps(data))
    report = check_game(GAME, str(path), range(1, 4), ruleset=ruleset)
    assert report.games == 3
    assert fuzz_game(GAME, str(path), range(1, 2), ruleset=ruleset) > 0
