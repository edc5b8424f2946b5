"""What ``attacked`` and ``attack`` items give beyond shield, disadvantage and attack: retaliate
against the one attack, ignoring the attack's added effects, advantage on the owner's attack
(HV-ITEM-5 with HV-RET-1..3, HV-TGT-6, HV-ATK-2, HV-ADV-1..4)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_haven_item_moments import ITEMS as MOMENT_ITEMS
from test_haven_item_moments import hp_after, with_items
from test_haven_play_support import DUMMY_DECK, at, chance, monster, new_state, play

from rulekeeper.games.haven import retaliate
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    ItemsDone,
    PlayHalf,
    SelectCard,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.attack_draw import KeepModifier
from rulekeeper.games.haven.ghs_common import Labels, Notes
from rulekeeper.games.haven.ghs_items import import_item
from rulekeeper.games.haven.scenario_format import ItemSpec
from rulekeeper.games.haven.state import HavenState

RULESETS = ["gloomhaven", "frosthaven"]

ITEMS: dict[str, Any] = {
    **MOMENT_ITEMS,
    "spikes": {"name": "Spikes", "slot": "body", "when": "attacked", "retaliate": 2},
    "gauntlet": {
        "name": "Gauntlet",
        "slot": "one_hand",
        "when": "attacked",
        "retaliate": 1,
        "adjacent_attacker": True,
    },
    "charm": {
        "name": "Charm",
        "slot": "small",
        "usage": "consumed",
        "when": "attacked",
        "ignore_effects": True,
    },
    "goggles": {"name": "Goggles", "slot": "head", "when": "attack", "advantage": True},
}


def attacked_by(carried: list[str], ruleset: str, attack: dict[str, Any]) -> HavenState:
    """The Tester at at(1, 1) beside a Dummy (hp 5, attack 2, initiative 45) that performs
    ``attack`` on it after the Tester's quiet turn."""
    data = with_items(carried, start=[at(1, 1)], monsters=[monster("dummy", at(2, 1))])
    data["items"] = ITEMS
    deck = copy.deepcopy(DUMMY_DECK)
    deck["cards"][0]["actions"] = [{"type": "move", "value": 0}, attack]
    data["monster_decks"] = {"dummy": deck}
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), Skip(), PlayHalf("t2", "top"), Skip())
    return state


PLAIN = {"type": "attack", "value": 0}
NASTY = {"type": "attack", "value": 0, "conditions": ["poison"], "push": 1}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_HV_RET_1_an_attacked_items_retaliate_answers_that_attack(
    ruleset: str,
) -> None:
    """Spikes: retaliate 2 against this attack; the adjacent Dummy (5 hp) loses 2 once the
    attack is resolved (HV-RET-2), and the bonus does not outlast the attack."""
    state = attacked_by(["spikes"], ruleset, PLAIN)
    play(state, UseItem("tester", "spikes"))
    chance(state, "+0")
    assert hp_after(state) == 10 - 2
    assert state.figures["dummy 1"].hp == 5 - 2
    assert any(e.kind == "retaliate" for e in state.log)
    assert retaliate.sources(state, state.figures["tester"]) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_RET_1_declining_the_item_no_retaliate(ruleset: str) -> None:
    state = attacked_by(["spikes"], ruleset, PLAIN)
    play(state, ItemsDone("tester"))
    chance(state, "+0")
    assert hp_after(state) == 10 - 2
    assert state.figures["dummy 1"].hp == 5


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_6_an_attacked_item_ignores_the_attacks_added_effects(ruleset: str) -> None:
    """Charm: the attack's poison and push 1 (and its card's) are ignored; its damage is not."""
    state = attacked_by(["charm"], ruleset, NASTY)
    play(state, UseItem("tester", "charm"))
    chance(state, "+1")
    assert hp_after(state) == 10 - 3
    tester = state.figures["tester"]
    assert "poison" not in tester.conditions
    assert tester.hex == at(1, 1)
    assert state.heroes["tester"].consumed == ["charm"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_TGT_6_without_the_item_the_effects_apply(ruleset: str) -> None:
    state = attacked_by(["charm"], ruleset, NASTY)
    play(state, ItemsDone("tester"))
    chance(state, "+1")
    hp_after(state)
    while state.turn is not None and state.turn.stage == "forced":
        play(state, state.legal_actions()[0])
    tester = state.figures["tester"]
    assert "poison" in tester.conditions
    assert tester.hex != at(1, 1)


def test_HV_ITEM_5_an_adjacent_attacker_item_is_not_offered_against_a_ranged_one() -> None:
    """The Gauntlet answers only an adjacent attacker: against a ranged Dummy two hexes away
    no question is asked at all."""
    data = with_items(["gauntlet"], start=[at(0, 1)], monsters=[monster("dummy", at(2, 1))])
    data["items"] = ITEMS
    deck = copy.deepcopy(DUMMY_DECK)
    deck["cards"][0]["actions"] = [{"type": "attack", "value": 0, "range": 3}]
    data["monster_decks"] = {"dummy": deck}
    state = new_state(data, "gloomhaven")
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-a")
    play(state, PlayHalf("t1", "bottom"), Skip(), PlayHalf("t2", "top"))
    if not state.is_chance_node():
        play(state, Skip())  # the Tester's attack, with no target in reach
    assert state.turn is not None and state.turn.actor == "dummy 1"
    assert state.is_chance_node()  # straight to the draw: no item to decide on


def test_HV_ITEM_5_an_adjacent_attacker_item_is_offered_against_an_adjacent_one() -> None:
    state = attacked_by(["gauntlet"], "gloomhaven", PLAIN)
    assert UseItem("tester", "gauntlet") in state.legal_actions()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_HV_ITEM_5_HV_ATK_2_an_attack_item_gives_advantage(ruleset: str) -> None:
    """Goggles: the Tester's Attack 3 draws with advantage: two cards, the better kept
    ([FH] the character's player picks it: the +2 is picked here)."""
    data = with_items(["goggles"], start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))])
    data["items"] = ITEMS
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), UseItem("tester", "goggles"), ChooseTarget("dummy 1"))
    chance(state, "-1", "+2")
    keep = [a for a in state.legal_actions() if isinstance(a, KeepModifier)]
    if keep:  # [FH] HV-ADV-3: the character's player keeps one of the two
        play(state, next(a for a in keep if a.card == "+2"))
    assert "dummy 1" not in state.figures  # 3 + 2 = 5: the 5-hp Dummy dies
    assert any("advantage" in e.text for e in state.log if e.kind == "attack")


def test_HV_ITEM_5_item_effects_fit_their_moment_in_one_line() -> None:
    for fields, words in (
        ({"when": "attack", "pierce": 1, "retaliate": 1}, "retaliate: only an item used when"),
        ({"when": "attack", "pierce": 1, "ignore_effects": True}, "ignore_effects: only"),
        ({"when": "attacked", "shield": 1, "advantage": True}, "advantage: only"),
        ({"when": "attacked"}, "'retaliate' or 'ignore_effects'"),
        ({"when": "attacked", "shield": 1, "retaliate_range": 2}, "retaliate_range"),
    ):
        with pytest.raises(ValueError, match=words):
            ItemSpec.model_validate({"name": "X", "slot": "small", **fields})


# -- the GHS item importer (ghs_items.RECOGNISED) ---------------------------------------------
def imported(text: str, **extra: Any) -> ItemSpec:
    labels = Labels([{"items": {"gh-9": {"": "Test", "1": text}}}])
    data = {"id": 9, "name": "Test", "slot": "body", "spent": True, **extra}
    data["actions"] = [{"type": "custom", "value": "%data.items.gh-9.1%"}]
    return import_item(data, "9", "items.json", labels, Notes())


def test_HV_ITEM_5_the_importer_converts_the_item_texts_the_engine_runs() -> None:
    leather = imported("When attacked, the attacker gains Disadvantage on the attack.")
    assert (leather.when, leather.disadvantage, leather.actions) == ("attacked", True, ())
    studded = imported(
        "When you are attacked, before drawing an attack modifier card, the attacker gains"
        " disadvantage on the attack and you gain shield 1 for the attack."
    )
    assert (studded.when, studded.disadvantage, studded.shield) == ("attacked", True, 1)
    gauntlet = imported(
        "When you are attacked by an adjacent enemy, gain retaliate 2 for the attack."
    )
    assert (gauntlet.when, gauntlet.retaliate, gauntlet.adjacent_attacker) == ("attacked", 2, True)
    goggles = imported("During your attack ability, gain advantage on all attacks.")
    assert (goggles.when, goggles.advantage) == ("attack", True)
    hide = imported(
        "On the next two attacks targeting you, the attacker gains disadvantage.", slots=2
    )
    assert (hide.when, hide.disadvantage, hide.uses) == ("attacked", True, 2)


def test_HV_ITEM_5_any_other_item_text_stays_a_by_hand_step() -> None:
    """ "One attack" and "when damaged" items differ from what the engine runs: text."""
    for text in (
        "During your attack ability, gain advantage on one attack.",
        "When damaged by an attack, gain shield 1 and retaliate 2 for the attack.",
    ):
        item = imported(text)
        assert item.when == "turn" and item.actions[0].type == "by_hand"
        assert item.actions[0].text == text
