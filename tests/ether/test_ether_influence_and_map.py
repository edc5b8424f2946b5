"""Influence actions (ET-INF-*) and map actions (ET-MAP-1, ET-EXP-*, ET-UNQ-*)."""

from __future__ import annotations

from ether_setup import die, give, hand, inventory, new_game, odo_turn, reveal, spawn

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.ether.actions import (
    AddSource,
    EndActivation,
    Pay,
    Spend,
    Step,
    attack,
    explore,
    influence,
    move,
    unique,
)

W = "wren"
ODO = "odo"


# -- influence -------------------------------------------------------------
def test_ET_INF_1_an_instant_card_is_discarded_and_resolves_at_once() -> None:
    """ET-INF-1: Glimmer Thought (1 cunning): discarded, then its draw resolves."""
    state = new_game()
    wren = state.heroes[0]
    state.apply(Pay(W, (die("yellow"),), (influence("glimmer-thought"),)))
    assert "glimmer-thought" in state.influence_deck.discard_pile
    assert state.is_chance_node()
    advance_chance(state, ScriptedSampler(["red-fury"]))
    assert sorted(wren.hand) == ["ember-spite", "quick-feet", "red-fury"]


def test_ET_INF_1_a_damage_card_needs_an_enemy_target_in_the_active_area() -> None:
    state = new_game()
    assert_rejected(state, Pay(W, (die("yellow"),), (influence("ember-spite"),)), "ET-INF-1")
    assert_rejected(state, Pay(W, (die("yellow"),), (influence("red-fury"),)), "ET-INF-1")
    rat = spawn(state, "gloom-rat", Space(1, 0))
    state.apply(Pay(W, (die("yellow"),), (influence("ember-spite", rat),)))
    assert rat not in state.enemies


def test_ET_INF_2_the_instant_card_is_not_among_its_own_sources() -> None:
    """ET-INF-2: even when other sources would cover the cost."""
    state = new_game()
    assert_rejected(
        state,
        Pay(W, (hand("glimmer-thought"), die("yellow")), (influence("glimmer-thought"),)),
        "ET-INF-2",
    )


def test_ET_INF_3_a_movement_card_is_played_only_while_moving() -> None:
    """ET-INF-3: Quick Feet (timing: movement) adds two spaces to a movement."""
    state = new_game()
    assert_rejected(state, Pay(W, (die("green"),), (influence("quick-feet"),)), "ET-INF-3")
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    state.apply(Pay(W, (die("green"),), (influence("quick-feet"),)))
    assert state.moving == 3


def test_ET_INF_3_an_activation_card_is_not_played_while_moving() -> None:
    """ET-INF-3: Second Wind (timing: activation) waits until the movement is over."""
    state = new_game()
    give(state, 0, "second-wind")
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    assert_rejected(state, Pay(W, (die("red"),), (influence("second-wind"),)), "ET-INF-3")
    state.apply(Step("east"))
    state.apply(Pay(W, (die("red"),), (influence("second-wind"),)))
    assert state.heroes[0].die("yellow-1").ready


def test_ET_INF_4_an_ongoing_card_goes_to_the_inventory_as_an_item() -> None:
    """ET-INF-4: Iron Skin lies in the inventory, gives armor, and can pay later."""
    state = odo_turn(new_game())
    odo = state.heroes[1]
    assert_rejected(
        state,
        Pay(ODO, (hand("iron-skin"), die("green")), (influence("iron-skin"),)),
        "ET-INF-4",
    )
    state.apply(Pay(ODO, (die("green"), die("red")), (influence("iron-skin"),)))
    assert "iron-skin" in odo.inventory and "iron-skin" not in odo.hand
    assert state.passive(odo, "armor") == 1
    # From now on it is an inventory source yielding its wrath.
    hound = spawn(state, "gloom-rat", Space(0, 0))
    state.apply(Pay(ODO, (inventory("iron-skin"),), (attack(hound, 1),)))
    assert "iron-skin" in state.influence_deck.discard_pile


# -- map actions -----------------------------------------------------------
def test_ET_MAP_1_no_map_action_in_the_middle_of_a_movement() -> None:
    """ET-MAP-1: the hero stands on the explore arrow but is still moving."""
    state = new_game()
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    assert_rejected(state, Pay(W, (die("green"),), (explore("north"),)), "ET-MAP-1")
    state.apply(Step("east"))  # the movement is over in the shrine's space
    state.heroes[0].health = 5
    state.apply(Pay(W, (die("green"),), (unique("shrine-rest"),)))
    assert state.heroes[0].health == 7


def test_ET_MAP_1_a_map_action_is_taken_in_its_own_space() -> None:
    state = new_game()
    assert_rejected(state, Pay(W, (die("green"),), (unique("shrine-rest"),)), "ET-MAP-1")
    assert_rejected(state, Pay(W, (die("green"),), (explore("east"),)), "ET-MAP-1")


def test_ET_EXP_1_explore_places_the_drawn_card_in_the_arrows_direction() -> None:
    """ET-EXP-1: the arrow in 1,1 points east; the drawn card lands at card (1,0)."""
    state = new_game()
    state.heroes[0].space = Space(1, 1)
    state.apply(Pay(W, (die("green"),), (explore("east"),)))
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 10
    advance_chance(state, ScriptedSampler(["ember-forge"]))
    assert state.placed[CardPos(2, 0)] == "ember-forge"
    assert state.board.has_space(Space(2, 1))
    assert "ember-forge" not in state.map_deck.draw_pile


def test_ET_EXP_1_the_explore_cost_is_the_awareness_shown() -> None:
    """ET-EXP-1: the south arrow costs 2 awareness."""
    state = new_game()
    state.heroes[0].space = Space(1, 1)
    assert_rejected(state, Pay(W, (die("green"),), (explore("south"),)), "ET-PAY-4")
    state.apply(Pay(W, (die("green"), hand("glimmer-thought")), (explore("south"),)))
    assert state.pending_map == (Space(1, 1), "south")


def test_ET_EXP_1_an_empty_map_deck_cannot_be_explored() -> None:
    state = new_game()
    state.map_deck.discard_pile.extend(state.map_deck.draw_pile)
    state.map_deck.draw_pile.clear()
    assert_rejected(state, Pay(W, (die("green"),), (explore("north"),)), "ET-EXP-1")


def test_ET_EXP_2_exploring_into_an_occupied_position_is_rejected() -> None:
    """ET-EXP-2: a card already lies north, so the north arrow cannot be used."""
    state = new_game()
    reveal(state, "root-tunnels", CardPos(0, -2))
    assert_rejected(state, Pay(W, (die("green"),), (explore("north"),)), "ET-EXP-2")


def test_ET_UNQ_1_a_unique_action_pays_its_printed_cost_and_resolves() -> None:
    """ET-UNQ-1: Listen at the well: 1 cunning / 1 wrath, draw two cards."""
    state = new_game()
    reveal(state, "whispering-well", CardPos(0, -2))
    state.heroes[0].space = Space(1, -1)
    state.apply(Pay(W, (die("yellow"),), (unique("well-whispers"),)))
    advance_chance(state, ScriptedSampler(["red-fury", "scavenge"]))
    assert sorted(state.heroes[0].hand)[-2:] == ["red-fury", "scavenge"]


def test_ET_UNQ_2_a_unique_action_twice_in_a_round_is_rejected() -> None:
    """ET-UNQ-2: the wayshrine once per round, by any hero; available next round."""
    state = new_game()
    state.heroes[0].space = Space(1, 0)
    state.apply(Pay(W, (die("green"),), (unique("shrine-rest"),)))
    assert_rejected(state, Pay(W, (hand("glimmer-thought"),), (unique("shrine-rest"),)), "ET-UNQ-2")
    state.apply(EndActivation())
    state.heroes[1].space = Space(1, 0)
    assert_rejected(state, Pay(ODO, (die("green"),), (unique("shrine-rest"),)), "ET-UNQ-2")
    state.apply(EndActivation())  # enemy phase, end of round, refresh
    advance_chance(state, ScriptedSampler(["red-fury"]))  # Wren refills her hand
    assert state.round == 2 and state.current_player() == 0
    state.apply(Pay(W, (die("green"),), (unique("shrine-rest"),)))


def test_ET_UNQ_3_both_alternatives_of_a_slash_cost_are_offered() -> None:
    state = new_game()
    reveal(state, "ember-forge", CardPos(2, 0))
    state.heroes[0].space = Space(3, 0)
    state.apply(AddSource(W, die("yellow")))
    spends = [a for a in state.legal_actions() if isinstance(a, Spend)]
    assert Spend(W, unique("stoke-forge"), 1) in spends  # 1 cunning
    assert Spend(W, unique("stoke-forge"), 0) not in spends  # 1 awareness


def test_ET_UNQ_1_only_unique_actions_printed_on_the_map_exist() -> None:
    """ET-UNQ-1: a unique action is one printed in a space of a placed card."""
    state = new_game()
    assert_rejected(state, Pay(W, (die("green"),), (unique("summon-dragons"),)), "ET-UNQ-1")
    # Printed on a card still in the map deck: not in the hero's space (ET-MAP-1).
    assert_rejected(state, Pay(W, (die("green"),), (unique("drink-spring"),)), "ET-MAP-1")


# -- what the log cites for an effect's draws ----------------------------------
def test_ET_INF_1_an_instant_cards_draw_is_logged_under_ET_INF_1() -> None:
    """ET-INF-1: the card Glimmer Thought draws is its effect, not the Refresh (ET-ROUND-1)."""
    state = new_game()
    state.apply(Pay(W, (die("yellow"),), (influence("glimmer-thought"),)))
    advance_chance(state, ScriptedSampler(["red-fury"]))
    draw = state.log[-1]
    assert draw.kind == "draw" and draw.data["card"] == "red-fury"
    assert draw.rules == ("ET-INF-1",)


def test_ET_INF_1_an_item_gained_by_an_instant_card_is_logged_under_ET_INF_1() -> None:
    """ET-INF-1: Scavenge gains an item; the gain is the card's effect, not a unique action's."""
    state = new_game()
    give(state, 0, "scavenge")
    state.apply(Pay(W, (die("green"), hand("glimmer-thought")), (influence("scavenge"),)))
    advance_chance(state, ScriptedSampler(["smoke-vial"]))
    gain = state.log[-1]
    assert gain.kind == "item" and "smoke-vial" in state.heroes[0].inventory
    assert gain.rules == ("ET-INF-1",)


def test_ET_UNQ_1_a_unique_actions_draws_are_logged_under_ET_UNQ_1() -> None:
    """ET-UNQ-1: Listen at the well draws two; each draw cites the unique action."""
    state = new_game()
    reveal(state, "whispering-well", CardPos(0, -2))
    state.heroes[0].space = Space(1, -1)
    state.apply(Pay(W, (die("red"),), (unique("well-whispers"),), alternative=1))
    advance_chance(state, ScriptedSampler(["red-fury", "scavenge"]))
    draws = [e for e in state.log if e.kind == "draw"][-2:]
    assert [e.rules for e in draws] == [("ET-UNQ-1",), ("ET-UNQ-1",)]
