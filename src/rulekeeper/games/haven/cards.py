"""Ability cards: selecting two each round, playing a top and a bottom, where cards go.

- HV-CARD-1: each round every character selects two cards from hand, or
  declares a long rest (HV-REST-2, needing two discards: HV-REST-3). The
  selection is secret and revealed at once, so the engine asks the characters
  one after another: first the leading card, then the second.
- HV-CARD-2: the leading card's initiative is the character's initiative.
- HV-CARD-3: on its turn the character performs the top of one selected card
  and the bottom of the other, in either order; never two tops or two bottoms.
  Either half may be replaced by the basic Attack 2 (top) or Move 2 (bottom).
- HV-CARD-4: a played card goes to the discard pile, or to the lost pile if the
  performed half says lost (a basic action never loses the card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import bonuses, class_resources, elements
from rulekeeper.games.haven.actions import (
    HALVES,
    Half,
    LongRest,
    PlayHalf,
    SelectCard,
    play_half,
)
from rulekeeper.games.haven.card_index import class_card
from rulekeeper.games.haven.scenario_format import AbilitySpec, CardSpec, HalfSpec
from rulekeeper.games.haven.terms import term, terms
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Hero, Turn

BASIC_TOP = HalfSpec(actions=(AbilitySpec(type="attack", value=2),))
BASIC_BOTTOM = HalfSpec(actions=(AbilitySpec(type="move", value=2),))


def card(state: HavenState, hero: str, card_id: str) -> CardSpec:
    return class_card(state.spec, hero, card_id)


# -- selection (HV-CARD-1, HV-CARD-2, HV-REST-2/3) -------------------------------------
def selecting_hero(state: HavenState) -> Hero | None:
    for hero in state.living_heroes():
        if not hero.selected:
            return hero
    return None


_LISTED_LIMIT = 256
_selections: dict[tuple[object, ...], tuple[Action, ...]] = {}
"""Listings already made (actions are values): rollouts list the same hands again and again."""


def _remember(
    memo: dict[tuple[object, ...], tuple[Action, ...]],
    key: tuple[object, ...],
    actions: list[Action],
) -> None:
    if len(memo) >= _LISTED_LIMIT:
        memo.clear()
    memo[key] = tuple(actions)


def selection_actions(hero: Hero, active_discards: int = 0) -> list[Action]:
    """``active_discards``: active cards that count as discards for a rest (HV-BONUS-5)."""
    key = (
        hero.id,
        hero.leading is None,
        tuple(hero.hand),
        len(hero.discard) + active_discards >= 2,
    )
    found = _selections.get(key)
    if found is not None:
        return list(found)
    actions = _selection_actions(hero, active_discards)
    _remember(_selections, key, actions)
    return actions


def _selection_actions(hero: Hero, active_discards: int) -> list[Action]:
    actions: list[Action] = []
    if hero.leading is None:
        if len(hero.hand) >= 2:
            actions.extend(SelectCard(hero.id, c) for c in sorted(hero.hand))
        if len(hero.discard) + active_discards >= 2:
            actions.append(LongRest(hero.id))
    else:
        actions.extend(SelectCard(hero.id, c) for c in sorted(hero.hand))
    return actions


def check_selection(hero: Hero, action: Action, active_discards: int = 0) -> None:
    if isinstance(action, LongRest):
        if action.character != hero.id:
            raise RuleViolation(
                "HV-CARD-1", lazy("it is {hero}'s turn to select cards", hero=hero.id)
            )
        if hero.leading is not None:
            raise RuleViolation("HV-REST-2", lazy("a long rest replaces the whole card selection"))
        if len(hero.discard) + active_discards < 2:
            raise RuleViolation(
                "HV-REST-3",
                lazy(
                    "a rest needs two cards in the discard pile ({count})",
                    count=len(hero.discard),
                ),
            )
        return
    if not isinstance(action, SelectCard):
        raise RuleViolation("HV-CARD-1", lazy("every character first selects two cards or rests"))
    if action.character != hero.id:
        raise RuleViolation("HV-CARD-1", lazy("it is {hero}'s turn to select cards", hero=hero.id))
    if action.card not in hero.hand:
        raise RuleViolation(
            "HV-CARD-1", lazy("{card} is not in {hero}'s hand", card=action.card, hero=hero.id)
        )
    if hero.leading is None and len(hero.hand) < 2:
        raise RuleViolation(
            "HV-CARD-1", lazy("with fewer than two cards in hand, only a long rest")
        )


def apply_selection(state: HavenState, hero: Hero, action: Action) -> None:
    if isinstance(action, LongRest):
        hero.long_rest = True
        state.emit(
            "select", lazy("{hero} declares a long rest (initiative 99)", hero=hero.id), "HV-REST-2"
        )
        return
    if not isinstance(action, SelectCard):
        return
    hero.hand.remove(action.card)
    hero.active.append(action.card)
    if hero.leading is None:
        hero.leading = action.card
        state.emit(
            "select", lazy("{hero} selects a leading card", hero=hero.id), "HV-CARD-1", "HV-CARD-2"
        )
    else:
        hero.second = action.card
        state.emit("select", lazy("{hero} selects a second card", hero=hero.id), "HV-CARD-1")


# -- playing halves (HV-CARD-3, HV-CARD-4) -----------------------------------------------
def play_actions(state: HavenState, hero: Hero, turn: Turn) -> list[Action]:
    """The halves still allowed: any of the two first, then the other card's other half (for
    its actions only while the character holds what its spend actions ask, HV-DECK-5)."""
    selected = [c for c in (hero.leading, hero.second) if c is not None]
    options: list[tuple[str, Half]]
    if not turn.halves:
        options = [(c, h) for c in selected for h in HALVES]
    else:
        played_card, played_half, _ = turn.halves[0]
        other = [c for c in selected if c != played_card]
        options = [(c, "bottom" if played_half == "top" else "top") for c in other]
    out: list[Action] = []
    for c, h in sorted(options):
        spec = card(state, hero.id, c)
        if class_resources.shortfall(state, hero, spec.top if h == "top" else spec.bottom) is None:
            out.append(play_half(c, h, False))
        out.append(play_half(c, h, True))
    return out


def check_play(state: HavenState, hero: Hero, turn: Turn, action: PlayHalf) -> None:
    selected = [c for c in (hero.leading, hero.second) if c is not None]
    if action.card not in selected:
        if action.card in hero.hand:
            why = lazy(
                "{card} is in hand: only the two selected cards are played", card=action.card
            )
        else:
            why = lazy(
                "{card} is not selected: only the two selected cards are played", card=action.card
            )
        raise RuleViolation("HV-CARD-3", why)
    if any(c == action.card for c, _, _ in turn.halves):
        raise RuleViolation(
            "HV-CARD-3", lazy("{card} has already been played this turn", card=action.card)
        )
    if turn.halves and turn.halves[0][1] == action.half:
        raise RuleViolation(
            "HV-CARD-3",
            lazy(
                "one top and one bottom: never two {half} actions in a turn", half=term(action.half)
            ),
        )
    if not action.basic:
        spec = card(state, hero.id, action.card)
        short = class_resources.shortfall(
            state, hero, spec.top if action.half == "top" else spec.bottom
        )
        if short is not None:
            raise RuleViolation("HV-DECK-5", short)


def apply_play(
    state: HavenState, hero: Hero, turn: Turn, action: PlayHalf, *, stunned: bool = False
) -> list[AbilitySpec]:
    """Record the half, send the card to its pile (HV-CARD-4), return the abilities to perform.

    A stunned character's halves are not performed and its cards are simply
    discarded, lost icon or not (GH p.23 Stun).
    """
    # the action's fields read once (issue 12: each read of a plain class is a look-up)
    card_id, which, basic = action.card, action.half, action.basic
    spec = card(state, hero.id, card_id)
    half = spec.top if which == "top" else spec.bottom
    performed = (BASIC_TOP if which == "top" else BASIC_BOTTOM) if basic else half
    turn.halves.append([card_id, which, basic])
    hero.active.remove(card_id)
    # HV-ELEM-4 [FH]: an unpaid upper-left consumption: none of the action, card discarded
    unpaid = not (basic or stunned) and not _pay_upper_left(state, hero, half)
    lost = half.lost and not basic and not stunned and not unpaid
    performed_fully = not basic and not stunned and not unpaid
    # HV-BONUS-1, HV-SUM-4: a bonus or summon half keeps its card in the active area.
    to_active = performed_fully and bonuses.keeps_card(half)
    if not to_active:
        (hero.lost if lost else hero.discard).append(card_id)
    # HV-CHAR-3, HV-CHAR-4: the half's experience, once any of its abilities is performed;
    # HV-CHAR-5: its lost icon applies only then too.
    turn.experience = half.xp if performed_fully else 0
    turn.unperformed = card_id if lost and not to_active and half.actions else ""
    name = spec.name or spec.id
    if basic and which == "top":
        text = lazy(
            "{hero} plays the top of {card} as the basic Attack 2;"
            " the card goes to the discard pile",
            hero=hero.id,
            card=name,
        )
    elif basic:
        text = lazy(
            "{hero} plays the bottom of {card} as the basic Move 2;"
            " the card goes to the discard pile",
            hero=hero.id,
            card=name,
        )
    elif to_active:
        text = lazy(
            "{hero} plays the {half} of {card}; the card goes to the active area",
            hero=hero.id,
            half=term(which),
            card=name,
        )
    elif lost:
        text = lazy(
            "{hero} plays the {half} of {card}; the card goes to the lost pile",
            hero=hero.id,
            half=term(which),
            card=name,
        )
    else:
        text = lazy(
            "{hero} plays the {half} of {card}; the card goes to the discard pile",
            hero=hero.id,
            half=term(which),
            card=name,
        )
    state.emit(
        "play",
        text,
        "HV-CARD-3",
        "HV-CARD-4",
        *(["HV-CHAR-4"] if basic else []),
        card=card_id,
        half=which,
    )
    if to_active:
        bonuses.start_from_card(state, hero, card_id, half)
        if half.bonus is not None and turn.experience:
            # The bonus is itself performed as the card goes to the active area.
            amount, turn.experience = turn.experience, 0
            bonuses.gain_experience(state, hero.id, amount, "its action", "HV-CHAR-3")
    if unpaid:
        return []
    return list(performed.actions)


def _pay_upper_left(state: HavenState, hero: Hero, half: HalfSpec) -> bool:
    """HV-ELEM-4 [FH]: the upper-left consumption is paid before any of the action, every
    element of it at once; unpaid, none of the action is performed."""
    if not half.consume:
        return True
    missing = [e for e in half.consume if not elements.available(state, e)]
    if missing:
        state.emit(
            "element",
            lazy(
                "{hero} cannot consume {elements} for the action's upper-left cost:"
                " none of the action is performed",
                hero=hero.id,
                elements=terms(missing),
            ),
            "HV-ELEM-4",
        )
        return False
    for element in half.consume:
        elements.consume(state, element)
    state.emit(
        "element",
        lazy(
            "{hero} consumes {elements} to perform the action (mandatory)",
            hero=hero.id,
            elements=terms(half.consume),
        ),
        "HV-ELEM-4",
        "HV-ELEM-3",
    )
    return True
