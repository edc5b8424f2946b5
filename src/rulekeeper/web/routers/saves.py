"""Saved games from the SQLite store: list, resume at a new table, export as a replay file."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from rulekeeper.core.game import shown_outcome
from rulekeeper.core.replay import ReplayFile, run_replay
from rulekeeper.i18n import _
from rulekeeper.store import SaveStore, check_save_name
from rulekeeper.web.routers.deps import hub_of, settings_of
from rulekeeper.web.tables import TableError

router = APIRouter(prefix="/api/saves")


class Resume(BaseModel):
    model_config = ConfigDict(extra="forbid")

    chance: Literal["auto", "manual"] = "auto"


@router.get("")
async def list_saves(request: Request) -> dict[str, Any]:
    return {
        "saves": [
            {
                "name": s.name,
                "game": s.game,
                "ruleset": s.ruleset,
                "scenario": s.scenario,
                "seed": s.seed,
                "actions": s.actions,
                "updated": s.updated,
                "outcome": shown_outcome(s.outcome),
            }
            for s in settings_of(request).store().list()
        ]
    }


@router.post("/{name}/resume", status_code=201)
async def resume(name: str, request: Request, body: Resume | None = None) -> dict[str, Any]:
    """Replay the save (every action checked) and open a table that keeps recording into it."""
    check_save_name(name)
    hub = hub_of(request)
    for open_table in hub.tables.values():
        if open_table.save_name == name:  # one table records into a save, never two
            return {"id": open_table.id, "url": _page_of(open_table.state.game.name, open_table.id)}
    store = settings_of(request).store()
    state = run_replay(_load(store, name))
    table = hub.open(state, chance=body.chance if body else "auto", store=store, save_name=name)
    return {"id": table.id, "url": _page_of(state.game.name, table.id)}


def _load(store: SaveStore, name: str) -> ReplayFile:
    """The save called ``name``; a name that is not saved is a 404."""
    if all(s.name != name for s in store.list()):
        raise TableError(
            _("no save called {name} (see the saved games)", name=repr(name)), missing=True
        )
    return store.load(name)


def _page_of(game: str, table_id: str) -> str:
    """A companion game resumes on its own page; every other game on the table page."""
    return f"/companion/{table_id}" if game == "haven-companion" else f"/play/{table_id}"


@router.get("/{name}/export")
async def export(name: str, request: Request) -> JSONResponse:
    """The save as a rulekeeper-replay/1 file, offered as a download."""
    check_save_name(name)
    replay = _load(settings_of(request).store(), name)
    return JSONResponse(
        replay.model_dump(),
        headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
    )
