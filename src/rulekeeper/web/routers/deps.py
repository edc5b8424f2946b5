"""What every router reads from the app: its settings and its open tables."""

from __future__ import annotations

from fastapi import Request

from rulekeeper.web.settings import WebSettings
from rulekeeper.web.tables import TableHub


def settings_of(request: Request) -> WebSettings:
    settings: WebSettings = request.app.state.settings
    return settings


def hub_of(request: Request) -> TableHub:
    hub: TableHub = request.app.state.hub
    return hub
