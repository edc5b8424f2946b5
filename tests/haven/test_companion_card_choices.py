"""Companion mode asks the players what a drawn card leaves open, as play decides it.

- HV-TGT-1: a kept card's "+N target" stops the game until the players enter the added
  target's attack (the same attack, listed per enemy not yet targeted) or say none is
  left in reach; a monster's: [GH] by the focus rules (HV-MOVE-MON-1), [FH] as the
  players choose (HV-MOVE-MON-3). Added targets do not use up the card's own targets.
- HV-ELEM-1 / HV-ELEM-3: "infuse any" stops the game until the attacker's player (the
  party, for a monster) names the element.
"""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest
from test_haven_card_targets import CARDS

from companion_script import LIBRARY, SCENARIO, SCRIPT
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.core.registry import find_game
from rulekeeper.games.haven.companion_actions import Attack, Infuse, NoAddedTarget
from rulekeeper.games.haven.companion_labels import label
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.games.haven.perks import scenario_catalog
from rulekeeper.i18n import text_of

GAME = find_game("haven-companion")
ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")


def _at(step: int, *, deck: str, card: str, scenario: str = SCENARIO) -> CompanionState:
    """The scripted game up to ``step`` with a Lamp Spirit on the board (and, in the
    character's turn, an Ashrat), ``card`` shuffled into ``deck`` (the catalog knows the
    test's cards)."""
    state = GAME.new_state(scenario, 1)
    assert isinstance(state, CompanionState)
    for raw in SCRIPT[:15]:
        state.apply(GAME.parse_action(raw))
    state.apply(
        GAME.parse_action({"type": "summon", "character": "lampwright", "summon": "lamp-spirit"})
    )
    if step == 15:
        state.apply(GAME.parse_action({"type": "spawn", "monster": "ashrat", "elite": False}))
        state.apply(state.legal_actions()[0])  # the Ashrat's ability card (a chance node)
    for raw in SCRIPT[15:step]:
        state.apply(GAME.parse_action(raw))
    state.catalog = scenario_catalog(copy.deepcopy(CARDS))
    state.decks[deck].shuffle_in(card)
    return state


def _draw(state: CompanionState, deck: str, *cards: str) -> None:
    for card in cards:
        state.apply(GAME.parse_action({"type": "draw-modifier", "deck": deck, "card": card}))


def test_HV_TGT_1_a_characters_added_target_is_its_players_entry() -> None:
    state = _at(15, deck="lampwright", card="rolling-target-1")
    state.apply(GAME.parse_action(SCRIPT[15]))  # lampwright attacks the Cinder Tyrant, 3
    _draw(state, "lampwright", "rolling-target-1", "+0")
    ashrat = Attack("lampwright", "ashrat-1", 3)
    legal = state.legal_actions()
    assert ashrat in legal and legal[-1] == NoAddedTarget()
    targets = {a.target for a in legal if isinstance(a, Attack)}
    assert "cinder-tyrant-1" not in targets  # the target that drew the card
    assert "lampwright-lamp-spirit-1" not in targets  # an ally (HV-TGT-2)
    assert "HV-TGT-1" in state.pending_decision()
    assert_rejected(state, GAME.parse_action({"type": "end-turn"}), "HV-TGT-1")
    state.apply(ashrat)
    assert state.attack is not None and state.attack.target == "ashrat-1"


def _frosthaven(tmp_path: Path) -> str:
    library = tmp_path / "library"
    shutil.copytree(LIBRARY, library)
    scenario = library / "scenarios" / "ember-hall.json"
    data = json.loads(scenario.read_text())
    data["edition"] = "fh"
    scenario.write_text(json.dumps(data))
    return f"{library}#ember-hall"


@pytest.mark.parametrize("edition", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_a_monsters_added_target_is_asked_of_the_party(
    edition: str, tmp_path: Path
) -> None:
    scenario = SCENARIO if edition == "gloomhaven" else _frosthaven(tmp_path)
    state = _at(18, deck="monsters", card="rolling-target-1", scenario=scenario)
    assert state.ruleset == edition
    state.apply(GAME.parse_action(SCRIPT[18]))  # the Tyrant attacks lampwright, 4
    _draw(state, "monsters", "rolling-target-1", "+0")
    state.apply(
        GAME.parse_action({"type": "negate", "character": "lampwright", "choice": "suffer"})
    )
    legal = state.legal_actions()
    assert state.current_player() == 0
    spirit = "lampwright-lamp-spirit-1"
    # lampwright drew the card; the escorted Lamp Bearer and the spirit are the enemies left
    assert {a.target for a in legal if isinstance(a, Attack)} == {"lamp-bearer-1", spirit}
    assert legal[-1] == NoAddedTarget()
    rule = "HV-MOVE-MON-1" if edition == "gloomhaven" else "HV-MOVE-MON-3"
    assert rule in state.pending_decision()
    added = next(a for a in legal if isinstance(a, Attack) and a.target == spirit)
    assert added.value == 4  # the same attack
    state.apply(added)
    _draw(state, "monsters", "+0")
    assert spirit not in state.figures  # 4 damage to its 3 hit points
    # the added target used none of the card's own targets, and there is nothing left
    assert not any(isinstance(a, Attack) for a in state.legal_actions())


def test_HV_TGT_1_none_left_in_reach_ends_the_question() -> None:
    state = _at(18, deck="monsters", card="rolling-target-1")
    state.apply(GAME.parse_action(SCRIPT[18]))
    _draw(state, "monsters", "rolling-target-1", "+0")
    state.apply(
        GAME.parse_action({"type": "negate", "character": "lampwright", "choice": "suffer"})
    )
    assert "none left" in text_of(label(state, NoAddedTarget()), "en")
    state.apply(NoAddedTarget())
    assert NoAddedTarget() not in state.legal_actions()
    assert any(e.kind == "card-target" for e in state.log)


def test_HV_ELEM_3_a_cards_infuse_any_is_the_players_choice_in_companion_mode() -> None:
    state = _at(15, deck="lampwright", card="rolling-infuse-any")
    state.apply(GAME.parse_action(SCRIPT[15]))
    _draw(state, "lampwright", "rolling-infuse-any", "+0")
    assert state.legal_actions() == [Infuse(e) for e in ELEMENTS]
    assert_rejected(state, GAME.parse_action({"type": "end-turn"}), "HV-ELEM-3")
    state.apply(Infuse("ice"))
    assert state.turn is not None and "ice" in state.turn.infusions
    assert "any" not in state.turn.infusions
