"""Exhaustion both ways, its consequences, and negating damage by losing cards.

HV-EXH-1, HV-EXH-2 and HV-NEG-1 as rule examples: a Dummy next to the Tester
attacks first (its card 45, the Tester leads with 50).
"""

from __future__ import annotations

from test_haven_play_support import (
    at,
    chance,
    idle_target_scenario,
    lost_attack_turn,
    monster,
    new_state,
    play,
    scenario,
)

from rulekeeper.games.haven import exhaustion
from rulekeeper.games.haven.actions import (
    LoseCard,
    Negate,
    PlaceSummon,
    PlayHalf,
    SelectCard,
)
from rulekeeper.games.haven.state import HavenState

POISON_DECK = {
    "cards": [
        {
            "id": "dummy-a",
            "initiative": 45,
            "actions": [{"type": "attack", "value": 0, "conditions": ["poison"]}],
        },
    ]
}


def attacked(hp: int = 10, party: tuple[str, ...] = ("tester",)) -> HavenState:
    state = new_state(
        scenario(
            party=party,
            start=[at(0, 0), at(0, 3)][: len(party)],
            monsters=[monster("dummy", at(1, 0))],
            monster_decks={"dummy": POISON_DECK},
        )
    )
    state.figures["tester"].hp = hp
    for hero in party:
        play(state, SelectCard(hero, "t5"), SelectCard(hero, "t1"))
    chance(state, "dummy-a", "+0")  # the Dummy's card, then its modifier: 2 damage
    return state


def test_HV_EXH_1_a_character_below_1_hit_point_is_exhausted() -> None:
    state = attacked(hp=2)
    assert state.negation is not None
    play(state, Negate("tester", "suffer"))
    assert state.heroes["tester"].exhausted
    assert "tester" not in state.figures


def test_HV_EXH_1_too_few_cards_to_play_or_rest_at_round_start() -> None:
    state = new_state(idle_target_scenario())
    hero = state.heroes["tester"]
    hero.hand = ["t1", "t3", "t5"]
    hero.lost = ["t2", "t4", "t6"]
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "idle")
    lost_attack_turn(state, "t5", "t1")  # t5's top is lost: one card in hand, one in discard
    assert hero.exhausted
    assert any(e.kind == "exhausted" and "HV-EXH-1" in e.rules for e in state.log)


def test_HV_EXH_2_an_exhausted_character_loses_all_cards_and_leaves_with_its_summons() -> None:
    state = new_state(
        scenario(
            party=("tester", "tester2"),
            start=[at(0, 0), at(0, 3)],
            monsters=[monster("dummy", at(5, 3))],
        )
    )
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t6"))
    play(state, SelectCard("tester2", "t2"), SelectCard("tester2", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t6", "top"))
    play(state, PlaceSummon(at(1, 0)))
    assert any(f.kind == "summon" for f in state.figures.values())
    exhaustion.damage(state, state.figures["tester"], 99, "a test")
    hero = state.heroes["tester"]
    assert hero.exhausted and hero.hand == [] and hero.discard == [] and hero.active == []
    assert sorted(hero.lost) == [f"t{i}" for i in range(1, 7)]
    assert not any(f.owner == "tester" or f.id == "tester" for f in state.figures.values())
    assert state.outcome() is None  # the other character plays on


def test_HV_EXH_2_when_every_character_is_exhausted_the_scenario_is_lost() -> None:
    state = attacked(hp=1)
    play(state, Negate("tester", "suffer"))
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "lost" and "HV-EXH-2" in outcome.summary


def test_HV_NEG_1_negate_damage_by_losing_one_card_from_hand() -> None:
    state = attacked(hp=5)
    hero = state.heroes["tester"]
    assert state.legal_actions() == [Negate("tester", "suffer"), Negate("tester", "hand")]
    play(state, Negate("tester", "hand"))
    assert state.legal_actions() == [LoseCard("tester", c) for c in sorted(hero.hand)]
    play(state, LoseCard("tester", "t4"))
    assert state.figures["tester"].hp == 5
    assert hero.lost == ["t4"]
    assert "poison" in state.figures["tester"].conditions  # only the damage is negated


def test_HV_NEG_1_or_two_cards_from_the_discard_pile() -> None:
    state = new_state(
        scenario(monsters=[monster("dummy", at(1, 0))], monster_decks={"dummy": POISON_DECK})
    )
    hero = state.heroes["tester"]
    hero.hand = ["t5", "t1"]
    hero.discard = ["t2", "t3"]
    hero.lost = ["t4", "t6"]
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t1"))
    chance(state, "dummy-a", "+1")
    assert state.legal_actions() == [Negate("tester", "suffer"), Negate("tester", "discard")]
    play(state, Negate("tester", "discard"), LoseCard("tester", "t2"))
    assert state.negation is not None  # one more to go
    play(state, LoseCard("tester", "t3"))
    assert state.figures["tester"].hp == 10 and sorted(hero.lost) == ["t2", "t3", "t4", "t6"]
    negated = next(e for e in state.log if e.kind == "negate")
    assert "from dummy 1" in negated.text and "t2, t3" in negated.text
    assert negated.rules == ("HV-NEG-1",) or list(negated.rules) == ["HV-NEG-1"]


def test_HV_NEG_1_suffering_the_damage_instead() -> None:
    state = attacked(hp=9)
    play(state, Negate("tester", "suffer"))
    assert state.figures["tester"].hp == 7
    assert state.heroes["tester"].lost == []
