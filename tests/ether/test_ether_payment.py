"""Paying for actions: sources, one payment per action, surplus, underpaying (ET-PAY-*)."""

from __future__ import annotations

import pytest
from ether_setup import die, hand, inventory, new_game, odo_turn

from rulekeeper.core.conformance import assert_rejected
from rulekeeper.games.ether.actions import (
    AddSource,
    EndActivation,
    Pay,
    Spend,
    explore,
    influence,
    move,
    unique,
)
from rulekeeper.games.ether.game import GAME

W = "wren"
ODO = "odo"


def test_ET_PAY_1_dice_are_exhausted_and_cards_discarded_all_at_once() -> None:
    """ET-PAY-1: a hand card, an inventory card and a ready die pay together."""
    state = new_game()
    wren = state.heroes[0]
    # Ember Spite (1 wrath), Rope Coil (1 cunning), green die (1 awareness): the
    # explore costs 1 awareness; the rest is spent with it.
    state.apply(
        Pay(W, (hand("ember-spite"), inventory("rope-coil"), die("green")), (explore("north"),))
    )
    assert "ember-spite" not in wren.hand
    assert "rope-coil" not in wren.inventory
    assert not wren.die("green-1").ready
    assert state.influence_deck.discard_pile == ["ember-spite"]
    assert state.item_deck.discard_pile == ["rope-coil"]


def test_ET_PAY_1_yields_follow_die_colours() -> None:
    """ET-PAY-1: green gives awareness, yellow cunning, red wrath."""
    state = new_game()
    # Explore costs 1 awareness: a yellow or red die does not pay it, a green one does.
    assert_rejected(state, Pay(W, (die("yellow"), die("red")), (explore("north"),)), "ET-PAY-4")
    state.apply(Pay(W, (die("green"),), (explore("north"),)))
    assert state.pending_map is not None


@pytest.mark.parametrize(
    "sources",
    [
        (hand("red-fury"),),  # not in hand
        (inventory("smoke-vial"),),  # not in the inventory
        (die("green"), die("green")),  # one die used twice
        (die("blue"),),  # no such die
    ],
)
def test_ET_PAY_1_only_the_heroes_own_sources_once_each(sources) -> None:
    """ET-PAY-1: sources must be the acting hero's, each spent once."""
    state = new_game()
    assert_rejected(state, Pay(W, sources, (move(1),)), "ET-PAY-1")


def test_ET_PAY_1_an_exhausted_die_pays_nothing() -> None:
    state = new_game()
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(2),)))
    assert_rejected(state, AddSource(W, die("yellow")), "ET-PAY-1")
    assert_rejected(state, Pay(W, (die("yellow"),), (move(1),)), "ET-PAY-1")


def test_ET_PAY_2_one_payment_cannot_be_split_over_two_actions() -> None:
    """ET-PAY-2: a payment naming two actions is refused, nothing spent."""
    state = new_game()
    assert_rejected(
        state,
        Pay(W, (die("yellow"), die("yellow")), (move(1), move(1))),
        "ET-PAY-2",
    )


def test_ET_PAY_2_the_surplus_of_a_payment_cannot_pay_a_second_action() -> None:
    """ET-PAY-2 and ET-PAY-3: two cunning spent on a 1-space move; the spare one is gone."""
    state = new_game()
    state.apply(AddSource(W, die("yellow")))
    state.apply(AddSource(W, die("yellow")))
    state.apply(Spend(W, move(1)))
    assert state.last_surplus.cunning == 1
    assert_rejected(state, Spend(W, move(1)), "ET-PAY-2")


def test_ET_PAY_3_surplus_is_lost_and_shown_before_confirming() -> None:
    """ET-PAY-3: the menu shows the surplus; after paying it is nowhere to be spent."""
    state = new_game()
    state.apply(AddSource(W, die("yellow")))
    state.apply(AddSource(W, die("red")))
    spend = Spend(W, move(1))
    assert spend in state.legal_actions()
    assert "surplus lost: 1 wrath" in GAME.describe_action(state, spend)
    assert "gathered 1 cunning + 1 wrath" in state.pending_decision()
    state.apply(spend)
    assert "1 wrath lost" in state.log[-2].text
    assert not state.heroes[0].die("red-1").ready
    assert state.draft == []


def test_ET_PAY_4_an_underpaid_action_is_rejected_and_nothing_is_spent() -> None:
    """ET-PAY-4: one cunning does not pay a two-space move."""
    state = new_game()
    assert_rejected(state, Pay(W, (die("yellow"),), (move(2),)), "ET-PAY-4")
    state.apply(AddSource(W, die("yellow")))
    assert_rejected(state, Spend(W, move(2)), "ET-PAY-4")
    assert Spend(W, move(2)) not in state.legal_actions()


def test_ET_PAY_4_a_gathered_payment_goes_back_unspent_when_the_activation_ends() -> None:
    """ET-PAY-4: nothing is spent until the action is chosen."""
    state = new_game()
    state.apply(AddSource(W, die("yellow")))
    state.apply(AddSource(W, hand("ember-spite")))
    wren = state.heroes[0]
    assert wren.die("yellow-1").ready and "ember-spite" in wren.hand
    state.apply(EndActivation())
    assert wren.die("yellow-1").ready and "ember-spite" in wren.hand
    assert state.draft == []


def test_gathering_has_no_cap_and_only_grows_so_every_activation_ends() -> None:
    """No engine limit on payments: a gathered payment is spent or goes back at the end.

    Gathering only adds sources (there is no put-back action to repeat), so the
    number of steps before a payment is spent is bounded by what the hero holds.
    """
    state = new_game()
    wren = state.heroes[0]
    while any(isinstance(a, AddSource) for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if isinstance(a, AddSource)))
    assert len(state.draft) == len(wren.hand) + len(wren.inventory) + len(wren.dice)
    assert {a.TYPE for a in state.legal_actions()} <= {"spend", "end_activation"}
    assert EndActivation() in state.legal_actions()


def test_dice_of_one_colour_are_one_source_each_listed_once() -> None:
    """ET-PAY-1: two ready yellow dice are two yellow sources, offered as one choice."""
    state = new_game()
    adds = [a for a in state.legal_actions() if isinstance(a, AddSource) and a.hero == W]
    assert [a.source.ref for a in adds if a.source.kind == "die"] == ["green", "red", "yellow"]
    state.apply(AddSource(W, die("yellow")))
    assert AddSource(W, die("yellow")) in state.legal_actions()  # the second yellow die
    state.apply(AddSource(W, die("yellow")))
    assert AddSource(W, die("yellow")) not in state.legal_actions()
    state.apply(Spend(W, move(2)))
    assert [d.ready for d in state.heroes[0].dice] == [True, False, False, True]


def test_a_payment_is_a_multiset_the_order_of_its_sources_does_not_matter() -> None:
    """A reordered payment is the same action, not a second one."""
    one = Pay(W, (die("yellow"), hand("quick-feet")), (move(2),))
    other = Pay(W, (hand("quick-feet"), die("yellow")), (move(2),))
    assert one == other and one.to_json() == other.to_json()
    state = new_game()
    state.apply(AddSource(W, die("yellow")))
    state.apply(AddSource(W, hand("quick-feet")))
    assert state.draft == [die("yellow"), hand("quick-feet")]  # one canonical order


def test_ET_PAY_2_a_surplus_does_not_pass_to_the_next_hero() -> None:
    state = new_game()
    state.apply(Pay(W, (die("yellow"), die("yellow")), (move(1),)))
    state.apply(EndActivation())
    assert state.last_surplus.total == 0
    assert_rejected(state, Spend(W, move(1)), "ET-PAY-4")


def test_ET_UNQ_3_the_payment_names_the_alternative_of_a_slash_cost() -> None:
    """ET-UNQ-3: '2 awareness / 2 wrath' - paying 2 wrath names alternative 1."""
    from ether_setup import reveal

    from rulekeeper.boards.mapcards import CardPos, Space

    state = new_game()
    state = odo_turn(state)
    reveal(state, "lantern-chapel", CardPos(0, -2))
    state.heroes[1].space = Space(0, -2)  # the lantern's space
    wrath = (die("red"), die("red"))
    assert_rejected(state, Pay(ODO, wrath, (unique("kindle-lantern"),), alternative=0), "ET-PAY-4")
    assert_rejected(state, Pay(ODO, wrath, (unique("kindle-lantern"),), alternative=2), "ET-UNQ-3")
    for source in wrath:
        state.apply(AddSource(ODO, source))
    spends = [a for a in state.legal_actions() if isinstance(a, Spend)]
    assert Spend(ODO, unique("kindle-lantern"), 1) in spends
    assert Spend(ODO, unique("kindle-lantern"), 0) not in spends
    state.apply(Spend(ODO, unique("kindle-lantern"), 1))
    assert "kindle-lantern" in state.resolved_uniques


def test_ET_INF_2_an_instant_card_does_not_pay_for_itself() -> None:
    """ET-INF-2: Mending Hymn yields the awareness it costs, but not for itself."""
    state = odo_turn(new_game())
    odo = state.heroes[1]
    odo.health = 5
    # Odo holds two Mending Hymns: paying one with the other is fine.
    assert_rejected(
        state,
        Pay(ODO, (hand("mending-hymn"), hand("mending-hymn")), (influence("mending-hymn"),)),
        "ET-INF-2",
    )
    state.apply(AddSource(ODO, hand("mending-hymn")))
    state.apply(AddSource(ODO, hand("mending-hymn")))
    assert_rejected(state, Spend(ODO, influence("mending-hymn")), "ET-INF-2")
    state = odo_turn(new_game())
    odo = state.heroes[1]
    odo.health = 5
    state.apply(Pay(ODO, (hand("mending-hymn"),), (influence("mending-hymn"),)))
    assert odo.health == 7
    assert odo.hand == ["iron-skin"]


def test_pay_json_round_trip() -> None:
    """The whole payment has a JSON form that scripts and agents can send."""
    action = Pay(W, (hand("quick-feet"), die("yellow")), (move(2),))
    data = action.to_json()
    assert data == {
        "type": "pay",
        "hero": "wren",
        "sources": [{"kind": "die", "ref": "yellow"}, {"kind": "hand", "ref": "quick-feet"}],
        "actions": [{"kind": "move", "steps": 2}],
        "alternative": 0,
    }
    assert GAME.parse_action(data) == action
    state = new_game()
    state.apply(GAME.parse_action(data))
    assert state.moving == 2
