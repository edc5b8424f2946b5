"""Unique map actions that fight: damage, healing, moving enemies, advancing the ether.

ET-UNQ-1 (a unique action resolves its printed effects), ET-BOSS-1 (a boss may
need the ether track at a position before it can be faced), ET-END-1 (the
round countdown is the scenario's). Set in The Ember Vault, whose gate card
prints the damage actions.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from ether_setup import die, hand, spawn

from rulekeeper.boards.mapcards import Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.core.errors import ContentError
from rulekeeper.games.ether.actions import (
    AddSource,
    EndActivation,
    Pay,
    Spend,
    explore,
    face_boss,
    unique,
)
from rulekeeper.games.ether.content import load_scenario
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.state import EtherState

W = "wren"
ODO = "odo"


def vault(wren: list[str] | None = None, odo: list[str] | None = None) -> EtherState:
    """Round 1 of The Ember Vault, Wren's activation, hands as scripted."""
    state = GAME.new_state("ember-vault", 1)
    hands = [
        *(wren or ["red-fury", "ember-spite", "quick-feet"]),
        *(odo or ["mending-hymn", "mending-hymn", "iron-skin"]),
    ]
    advance_chance(state, ScriptedSampler(hands))
    return state


def test_ET_UNQ_1_a_unique_action_deals_damage_to_every_enemy_in_the_area() -> None:
    """ET-UNQ-1: Flare the ward-runes, 1 damage to each non-boss enemy on the card."""
    state = vault()
    rat = spawn(state, "gloom-rat", Space(1, 1))
    hound = spawn(state, "bog-hound", Space(0, 1))
    state.apply(Pay(W, (die("green"),), (unique("flare-runes"),)))
    assert rat not in state.enemies  # 1 health: defeated
    assert state.enemies[hound].damage_taken == 1
    assert "gloom-rat" in state.enemy_deck.discard_pile


def test_ET_UNQ_1_a_targeted_unique_damages_then_heals() -> None:
    """ET-UNQ-1: Press the ember brand: 2 damage to one enemy here, then heal 1."""
    state = vault()
    state.heroes[0].space = Space(1, 1)
    state.heroes[0].health = 5
    knight = spawn(state, "hollow-knight", Space(0, 0))
    brand = unique("ember-brand", knight)
    assert Spend(W, brand) not in state.legal_actions()  # nothing gathered yet
    assert_rejected(state, Pay(W, (hand("red-fury"),), (unique("ember-brand"),)), "ET-UNQ-1")
    assert_rejected(state, Pay(W, (hand("red-fury"),), (unique("ember-brand", "e99"),)), "ET-UNQ-1")
    state.apply(Pay(W, (hand("red-fury"),), (brand,)))
    assert state.enemies[knight].damage_taken == 2  # unlike ET-ATK-2, it need not defeat
    assert state.heroes[0].health == 6


def test_ET_UNQ_1_a_unique_action_moves_an_enemy_through_open_edges() -> None:
    """ET-UNQ-1: the iron hook moves an enemy up to 2 spaces; walls block (ET-MOVE-2)."""
    state = vault()
    state.heroes[0].space = Space(1, 0)
    hound = spawn(state, "bog-hound", Space(0, 0))
    hook = [
        a
        for a in state.legal_actions()
        if isinstance(a, Spend) and a.action.kind == "unique" and a.hero == W
    ]
    assert hook == []  # the hook costs 1 cunning or 1 wrath; nothing is gathered
    # (0,0) -> (1,0) -> (1,1); the wall between (0,0) and (0,1) keeps (0,1) three steps away.
    assert_rejected(
        state, Pay(W, (die("red"),), (unique("iron-hook", hound, Space(0, 1)),), 1), "ET-UNQ-1"
    )
    assert_rejected(
        state, Pay(W, (die("red"),), (unique("iron-hook", hound, None),), 1), "ET-UNQ-1"
    )
    state.apply(Pay(W, (die("red"),), (unique("iron-hook", hound, Space(1, 1)),), 1))
    assert state.enemies[hound].space == Space(1, 1)


def test_ET_UNQ_1_every_target_and_destination_is_offered() -> None:
    state = vault()
    state.heroes[0].space = Space(1, 0)
    hound = spawn(state, "bog-hound", Space(0, 0))
    state.apply(AddSource(W, die("yellow")))
    hooks = sorted(
        a.action.to
        for a in state.legal_actions()
        if isinstance(a, Spend) and a.action.kind == "unique"
    )
    assert hooks == [Space(1, 0), Space(1, 1)]
    assert all(
        a.action.target == hound
        for a in state.legal_actions()
        if isinstance(a, Spend) and a.action.kind == "unique"
    )


def test_unique_intent_json_without_target_still_parses() -> None:
    """A unique action with no target keeps its short JSON form."""
    action = GAME.parse_action(
        {
            "type": "pay",
            "hero": W,
            "sources": [{"kind": "die", "ref": "green"}],
            "actions": [{"kind": "unique", "action": "flare-runes"}],
        }
    )
    assert action == Pay(W, (die("green"),), (unique("flare-runes"),))


def _spire_file(tmp_path: Path, requires_ether: int, per_round: int = 1) -> str:
    text = f"""
format = "rulekeeper-ether/1"
[scenario]
name = "bell-test"
title = "Bell test"
heroes = ["wren"]
start_card = "bell-yard"
start_space = [0, 0]
ether_end = 6
ether_per_round = {per_round}
boss = "bell-wraith"
map_deck = ["bell-lair"]

[[boss]]
id = "bell-wraith"
name = "The Bell Wraith"
health = 3
damage = 1
requires_ether = {requires_ether}

[[map_card]]
id = "bell-yard"
name = "Bell Yard"
  [[map_card.space]]
  at = [0, 0]
  unique = [{{ id = "toll-bell", name = "Toll the bell", cost = "1 awareness", effect = {{ kind = "advance_ether", amount = 1 }} }}]
  [[map_card.space]]
  at = [1, 0]
  explore = [{{ direction = "east", awareness = 0 }}]

[[map_card]]
id = "bell-lair"
name = "Bell Lair"
  [[map_card.space]]
  at = [0, 0]
  boss = true
"""
    path = tmp_path / "bell.toml"
    path.write_text(text)
    return str(path)


def test_ET_BOSS_1_a_boss_waits_for_the_ether_track_position_it_requires(tmp_path: Path) -> None:
    """ET-BOSS-1: the Bell Wraith is faced only once the ether reaches 2; the bell advances it."""
    state = GAME.new_state(_spire_file(tmp_path, 2), 1)
    advance_chance(state, ScriptedSampler(["red-fury", "red-fury", "ember-spite"]))
    state.apply(Pay(W, (die("green"),), (unique("toll-bell"),)))
    assert state.ether == 1
    state.heroes[0].space = Space(1, 0)
    state.apply(Pay(W, (), (explore("east"),)))  # a free arrow
    advance_chance(state, ScriptedSampler(["bell-lair"]))
    state.heroes[0].space = Space(2, 0)
    refused = assert_rejected(state, Pay(W, (die("red"),), (face_boss(1),)), "ET-BOSS-1")
    assert "reaches 2" in str(refused)
    state.ether = 2
    state.apply(Pay(W, (die("red"),), (face_boss(1),)))
    assert state.enemies["boss"].damage_taken == 1


def test_ET_BOSS_1_a_track_position_past_the_end_is_refused_at_load(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario(_spire_file(tmp_path, 6))
    assert "requires_ether" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_ET_END_1_the_round_countdown_is_set_by_the_scenario(tmp_path: Path) -> None:
    """ET-END-1 (ASSUMED): the track advances ``ether_per_round`` at each end of round."""
    state = GAME.new_state(_spire_file(tmp_path, 0, per_round=3), 1)
    advance_chance(state, ScriptedSampler(["red-fury", "red-fury", "ember-spite"]))
    state.apply(EndActivation())
    assert state.ether == 3
    advance_chance(state, ScriptedSampler(["glimmer-thought"] * 3))
    state.apply(EndActivation())
    assert state.outcome() is not None and state.outcome().result == "lost"


def test_ET_UNQ_1_unique_effects_are_checked_at_load(tmp_path: Path) -> None:
    text = Path(_spire_file(tmp_path, 0)).read_text()
    bad = text.replace(
        'effect = { kind = "advance_ether", amount = 1 }',
        'effect = { kind = "armor", amount = 1 }',
    )
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    with pytest.raises(ContentError) as caught:
        load_scenario(str(path))
    assert "unique.0.effect" in str(caught.value)
