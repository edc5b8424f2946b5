"""Monsters' stat cards and bosses (HV-MON-1..6, HV-MON-HEAL/COND/SUM/LIMIT, HV-BOSS-1/2)."""

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

from rulekeeper.games.haven import monster_abilities, monster_turns, standees
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    MoveTo,
    PlayHalf,
    Resolved,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import HavenState

BOSS_DECK = {
    "cards": [
        {"id": "boss-guard", "initiative": 30, "actions": [{"type": "special", "value": 1}]},
        {"id": "boss-rage", "initiative": 80, "actions": [{"type": "special", "value": 2}]},
    ]
}


def boss_type(**kw: Any) -> dict[str, Any]:
    line = {"hp": "8*C", "move": 2, "attack": 3}
    return {
        "name": "Warlord",
        "deck": "boss",
        "boss": True,
        "normal": [line, line],
        "immunities": ["stun", "poison"],
        "special_1": [{"type": "shield", "value": 2}],
        "special_2": [{"type": "move", "value": 1}, {"type": "attack", "value": 2}],
        **kw,
    }


def with_boss(party: tuple[str, ...] = ("tester",), **kw: Any) -> dict[str, Any]:
    kw.pop("start", None)
    data = scenario(party=party, start=[at(0, i) for i in range(len(party))], **kw)
    data["monster_types"]["warlord"] = boss_type()
    data["monster_decks"]["boss"] = BOSS_DECK
    data["monsters"] = [{"type": "warlord", "hex": at(1, 0), "normal": [1, 2, 3, 4]}]
    data["objective"] = {"kind": "kill_boss"}
    return data


def start(state: HavenState, *cards: str) -> None:
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, *cards)


@pytest.mark.parametrize(("party", "hp"), [(("tester",), 8), (("tester", "tester2"), 16)])
def test_HV_BOSS_1_hit_points_from_C_and_neither_normal_nor_elite(
    party: tuple[str, ...], hp: int
) -> None:
    data = with_boss(party)
    data["monsters"][0]["elite"] = [1, 2, 3, 4]
    state = new_state(data)
    boss = state.figures["warlord 1"]
    assert boss.max_hp == hp and not boss.elite
    assert standees.rank(state, boss) == "boss"


def test_HV_BOSS_1_a_boss_never_gains_its_immunities() -> None:
    data = with_boss()
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 1, "conditions": ["stun", "wound"]}
    ]
    state = new_state(data)
    start(state, "boss-rage")
    play(state, PlayHalf("t1", "top"), ChooseTarget("warlord 1"))
    chance(state, "+0")
    boss = state.figures["warlord 1"]
    assert boss.conditions == ["wound"]
    assert any("HV-BOSS-1" in e.rules and "stun" in e.text for e in state.log)


def test_HV_BOSS_2_special_1_performs_the_stat_cards_special_actions() -> None:
    state = new_state(with_boss(start=None))
    start(state, "boss-guard")  # initiative 30: after the Tester's 10
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(0, 1)), PlayHalf("t2", "top"), Skip())
    boss = state.figures["warlord 1"]
    assert boss.shield == 2  # Special 1: Shield 2
    assert any("HV-BOSS-2" in e.rules and "Special 1" in e.text for e in state.log)


def test_HV_BOSS_2_special_2_is_performed_like_a_monster_card() -> None:
    state = new_state(with_boss())
    state.groups["warlord"].card = "boss-rage"
    program = monster_turns.program(state, state.figures["warlord 1"])
    assert [(a.type, a.value) for a in program] == [("move", 1), ("attack", 2)]
    absolute = monster_turns.absolute(state, state.figures["warlord 1"], program[1])
    assert absolute.value == 3 + 2  # HV-MON-4: added to the boss's attack


def test_HV_BOSS_2_a_special_the_stat_card_lacks_is_refused_naming_the_rule() -> None:
    data = with_boss()
    data["monster_types"]["warlord"]["special_2"] = []
    state = new_state(data)
    state.groups["warlord"].card = "boss-rage"
    with pytest.raises(NotImplementedError, match="HV-BOSS-2"):
        monster_turns.program(state, state.figures["warlord 1"])


def test_HV_GOAL_1_kill_the_boss() -> None:
    data = with_boss()
    data["monsters"].append(monster("dummy", at(5, 3)))
    state = new_state(data)
    state.figures["warlord 1"].hp = 1
    start(state, "dummy-b", "boss-rage")
    play(state, PlayHalf("t1", "top"), ChooseTarget("warlord 1"))
    chance(state, "+0")
    assert state.ending == "won"  # the dummy still stands: only the boss counts


def test_HV_MON_1_elite_and_normal_lines_at_the_monster_level() -> None:
    data = scenario(monsters=[monster("dummy", at(5, 3)), monster("dummy", at(5, 2), elite=True)])
    data["monster_types"]["dummy"]["normal"][1] = {"hp": 7, "move": 1, "attack": 1}
    state = new_state(data)  # level 1
    assert state.figures["dummy 1"].max_hp == 7
    assert state.figures["dummy 2"].max_hp == 5 + 2
    data["level"] = 0
    state = new_state(data)
    assert state.figures["dummy 1"].max_hp == 5


def test_HV_MON_2_HV_MON_5_stat_card_shield_always_applies_even_stunned() -> None:
    data = scenario(monsters=[monster("dummy", at(1, 0))])
    data["monster_types"]["dummy"]["normal"][1]["shield"] = 1
    state = new_state(data)
    dummy = state.figures["dummy 1"]
    dummy.conditions.append("stun")
    assert state.base_shield(dummy) == 1


def test_HV_MON_2_frosthaven_types_may_list_condition_immunities() -> None:
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    data["monster_types"]["dummy"]["immunities"] = ["wound"]
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 1, "conditions": ["wound"]}
    ]
    state = new_state(data, "frosthaven")
    start(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+0")
    assert "wound" not in state.figures["dummy 1"].conditions


def test_HV_MON_3_one_ability_card_per_type_for_all_its_monsters() -> None:
    state = new_state(scenario(monsters=[monster("dummy", at(5, 3)), monster("dummy", at(5, 2))]))
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    assert state.is_chance_node()
    chance(state, "dummy-b")
    assert not state.is_chance_node()  # one draw for the type
    assert state.groups["dummy"].card == "dummy-b"
    assert any("HV-MON-3" in e.rules for e in state.log)


@pytest.mark.parametrize(("ruleset", "reach"), [("gloomhaven", 3 + 1), ("frosthaven", 1)])
def test_HV_MON_4_card_range_adds_in_gloomhaven_and_is_absolute_in_frosthaven(
    ruleset: str, reach: int
) -> None:
    data = scenario(monsters=[monster("dummy", at(5, 3))])
    data["monster_types"]["dummy"]["normal"][1]["range"] = 3
    state = new_state(data, ruleset)
    card = AbilitySpec(type="attack", value=1, range=1)
    got = monster_turns.absolute(state, state.figures["dummy 1"], card)
    assert got.range == reach and got.value == 2 + 1


def test_HV_MON_6_a_monster_dies_at_its_maximum_damage_and_leaves_the_map() -> None:
    state = new_state(scenario(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]))
    start(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "+2")  # 3 + 2 = 5: exactly its hit points
    assert "dummy 1" not in state.figures
    assert any(e.kind == "death" and "HV-MON-6" in e.rules for e in state.log)


def test_HV_MON_HEAL_1_the_most_hurt_monster_in_range_is_healed() -> None:
    state = new_state(
        scenario(
            monsters=[
                monster("dummy", at(4, 0)),
                monster("dummy", at(4, 1)),
                monster("dummy", at(5, 3)),
            ]
        )
    )
    healer, hurt, far = (state.figures[f"dummy {n}"] for n in (1, 2, 3))
    hurt.hp -= 2
    far.hp -= 4
    heal = AbilitySpec(type="heal", value=2, range=1)
    assert monster_abilities.heal_candidates(state, healer, heal) == ["dummy 2"]
    assert monster_abilities.heal_candidates(
        state, healer, heal.model_copy(update={"range": 0})
    ) == ["dummy 1"]


def test_HV_MON_COND_1_a_positive_condition_goes_to_the_closest_monster_lacking_it() -> None:
    state = new_state(
        scenario(
            monsters=[
                monster("dummy", at(3, 0)),
                monster("dummy", at(4, 0)),
                monster("dummy", at(5, 0)),
            ]
        )
    )
    giver = state.figures["dummy 1"]
    strengthen = AbilitySpec(type="condition", conditions=("strengthen",), range=2)
    monster_abilities.give_conditions(state, giver, strengthen)
    assert "strengthen" in giver.conditions  # itself: the closest
    monster_abilities.give_conditions(state, giver, strengthen)
    assert "strengthen" in state.figures["dummy 2"].conditions
    assert "strengthen" not in state.figures["dummy 3"].conditions


def test_HV_MON_SUM_1_HV_MON_LIMIT_1_a_summon_fails_with_no_standee_left() -> None:
    deck = {
        "cards": [
            {"id": "call", "initiative": 5, "actions": [{"type": "summon", "summon": "dummy"}]}
        ]
    }
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(4, 2))])
    data["monster_types"]["dummy"]["standees"] = 1
    data["monster_decks"] = {"dummy": deck}
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "call")
    assert [f.id for f in state.figures.values() if f.kind == "monster"] == ["dummy 1"]
    assert any("HV-MON-LIMIT-1" in e.rules and "summon fails" in e.text for e in state.log)


def test_HV_MON_SUM_2_a_summoned_monster_acts_from_the_next_round_and_drops_no_money() -> None:
    deck = {
        "cards": [
            {"id": "call", "initiative": 5, "actions": [{"type": "summon", "summon": "dummy"}]}
        ]
    }
    data = scenario(start=[at(0, 0)], monsters=[monster("dummy", at(4, 2))])
    data["monster_decks"] = {"dummy": deck}
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "call")
    number_in_order(state)  # HV-SCEN-1
    summoned = [f for f in state.figures.values() if f.kind == "monster" and f.summoned_round == 1]
    assert len(summoned) == 1 and summoned[0].no_drop
    assert any("HV-MON-SUM-2" in e.rules for e in state.log)


@pytest.mark.parametrize(
    ("ruleset", "placed"),
    [("gloomhaven", {at(3, 0), at(4, 0)}), ("frosthaven", {at(5, 0), at(3, 0)})],
)
def test_HV_MON_LIMIT_1_who_is_placed_when_standees_run_out(ruleset: str, placed: set[Any]) -> None:
    data = scenario(hexes=rect(6, 1), start=[at(0, 0)])
    data["monster_types"]["dummy"]["standees"] = 2
    data["rooms"] = [{"id": "hall", "hexes": [at(3, 0), at(4, 0), at(5, 0)]}]
    data["doors"] = [{"hex": at(2, 0), "opens": ["hall"]}]
    data["monsters"] = [
        monster("dummy", at(3, 0)),
        monster("dummy", at(4, 0)),
        monster("dummy", at(5, 0), elite=True),
    ]
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    play(state, PlayHalf("t1", "bottom"), MoveTo(at(2, 0)))
    on_map = {f.hex for f in state.figures.values() if f.kind == "monster"}
    assert on_map == placed
    assert any("HV-MON-LIMIT-1" in e.rules for e in state.log)


@pytest.mark.parametrize(
    ("ruleset", "first"), [("gloomhaven", "dummy 1"), ("frosthaven", "dummy 2")]
)
def test_HV_MON_7_a_named_monster_is_neither_rank_with_equation_hit_points(
    ruleset: str, first: str
) -> None:
    data = scenario(monsters=[monster("dummy", at(5, 3), elite=True)])
    data["monsters"].append(
        {"type": "dummy", "hex": at(5, 2), "named": "Old Grub", "hp": "H + 2*C", "normal": [1]}
    )
    state = new_state(data, ruleset)
    named = state.figures["dummy 2"]
    assert not named.elite and standees.rank(state, named) == "named"
    assert named.max_hp == (5 + 2) + 2 * 1  # H: the elite's 7 hit points; C = 1
    from rulekeeper.games.haven.initiative import monsters_of

    assert monsters_of(state, "dummy")[0] == first  # [FH] before the elites


def test_HV_MON_7_named_and_hp_come_together() -> None:
    from rulekeeper.core.errors import ContentError

    data = scenario(monsters=[{"type": "dummy", "hex": at(5, 2), "named": "Old Grub"}])
    with pytest.raises(ContentError, match=r"monsters\.0"):
        new_state(data)


def test_HV_BOSS_3_a_threshold_section_is_resolved_before_the_boss_dies() -> None:
    data = with_boss()
    data["rules"] = [{"when": {"boss_hp": "C*4"}, "text": "Section 9: the Warlord roars."}]
    state = new_state(data, "frosthaven")
    state.figures["warlord 1"].hp = 5  # above the threshold of 4
    start(state, "boss-rage")
    play(state, PlayHalf("t1", "top"), ChooseTarget("warlord 1"))
    chance(state, "+2")  # 5 damage: past the threshold and to 0
    assert "warlord 1" in state.figures and state.figures["warlord 1"].hp == 0
    assert state.by_hand == ["Section 9: the Warlord roars."]
    assert state.legal_actions() == [Resolved("Section 9: the Warlord roars.")]
    play(state, Resolved("Section 9: the Warlord roars."))
    assert "warlord 1" not in state.figures
    assert any("HV-BOSS-3" in e.rules for e in state.log)
