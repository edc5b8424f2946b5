"""The companion routes (issue 16): start a game of a library scenario, its view, the board
prefilled for the monster mover; refusals are one line naming the field or rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from companion_script import LIBRARY, SCRIPT
from rulekeeper.core.replay import parse_replay, run_replay
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.web.app import create_app
from rulekeeper.web.settings import WebSettings


@pytest.fixture
def companion_client(tmp_path: Path) -> TestClient:
    settings = WebSettings(store_path=tmp_path / "saves.sqlite3", library_folder=LIBRARY)
    return TestClient(create_app(settings))


def start(client: TestClient, **body: object) -> str:
    answer = client.post(
        "/api/companion/tables",
        json={"scenario": "ember-hall", "players": 1, "level": 1, "chance": "manual", **body},
    )
    assert answer.status_code == 201, answer.json()
    return str(answer.json()["id"])


def test_the_library_is_listed(companion_client: TestClient) -> None:
    data = companion_client.get("/api/companion/scenarios").json()
    assert data["scenarios"] == [
        {"id": "ember-hall", "index": "E1", "name": "Ember Hall", "edition": "gh"}
    ]
    assert [c["id"] for c in data["classes"]] == ["lampwright", "tidecaller"]


def test_the_scripted_game_through_the_routes_is_saved_and_replays(
    companion_client: TestClient,
) -> None:
    table = start(companion_client, save="hall")
    for raw in SCRIPT[2:]:
        answer = companion_client.post(f"/api/tables/{table}/actions", json={"action": raw})
        assert answer.status_code == 200, (raw, answer.json())
    view = companion_client.get(f"/api/companion/{table}").json()
    assert view["outcome"]["result"] == "won"
    assert view["companion"]["characters"][0]["treasures"] == ["7"]
    saved = companion_client.get("/api/saves/hall/export").json()
    replayed = run_replay(parse_replay(saved))
    assert str(replayed.outcome()).startswith("won")
    resumed = companion_client.post("/api/saves/hall/resume", json={}).json()
    assert resumed["url"] == f"/companion/{table}"


def test_the_view_shows_each_standee_s_numbers_HV_MON_4(companion_client: TestClient) -> None:
    table = start(companion_client)
    for raw in SCRIPT[2:10]:
        companion_client.post(f"/api/tables/{table}/actions", json={"action": raw})
    boss = companion_client.get(f"/api/companion/{table}").json()["companion"]["monsters"][0]
    assert boss["id"] == "cinder-tyrant-1" and boss["rank"] == "boss"
    assert boss["numbers"] == "attack 4 melee, shield 1"
    mover = companion_client.get(f"/api/companion/{table}/mover/cinder-tyrant-1").json()
    board = parse_board(mover["board"])
    assert board.turn.figure == "cinder-tyrant-1" and board.turn.targets == 1
    teams = {f["id"]: f["team"] for f in mover["figures"]}
    assert teams == {
        "lampwright": "characters",
        "lamp-bearer-1": "characters",
        "cinder-tyrant-1": "monsters",
        "ember-altar-1": "monsters",
    }


def test_the_mover_waits_for_the_ability_card_HV_MON_3(companion_client: TestClient) -> None:
    table = start(companion_client)
    for raw in SCRIPT[2:9]:
        companion_client.post(f"/api/tables/{table}/actions", json={"action": raw})
    answer = companion_client.get(f"/api/companion/{table}/mover/cinder-tyrant-1")
    assert answer.status_code == 400
    assert "HV-MON-3" in answer.json()["error"]


@pytest.mark.parametrize(
    ("body", "field"),
    [({"players": 9}, "players"), ({"level": 9}, "level"), ({"scenario": "nowhere"}, "scenario")],
)
def test_bad_starts_name_the_field(
    companion_client: TestClient, body: dict[str, object], field: str
) -> None:
    answer = companion_client.post(
        "/api/companion/tables", json={"scenario": "ember-hall", "players": 1, "level": 1, **body}
    )
    assert answer.status_code == 400
    assert field in answer.json()["error"]


def test_without_a_library_companion_mode_says_how_to_get_one(tmp_path: Path) -> None:
    client = TestClient(create_app(WebSettings(store_path=tmp_path / "s.sqlite3")))
    answer = client.get("/api/companion/scenarios")
    assert answer.status_code == 400
    assert "rulekeeper serve --library" in answer.json()["error"]


def test_companion_pages(companion_client: TestClient) -> None:
    assert companion_client.get("/companion").status_code == 200
    table = start(companion_client)
    assert "companion.js" in companion_client.get(f"/companion/{table}").text
    assert companion_client.get("/companion/nope").status_code == 404
