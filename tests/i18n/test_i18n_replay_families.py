"""Issue 18 acceptance: a scripted game per family replayed with --lang ca and --lang tr.

``rulekeeper --lang LANG replay FILE --log`` prints the game's whole event log
and its final screen; with the content names (data, shown as the content files
write them) taken out, no English word may be left, and every logged message
must have its entry in the language's catalog. The scripted games are whole
games of shipped scenarios recorded by ``tests/i18n/record_games.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from record_games import GAMES, path_of
from test_i18n_ether import content_names as ether_names
from test_i18n_haven_log import content_names as haven_names
from test_i18n_salvage_areas import _plain, areas_names, salvage_names
from translation_checks import english_words, log_problems
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.game import State
from rulekeeper.core.replay import load_replay, run_replay
from rulekeeper.i18n import Msg

FAMILY_NAMES: dict[str, Callable[[Any], Any]] = {
    "salvage": salvage_names,
    "areas": areas_names,
    "ether": ether_names,
    "haven": haven_names,
}
"""Each family's content names (the family tests' own lists of what content files name)."""


"""Families whose areas have not landed yet: their checks are expected to fail."""


def content_names(state: State) -> list[str]:
    """Content names of a game: titles and every plain-text field of the log's messages."""
    names = [state.game.title, state.game.name, state.scenario, state.ruleset]
    names += [info.title for info in state.game.scenarios() if info.name == state.scenario]
    for event in state.log:
        if isinstance(event.message, Msg):
            for part in event.message.parts():
                for value in part.fields.values():
                    for item in value if isinstance(value, list | tuple) else (value,):
                        if isinstance(item, str):
                            names.append(item)
    family_names = FAMILY_NAMES.get(state.game.name)
    if family_names is not None:
        names += list(family_names(state))
    return [name for name in names if name]


def _family_params() -> list[object]:
    return [
        pytest.param(family, lang, id=f"{family}-{lang}")
        for family in GAMES
        for lang in ("ca", "tr")
    ]


def _replayed(path: Path) -> State:
    return run_replay(load_replay(path))


@pytest.mark.parametrize(("family", "lang"), _family_params())
def test_a_scripted_game_replays_with_a_fully_translated_log(family: str, lang: str) -> None:
    path = path_of(family)
    state = _replayed(path)
    assert state.is_terminal() and len(state.log) > 20, "the scripted game is a whole game"
    names = content_names(state)
    problems = log_problems(state.log, lang, names)
    assert problems == [], "\n".join(problems[:20])
    result = CliRunner().invoke(
        app, ["--lang", lang, "replay", str(path), "--log"], env={"COLUMNS": "400"}
    )
    assert result.exit_code == 0, result.stderr
    shown = result.stdout
    assert len(shown.splitlines()) > len(state.log)
    left = sorted(set(english_words(_plain(shown), [_plain(name) for name in names], lang)))
    assert left == [], f"English words in the {lang} replay of {path.name}: {left}\n{shown}"


def test_the_english_replay_of_a_scripted_game_is_english() -> None:
    """The check above can fail: the same game shown in English is full of English words."""
    path = path_of("salvage")
    result = CliRunner().invoke(app, ["replay", str(path), "--log"], env={"COLUMNS": "400"})
    assert result.exit_code == 0
    names = [_plain(name) for name in content_names(_replayed(path))]
    assert len(english_words(_plain(result.stdout), names, "en")) > 20
