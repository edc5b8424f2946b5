"""Companion mode at the web table: start a game of a library scenario, its view, the mover.

A companion game is a table like any other (tables.py: acting, undo, redo,
save and the live stream are the same routes); this router adds what its
page needs: the library's scenarios and classes, the companion view (every
standee's numbers, the characters, elements, initiative), and the board
prefilled for the monster mover's painter. Nothing here decides a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.core.limits import MAX_SEED, MIN_SEED
from rulekeeper.core.registry import find_game
from rulekeeper.i18n import _
from rulekeeper.store import check_save_name
from rulekeeper.web.routers.deps import hub_of, settings_of
from rulekeeper.web.tables import Table, TableError
from rulekeeper.web.view import table_view

if TYPE_CHECKING:
    from rulekeeper.games.haven.companion_state import CompanionState

router = APIRouter(prefix="/api/companion")


def _library(request: Request) -> Any:
    folder = settings_of(request).library_folder
    if folder is None:
        raise ContentError(
            _("no library: start the table with rulekeeper serve --library LIB"), field="library"
        )
    return folder


@router.get("/scenarios")
async def library_scenarios(request: Request) -> dict[str, Any]:
    """The library's scenarios (id, number, name, edition) and its classes."""
    from rulekeeper.games.haven.library import load_library

    library = load_library(_library(request))
    return {
        "scenarios": [
            {"id": s.id, "index": s.index, "name": s.name, "edition": s.edition}
            for s in sorted(library.scenarios.values(), key=lambda s: (s.edition, s.id))
        ],
        "classes": [{"id": k, "name": c.name} for k, c in sorted(library.classes.items())],
    }


class NewCompanion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scenario: Annotated[str, Field(min_length=1, max_length=60)]
    players: int
    level: int
    seed: Annotated[int, Field(ge=MIN_SEED, le=MAX_SEED)] = 1
    chance: Literal["auto", "manual"] = "auto"
    save: str | None = None


@router.post("/tables", status_code=201)
async def new_companion_table(body: NewCompanion, request: Request) -> dict[str, Any]:
    """A companion game with the party size and scenario level already applied (checked)."""
    from rulekeeper.games.haven.companion_library import scenario_name

    folder = _library(request)
    if body.save is not None:
        check_save_name(body.save)
    game = find_game("haven-companion")
    state = game.new_state(scenario_name(folder, body.scenario), body.seed, None)
    for field, raw in (
        ("players", {"type": "party-size", "players": body.players}),
        ("level", {"type": "scenario-level", "level": body.level}),
    ):
        try:
            state.apply(game.parse_action(raw))
        except RuleViolation as error:
            raise ContentError(error.message, field=field) from None
    hub = hub_of(request)
    table = hub.open(state, chance=body.chance, store=settings_of(request).store())
    if body.save is not None:
        try:
            table.save(body.save)
        except Exception:
            hub.tables.pop(table.id, None)
            raise
    return {"id": table.id, "url": f"/companion/{table.id}"}


def _companion_table(request: Request, table_id: str) -> tuple[Table, CompanionState]:
    from rulekeeper.games.haven.companion_state import CompanionState

    table = hub_of(request).get(table_id)
    if not isinstance(table.state, CompanionState):
        raise TableError(
            _("no companion game at table {table}", table=repr(table_id)), missing=True
        )
    return table, table.state


@router.get("/{table_id}")
async def companion_view(table_id: str, request: Request) -> dict[str, Any]:
    """The table's view and the companion panel's data."""
    from rulekeeper.web.companion_view import companion_data

    table, state = _companion_table(request, table_id)
    return {**table_view(table), "companion": companion_data(state)}


@router.get("/{table_id}/mover/{figure}")
async def mover(table_id: str, figure: str, request: Request) -> dict[str, Any]:
    """The board prefilled around ``figure`` for the painter, and the figures to paint."""
    from rulekeeper.games.haven.companion_mover import mover_board, painter_figures

    _, state = _companion_table(request, table_id)
    return {
        "table": table_id,
        "board": mover_board(state, figure),
        "figures": painter_figures(state),
        "acting": state.turn.actor if state.turn is not None else None,
    }
