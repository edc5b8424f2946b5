"""The end of the round and the scenario's victory (HV-ATK-4, HV-REST-1).

After the last turn, characters may short rest (HV-REST-1); then modifier decks
that drew ×2 or null reshuffle (HV-ATK-4), ability decks that drew a shuffle
card reshuffle, shields and retaliates end, elements wane, and the next round
starts with card selection (HV-CARD-1, HV-EXH-1) unless a survive objective is
met.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import bonuses, elements, exhaustion, objectives, rest, special_rules
from rulekeeper.games.haven.rule_terms import deck_name
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def begin_end_of_round(state: HavenState) -> None:
    state.phase = "rest"
    state.rest = rest.next_rester(state, None)


def end_of_round(state: HavenState) -> None:
    """HV-ATK-4 reshuffles, ability decks, shields, elements; then the next round starts."""
    for owner in state.decks.end_of_round():
        state.emit("reshuffle", lazy("{deck} is reshuffled", deck=deck_name(owner)), "HV-ATK-4")
    state.arrivals = []
    for group in state.groups.values():
        if group.card is not None:
            group.deck.discard(group.card)
            group.card = None
        if group.reshuffle_due:
            group.deck.reshuffle()
            group.reshuffle_due = False
        group.tie_rank = 0
        group.consumed = []
        group.infusions = []
    state.ally_tie_rank = 0  # HV-GOAL-3, HV-INIT-6
    for figure in state.figures.values():
        figure.shield = 0
        figure.retaliate = []
    bonuses.end_of_round(state)
    elements.wane(state)
    objectives.end_of_round(state)  # HV-GOAL-1: a triggered end ends the scenario now
    if state.result:
        return
    state.round += 1
    for hero in state.heroes.values():
        hero.leading = hero.second = None
        hero.long_rest = False
        hero.tie_rank = 0
        hero.initiative = 0
    state.order, state.slot, state.actors = [], 0, []
    state.phase = "select"
    state.emit("round", lazy("round {round} begins", round=state.round))
    special_rules.start_of_round(state)  # HV-SCEN-7: before card selection
    exhaustion.start_of_round_exhaustion(state)
    check_victory(state)


def check_victory(state: HavenState) -> None:
    """HV-GOAL-1: note a met goal (the round is played out); rules on deaths fire."""
    if state.result:
        return
    special_rules.after_step(state)
    objectives.check(state)
