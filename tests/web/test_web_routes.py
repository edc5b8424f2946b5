"""Pages, games, saves, rules, the haven tools, the join token: every route, with bad input."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.core.game import shown_outcome
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import replay_to_json
from rulekeeper.games.haven.attacks import Attack, Target, attack_mode
from rulekeeper.games.haven.board_format import parse_board
from rulekeeper.games.haven.modifiers import ModifierDeck, standard_catalog
from rulekeeper.games.haven.monster_ai import solve_monster_turn
from rulekeeper.games.haven.odds import odds
from rulekeeper.games.haven.ruleset import find_ruleset
from rulekeeper.rulebook import find_rule, parse_catalog, rulebook
from rulekeeper.store import SaveStore
from rulekeeper.web.app import MAX_BODY, create_app
from rulekeeper.web.settings import WebSettings

DATA = Path(__file__).parent.parent / "data" / "haven" / "monster-ai"


# -- pages and assets ------------------------------------------------------------------
def test_pages_are_html_shells_with_packaged_assets_only(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "areas"}).json()
    for path in ("/", table["url"], "/tools/monster-move", "/tools/odds"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html")
        page = response.text
        assert "http://" not in page and "https://" not in page  # nothing fetched from elsewhere
    for asset in (
        "app.css",
        "common.js",
        "start.js",
        "play.js",
        "painter.js",
        "odds.js",
        "favicon.svg",
    ):
        response = client.get(f"/static/{asset}")
        assert response.status_code == 200, asset
        assert "https://" not in response.text, asset
    assert client.get("/static/../app.py").status_code == 404


def test_games_lists_every_family_and_the_users_scenario_files(
    client: TestClient, settings: WebSettings
) -> None:
    assert settings.scenario_folder is not None
    shipped = find_game("salvage").scenarios()[0].name
    source = Path(__file__).parents[2] / "src/rulekeeper/content/salvage/scenarios"
    (settings.scenario_folder / "mine").mkdir()
    (settings.scenario_folder / "mine" / "annex.toml").write_text(
        (source / f"{shipped}.toml").read_text()
    )
    (settings.scenario_folder / "notes.txt").write_text("not a scenario")
    data = client.get("/api/games").json()
    # shipped games first (other tests may register more)
    assert [g["name"] for g in data["games"]][:4] == ["haven", "salvage", "ether", "areas"]
    assert data["scenario_files"] == ["mine/annex.toml"]
    haven = data["games"][0]
    assert haven["rulesets"] == ["gloomhaven", "frosthaven"] and haven["scenarios"]
    opened = client.post(
        "/api/tables", json={"game": "salvage", "scenario_file": "mine/annex.toml"}
    )
    assert opened.status_code == 201
    response = client.post("/api/tables", json={"game": "salvage", "scenario_file": "notes.txt"})
    assert response.status_code == 400


def test_a_bad_scenario_file_is_one_line_naming_the_file(
    client: TestClient, settings: WebSettings
) -> None:
    assert settings.scenario_folder is not None
    (settings.scenario_folder / "broken.toml").write_text("format = 3\n")
    response = client.post("/api/tables", json={"game": "salvage", "scenario_file": "broken.toml"})
    assert response.status_code == 400
    assert "broken.toml" in response.json()["error"]


# -- saves -------------------------------------------------------------------------------
def _saved_game(store: SaveStore) -> int:
    game = find_game("salvage")
    state = game.new_state("flooded-annex", 2)
    actions = []
    while len(actions) < 6:
        action = (
            state.legal_actions()[0]
            if not state.is_chance_node()
            else state.chance_outcomes()[0][0]
        )
        state.apply(action)
        actions.append(action.to_json())
    store.create("evening", state.replay_header(), actions)
    return len(actions)


def test_saves_list_resume_and_export(client: TestClient, store: SaveStore) -> None:
    assert client.get("/api/saves").json() == {"saves": []}
    count = _saved_game(store)
    listed = client.get("/api/saves").json()["saves"]
    assert [(s["name"], s["actions"]) for s in listed] == [("evening", count)]
    opened = client.post("/api/saves/evening/resume", json={}).json()
    view = client.get(f"/api/tables/{opened['id']}").json()
    assert view["save"] == "evening" and view["actions_played"] >= count
    again = client.post("/api/saves/evening/resume").json()
    assert again["id"] == opened["id"]  # the open table, not a second writer
    exported = client.get("/api/saves/evening/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    assert exported.json()["format"] == "rulekeeper-replay/1"
    assert len(exported.json()["actions"]) == view["actions_played"]


def test_unknown_and_badly_named_saves_are_refused(client: TestClient) -> None:
    assert client.post("/api/saves/ghost/resume").status_code == 404
    assert client.get("/api/saves/ghost/export").status_code == 404
    for path in ("/api/saves/a%20b/export", "/api/saves/.hidden/export"):
        response = client.get(path)
        assert response.status_code == 400 and "save name" in response.json()["error"]
    response = client.post("/api/saves/ghost/resume", json={"chance": "dice"})
    assert response.status_code == 400


def test_a_save_that_no_longer_replays_is_reported_and_left_alone(
    client: TestClient, store: SaveStore
) -> None:
    store.create(
        "broken",
        {"game": "salvage", "ruleset": "standard", "scenario": "flooded-annex", "seed": 1},
        [{"type": "step", "room": 9}],
    )
    response = client.post("/api/saves/broken/resume")
    assert response.status_code == 400
    assert response.json()["error"].startswith("illegal at action 1:")
    assert client.app.state.hub.tables == {}  # type: ignore[attr-defined]
    assert len(store.load("broken").actions) == 1


# -- rules -------------------------------------------------------------------------------
def test_rule_ids_open_to_their_catalog_text(client: TestClient) -> None:
    data = client.get("/api/rules/SV-MOVE-1").json()
    assert data["found"] and data["catalog"] == "salvage" and "dice" in data["text"]
    unknown = client.get("/api/rules/CORE-LEGAL").json()
    assert unknown["found"] is False
    response = client.get("/api/rules/not a rule")
    assert response.status_code == 400 and "not a rule ID" in response.json()["error"]


def test_the_shipped_rulebook_holds_every_catalog_rule() -> None:
    root = Path(__file__).parents[2] / "src/rulekeeper/content/rules"
    for name in ("haven", "salvage", "ether", "areas"):
        text = (root / f"{name}.md").read_text()
        bullets = re.findall(r"^- \*\*[A-Z]{2}-[A-Z0-9-]+\*\*", text, re.MULTILINE)
        assert len(parse_catalog(name, text)) == len(bullets) > 10
    assert len(rulebook()) > 200
    rule = find_rule("HV-MOVE-1")
    assert rule is not None and rule.text.startswith("A figure may move through allies")
    assert rule.text.endswith("[GH p.19]")  # continuation lines joined


# -- haven tools -------------------------------------------------------------------------------
def _case(suite: str, number: int) -> dict[str, object]:
    cases = json.loads((DATA / f"{suite}.json").read_text())
    board: dict[str, object] = cases[number]["board"]
    return board


@pytest.mark.parametrize(
    ("suite", "number"), [("gloomhaven", 0), ("gloomhaven", 40), ("frosthaven", 5)]
)
def test_monster_move_answers_as_the_monster_mover_does(
    client: TestClient, suite: str, number: int
) -> None:
    board = _case(suite, number)
    response = client.post("/api/haven/monster-move", json=board)
    assert response.status_code == 200, response.text
    answer = solve_monster_turn(parse_board(board))
    data = response.json()
    assert [{k: v for k, v in o.items() if k != "sight_lines"} for o in data["options"]] == [
        o.to_json() for o in answer.options
    ]
    assert data["reasons"] == list(answer.reasons)
    for option in data["options"]:
        assert len(option["sight_lines"]) == len(option["targets"])


def test_HV_GOAL_2_monster_move_aims_at_the_hex_of_a_wide_figure_in_reach(
    client: TestClient,
) -> None:
    """A figure covering several hexes (``more_hexes``) is attacked through the hex in range
    and sight: the sight line ends there, not on its first hex (out of range 2)."""
    board = {
        "format": "haven-board/1",
        "ruleset": "gloomhaven",
        "hexes": [[q, r] for q in range(-2, 6) for r in range(-3, 3)],
        "figures": [
            {"id": "M", "team": "monsters", "hex": [0, 0]},
            {
                "id": "O",
                "team": "characters",
                "hex": [3, 0],
                "initiative": 99,
                "more_hexes": [[2, 0]],
            },
        ],
        "turn": {"figure": "M", "range": 2},
    }
    response = client.post("/api/haven/monster-move", json=board)
    assert response.status_code == 200, response.text
    (option,) = response.json()["options"]
    assert option["targets"] == ["O"]
    assert option["sight_lines"] == [[[0, 0], [2, 0]]]


def test_monster_move_refuses_bad_boards_naming_the_field(client: TestClient) -> None:
    board = _case("gloomhaven", 0)
    bad = dict(board, turn={"figure": "nobody"})
    response = client.post("/api/haven/monster-move", json=bad)
    assert response.status_code == 400 and "turn.figure" in response.json()["error"]
    huge = dict(board, hexes=[[q, 0] for q in range(700)])
    response = client.post("/api/haven/monster-move", json=huge)
    assert response.status_code == 400 and "hexes" in response.json()["error"]
    response = client.post("/api/haven/monster-move", json=[1, 2])
    assert response.status_code == 400


def test_odds_match_the_odds_engine(client: TestClient) -> None:
    response = client.post(
        "/api/haven/odds", json={"attack": 3, "shield": 1, "advantage": True, "poisoned": True}
    )
    assert response.status_code == 200, response.text
    rules = find_ruleset("gloomhaven")
    attack, target = Attack(3, advantage=True), Target(shield=1, conditions=("poison",))
    expected = odds(
        attack,
        target,
        ModifierDeck.standard("character", rules, standard_catalog()),
        rules,
        attack_mode(attack, target),
        catalog=standard_catalog(),
    )
    data = response.json()
    assert data["mode"] == "advantage"
    assert data["damage"] == expected.to_json()["damage"]
    assert sum(Fraction(row["probability"]["fraction"]) for row in data["damage"]) == 1


def test_odds_with_an_edited_deck(client: TestClient) -> None:
    cards = client.get("/api/haven/cards?ruleset=frosthaven").json()
    assert sum(cards["standard"].values()) == 20 and "miss" in cards["standard"]
    assert "leaves the deck" in cards["cards"]["bless"]
    deck = {"draw": {"+0": 1, "+2": 1}, "discard": {"-1": 3}}
    data = client.post(
        "/api/haven/odds", json={"attack": 2, "ruleset": "frosthaven", "deck": deck}
    ).json()
    assert {row["damage"]: row["probability"]["fraction"] for row in data["damage"]} == {
        2: "1/2",
        4: "1/2",
    }


def test_odds_refuse_bad_questions(client: TestClient) -> None:
    cases = [
        ({"attack": -1}, "attack"),
        ({"attack": 2, "ward": True}, "ward"),
        ({"attack": 2, "ruleset": "chess"}, "ruleset"),
        ({"attack": 2, "deck": {"draw": {"+7": 1}}}, "unknown card"),
        ({"attack": 2, "deck": {"draw": {"+0": 41}}}, "40"),
        ({"attack": 2, "deck": {"draw": {"+0": 40, "+1": 40, "-1": 1}}}, "at most 80"),
        ({"attack": 2, "deck": {"draw": {}}}, "no cards"),
        ({"shield": 1}, "attack"),
    ]
    for body, words in cases:
        response = client.post("/api/haven/odds", json=body)
        assert response.status_code == 400, body
        assert words in response.json()["error"], (body, response.json())
    assert client.get("/api/haven/cards?ruleset=chess").status_code == 400


# -- the join token and request size ---------------------------------------------------------
def test_a_table_served_to_the_network_refuses_requests_without_its_token(tmp_path: Path) -> None:
    settings = WebSettings(host="0.0.0.0", token="s3cret", store_path=tmp_path / "s.sqlite3")
    with TestClient(create_app(settings)) as client:
        for path in ("/", "/api/games", "/static/app.css", "/api/rules/SV-MOVE-1"):
            response = client.get(path)
            assert response.status_code == 403, path
        assert client.get("/?token=wrong").status_code == 403
        assert client.get("/?token=s3cret").status_code == 200
        assert client.get("/api/games").status_code == 200  # the cookie now carries it
    with TestClient(create_app(settings)) as other:
        other.cookies.set("rulekeeper_token", "guess")
        assert other.get("/api/games").status_code == 403


def test_oversized_requests_are_refused(client: TestClient) -> None:
    response = client.post(
        "/api/haven/monster-move",
        content=b"[" + b"0," * MAX_BODY + b"0]",
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413


def test_replays_of_a_finished_web_game_match(client: TestClient, store: SaveStore) -> None:
    """A whole game played through the API ends as the engine says, and its save replays it."""
    view = client.get(
        f"/api/tables/{client.post('/api/tables', json={'game': 'areas', 'seed': 1, 'save': 'g'}).json()['id']}"
    ).json()
    for _ in range(400):
        if view["outcome"]:
            break
        action = json.loads(view["actions"][0]["json"])
        view = client.post(f"/api/tables/{view['id']}/actions", json={"action": action}).json()
    assert view["outcome"] is not None
    replay = store.load("g")
    from rulekeeper.core.replay import run_replay

    state = run_replay(replay)
    assert str(state.outcome()) == f"{view['outcome']['result']}: {view['outcome']['summary']}"
    assert replay_to_json(state)["actions"] == replay.actions
    assert shown_outcome(store.list()[0].outcome) == str(state.outcome())
