"""Character summons: placement next to the summoner, automation, the summoner's deck.

HV-SUM-1 and HV-SUM-2 (HV-INIT-5 is in test_haven_init.py).
"""

from __future__ import annotations

import pytest
from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.boards.hexgrid import neighbours
from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import Negate, PlaceSummon, PlayHalf, SelectCard, Skip
from rulekeeper.games.haven.state import HavenState


def summoning(**kw: object) -> HavenState:
    state = new_state(scenario(**kw))  # type: ignore[arg-type]
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"))
    return state


def test_HV_SUM_1_the_summon_goes_in_an_empty_hex_next_to_its_summoner() -> None:
    start = at(2, 1)
    blocked = sorted(neighbours(start))[:2]
    state = summoning(
        start=[start], monsters=[monster("dummy", blocked[0])], terrain={"obstacle": [blocked[1]]}
    )
    free = sorted(h for h in neighbours(start) if h not in blocked)
    assert state.legal_actions() == [PlaceSummon(h) for h in free]
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(PlaceSummon(at(5, 3)))
    assert refused.value.rule_id == "HV-SUM-1"
    assert state.to_dict() == before
    play(state, PlaceSummon(free[0]))
    pup = state.figures["tester-pup-1"]
    assert pup.hex == free[0] and pup.owner == "tester" and pup.hp == 3


def test_HV_SUM_1_with_no_free_adjacent_hex_the_summon_fails() -> None:
    corridor = [at(0, 0), at(1, 0)]
    state = summoning(hexes=corridor, start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    assert not any(f.kind == "summon" for f in state.figures.values())
    assert any(e.kind == "summon" and "HV-SUM-1" in e.rules for e in state.log)
    assert state.turn is not None and state.turn.stage == "choose"  # on to the second half


def test_HV_SUM_2_HV_SUM_3_HV_DECK_1_a_summon_is_automated_and_attacks_with_its_summoners_deck() -> (
    None
):
    state = summoning(start=[at(0, 0)], monsters=[monster("dummy", at(3, 0))])
    play(state, PlaceSummon(at(1, 0)))
    play(state, PlayHalf("t1", "bottom"), Skip())
    while state.phase != "select":  # the Dummy's turn: its mover options, its draws
        settle_options(state)
        if state.is_chance_node():
            chance(state, "+0")
        elif state.negation is not None:
            play(state, Negate("tester", "suffer"))
    # round 2: the pup acts before the Tester with its printed Move 2 / Attack 1
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    settle_options(state)
    assert state.turn is not None and state.turn.actor == "tester-pup-1"
    assert state.turn.draw is not None and state.turn.draw.deck == "tester"
    tester_deck = len(state.decks["tester"])
    monster_deck = len(state.decks["monsters"])
    chance(state, "+1")
    assert len(state.decks["tester"]) == tester_deck - 1
    assert len(state.decks["monsters"]) == monster_deck
    assert any(e.kind == "mover" and e.data.get("figure") == "tester-pup-1" for e in state.log)


def test_HV_SUM_1_an_empty_hex_holds_no_overlay_tile() -> None:
    """GH p.14/p.26, FH p.31: traps and difficult or hazardous terrain make a hex not empty."""
    start = at(2, 1)
    around = sorted(neighbours(start))
    state = summoning(
        start=[start],
        monsters=[monster("dummy", at(5, 3))],
        terrain={"trap": [around[0]], "difficult": [around[1]], "hazardous": [around[2]]},
    )
    assert state.legal_actions() == [PlaceSummon(h) for h in around[3:]]


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_SCEN_6_HV_SUM_1_a_summon_goes_by_tokens_as_the_ruleset_says(ruleset: str) -> None:
    """HV-SCEN-6: [GH] a money token makes a hex not empty; [FH] loot tokens do not count."""
    start = at(2, 1)
    around = sorted(neighbours(start))
    data = scenario(start=[start], monsters=[monster("dummy", at(5, 3))], money=[around[0]])
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"))
    expected = around[1:] if ruleset == "gloomhaven" else around
    assert state.legal_actions() == [PlaceSummon(h) for h in expected]


def test_HV_SCEN_6_HV_SUM_1_a_treasure_tile_is_an_overlay_a_pressure_plate_is_not() -> None:
    """HV-SCEN-6: a treasure tile is an overlay tile (not empty); a pressure plate counts as
    empty, so a summon may stand on it."""
    start = at(2, 1)
    around = sorted(neighbours(start))
    state = summoning(
        start=[start],
        monsters=[monster("dummy", at(5, 3))],
        treasures=[{"id": "7", "hex": around[0], "gold": 5}],
        rules=[{"when": {"plate": around[1]}, "text": "the gate rises"}],
    )
    assert state.legal_actions() == [PlaceSummon(h) for h in around[1:]]
