"""End to end: headless Chromium plays every family by clicking, paints a monster move, keeps two pages in sync.

Debian's Chromium drives the pages (``.ci/run`` installs it); the tests skip
where it is missing. Locators are test ids and roles; every wait is one of
Playwright's waiting assertions. Screenshots of each page go to ``artifacts/``.
The table is also played once in each language (English, Catalan, Turkish),
chosen with the page's picker (issue 18).
"""

from __future__ import annotations

import json
import random
import re
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

import uvicorn  # noqa: E402
from playwright.sync_api import Browser, ConsoleMessage, Page, expect, sync_playwright  # noqa: E402

from rulekeeper.core.replay import run_replay  # noqa: E402
from rulekeeper.games.haven.board_format import parse_board  # noqa: E402
from rulekeeper.games.haven.monster_ai import solve_monster_turn  # noqa: E402
from rulekeeper.i18n import _, translations, use_language  # noqa: E402
from rulekeeper.i18n_catalogs import read_catalog  # noqa: E402
from rulekeeper.web.app import create_app  # noqa: E402
from rulekeeper.web.settings import WebSettings  # noqa: E402

ARTIFACTS = Path(__file__).parents[2] / "artifacts"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MAX_CLICKS = 600
"""A game that has not ended after this many clicks fails the test instead of running on."""


class LiveServer:
    """The web table on a loopback port, served by uvicorn in a thread for the module's tests."""

    def __init__(self, settings: WebSettings) -> None:
        self.settings = settings
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind(("127.0.0.1", 0))
        self.socket.listen(64)  # connections wait in the backlog until uvicorn accepts them
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        self.app = create_app(settings)
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> LiveServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.server.force_exit = True
        self.thread.join(timeout=10)
        self.socket.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("web")
    settings = WebSettings(store_path=root / "saves.sqlite3")
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
    """A page that fails the test on any console error or uncaught exception.

    The browser asks for English (Accept-Language), whatever the machine's locale.
    """
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    opened = context.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text}")

    opened.on("console", on_console)
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    yield opened
    context.close()
    assert problems == []


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


FITS = """(container) => {
    const box = document.querySelector(container);
    if (!box) return [`${container}: missing`];
    const right = box.getBoundingClientRect().right;
    const wide = [];
    if (box.scrollWidth > box.clientWidth + 1) {
        wide.push(`${container}: scrolls sideways (${box.scrollWidth} > ${box.clientWidth})`);
    }
    for (const table of box.querySelectorAll("table")) {
        const edge = table.getBoundingClientRect().right;
        if (edge > right + 1) wide.push(`${table.className || "table"}: ends at ${edge} > ${right}`);
    }
    return wide;
}"""
"""What sticks out of a container: its sideways scroll and each table reaching past its edge."""


def assert_fits(page: Page, container: str) -> None:
    """Every table of ``container`` is inside it, nothing scrolls sideways (no cut-off column)."""
    wide: list[str] = page.evaluate(FITS, container)
    assert wide == []


def start_game(page: Page, live: LiveServer, game: str, seed: int, save: str) -> None:
    page.goto(live.url + "/")
    expect(page.get_by_test_id("game-select").locator("option")).not_to_have_count(0)
    page.get_by_test_id("game-select").select_option(game)
    page.get_by_test_id("seed").fill(str(seed))
    page.get_by_test_id("save-name").fill(save)
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("board").locator("svg")).to_be_visible()


def click_and_wait(page: Page, control_index: int) -> None:
    """Click one legal-action control and wait until the page shows the game after it."""
    main = page.locator("main")
    before = main.get_attribute("data-version")
    page.locator("[data-action]").nth(control_index).click()
    expect(main).not_to_have_attribute("data-version", before or "")


def test_start_page_lists_every_game(page: Page, live: LiveServer) -> None:
    page.goto(live.url + "/")
    options = page.get_by_test_id("game-select").locator("option")
    for n, name in enumerate(("haven", "salvage", "ether", "areas")):  # shipped games first
        expect(options.nth(n)).to_have_attribute("value", name)
    expect(page.get_by_role("link", name="Monster move painter")).to_be_visible()
    shot(page, "start")


@pytest.mark.parametrize(
    ("game", "seed"), [("salvage", 3), ("areas", 1), ("ether", 3), ("haven", 5)]
)
def test_a_game_played_to_its_end_by_clicking(
    page: Page, live: LiveServer, game: str, seed: int
) -> None:
    """Every control is a legal action; the game ends, and the save replays to the same outcome."""
    save = f"e2e-{game}"
    start_game(page, live, game, seed, save)
    choose = random.Random(f"e2e:{game}:{seed}")
    outcome = page.get_by_test_id("outcome")
    for clicks in range(MAX_CLICKS):
        if outcome.is_visible():
            break
        controls = page.locator("[data-action]")
        expect(controls.first).to_be_attached()
        count = controls.count()
        for n in range(count):
            json.loads(controls.nth(n).get_attribute("data-action") or "")
        click_and_wait(page, choose.randrange(count))
        if clicks == 8:
            shot(page, f"play-{game}")
    expect(outcome).to_be_visible()
    expect(outcome).to_contain_text("Game over")
    expect(page.get_by_test_id("board").locator("svg")).to_be_visible()
    expect(page.get_by_test_id("log").locator("li")).not_to_have_count(0)
    shot(page, f"play-{game}-end")
    state = run_replay(live.settings.store().load(save))
    assert state.outcome() is not None
    expect(outcome).to_have_text(f"Game over — {state.outcome()}")


@pytest.mark.parametrize("width", [1400, 1100])
def test_the_haven_characters_table_fits_its_panel(
    browser: Browser, live: LiveServer, width: int
) -> None:
    """HV-DECK-5: the tinker's class resources (Cogs) under its name, the hands in their own rows;
    no column of the figures or characters table is cut off or scrolls sideways."""
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-US")
    page = context.new_page()
    start_game(page, live, "haven", 5, f"e2e-fits-{width}")
    for _click in range(7):
        click_and_wait(page, 0)
    heroes = page.get_by_test_id("heroes")
    expect(heroes.locator("tr[data-hero='tinker'] .resources")).to_contain_text("Cogs")
    expect(heroes.locator("tr.hand-row").first).to_contain_text("in hand: ")
    shot(page, f"play-haven-{width}")
    assert_fits(page, "[data-testid=panel]")
    assert_fits(page, "main")
    context.close()


def test_a_rule_id_in_the_log_opens_to_its_text(page: Page, live: LiveServer) -> None:
    start_game(page, live, "salvage", 2, "e2e-rules")
    rule = page.get_by_test_id("log").locator("details[data-rule='SV-ROUND-1']").first
    rule.locator("summary").click()
    expect(rule.locator(".rule-text")).to_contain_text("salvage")


def test_two_pages_on_one_game_stay_in_sync(browser: Browser, page: Page, live: LiveServer) -> None:
    start_game(page, live, "areas", 4, "e2e-sync")
    other = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    other.goto(page.url)
    expect(other.get_by_test_id("board").locator("svg")).to_be_visible()
    expect(other.locator("main")).to_have_attribute(
        "data-version", page.locator("main").get_attribute("data-version") or ""
    )
    for _round in range(3):
        click_and_wait(page, 0)
        version = page.locator("main").get_attribute("data-version") or ""
        expect(other.locator("main")).to_have_attribute("data-version", version)
        entries = page.get_by_test_id("log").locator("li")
        expect(other.get_by_test_id("log").locator("li")).to_have_count(entries.count())
        expect(other.get_by_test_id("log").locator("li > span").last).to_have_text(
            entries.locator("> span").last.inner_text()
        )
    other.get_by_test_id("undo").click()
    expect(other.locator("main")).not_to_have_attribute("data-version", version)
    undone = other.locator("main").get_attribute("data-version") or ""
    expect(page.locator("main")).to_have_attribute("data-version", undone)
    expect(page.get_by_test_id("status")).to_have_text(other.get_by_test_id("status").inner_text())
    shot(other, "play-sync-second-page")
    other.context.close()
    assert errors == []


def test_undo_redo_and_save_from_the_page(page: Page, live: LiveServer) -> None:
    start_game(page, live, "salvage", 3, "")
    click_and_wait(page, 0)
    status_after = page.get_by_test_id("status").inner_text()
    log_after = page.get_by_test_id("log").locator("li").count()
    page.get_by_test_id("undo").click()
    expect(page.get_by_test_id("redo")).to_be_enabled()
    page.get_by_test_id("redo").click()
    expect(page.get_by_test_id("status")).to_have_text(status_after)
    expect(page.get_by_test_id("log").locator("li")).to_have_count(log_after)
    page.get_by_test_id("save-as").fill("e2e-saved-later")
    page.get_by_test_id("save").click()
    expect(page.get_by_test_id("saved")).to_contain_text("e2e-saved-later")
    page.goto(live.url + "/")
    row = page.get_by_test_id("saves").locator("tr[data-save='e2e-saved-later']")
    expect(row).to_be_visible()
    row.get_by_role("button", name="resume").click()
    expect(page.get_by_test_id("board").locator("svg")).to_be_visible()
    expect(page.get_by_test_id("saved")).to_contain_text("e2e-saved-later")


def test_a_painted_monster_move_is_solved(page: Page, live: LiveServer) -> None:
    """Paint a board by clicking; the options shown are the monster mover's for that board."""
    page.goto(live.url + "/tools/monster-move")
    board = page.get_by_test_id("board")
    page.get_by_test_id("fill").click()
    page.get_by_role("button", name="obstacle").click()
    for hex_key in ("3,-1", "3,0", "3,1"):
        board.locator(f"[data-hex='{hex_key}']").click()
    page.get_by_role("button", name="wall").click()
    board.locator("[data-hex='2,2']").click()
    board.locator("[data-hex='3,2']").click()
    page.get_by_role("button", name="monster", exact=True).click()
    board.locator("[data-hex='1,1']").click()
    page.get_by_role("button", name="character", exact=True).click()
    page.get_by_test_id("initiative").fill("30")
    board.locator("[data-hex='6,-2']").click()
    page.get_by_test_id("initiative").fill("60")
    board.locator("[data-hex='5,2']").click()
    page.get_by_test_id("move").fill("3")
    page.get_by_test_id("solve").click()
    options = page.get_by_test_id("options").locator("li")
    expect(options.first).to_be_visible()
    painted = parse_board(json.loads(page.get_by_test_id("board-json").input_value()))
    assert {f.id for f in painted.figures} == {"m1", "c1", "c2"}
    assert len(painted.terrain.obstacle) == 3 and len(painted.walls) == 1
    answer = solve_monster_turn(painted)
    expect(options).to_have_count(len(answer.options))
    for n, option in enumerate(answer.options):
        item = options.nth(n)
        expect(item).to_have_attribute("data-move-to", f"{option.move_to[0]},{option.move_to[1]}")
        expect(item).to_have_attribute("data-focus", option.focus or "")
        expect(item).to_have_attribute("data-targets", ",".join(option.targets))
    first = answer.options[0]
    assert first.focus is not None and first.move_to != painted.actor.hex
    expect(board.get_by_test_id("path")).to_be_visible()
    expect(page.get_by_test_id("reasons").locator("li")).to_have_count(len(answer.reasons))
    shot(page, "monster-move")
    # a ranged attack from where it ends: the focus is attacked, along a drawn sight line
    page.get_by_test_id("range").fill("3")
    page.get_by_test_id("solve").click()
    ranged = solve_monster_turn(
        parse_board(json.loads(page.get_by_test_id("board-json").input_value()))
    )
    assert ranged.options[0].targets
    expect(options).to_have_count(len(ranged.options))
    expect(options.first).to_have_attribute("data-targets", ",".join(ranged.options[0].targets))
    expect(board.get_by_test_id("sight-line")).to_have_count(len(ranged.options[0].targets))
    shot(page, "monster-move-ranged")


def test_a_painted_link_is_used_by_the_monster_mover(page: Page, live: LiveServer) -> None:
    """HV-ROOM-5 [FH]: the painter's "linked hexes" joins two hexes; the board file carries the
    link and the mover steps through it (Move 2: one step, then the link) to attack."""
    page.goto(live.url + "/tools/monster-move")
    page.get_by_test_id("ruleset").select_option("frosthaven")
    board = page.get_by_test_id("board")
    page.get_by_test_id("fill").click()
    page.get_by_role("button", name="monster", exact=True).click()
    board.locator("[data-hex='1,1']").click()
    page.get_by_role("button", name="character", exact=True).click()
    board.locator("[data-hex='10,-2']").click()
    page.get_by_test_id("move").fill("2")
    page.get_by_role("button", name="linked hexes").click()
    board.locator("[data-hex='2,1']").click()
    board.locator("[data-hex='9,-2']").click()
    expect(board.locator("g.link-mark[data-link='L1']")).to_have_count(2)
    expect(board.locator("line.hex-link")).to_have_count(1)
    page.get_by_test_id("solve").click()
    options = page.get_by_test_id("options").locator("li")
    expect(options.first).to_be_visible()
    painted = parse_board(json.loads(page.get_by_test_id("board-json").input_value()))
    assert painted.links == (((2, 1), (9, -2)),)
    answer = solve_monster_turn(painted)
    first = answer.options[0]
    assert (first.move_to, first.targets) == ((9, -2), ("c1",))
    expect(options.first).to_have_attribute("data-move-to", "9,-2")
    expect(options.first).to_have_attribute("data-targets", "c1")
    shot(page, "monster-move-linked")
    # the same link clicked again is taken off: the character is out of reach
    board.locator("[data-hex='9,-2']").click()
    board.locator("[data-hex='2,1']").click()
    expect(board.locator("g.link-mark")).to_have_count(0)
    page.get_by_test_id("solve").click()
    expect(options.first).not_to_have_attribute("data-move-to", "9,-2")


def test_HV_GOAL_2_a_loaded_figure_covering_several_hexes_is_kept_and_drawn(
    page: Page, live: LiveServer
) -> None:
    """A board file's ``more_hexes`` survive the painter: the figure is drawn on each of its
    hexes, sent back with the board, and attacked along a sight line to the hex in reach."""
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
    page.goto(live.url + "/tools/monster-move")
    page.get_by_test_id("board-json").fill(json.dumps(board))
    page.get_by_test_id("load-json").click()
    drawn = page.get_by_test_id("board").locator("g[data-figure='O'] circle")
    expect(drawn).to_have_count(2)
    page.get_by_test_id("solve").click()
    options = page.get_by_test_id("options").locator("li")
    expect(options).to_have_count(1)
    expect(options.first).to_have_attribute("data-targets", "O")
    expect(page.get_by_test_id("board").get_by_test_id("sight-line")).to_have_count(1)
    sent = json.loads(page.get_by_test_id("board-json").input_value())
    assert next(f for f in sent["figures"] if f["id"] == "O")["more_hexes"] == [[2, 0]]


def test_odds_page_draws_the_distribution_and_edits_the_deck(page: Page, live: LiveServer) -> None:
    page.goto(live.url + "/tools/odds")
    chart = page.get_by_test_id("chart")
    expect(chart.locator("rect.bar")).not_to_have_count(0)
    page.get_by_test_id("attack").fill("2")
    page.get_by_test_id("edit-deck").check()
    editor = page.get_by_test_id("deck-editor")
    for row in editor.locator("tr[data-card]").all():
        row.locator("input[data-pile='draw']").fill("0")
    editor.locator("tr[data-card='+0'] input[data-pile='draw']").fill("1")
    editor.locator("tr[data-card='+2'] input[data-pile='draw']").fill("1")
    page.get_by_test_id("compute").click()
    expect(chart.locator("rect.bar")).to_have_count(2)
    table = page.get_by_test_id("odds-table")
    expect(table.locator("tr[data-damage='2'] td").nth(2)).to_have_text("1/2")
    expect(table.locator("tr[data-damage='4'] td").nth(2)).to_have_text("1/2")
    expect(page.get_by_test_id("expected")).to_contain_text("expected damage 3.0000")
    shot(page, "odds")


# -- the table in each language (issue 18) ---------------------------------------------------

CHROME = (
    "header a, h1, h2, label, button:not(.action), th, caption, option, summary, legend,"
    " .hint, .status, .status-line, .saved, .outcome, p:not([data-testid=log] *), svg text"
)
"""The page's own words (never the log, whose text the game families translate)."""


def english_leftovers(lang: str, texts: list[str]) -> list[str]:
    """The texts that are a web message's English where ``lang`` says it otherwise."""
    if lang == "en":
        return []
    patterns = []
    for entry in read_catalog(lang, "web"):
        if not entry.id:
            continue
        english = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple | list) else (entry.string,)
        for text in english:
            if text in strings:
                continue  # the same word in both languages ("normal", "boss")
            pattern = re.escape(text)
            pattern = re.sub(r"\\{[A-Za-z_]+\\}", ".+", pattern)
            patterns.append(re.compile(f"^{pattern}$", re.DOTALL))
    return sorted({text for text in texts for pattern in patterns if pattern.match(text.strip())})


def chrome_texts(page: Page) -> list[str]:
    texts: list[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((node) => !node.closest("[data-testid=log]"))
            .map((node) => node.textContent.trim()).filter((text) => text.length)""",
        CHROME,
    )
    return texts


def assert_in_language(page: Page, lang: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert english_leftovers(lang, chrome_texts(page)) == []


def said(lang: str, message: str, **fields: Any) -> str:
    with use_language(lang):
        return _(message, **fields)


def choose_language(page: Page, live: LiveServer, lang: str) -> None:
    """Pick the language with the header's picker; the choice outlives the page (a cookie)."""
    page.goto(live.url + "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the browser asks for English
    page.get_by_test_id("language").select_option(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_test_id("language")).to_have_value(lang)


def table_state(page: Page, live: LiveServer) -> Any:
    """The state of the game the page shows, as the server holds it."""
    return live.app.state.hub.get(page.url.rsplit("/", 1)[1]).state


def expect_log_in(page: Page, state: Any, lang: str) -> None:
    """The log is each event's text in ``lang`` (never the English a save keeps)."""
    shown = [e.text_in(lang) for e in state.log[-200:]]
    expect(page.get_by_test_id("log").locator("li > span:first-child")).to_have_text(shown)
    template = _first_template(state)
    if lang != "en" and template and translations(lang).gettext(template) != template:
        # the family's catalog has landed: the log reads in the reader's language, not English
        assert shown != [e.text_in("en") for e in state.log[-200:]]


def expect_outcome_in(page: Page, state: Any, lang: str) -> None:
    with use_language(lang):
        ended = state.outcome()
        assert ended is not None
        expected = _(
            "Game over — {result}: {summary}", result=_(ended.result), summary=ended.summary
        )
    expect(page.get_by_test_id("outcome")).to_have_text(expected)


@pytest.mark.parametrize("lang", ["en", "ca", "tr"])
def test_the_table_in_each_language(page: Page, live: LiveServer, lang: str) -> None:
    """Picker, start page, salvage, an areas game to its end, a haven board, the tools, in ``lang``.

    No English word of the web table is left on a Catalan or Turkish page; the
    log is each event's text in the reader's language (as far as the game
    families' catalogs go), never the English the save keeps. In Catalan, a
    second browser asking for Turkish reads the same game in Turkish.
    """
    choose_language(page, live, lang)
    expect(page.get_by_role("heading", name=said(lang, "New game"))).to_be_visible()
    expect(page.get_by_role("link", name=said(lang, "Monster move painter"))).to_be_visible()
    expect(page.get_by_test_id("game-select").locator("option")).not_to_have_count(0)
    assert_in_language(page, lang)
    shot(page, f"{lang}-start")

    choose = random.Random(f"e2e-lang:{lang}")
    start_game(page, live, "salvage", 3, f"e2e-{lang}-salvage")
    expect(page.get_by_test_id("status")).to_contain_text(said(lang, "seed {seed}", seed=3))
    for _click in range(8):
        controls = page.locator("[data-action]")
        expect(controls.first).to_be_attached()
        click_and_wait(page, choose.randrange(controls.count()))
    assert_in_language(page, lang)
    expect_log_in(page, table_state(page, live), lang)
    rule = page.get_by_test_id("log").locator("details[data-rule]").first
    rule.locator("summary").click()
    expect(rule.locator(".rule-text")).not_to_have_text("…")
    shot(page, f"{lang}-play-salvage")

    start_game(page, live, "areas", 1, f"e2e-{lang}-areas")
    outcome = page.get_by_test_id("outcome")
    for _click in range(MAX_CLICKS):
        if outcome.is_visible():
            break
        controls = page.locator("[data-action]")
        expect(controls.first).to_be_attached()
        click_and_wait(page, choose.randrange(controls.count()))
    state = table_state(page, live)
    expect_outcome_in(page, state, lang)
    expect_log_in(page, state, lang)
    assert_in_language(page, lang)
    shot(page, f"{lang}-play-areas-end")
    if lang == "ca":
        # a second browser at the same table, asking for Turkish: it reads the same game in Turkish
        other = page.context.browser.new_context(  # type: ignore[union-attr]
            viewport={"width": 1400, "height": 1000}, locale="tr-TR"
        ).new_page()
        other.goto(page.url)
        assert_in_language(other, "tr")
        expect_log_in(other, state, "tr")
        expect_outcome_in(other, state, "tr")
        other.context.close()

    start_game(page, live, "haven", 5, f"e2e-{lang}-haven")
    for _click in range(6):
        click_and_wait(page, 0)
    assert_in_language(page, lang)
    expect(page.get_by_test_id("board").locator("svg text.track-title")).to_have_text(
        said(lang, "initiative")
    )
    expect(page.get_by_test_id("heroes").locator("th").nth(1)).to_have_text(
        said(lang, "hand/discard/lost")
    )
    assert_fits(page, "[data-testid=panel]")
    shot(page, f"{lang}-play-haven")

    page.goto(live.url + "/tools/odds")
    expect(page.get_by_test_id("chart").locator("rect.bar")).not_to_have_count(0)
    page.get_by_test_id("edit-deck").check()
    assert_in_language(page, lang)
    shot(page, f"{lang}-odds")

    page.goto(live.url + "/tools/monster-move")
    page.get_by_test_id("fill").click()
    page.get_by_role("button", name=said(lang, "monster"), exact=True).click()
    page.get_by_test_id("board").locator("[data-hex='1,1']").click()
    page.get_by_role("button", name=said(lang, "character"), exact=True).click()
    page.get_by_test_id("board").locator("[data-hex='5,1']").click()
    page.get_by_test_id("solve").click()
    expect(page.get_by_test_id("options").locator("li")).not_to_have_count(0)
    assert_in_language(page, lang)
    shot(page, f"{lang}-monster-move")


def _first_template(state: Any) -> str:
    """The English template of the newest logged message that has one ("" when none)."""
    for event in reversed(state.log):
        template = getattr(event.message, "template", None)
        if template:
            return str(template)
    return ""


# -- linked hexes (HV-ROOM-5) on the web board ----------------------------------------------

LINKED_STAIR = "linked-stair.toml"
"""The shipped Rime Stair with two links: one in the start area, one into the closed stair."""


@pytest.fixture(scope="module")
def linked_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("web-linked")
    folder = root / "scenarios"
    folder.mkdir()
    shipped = Path(__file__).parents[2] / "src/rulekeeper/content/haven/scenarios/rime-stair.toml"
    text = shipped.read_text(encoding="utf-8")
    anchor = "\n[objective]"
    assert anchor in text
    links = "links = [[[0, 4], [2, -1]], [[1, 1], [7, 1]]]\n"
    (folder / LINKED_STAIR).write_text(text.replace(anchor, links + anchor, 1), encoding="utf-8")
    settings = WebSettings(store_path=root / "saves.sqlite3", scenario_folder=folder)
    with LiveServer(settings) as server:
        yield server


@pytest.mark.parametrize("lang", ["en", "ca", "tr"])
def test_linked_hexes_are_marked_on_the_web_board(
    page: Page, linked_live: LiveServer, lang: str
) -> None:
    """HV-ROOM-5: both hexes of a shown link carry one mark, a dotted line joins them, each
    hex's tooltip names the other and a legend says what a link does, in the reader's language;
    a link into a closed room is not shown until both of its hexes are."""
    choose_language(page, linked_live, lang)
    page.get_by_test_id("game-select").select_option("haven")
    page.get_by_test_id("ruleset-select").select_option("frosthaven")
    page.get_by_test_id("scenario-select").select_option(f"file:{LINKED_STAIR}")
    page.get_by_test_id("seed").fill("2")
    page.get_by_test_id("start-game").click()
    board = page.get_by_test_id("board")
    expect(board.locator("svg")).to_be_visible()
    marks = board.locator("g.link-mark")
    expect(marks).to_have_count(2)
    assert {marks.nth(n).get_attribute("data-hex") for n in range(2)} == {"0,4", "2,-1"}
    expect(marks.first).to_have_attribute("data-link", "L1")
    expect(marks.first.locator("text")).to_have_text("L1")
    expect(board.locator("line.hex-link")).to_have_count(1)
    expect(board.locator("[data-link='L2']")).to_have_count(0)  # its far end is not revealed
    hex_title = said(lang, "hex {hex}", hex="[0, 4]")
    expect(board.locator("polygon[data-place='0,4'] > title")).to_have_text(
        said(
            lang,
            "{hex_title}, {mark}: linked to hex {other}",
            hex_title=hex_title,
            mark="L1",
            other="[2, -1]",
        )
    )
    expect(page.get_by_test_id("link-legend")).to_have_text(
        said(
            lang,
            "L1, L2 …: linked hexes. The two hexes with one mark are adjacent for movement"
            " and focus, but give no line of sight and are not adjacent for a melee attack"
            " (HV-ROOM-5).",
        )
    )
    # HV-LOOT-1: the loot tokens of the start area, each hex marked with its count
    state = table_state(page, linked_live)
    shown = {
        h for h in state.money if board.locator(f"polygon[data-place='{h[0]},{h[1]}']").count()
    }
    assert shown
    expect(board.locator("g.hex-mark.token")).to_have_count(len(shown))
    expect(page.get_by_test_id("board-legend")).to_have_text(said(lang, "$N: loot tokens"))
    # HV-GOAL-1, HV-SCEN-7: the goal and the special rules stay on screen
    notes = page.get_by_test_id("scenario-notes")
    expect(notes.locator("p.goal")).to_be_visible()
    listed = len(state.spec.special_rules) + len(state.spec.rules) + len(state.by_hand)
    expect(notes.locator("li")).to_have_count(listed)
    expect(notes.locator("li").first).to_contain_text(state.spec.special_rules[0])
    assert_in_language(page, lang)
    assert_fits(page, "[data-testid=panel]")
    shot(page, f"{lang}-play-haven-linked")
    for _click in range(8):
        click_and_wait(page, 0)
    expect(board.locator("g.link-mark")).to_have_count(2)
    if lang == "en":
        shot(page, "play-haven-linked-turns")
