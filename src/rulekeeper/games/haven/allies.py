"""Scenario allies (HV-GOAL-3): figures that fight for the party, run by the monster mover.

- Allies are controlled by no one: each turn the monster mover decides for
  them with the sides swapped (their enemies are the monsters and the
  objectives the party must destroy); tied options go to the party (player 0,
  HV-MOVE-MON-3), as for monsters.
- They act together at the initiative the special rules give (``[allies]
  initiative``), one after another in ascending standee number. [FH] The
  number is the order they are listed in; [GH] the tokens are numbered at
  random when placed (one chance node per number: ``Ruleset.
  allies_numbered_at_random``).
- With an ability ``deck`` one card is drawn for them each round (a chance
  node, like a monster group's: its move and attack are added to their stats,
  HV-MON-4); without one each moves and attacks with its printed stats.
- [FH] They draw attack modifiers from the ally deck, blessed and cursed
  apart from the monsters (HV-DECK-1); [GH] from the monster deck
  (``Ruleset.allies_have_own_deck``).
- They drop no loot, never loot and never open doors (loot.py, hero_moves.walk).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.actions import NumberAlly
from rulekeeper.games.haven.initiative import ALLY_SLOT
from rulekeeper.games.haven.modifiers import ALLY_DECK, MONSTER_DECK, ModifierDeck
from rulekeeper.games.haven.scenario_format import AbilitySpec, AllyFigureSpec, MonsterCardSpec
from rulekeeper.games.haven.state import Figure, Group
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.state import HavenState

ALLY_GROUP = ALLY_SLOT
"""The key of the allies' ability deck among ``state.groups`` (their slot's name)."""


def spec_of(state: HavenState, figure: Figure) -> AllyFigureSpec:
    return next(a for a in state.spec.allies.figures if a.id == figure.id)


def set_up(state: HavenState) -> None:
    """The allies' ability deck and [FH] their modifier deck."""
    allies = state.spec.allies
    if not allies.figures:
        return
    if allies.deck is not None:
        cards = [c.id for c in state.spec.monster_decks[allies.deck].cards]
        state.groups[ALLY_GROUP] = Group(ALLY_GROUP, Deck.of(cards))
    if state.rules.allies_have_own_deck:
        state.decks.decks[ALLY_DECK] = ModifierDeck.standard(ALLY_DECK, state.rules, state.catalog)


def modifier_deck(state: HavenState) -> str:
    """HV-DECK-1: [FH] the ally deck; [GH] the monster deck."""
    return ALLY_DECK if state.rules.allies_have_own_deck else MONSTER_DECK


def place(state: HavenState, room: str | None) -> None:
    """HV-GOAL-3: the allies of ``room`` (None: the starting area) are placed; [GH] numbered
    at random when more than one arrives (chance nodes), [FH] in the order listed."""
    arriving: list[Figure] = []
    rooms = map_state.room_of(state)
    for spec in state.spec.allies.figures:
        if (
            rooms.get(spec.hex) != room
            or spec.id in state.figures
            or state.figure_at(spec.hex) is not None
        ):
            continue
        hp = state.stat_hp(spec.hp)
        figure = Figure(spec.id, "ally", "ally", spec.hex, hp, hp)
        state.figures[spec.id] = figure
        arriving.append(figure)
    if not arriving:
        return
    random = state.rules.allies_numbered_at_random and len(arriving) > 1
    for figure in arriving:
        if random:
            state.ally_numbers.append(figure.id)
        else:
            figure.standee = _next_number(state)
    state.emit(
        "ally",
        lazy(
            "allies {allies} join the party's side: their tokens are numbered at random",
            allies=[f.id for f in arriving],
        )
        if random
        else lazy(
            "allies {allies} join the party's side, numbered in order",
            allies=[f.id for f in arriving],
        ),
        "HV-GOAL-3",
    )


def _next_number(state: HavenState) -> int:
    return 1 + max((f.standee for f in state.figures.values() if f.kind == "ally"), default=0)


def number_outcomes(state: HavenState) -> list[tuple[Action, Fraction]]:
    """[GH] HV-GOAL-3: the token drawn for the next number, each equally likely."""
    waiting = state.ally_numbers
    return [(NumberAlly(ally), Fraction(1, len(waiting))) for ally in waiting]


def apply_number(state: HavenState, action: NumberAlly) -> None:
    state.ally_numbers.remove(action.ally)
    figure = state.figures[action.ally]
    figure.standee = _next_number(state)
    state.emit(
        "ally",
        lazy(
            "{ally} is numbered {standee}: it acts in that place among the allies",
            ally=action.ally,
            standee=figure.standee,
        ),
        "HV-GOAL-3",
    )


def card(state: HavenState) -> MonsterCardSpec | None:
    """This round's ability card of the allies, if they have a deck and drew one."""
    group = state.groups.get(ALLY_GROUP)
    deck = state.spec.allies.deck
    if group is None or group.card is None or deck is None:
        return None
    return next(c for c in state.spec.monster_decks[deck].cards if c.id == group.card)


def program(state: HavenState, figure: Figure) -> list[AbilitySpec]:
    """HV-GOAL-3: the ally's abilities this turn: its card's, else a move and an attack with
    its stats (card values are added to the stats by monster_turns.absolute)."""
    drawn = card(state)
    if drawn is not None:
        return list(drawn.actions)
    spec = spec_of(state, figure)
    return [
        AbilitySpec(type="move", value=spec.move, flying=spec.flying),
        AbilitySpec(type="attack", value=spec.attack, range=spec.range),
    ]


def absolute(state: HavenState, figure: Figure, ability: AbilitySpec) -> AbilitySpec:
    """HV-MON-4 for an ally's card: move and attack added to its stats; range [GH] added to a
    ranged ally's, [FH] as the card gives it. Without a deck its abilities are its stats."""
    if card(state) is None:
        return ability
    stats = spec_of(state, figure)
    if ability.type == "move":
        return ability.model_copy(
            update={"value": max(0, stats.move + ability.value), "flying": stats.flying}
        )
    if ability.type == "attack":
        reach = stats.range + ability.range if stats.range > 0 else ability.range
        if state.rules.monster_card_range_absolute:
            reach = ability.range
        return ability.model_copy(
            update={"value": max(0, stats.attack + ability.value), "range": max(0, reach)}
        )
    return ability
