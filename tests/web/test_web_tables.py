"""The table routes: a new game, acting, undo, redo, save, the live stream; bad input changes nothing."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import run_replay
from rulekeeper.store import SaveStore


def _new(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"game": "salvage", "seed": 3, **body})
    assert response.status_code == 201, response.text
    view: dict[str, Any] = client.get(f"/api/tables/{response.json()['id']}").json()
    return view


def _act(client: TestClient, view: dict[str, Any], n: int = 0) -> dict[str, Any]:
    action = json.loads(view["actions"][n]["json"])
    response = client.post(f"/api/tables/{view['id']}/actions", json={"action": action})
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_every_game_opens_a_table_with_a_board_and_legal_actions(client: TestClient) -> None:
    for name in ("haven", "salvage", "ether", "areas"):
        view = _new(client, game=name)
        assert view["game"] == name
        assert view["board"].startswith("<svg")
        assert view["actions"], name
        game = find_game(name)
        state = game.new_state(view["scenario"], view["seed"], view["ruleset"])
        for action in view["actions"]:
            game.parse_action(json.loads(action["json"]))  # every control is a real action
        assert view["outcome"] is None and state.outcome() is None


def test_place_actions_name_a_board_element(client: TestClient) -> None:
    view = _new(client, game="areas", seed=1)
    placed = [a for a in view["actions"] if a["place"]]
    assert placed
    for action in placed:
        assert f'data-place="{action["place"]}"' in view["board"]


def test_acting_applies_the_action_and_bumps_the_version(client: TestClient) -> None:
    view = _new(client)
    after = _act(client, view)
    assert after["version"] == view["version"] + 1
    assert after["actions_played"] > view["actions_played"]


def test_an_illegal_action_is_refused_with_its_rule_and_changes_nothing(client: TestClient) -> None:
    view = _new(client)
    # a well-formed salvage action that is not legal now: stepping into a room before moving
    response = client.post(
        f"/api/tables/{view['id']}/actions", json={"action": {"type": "step", "room": 5}}
    )
    assert response.status_code == 400
    assert response.json()["error"].startswith("illegal: SV-")
    again = client.get(f"/api/tables/{view['id']}").json()
    assert again["version"] == view["version"]
    assert again["actions_played"] == view["actions_played"]


def test_malformed_actions_are_one_line_errors(client: TestClient) -> None:
    view = _new(client)
    url = f"/api/tables/{view['id']}/actions"
    cases = [
        ({"action": {"type": "no-such"}}, "unknown type"),
        ({"action": {"type": "step"}}, "field 'room' is missing"),
        ({"action": {"type": "step", "room": "x"}}, "expected a whole number"),
        ({"action": [1]}, "action"),
        ({"nothing": 1}, "action"),
        ({"action": {"type": "step", "room": 1}, "extra": 1}, "extra"),
    ]
    for body, words in cases:
        response = client.post(url, json=body)
        assert response.status_code == 400, body
        message = response.json()["error"]
        assert words in message and "\n" not in message, (body, message)
    response = client.post(url, content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert client.get(f"/api/tables/{view['id']}").json()["version"] == view["version"]


def test_a_choice_made_on_a_stale_page_is_refused(client: TestClient) -> None:
    view = _new(client)
    _act(client, view)
    action = json.loads(view["actions"][0]["json"])
    response = client.post(
        f"/api/tables/{view['id']}/actions", json={"action": action, "version": view["version"]}
    )
    assert response.status_code == 400
    assert "moved on" in response.json()["error"]


def test_unknown_tables_are_404(client: TestClient) -> None:
    for method, path in (
        ("GET", "/api/tables/nope"),
        ("POST", "/api/tables/nope/undo"),
        ("POST", "/api/tables/nope/redo"),
        ("GET", "/api/tables/nope/events?limit=1"),
    ):
        response = client.request(method, path)
        assert response.status_code == 404, path
        assert "no table" in response.json()["error"]
    page = client.get("/play/nope")
    assert page.status_code == 404 and "no table &#x27;nope&#x27;" in page.text
    assert "<script" not in page.text.split("</main>")[0]  # the message, not an empty game page
    response = client.post("/api/tables/nope/actions", json={"action": {"type": "x"}})
    assert response.status_code == 404
    response = client.post("/api/tables/nope/save", json={"name": "x"})
    assert response.status_code == 404


def test_undo_then_redo_returns_to_the_same_game(client: TestClient) -> None:
    view = _new(client)
    response = client.post(f"/api/tables/{view['id']}/undo")
    assert response.status_code == 400 and "nothing to undo" in response.json()["error"]
    played = _act(client, view)
    played = _act(client, played)
    undone = client.post(f"/api/tables/{view['id']}/undo").json()
    assert undone["actions_played"] < played["actions_played"]
    assert undone["can_redo"]
    redone = client.post(f"/api/tables/{view['id']}/redo").json()
    assert redone["actions_played"] == played["actions_played"]
    assert redone["board"] == played["board"] and redone["log"] == played["log"]
    response = client.post(f"/api/tables/{view['id']}/redo")
    assert response.status_code == 400 and "nothing to redo" in response.json()["error"]


def test_a_new_choice_after_undo_drops_the_redo(client: TestClient) -> None:
    view = _new(client)
    played = _act(client, view)
    client.post(f"/api/tables/{view['id']}/undo")
    after = _act(client, client.get(f"/api/tables/{view['id']}").json(), -1)
    assert not after["can_redo"]
    assert played["version"] < after["version"]


def test_save_records_every_action_and_the_save_replays(
    client: TestClient, store: SaveStore
) -> None:
    view = _new(client)
    for bad in ("", "../x", "a b", "x" * 70):
        response = client.post(f"/api/tables/{view['id']}/save", json={"name": bad})
        assert response.status_code == 400 and "save name" in response.json()["error"]
    saved = client.post(f"/api/tables/{view['id']}/save", json={"name": "evening"}).json()
    assert saved["save"] == "evening"
    played = _act(client, saved)
    played = _act(client, played)
    replayed = run_replay(store.load("evening"))
    assert len(replayed.history) == played["actions_played"]
    client.post(f"/api/tables/{view['id']}/undo")
    assert len(run_replay(store.load("evening")).history) < played["actions_played"]
    response = client.post(f"/api/tables/{view['id']}/save", json={"name": "evening"})
    assert response.status_code == 400 and "already exists" in response.json()["error"]


def test_a_named_new_game_is_saved_from_its_first_action(
    client: TestClient, store: SaveStore
) -> None:
    view = _new(client, save="night")
    _act(client, view)
    assert [s.name for s in store.list()] == ["night"]
    response = client.post("/api/tables", json={"game": "salvage", "save": "night"})
    assert response.status_code == 400
    assert len(client.app.state.hub.tables) == 1  # type: ignore[attr-defined]


def test_manual_chance_offers_the_outcomes_as_controls(client: TestClient) -> None:
    view = _new(client, chance="manual")
    for _ in range(40):
        if view["chance_node"]:
            break
        view = _act(client, view)
    assert view["chance_node"], "a salvage game rolls within its first choices"
    game = find_game("salvage")
    assert view["actions"]
    for action in view["actions"]:
        game.parse_action(json.loads(action["json"]))


def test_the_event_stream_sends_the_version(client: TestClient) -> None:
    view = _new(client)
    with client.stream("GET", f"/api/tables/{view['id']}/events?limit=1") as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        body = "".join(response.iter_text())
    assert body == f"event: version\ndata: {view['version']}\n\n"
    response = client.get(f"/api/tables/{view['id']}/events?limit=0")
    assert response.status_code == 400


def test_new_table_refuses_bad_requests(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, 404, "unknown game"),
        ({"game": "haven", "ruleset": "monopoly"}, 400, "unknown ruleset"),
        ({"game": "salvage", "scenario": "nowhere"}, 400, "ships no scenario"),
        ({"game": "salvage", "scenario_file": "../../etc/passwd"}, 400, "not one of the listed"),
        ({"game": "salvage", "scenario_file": "/etc/passwd"}, 400, "not one of the listed"),
        ({"game": "salvage", "seed": 2**63}, 400, "seed"),
        ({"game": "salvage", "seed": "x"}, 400, "seed"),
        ({"game": "salvage", "chance": "dice"}, 400, "chance"),
        ({"game": "salvage", "colour": "red"}, 400, "colour"),
        (
            {"game": "salvage", "scenario": "flooded-annex", "scenario_file": "a.toml"},
            400,
            "not both",
        ),
        ({}, 400, "game"),
    ]
    for body, status, words in cases:
        response = client.post("/api/tables", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["error"], (body, response.json())
    assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]
