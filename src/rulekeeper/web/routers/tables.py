"""A table's routes: its view, acting, undo, redo, save, and the live event stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict

from rulekeeper.i18n import _
from rulekeeper.web.routers.deps import hub_of
from rulekeeper.web.tables import TableError
from rulekeeper.web.view import table_view

router = APIRouter(prefix="/api/tables")

KEEP_ALIVE_SECONDS = 15.0


class Act(BaseModel):
    """The chosen action's JSON form; ``version`` (optional) is the view it was chosen from."""

    model_config = ConfigDict(extra="forbid")

    action: dict[str, Any]
    version: int | None = None


class SaveAs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str


@router.get("/{table_id}")
async def view(table_id: str, request: Request) -> dict[str, Any]:
    return table_view(hub_of(request).get(table_id))


@router.post("/{table_id}/actions")
async def act(table_id: str, body: Act, request: Request) -> dict[str, Any]:
    table = hub_of(request).get(table_id)
    if body.version is not None and body.version != table.version:
        raise TableError(
            _(
                "the game moved on since this page was drawn (another player acted); "
                "the page is redrawn"
            )
        )
    table.act(table.state.game.parse_action(body.action))
    return table_view(table)


@router.post("/{table_id}/undo")
async def undo(table_id: str, request: Request) -> dict[str, Any]:
    table = hub_of(request).get(table_id)
    table.undo()
    return table_view(table)


@router.post("/{table_id}/redo")
async def redo(table_id: str, request: Request) -> dict[str, Any]:
    table = hub_of(request).get(table_id)
    table.redo()
    return table_view(table)


@router.post("/{table_id}/save")
async def save(table_id: str, body: SaveAs, request: Request) -> dict[str, Any]:
    table = hub_of(request).get(table_id)
    table.save(body.name)
    return table_view(table)


@router.get("/{table_id}/events")
async def events(
    table_id: str,
    request: Request,
    limit: Annotated[int | None, Query(ge=1, le=100_000)] = None,
) -> StreamingResponse:
    """Server-sent events: the table's version now, then each time it changes.

    ``limit`` ends the stream after that many version events (scripts, tests).
    """
    table = hub_of(request).get(table_id)

    async def stream() -> AsyncIterator[str]:
        sent = 0
        shown: int | None = None
        while limit is None or sent < limit:
            changed = table.changed
            if table.version != shown:
                shown = table.version
                sent += 1
                yield f"event: version\ndata: {shown}\n\n"
                continue
            try:
                await asyncio.wait_for(changed.wait(), KEEP_ALIVE_SECONDS)
            except TimeoutError:
                if await request.is_disconnected():
                    return
                yield ": still here\n\n"

    return StreamingResponse(
        stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
