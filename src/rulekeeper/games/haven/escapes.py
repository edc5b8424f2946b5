"""Escape hexes (HV-ROOM-5): a character ending its turn on one may leave the scenario.

- HV-ROOM-5: [FH] "a character ending its turn on an escape hex may escape, leaving the
  scenario with its summons". The scenario lists its escape hexes (``escape``); both
  rulesets run them (a scenario's special rules take precedence, HV-SCEN-7). Once the
  character's turn is over (its end-of-turn looting, pressure plates and conditions done),
  its player decides (``escape``); an escaped character leaves the map with its summons
  (their cards leave the active area, HV-SUM-4), is not exhausted and takes no further
  part: no card selection, no rest, never a target.
- An ``escape`` goal is met once every character not exhausted has escaped, at least one
  (HV-GOAL-1). When no character is left on the map (escaped or exhausted) the scenario
  ends at once: won if its goal is met or was already triggered, otherwise lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import bonuses, objectives
from rulekeeper.games.haven.actions import Escape, escape
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.state import Figure, HavenState


def end_of_turn(state: HavenState, figure: Figure) -> None:
    """HV-ROOM-5: a character whose turn ends on an escape hex is asked whether it escapes."""
    hero = state.heroes.get(figure.id)
    if figure.kind != "character" or hero is None or hero.exhausted or hero.escaped:
        return
    if figure.id in state.figures and figure.hex in state.spec.escape:
        state.escapes.append(figure.id)


def actions(state: HavenState) -> list[Action]:
    hero = state.escapes[0]
    return [escape(hero, True), escape(hero, False)]


def check(state: HavenState, action: Action) -> None:
    raise RuleViolation(
        "HV-ROOM-5",
        lazy("first decide whether {hero} escapes from the escape hex", hero=state.escapes[0]),
    )


def apply(state: HavenState, action: Escape) -> None:
    hero = state.heroes[state.escapes.pop(0)]
    if not action.escape:
        state.emit(
            "escape",
            lazy("{hero} stays in the scenario", hero=hero.id),
            "HV-ROOM-5",
            hero=hero.id,
        )
        return
    hero.escaped = True
    summons = [f.id for f in state.figures.values() if f.owner == hero.id]
    for figure_id in [hero.id, *summons]:
        del state.figures[figure_id]
    for figure_id in summons:
        bonuses.summon_removed(state, figure_id)  # HV-SUM-4
    state.emit(
        "escape",
        lazy_plural(
            "{hero} escapes: it leaves the scenario with its {n} summon",
            "{hero} escapes: it leaves the scenario with its {n} summons",
            len(summons),
            hero=hero.id,
        )
        if summons
        else lazy("{hero} escapes: it leaves the scenario", hero=hero.id),
        "HV-ROOM-5",
        hero=hero.id,
    )
    objectives.check(state)
    if not state.living_heroes():
        objectives.no_one_left(state)
