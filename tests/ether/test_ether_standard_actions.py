"""Standard actions: movement with enemy activations, wrath attacks, the boss.

The start card (Mistbound Crossroads, 2x2 spaces at card position (0,0)) has a
wall between its two western spaces; the heroes start at space 0,0.
"""

from __future__ import annotations

from ether_setup import die, hand, inventory, new_game, reveal, spawn

from rulekeeper.boards.mapcards import CardPos, Space
from rulekeeper.core import ScriptedSampler, advance_chance
from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.ether.actions import (
    AddSource,
    EndMovement,
    Pay,
    Spend,
    Step,
    attack,
    explore,
    face_boss,
    influence,
    move,
    unique,
)

W = "wren"
ODO = "odo"


def test_ET_MOVE_1_each_cunning_buys_one_space() -> None:
    """ET-MOVE-1: two cunning, two steps; then the movement is over."""
    state = new_game()
    wren = state.heroes[0]
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(2),)))
    assert state.moving == 2
    state.apply(Step("east"))
    state.apply(Step("south"))
    assert wren.space == Space(1, 1)
    assert state.moving is None
    assert_rejected(state, Step("west"), "ET-MOVE-1")


def test_ET_MOVE_1_a_move_spends_at_least_one_cunning() -> None:
    state = new_game()
    assert_rejected(state, Pay(W, (), (move(0),)), "ET-MOVE-1")


def test_ET_MOVE_1_stopping_early_loses_the_unused_steps() -> None:
    state = new_game()
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(2),)))
    state.apply(Step("east"))
    state.apply(EndMovement())
    assert state.moving is None
    assert_rejected(state, Step("south"), "ET-MOVE-1")


def test_ET_MOVE_2_movement_cannot_cross_walls() -> None:
    """ET-MOVE-2: a wall separates 0,0 and 0,1 on the start card."""
    state = new_game()
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    assert Step("south") not in state.legal_actions()
    assert_rejected(state, Step("south"), "ET-MOVE-2")
    # Nor off the map: no card lies west.
    assert_rejected(state, Step("west"), "ET-MOVE-2")
    assert Step("east") in state.legal_actions()


def test_ET_MOVE_3_an_enemy_icon_activates_a_chain_then_movement_goes_on() -> None:
    """ET-MOVE-3: entering an icon draws an enemy; its icon draws another; then move on."""
    state = new_game()
    wren = state.heroes[0]
    reveal(state, "sunken-hall", CardPos(0, -2))  # its space 0,-2 shows an enemy icon
    state.apply(Pay(W, (die("yellow"), die("yellow"), inventory("rope-coil")), (move(3),)))
    state.apply(Step("north"))  # 0,-1: no icon
    assert not state.is_chance_node()
    state.apply(Step("north"))  # 0,-2: the icon
    assert state.is_chance_node()
    # The Thorn Wisp shows one icon of its own: a second enemy activates.
    advance_chance(state, ScriptedSampler(["thorn-wisp", "gloom-rat"]))
    cards = sorted(e.card for e in state.enemies.values())
    assert cards == ["gloom-rat", "thorn-wisp"]
    assert all(e.space == Space(0, -2) for e in state.enemies.values())
    assert state.moving == 1 and state.current_player() == 0
    state.apply(Step("south"))
    assert wren.space == Space(0, -1)


def test_ET_MOVE_3_a_chain_draws_only_as_many_as_the_icons_say() -> None:
    state = new_game()
    reveal(state, "sunken-hall", CardPos(0, -2))
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(2),)))
    state.apply(Step("north"))
    state.apply(Step("north"))
    advance_chance(state, ScriptedSampler(["bog-hound"]))  # no icons: the chain stops
    assert len(state.enemies) == 1
    assert not state.is_chance_node()


def test_ET_ATK_1_wrath_deals_damage_to_an_enemy_in_the_active_area() -> None:
    """ET-ATK-1: one wrath defeats a Gloom Rat on the hero's map card."""
    state = new_game()
    rat = spawn(state, "gloom-rat", Space(1, 1))  # same card, another space
    state.apply(Pay(W, (die("red"),), (attack(rat, 1),)))
    assert rat not in state.enemies
    assert state.enemy_deck.discard_pile == ["gloom-rat"]


def test_ET_ATK_1_only_enemies_in_the_active_area() -> None:
    state = new_game()
    reveal(state, "mossy-steps", CardPos(2, 0))
    rat = spawn(state, "gloom-rat", Space(2, 0))  # on the card east of the hero's
    assert_rejected(state, Pay(W, (die("red"),), (attack(rat, 1),)), "ET-ATK-1")
    assert_rejected(state, Pay(W, (die("red"),), (attack("e99", 1),)), "ET-ATK-1")


def test_ET_ATK_1_wrath_at_a_boss_is_rejected() -> None:
    """ET-ATK-1: the wrath attack hits non-boss enemies only."""
    state = new_game()
    reveal(state, "ashen-throne", CardPos(2, 0))
    state.heroes[0].space = Space(2, 1)
    assert_rejected(
        state,
        Pay(W, (die("red"), hand("ember-spite"), inventory("rope-coil")), (attack("boss", 6),)),
        "ET-ATK-1",
    )


def test_ET_ATK_2_wrath_that_does_not_defeat_is_rejected() -> None:
    """ET-ATK-2: a Bog Hound has 2 health; one wrath would not defeat it."""
    state = new_game()
    hound = spawn(state, "bog-hound", Space(0, 0))
    assert_rejected(state, Pay(W, (die("red"),), (attack(hound, 1),)), "ET-ATK-2")
    state.apply(AddSource(W, die("red")))
    assert not [a for a in state.legal_actions() if isinstance(a, Spend)]
    state.apply(AddSource(W, hand("ember-spite")))
    assert Spend(W, attack(hound, 2)) in state.legal_actions()
    state.apply(Spend(W, attack(hound, 2)))
    assert hound not in state.enemies


def test_ET_ATK_2_remaining_health_counts_earlier_damage() -> None:
    """ET-ATK-2: after Ember Spite's 1 damage, 1 wrath defeats the Bog Hound."""
    state = new_game()
    hound = spawn(state, "bog-hound", Space(0, 0))
    state.apply(Pay(W, (die("yellow"),), (influence("ember-spite", hound),)))
    assert state.enemy_health(state.enemies[hound]) == 1
    state.apply(Pay(W, (die("red"),), (attack(hound, 1),)))
    assert hound not in state.enemies


def _throne(state) -> None:
    reveal(state, "ashen-throne", CardPos(2, 0))
    assert state.enemies["boss"].space == Space(3, 0)
    state.heroes[0].space = Space(2, 0)


def test_ET_BOSS_1_a_boss_faced_before_its_prerequisites_is_rejected() -> None:
    """ET-BOSS-1: the Ashen Warden needs the ether lantern kindled first."""
    state = new_game()
    _throne(state)
    assert_rejected(state, Pay(W, (die("red"),), (face_boss(1),)), "ET-BOSS-1")
    state.apply(AddSource(W, die("red")))
    assert not [a for a in state.legal_actions() if isinstance(a, Spend)]


def test_ET_BOSS_1_once_the_lantern_is_kindled_the_boss_can_be_faced() -> None:
    """ET-BOSS-1 then ET-END-1: kindle the lantern, face the boss until it falls."""
    state = new_game()
    reveal(state, "lantern-chapel", CardPos(0, -2))
    state.heroes[0].space = Space(0, -2)
    state.apply(Pay(W, (die("green"), hand("glimmer-thought")), (unique("kindle-lantern"),)))
    _throne(state)
    state.apply(Pay(W, (die("red"),), (face_boss(1),)))
    assert state.enemy_health(state.enemies["boss"]) == 5
    assert state.outcome() is None
    state.enemies["boss"].damage_taken = 5
    state.apply(Pay(W, (hand("ember-spite"),), (face_boss(1),)))
    assert state.outcome() is not None and state.outcome().result == "won"
    assert state.is_terminal()


def test_ET_BOSS_1_the_boss_must_be_revealed_and_in_the_active_area() -> None:
    state = new_game()
    assert_rejected(state, Pay(W, (die("red"),), (face_boss(1),)), "ET-BOSS-1")
    reveal(state, "ashen-throne", CardPos(2, 0))
    state.resolved_uniques.add("kindle-lantern")
    assert_rejected(state, Pay(W, (die("red"),), (face_boss(1),)), "ET-BOSS-1")


def test_explore_then_walk_onto_the_new_card() -> None:
    """ET-EXP-1 with ET-MOVE-1: the placed card's spaces join the map across the edge."""
    state = new_game()
    state.apply(Pay(W, (die("green"),), (explore("north"),)))
    advance_chance(state, ScriptedSampler(["whispering-well"]))
    state.apply(Pay(W, (die("yellow"),), (move(1),)))
    assert Step("north") in state.legal_actions()
    state.apply(Step("north"))
    assert state.map_card_at(state.heroes[0].space).id == "whispering-well"


def test_ET_PAY_3_ending_the_activation_mid_move_loses_the_paid_steps_and_says_so() -> None:
    """ET-PAY-3: two cunning paid, one step taken, the activation ends: one step is lost."""
    from rulekeeper.games.ether.actions import EndActivation
    from rulekeeper.games.ether.game import GAME

    state = new_game()
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(2),)))
    state.apply(Step("east"))
    assert "1 paid step lost" in GAME.describe_action(state, EndActivation())
    state.apply(EndActivation())
    assert state.moving is None
    lost = [e for e in state.log if e.kind == "end_movement"]
    assert lost and lost[-1].rules == ("ET-PAY-3",)
    assert "1 paid step lost" in lost[-1].text
