"""Moving between areas (AR-ROUND-1): to an adjacent area with room for the figure.

A hero moves by an Action token showing the move symbol; a non-hero ally has no
tokens (AR-ALLY-1). A move goes along a link that is no solid barrier (house
assumption: a solid barrier blocks movement as it blocks melee) into an area
whose free capacity fits the figure's size; changing height by moving is
allowed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.areas.actions import Move
from rulekeeper.games.areas.figures import Figure
from rulekeeper.games.areas.reach import occupancy
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.areas.game import AreasState


def legal_moves(state: AreasState, figure: Figure) -> list[Move]:
    """Every move ``figure`` may make now: walkable neighbours with room, per move token."""
    used = occupancy(state.board, state.figures.values())
    areas = [
        a
        for a in state.board.walk_neighbours(figure.area)
        if state.board.has_room(a, used, figure.size)
    ]
    if figure.kind == "ally":
        return [Move(figure.id, a) for a in areas]
    tokens = [t.id for t in state.setup.heroes[figure.type_id].tokens if "move" in t.symbols]
    return [Move(figure.id, a, t) for t in tokens for a in areas]


def check_move(state: AreasState, figure: Figure, action: Move) -> None:
    """AR-ROUND-1: a move goes to an adjacent area not at capacity, by a move token."""
    if figure.kind == "hero":
        tokens = {t.id: t for t in state.setup.heroes[figure.type_id].tokens}
        token = tokens.get(action.token or "")
        if token is None or "move" not in token.symbols:
            raise RuleViolation(
                "AR-ROUND-1",
                lazy(
                    "{figure} moves with an Action token showing the move symbol",
                    figure=figure.name,
                ),
            )
    elif action.token is not None:
        raise RuleViolation(
            "AR-ALLY-1",
            lazy("{ally} is a non-hero ally and has no Action tokens", ally=figure.name),
        )
    if action.to not in state.board.areas:
        raise RuleViolation("AR-ROUND-1", lazy("there is no area {area}", area=repr(action.to)))
    here, there = state.board.area(figure.area), state.board.area(action.to)
    if not state.board.is_adjacent(here.id, there.id):
        raise RuleViolation(
            "AR-ROUND-1", lazy("{area} is not adjacent to {here}", area=there.name, here=here.name)
        )
    if state.board.has_barrier(here.id, there.id):
        raise RuleViolation(
            "AR-ROUND-1",
            lazy(
                "a solid barrier stands between {here} and {area}", here=here.name, area=there.name
            ),
        )
    used = occupancy(state.board, state.figures.values())
    if not state.board.has_room(there.id, used, figure.size):
        raise RuleViolation(
            "AR-ROUND-1",
            lazy(
                "{area} is at capacity ({used}/{capacity}) for a figure of size {size}",
                area=there.name,
                used=used[there.id],
                capacity=there.capacity,
                size=figure.size,
            ),
        )


def move(state: AreasState, figure: Figure, area: str) -> None:
    """Put the figure in ``area`` and log it (AR-ROUND-1)."""
    before = state.board.area(figure.area).name
    figure.area = area
    after = state.board.area(area).name
    state.emit(
        "move",
        lazy(
            "{figure} moves from {before} to {after}",
            figure=figure.name,
            before=before,
            after=after,
        ),
        "AR-ROUND-1",
        figure=figure.id,
        to=area,
    )
