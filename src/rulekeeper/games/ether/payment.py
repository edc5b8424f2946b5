"""Paying for actions: the sources, what they yield, the cost, the surplus (ET-PAY-*).

One function, :func:`check_payment`, rules on every payment, whether it comes
whole (a ``pay`` action) or gathered step by step (``add_source`` ... ``spend``):

- ET-PAY-1 each source is a card in hand, a card in the inventory or a ready
  die of the acting hero, each used once;
- ET-PAY-2 it pays for exactly one action;
- ET-UNQ-3 a slash cost names the alternative paid;
- ET-INF-2 an Instant card does not pay for itself (ET-INF-4 nor an Ongoing
  card that must go to the inventory);
- ET-PAY-4 it covers the cost, else it is rejected and nothing is spent.

:func:`pay` then spends every source at once; resources beyond the cost are
lost (ET-PAY-3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import combat, influence_actions, mapactions, movement
from rulekeeper.games.ether.actions import (
    AttackIntent,
    BossIntent,
    ExploreIntent,
    InfluenceIntent,
    Intent,
    MoveIntent,
    Source,
    UniqueIntent,
    intent_message,
)
from rulekeeper.games.ether.pieces import Hero
from rulekeeper.games.ether.resources import DIE_YIELD, NOTHING, Resources, cost_message
from rulekeeper.games.ether.terms import colour
from rulekeeper.i18n import Msg, lazy

if TYPE_CHECKING:
    from rulekeeper.games.ether.state import EtherState


def source_yield(state: EtherState, hero: Hero, source: Source) -> Resources:
    """ET-PAY-1: what one source yields (a card its icons, a die its colour)."""
    if source.kind == "die":
        if source.ref not in DIE_YIELD:
            raise RuleViolation(
                "ET-PAY-1", lazy("{colour} is not a die colour", colour=repr(source.ref))
            )
        return DIE_YIELD[source.ref]
    return state.content.card_yields(source.ref)


def ready_dice(hero: Hero) -> Counter[str]:
    """How many ready dice of each colour ``hero`` has."""
    return Counter(d.colour for d in hero.dice if d.ready)


def unavailable_reason(state: EtherState, hero: Hero, sources: Sequence[Source]) -> Msg | None:
    """Why ``sources`` cannot all be spent together by ``hero`` (ET-PAY-1), or None."""
    hand = Counter(hero.hand)
    inventory = Counter(hero.inventory)
    dice = ready_dice(hero)
    for source in sources:
        if source.kind == "hand":
            hand[source.ref] -= 1
            if hand[source.ref] < 0:
                return lazy(
                    "{card} is not (or not that often) in {hero}'s hand",
                    card=repr(source.ref),
                    hero=hero.name,
                )
        elif source.kind == "inventory":
            inventory[source.ref] -= 1
            if inventory[source.ref] < 0:
                return lazy(
                    "{card} is not (or not that often) in {hero}'s inventory",
                    card=repr(source.ref),
                    hero=hero.name,
                )
        else:
            if source.ref not in DIE_YIELD:
                return lazy(
                    "{colour} is not a die colour (green, yellow, red)", colour=repr(source.ref)
                )
            dice[source.ref] -= 1
            if dice[source.ref] < 0:
                return lazy(
                    "{hero} has no more ready {colour} dice (an exhausted die pays nothing)",
                    hero=hero.name,
                    colour=colour(source.ref),
                )
    return None


def check_sources(state: EtherState, hero: Hero, sources: Sequence[Source]) -> Resources:
    """ET-PAY-1: the sources are the hero's to spend; returns what they yield together."""
    reason = unavailable_reason(state, hero, sources)
    if reason is not None:
        raise RuleViolation("ET-PAY-1", reason)
    total = NOTHING
    for source in sources:
        total = total + source_yield(state, hero, source)
    return total


def intent_costs(state: EtherState, intent: Intent) -> tuple[Resources, ...]:
    """The cost alternatives of an action (more than one only for a slash cost, ET-UNQ-3)."""
    if isinstance(intent, MoveIntent):
        return (Resources(cunning=intent.steps),)
    if isinstance(intent, AttackIntent | BossIntent):
        return (Resources(wrath=intent.wrath),)
    if isinstance(intent, InfluenceIntent):
        return state.content.influence[intent.card].costs
    if isinstance(intent, ExploreIntent):
        return (mapactions.explore_cost(state, intent),)
    return state.content.uniques[intent.action].costs


def check_intent(state: EtherState, intent: Intent) -> None:
    """The action's own rules, before any payment is looked at."""
    if isinstance(intent, MoveIntent):
        movement.check_move(state, intent)
    elif isinstance(intent, AttackIntent):
        combat.check_attack(state, intent)
    elif isinstance(intent, BossIntent):
        combat.check_boss(state, intent)
    elif isinstance(intent, InfluenceIntent):
        influence_actions.check_play(state, intent)
    elif isinstance(intent, ExploreIntent):
        mapactions.check_explore(state, intent)
    elif isinstance(intent, UniqueIntent):
        mapactions.check_unique(state, intent)
    else:  # pragma: no cover - the codec only builds the intents above
        raise RuleViolation(
            "ET-KIND-1", lazy("unknown kind of action {intent}", intent=repr(intent))
        )


def check_payment(
    state: EtherState, sources: Sequence[Source], intents: Sequence[Intent], alternative: int
) -> Resources:
    """Rule on one payment; returns the cost it pays. Never mutates ``state``."""
    hero = state.hero
    if len(intents) != 1:
        raise RuleViolation(
            "ET-PAY-2",
            lazy(
                "one payment pays for exactly one action, not {count}; "
                "resources spent together cannot be split across actions",
                count=len(intents),
            ),
        )
    intent = intents[0]
    yielded = check_sources(state, hero, sources)
    check_intent(state, intent)
    costs = intent_costs(state, intent)
    if not 0 <= alternative < len(costs):
        raise RuleViolation(
            "ET-UNQ-3",
            lazy(
                "{action} costs {cost}: choose alternative 0..{last}, not {alternative}",
                action=intent_message(intent),
                cost=cost_message(costs),
                last=len(costs) - 1,
                alternative=alternative,
            ),
        )
    if isinstance(intent, InfluenceIntent):
        spent_copies = sum(1 for s in sources if s.kind == "hand" and s.ref == intent.card)
        if spent_copies + 1 > hero.hand.count(intent.card):
            card = state.content.influence[intent.card]
            if card.mode == "instant":
                raise RuleViolation(
                    "ET-INF-2", lazy("{card} cannot pay for its own Instant action", card=card.name)
                )
            raise RuleViolation(
                "ET-INF-4",
                lazy(
                    "{card} goes to the inventory; it cannot also be discarded to pay",
                    card=card.name,
                ),
            )
    cost = costs[alternative]
    if not yielded.covers(cost):
        raise RuleViolation(
            "ET-PAY-4",
            lazy(
                "{action} costs {cost}; the payment yields only {paid}",
                action=intent_message(intent),
                cost=cost.cost_message(),
                paid=yielded.message(),
            ),
        )
    return cost


def spend(state: EtherState, hero: Hero, sources: Sequence[Source]) -> None:
    """ET-PAY-1: discard the cards and exhaust the dice, all at once."""
    for source in sources:
        if source.kind == "hand":
            hero.hand.remove(source.ref)
            state.card_deck(source.ref).discard(source.ref)
        elif source.kind == "inventory":
            hero.inventory.remove(source.ref)
            state.card_deck(source.ref).discard(source.ref)
        else:
            die = next(d for d in hero.dice if d.ready and d.colour == source.ref)
            die.ready = False


def pay(state: EtherState, sources: Sequence[Source], intent: Intent, alternative: int) -> None:
    """Spend a checked payment and resolve the one action it pays for (ET-PAY-1..3)."""
    hero = state.hero
    yielded = NOTHING
    for source in sources:
        yielded = yielded + source_yield(state, hero, source)
    cost = intent_costs(state, intent)[alternative]
    surplus = yielded.surplus(cost)
    spend(state, hero, sources)
    state.last_surplus = surplus
    paid = (
        lazy(
            "{hero} pays {cost} for {action}; {surplus} lost",
            hero=hero.name,
            cost=cost.message(),
            action=intent_message(intent),
            surplus=surplus.message(),
        )
        if surplus.total
        else lazy(
            "{hero} pays {cost} for {action}",
            hero=hero.name,
            cost=cost.message(),
            action=intent_message(intent),
        )
    )
    state.emit(
        "pay",
        paid,
        "ET-PAY-1",
        "ET-PAY-2",
        "ET-PAY-3",
        sources=[[s.kind, s.ref] for s in sources],
        surplus=str(surplus),
    )
    resolve(state, intent, alternative)


def resolve(state: EtherState, intent: Intent, alternative: int) -> None:
    if isinstance(intent, MoveIntent):
        movement.resolve_move(state, intent)
    elif isinstance(intent, AttackIntent):
        combat.resolve_attack(state, intent)
    elif isinstance(intent, BossIntent):
        combat.resolve_boss(state, intent)
    elif isinstance(intent, InfluenceIntent):
        influence_actions.resolve_play(state, intent)
    elif isinstance(intent, ExploreIntent):
        mapactions.resolve_explore(state, intent)
    else:
        mapactions.resolve_unique(state, intent, alternative)
