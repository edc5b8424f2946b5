"""The app factory: routers, the join token, one-line errors, the packaged assets."""

from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulekeeper.core.errors import RulekeeperError, UnknownGameError
from rulekeeper.i18n import _, _n
from rulekeeper.web.language import LanguageGate
from rulekeeper.web.routers import companion, games, haven_tools, pages, rules, saves, tables
from rulekeeper.web.settings import WebSettings
from rulekeeper.web.tables import TableError, TableHub

TOKEN_COOKIE = "rulekeeper_token"
MAX_BODY = 1_000_000
"""Largest request body accepted, in bytes (a painted board is a few kilobytes)."""


def static_folder() -> Path:
    return Path(str(resources.files("rulekeeper.web") / "static"))


class TokenGate:
    """Refuse every request without the join token (given as ``?token=`` once, then a cookie).

    A plain ASGI middleware, so the live event streams pass through untouched.
    """

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        offered = request.query_params.get("token")
        if offered is not None and secrets.compare_digest(offered, self.token):
            cookie = f"{TOKEN_COOKIE}={self.token}; HttpOnly; Path=/; SameSite=strict"

            async def send_with_cookie(message: Message) -> None:
                if message["type"] == "http.response.start":
                    MutableHeaders(scope=message).append("set-cookie", cookie)
                await send(message)

            await self.app(scope, receive, send_with_cookie)
            return
        held = request.cookies.get(TOKEN_COOKIE, "")
        if held and secrets.compare_digest(held, self.token):
            await self.app(scope, receive, send)
            return
        refusal = PlainTextResponse(
            _(
                "this table needs its join URL: open the address `rulekeeper serve` printed, "
                "with its token"
            ),
            status_code=403,
        )
        await refusal(scope, receive, send)


class BodyLimit:
    """Refuse a request body announced larger than :data:`MAX_BODY` before reading it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = Headers(scope=scope).get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                refusal = JSONResponse(
                    {"error": _("request body larger than {limit} bytes", limit=MAX_BODY)}, 413
                )
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _status(error: Exception) -> int:
    if isinstance(error, TableError) and error.missing:
        return 404
    if isinstance(error, UnknownGameError):
        return 404
    return 400


def _validation_message(error: RequestValidationError) -> str:
    """The first problem of a request, one line naming the field, in the reader's language."""
    first = error.errors()[0] if error.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path"))
    message = _reason(str(first.get("type", "")), first.get("ctx") or {}) or str(
        first.get("msg", _("invalid request"))
    )
    return f"{where}: {message}" if where else message


def _reason(kind: str, ctx: dict[str, Any]) -> str | None:
    """Our words for the validation problems a page can cause (None: pydantic's own)."""
    if kind == "missing":
        return _("required")
    if kind == "extra_forbidden":
        return _("not a field of this request")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("must be a whole number")
    if kind in ("bool_type", "bool_parsing"):
        return _("must be true or false")
    if kind in ("string_type",):
        return _("must be text")
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("must be an object")
    if kind == "greater_than_equal" and "ge" in ctx:
        return _("must be at least {limit}", limit=ctx["ge"])
    if kind == "less_than_equal" and "le" in ctx:
        return _("must be at most {limit}", limit=ctx["le"])
    if kind == "string_too_short" and "min_length" in ctx:
        return _n(
            "must have at least {n} character",
            "must have at least {n} characters",
            int(ctx["min_length"]),
        )
    if kind == "string_too_long" and "max_length" in ctx:
        return _n(
            "must have at most {n} character",
            "must have at most {n} characters",
            int(ctx["max_length"]),
        )
    if kind == "literal_error" and "expected" in ctx:
        return _("must be one of {choices}", choices=str(ctx["expected"]).replace(" or ", ", "))
    return None


def create_app(settings: WebSettings | None = None) -> FastAPI:
    """The web table for ``settings`` (defaults: localhost, no token, the default save store)."""
    settings = settings or WebSettings()
    app = FastAPI(title="rulekeeper", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings = settings
    app.state.hub = TableHub()

    @app.exception_handler(RulekeeperError)
    async def _user_error(request: Request, error: RulekeeperError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=_status(error))

    @app.exception_handler(ValueError)
    async def _value_error(request: Request, error: ValueError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _bad_request(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": _validation_message(error)}, status_code=400)

    for router in (pages, games, tables, saves, rules, haven_tools, companion):
        app.include_router(router.router)
    app.mount("/static", StaticFiles(directory=static_folder()), name="static")
    app.add_middleware(BodyLimit)
    if settings.token is not None:
        app.add_middleware(TokenGate, token=settings.token)
    app.add_middleware(LanguageGate)  # outermost: every answer is in its reader's language
    return app
