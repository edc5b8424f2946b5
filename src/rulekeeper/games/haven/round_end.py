"""The end of the round and the scenario's victory (HV-ATK-4, HV-REST-1).

After the last turn, characters may short rest (HV-REST-1); then modifier decks
that drew ×2 or null reshuffle (HV-ATK-4), ability decks that drew a shuffle
card reshuffle, shields and retaliates end, elements wane, and the next round
starts with card selection (HV-CARD-1, HV-EXH-1) unless a survive objective is
met.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import bonuses, elements, exhaustion, rest

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def begin_end_of_round(state: HavenState) -> None:
    state.phase = "rest"
    state.rest = rest.next_rester(state, None)


def end_of_round(state: HavenState) -> None:
    """HV-ATK-4 reshuffles, ability decks, shields, elements; then the next round starts."""
    for owner in state.decks.end_of_round():
        state.emit("reshuffle", f"the {owner} modifier deck is reshuffled", "HV-ATK-4")
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
    for figure in state.figures.values():
        figure.shield = 0
        figure.retaliate = []
    bonuses.end_of_round(state)
    elements.wane(state)
    objective = state.spec.objective
    if objective.kind == "survive" and state.round >= objective.rounds:
        state.result = "won"
        state.result_text = f"the party survived {objective.rounds} rounds"
        state.emit("won", state.result_text)
        return
    state.round += 1
    for hero in state.heroes.values():
        hero.leading = hero.second = None
        hero.long_rest = False
        hero.tie_rank = 0
        hero.initiative = 0
    state.order, state.slot, state.actors = [], 0, []
    state.phase = "select"
    state.emit("round", f"round {state.round} begins")
    exhaustion.start_of_round_exhaustion(state)
    check_victory(state)


def check_victory(state: HavenState) -> None:
    """Kill all: no monster left and no room unrevealed."""
    if state.result or state.spec.objective.kind != "kill_all":
        return
    if any(f.kind == "monster" for f in state.figures.values()):
        return
    if len(state.revealed) < len(state.spec.rooms):
        return
    state.result = "won"
    state.result_text = "every monster is dead"
    state.emit("won", "Every monster is dead: the scenario is won")
