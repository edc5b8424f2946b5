"""``rulekeeper serve``: the web table. FastAPI and uvicorn are imported only when it runs."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli.errors import fail
from rulekeeper.core.errors import os_reason
from rulekeeper.i18n import _


def join_url(host: str, port: int, token: str | None) -> str:
    """The address to open: this machine's name for a wildcard host, with the token if asked."""
    import socket  # not imported for every command's help (start-up)

    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = socket.gethostname() or "localhost"
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def serve_command(
    host: Annotated[
        str,
        typer.Option(
            "--host", help=_("Address to listen on (another than localhost asks for a token).")
        ),
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=1, max=65535, help=_("Port to listen on."))
    ] = 8765,
    scenarios: Annotated[
        Path | None,
        typer.Option(
            "--scenarios",
            help=_("A folder of your own scenario files; the start page lists the files under it."),
        ),
    ] = None,
    library: Annotated[
        Path | None,
        typer.Option(
            "--library",
            help=_("A haven content library: its scenarios play on your own board (companion)."),
        ),
    ] = None,
) -> None:
    """Play in a browser: every game family on SVG boards, live on several devices."""
    from rulekeeper.web.settings import WebSettings, is_local, new_token

    if scenarios is not None and not scenarios.is_dir():
        raise fail(_("--scenarios: {folder} is not a folder", folder=scenarios))
    if library is not None and not library.is_dir():
        raise fail(_("--library: {folder} is not a folder", folder=library))
    token = None if is_local(host) else new_token()
    settings = WebSettings(
        host=host, port=port, token=token, scenario_folder=scenarios, library_folder=library
    )

    import uvicorn

    from rulekeeper.web.app import create_app

    app = create_app(settings)
    url = join_url(host, port, token)
    if token:
        typer.echo(
            _("rulekeeper web table: join from any device on your network at {url}", url=url)
        )
        typer.echo(_("requests without this URL's token are refused"))
    else:
        typer.echo(_("rulekeeper web table: open {url}  (Ctrl-C stops it)", url=url))
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    except OSError as error:
        raise fail(
            _(
                "cannot listen on {host}:{port}: {reason}",
                host=host,
                port=port,
                reason=os_reason(error),
            )
        ) from None
