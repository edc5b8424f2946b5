"""The web table in English, Catalan and Turkish: each browser reads its own language (issue 18).

The language comes from ``?lang=`` (remembered in a cookie), else the cookie,
else Accept-Language, else English; the API answers (log, labels, boards,
refusals, rule texts) and the pages' script catalog follow it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from rulekeeper.i18n import UnknownLanguageError, translations, use_language
from rulekeeper.i18n_catalogs import PACKAGE, extract, source_files
from rulekeeper.web.language import (
    LANG_COOKIE,
    _parse_accept,
    all_script_messages,
    choose_language,
    script_catalog,
)

WEB = PACKAGE / "web"


def new_salvage(client: TestClient) -> str:
    response = client.post("/api/tables", json={"game": "salvage", "seed": 2})
    assert response.status_code == 201
    return str(response.json()["id"])


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ca-ES,ca;q=0.9,en;q=0.5", "ca"),
        ("de-DE,tr;q=0.8,en;q=0.7", "tr"),
        ("en-GB,en;q=0.9,tr;q=0.8", "en"),
        ("fr-FR,de;q=0.5", None),
        ("tr;q=0, ca;q=0.1", "ca"),
        ("tr;q=bad, ca;q=0.1", "ca"),
        ("", None),
    ],
)
def test_accept_language_picks_the_best_spoken_language(header: str, expected: str | None) -> None:
    assert _parse_accept(header) == expected


def test_the_query_beats_the_cookie_which_beats_the_browser() -> None:
    assert choose_language("tr", "ca", "ca") == "tr"
    assert choose_language(None, "ca", "tr") == "ca"
    assert choose_language(None, "klingon", "tr") == "tr"  # a bad cookie is ignored
    assert choose_language(None, None, "de") == "en"
    with pytest.raises(UnknownLanguageError, match="lang: unknown language 'xx'"):
        choose_language("xx", None, None)


def test_a_page_is_in_the_browsers_language_with_a_picker(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "ca-ES,ca;q=0.9"})
    assert page.status_code == 200
    assert '<html lang="ca">' in page.text
    assert '<option value="ca" selected>Català</option>' in page.text
    assert '<script src="/i18n/ca.js"></script>' in page.text
    assert ">jocs</a>" in page.text and ">games</a>" not in page.text
    english = client.get("/", headers={"Accept-Language": "de"})
    assert '<html lang="en">' in english.text and ">games</a>" in english.text


def test_lang_in_the_query_is_remembered_in_a_cookie(client: TestClient) -> None:
    first = client.get("/?lang=tr")
    assert f"{LANG_COOKIE}=tr" in first.headers["set-cookie"]
    assert '<html lang="tr">' in first.text
    later = client.get("/tools/odds", headers={"Accept-Language": "ca"})
    assert '<html lang="tr">' in later.text  # the cookie beats the header


def test_an_unknown_language_is_one_line_and_400(client: TestClient) -> None:
    response = client.get("/api/games?lang=xx")
    assert response.status_code == 400
    assert response.text == "lang: unknown language 'xx'; choose one of en, ca, tr"
    assert client.get("/i18n/xx.js").status_code == 404


def test_two_browsers_at_one_table_read_their_own_language(settings) -> None:  # type: ignore[no-untyped-def]
    """The same table: the Catalan reader's board and refusals are Catalan, the other's English."""
    from rulekeeper.web.app import create_app

    app = create_app(settings)
    with TestClient(app) as catalan, TestClient(app) as english:
        catalan.cookies.set(LANG_COOKIE, "ca")
        english.cookies.set(LANG_COOKIE, "en")
        table = new_salvage(english)
        seen_ca = catalan.get(f"/api/tables/{table}").json()
        seen_en = english.get(f"/api/tables/{table}").json()
        assert seen_ca["version"] == seen_en["version"]
        assert "<th>heroi</th>" in seen_ca["panel"] and "<th>hero</th>" in seen_en["panel"]
        assert "soroll" in seen_ca["board"] and "noise" in seen_en["board"]
        # the log: each reader gets Event.text in their own language, never the saved English
        table_state = settings_table(app, table)
        with use_language("ca"):
            assert [e["text"] for e in seen_ca["log"]] == [e.text for e in table_state.log]
        assert [e["text"] for e in seen_en["log"]] == [e.text_in("en") for e in table_state.log]
        # refusals come back in the reader's language
        refused_ca = catalan.post(f"/api/tables/{table}/undo").json()["error"]
        refused_en = english.post(f"/api/tables/{table}/undo").json()["error"]
        assert refused_en == "nothing to undo"
        assert refused_ca == "no hi ha res a desfer"


def settings_table(app, table_id: str):  # type: ignore[no-untyped-def]
    return app.state.hub.get(table_id).state


def test_unknown_tables_and_saves_are_404_in_every_language(client: TestClient) -> None:
    for lang in ("en", "ca", "tr"):
        assert client.get(f"/api/tables/nope?lang={lang}").status_code == 404
        assert client.post(f"/api/saves/ghost/resume?lang={lang}").status_code == 404
        assert client.get(f"/api/saves/ghost/export?lang={lang}").status_code == 404
        assert client.get(f"/play/nope?lang={lang}").status_code == 404
        assert client.get(f"/api/games/x?lang={lang}").status_code == 404
    catalan = client.get("/api/tables/nope?lang=ca").json()["error"]
    assert catalan.startswith("no hi ha la taula 'nope'")


def test_rule_links_follow_the_readers_language(client: TestClient) -> None:
    from rulekeeper.rulebook import find_rule

    for lang in ("en", "ca", "tr"):
        answer = client.get(f"/api/rules/HV-MOVE-1?lang={lang}").json()
        rule = find_rule("HV-MOVE-1", lang)
        assert rule is not None and answer["text"] == rule.text
    missing = client.get("/api/rules/XX-NOPE-1?lang=tr").json()
    assert missing["found"] is False
    assert missing["text"] == translations("tr").gettext(
        "not in the shipped rule catalogs (an engine-level check or a page reference)"
    )
    assert (
        missing["text"]
        != "not in the shipped rule catalogs (an engine-level check or a page reference)"
    )


def test_the_script_catalog_has_every_script_message_translated() -> None:
    """What common.js's _() and _n() read: each message of the scripts, every plural form."""
    for lang in ("ca", "tr"):
        catalog = script_catalog(lang)
        forms = translations(lang).info()["plural-forms"]
        assert catalog["plural"] in forms
        for singular, plural in all_script_messages():
            assert singular in catalog["messages"], (lang, singular)
            shown = catalog["messages"][singular]
            if plural is None:
                assert isinstance(shown, str) and shown
            else:
                count = int(re.search(r"nplurals=(\d+)", forms).group(1))  # type: ignore[union-attr]
                assert isinstance(shown, list) and len(shown) == count and all(shown)
    english = script_catalog("en")
    assert english == {"lang": "en", "plural": "n != 1", "messages": {}}


def test_catalan_plural_forms_are_in_the_order_of_the_rule() -> None:
    catalog = script_catalog("ca")
    forms = catalog["messages"]["{n} action"]
    assert forms[0] == "{n} acció" and forms[2] == "{n} accions"
    assert catalog["plural"].startswith("(n == 1 ? 0")


def test_the_runtime_finds_the_script_messages_babel_extracts() -> None:
    """The catalog served to the pages holds exactly the messages `make catalogs-update` extracts."""
    found = extract(
        (area, path) for area, path in source_files() if path.suffix == ".js" and area == "web"
    )
    babel = {(m.singular, m.plural) for m in found["web"]}
    assert babel and set(all_script_messages()) == babel


def _literal_messages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "_n", "N_", "lazy", "lazy_plural")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def test_every_marked_message_of_the_web_table_reaches_the_catalog() -> None:
    """A `_()` Babel cannot see (inside an f-string's braces) would stay English for ever."""
    paths = [p for p in sorted(WEB.rglob("*.py")) if "__pycache__" not in p.parts]
    extracted = {m.singular for m in extract(("web", p) for p in paths)["web"]}
    for path in paths:
        unseen = _literal_messages(path) - extracted
        assert not unseen, f"{path.relative_to(PACKAGE)}: not extracted: {sorted(unseen)}"


def test_a_bad_request_names_its_field_in_the_readers_language(client: TestClient) -> None:
    cases = [
        (
            {"game": "salvage", "seed": "x"},
            "seed: ha de ser un nombre enter",
            "seed: must be a whole number",
        ),
        ({}, "game: és obligatori", "game: required"),
        ({"game": "salvage", "colour": "red"}, "colour: no és un camp", "colour: not a field"),
        (
            {"game": "salvage", "chance": "dice"},
            "chance: ha de ser un d'aquests",
            "chance: must be one of",
        ),
    ]
    for body, catalan, english in cases:
        assert client.post("/api/tables?lang=ca", json=body).json()["error"].startswith(catalan)
        assert client.post("/api/tables?lang=en", json=body).json()["error"].startswith(english)
    turkish = client.post(
        "/api/companion/tables?lang=tr", json={"scenario": "", "players": 1, "level": 1}
    )
    assert turkish.json()["error"] == "scenario: en az 1 karakter olmalı"
