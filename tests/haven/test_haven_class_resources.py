"""Class resources fed by modifier cards (HV-DECK-5).

A class lists its resources (``resources.RID``: name, max, start); a drawn card's
``resource RID N`` adds N to the character's count, up to max, even when its summon drew
the card (the summoner gains it). A character may decline the effect like any optional
added effect ([FH] also for its summon's cards). The counts are shown with the character.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from test_haven_play_support import (
    at,
    chance,
    monster,
    new_state,
    play,
    scenario,
    settle_options,
)

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DeclineEffect,
    KeepEffects,
    Negate,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.modifiers import Effect
from rulekeeper.games.haven.render import heroes_table
from rulekeeper.games.haven.scenario_format import parse_scenario
from rulekeeper.games.haven.state import HavenState, Hero, from_json
from rulekeeper.web.boards.haven import panel

SPARK = "spark-card"


def with_sparks(**kw: Any) -> dict[str, Any]:
    """The Tester's class keeps Sparks (max 2, start 0); a perk adds two spark cards."""
    data = scenario(**kw)
    data["classes"]["tester"]["resources"] = {"sparks": {"name": "Sparks", "max": 2}}
    data["modifier_cards"] = {SPARK: {"value": 0, "effects": ["resource sparks 1"]}}
    data["characters"] = {"tester": {"perks": [{"add": {SPARK: 2}}]}}
    return data


def attack_drawing(ruleset: str, *cards: str) -> HavenState:
    state = new_state(with_sparks(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]), ruleset)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, *cards)
    return state


def test_HV_DECK_5_a_class_resource_starts_at_its_start_count() -> None:
    data = with_sparks()
    data["classes"]["tester"]["resources"]["sparks"]["start"] = 1
    state = new_state(data)
    assert state.heroes["tester"].resources == {"sparks": 1}
    assert new_state(scenario()).heroes["tester"].resources == {}


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_5_a_drawn_card_adds_to_the_characters_resource(ruleset: str) -> None:
    state = attack_drawing(ruleset, SPARK)
    assert state.legal_actions() == [KeepEffects(), DeclineEffect("resource sparks 1")]
    play(state, KeepEffects())
    assert state.heroes["tester"].resources == {"sparks": 1}
    events = [e for e in state.log if e.kind == "resource"]
    assert events and events[-1].text == ("tester gains 1 Sparks from its modifier card (1 of 2)")
    assert "HV-DECK-5" in events[-1].rules


def test_HV_DECK_5_a_character_may_decline_the_resource() -> None:
    state = attack_drawing("frosthaven", SPARK)
    play(state, DeclineEffect("resource sparks 1"))
    assert state.heroes["tester"].resources == {"sparks": 0}


def test_HV_DECK_5_the_resource_never_goes_beyond_its_max() -> None:
    """Two rolling-free spark cards under advantage would be one; here the count starts at 2."""
    state = new_state(
        with_sparks(start=[at(0, 0)], monsters=[monster("dummy", at(1, 0))]), "gloomhaven"
    )
    state.heroes["tester"].resources["sparks"] = 2
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, SPARK)
    play(state, KeepEffects())
    assert state.heroes["tester"].resources == {"sparks": 2}
    assert any("gains 0 Sparks" in e.text for e in state.log if e.kind == "resource")


def summon_draws(ruleset: str) -> HavenState:
    """The Tester's pup attacks the Dummy in round 2 and draws a spark card."""
    state = new_state(with_sparks(start=[at(0, 0)], monsters=[monster("dummy", at(3, 0))]), ruleset)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"), PlaceSummon(at(1, 0)))
    play(state, PlayHalf("t1", "bottom"), Skip())
    while state.phase != "select":
        settle_options(state)
        if state.is_chance_node():
            chance(state, "+0")
        elif state.negation is not None:
            play(state, Negate("tester", "suffer"))
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t3"))
    chance(state, "dummy-a")
    settle_options(state)
    assert state.turn is not None and state.turn.actor == "tester-pup-1"
    chance(state, SPARK)
    return state


def test_HV_DECK_5_gloomhaven_a_summons_card_feeds_its_summoners_resource() -> None:
    state = summon_draws("gloomhaven")
    assert state.heroes["tester"].resources == {"sparks": 1}
    assert any(
        e.text == "tester gains 1 Sparks from the card its summon tester-pup-1 drew (1 of 2)"
        for e in state.log
    )


def test_HV_DECK_5_frosthaven_the_summoner_decides_its_summons_card() -> None:
    state = summon_draws("frosthaven")
    assert state.current_player() == 0
    assert DeclineEffect("resource sparks 1") in state.legal_actions()
    play(state, KeepEffects())
    assert state.heroes["tester"].resources == {"sparks": 1}


def test_HV_DECK_5_the_resource_is_on_screen_and_in_saves() -> None:
    state = new_state(with_sparks())
    state.heroes["tester"].resources["sparks"] = 1
    console = Console(width=200, record=True)
    console.print(heroes_table(state))
    shown = console.export_text()
    assert "class resources" in shown and "Sparks 1/2" in shown
    assert "Sparks 1/2" in panel(state)
    plain = Console(width=200, record=True)
    plain.print(heroes_table(new_state(scenario())))
    assert "class resources" not in plain.export_text()
    saved = state.to_dict()["state"]["heroes"]["tester"]
    assert saved["resources"] == {"sparks": 1}
    assert from_json(Hero, saved).resources == {"sparks": 1}
    del saved["resources"]  # a save from before class resources
    assert from_json(Hero, saved).resources == {}


def _refusal(data: dict[str, Any]) -> str:
    with pytest.raises(ContentError) as refused:
        parse_scenario(data, "test.json")
    line = str(refused.value)
    assert "\n" not in line
    return line


def test_HV_DECK_5_a_card_naming_a_resource_the_class_lacks_is_refused_in_one_line() -> None:
    data = with_sparks()
    data["classes"]["tester"]["resources"] = {}
    line = _refusal(data)
    assert "characters.tester.perks" in line and "'sparks'" in line and "HV-DECK-5" in line


def test_HV_DECK_5_bad_resource_effects_and_specs_are_refused_in_one_line() -> None:
    data = with_sparks()
    data["modifier_cards"][SPARK]["effects"] = ["resource Sparks 1"]
    assert "resource ID" in _refusal(data)
    data["modifier_cards"][SPARK]["effects"] = ["resource sparks 0"]
    assert "from 1 to 99" in _refusal(data)
    data = with_sparks()
    data["classes"]["tester"]["resources"]["sparks"]["start"] = 3
    assert "start 3 is more than max 2" in _refusal(data)
    assert Effect.parse("resource sparks 2") == Effect("resource sparks", 2)
    assert str(Effect.parse("resource sparks 2")) == "resource sparks 2"


def test_HV_DECK_5_odds_list_a_resource_card_among_the_effects(tmp_path: Path) -> None:
    from test_haven_odds_cli import ROOT
    from typer.testing import CliRunner

    deck = tmp_path / "deck.toml"
    deck.write_text(
        'format = 1\ndraw = { "+0" = 1, "spark" = 1 }\n'
        '[cards.spark]\nvalue = 1\neffects = ["resource sparks 1"]\n'
    )
    result = CliRunner().invoke(ROOT, ["haven", "odds", "--attack", "2", "--deck", str(deck)])
    assert result.exit_code == 0, result.stderr
    assert "adds sparks +1: 50.00%" in result.stdout


# -- a card half that spends a resource ---------------------------------------------------------
def spending(held: int) -> HavenState:
    """t2's bottom is "spend 2 Sparks, shield 2"; the Tester holds ``held`` Sparks."""
    data = with_sparks(start=[at(0, 0)], monsters=[monster("dummy", at(4, 0))])
    bottom = {
        "actions": [
            {"type": "spend", "resource": "sparks", "value": 2},
            {"type": "shield", "value": 2},
        ]
    }
    data["classes"]["tester"]["cards"][1]["bottom"] = bottom
    data["classes"]["tester"]["resources"]["sparks"]["start"] = held
    state = new_state(data)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    return state


def test_HV_DECK_5_a_half_that_spends_takes_the_resource_away() -> None:
    state = spending(2)
    assert PlayHalf("t2", "bottom") in state.legal_actions()
    play(state, PlayHalf("t2", "bottom"))
    assert state.heroes["tester"].resources == {"sparks": 0}
    assert state.figures["tester"].shield == 2
    assert any("spends 2 Sparks" in e.text for e in state.log if e.kind == "resource")


def test_HV_DECK_5_a_half_that_spends_more_than_is_held_is_refused_in_one_line() -> None:
    """Holding 1 Spark, the half is not offered for its actions (its basic Move 2 still is),
    and playing it is refused naming the rule; nothing changes."""
    state = spending(1)
    assert PlayHalf("t2", "bottom") not in state.legal_actions()
    assert PlayHalf("t2", "bottom", basic=True) in state.legal_actions()
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="HV-DECK-5") as refused:
        state.apply(PlayHalf("t2", "bottom"))
    assert "holds 1 Sparks: this half spends 2" in str(refused.value)
    assert state.to_dict() == before


def test_HV_DECK_5_a_spend_action_names_a_resource_of_its_class() -> None:
    data = with_sparks()
    data["classes"]["tester"]["cards"][1]["bottom"] = {
        "actions": [{"type": "spend", "resource": "cogs", "value": 1}]
    }
    assert "spends 'cogs'" in _refusal(data)
    data["classes"]["tester"]["cards"][1]["bottom"] = {"actions": [{"type": "spend", "value": 1}]}
    assert "names its 'resource'" in _refusal(data)
