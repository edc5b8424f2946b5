"""The trade action (SV-TRADE-*).

Trade needs another (standing) hero in the same room (SV-TRADE-1). The hero
builds a proposal item by item, in either direction, then the other hero's
controller accepts or refuses it (SV-TRADE-2); multi-use items keep their
remaining uses (SV-TRADE-3). Trade has no Strategy phase (SV-STRAT-4).

House readings: a proposal moves at least one item; a refused proposal still
spends the action (the hero spent it negotiating), which also keeps an
Engagement finite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.salvage.actions import AnswerTrade, OfferItem, ProposeTrade, StartTrade
from rulekeeper.games.salvage.records import Pending
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def trade_partners(state: SalvageState) -> list[int]:
    """SV-TRADE-1: standing heroes in the active hero's room."""
    me = state.turn_hero
    hero = state.active_hero()
    return [
        i
        for i, h in enumerate(state.heroes)
        if i != me and h.room == hero.room and not h.knocked_out
    ]


def check_start_trade(state: SalvageState, action: StartTrade) -> None:
    if action.partner not in trade_partners(state):
        raise RuleViolation(
            "SV-TRADE-1",
            lazy("trade requires another hero in the same room, and none is the partner named"),
        )
    partner = state.heroes[action.partner]
    if not state.active_hero().items and not partner.items:
        raise RuleViolation("SV-TRADE-2", lazy("neither hero has an item to trade"))


def start_trade(state: SalvageState, action: StartTrade) -> None:
    state.pending = Pending("trade", "offer", partner=action.partner)
    state.emit(
        "trade",
        lazy(
            "{hero} opens a trade with {partner}",
            hero=state.active_hero().name,
            partner=state.heroes[action.partner].name,
        ),
        "SV-TRADE-1",
    )


def legal_offer(state: SalvageState, pending: Pending) -> list[Action]:
    actions: list[Action] = []
    for owner in (state.turn_hero, pending.partner):
        if owner is None:
            continue
        for slot in range(len(state.heroes[owner].items)):
            if (owner, slot) not in pending.offer:
                actions.append(OfferItem(owner, slot))
    if pending.offer:
        actions.append(ProposeTrade())
    return actions


def check_offer(state: SalvageState, pending: Pending | None, action: OfferItem) -> None:
    if pending is None or pending.kind != "trade" or pending.stage != "offer":
        raise RuleViolation("SV-TRADE-2", lazy("no trade is being put together"))
    if action.owner not in (state.turn_hero, pending.partner):
        raise RuleViolation(
            "SV-TRADE-1", lazy("hero {hero} is not part of this trade", hero=action.owner)
        )
    if not 0 <= action.slot < len(state.heroes[action.owner].items):
        raise RuleViolation(
            "SV-TRADE-2",
            lazy("hero {hero} has no item in slot {slot}", hero=action.owner, slot=action.slot),
        )
    if (action.owner, action.slot) in pending.offer:
        raise RuleViolation("SV-TRADE-2", lazy("that item is already part of the trade"))


def check_propose(state: SalvageState, pending: Pending | None, action: ProposeTrade) -> None:
    if pending is None or pending.kind != "trade" or pending.stage != "offer":
        raise RuleViolation("SV-TRADE-2", lazy("no trade is being put together"))
    if not pending.offer:
        raise RuleViolation("SV-TRADE-2", lazy("a trade moves at least one item"))


def apply_offer(state: SalvageState, pending: Pending, action: OfferItem) -> None:
    pending.offer.append((action.owner, action.slot))


def offer_text(state: SalvageState, pending: Pending) -> Msg:
    """SV-TRADE-2: what each hero gives, so the other controller agrees on the items."""
    gives: list[Msg] = []
    for owner in (state.turn_hero, pending.partner):
        if owner is None:
            continue
        hero = state.heroes[owner]
        given = [hero.items[s].name for o, s in pending.offer if o == owner]
        if given:
            gives.append(lazy("{hero} gives {items}", hero=hero.name, items=given))
        else:
            gives.append(lazy("{hero} gives nothing", hero=hero.name))
    if len(gives) == 2:
        return lazy("{first}; {second}", first=gives[0], second=gives[1])
    return gives[0] if gives else lazy("nothing")


def apply_propose(state: SalvageState, pending: Pending) -> None:
    pending.stage = "answer"
    state.emit(
        "propose", lazy("trade proposed: {offer}", offer=offer_text(state, pending)), "SV-TRADE-2"
    )


def check_answer(state: SalvageState, pending: Pending | None, action: AnswerTrade) -> None:
    if pending is None or pending.kind != "trade" or pending.stage != "answer":
        raise RuleViolation("SV-TRADE-2", lazy("no trade proposal waits on an answer"))


def apply_answer(state: SalvageState, pending: Pending, action: AnswerTrade) -> None:
    """SV-TRADE-2/3: on agreement the items change hands with their remaining uses."""
    me, partner = state.turn_hero, pending.partner
    state.pending = None
    if me is None or partner is None:
        return
    if not action.accept:
        state.emit(
            "refuse",
            lazy("{hero} refuses the trade", hero=state.heroes[partner].name),
            "SV-TRADE-2",
        )
        return
    moving: dict[int, list[int]] = {me: [], partner: []}
    for owner, slot in pending.offer:
        moving[owner].append(slot)
    given = {
        owner: [state.heroes[owner].items[s] for s in sorted(slots)]
        for owner, slots in moving.items()
    }
    for owner, slots in moving.items():
        for slot in sorted(slots, reverse=True):
            del state.heroes[owner].items[slot]
    state.heroes[partner].items.extend(given[me])
    state.heroes[me].items.extend(given[partner])
    state.emit(
        "trade_done",
        lazy_plural(
            "{hero} and {partner} trade {given} for {n} item",
            "{hero} and {partner} trade {given} for {n} items",
            len(given[partner]),
            hero=state.heroes[me].name,
            partner=state.heroes[partner].name,
            given=len(given[me]),
        ),
        "SV-TRADE-2",
        "SV-TRADE-3",
    )
