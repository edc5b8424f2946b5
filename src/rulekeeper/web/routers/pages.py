"""The HTML pages: each a small shell whose script fetches its data from the API."""

from __future__ import annotations

import html

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from rulekeeper.i18n import LANGUAGE_NAMES, LANGUAGES, N_, UnknownLanguageError, _, current_language
from rulekeeper.web.language import catalog_script
from rulekeeper.web.routers.deps import hub_of
from rulekeeper.web.tables import TableError

router = APIRouter()

PAGES = {
    "start": (None, "start.js"),
    "play": (N_("table"), "play.js"),
    "painter": (N_("monster move"), "painter.js"),
    "odds": (N_("attack odds"), "odds.js"),
    "companion": (N_("companion"), "companion.js"),
}


def _picker(lang: str) -> str:
    name = html.escape(_("language"))
    options = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{LANGUAGE_NAMES[code]}</option>'
        for code in LANGUAGES
    )
    return (
        f'<label class="language"><span class="visually-hidden">{name}</span>'
        f'<select id="language" data-testid="language" aria-label="{name}">'
        f"{options}</select></label>"
    )


def _page(name: str, body: str) -> HTMLResponse:
    what, script = PAGES[name]
    lang = current_language()
    title = "rulekeeper" if what is None else "rulekeeper — " + _(what)
    links = (
        ("/", _("games")),
        ("/tools/monster-move", _("monster move")),
        ("/tools/odds", _("odds")),
        ("/companion", _("companion")),
    )
    nav = " ".join(f'<a href="{href}">{html.escape(text)}</a>' for href, text in links)
    return HTMLResponse(
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/app.css"></head><body>'
        '<header class="top"><a href="/" class="brand">rulekeeper</a>'
        f"<nav>{nav}</nav>{_picker(lang)}</header>"
        f'<main id="main" data-page="{name}">{body}</main>'
        f'<script src="/i18n/{lang}.js"></script>'
        '<script src="/static/common.js"></script>'
        f'<script src="/static/{script}"></script></body></html>'
    )


@router.get("/i18n/{lang}.js")
async def script_catalog(lang: str) -> Response:
    """The translations the pages' scripts use, in ``lang`` (see rulekeeper.web.language)."""
    try:
        body = catalog_script(lang)
    except UnknownLanguageError as error:
        return Response(str(error), status_code=404, media_type="text/plain")
    return Response(body, media_type="text/javascript; charset=utf-8")


@router.get("/", response_class=HTMLResponse)
async def start_page() -> HTMLResponse:
    return _page("start", "")


@router.get("/play/{table_id}", response_class=HTMLResponse)
async def play_page(table_id: str, request: Request) -> HTMLResponse:
    """The table's page; an unknown table is a page saying so, with the way back."""
    try:
        hub_of(request).get(table_id)
    except TableError as error:
        back = _("Back to the games")
        page = _page(
            "start",
            f'<p class="error" role="alert">{html.escape(str(error))}</p>'
            f'<p><a href="/">{html.escape(back)}</a></p>',
        )
        page.status_code = 404
        return page
    return _page("play", "")


@router.get("/tools/monster-move", response_class=HTMLResponse)
async def painter_page() -> HTMLResponse:
    return _page("painter", "")


@router.get("/tools/odds", response_class=HTMLResponse)
async def odds_page() -> HTMLResponse:
    return _page("odds", "")


@router.get("/companion", response_class=HTMLResponse)
async def companion_start_page() -> HTMLResponse:
    """Start a companion game of a library scenario."""
    return _page("companion", "")


@router.get("/companion/{table_id}", response_class=HTMLResponse)
async def companion_page(table_id: str, request: Request) -> HTMLResponse:
    """A companion game's page; an unknown table is a page saying so."""
    try:
        hub_of(request).get(table_id)
    except TableError as error:
        back = _("Start a companion game")
        page = _page(
            "start",
            f'<p class="error" role="alert">{html.escape(str(error))}</p>'
            f'<p><a href="/companion">{html.escape(back)}</a></p>',
        )
        page.status_code = 404
        return page
    return _page("companion", "")
