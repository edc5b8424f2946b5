"""The monster mover for a companion game: a board prefilled around the acting monster.

The board is physical, so the engine cannot ask the monster mover by itself.
For any monster it prefills a haven-board/1 document (board_format.py) for the
painter: a blank grid with the monster in the middle and its turn from this
round's numbers (move, range, targets, flying or jumping, area hexes,
companion_numbers.py); the players paint walls, terrain and the other figures
(their ids and initiatives are listed), ask the mover (monster_ai.py) and apply
its answer as a ``follow-mover`` action (HV-MOVE-MON-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.companion_combat import side
from rulekeeper.games.haven.companion_numbers import card_actions, numbers
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.companion_state import CompanionState

GRID_COLUMNS = 12
GRID_ROWS = 8
CENTRE = (5, 1)
"""The painter's grid (flat-top, axial) and the hex the acting monster is put on."""


def grid() -> list[tuple[int, int]]:
    """The painter's blank grid of hexes."""
    cells: list[tuple[int, int]] = []
    for q in range(GRID_COLUMNS):
        top = -(q // 2)
        cells.extend((q, r) for r in range(top, top + GRID_ROWS))
    return cells


def mover_board(state: CompanionState, figure_id: str) -> dict[str, Any]:
    """A haven-board/1 value for ``figure_id``'s turn, to paint the rest of the board on."""
    figure = state.figures.get(figure_id)
    if figure is None or figure.kind != "monster":
        raise RuleViolation(
            "HV-MOVE-MON-1",
            lazy("{figure} is not a monster on the board", figure=repr(figure_id)),
        )
    group = state.groups.get(figure.type)
    if group is None or group.card is None:
        raise RuleViolation(
            "HV-MON-3",
            lazy("{group} has drawn no ability card this round", group=figure.type),
        )
    values = numbers(state, figure)
    aoe: list[list[int]] = []
    for action in card_actions(state, figure.type):
        if action.type == "attack" and action.aoe:
            aoe = [[q, r] for q, r in action.aoe]
    return {
        "format": "haven-board/1",
        "ruleset": state.ruleset,
        "hexes": [list(h) for h in grid()],
        "walls": [],
        "terrain": {},
        "figures": [{"id": figure.id, "team": "monsters", "hex": list(CENTRE)}],
        "turn": {
            "figure": figure.id,
            "move": values.move or 0,
            "range": values.range,
            "targets": values.targets if values.attack is not None else 0,
            "aoe": aoe,
            "flying": values.flying,
            "jumping": values.jump,
            "teleport": False,
            "muddled": "muddle" in figure.conditions,
        },
    }


def painter_figures(state: CompanionState) -> list[dict[str, Any]]:
    """Every figure the players may paint, with its team and (a character's) initiative."""
    out: list[dict[str, Any]] = []
    for figure in state.figures.values():
        team = side(figure)
        entry: dict[str, Any] = {"id": figure.id, "team": team}
        if figure.kind == "character":
            entry["initiative"] = state.characters[figure.id].initiative or 99
        elif figure.kind == "summon":
            entry["initiative"] = state.characters[figure.owner].initiative or 99
            entry["summoner"] = figure.owner
        elif team == "characters":
            entry["initiative"] = 99
        out.append(entry)
    return out
