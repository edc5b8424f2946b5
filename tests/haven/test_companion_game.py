"""Companion mode (issue 16): the engine keeps everything but the figures' hexes.

A scripted game of the fixture library's scenario runs to the end through the
core protocol; refusals name their rule; undo and replay go through
core/replay.py; seeded random games pass the conformance checks.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from companion_script import LIBRARY, SCENARIO, SCRIPT
from rulekeeper.core.conformance import assert_rejected, check_game, fuzz_game
from rulekeeper.core.errors import ContentError
from rulekeeper.core.game import State
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import replay_actions, replay_prefix, undo_cut
from rulekeeper.games.haven.companion_actions import Attack
from rulekeeper.games.haven.companion_library import load_companion_scenario
from rulekeeper.games.haven.companion_state import CompanionState

GAME = find_game("haven-companion")


def play(upto: int | None = None) -> CompanionState:
    state = GAME.new_state(SCENARIO, 1)
    for raw in SCRIPT[:upto]:
        state.apply(GAME.parse_action(raw))
    assert isinstance(state, CompanionState)
    return state


def texts(state: State) -> str:
    return "\n".join(str(e) for e in state.log)


def test_scripted_companion_game_runs_to_the_end() -> None:
    """Ability cards, elements, a boss with its specials, loot and a treasure: won."""
    state = play()
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "won"
    log = texts(state)
    assert "cinder-tyrant-1 (boss Cinder Tyrant, 9 hit points) is set out: room vault" in log
    assert "Cinder Tyrant draws tyrant-roar (initiative 11)" in log
    assert "cinder-tyrant-1: infuse fire, summon ashrat" in log
    assert "cinder-tyrant infuses fire [HV-ELEM-4]" in log
    assert "ashrat consumes fire: +1 attack [HV-ELEM-3, HV-ELEM-4]" in log
    assert "every boss is dead" in log
    # GH gold conversion at level 1 is 2 per token: the boss's token; treasure 7 by hand.
    assert "lampwright: 6 xp, 2 gold, treasure 7" in outcome.summary


def test_monster_numbers_are_stats_plus_card_HV_MON_4() -> None:
    """HV-MON-4: the boss's Smoulder card adds +1 attack and shield 1 to its stat line."""
    state = play(10)
    from rulekeeper.games.haven.companion_numbers import numbers

    boss = state.figures["cinder-tyrant-1"]
    values = numbers(state, boss)
    assert (values.attack, values.shield) == (4, 1)
    assert values.summary() == "attack 4 melee, shield 1"


def test_a_monster_attack_carries_its_numbers_HV_MON_4() -> None:
    state = play(18)
    wrong = GAME.parse_action(
        {"type": "attack", "attacker": "cinder-tyrant-1", "target": "lampwright", "value": 6}
    )
    error = assert_rejected(state, wrong, "HV-MON-4")
    assert "attack 4" in str(error)


def test_a_turn_ends_only_after_both_halves_HV_CARD_3() -> None:
    state = play(7)
    assert_rejected(state, GAME.parse_action({"type": "end-turn"}), "HV-CARD-3")


def test_an_inert_element_cannot_be_consumed_HV_ELEM_3() -> None:
    state = play(8)
    assert_rejected(state, GAME.parse_action({"type": "consume", "element": "ice"}), "HV-ELEM-3")


def test_a_boss_immunity_refuses_the_condition_HV_COND_3() -> None:
    state = play(10)
    poison = {"type": "add-condition", "figure": "cinder-tyrant-1", "condition": "poison"}
    assert_rejected(state, GAME.parse_action(poison), "HV-COND-3")


def test_loot_takes_only_tokens_on_the_board_HV_LOOT_1() -> None:
    state = play(12)
    greedy = {"type": "loot", "character": "lampwright", "tokens": 1}
    assert_rejected(state, GAME.parse_action(greedy), "HV-LOOT-1")


def test_a_special_rule_waits_for_the_players_HV_SCEN_7() -> None:
    state = play(3)
    assert state.pending_decision().startswith("resolve by hand (HV-SCEN-7)")
    assert_rejected(state, GAME.parse_action({"type": "infuse", "element": "fire"}), "HV-SCEN-7")


def test_undo_and_replay_go_through_core_replay() -> None:
    state = play()
    again = replay_actions(
        GAME, state.ruleset, state.scenario, state.seed, [a.to_json() for _, a in state.history]
    )
    assert again.to_dict() == state.to_dict()
    cut = undo_cut(state)
    assert cut is not None
    undone = replay_prefix(state, cut)
    assert undone.to_dict() == play(len(SCRIPT) - 1).to_dict()
    assert GAME.state_from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_seeded_random_companion_games_conform() -> None:
    report = check_game(GAME, SCENARIO, range(1, 3))
    assert report.games == 2
    assert all(o.split(":")[0] in ("won", "lost") for o in report.outcomes)
    assert fuzz_game(GAME, SCENARIO, range(1, 2)) > 0


def test_a_bad_scenario_name_names_the_field() -> None:
    with pytest.raises(ContentError, match="LIBRARY#ID"):
        load_companion_scenario(str(LIBRARY))
    with pytest.raises(ContentError, match="no scenario 'nowhere' in the library"):
        load_companion_scenario(f"{LIBRARY}#nowhere")


def test_objective_figures_are_set_out_with_their_rooms_HV_SCEN_4() -> None:
    """The escort stands with the starting room, the altar with the vault (hit points 2 + L)."""
    state = play(9)
    altar, bearer = state.figures["ember-altar-1"], state.figures["lamp-bearer-1"]
    assert (altar.hp, altar.escort, bearer.hp, bearer.escort) == (3, False, 4, True)
    state.apply(GAME.parse_action(SCRIPT[9]))
    hit = {"type": "attack", "attacker": "lampwright", "target": "ember-altar-1", "value": 3}
    state.apply(GAME.parse_action(hit))
    state.apply(GAME.parse_action({"type": "draw-modifier", "deck": "lampwright", "card": "+0"}))
    assert "ember-altar-1" not in state.figures
    assert "ember-altar-1 is destroyed [HV-GOAL-1]" in texts(state)


def test_an_escort_is_the_characters_ally_HV_TGT_2() -> None:
    state = play(10)
    hit = {"type": "attack", "attacker": "lampwright", "target": "lamp-bearer-1", "value": 3}
    assert_rejected(state, GAME.parse_action(hit), "HV-TGT-2")
    boss_turn = play(18)
    listed = {a.target for a in boss_turn.legal_actions() if isinstance(a, Attack)}
    assert listed == {"lampwright", "lamp-bearer-1"}


def test_a_character_chooses_the_cards_it_brings_HV_CHAR_1() -> None:
    state = play(4)
    cards = ["lw-2", "lw-3", "lw-4", "lw-5", "lw-6", "lw-7", "lw-8", "lw-9"]
    short = {"type": "choose-hand", "character": "lampwright", "cards": cards[:7]}
    assert_rejected(state, GAME.parse_action(short), "HV-CHAR-1")
    unknown = {"type": "choose-hand", "character": "lampwright", "cards": [*cards[:7], "xx"]}
    assert_rejected(state, GAME.parse_action(unknown), "HV-CHAR-1")
    state.apply(
        GAME.parse_action({"type": "choose-hand", "character": "lampwright", "cards": cards})
    )
    assert state.characters["lampwright"].hand == cards
    assert {"type": "select-card", "character": "lampwright", "card": "lw-9"} in [
        a.to_json() for a in state.legal_actions()
    ]
    state.apply(GAME.parse_action(SCRIPT[5]))
    again = {"type": "choose-hand", "character": "lampwright", "cards": cards}
    assert_rejected(state, GAME.parse_action(again), "HV-CHAR-1")


def test_damage_to_a_character_waits_for_the_negation_choice_HV_NEG_1() -> None:
    """Suffer it, or lose 1 card from hand (not a selected one) or 2 from discard."""
    state = play(11)
    pending = state.damage[0]
    assert (pending.character, pending.amount) == ("lampwright", 1)
    assert state.figures["lampwright"].hp == 10
    assert_rejected(state, GAME.parse_action({"type": "infuse", "element": "fire"}), "HV-NEG-1")
    selected = {"type": "lose-card", "character": "lampwright", "card": "lw-1"}
    state.apply(GAME.parse_action({"type": "negate", "character": "lampwright", "choice": "hand"}))
    assert_rejected(state, GAME.parse_action(selected), "HV-NEG-1")
    state.apply(GAME.parse_action({**selected, "card": "lw-8"}))
    assert state.figures["lampwright"].hp == 10
    assert state.characters["lampwright"].lost == ["lw-8"]
    assert "lampwright loses lw-8 from its hand and negates 1 damage" in texts(state)


def test_a_short_rest_loses_a_random_card_once_redrawn_for_1_damage_HV_REST_1() -> None:
    rest_at = SCRIPT.index({"type": "short-rest", "character": "lampwright", "rest": False})
    state = play(rest_at)
    hp = state.figures["lampwright"].hp
    state.apply(GAME.parse_action({"type": "short-rest", "character": "lampwright", "rest": True}))
    outcomes = {a.label() for a, _ in state.chance_outcomes()}
    assert outcomes == {"rest-loss lampwright lw-1", "rest-loss lampwright lw-2"}
    state.apply(GAME.parse_action({"type": "rest-loss", "character": "lampwright", "card": "lw-1"}))
    assert state.pending_decision().startswith("short rest: lose lw-1, or suffer 1 damage")
    state.apply(GAME.parse_action({"type": "redraw", "character": "lampwright", "redraw": True}))
    assert state.figures["lampwright"].hp == hp - 1
    # the first card is set aside: the other is the only outcome
    assert [a.label() for a, _ in state.chance_outcomes()] == ["rest-loss lampwright lw-2"]
    state.apply(GAME.parse_action({"type": "rest-loss", "character": "lampwright", "card": "lw-2"}))
    lampwright = state.characters["lampwright"]
    assert lampwright.lost == ["lw-2"] and "lw-1" in lampwright.hand and not lampwright.discard
    assert state.round == 2


def test_ties_on_initiative_are_the_players_choice_HV_INIT_2(tmp_path: Path) -> None:
    """Characters tied on both cards, and monster groups tied, are put in order by the players."""
    library = tmp_path / "library"
    shutil.copytree(LIBRARY, library)
    tidecaller = library / "classes" / "tidecaller.json"
    data = json.loads(tidecaller.read_text())
    for card in data["classes"]["tidecaller"]["cards"]:
        card["initiative"] = {"tc-1": 12, "tc-2": 25}.get(card["id"], card["initiative"])
    tidecaller.write_text(json.dumps(data))
    ashrat = library / "monsters" / "ashrat.json"
    data = json.loads(ashrat.read_text())
    for card in data["monster_decks"]["ashrat"]["cards"]:
        card["initiative"] = 52 if card["id"] == "ash-bite" else card["initiative"]
    ashrat.write_text(json.dumps(data))
    state = GAME.new_state(f"{library}#ember-hall", 1)

    def act(*script: dict[str, object]) -> None:
        for raw in script:
            state.apply(GAME.parse_action(raw))

    def select(character: str, first: str, second: str) -> None:
        for card in (first, second):
            act({"type": "select-card", "character": character, "card": card})

    rule = "The vault is hot: every character entering it suffers 1 damage."
    act(
        {"type": "party-size", "players": 2},
        {"type": "scenario-level", "level": 1},
        {"type": "choose-class", "character": "lampwright", "level": 1},
        {"type": "choose-class", "character": "tidecaller", "level": 1},
        {"type": "resolved", "rule": rule},
    )
    select("lampwright", "lw-1", "lw-2")
    select("tidecaller", "tc-1", "tc-2")
    assert state.pending_decision().startswith("tied on initiative: lampwright, tidecaller")
    assert {a.label() for a in state.legal_actions()} == {
        "act-first lampwright",
        "act-first tidecaller",
    }
    act({"type": "act-first", "character": "tidecaller"})
    assert state.turn is not None and state.turn.actor == "tidecaller"
    assert state.order == ["character:tidecaller", "character:lampwright"]
    act(
        {"type": "spawn", "monster": "cinder-tyrant", "elite": False},
        {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-smoulder"},
        {"type": "spawn", "monster": "ashrat", "elite": False},
        {"type": "draw-ability", "group": "ashrat", "card": "ash-scurry"},
        {"type": "play-half", "card": "tc-1", "half": "top"},
        {"type": "play-half", "card": "tc-2", "half": "bottom"},
        {"type": "end-turn"},
        {"type": "play-half", "card": "lw-1", "half": "top"},
        {"type": "play-half", "card": "lw-2", "half": "bottom"},
        {"type": "end-turn"},
        {"type": "end-turn"},
        {"type": "end-turn"},
        {"type": "short-rest", "character": "lampwright", "rest": False},
        {"type": "short-rest", "character": "tidecaller", "rest": False},
    )
    # round 2: the rats and the boss both draw initiative 52
    select("lampwright", "lw-3", "lw-4")
    select("tidecaller", "tc-3", "tc-4")
    act(
        {"type": "draw-ability", "group": "cinder-tyrant", "card": "tyrant-sweep"},
        {"type": "draw-ability", "group": "ashrat", "card": "ash-bite"},
    )
    assert state.pending_decision().startswith("tied on initiative: ashrat, cinder-tyrant")
    act({"type": "group-first", "group": "cinder-tyrant"})
    order = [e for e in state.order if e.startswith("monster:")]
    assert order == ["monster:cinder-tyrant", "monster:ashrat"]


def test_a_character_s_summon_fights_from_its_summoner_s_deck_HV_SUM_2() -> None:
    state = play(10)
    state.apply(
        GAME.parse_action({"type": "summon", "character": "lampwright", "summon": "lamp-spirit"})
    )
    spirit = state.figures["lampwright-lamp-spirit-1"]
    assert (spirit.hp, spirit.owner) == (3, "lampwright")
    hit = {"type": "attack", "attacker": spirit.id, "target": "cinder-tyrant-1", "value": 1}
    state.apply(GAME.parse_action(hit))
    assert state.attack is not None and state.attack.deck == "lampwright"
    state.apply(GAME.parse_action({"type": "draw-modifier", "deck": "lampwright", "card": "+1"}))
    assert state.figures["cinder-tyrant-1"].hp == 9 - 2
    ally = {"type": "attack", "attacker": spirit.id, "target": "lampwright", "value": 1}
    assert_rejected(state, GAME.parse_action(ally), "HV-TGT-2")
    state.apply(GAME.parse_action({"type": "damage", "figure": spirit.id, "amount": 3}))
    assert spirit.id not in state.figures
    assert f"{spirit.id} is killed [HV-SUM-4]" in texts(state)


def test_a_frosthaven_scenario_plays_on_frosthaven_rules_HV_ADV_3(tmp_path: Path) -> None:
    """The edition picks the ruleset: [FH] a character with advantage keeps either card."""
    library = tmp_path / "library"
    shutil.copytree(LIBRARY, library)
    scenario = library / "scenarios" / "ember-hall.json"
    data = json.loads(scenario.read_text())
    data["edition"] = "fh"
    scenario.write_text(json.dumps(data))
    state = GAME.new_state(f"{library}#ember-hall", 1)
    assert state.ruleset == "frosthaven"
    attack_at = next(n for n, raw in enumerate(SCRIPT) if raw.get("attacker") == "lampwright")
    for raw in SCRIPT[:attack_at]:
        state.apply(GAME.parse_action(raw))
    state.apply(GAME.parse_action({**SCRIPT[attack_at], "mode": "advantage"}))
    for card in ("+0", "+2"):
        state.apply(
            GAME.parse_action({"type": "draw-modifier", "deck": "lampwright", "card": card})
        )
    assert state.current_player() == 0
    assert {a.label() for a in state.legal_actions()} == {
        "keep-modifier 0 +0",
        "keep-modifier 1 +2",
    }
    state.apply(GAME.parse_action({"type": "keep-modifier", "index": 0, "card": "+0"}))
    assert state.figures["cinder-tyrant-1"].hp == 9 - 3


def test_a_lost_half_sends_its_card_to_the_lost_pile_HV_CARD_4() -> None:
    """lw-9's top is a lost half: played, the turn still lists the other card's bottom."""
    state = play(4)
    cards = ["lw-2", "lw-3", "lw-4", "lw-5", "lw-6", "lw-7", "lw-8", "lw-9"]
    state.apply(
        GAME.parse_action({"type": "choose-hand", "character": "lampwright", "cards": cards})
    )
    for card in ("lw-9", "lw-2"):
        state.apply(
            GAME.parse_action({"type": "select-card", "character": "lampwright", "card": card})
        )
    state.apply(GAME.parse_action({"type": "play-half", "card": "lw-9", "half": "top"}))
    assert {a.label() for a in state.legal_actions() if a.TYPE == "play-half"} == {
        "play-half lw-2 bottom False",
        "play-half lw-2 bottom True",
    }
    state.apply(GAME.parse_action({"type": "play-half", "card": "lw-2", "half": "bottom"}))
    state.apply(GAME.parse_action({"type": "end-turn"}))
    lampwright = state.characters["lampwright"]
    assert (lampwright.lost, lampwright.discard) == (["lw-9"], ["lw-2"])


def test_bless_on_a_figure_without_a_deck_does_nothing_HV_COND_BLESS_1() -> None:
    """An escort has no modifier deck: bless has no card to add (the character's summon uses
    its summoner's, HV-SUM-2)."""
    state = play(10)
    state.apply(
        GAME.parse_action(
            {"type": "add-condition", "figure": "lamp-bearer-1", "condition": "bless"}
        )
    )
    assert "lamp-bearer-1 has no modifier deck: bless does nothing" in texts(state)
    state.apply(
        GAME.parse_action({"type": "summon", "character": "lampwright", "summon": "lamp-spirit"})
    )
    blessed = {"type": "add-condition", "figure": "lampwright-lamp-spirit-1", "condition": "bless"}
    state.apply(GAME.parse_action(blessed))
    assert state.decks["lampwright"].counts()["bless"] == 1


def test_a_frosthaven_loot_token_draws_a_loot_card_by_hand_HV_LOOT_5(tmp_path: Path) -> None:
    """[FH] a looted token is a loot card drawn from the scenario's physical loot deck: the
    game waits for the players to draw it, and the end counts cards, not gold (HV-LOOT-4 is
    Gloomhaven's)."""
    library = tmp_path / "library"
    shutil.copytree(LIBRARY, library)
    scenario = library / "scenarios" / "ember-hall.json"
    data = json.loads(scenario.read_text())
    data["edition"] = "fh"
    scenario.write_text(json.dumps(data))
    state = GAME.new_state(f"{library}#ember-hall", 1)
    loot_at = next(n for n, raw in enumerate(SCRIPT) if raw["type"] == "loot")
    gloomhaven = play(loot_at + 1)
    assert not gloomhaven.by_hand
    for raw in SCRIPT[: loot_at + 1]:
        state.apply(GAME.parse_action(raw))
    assert isinstance(state, CompanionState)
    assert state.by_hand and "loot card" in state.by_hand[0] and "HV-LOOT-5" in state.by_hand[0]
    assert [a.TYPE for a in state.legal_actions()] == ["resolved"]
    assert_rejected(state, GAME.parse_action(SCRIPT[loot_at + 1]), "HV-SCEN-7")


def test_the_end_counts_gold_in_gloomhaven_and_loot_cards_in_frosthaven_HV_LOOT_4() -> None:
    state = play()
    assert state.result_text and " gold" in state.result_text
    assert "loot card" not in state.result_text
