"""The HTML pages: each a small shell whose script fetches its data from the API."""

from __future__ import annotations

import html

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from rulekeeper.web.routers.deps import hub_of
from rulekeeper.web.tables import TableError

router = APIRouter()

PAGES = {
    "start": ("rulekeeper", "start.js"),
    "play": ("rulekeeper — table", "play.js"),
    "painter": ("rulekeeper — monster move", "painter.js"),
    "odds": ("rulekeeper — attack odds", "odds.js"),
    "companion": ("rulekeeper — companion", "companion.js"),
}


def _page(name: str, body: str) -> HTMLResponse:
    title, script = PAGES[name]
    return HTMLResponse(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/app.css"></head><body>'
        '<header class="top"><a href="/" class="brand">rulekeeper</a>'
        '<nav><a href="/">games</a> <a href="/tools/monster-move">monster move</a> '
        '<a href="/tools/odds">odds</a> <a href="/companion">companion</a></nav></header>'
        f'<main id="main" data-page="{name}">{body}</main>'
        '<script src="/static/common.js"></script>'
        f'<script src="/static/{script}"></script></body></html>'
    )


@router.get("/", response_class=HTMLResponse)
def start_page() -> HTMLResponse:
    return _page("start", "")


@router.get("/play/{table_id}", response_class=HTMLResponse)
async def play_page(table_id: str, request: Request) -> HTMLResponse:
    """The table's page; an unknown table is a page saying so, with the way back."""
    try:
        hub_of(request).get(table_id)
    except TableError as error:
        page = _page(
            "start",
            f'<p class="error" role="alert">{html.escape(str(error))}</p>'
            '<p><a href="/">Back to the games</a></p>',
        )
        page.status_code = 404
        return page
    return _page("play", "")


@router.get("/tools/monster-move", response_class=HTMLResponse)
def painter_page() -> HTMLResponse:
    return _page("painter", "")


@router.get("/tools/odds", response_class=HTMLResponse)
def odds_page() -> HTMLResponse:
    return _page("odds", "")


@router.get("/companion", response_class=HTMLResponse)
def companion_start_page() -> HTMLResponse:
    """Start a companion game of a library scenario."""
    return _page("companion", "")


@router.get("/companion/{table_id}", response_class=HTMLResponse)
async def companion_page(table_id: str, request: Request) -> HTMLResponse:
    """A companion game's page; an unknown table is a page saying so."""
    try:
        hub_of(request).get(table_id)
    except TableError as error:
        page = _page(
            "start",
            f'<p class="error" role="alert">{html.escape(str(error))}</p>'
            '<p><a href="/companion">Start a companion game</a></p>',
        )
        page.status_code = 404
        return page
    return _page("companion", "")
