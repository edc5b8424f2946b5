"""Issue 18: a scripted companion game read in Catalan and Turkish is fully translated.

The fixture library's Ember Hall (tests/companion_script.py) is played to the
end; every event of its log, and at every step the prompt, the menu of listed
actions, the companion table and the refusals, are checked in ``ca`` and
``tr``: each message has a catalog entry and, once the content names (data,
shown as the library writes them) are taken out, no English word is left.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from translation_checks import english_words, log_problems, untranslated
from typer.testing import CliRunner

from companion_script import GHS_FOLDER, IMPORTED_SCRIPT, LIBRARY, SCENARIO, SCRIPT
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.registry import find_game
from rulekeeper.games.haven.companion_actions import Attack, EndTurn, Loot
from rulekeeper.games.haven.companion_library import scenario_name
from rulekeeper.games.haven.companion_state import CompanionState
from rulekeeper.games.haven.ghs_library import convert, write_library
from rulekeeper.i18n import _, use_language

GAME = find_game("haven-companion")
LANGS = ("ca", "tr")
SHARED_WORDS = {"ca": {"a", "no", "on", "or"}, "tr": {"can"}}
"""Words of ENGLISH_WORDS that are also everyday words of the language (Catalan "a",
"no", "on", and "or": gold; Turkish "can": life, as in "can puanı", hit points)."""


def content_names(state: CompanionState) -> list[str]:
    """Every name the library and the script bring (data, shown as written)."""
    content = state.content
    names = [content.title, content.spec.name or "", content.spec.id]
    names += [*content.spec.rules, content.spec.goal.text or ""]
    for room in content.spec.rooms:
        names += [room.id, str(room.tile or "")]
        names += [str(t) for t in room.treasures]
    for cls_id, cls in content.classes.items():
        names += [cls_id, cls.name]
        for card in cls.cards:
            names += [card.id, card.name or ""]
        for summon_id, summon in cls.summons.items():
            names += [summon_id, summon.name or ""]
    for type_id, mtype in content.monster_types.items():
        names += [type_id, mtype.name, *getattr(mtype, "notes", ())]
        names += [card.id for card in content.deck_of(type_id).cards]
        actions = [a for card in content.deck_of(type_id).cards for a in card.actions]
        actions += [*mtype.special_1, *mtype.special_2]
        names += [a.text for a in actions if a.type == "by_hand" and a.text]
    names += list(state.figures)
    names += [str(raw.get("source", "")) for raw in SCRIPT + IMPORTED_SCRIPT]
    return [name for name in names if name]


RULE_ID = re.compile(r"\b[A-Z]+(?:-[A-Z0-9]+)+\b")
"""A rule's catalog ID (``CORE-LEGAL``, ``HV-NEG-1``): the same in every language."""


def english_left(text: str, lang: str, names: Iterable[str]) -> list[str]:
    """English words in ``text`` once content names and rule IDs are taken out."""
    text = RULE_ID.sub(" ", text)
    return [w for w in english_words(text, names) if w.lower() not in SHARED_WORDS[lang]]


def screen(state: CompanionState, lang: str) -> str:
    """The companion table, the prompt and the menu as the terminal shows them."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    with use_language(lang):
        console.print(GAME.render(state))
        console.print(state.player_name(state.current_player()))
        console.print(state.pending_decision())
        for action in state.legal_actions():
            console.print(GAME.describe_action(state, action))
    return out.getvalue()


def refusals(state: CompanionState) -> list[RuleViolation]:
    """Refusals a player may meet at this step (whatever is legal or not now)."""
    turn = state.turn
    actor = turn.actor if turn is not None else "lampwright"
    tries = [
        EndTurn(),
        Loot(actor, 9),
        Attack(actor, actor, 3),
        Attack(actor, "nobody-1", 3),
    ]
    found = []
    for action in tries:
        try:
            state.check(action)
        except RuleViolation as error:
            found.append(error)
    return found


def play_and_check(
    lang: str, scenario: str = SCENARIO, script: list[dict[str, Any]] = SCRIPT
) -> tuple[CompanionState, list[str]]:
    state = GAME.new_state(scenario, 1)
    assert isinstance(state, CompanionState)
    problems: list[str] = []
    for step, raw in enumerate(script):
        names = content_names(state)
        if not state.is_terminal():
            shown = screen(state, lang)
            left = english_left(shown, lang, names)
            if left:
                problems.append(f"step {step}: English words {left} on the screen:\n{shown}")
            for refusal in refusals(state):
                missing = untranslated(refusal.reason, lang)
                with use_language(lang):
                    said = str(refusal)
                left = english_left(said, lang, names)
                if missing or left:
                    problems.append(f"step {step}: refusal {said!r} ({missing}, {left})")
        state.apply(GAME.parse_action(raw))
    names = content_names(state)
    problems += [p for p in log_problems(state.log, lang, names) if not _only_shared(p, lang)]
    return state, problems


def _only_shared(problem: str, lang: str) -> bool:
    """A log problem whose English words are all words of ``lang`` too."""
    if ": English words [" not in problem:
        return False
    listed = problem.split(": English words [", 1)[1].split("]", 1)[0]
    words = {w.strip().strip("'").lower() for w in listed.split(",")}
    return words <= SHARED_WORDS[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_scripted_companion_game_is_fully_translated(lang: str) -> None:
    """Every event, prompt, menu entry, table and refusal of Ember Hall, in ``lang``."""
    state, problems = play_and_check(lang)
    assert state.is_terminal()
    assert problems == [], "\n".join(problems[:20]) + f"\n... {len(problems)} in all"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The GHS-shaped fixture imported into a library: its scenario ``gh-1``."""
    out = tmp_path_factory.mktemp("imported") / "library"
    converted, report = convert(GHS_FOLDER, "gh", lambda _line: None)
    write_library(converted, report, out)
    return scenario_name(out, "gh-1")


@pytest.mark.parametrize("lang", LANGS)
def test_an_imported_companion_game_is_fully_translated(lang: str, imported: str) -> None:
    """The imported scenario: its GHS texts are data, our framing around them is translated."""
    state, problems = play_and_check(lang, imported, IMPORTED_SCRIPT)
    assert state.is_terminal()
    assert problems == [], "\n".join(problems[:20]) + f"\n... {len(problems)} in all"


@pytest.mark.parametrize("lang", LANGS)
def test_the_companion_outcome_is_translated(lang: str) -> None:
    """The closing summary follows the reader's language; the result word stays machine."""
    state, _problems = play_and_check(lang)
    with use_language("en"):
        english = state.outcome()
    with use_language(lang):
        shown = state.outcome()
    assert english is not None and shown is not None
    assert shown.result == english.result == "won"
    assert shown.summary != english.summary
    assert english_left(shown.summary, lang, content_names(state)) == []


def test_translated_messages_keep_the_log_and_actions_machine_readable() -> None:
    """The same game in English, Catalan and Turkish: same kinds, rules, data and actions."""
    state, _problems = play_and_check("tr")
    log = [(e.kind, e.rules, e.data) for e in state.log]
    english = GAME.new_state(SCENARIO, 1)
    for raw in SCRIPT:
        english.apply(GAME.parse_action(raw))
    assert log == [(e.kind, e.rules, e.data) for e in english.log]
    assert [a.to_json() for _who, a in state.history] == [
        a.to_json() for _who, a in english.history
    ]


def terminal_line(raw: dict[str, Any]) -> str:
    """What a player types for one scripted action: a board command where there is one."""
    if raw["type"] == "attack" and raw["attacker"] == "lampwright":
        return f"attack {raw['target']} {raw['value']}"
    if raw["type"] == "end-turn":
        return "end"
    return json.dumps(raw)


@pytest.mark.parametrize("lang", LANGS)
def test_the_companion_game_at_the_terminal_speaks_the_chosen_language(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--lang` on the command: the terminal loop's table, prompts, menus, log and end."""
    from rulekeeper.cli.main import app

    monkeypatch.setenv("RULEKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    options = [
        "--library",
        str(LIBRARY),
        "--scenario",
        "ember-hall",
        "--players",
        "1",
        "--level",
        "1",
    ]
    command = ["--lang", lang, "play", "haven", "--companion", *options, "--chance", "manual"]
    typed = [terminal_line(raw) for raw in SCRIPT[2:]]  # size and level come from the options
    result = CliRunner().invoke(
        app, command, input="\n".join([*typed, "quit"]) + "\n", env={"COLUMNS": "400"}
    )
    assert result.exit_code == 0, result.stdout + result.stderr
    state = GAME.new_state(SCENARIO, 1)
    for raw in SCRIPT:
        state.apply(GAME.parse_action(raw))
    assert isinstance(state, CompanionState)
    names = [*content_names(state), str(LIBRARY), "ember-hall"]
    left = english_left(result.stdout, lang, names)
    assert left == [], f"{left}\n{result.stdout}"
    with use_language(lang):
        said = _("Game over — {outcome}", outcome="")
    assert said.strip(" —") in result.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_companion_replay_with_lang_prints_a_translated_log(lang: str, tmp_path: Path) -> None:
    """`rulekeeper --lang LANG replay FILE --log`: the companion game's whole log, translated."""
    from rulekeeper.cli.main import app
    from rulekeeper.core.replay import replay_to_json

    state = GAME.new_state(SCENARIO, 1)
    for raw in SCRIPT:
        state.apply(GAME.parse_action(raw))
    assert isinstance(state, CompanionState)
    path = tmp_path / "ember-hall.json"
    path.write_text(json.dumps(replay_to_json(state)), encoding="utf-8")
    command = ["--lang", lang, "replay", str(path), "--log"]
    result = CliRunner().invoke(app, command, env={"COLUMNS": "400"})
    assert result.exit_code == 0, result.stdout + result.stderr
    names = [*content_names(state), str(LIBRARY), "ember-hall", str(path)]
    assert english_left(result.stdout, lang, names) == [], result.stdout
    with use_language(lang):
        assert state.log[-1].text in result.stdout
