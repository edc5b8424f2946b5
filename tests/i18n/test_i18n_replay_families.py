"""Issue 18 acceptance: a scripted game per family replayed with --lang ca and --lang tr.

``rulekeeper --lang LANG replay FILE --log`` prints the game's whole event log
and its final screen; with the content names (data, shown as the content files
write them) taken out, no English word may be left, and every logged message
must have its entry in the language's catalog. The scripted games are whole
games of shipped scenarios recorded by ``tests/i18n/record_games.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest
from pydantic import BaseModel
from record_games import GAMES, path_of
from translation_checks import english_words, log_problems
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.game import State
from rulekeeper.core.replay import load_replay, run_replay
from rulekeeper.i18n import Msg

AREAS_OF_FAMILY = {
    "salvage": ("salvage",),
    "areas": ("areas",),
    "ether": ("ether",),
    "haven": ("haven-rules", "haven-play"),
}
"""The catalog areas (rulekeeper.i18n_catalogs.AREAS) a family's replay is translated by."""

NOT_YET_TRANSLATED: dict[str, str] = {
    "ether": "area ether (ether.po) has not landed yet",
    "haven": "areas haven-rules and haven-play have not landed yet",
}
"""Families whose areas have not landed yet: their checks are expected to fail."""


def content_names(state: State) -> list[str]:
    """Content names of a game: titles, every plain-text field of the log's messages, and
    the names and texts of the scenario's content (rooms, areas, figures, its objective)."""
    names = [state.game.title, state.game.name, state.scenario, state.ruleset]
    names += [info.title for info in state.game.scenarios() if info.name == state.scenario]
    for data in (getattr(state, "data", None), getattr(state, "setup", None)):
        names += list(_content_texts(data))
    for event in state.log:
        if isinstance(event.message, Msg):
            for part in event.message.parts():
                for value in part.fields.values():
                    for item in value if isinstance(value, list | tuple) else (value,):
                        if isinstance(item, str):
                            names.append(item)
    return [name for name in names if name]


def _content_texts(value: object, depth: int = 0) -> Iterator[str]:
    """The names and texts in a scenario's content (a string with a capital or a space:
    ids and vocabulary words such as ``hit`` are left in, so they cannot hide English)."""
    if depth > 8 or value is None:
        return
    if isinstance(value, str):
        if value != value.lower() or " " in value:
            yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _content_texts(item, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _content_texts(item, depth + 1)
    elif is_dataclass(value) and not isinstance(value, type):
        for item in fields(value):
            yield from _content_texts(getattr(value, item.name), depth + 1)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _content_texts(getattr(value, name), depth + 1)
    elif hasattr(value, "areas"):  # a board: its areas' names
        yield from _content_texts(value.areas, depth + 1)


def plain(text: str) -> str:
    """``text`` without table borders, each run of spaces one space: a name that a
    screen wraps over two lines is still a name."""
    return " ".join(re.sub(r"[│┃|]", " ", text).split())


def _family_params() -> list[object]:
    params = []
    for family in GAMES:
        marks = []
        if family in NOT_YET_TRANSLATED:
            marks.append(pytest.mark.xfail(reason=NOT_YET_TRANSLATED[family], strict=False))
        for lang in ("ca", "tr"):
            params.append(pytest.param(family, lang, marks=marks, id=f"{family}-{lang}"))
    return params


def _replayed(path: Path) -> State:
    return run_replay(load_replay(path))


@pytest.mark.parametrize(("family", "lang"), _family_params())
def test_a_scripted_game_replays_with_a_fully_translated_log(family: str, lang: str) -> None:
    path = path_of(family)
    state = _replayed(path)
    assert state.is_terminal() and len(state.log) > 20, "the scripted game is a whole game"
    names = content_names(state)
    assert log_problems(state.log, lang, names) == []
    result = CliRunner().invoke(app, ["--lang", lang, "replay", str(path), "--log"])
    assert result.exit_code == 0, result.stderr
    shown = result.stdout
    assert len(shown.splitlines()) > len(state.log)
    left = sorted(set(english_words(plain(shown), [plain(name) for name in names], lang)))
    assert left == [], f"English words in the {lang} replay of {path.name}: {left}"


def test_the_english_replay_of_a_scripted_game_is_english() -> None:
    """The check above can fail: the same game shown in English is full of English words."""
    path = path_of("salvage")
    result = CliRunner().invoke(app, ["replay", str(path), "--log"])
    assert result.exit_code == 0
    assert len(english_words(result.stdout, content_names(_replayed(path)))) > 20
