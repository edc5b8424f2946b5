"""Monster heals and monster summons in play.

Heal: GH p.31 ("Other Monster Abilities": a monster heals itself or an ally in
range, whichever has lost the most hit points; healing as on p.26, in line of
sight), FH p.43 ("Heal Abilities"); ties are the players' (GH p.32
"Ambiguity"), refused with HV-MOVE-MON-3. Summon: GH p.31–32, FH p.43: an
empty hex next to the summoner (HV-SUM-1), as close to an enemy as possible;
it never acts in the round it is summoned (HV-INIT-5); [FH] a card is drawn
for its type's initiative when the type has none this round.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    number_in_order,
    play,
    rect,
    scenario,
)

from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DrawAbility,
    PlaceSummon,
    SelectCard,
)
from rulekeeper.games.haven.state import HavenState


def caster(actions: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    """A scenario with a ``caster`` monster type whose only card (initiative 30) does ``actions``."""
    stats = {"hp": 8, "move": 2, "attack": 2, "range": 0}
    data = scenario(**kw)
    data["monster_types"]["caster"] = {
        "name": "Caster",
        "deck": "caster",
        "normal": [stats, stats],
        "elite": [stats, stats],
    }
    data["monster_decks"]["caster"] = {
        "cards": [{"id": "caster-act", "initiative": 30, "actions": actions}]
    }
    return data


def to_caster_turn(state: HavenState, *draws: str) -> None:
    """The Tester leads with initiative 50; the caster's card (30) is drawn, then the others."""
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "caster-act", *draws)
    number_in_order(state)  # HV-SCEN-1: a summoned standee's number, scripted


# -- heal ------------------------------------------------------------------------------------
HEAL = [{"type": "heal", "value": 3, "range": 2}]


def test_a_monster_heals_the_ally_in_range_that_lost_the_most_hit_points() -> None:
    """GH p.31 / FH p.43 (HV-LOS-1/2: in range and sight): the dummy has lost 3, the caster
    1: the dummy is healed."""
    state = new_state(
        caster(
            HEAL,
            start=[at(0, 3)],
            monsters=[monster("caster", at(3, 1)), monster("dummy", at(4, 1))],
        )
    )
    state.figures["caster 1"].hp -= 1
    state.figures["dummy 1"].hp -= 3
    to_caster_turn(state, "dummy-b")
    assert state.figures["dummy 1"].hp == 5
    assert state.figures["caster 1"].hp == 7
    assert any(e.kind == "heal" and "heals dummy 1 by 3" in e.text for e in state.log)


def test_a_monster_out_of_range_is_not_healed() -> None:
    """GH p.26, HV-LOS-2: the recipient must be within the heal's range; the caster heals
    itself."""
    state = new_state(
        caster(
            HEAL,
            hexes=rect(7, 4),
            start=[at(0, 3)],
            monsters=[monster("caster", at(3, 1)), monster("dummy", at(6, 1))],
        )
    )
    state.figures["caster 1"].hp -= 1
    state.figures["dummy 1"].hp -= 4
    to_caster_turn(state, "dummy-b")
    assert state.figures["caster 1"].hp == 8
    assert state.figures["dummy 1"].hp == 1


def test_HV_MOVE_MON_3_the_players_choose_between_monsters_equally_hurt() -> None:
    """GH p.32 "Ambiguity": equally viable heal targets are the players' choice (player 0)."""
    state = new_state(
        caster(
            HEAL,
            party=("tester", "tester2"),
            start=[at(0, 3), at(1, 3)],
            monsters=[
                monster("caster", at(3, 1)),
                monster("dummy", at(4, 1)),
                monster("dummy", at(2, 1)),
            ],
        )
    )
    state.figures["dummy 1"].hp -= 2
    state.figures["dummy 2"].hp -= 2
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act", "dummy-b")
    assert state.current_player() == 0
    assert state.legal_actions() == [ChooseTarget("dummy 1"), ChooseTarget("dummy 2")]
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(ChooseTarget("caster 1"))
    assert refused.value.rule_id == "HV-MOVE-MON-3"
    assert state.to_dict() == before
    play(state, ChooseTarget("dummy 2"))
    assert state.figures["dummy 2"].hp == 5 and state.figures["dummy 1"].hp == 3


# -- summon ----------------------------------------------------------------------------------
SUMMON = [{"type": "summon", "summon": "dummy"}]


def test_HV_SUM_1_a_monster_summon_goes_next_to_its_summoner_nearest_an_enemy() -> None:
    """GH p.31: adjacent to the summoner and as close to an enemy as possible."""
    state = new_state(
        caster(SUMMON, hexes=rect(7, 4), start=[at(0, 0)], monsters=[monster("caster", at(3, 1))]),
        "frosthaven",
    )
    to_caster_turn(state)
    assert state.is_chance_node()  # [FH] the dummies have no card this round: draw one
    assert {a.label() for a in state.legal_actions()} == {
        DrawAbility("dummy", "dummy-a").label(),
        DrawAbility("dummy", "dummy-b").label(),
    }
    chance(state, "dummy-a")
    summoned = state.figures["dummy 1"]
    assert summoned.hex == at(2, 1)  # the caster's one neighbour two hexes from the Tester
    assert summoned.summoned_round == 1 and summoned.kind == "monster"
    assert state.groups["dummy"].card == "dummy-a"
    assert "group:dummy" not in state.order  # the card only gives it an initiative


def test_HV_INIT_5_a_monster_summoned_this_round_does_not_act_in_it() -> None:
    """GH p.31: summoned monsters never act in the round they are summoned, even when their
    group's turn comes later that round."""
    state = new_state(
        caster(
            SUMMON,
            hexes=rect(7, 4),
            start=[at(0, 0)],
            monsters=[monster("caster", at(3, 1)), monster("dummy", at(6, 3))],
        )
    )
    to_caster_turn(state, "dummy-b")  # dummies act at 70, after the summon
    assert state.figures["dummy 2"].summoned_round == 1
    while state.phase == "turns":
        if state.is_chance_node():
            chance(state, "+0")
        else:
            play(state, state.legal_actions()[0])
    turns = [e.data.get("figure") for e in state.log if e.kind == "turn"]
    assert "dummy 1" in turns and "dummy 2" not in turns


def test_HV_SUM_1_a_gloomhaven_monster_summon_draws_no_card() -> None:
    """[GH] no card is drawn for a summoned type without one (FH p.43 adds that draw)."""
    state = new_state(
        caster(SUMMON, hexes=rect(7, 4), start=[at(0, 0)], monsters=[monster("caster", at(3, 1))])
    )
    to_caster_turn(state)
    assert "dummy 1" in state.figures and state.groups["dummy"].card is None
    assert state.turn is not None and state.turn.actor == "tester"


def test_HV_SUM_1_with_no_empty_adjacent_hex_the_monster_summon_fails() -> None:
    state = new_state(
        caster(
            SUMMON,
            hexes=[at(0, 0), at(1, 0), at(2, 0)],
            start=[at(0, 0)],
            monsters=[monster("caster", at(1, 0))],
            terrain={"obstacle": [at(2, 0)]},
        )
    )
    to_caster_turn(state)
    assert not any(f.type == "dummy" for f in state.figures.values())
    assert any(e.kind == "summon" and "fails" in e.text for e in state.log)


def test_HV_SUM_1_equally_close_hexes_are_the_players_choice() -> None:
    """GH p.32 "Ambiguity": two neighbours equally close to the Tester; player 0 picks."""
    state = new_state(
        caster(SUMMON, hexes=rect(7, 4), start=[at(0, 1)], monsters=[monster("caster", at(4, 1))])
    )
    to_caster_turn(state)
    options = state.legal_actions()
    assert state.current_player() == 0 and len(options) == 2
    assert all(isinstance(o, PlaceSummon) for o in options)
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(PlaceSummon(at(5, 1)))  # adjacent, but further from the Tester
    assert refused.value.rule_id == "HV-SUM-1"
    assert state.to_dict() == before
    play(state, options[1])
    number_in_order(state)
    assert state.figures["dummy 1"].hex == options[1].hex  # type: ignore[attr-defined]
