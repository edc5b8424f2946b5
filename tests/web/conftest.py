"""The web table under FastAPI's test client, with its own save store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.store import SaveStore
from rulekeeper.web.app import create_app
from rulekeeper.web.settings import WebSettings


@pytest.fixture
def settings(tmp_path: Path) -> WebSettings:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    return WebSettings(store_path=tmp_path / "saves.sqlite3", scenario_folder=folder)


@pytest.fixture
def client(settings: WebSettings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def store(settings: WebSettings) -> SaveStore:
    return settings.store()
