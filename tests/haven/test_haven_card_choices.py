"""What a drawn modifier card leaves to choose: the targets it adds and the element it infuses.

- HV-TGT-1: a "+N target" drawn by a figure the engine moves adds targets in range and
  line of sight, not yet targeted, attacked with the attack's value and effects once the
  mover's own targets are done: [GH] the next one by the focus rules (HV-MOVE-MON-1,
  HV-FOCUS-2), [FH] the players' choice (HV-MOVE-MON-3). A monster never stops early;
  [FH] a summon's summoner may (HV-DECK-5).
- HV-RET-2: the retaliate of one target comes before the attack on a card-added target.
- HV-ELEM-1 / HV-ELEM-3: "infuse any" is one element of the attacker's choice (the
  party's for a monster), strong at the end of the turn.
Every choice is an action, so a game replays exactly.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from test_haven_card_targets import CARDS, attacked
from test_haven_play_support import (
    DUMMY_DECK,
    chance,
    dummy_monster,
    monster,
    new_state,
    play,
    rect,
    scenario,
)

from rulekeeper.core import RandomPolicy, RuleViolation, SeededSampler
from rulekeeper.core.conformance import check_game, fuzz_game
from rulekeeper.games.haven.actions import (
    ChooseElement,
    ChooseTarget,
    DeclineEffect,
    KeepEffects,
    Negate,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.render import describe_action
from rulekeeper.games.haven.state import HavenState

PARTY = ("tester", "tester2", "tester3")
ELEMENTS = ["fire", "ice", "air", "earth", "light", "dark"]


def _monster_data() -> dict[str, Any]:
    """A Dummy (melee Attack 2, acting at initiative 5) with the three Testers adjacent:
    tester at initiative 10 (its focus), tester2 at 20, tester3 at 30."""
    deck = copy.deepcopy(DUMMY_DECK)
    deck["cards"][0]["initiative"] = 5
    return scenario(
        party=PARTY,
        hexes=rect(7, 5),
        start=[(1, 1), (2, 0), (3, 0)],
        monsters=[monster("dummy", (2, 1))],
        modifier_cards=copy.deepcopy(CARDS),
        monster_decks={"dummy": deck},
    )


def _setup(ruleset: str, *cards: str, data: dict[str, Any] | None = None) -> HavenState:
    state = new_state(data or _monster_data(), ruleset)
    for card in cards:
        state.decks["monsters"].shuffle_in(card)
    return state


def monster_attacks(ruleset: str, *draws: str, card: str = "rolling-target-1") -> HavenState:
    """The Dummy's turn starts; its first draw (on tester, its focus) is ``draws``."""
    state = _setup(ruleset, card)
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t4"),
        SelectCard("tester2", "t2"),
        SelectCard("tester2", "t4"),
        SelectCard("tester3", "t3"),
        SelectCard("tester3", "t4"),
    )
    chance(state, "dummy-a", *draws)
    suffer_all(state)
    return state


def suffer_all(state: HavenState) -> None:
    while state.negation is not None:
        play(state, Negate(state.negation.hero, "suffer"))


def test_HV_TGT_1_HV_MOVE_MON_1_gloomhaven_ranks_a_monsters_added_target_by_focus() -> None:
    """[GH] tester2 and tester3 are both adjacent: the earlier initiative is the next
    target by the focus rules, attacked at once with the attack's value (2, +0)."""
    state = monster_attacks("gloomhaven", "rolling-target-1", "+0")
    assert state.figures["tester"].hp == 10 - 2
    assert state.is_chance_node()  # no decision: the draw against tester2 has started
    assert state.turn is not None and state.turn.draw_target == "tester2"
    chance(state, "+0")
    suffer_all(state)
    assert state.figures["tester2"].hp == 10 - 2
    assert state.figures["tester3"].hp == 10  # one target added, one attacked
    picked = [e for e in state.log if e.kind == "card-target" and e.data.get("target")]
    assert picked and "HV-MOVE-MON-1" in picked[-1].rules
    assert not state.by_hand


def test_HV_TGT_1_HV_MOVE_MON_3_frosthaven_players_choose_a_monsters_added_target() -> None:
    """[FH] every eligible target is the players' choice (player 0); a monster cannot stop."""
    state = monster_attacks("frosthaven", "rolling-target-1", "+0")
    assert state.turn is not None and state.turn.stage == "added_target"
    assert state.current_player() == 0
    assert state.legal_actions() == [ChooseTarget("tester2"), ChooseTarget("tester3")]
    before = state.to_dict()
    for bad, rule in ((Skip(), "HV-TGT-1"), (ChooseTarget("tester"), "HV-TGT-1")):
        with pytest.raises(RuleViolation) as refused:
            state.apply(bad)
        assert refused.value.rule_id == rule
        assert state.to_dict() == before
    label = describe_action(state, ChooseTarget("tester3"))
    assert "tester3" in label and "added target" in label
    play(state, ChooseTarget("tester3"))
    chance(state, "+1")
    suffer_all(state)
    assert state.figures["tester3"].hp == 10 - 3
    assert state.figures["tester2"].hp == 10


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_a_monsters_added_target_gets_no_more_targets(ruleset: str) -> None:
    """A "+1 target" drawn against the added target adds none."""
    state = monster_attacks(ruleset, "rolling-target-1", "+0")
    state.decks["monsters"].shuffle_in("rolling-target-1")
    if ruleset == "frosthaven":
        play(state, ChooseTarget("tester2"))
    chance(state, "rolling-target-1", "+0")
    suffer_all(state)
    assert state.figures["tester3"].hp == 10
    assert any(e.kind == "card-target" and "no further" in e.text for e in state.log)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_TGT_1_with_no_enemy_left_in_reach_the_added_target_is_lost(ruleset: str) -> None:
    data = _monster_data()
    data["start_hexes"] = [(1, 1), (5, 0), (6, 0)]  # only tester is adjacent
    state = _setup(ruleset, "rolling-target-1", data=data)
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t4"),
        SelectCard("tester2", "t2"),
        SelectCard("tester2", "t4"),
        SelectCard("tester3", "t3"),
        SelectCard("tester3", "t4"),
    )
    chance(state, "dummy-a", "rolling-target-1", "+0")
    suffer_all(state)
    assert state.turn is not None and state.turn.actor == "tester"  # the Dummy's turn is over
    assert any(e.kind == "card-target" and "no enemy left" in e.text for e in state.log)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_RET_2_a_monster_suffers_retaliate_before_its_card_added_target(ruleset: str) -> None:
    """The focus's retaliate comes once its attack is resolved, before the added attack."""
    state = _setup(ruleset, "rolling-target-1")
    state.figures["tester"].retaliate = [[1, 0]]
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t4"),
        SelectCard("tester2", "t2"),
        SelectCard("tester2", "t4"),
        SelectCard("tester3", "t3"),
        SelectCard("tester3", "t4"),
    )
    chance(state, "dummy-a", "rolling-target-1", "+0")
    suffer_all(state)
    if ruleset == "frosthaven":
        play(state, ChooseTarget("tester2"))
    assert state.figures["dummy 1"].hp == 5 - 1
    kinds = [(e.kind, e.data.get("target")) for e in state.log]
    retaliated = kinds.index(("retaliate", None))
    assert retaliated < kinds.index(("attack", "tester2"))


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_RET_2_a_monster_killed_by_retaliate_attacks_no_added_target(ruleset: str) -> None:
    state = _setup(ruleset, "rolling-target-1")
    state.figures["tester"].retaliate = [[1, 0]]
    state.figures["dummy 1"].hp = 1
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t4"),
        SelectCard("tester2", "t2"),
        SelectCard("tester2", "t4"),
        SelectCard("tester3", "t3"),
        SelectCard("tester3", "t4"),
    )
    chance(state, "dummy-a", "rolling-target-1", "+0")
    suffer_all(state)
    assert "dummy 1" not in state.figures
    assert not any(e.kind == "attack" and e.data.get("target") != "tester" for e in state.log)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_RET_2_a_character_suffers_retaliate_before_choosing_its_card_added_target(
    ruleset: str,
) -> None:
    """[GH] and [FH] alike: the bearer's retaliate resolves before the ability's next
    attack, the one a "+1 target" card added included."""
    three = [monster("dummy", (2, 1)), monster("dummy", (1, 2)), monster("dummy", (0, 2))]
    state = attacked(ruleset, (), three)
    # attacked() stops before the draw: give dummy 1 retaliate, then draw.
    state.figures["dummy 1"].retaliate = [[1, 0]]
    state.decks["tester"].shuffle_in("rolling-target-1")
    chance(state, "rolling-target-1", "+0")
    play(state, KeepEffects())
    suffer_all(state)
    assert state.figures["tester"].hp == 10 - 1  # retaliated before the added target
    assert state.turn is not None and state.turn.stage == "attack"
    assert ChooseTarget("dummy 2") in state.legal_actions()


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ELEM_1_HV_ELEM_3_a_characters_infuse_any_is_its_players_choice(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-infuse-any", "+0"))
    assert DeclineEffect("infuse any") in state.legal_actions()
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.stage == "card_element"
    assert state.legal_actions() == [ChooseElement(e) for e in ELEMENTS]  # type: ignore[arg-type]
    assert state.current_player() == state.heroes["tester"].player
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        state.apply(ChooseTarget("dummy 1"))
    assert refused.value.rule_id == "HV-ELEM-3" and state.to_dict() == before
    assert "ice" in describe_action(state, ChooseElement("ice"))
    play(state, ChooseElement("ice"))
    assert state.turn is not None and state.turn.infusions == ["ice"]
    assert not state.by_hand
    play(state, PlayHalf("t3", "bottom"), Skip())  # the turn ends: ice is infused
    assert state.elements.get("ice") in ("strong", "waning")


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_5_a_declined_infuse_any_infuses_nothing(ruleset: str) -> None:
    state = attacked(ruleset, ("rolling-infuse-any", "+0"))
    play(state, DeclineEffect("infuse any"))
    assert state.turn is None or state.turn.stage != "card_element"
    assert not state.turn or not state.turn.infusions


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_ELEM_3_the_party_chooses_a_monsters_infuse_any(ruleset: str) -> None:
    state = monster_attacks(ruleset, "rolling-infuse-any", "+0", card="rolling-infuse-any")
    assert state.turn is not None and state.turn.stage == "card_element"
    assert state.current_player() == 0
    assert state.legal_actions() == [ChooseElement(e) for e in ELEMENTS]  # type: ignore[arg-type]
    play(state, ChooseElement("dark"))
    assert state.turn is not None and state.turn.actor == "tester"  # the Dummy's turn ended
    assert state.elements.get("dark") == "strong"


def _summon_attacks(ruleset: str) -> HavenState:
    """Round 2: the Tester's pup attacks dummy 1 with a "+1 target" from its summoner's deck;
    the other Dummy is also adjacent to the pup."""
    data = scenario(
        hexes=rect(7, 5),
        start=[(0, 0)],
        monsters=[monster("dummy", (2, 0)), monster("dummy", (2, -1))],
        modifier_cards=copy.deepcopy(CARDS),
    )
    data["monster_decks"] = {"dummy": copy.deepcopy(DUMMY_DECK)}
    for card in data["monster_decks"]["dummy"]["cards"]:
        card["actions"] = [{"type": "shield", "value": 0}]  # the Dummies stand still
    state = new_state(data, ruleset)
    play(state, SelectCard("tester", "t6"), SelectCard("tester", "t1"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"), PlaceSummon((1, 0)), PlayHalf("t1", "bottom"), Skip())
    play(state, SelectCard("tester", "t2"), SelectCard("tester", "t3"))
    state.decks["tester"].shuffle_in("rolling-target-1")
    chance(state, "dummy-a")
    while state.turn is not None and state.turn.stage == "monster_option":
        play(state, state.legal_actions()[0])  # HV-MOVE-MON-3: tied foci
    chance(state, "rolling-target-1", "+0")
    return state


def test_HV_DECK_5_frosthaven_a_summoner_picks_or_leaves_out_its_summons_added_target() -> None:
    state = _summon_attacks("frosthaven")
    play(state, KeepEffects())  # [FH] the summoner decides the summon's card effects
    first = state.turn.targeted[0] if state.turn else ""
    other = "dummy 2" if first == "dummy 1" else "dummy 1"
    assert state.turn is not None and state.turn.stage == "added_target"
    assert state.legal_actions() == [ChooseTarget(other), Skip()]
    assert "added target" in describe_action(state, Skip())
    play(state, Skip())
    assert state.figures[other].hp == 5
    assert state.turn is None or state.turn.actor != "tester-pup-1"


def test_HV_TGT_1_gloomhaven_a_summons_only_eligible_added_target_is_attacked() -> None:
    state = _summon_attacks("gloomhaven")
    first = state.turn.targeted[0] if state.turn else ""
    other = "dummy 2" if first == "dummy 1" else "dummy 1"
    assert state.is_chance_node() and state.turn is not None
    assert state.turn.draw_target == other
    chance(state, "+0")
    assert state.figures[other].hp == 5 - 1


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_card_choices_replay_exactly_from_the_actions(ruleset: str) -> None:
    """The added target and the chosen element are recorded actions: replaying the same
    setup with the recorded actions gives the same state."""
    state = monster_attacks(ruleset, "rolling-target-1", "+0")
    if ruleset == "frosthaven":
        play(state, ChooseTarget("tester3"))
    state.decks["monsters"].shuffle_in("rolling-infuse-any")
    chance(state, "rolling-infuse-any", "+0")
    suffer_all(state)
    play(state, ChooseElement("fire"))
    twin = new_state(_monster_data(), ruleset, numbered=False)  # the numbers are recorded
    twin.decks["monsters"].shuffle_in("rolling-target-1")
    recorded = [a.to_json() for _, a in state.history]
    split = next(
        i for i, (_, a) in enumerate(state.history) if a.label().endswith("rolling-infuse-any")
    )
    for index, raw in enumerate(recorded):
        if index == split:
            twin.decks["monsters"].shuffle_in("rolling-infuse-any")
        twin.apply(GAME.parse_action(raw))
    assert twin.to_dict()["state"] == state.to_dict()["state"]
    copied = state.clone()
    assert copied.to_dict() == state.to_dict()


def _perk_scenario(tmp_path: Path) -> str:
    """Two Testers whose decks (and so the pup's) hold "+1 target" and "infuse any" cards,
    against four Dummies close by: random play meets both choices."""
    data = scenario(
        party=("tester", "tester2"),
        hexes=rect(6, 4),
        start=[(0, 0), (0, 1)],
        monsters=[
            monster("dummy", (2, 0)),
            monster("dummy", (2, 1)),
            monster("dummy", (3, 0), elite=True),
            monster("dummy", (1, 2)),
        ],
        modifier_cards=copy.deepcopy(CARDS),
        characters={
            cls: {"perks": [{"add": {"rolling-target-1": 4, "rolling-infuse-any": 3}}]}
            for cls in ("tester", "tester2")
        },
    )
    for cls in ("tester", "tester2"):
        data["classes"][cls]["hp"] = [30]
    data["monster_types"]["dummy"] = dummy_monster(hp=4, attack=1)
    path = tmp_path / "card-choices.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_card_choices_conform_in_seeded_random_play(tmp_path: Path, ruleset: str) -> None:
    """check_game replays each game exactly and round-trips every state; fuzz_game offers
    out-of-place actions at every step (an element or a target when none is asked)."""
    path = _perk_scenario(tmp_path)
    seeds = range(1, 5)
    stages: set[str] = set()
    for seed in seeds:
        state = GAME.new_state(path, seed, ruleset)
        policy, sampler = RandomPolicy(seed), SeededSampler(seed)
        while not state.is_terminal():
            if state.turn is not None:
                stages.add(state.turn.stage)
            state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    assert "card_element" in stages
    report = check_game(GAME, path, seeds, ruleset=ruleset)
    assert report.games == len(seeds)
    assert fuzz_game(GAME, path, range(1, 3), ruleset=ruleset) > 0


@pytest.mark.parametrize(
    ("ruleset", "deck"), [("gloomhaven", "monsters"), ("frosthaven", "allies")]
)
def test_HV_MOVE_MON_3_an_allys_tied_added_targets_are_the_players_choice(
    ruleset: str, deck: str
) -> None:
    """A scenario ally (HV-GOAL-3) with three Dummies adjacent draws "+1 target": the two
    left are tied ([GH] same proximity and initiative), so the party picks; no stopping."""
    data = scenario(
        party=("tester", "tester2"),
        hexes=rect(7, 5),
        monsters=[monster("dummy", (3, 0)), monster("dummy", (2, 1)), monster("dummy", (1, 1))],
        modifier_cards=copy.deepcopy(CARDS),
    )
    data["allies"] = {
        "initiative": 5,
        "figures": [{"id": "guard-1", "hex": (2, 0), "hp": 5, "move": 0, "attack": 2}],
    }
    data["start_hexes"] = [(0, 4), (1, 4)]
    state = new_state(data, ruleset)
    while state.is_chance_node():  # [GH] the ally tokens' numbers
        play(state, state.legal_actions()[0])
    state.decks[deck].shuffle_in("rolling-target-1")
    play(
        state,
        SelectCard("tester", "t5"),
        SelectCard("tester", "t6"),
        SelectCard("tester2", "t6"),
        SelectCard("tester2", "t5"),
    )
    chance(state, "dummy-b")
    while state.turn is not None and state.turn.stage == "monster_option":
        play(state, state.legal_actions()[0])  # HV-MOVE-MON-3: the tied foci
    assert state.turn is not None and state.turn.actor == "guard-1"
    first = state.turn.draw_target
    chance(state, "rolling-target-1", "+0")
    assert state.turn is not None and state.turn.stage == "added_target"
    assert state.current_player() == 0
    others = sorted({"dummy 1", "dummy 2", "dummy 3"} - {first})
    assert state.legal_actions() == [ChooseTarget(t) for t in others]
    play(state, ChooseTarget(others[1]))
    chance(state, "+0")
    assert state.figures[others[1]].hp == 5 - 2 and state.figures[others[0]].hp == 5


def test_HV_GOAL_2_HV_FOCUS_2_gloomhaven_ranks_a_wide_objective_by_its_nearest_hex() -> None:
    """[GH] a ranged Dummy (it steps to [3, 0] to avoid disadvantage) draws "+1 target"
    against tester: the altar's hexes are 4, 3 and 1 away (its first hex the farthest),
    tester2 is 3 away: proximity to the altar's nearest hex puts it first."""
    deck = copy.deepcopy(DUMMY_DECK)
    deck["cards"][0]["initiative"] = 5
    data = scenario(
        party=("tester", "tester2"),
        hexes=rect(7, 5),
        start=[(3, 2), (5, 1)],
        monsters=[monster("dummy", (3, 1))],
        modifier_cards=copy.deepcopy(CARDS),
        monster_decks={"dummy": deck},
    )
    data["monster_types"]["dummy"] = dummy_monster(range_=3)
    data["objectives"] = [
        {
            "id": "altar",
            "name": "Altar",
            "hexes": [(0, 1), (1, 1), (2, 1)],
            "hp": 9,
            "monsters_target": True,
        }
    ]
    state = _setup("gloomhaven", "rolling-target-1", data=data)
    play(
        state,
        SelectCard("tester", "t1"),
        SelectCard("tester", "t4"),
        SelectCard("tester2", "t2"),
        SelectCard("tester2", "t4"),
    )
    chance(state, "dummy-a")
    while state.turn is not None and state.turn.stage == "monster_option":
        play(state, state.legal_actions()[0])
    assert state.turn is not None and state.turn.draw_target == "tester"
    chance(state, "rolling-target-1", "+0")
    suffer_all(state)
    assert state.turn is not None and state.turn.draw_target == "altar"
    assert any(e.kind == "card-target" and "HV-MOVE-MON-1" in e.rules for e in state.log)
