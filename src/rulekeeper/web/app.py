"""The app factory: routers, the join token, one-line errors, the packaged assets."""

from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint

from rulekeeper.core.errors import RulekeeperError, UnknownGameError
from rulekeeper.store import SaveError
from rulekeeper.web.routers import games, haven_tools, pages, rules, saves, tables
from rulekeeper.web.settings import WebSettings
from rulekeeper.web.tables import TableError, TableHub

TOKEN_COOKIE = "rulekeeper_token"
MAX_BODY = 1_000_000
"""Largest request body accepted, in bytes (a painted board is a few kilobytes)."""


def static_folder() -> Path:
    return Path(str(resources.files("rulekeeper.web") / "static"))


class TokenGate(BaseHTTPMiddleware):
    """Refuse every request without the join token (given as ``?token=`` once, then a cookie)."""

    def __init__(self, app: object, token: str) -> None:
        super().__init__(app)  # type: ignore[arg-type]
        self.token = token

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        offered = request.query_params.get("token")
        if offered is not None and secrets.compare_digest(offered, self.token):
            response = await call_next(request)
            response.set_cookie(TOKEN_COOKIE, self.token, httponly=True, samesite="strict")
            return response
        cookie = request.cookies.get(TOKEN_COOKIE, "")
        if cookie and secrets.compare_digest(cookie, self.token):
            return await call_next(request)
        return PlainTextResponse(
            "this table needs its join URL: open the address `rulekeeper serve` printed, with its token",
            status_code=403,
        )


class BodyLimit(BaseHTTPMiddleware):
    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"error": f"request body larger than {MAX_BODY} bytes"}, 413)
        return await call_next(request)


def _status(error: Exception) -> int:
    if isinstance(error, TableError | UnknownGameError) and "no " in str(error)[:4]:
        return 404
    if isinstance(error, UnknownGameError):
        return 404
    if isinstance(error, SaveError) and str(error).startswith("no save"):
        return 404
    return 400


def _validation_message(error: RequestValidationError) -> str:
    first = error.errors()[0] if error.errors() else {}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body", "query", "path"))
    message = str(first.get("msg", "invalid request"))
    return f"{where}: {message}" if where else message


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

    for router in (pages, games, tables, saves, rules, haven_tools):
        app.include_router(router.router)
    app.mount("/static", StaticFiles(directory=static_folder()), name="static")
    app.add_middleware(BodyLimit)
    if settings.token is not None:
        app.add_middleware(TokenGate, token=settings.token)
    return app
