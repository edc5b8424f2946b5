"""Character modifier decks over a scenario (HV-DECK-1..4): perks, scenario cards, odds.

A scenario names each character's perks under ``[characters.ID]``; play and
``rulekeeper haven odds --scenario --character`` build the same deck from it.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import typer
from test_haven_play_support import (
    at,
    chance,
    dummy_monster,
    monster,
    new_state,
    play,
    scenario,
)
from typer.testing import CliRunner

import rulekeeper.cli.haven_odds  # noqa: F401  (registers the command)
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import bless_curse
from rulekeeper.games.haven.actions import ChooseTarget, KeepEffects, PlayHalf, SelectCard
from rulekeeper.games.haven.modifiers import MONSTER_DECK
from rulekeeper.games.haven.state import HavenState

PERKS: list[dict[str, Any]] = [
    {"remove": {"-1": 2}, "text": "Remove two -1 cards"},
    {"add": {"rolling-sting": 2}, "text": "Add two rolling +1 poison cards"},
    {"remove": {"null": 1}, "add": {"+2": 1}},
]
STING = {"value": 1, "rolling": True, "effects": ["poison"]}


def perked(**kw: Any) -> dict[str, Any]:
    return scenario(
        start=[at(0, 0)],
        monsters=[monster("dummy", at(1, 0))],
        monster_types={"dummy": dummy_monster(hp=9)},
        characters={"tester": {"perks": PERKS, **kw}},
        modifier_cards={"rolling-sting": STING},
    )


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_2_perks_change_the_characters_deck(ruleset: str) -> None:
    state = new_state(perked(), ruleset)
    deck = state.decks["tester"].cards.all_cards()
    null = "null" if ruleset == "gloomhaven" else "miss"
    assert deck["-1"] == 3 and deck["rolling-sting"] == 2 and deck[null] == 0 and deck["+2"] == 2
    assert sum(deck.values()) == 20 - 2 + 2 - 1 + 1
    assert sum(state.decks[MONSTER_DECK].cards.all_cards().values()) == 20  # HV-DECK-1


def test_HV_DECK_2_play_draws_the_perk_cards_with_their_own_icons() -> None:
    """HV-DECK-4: a perk card follows its icons: the rolling +1 poison keeps the draw
    going and adds its poison."""
    state = new_state(perked())
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t2"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, "rolling-sting", "+0")
    play(state, KeepEffects())  # HV-DECK-5: keep the poison
    dummy = state.figures["dummy 1"]
    assert dummy.hp == 9 - 4 and "poison" in dummy.conditions
    assert state.decks["tester"].cards.discard_pile.count("rolling-sting") == 1


@pytest.mark.parametrize(
    ("perks", "field"),
    [
        ([{"remove": {"-2": 2}}], "characters.tester.perks.0.remove.-2"),
        ([{"add": {"mystery": 1}}], "characters.tester.perks.0.add.mystery"),
    ],
)
def test_HV_DECK_2_a_perk_the_deck_cannot_take_is_refused_naming_the_field(
    perks: list[dict[str, Any]], field: str
) -> None:
    data = scenario(characters={"tester": {"perks": perks}})
    with pytest.raises(ContentError) as error:
        new_state(data)
    assert field in str(error.value)


def test_HV_DECK_2_perks_for_a_class_not_in_the_party_are_refused() -> None:
    with pytest.raises(ContentError) as error:
        new_state(scenario(characters={"warden": {}}))
    assert "characters.warden" in str(error.value)


def test_HV_DECK_2_a_custom_card_is_validated_naming_its_field() -> None:
    data = scenario(modifier_cards={"odd": {"value": 1, "effects": ["sleepy"]}})
    with pytest.raises(ContentError) as error:
        new_state(data)
    assert "modifier_cards.odd" in str(error.value)


def test_HV_DECK_3_scenario_cards_go_in_at_setup_from_the_supply() -> None:
    state = new_state(perked(scenario_cards={"bless": 2, "-1": 1}))
    deck = state.decks["tester"].cards.all_cards()
    assert deck["bless"] == 2 and deck["-1"] == 4
    assert bless_curse.supply(state, "bless", "tester") == 8
    assert any("HV-DECK-3" in e.rules for e in state.log)


def test_HV_DECK_1_a_summon_draws_from_its_summoners_deck() -> None:
    from rulekeeper.games.haven.state import Figure

    state = new_state(perked())
    pup = Figure("tester-pup-1", "summon", "pup", at(0, 1), 3, 3, owner="tester")
    assert bless_curse.deck_owner(state, pup) == "tester"
    assert bless_curse.deck_owner(state, state.figures["dummy 1"]) == MONSTER_DECK


# -- the odds tool reads the same description ------------------------------------------------
ROOT = typer.Typer()
ROOT.add_typer(haven_app, name="haven")


def odds_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(ROOT, ["haven", "odds", *args, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def expected_damage_of(state: HavenState, attack: int) -> str:
    from rulekeeper.games.haven.attacks import Attack, Target
    from rulekeeper.games.haven.odds import odds

    result = odds(
        Attack(attack), Target(), state.decks["tester"], state.rules, catalog=state.catalog
    )
    return str(result.expected_damage)


def test_HV_DECK_2_haven_odds_reads_the_scenarios_perks(tmp_path: Path) -> None:
    path = tmp_path / "perked.json"
    path.write_text(json.dumps(perked()), encoding="utf-8")
    data = odds_json("--attack", "3", "--scenario", str(path), "--character", "tester")
    state = new_state(perked())
    assert data["expected_damage"]["fraction"] == expected_damage_of(state, 3)
    plain = odds_json("--attack", "3")
    assert data["expected_damage"]["fraction"] != plain["expected_damage"]["fraction"]


def test_HV_DECK_2_a_deck_file_takes_the_same_perks(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    deck = {"format": 1, "perks": PERKS, "cards": {"rolling-sting": STING}}
    path.write_text(json.dumps(deck), encoding="utf-8")
    from_file = odds_json("--attack", "3", "--deck", str(path))
    state = new_state(perked())
    assert from_file["expected_damage"]["fraction"] == expected_damage_of(state, 3)


def test_haven_odds_scenario_errors_are_one_line_with_status_2(tmp_path: Path) -> None:
    path = tmp_path / "perked.json"
    path.write_text(json.dumps(perked()), encoding="utf-8")
    result = CliRunner().invoke(
        ROOT, ["haven", "odds", "--attack", "3", "--scenario", str(path), "--character", "zed"]
    )
    assert result.exit_code == 2 and "party" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    result = CliRunner().invoke(ROOT, ["haven", "odds", "--attack", "3", "--scenario", str(path)])
    assert result.exit_code == 2


def test_perk_decks_count_every_card_once() -> None:
    state = new_state(perked())
    assert Counter(state.decks["tester"].cards.draw_pile) == state.decks["tester"].counts()
