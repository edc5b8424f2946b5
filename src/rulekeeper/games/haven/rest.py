"""Resting: the short rest at the end of a round and the long rest as a turn (HV-REST-1..3).

- HV-REST-1: short rest, at the end of the round: a random card of the discard
  pile is lost (a chance node over the pile), the rest return to hand; once per
  rest the character may suffer 1 damage to lose a different random card
  instead (the first card stays and returns to hand).
- HV-REST-2: a long rest is declared during card selection and is the whole
  turn at initiative 99: the character loses a card of its choice from the
  discard pile, returns the rest to hand and heals 2 ([FH] the heal is
  optional: ``Ruleset.long_rest_heal_optional``).
- HV-REST-3: either rest needs at least two cards in the discard pile.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import bonuses, exhaustion, healing, items
from rulekeeper.games.haven.actions import (
    LongRestHeal,
    LoseCard,
    Redraw,
    RefreshItems,
    RestLoss,
    ShortRest,
    heal_on_long_rest,
    lose_card,
    redraw,
    rest_loss,
    short_rest,
)
from rulekeeper.games.haven.state import RestStep
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Hero, Turn

LONG_REST_HEAL = 2


# -- short rest (end of round) ------------------------------------------------------------
def may_short_rest(hero: Hero) -> bool:
    """HV-REST-3: two discards; a character that long rested this round does not rest again."""
    if hero.escaped:  # HV-ROOM-5: it has left the scenario
        return False
    return not hero.exhausted and not hero.long_rest and len(hero.discard) >= 2


def next_rester(state: HavenState, after: str | None) -> RestStep | None:
    """The next character (party order) offered a short rest this end of round."""
    ids = list(state.heroes)
    start = 0 if after is None else ids.index(after) + 1
    for hero_id in ids[start:]:
        if may_short_rest(state.heroes[hero_id]):
            return RestStep(hero_id)
    return None


def rest_actions(state: HavenState, step: RestStep) -> list[Action]:
    if step.stage == "decide":
        return [short_rest(step.hero, True), short_rest(step.hero, False)]
    if step.stage == "redraw":
        return [redraw(step.hero, False), redraw(step.hero, True)]
    return []


def loss_outcomes(state: HavenState, step: RestStep) -> list[tuple[Action, Fraction]]:
    """HV-REST-1: each card of the discard pile equally likely (the first loss excluded on a redraw)."""
    pile = [c for c in state.heroes[step.hero].discard if c != step.lost_card]
    share = Fraction(1, len(pile))
    return [(rest_loss(step.hero, c), share) for c in sorted(pile)]


def check_rest(state: HavenState, step: RestStep, action: Action) -> None:
    hero = state.heroes[step.hero]
    if isinstance(action, ShortRest) and step.stage == "decide":
        if action.character != hero.id:
            raise RuleViolation(
                "HV-REST-1", lazy("{hero} is deciding whether to rest", hero=hero.id)
            )
        if action.rest and len(hero.discard) < 2:
            raise RuleViolation("HV-REST-3", lazy("a rest needs two cards in the discard pile"))
        return
    if isinstance(action, Redraw) and step.stage == "redraw":
        if action.character != hero.id:
            raise RuleViolation("HV-REST-1", lazy("{hero} is resting", hero=hero.id))
        return
    if isinstance(action, Redraw):
        raise RuleViolation("HV-REST-1", lazy("the redraw for 1 damage is allowed once per rest"))
    raise RuleViolation(
        "HV-REST-1", lazy("{action} is not part of the short rest now", action=action.label())
    )


def apply_rest(state: HavenState, step: RestStep, action: Action) -> bool:
    """Advance the short rest; True when this character's rest is over."""
    hero = state.heroes[step.hero]
    if isinstance(action, ShortRest):
        if not action.rest:
            state.emit("rest", lazy("{hero} does not rest", hero=hero.id), "HV-REST-1")
            return True
        step.stage = "loss"
        state.emit("rest", lazy("{hero} takes a short rest", hero=hero.id), "HV-REST-1")
        return False
    if isinstance(action, RestLoss):
        if step.redrawn:
            _finish_short_rest(state, hero, action.card)
            return True
        step.lost_card = action.card
        step.stage = "redraw"
        state.emit("rest", lazy("the short rest would lose {card}", card=action.card), "HV-REST-1")
        return False
    if isinstance(action, Redraw):
        if not action.redraw:
            _finish_short_rest(state, hero, step.lost_card)
            return True
        step.redrawn = True
        step.stage = "loss"
        figure = state.figures.get(hero.id)
        if figure is not None:
            exhaustion.damage(state, figure, 1, lazy("the short rest's redraw"), "HV-REST-1")
        return hero.exhausted
    return False


def _lose_card_recover_rest(hero: Hero, card: str) -> int:
    """Every rest (HV-REST-1, HV-REST-2): ``card`` goes from the discard pile to the
    lost pile and the rest of the discard pile returns to hand; returns how many."""
    hero.discard.remove(card)
    hero.lost.append(card)
    returned = len(hero.discard)
    hero.hand.extend(hero.discard)
    hero.discard = []
    return returned


def _finish_short_rest(state: HavenState, hero: Hero, card: str) -> None:
    returned = _lose_card_recover_rest(hero, card)
    state.emit(
        "rest",
        lazy_plural(
            "{hero} loses {card} and returns {n} card to hand",
            "{hero} loses {card} and returns {n} cards to hand",
            returned,
            hero=hero.id,
            card=card,
        ),
        "HV-REST-1",
        card=card,
    )


# -- long rest (the character's turn) ------------------------------------------------------
def long_rest_actions(state: HavenState, hero: Hero, turn: Turn) -> list[Action]:
    if turn.stage == "long_rest_lose":
        choices = {*hero.discard, *bonuses.rest_cards(state, hero.id)}
        return [lose_card(hero.id, c) for c in sorted(choices)]
    if turn.stage == "long_rest_heal":
        return [heal_on_long_rest(hero.id, True), heal_on_long_rest(hero.id, False)]
    if turn.stage == "long_rest_refresh":
        return items.refresh_actions(hero)
    return []


def check_long_rest(state: HavenState, hero: Hero, turn: Turn, action: Action) -> None:
    if turn.stage == "long_rest_lose" and isinstance(action, LoseCard):
        choices = {*hero.discard, *bonuses.rest_cards(state, hero.id)}
        if action.character != hero.id or action.card not in choices:
            raise RuleViolation(
                "HV-REST-2", lazy("a long rest loses a card from its own discard pile")
            )
        return
    if turn.stage == "long_rest_heal" and isinstance(action, LongRestHeal):
        return
    if turn.stage == "long_rest_refresh" and isinstance(action, RefreshItems):
        return
    raise RuleViolation("HV-REST-2", lazy("{hero} is taking a long rest this turn", hero=hero.id))


def apply_long_rest(state: HavenState, hero: Hero, turn: Turn, action: Action) -> bool:
    """Lose the chosen card, return the rest, heal (HV-REST-2); True when the turn is over."""
    if isinstance(action, LoseCard):
        if action.card in hero.discard:
            returned = _lose_card_recover_rest(hero, action.card)
        else:
            # HV-BONUS-5: an active card counting as a discard is the one lost; its bonus ends.
            bonus = f"{hero.id}/{action.card}"
            bonuses.end(state, bonus, lazy("the long rest loses it"), "HV-BONUS-5", lost=True)
            returned = len(hero.discard)
            hero.hand.extend(hero.discard)
            hero.discard = []
        state.emit(
            "rest",
            lazy_plural(
                "{hero} long rests: loses {card}, returns {n} card to hand",
                "{hero} long rests: loses {card}, returns {n} cards to hand",
                returned,
                hero=hero.id,
                card=action.card,
            ),
            "HV-REST-2",
        )
        if state.rules.long_rest_heal_optional:
            turn.stage = "long_rest_heal"
            return False
        long_rest_heal(state, hero)
        return items.after_long_rest_heal(state, hero, turn)
    if isinstance(action, LongRestHeal):
        if action.heal:
            long_rest_heal(state, hero)
        else:
            state.emit(
                "rest", lazy("{hero} declines the long rest's heal", hero=hero.id), "HV-REST-2"
            )
        return items.after_long_rest_heal(state, hero, turn)
    if isinstance(action, RefreshItems):
        items.apply_refresh(state, hero, action)
        return True
    return False


def nothing_to_lose(state: HavenState, hero: Hero, turn: Turn) -> str:
    """A long rest whose discard pile is empty loses nothing; the heal still comes (HV-REST-2)."""
    state.emit(
        "rest", lazy("{hero} long rests with an empty discard pile", hero=hero.id), "HV-REST-2"
    )
    if state.rules.long_rest_heal_optional:
        return "long_rest_heal"
    long_rest_heal(state, hero)
    return "end" if items.after_long_rest_heal(state, hero, turn) else turn.stage


def long_rest_heal(state: HavenState, hero: Hero) -> None:
    figure = state.figures.get(hero.id)
    if figure is not None:
        source = lazy("{hero}'s long rest", hero=hero.id)
        healing.heal(state, figure, LONG_REST_HEAL, source, "HV-REST-2")
