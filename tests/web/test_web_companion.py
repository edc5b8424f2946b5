"""Companion mode in the browser (issue 16): the scripted game of the fixture scenario, played on
the companion page, with the boss's turn answered by the monster mover on the painter.

Debian's Chromium drives the page; locators are test ids and roles; every wait is a
Playwright waiting assertion. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright")
from test_web_browser import ARTIFACTS, CHROMIUM, LAUNCH_ARGS, LiveServer, assert_in_language

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright  # noqa: E402

from companion_script import GHS_FOLDER, IMPORTED_SCRIPT, LIBRARY, SCRIPT  # noqa: E402
from rulekeeper.core.registry import find_game  # noqa: E402
from rulekeeper.games.haven.ghs_library import convert, write_library  # noqa: E402
from rulekeeper.web.settings import WebSettings  # noqa: E402

GAME = find_game("haven-companion")
BOSS_ATTACK = 18
"""The scripted boss attack in round 1: on the page the monster mover answers it instead."""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("companion-web")
    settings = WebSettings(store_path=root / "saves.sqlite3", library_folder=LIBRARY)
    with LiveServer(settings) as server:
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    opened = context.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        # A refused action is a 400 the page shows in its error box; anything else is a bug.
        if message.type == "error" and "400" not in message.text:
            problems.append(f"console: {message.text}")

    opened.on("console", on_console)
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    yield opened
    context.close()
    assert problems == []


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def wait_for_change(page: Page, before: str | None) -> None:
    expect(page.locator("main")).not_to_have_attribute("data-version", before or "")


def click_listed(page: Page, raw: dict[str, Any]) -> bool:
    """Click the button carrying this action, if the page lists it."""
    wanted = GAME.parse_action(raw).to_json()
    listed = page.locator("[data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
    for n, text in enumerate(listed):
        if json.loads(text) == wanted:
            before = page.locator("main").get_attribute("data-version")
            page.locator("[data-action]").nth(n).click()
            wait_for_change(page, before)
            return True
    return False


def enter(page: Page, kind: str, figure: str, value: int) -> None:
    """Fill the "what happened on the board" form and enter it."""
    before = page.locator("main").get_attribute("data-version")
    page.get_by_test_id("entry-kind").select_option(kind)
    page.get_by_test_id("entry-figure").select_option(figure)
    page.get_by_test_id("entry-value").fill(str(value))
    page.get_by_test_id("enter").click()
    wait_for_change(page, before)


def play_step(page: Page, raw: dict[str, Any]) -> None:
    expect(page.locator("[data-action]").first).to_be_attached()
    if click_listed(page, raw):
        return
    kind = raw["type"]
    if kind == "attack":
        enter(page, "attack", str(raw["target"]), int(str(raw["value"])))
    elif kind == "damage":
        enter(page, "damage", str(raw["figure"]), int(str(raw["amount"])))
    elif kind == "loot":
        enter(page, "loot", str(raw["character"]), int(str(raw["tokens"])))
    else:
        raise AssertionError(f"the page offers no way to play {raw}")
    expect(page.get_by_test_id("error")).to_be_hidden()


def answer_with_the_mover(page: Page, live: LiveServer, shot_name: str = "companion-mover") -> None:
    """The boss's turn: open the painter on it, paint the lampwright beside it, apply."""
    page.get_by_test_id("mover-cinder-tyrant-1").click()
    expect(page.get_by_test_id("companion-note")).to_be_visible()
    board = page.get_by_test_id("board")
    expect(board.locator("[data-figure='cinder-tyrant-1']")).to_have_count(1)
    expect(page.get_by_test_id("move")).to_have_value("0")
    page.get_by_role("button", name="character", exact=True).click()
    page.get_by_test_id("figure-id").fill("lampwright")
    board.locator("[data-hex='6,1']").click()
    page.get_by_test_id("solve").click()
    option = page.get_by_test_id("options").locator("li").first
    expect(option).to_have_attribute("data-targets", "lampwright")
    shot(page, shot_name)
    page.get_by_test_id("apply-0").click()
    expect(page.get_by_test_id("monsters")).to_be_visible()
    expect(page.get_by_test_id("log")).to_contain_text("as the monster mover answered")


def test_a_scripted_companion_game_is_played_on_the_page(page: Page, live: LiveServer) -> None:
    page.goto(live.url + "/companion")
    expect(page.get_by_test_id("scenario-select").locator("option")).to_have_count(1)
    page.get_by_test_id("players").select_option("1")
    page.get_by_test_id("level").select_option("1")
    page.get_by_test_id("chance-select").select_option("manual")
    shot(page, "companion-start")
    page.get_by_test_id("start-companion").click()
    expect(page.get_by_test_id("title")).to_have_text("#E1 Ember Hall")
    for n, raw in enumerate(SCRIPT[2:], start=2):
        if n == BOSS_ATTACK:
            answer_with_the_mover(page, live)
            continue
        play_step(page, raw)
        if raw == {"type": "infuse", "element": "fire"}:
            expect(page.get_by_test_id("elements")).to_be_visible()
            shot(page, "companion-round-1")
        if raw.get("card") == "ash-flare":
            expect(page.get_by_test_id("monsters")).to_contain_text("ash-flare")
            shot(page, "companion-round-2")
    outcome = page.get_by_test_id("outcome")
    expect(outcome).to_contain_text("Game over — won")
    expect(outcome).to_contain_text("lampwright: 6 xp, 2 gold, treasure 7")
    expect(page.get_by_test_id("log")).to_contain_text("ashrat consumes fire: +1 attack")
    shot(page, "companion-end")


def test_a_refused_entry_shows_its_rule(page: Page, live: LiveServer) -> None:
    page.goto(live.url + "/companion")
    expect(page.get_by_test_id("scenario-select").locator("option")).to_have_count(1)
    page.get_by_test_id("players").select_option("1")
    page.get_by_test_id("start-companion").click()
    for raw in SCRIPT[2:6]:
        play_step(page, raw)
    enter_button = page.get_by_test_id("enter")
    page.get_by_test_id("entry-kind").select_option("loot")
    page.get_by_test_id("entry-value").fill("3")
    enter_button.click()
    expect(page.get_by_test_id("error")).to_contain_text("HV-LOOT-1")


@pytest.mark.parametrize("lang", ["ca", "tr"])
def test_the_companion_page_in_each_language(page: Page, live: LiveServer, lang: str) -> None:
    """The companion page in Catalan and Turkish (issue 18): no English word of the page left."""
    page.goto(live.url + f"/companion?lang={lang}")
    expect(page.get_by_test_id("scenario-select").locator("option")).to_have_count(1)
    assert_in_language(page, lang)
    page.get_by_test_id("players").select_option("1")
    page.get_by_test_id("chance-select").select_option("manual")
    page.get_by_test_id("start-companion").click()
    expect(page.get_by_test_id("title")).to_have_text("#E1 Ember Hall")
    for raw in SCRIPT[2:BOSS_ATTACK]:
        play_step(page, raw)
        if raw == {"type": "infuse", "element": "fire"}:
            break
    expect(page.get_by_test_id("elements")).to_be_visible()
    assert_in_language(page, lang)
    shot(page, f"{lang}-companion")


@pytest.fixture(scope="module")
def imported_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The web table serving a library made by the importer from the GHS-shaped fixture."""
    root = tmp_path_factory.mktemp("companion-imported")
    converted, report = convert(GHS_FOLDER, "gh", lambda _: None)
    write_library(converted, report, root / "library")
    settings = WebSettings(store_path=root / "saves.sqlite3", library_folder=root / "library")
    with LiveServer(settings) as server:
        yield server


IMPORTED_BOSS_ATTACK = 16
"""The boss's attack in round 1 of the imported game: answered by the monster mover."""


def test_an_imported_scenario_is_played_on_the_page(page: Page, imported_live: LiveServer) -> None:
    """Issue 16's acceptance: GHS-shaped fixture -> haven import -> library -> the page."""
    page.goto(imported_live.url + "/companion")
    expect(page.get_by_test_id("scenario-select").locator("option")).to_have_count(1)
    page.get_by_test_id("players").select_option("1")
    page.get_by_test_id("level").select_option("1")
    page.get_by_test_id("chance-select").select_option("manual")
    page.get_by_test_id("start-companion").click()
    expect(page.get_by_test_id("title")).to_have_text("#1 Ember Hall")
    for n, raw in enumerate(IMPORTED_SCRIPT[2:], start=2):
        if n == IMPORTED_BOSS_ATTACK:
            answer_with_the_mover(page, imported_live, "companion-imported-mover")
            continue
        play_step(page, raw)
        if n == 24:
            expect(page.get_by_test_id("monsters")).to_contain_text("summon ash-rat")
            shot(page, "companion-imported-round-2")
    outcome = page.get_by_test_id("outcome")
    expect(outcome).to_contain_text("Game over — won")
    expect(outcome).to_contain_text("lampwright: 6 xp, 4 gold, treasure 4")
    expect(page.get_by_test_id("log")).to_contain_text("cinder-tyrant infuses fire")
    shot(page, "companion-imported-end")
