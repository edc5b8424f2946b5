"""Push and pull from a modifier card (HV-PUSH-3, HV-PUSH-4, HV-DECK-5, HV-TGT-6).

A drawn card's "push X" / "pull X" moves the attack's target after the damage and the
card's other effects. [GH] it is a push effect of its own, taken or declined on its own,
after the ability's own; [FH] all pushes of one attack combine into one (likewise pulls),
and a push and a pull are done one after the other. A monster's goes as far as it can,
the party choosing the way.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from test_haven_play_support import chance, monster, new_state, play, rect, scenario

from rulekeeper.boards.hexgrid import distance
from rulekeeper.core import RuleViolation
from rulekeeper.games.haven.actions import (
    ChooseTarget,
    DeclineEffect,
    ForceStep,
    KeepEffects,
    Negate,
    PlayHalf,
    SelectCard,
    Skip,
)
from rulekeeper.games.haven.state import HavenState

TESTER = (1, 1)
DUMMY = (2, 1)


def attacked(effect: dict[str, Any], ruleset: str, cards: tuple[str, ...], **kw: Any) -> HavenState:
    """The Tester's melee Attack 1 (with ``effect``) on the Dummy; its deck draws ``cards``."""
    data = scenario(hexes=rect(7, 5), start=[TESTER], **kw)
    data["monsters"] = data["monsters"] or [monster("dummy", DUMMY)]
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [
        {"type": "attack", "value": 1, **effect}
    ]
    state = new_state(data, ruleset)
    for card in cards:
        if card not in state.decks["tester"].counts():
            state.decks["tester"].shuffle_in(card)
    play(state, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(state, "dummy-b")
    play(state, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(state, *cards)
    return state


def push_to_the_end(state: HavenState) -> None:
    """Take the last offered step until the forced movements end."""
    while state.turn is not None and state.turn.stage == "forced":
        steps = [a for a in state.legal_actions() if isinstance(a, ForceStep)]
        play(state, steps[-1] if steps else Skip())


def pushes(state: HavenState) -> list[str]:
    return [e.text for e in state.log if e.kind in ("push", "pull")]


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_PUSH_3_a_modifier_cards_push_moves_the_target_after_the_damage(ruleset: str) -> None:
    """HV-TGT-6 / HV-PUSH-4: the damage first, then the card's push (the player keeps it)."""
    state = attacked({}, ruleset, ("rolling-push-1", "+0"))
    assert state.figures["dummy 1"].hp == 5 - 1  # the damage is dealt before the push
    assert state.legal_actions() == [KeepEffects(), DeclineEffect("push 1")]
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.stage == "forced"
    assert state.turn.attack["forced"]["kind"] == "push"
    push_to_the_end(state)
    assert distance(state.figures["dummy 1"].hex, TESTER) == 2
    assert pushes(state) == ["tester pushes dummy 1 1 hex"]


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_DECK_5_a_character_declines_the_cards_push(ruleset: str) -> None:
    state = attacked({}, ruleset, ("rolling-push-1", "+0"))
    play(state, DeclineEffect("push 1"))
    assert state.turn is not None and state.turn.stage != "forced"
    assert state.figures["dummy 1"].hex == DUMMY and not pushes(state)


def test_HV_PUSH_3_gloomhaven_the_cards_push_is_a_second_push_declined_on_its_own() -> None:
    """GH FAQ: each push effect (the ability's, the card's) is taken or declined on its own."""
    state = attacked({"push": 1}, "gloomhaven", ("rolling-push-1", "+0"))
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.attack["forced"]["left"] == 1
    assert Skip() in state.legal_actions()
    play(state, Skip())  # the ability's own push declined ...
    assert state.turn.stage == "forced" and state.turn.attack["forced"]["left"] == 1
    assert state.turn.attack["forced"]["path"] == [list(DUMMY)]
    push_to_the_end(state)  # ... the card's taken
    assert distance(state.figures["dummy 1"].hex, TESTER) == 2
    assert pushes(state) == ["tester pushes dummy 1 1 hex"]


def test_HV_PUSH_3_gloomhaven_both_pushes_taken_move_the_target_twice() -> None:
    state = attacked({"push": 1}, "gloomhaven", ("rolling-push-1", "+0"))
    play(state, KeepEffects())
    push_to_the_end(state)
    assert distance(state.figures["dummy 1"].hex, TESTER) == 3
    assert pushes(state) == ["tester pushes dummy 1 1 hex"] * 2


def test_HV_PUSH_3_frosthaven_the_abilitys_and_the_cards_pushes_combine_into_one() -> None:
    """FH p.32 and FAQ 5.1: all pushes of one ability are one push (up to the total)."""
    state = attacked({"push": 1}, "frosthaven", ("rolling-push-1", "+0"))
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.attack["forced"]["left"] == 2
    assert not state.turn.attack.get("forced_queue")
    push_to_the_end(state)
    assert distance(state.figures["dummy 1"].hex, TESTER) == 3
    assert pushes(state) == ["tester pushes dummy 1 2 hexes"]


def test_HV_PUSH_3_frosthaven_a_pull_and_the_cards_push_are_done_one_after_the_other() -> None:
    """FH FAQ 5.8: a push and a pull on one attack are done one after the other."""
    state = attacked(
        {"pull": 1, "range": 3},
        "frosthaven",
        ("rolling-push-1", "+0"),
        monsters=[monster("dummy", (3, 1))],
    )
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.attack["forced"]["kind"] == "pull"
    closer = [a for a in state.legal_actions() if isinstance(a, ForceStep)]
    play(state, closer[0])
    assert distance(state.figures["dummy 1"].hex, TESTER) == 1
    assert state.turn.stage == "forced" and state.turn.attack["forced"]["kind"] == "push"
    push_to_the_end(state)
    assert distance(state.figures["dummy 1"].hex, TESTER) == 2
    assert pushes(state) == ["tester pulls dummy 1 1 hex", "tester pushes dummy 1 1 hex"]


def test_HV_PUSH_4_a_target_the_attack_killed_takes_no_card_push() -> None:
    """A 3-hit-point Dummy dies to Attack 1 + 2: the card's push is not offered."""
    data = scenario(hexes=rect(7, 5), start=[TESTER], monsters=[monster("dummy", DUMMY)])
    data["monster_types"]["dummy"]["normal"] = [{"hp": 3, "move": 2, "attack": 2, "range": 0}] * 2
    data["classes"]["tester"]["cards"][0]["top"]["actions"] = [{"type": "attack", "value": 1}]
    dying = new_state(data, "frosthaven")
    dying.decks["tester"].shuffle_in("rolling-push-1")
    play(dying, SelectCard("tester", "t1"), SelectCard("tester", "t3"))
    chance(dying, "dummy-b")
    play(dying, PlayHalf("t1", "top"), ChooseTarget("dummy 1"))
    chance(dying, "rolling-push-1", "+2")
    assert "dummy 1" not in dying.figures
    assert DeclineEffect("push 1") not in dying.legal_actions()  # nothing left to decide
    assert dying.turn is None or dying.turn.stage != "forced"
    assert not pushes(dying)


@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_HV_PUSH_3_a_monsters_card_push_goes_as_far_as_it_can_the_party_picking_the_way(
    ruleset: str,
) -> None:
    """A monster's card push (HV-DECK-1: the monsters' deck) goes its full length."""
    data = scenario(hexes=rect(7, 5), start=[(2, 2)], monsters=[monster("dummy", (3, 1))])
    deck = copy.deepcopy(data["monster_decks"]["dummy"])
    deck["cards"][0]["actions"] = [{"type": "attack", "value": 0}]
    data["monster_decks"]["dummy"] = deck
    data["map"]["terrain"] = {"obstacle": [(1, 3), (2, 3)]}
    state = new_state(data, ruleset)
    state.decks["monsters"].shuffle_in("rolling-push-1")
    state.decks["monsters"].shuffle_in("rolling-push-1")
    play(state, SelectCard("tester", "t5"), SelectCard("tester", "t6"))
    chance(state, "dummy-a", "rolling-push-1", "rolling-push-1", "+0")
    play(state, Negate("tester", "suffer"))
    assert state.turn is not None and state.turn.stage == "forced"
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert legal and Skip() not in legal
    with pytest.raises(RuleViolation) as refused:
        state.apply(Skip())
    assert refused.value.rule_id == "HV-MOVE-1"
    push_to_the_end(state)
    assert distance(state.figures["tester"].hex, (3, 1)) == 3  # two hexes further


def test_HV_PUSH_3_gloomhaven_two_push_cards_are_two_pushes_each_declined_on_its_own() -> None:
    """GH FAQ: a rolling push card and the push card it rolls into are separate effects."""
    state = attacked({}, "gloomhaven", ("rolling-push-1", "+1-push-1"))
    assert state.legal_actions() == [KeepEffects(), DeclineEffect("push 2")]  # shown combined
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.attack["forced"]["left"] == 1
    play(state, Skip())  # the first card's push declined, the second's taken
    assert state.turn.stage == "forced" and state.turn.attack["forced"]["left"] == 1
    push_to_the_end(state)
    assert distance(state.figures["dummy 1"].hex, TESTER) == 2
    assert pushes(state) == ["tester pushes dummy 1 1 hex"]


def test_HV_PUSH_3_frosthaven_two_push_cards_are_one_push() -> None:
    state = attacked({}, "frosthaven", ("rolling-push-1", "+1-push-1"))
    play(state, KeepEffects())
    assert state.turn is not None and state.turn.attack["forced"]["left"] == 2
    push_to_the_end(state)
    assert pushes(state) == ["tester pushes dummy 1 2 hexes"]
