"""Trading, room actions and item actions: SV-TRADE-*, SV-ROOM-1, SV-ITEM-1."""

from __future__ import annotations

from salvage_helpers import PORTER, RUNNER, act, lab, place_enemy, rejected, roll

from rulekeeper.games.salvage.actions import (
    AnswerTrade,
    ApplyRoll,
    OfferItem,
    ProposeTrade,
    StartTrade,
    UseItem,
    UseRoomAction,
)


def names(state, hero: int) -> list[str]:
    return [i.name for i in state.heroes[hero].items]


def test_SV_TRADE_1_trading_alone_is_illegal() -> None:
    """SV-TRADE-1: the Porter is in another room, so nobody is there to trade with."""
    state = lab()
    state.heroes[PORTER].room = 4
    assert not any(isinstance(a, StartTrade) for a in state.legal_actions())
    rejected(state, StartTrade(PORTER), "SV-TRADE-1")
    rejected(state, StartTrade(RUNNER), "SV-TRADE-1")


def test_SV_TRADE_1_a_knocked_out_hero_cannot_trade() -> None:
    """SV-TRADE-1 with SV-END-1: a knocked-out hero is no trading partner."""
    state = lab()
    state.heroes[PORTER].health = 0
    rejected(state, StartTrade(PORTER), "SV-TRADE-1")


def test_SV_TRADE_2_both_directions_and_the_other_controller_confirms() -> None:
    """SV-TRADE-2: the Runner gives the Flare Gun and takes the Brass Key; the Porter agrees."""
    state = lab()
    act(state, StartTrade(PORTER), OfferItem(RUNNER, 1), OfferItem(PORTER, 0), ProposeTrade())
    assert state.current_player() == PORTER
    assert state.legal_actions() == [AnswerTrade(True), AnswerTrade(False)]
    act(state, AnswerTrade(True))
    assert names(state, RUNNER) == ["Patch Kit", "Brass Key"]
    assert names(state, PORTER) == ["Flare Gun"]
    assert state.current_player() == RUNNER and state.actions_used == 1


def test_SV_TRADE_2_nothing_in_one_direction_is_a_trade() -> None:
    """SV-TRADE-2: a gift (nothing back) is a trade too."""
    state = lab()
    act(state, StartTrade(PORTER), OfferItem(RUNNER, 0), ProposeTrade(), AnswerTrade(True))
    assert names(state, PORTER) == ["Brass Key", "Patch Kit"]


def test_SV_TRADE_2_a_refused_trade_moves_nothing() -> None:
    """SV-TRADE-2: both must agree; a refusal leaves every item where it was."""
    state = lab()
    act(state, StartTrade(PORTER), OfferItem(PORTER, 0), ProposeTrade(), AnswerTrade(False))
    assert names(state, RUNNER) == ["Patch Kit", "Flare Gun"]
    assert names(state, PORTER) == ["Brass Key"]


def test_SV_TRADE_2_a_proposal_needs_an_item_and_no_item_twice() -> None:
    """SV-TRADE-2: an empty proposal, or an item offered twice, is refused."""
    state = lab()
    act(state, StartTrade(PORTER))
    rejected(state, ProposeTrade(), "SV-TRADE-2")
    act(state, OfferItem(RUNNER, 0))
    rejected(state, OfferItem(RUNNER, 0), "SV-TRADE-2")
    rejected(state, OfferItem(PORTER, 5), "SV-TRADE-2")


def test_SV_TRADE_3_multi_use_items_keep_their_uses() -> None:
    """SV-TRADE-3: a Patch Kit with 2 of 3 uses left still has 2 after the trade."""
    state = lab()
    state.heroes[RUNNER].health = 2
    act(state, UseItem(0))
    assert state.heroes[RUNNER].items[0].uses == 2
    act(state, StartTrade(PORTER), OfferItem(RUNNER, 0), ProposeTrade(), AnswerTrade(True))
    kit = state.heroes[PORTER].items[-1]
    assert (kit.name, kit.uses) == ("Patch Kit", 2)


def test_SV_ROOM_1_room_actions_need_an_active_room() -> None:
    """SV-ROOM-1: the Middle room has a Mend Station, but it is face-down."""
    state = lab()
    state.heroes[RUNNER].room = 4
    assert not any(isinstance(a, UseRoomAction) for a in state.legal_actions())
    rejected(state, UseRoomAction(4, "Mend Station"), "SV-ROOM-1")


def test_SV_ROOM_1_room_actions_need_the_hero_in_the_room() -> None:
    """SV-ROOM-1: the Exit is active, but the Runner is not in it."""
    state = lab()
    rejected(state, UseRoomAction(8, "Mend Station"), "SV-ROOM-1")
    rejected(state, UseRoomAction(0, "Charging Dock"), "SV-ROOM-1")


def test_SV_ROOM_1_an_active_room_action_works_and_is_an_action() -> None:
    """SV-ROOM-1: the Start room's Mend Station heals 2 and spends an action."""
    state = lab()
    state.heroes[RUNNER].health = 1
    act(state, UseRoomAction(0, "Mend Station"))
    assert state.heroes[RUNNER].health == 3
    assert state.actions_used == 1


def test_SV_ITEM_1_the_item_must_be_in_the_inventory() -> None:
    """SV-ITEM-1: the Runner has two items; slot 2 is empty; the Brass Key has no effect."""
    state = lab()
    rejected(state, UseItem(2), "SV-ITEM-1")
    porter = lab(PORTER)
    rejected(porter, UseItem(0), "SV-ITEM-1")


def test_SV_ITEM_1_an_item_is_an_action_only_if_it_says_so() -> None:
    """SV-ITEM-1: the Patch Kit is free; the Flare Gun ("Action:") spends an action."""
    state = lab()
    hulk = place_enemy(state, "Lab Hulk", 0)
    state.heroes[RUNNER].health = 2
    act(state, UseItem(0))
    assert state.actions_used == 0 and state.heroes[RUNNER].health == 3
    rejected(state, UseItem(1), "SV-ITEM-1")  # a strike needs a target in the room
    act(state, UseItem(1, hulk))
    assert state.actions_used == 1
    assert state.enemy(hulk).wounds == 2
    assert names(state, RUNNER) == ["Patch Kit"]  # single use: discarded


def test_SV_TRADE_2_the_other_controller_is_shown_what_is_traded() -> None:
    """SV-TRADE-2: both must agree on *what* is traded, so the answering player's prompt
    names the items each hero gives (nothing, for a gift)."""
    state = lab()
    act(state, StartTrade(PORTER), OfferItem(RUNNER, 1), ProposeTrade())
    prompt = state.pending_decision()
    assert "Lab Runner gives Flare Gun" in prompt and "Lab Porter gives nothing" in prompt
    assert (
        state.log[-1].text == "trade proposed: Lab Runner gives Flare Gun; Lab Porter gives nothing"
    )


def test_SV_ROOM_1_a_room_rolls_applied_crits_raise_noise() -> None:
    """SV-ROOM-1 with the catalog's Terms (a crit counts as a hit when applied and also
    raises noise): the Fortune Idol shows crit and crit: heal 2, noise +2."""
    state = lab()
    state.heroes[RUNNER].health = 1
    act(state, UseRoomAction(0, "Fortune Idol"))
    roll(state, "crit", "crit")
    assert state.noise == 0  # nothing is applied yet
    act(state, ApplyRoll())
    assert state.heroes[RUNNER].health == 3
    assert state.noise == 2
    assert state.log[-1].kind == "noise" and state.log[-1].rules == ("SV-ROOM-1",)


def test_SV_TRADE_2_the_proposer_sees_the_trade_put_together_so_far() -> None:
    """SV-TRADE-2: while items are being added, the prompt shows what each hero gives."""
    state = lab()
    act(state, StartTrade(PORTER))
    assert "so far" not in state.pending_decision()
    act(state, OfferItem(PORTER, 0))
    prompt = state.pending_decision()
    assert "Lab Runner gives nothing" in prompt and "Lab Porter gives Brass Key" in prompt
