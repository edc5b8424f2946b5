"""Languages, what was left in English: menu lines, game titles, saved outcomes, system reasons.

Every menu line a family shows for an action (chance outcomes too, listed at a
table with manual chance) must come from a message of the language's catalog:
the lines are rendered in Catalan and Turkish along random games of each family
while the catalog lookups are recorded, and a line that looked up no message,
or a message the catalog lacks, or the bare machine label, fails.
"""

from __future__ import annotations

import errno
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import rulekeeper.i18n as i18n
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import ContentError, os_reason
from rulekeeper.core.game import Game, Outcome, shown_outcome
from rulekeeper.core.registry import MODES, SHIPPED_GAMES, all_games, find_game
from rulekeeper.games.haven.actions import (
    DrawAbility,
    DrawLoot,
    GroupFirst,
    NumberAlly,
    NumberStandee,
)
from rulekeeper.games.haven.attack_draw import DrawModifier
from rulekeeper.i18n import lazy, use_language
from rulekeeper.i18n_catalogs import TRANSLATED
from rulekeeper.store import SaveStore

PLAYED = [
    ("haven", "ember-vault", "gloomhaven"),
    ("haven", "frozen-weir", "frosthaven"),
    ("salvage", "drowned-spire", "standard"),
    ("ether", "lantern-rift", "standard"),
    ("areas", "sunken-gate", "standard"),
]
"""A shipped scenario per family and ruleset, played at random while its menus are checked."""


class _Recording:
    """A compiled catalog that notes every message looked up in it."""

    def __init__(self, inner: Any, seen: list[str]) -> None:
        self.inner = inner
        self.seen = seen

    def gettext(self, message: str) -> str:
        self.seen.append(message)
        return str(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.seen.append(singular)
        return str(self.inner.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        self.seen.append(f"{context}\x04{message}")
        return str(self.inner.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self.seen.append(f"{context}\x04{singular}")
        return str(self.inner.npgettext(context, singular, plural, n))


@contextmanager
def recorded_lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    seen: list[str] = []
    real = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: _Recording(real(lang), seen))
    try:
        yield seen
    finally:
        monkeypatch.setattr(i18n, "translations", real)


_CATALOGS = i18n.translations
"""The compiled catalogs themselves (tests below record lookups through a wrapper)."""


def _in_catalog(message: str, lang: str) -> bool:
    catalog = getattr(_CATALOGS(lang), "_catalog", {})
    return message in catalog or (message, 0) in catalog


def _menu_problems(
    game: Game, state: Any, actions: list[Action], lang: str, seen: list[str]
) -> Iterator[str]:
    for action in actions:
        seen.clear()
        with use_language(lang):
            shown = game.describe_action(state, action)
        if shown == action.label() or not seen:
            yield f"{game.name} {action.TYPE}: shown as its machine label {shown!r}"
            continue
        for message in seen:
            if not _in_catalog(message, lang):
                yield f"{game.name} {action.TYPE}: no {lang} translation of {message!r}"


@pytest.mark.parametrize(("family", "scenario", "ruleset"), PLAYED)
def test_every_menu_line_of_a_family_comes_from_the_catalog(
    family: str, scenario: str, ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Legal actions and chance outcomes alike, in Catalan and Turkish."""
    game = find_game(family)
    rng = random.Random(7)
    state = game.new_state(scenario, 7, ruleset)
    problems: set[str] = set()
    kinds: set[str] = set()
    with recorded_lookups(monkeypatch) as seen:
        for _step in range(150):
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions = [a for a, _p in state.chance_outcomes()]
            else:
                actions = state.legal_actions()
            shown = actions[:25]
            kinds.update(a.TYPE for a in shown)
            for lang in TRANSLATED:
                problems.update(_menu_problems(game, state, shown, lang, seen))
            state.apply(rng.choice(actions))
    assert len(kinds) >= 4, kinds  # the game got past its first decision
    assert sorted(problems) == []


HAVEN_CHANCE = [
    DrawModifier("monsters", "miss"),
    DrawModifier("warden", "+1"),
    DrawAbility("bog-brute", "brute-rush"),
    DrawLoot("warden", "herb-arrowvine"),
    GroupFirst("ember-imp"),
    NumberAlly("watchman-1"),
    NumberStandee("bog-brute", 3),
]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_haven_chance_outcomes_read_as_sentences(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a table with manual chance lists: every chance outcome kind, rare ones too."""
    game = find_game("haven")
    state = game.new_state("ember-vault", 1, "gloomhaven")
    with recorded_lookups(monkeypatch) as seen:
        assert list(_menu_problems(game, state, list(HAVEN_CHANCE), lang, seen)) == []
    with use_language("en"):
        assert game.describe_action(state, NumberStandee("bog-brute", 3)) == (
            "bog-brute: standee number 3"
        )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_game_titles_are_shown_in_the_language(lang: str) -> None:
    # The shipped games and modes only: a test-only game another test registered in
    # this process (the dice race) is not product text.
    games = [game for game in all_games() if game.name in (*SHIPPED_GAMES, *MODES)]
    assert {game.name for game in games} >= set(SHIPPED_GAMES)
    for game in games:
        assert game.title and _in_catalog(game.title, lang), game.name
        with use_language(lang):
            assert game.shown_title() != game.title
        with use_language("en"):
            assert game.shown_title() == game.title


def test_a_saved_outcome_is_listed_in_the_readers_language(tmp_path: Path) -> None:
    """The save keeps the outcome's message; ``saves list`` shows it in whatever language
    lists it, not the one it was played in."""
    store = SaveStore(tmp_path / "saves.sqlite3")
    header = {"format": "rulekeeper-replay/1", "game": "areas", "ruleset": "standard"}
    header |= {"scenario": "sunken-gate", "seed": 1}
    store.create("g", header, [])
    message = lazy("every enemy is removed, in round {round}", round=6)
    with use_language("ca"):
        outcome = Outcome("won", message.render(), message=message)
        store.set_outcome("g", outcome.to_record())
    record = store.list()[0].outcome
    assert record is not None and "every enemy is removed, in round 6" in record  # English kept
    shown = {}
    for lang in ("en", "ca", "tr"):
        with use_language(lang):
            shown[lang] = shown_outcome(record)
    assert shown["en"] == "won: every enemy is removed, in round 6"
    assert shown["ca"] == "guanyada: tots els enemics han estat retirats, a la ronda 6"
    assert shown["tr"] == "kazanıldı: bütün düşmanlar 6. turda kaldırıldı"
    store.set_outcome("g", "won: an older save's text")  # plain text from before is kept
    with use_language("tr"):
        assert shown_outcome(store.list()[0].outcome) == "won: an older save's text"
    assert shown_outcome(None) is None


def test_a_plain_summary_outcome_round_trips_its_record() -> None:
    outcome = Outcome("lost", "all down")
    back = Outcome.from_record(outcome.to_record())
    assert back == outcome
    assert Outcome.from_record('{"result": 3') is None


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("ca", "no existeix aquest fitxer o carpeta"),
        ("tr", "böyle bir dosya ya da klasör yok"),
        ("en", "No such file or directory"),
    ],
)
def test_the_systems_reasons_are_in_the_language(lang: str, expected: str, tmp_path: Path) -> None:
    from rulekeeper.core.document_text import read_text

    with use_language(lang), pytest.raises(ContentError) as refused:
        read_text(tmp_path / "missing.toml")
    assert expected in str(refused.value)
    with use_language(lang):
        unknown = os_reason(OSError(errno.EXDEV, "Invalid cross-device link"))
    assert unknown == "Invalid cross-device link"  # a reason not listed keeps the system's words


@pytest.mark.parametrize(
    ("lang", "text", "source", "expected"),
    [
        ("ca", "a = ", "f.toml", "TOML no vàlid (s'esperava un valor, al final del document)"),
        ("tr", "a = 1 2", "f.toml", "satır, değerinden sonra devam ediyor, satır 1, sütun 7"),
        ("tr", "a.b = 1\n[a.b.c.", "f.toml", "bir anahtar bekleniyordu"),
        ("ca", '{"a" 1}', "f.json", "línia 1, columna 6: s'esperava un ':'"),
        ("tr", "[1,]", "f.json", "bir değer bekleniyordu"),
        ("en", "a = ", "f.toml", "Invalid value (at end of document)"),
    ],
)
def test_a_document_syntax_error_is_explained_in_the_language(
    lang: str, text: str, source: str, expected: str
) -> None:
    from rulekeeper.core.document_text import parse_document

    with use_language(lang), pytest.raises(ContentError) as refused:
        parse_document(text, source)
    assert str(refused.value).startswith(source + ": ")
    assert expected in str(refused.value)
