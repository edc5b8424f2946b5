"""A monster's negative abilities other than attacks and conditions: a lone push or pull, and
"suffer N damage" (monster_effects.py; HV-MON-COND-1, HV-TGT-2, HV-PUSH-1..4, HV-SHIELD-1).

[FH p.43] the focus rules pick the targets as if the ability were an attack, without
changing how the monster moves. [GH] the rulebook names no such rule (the monster uses
other abilities "as best as possible", p.30): the party picks among the enemies in range
and line of sight (p.32, "Ambiguity"; HV-MOVE-MON-3). Damage without a range is suffered
by the monster itself. None of them is an attack: no modifier card, no shield.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_haven_abilities_monsters import caster
from test_haven_play_support import at, chance, monster, new_state, play, rect

from rulekeeper.boards.hexgrid import distance
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.actions import Negate, SelectCard
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]


def two_heroes(actions: list[dict[str, Any]], ruleset: str, **kw: Any) -> HavenState:
    """The caster (card initiative 30) at at(3, 1); the Tester at at(1, 1) (two hexes), the
    Second at at(5, 1) (two hexes, later in the turn order); both lead with 50 and 60."""
    kw.setdefault("start", [at(1, 1), at(5, 1)])
    kw.setdefault("monsters", [monster("caster", at(3, 1))])
    data = caster(actions, party=("tester", "tester2"), hexes=rect(8, 4), **kw)
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act")
    return state


def suffer_all(state: HavenState) -> None:
    """HV-NEG-1: every character takes the damage offered (none negated)."""
    while state.negation is not None:
        play(state, Negate(state.negation.hero, "suffer"))


def pick(state: HavenState, targets: list[str]) -> None:
    """[GH] the party's pick among the monster's possible targets (HV-MOVE-MON-3)."""
    assert state.turn is not None and state.turn.stage == "monster_option"
    for index, option in enumerate(state.turn.options):
        if option["targets"] == targets:
            play(state, state.legal_actions()[index])
            return
    raise AssertionError(f"no option targets {targets}: {state.turn.options}")


def steer(state: HavenState) -> None:
    """HV-PUSH-3, HV-MOVE-MON-3: the party picks the way of a monster's push or pull and any
    tied move (the first offered)."""
    while state.turn is not None and state.turn.stage in ("forced", "monster_option"):
        play(state, state.legal_actions()[0])


def caster_hex(state: HavenState) -> tuple[int, int]:
    return state.figures["caster 1"].hex


PULL = [{"type": "pull", "value": 2, "range": 4}]


def test_HV_MON_COND_1_FH_a_lone_pull_goes_to_the_focus_as_if_attacked() -> None:
    """[FH] Both heroes two hexes away: the focus rules pick the Tester (earlier in the turn
    order); it is pulled next to the caster, which does not move; the Second stays."""
    state = two_heroes(PULL, "frosthaven")
    steer(state)
    assert distance(state.figures["tester"].hex, caster_hex(state)) == 1
    assert state.figures["tester2"].hex == at(5, 1)
    assert caster_hex(state) == at(3, 1)
    assert any("caster 1 pulls tester 1 hex" in e.text for e in state.log if e.kind == "pull")
    assert any("HV-MON-COND-1" in e.rules for e in state.log if e.kind == "pull")


def test_HV_MOVE_MON_3_GH_the_party_picks_the_target_of_a_lone_pull() -> None:
    """[GH] no rule picks the target of a monster's pull: the party chooses among the enemies
    in range and line of sight (GH p.32); here the later Second is picked and pulled."""
    state = two_heroes(PULL, "gloomhaven")
    assert state.turn is not None and state.turn.stage == "monster_option"
    assert sorted(o["targets"] for o in state.turn.options) == [["tester"], ["tester2"]]
    pick(state, ["tester2"])
    steer(state)
    assert distance(state.figures["tester2"].hex, caster_hex(state)) == 1
    assert state.figures["tester"].hex == at(1, 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_PUSH_1_a_lone_push_moves_each_adjacent_enemy_away(ruleset: str) -> None:
    """ "Push 2, target all adjacent": the adjacent Tester goes two hexes farther away; the
    Second, out of range 1, is not targeted (HV-TGT-1)."""
    push = [{"type": "push", "value": 2, "range": 1, "targets": 6}]
    state = two_heroes(push, ruleset, start=[at(2, 1), at(6, 1)])
    steer(state)
    assert distance(state.figures["tester"].hex, caster_hex(state)) == 3
    assert state.figures["tester2"].hex == at(6, 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_SHIELD_1_damage_at_a_range_draws_no_card_and_adds_its_conditions(
    ruleset: str,
) -> None:
    """ "Suffer 2 damage, poison, range 3, target 2": both heroes suffer exactly 2 (no modifier
    card is drawn: it is not an attack) and are poisoned."""
    damage = [{"type": "damage", "value": 2, "range": 3, "targets": 2, "conditions": ["poison"]}]
    state = two_heroes(damage, ruleset)
    suffer_all(state)
    for hero in ("tester", "tester2"):
        figure = state.figures[hero]
        assert figure.max_hp - figure.hp == 2
        assert "poison" in figure.conditions
    assert not [e for e in state.log if e.kind == "modifier"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_SHIELD_1_damage_without_a_range_is_suffered_by_the_monster_itself(
    ruleset: str,
) -> None:
    """The Cultist's "suffer 2 damage": the caster loses 2 of its 8 hit points; no hero is
    hurt."""
    state = two_heroes([{"type": "damage", "value": 2}], ruleset)
    assert state.figures["caster 1"].hp == 6
    assert state.figures["tester"].hp == state.figures["tester"].max_hp


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_2_no_enemy_in_range_the_effect_does_nothing(ruleset: str) -> None:
    state = two_heroes([{"type": "pull", "value": 1, "range": 1}], ruleset)
    assert state.figures["tester"].hex == at(1, 1)
    assert state.figures["tester2"].hex == at(5, 1)
    assert any("no enemy in range" in e.text for e in state.log if e.kind == "pull")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_2_an_invisible_enemy_is_never_pulled(ruleset: str) -> None:
    data = caster(
        PULL,
        party=("tester", "tester2"),
        hexes=rect(8, 4),
        start=[at(1, 1), at(5, 1)],
        monsters=[monster("caster", at(3, 1))],
    )
    state = new_state(data, ruleset)
    state.figures["tester"].conditions.append("invisible")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t6"), SelectCard("tester2", "t5"))
    chance(state, "caster-act")
    steer(state)
    assert state.figures["tester"].hex == at(1, 1)
    assert distance(state.figures["tester2"].hex, caster_hex(state)) == 1


def test_HV_MON_COND_1_FH_the_effect_does_not_change_how_the_monster_moves() -> None:
    """[FH] "Move, then pull 1 range 3": the move is planned as for a melee attack (toward
    its focus, adjacent); the pull then goes to the focus from where the caster stands."""
    actions = [{"type": "move", "value": 0}, {"type": "pull", "value": 1, "range": 3}]
    state = two_heroes(actions, "frosthaven", start=[at(0, 1), at(7, 1)])
    steer(state)
    assert distance(caster_hex(state), state.figures["tester"].hex) == 1
    assert state.figures["tester2"].hex == at(7, 1)


def test_content_refuses_a_misplaced_push_pull_or_damage_in_one_line() -> None:
    """A lone push needs a range; its conditions are negative; self-damage has no targets; a
    character card or an item never holds one."""
    for actions, words in (
        ([{"type": "push", "value": 1}], "needs a range"),
        ([{"type": "pull", "value": 1, "range": 2, "conditions": ["bless"]}], "negative"),
        ([{"type": "damage", "value": 1, "targets": 2}], "acting figure"),
        ([{"type": "damage", "value": 0, "range": 2}], "at least 1"),
    ):
        data = caster(actions, party=("tester",), hexes=rect(5, 3), start=[at(0, 1)])
        with pytest.raises(ContentError) as error:
            parse_scenario(data, "x.toml")
        assert words in str(error.value)
        assert "\n" not in str(error.value)
    data = caster([], party=("tester",), hexes=rect(5, 3), start=[at(0, 1)])
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "push", "value": 1, "range": 1}
    ]
    with pytest.raises(ContentError) as error:
        parse_scenario(data, "x.toml")
    assert "monster card" in str(error.value)
