"""Objective figures (HV-GOAL-2): figures with hit points that take no turns.

- An objective has the hit points its special rules give (a number or an
  equation in L and C, HV-SCEN-4). It stands in its hex as a figure (no one
  ends a move there; it is not an obstacle tile), is one figure, and takes no
  turns: it never enters the turn order.
- One may cover several hexes (``hexes``): still one figure, one hit point
  pool and one target; it is reached, struck by an area and drawn through any
  of its hexes, and each of them is occupied (``Figure.more_hexes``). The
  monster mover's board gives it every hex (``more_hexes``, map_state.solver_spec)
  and the mover treats it as one figure (monster_ai_wide.py), so monsters,
  summons and allies focus on, move to and attack it like any figure.
- Characters may attack it. Monsters focus on it and attack it only when the
  scenario says so (``monsters_target``: the party guards it); otherwise it is
  the party's enemy, so the party's summons and allies focus on it. For focus
  it counts as initiative 99 (``initiative.OBJECTIVE_INITIATIVE``).
- It gains no condition ([FH]; [GH] no negative one: ``Ruleset.
  objective_immune_to_all_conditions``) and is never pushed or pulled
  (HV-PUSH-4).
- When its damage reaches its hit points it is destroyed, not killed: no loot,
  no kill; a ``destroy`` goal (objectives.py) or a rule triggered
  ``when = { destroyed = ID }`` (special_rules.py) may follow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def place(state: HavenState, room: str | None) -> None:
    """HV-GOAL-2: the objectives of ``room`` (None: the starting area) appear."""
    rooms = map_state.room_of(state)
    for spec in state.spec.objectives:
        if rooms.get(spec.hex) != room or spec.id in state.figures:
            continue
        if spec.id in state.destroyed or any(state.figure_at(h) for h in spec.covers):
            continue
        hp = state.stat_hp(spec.hp)
        where = ", ".join(str(list(h)) for h in spec.covers)
        shown = {"objective": spec.name or spec.id, "hex": where}
        if spec.monsters_target:
            text = lazy_plural(
                "objective {objective} at {hex}: {n} hit point; the monsters focus on it",
                "objective {objective} at {hex}: {n} hit points; the monsters focus on it",
                hp,
                **shown,
            )
        else:
            text = lazy_plural(
                "objective {objective} at {hex}: {n} hit point",
                "objective {objective} at {hex}: {n} hit points",
                hp,
                **shown,
            )
        state.figures[spec.id] = Figure(
            spec.id,
            "objective",
            "objective",
            spec.hex,
            hp,
            hp,
            guarded=spec.monsters_target,
            more_hexes=spec.covers[1:],
        )
        state.emit(
            "objective",
            text,
            "HV-GOAL-2",
            figure=spec.id,
        )


def name(state: HavenState, figure_id: str) -> str:
    spec = next((o for o in state.spec.objectives if o.id == figure_id), None)
    return spec.name or spec.id if spec is not None else figure_id


def refuses_condition(state: HavenState, figure: Figure, condition: str) -> bool:
    """HV-GOAL-2: [FH] an objective gains no condition; [GH] no negative one."""
    if figure.kind != "objective":
        return False
    if state.rules.objective_immune_to_all_conditions:
        return True
    return condition not in CONDITIONS or not CONDITIONS[condition].positive


def destroy(state: HavenState, figure: Figure) -> None:
    """HV-GOAL-2: destroyed, not killed: it leaves the map and drops nothing (the rules it
    triggers fire from exhaustion.damage)."""
    del state.figures[figure.id]
    state.destroyed.append(figure.id)
    state.emit(
        "destroyed",
        lazy("objective {objective} is destroyed", objective=name(state, figure.id)),
        "HV-GOAL-2",
        figure=figure.id,
    )
