"""The round, taking actions, the kinds of action and the end of the game.

ET-TIME-1, ET-KIND-1, ET-ROUND-1, ET-END-1.
"""

from __future__ import annotations

import pytest
from ether_setup import die, give, hand, new_game, odo_turn, reveal, spawn

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import CHANCE, RuleViolation, ScriptedSampler, advance_chance
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.ether.actions import (
    ACTION_KIND,
    AddSource,
    AssignDamage,
    EndActivation,
    EndMovement,
    Pay,
    Spend,
    Step,
    attack,
    face_boss,
    influence,
    move,
)
from rulekeeper.games.ether.game import GAME

W = "wren"
ODO = "odo"


def test_ET_ROUND_1_a_new_game_starts_with_refresh_draws() -> None:
    """ET-ROUND-1: Refresh draws each hero up to hand size, card by card (chance)."""
    state = GAME.new_state("lantern-rift", 7)
    assert state.current_player() == CHANCE
    assert state.pending_draws == [0, 0, 0, 1, 1, 1]
    assert len(state.chance_outcomes()) == 11  # distinct influence cards
    advance_chance(
        state, ScriptedSampler(["red-fury"] * 2 + ["scavenge"] * 2 + ["idle-musing"] * 2)
    )
    assert state.phase == "activation" and state.current_player() == 0
    assert state.heroes[0].hand == ["red-fury", "red-fury", "scavenge"]


def test_ET_ROUND_1_activation_enemy_phase_and_refresh() -> None:
    """ET-ROUND-1: Wren, then Odo, then enemies on a hero's card strike, then refresh."""
    state = new_game()
    wren, odo = state.heroes
    odo.space = Space(2, 0)
    reveal(state, "mossy-steps", CardPos(2, 0))
    hound = spawn(state, "bog-hound", Space(1, 1))  # Wren's card
    spawn(state, "mire-maw", Space(3, 1))  # Odo's card
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    state.apply(EndActivation())
    assert state.current_player() == 1
    state.apply(EndActivation())
    # Enemy phase: the hound hits Wren for 2, the maw hits Odo for 3.
    assert wren.health == 6 and odo.health == 7
    assert state.ether == 1 and state.round == 2
    # Refresh: dice ready again, Wren's hand is still full so no draws are due.
    assert all(d.ready for d in wren.dice)
    assert state.current_player() == 0
    assert hound in state.enemies


def test_ET_ROUND_1_heroes_choose_who_takes_a_hit_when_several_are_there() -> None:
    state = new_game()
    hound = spawn(state, "bog-hound", Space(1, 1))
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert state.phase == "enemy"
    actions = state.legal_actions()
    assigns = [a for a in actions if isinstance(a, AssignDamage)]
    assert assigns == [AssignDamage(hound, "wren"), AssignDamage(hound, "odo")]
    with pytest.raises(RuleViolation) as caught:
        state.apply(AssignDamage(hound, "nobody"))
    assert caught.value.rule_id == "ET-ROUND-1"
    state.apply(AssignDamage(hound, "odo"))
    assert state.heroes[1].health == 8 and state.heroes[0].health == 8


def test_ET_ROUND_1_armor_from_the_inventory_reduces_enemy_damage() -> None:
    state = new_game()
    state.heroes[0].inventory.append("iron-skin")
    state.influence_deck.draw("iron-skin")
    state.heroes[1].space = None  # Odo is out of the game; Wren alone takes the hit
    spawn(state, "bog-hound", Space(1, 1))
    state.apply(EndActivation())
    assert state.heroes[0].health == 7


def test_ET_TIME_1_any_number_of_actions_in_one_activation() -> None:
    """ET-TIME-1: Wren pays for three actions in a row while she can pay."""
    state = new_game()
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    state.apply(Pay(W, (hand("quick-feet"),), (move(1),)))
    assert state.moving == 3 and state.current_player() == 0


def test_ET_TIME_1_a_hero_acts_in_the_enemy_phase_before_the_enemy_strikes() -> None:
    """ET-TIME-1 (issue 17 ruling): actions at any time of the round, the enemy phase too.

    The hound is about to strike; Wren, outside any activation, pays two wrath
    and defeats it first, so nobody is hit.
    """
    state = new_game()
    hound = spawn(state, "bog-hound", Space(1, 1))
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert state.phase == "enemy"
    pay = Pay(W, (die("red"), hand("ember-spite")), (attack(hound, 2),))
    assert AddSource(W, die("red")) in state.legal_actions()
    state.apply(pay)
    assert hound not in state.enemies
    assert state.round == 2 and [h.health for h in state.heroes] == [8, 10]


def test_ET_TIME_1_a_hero_pays_and_acts_in_another_heros_activation() -> None:
    """ET-TIME-1 (issue 17 ruling): the action carries the acting hero.

    In Wren's activation Odo plays Mending Hymn on himself, paid from his own
    hand; the activation stays Wren's.
    """
    state = new_game()
    odo = state.heroes[1]
    odo.health = 6
    assert AddSource(ODO, hand("mending-hymn")) in state.legal_actions()
    state.apply(Pay(ODO, (hand("mending-hymn"),), (influence("mending-hymn"),)))
    assert odo.health == 8 and odo.hand == ["iron-skin"]
    assert state.active == 0 and state.current_player() == 0
    assert state.heroes[0].hand == ["glimmer-thought", "quick-feet", "ember-spite"]


def test_ET_TIME_1_a_card_timed_for_the_activation_waits_for_the_heros_own() -> None:
    """ET-INF-3 forbids what ET-TIME-1 otherwise allows: Scavenge is for Odo's own activation."""
    state = new_game()
    give(state, 1, "scavenge")
    scavenge = Pay(ODO, (die("green"), hand("mending-hymn")), (influence("scavenge"),))
    assert_rejected(state, scavenge, "ET-INF-3")
    odo_turn(state)
    state.apply(scavenge)
    assert state.pending_items == 1


def test_ET_TIME_1_a_hero_steps_away_in_the_enemy_phase_and_the_enemy_waits() -> None:
    """ET-TIME-1: before the hound strikes, Odo pays a move and leaves its card.

    The enemy waits while Odo moves (his movement is resolved first); once he
    stops, only Wren is on the hound's card, so she takes the hit with no choice.
    """
    state = new_game()
    hound = spawn(state, "bog-hound", Space(1, 1))
    state.heroes[1].space = Space(0, 0)
    state.heroes[0].space = Space(1, 1)
    reveal(state, "whispering-well", CardPos(0, -2))
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert state.phase == "enemy" and hound in state.enemy_queue
    state.apply(Pay(ODO, (die("yellow"),), (move(1),)))
    assert state.current_player() == 1 and state.phase == "enemy"
    assert AssignDamage(hound, "wren") in state.legal_actions()  # still the heroes' call
    state.apply(Step("north"))  # onto the Whispering Well: off the hound's card
    assert state.round == 2  # the hound struck Wren alone, and the round ended
    assert [h.health for h in state.heroes] == [6, 10]


def test_ET_TIME_1_a_hero_defeats_the_next_enemy_while_moving_in_the_enemy_phase() -> None:
    """ET-TIME-1 / ET-ROUND-1: the enemy defeated mid-movement leaves the enemy queue.

    Odo pays a move in the enemy phase, then, before stepping, pays two wrath and
    defeats the hound that was about to strike. The hound must leave the queue:
    the heroes are offered the rest of the movement and no hit to assign, and
    the round ends once Odo stops (a random game on ether-spire, seed 259, used
    to fail here looking the defeated enemy up).
    """
    state = new_game()
    hound = spawn(state, "bog-hound", Space(1, 1))
    state.heroes[1].space = Space(1, 1)
    give(state, 1, "ember-spite")
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert state.phase == "enemy" and state.enemy_queue == [hound]
    state.apply(Pay(ODO, (die("yellow"),), (move(1),)))
    state.apply(Pay(ODO, (die("red"), hand("ember-spite")), (attack(hound, 2),)))
    assert hound not in state.enemies and state.enemy_queue == []
    assert state.phase == "enemy" and state.moving == 1
    legal = state.legal_actions()
    assert EndMovement() in legal
    assert not [a for a in legal if isinstance(a, AssignDamage)]
    assert_rejected(state, AssignDamage(hound, "odo"), "ET-ROUND-1")
    assert "strikes" not in state.pending_decision() and GAME.render(state)
    state.apply(EndMovement())
    assert state.round == 2 and [h.health for h in state.heroes] == [8, 10]


def test_ET_TIME_1_one_payment_and_one_movement_at_a_time() -> None:
    """Our reading of ET-TIME-1: another hero acts once a movement or a payment is done."""
    state = new_game()
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    assert_rejected(state, Pay(ODO, (die("yellow"),), (move(1),)), "ET-TIME-1")
    state.apply(Step("east"))
    state.apply(AddSource(W, die("green")))
    assert state.current_player() == 0
    assert_rejected(state, AddSource(ODO, die("green")), "ET-PAY-2")
    assert not any(getattr(a, "hero", W) == ODO for a in state.legal_actions())


def test_ET_KIND_1_standard_influence_and_map_actions_are_offered() -> None:
    """ET-KIND-1: one gathered payment can buy an action of each kind."""
    state = new_game()
    for source in (die("green"), die("yellow"), die("red")):
        state.apply(AddSource(W, source))
    kinds = {ACTION_KIND[a.action.kind] for a in state.legal_actions() if isinstance(a, Spend)}
    assert kinds == {"standard", "influence", "map"}
    menu = [GAME.describe_action(state, a) for a in state.legal_actions() if isinstance(a, Spend)]
    assert any(m.startswith("Wren Ashvale: [map] explore north") for m in menu)
    assert any(m.startswith("Wren Ashvale: [standard] move 1") for m in menu)
    assert any(m.startswith("Wren Ashvale: [influence] play Glimmer Thought") for m in menu)


def test_ET_END_1_the_ether_track_reaching_its_end_loses() -> None:
    state = new_game()
    state.ether = state.content.ether_end - 1
    state.apply(EndActivation())
    state.apply(EndActivation())
    assert state.is_terminal()
    assert state.outcome().result == "lost"
    assert "ether" in state.outcome().summary
    assert state.legal_actions() == []


def test_ET_END_1_every_hero_defeated_loses() -> None:
    state = new_game()
    for hero in state.heroes:
        hero.health = 1
    maw = spawn(state, "mire-maw", Space(0, 0))
    state.heroes[1].space = Space(1, 1)
    state.apply(EndActivation())
    state.apply(EndActivation())
    assigns = [a for a in state.legal_actions() if isinstance(a, AssignDamage)]
    assert assigns == [AssignDamage(maw, "wren"), AssignDamage(maw, "odo")]
    state.apply(AssignDamage(maw, "wren"))
    assert state.heroes[0].defeated
    assert not state.is_terminal()
    # Next round only Odo acts; when the maw fells him too, the game is lost.
    assert state.round == 2 and state.current_player() == 1
    state.apply(EndActivation())
    assert state.heroes[1].defeated
    assert state.outcome().result == "lost"
    assert "every hero" in state.outcome().summary


def test_ET_END_1_the_boss_defeated_wins() -> None:
    state = new_game()
    reveal(state, "ashen-throne", CardPos(2, 0))
    state.resolved_uniques.add("kindle-lantern")
    state.heroes[0].space = Space(2, 0)
    state.enemies["boss"].damage_taken = 5
    state.apply(Pay(W, (die("red"),), (face_boss(1),)))
    assert state.outcome().result == "won"
    assert state.is_terminal()


def test_legal_action_count_at_the_first_activation() -> None:
    """A perft-style count: each hero's distinct sources to add, and ending the activation.

    Wren: 3 hand cards, 1 item, dice of 3 colours (two yellow count once) = 7;
    Odo (ET-TIME-1, out of his activation): 2 distinct hand cards, 1 item,
    3 colours = 6.
    """
    state = new_game()
    actions = state.legal_actions()
    assert len(actions) == 14
    assert sum(isinstance(a, AddSource) and a.hero == W for a in actions) == 7
    assert sum(isinstance(a, AddSource) and a.hero == ODO for a in actions) == 6
    assert actions[-1] == EndActivation()
    state.apply(AddSource(W, die("yellow")))
    spends = [a for a in state.legal_actions() if isinstance(a, Spend)]
    # One cunning pays a 1-space move or Glimmer Thought; Ember Spite has no target.
    assert sorted(GAME.describe_action(state, a).split(" - ")[0] for a in spends) == [
        "Wren Ashvale: [influence] play Glimmer Thought (instant: draw 1 card)",
        "Wren Ashvale: [standard] move 1",
    ]
