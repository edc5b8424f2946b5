"""Issue 18, haven play: what a haven player reads outside the log speaks their language.

The odds table, a scenario file's refusal, the result and the by-hand notes kept in a
saved state (messages, shown in the reader's language; an older save's plain text still
loads), and the haven commands' help.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
from translation_checks import english_words

from rulekeeper.cli.haven_odds_answer import OddsQuestion, answer_odds
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import objectives
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.scenario_format import load_scenario, parse_scenario
from rulekeeper.games.haven.state import HavenState
from rulekeeper.games.haven.terms import term
from rulekeeper.i18n import Msg, lazy, text_of, use_language


@pytest.mark.parametrize("lang", ["ca", "tr"])
def test_the_odds_table_speaks_the_language(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    with use_language(lang):
        answer_odds(OddsQuestion(attack=3, shield=1, advantage=True, ruleset_name="frosthaven"))
    shown = capsys.readouterr().out
    assert "HV-ADV-3" in shown  # the assumption is printed, with its rule
    assert not english_words(shown, ["Frosthaven"], lang), shown


def test_the_odds_json_stays_machine_english(capsys: pytest.CaptureFixture[str]) -> None:
    with use_language("tr"):
        answer_odds(OddsQuestion(attack=3, advantage=True, as_json=True))
    payload = json.loads(capsys.readouterr().out)
    assert payload["mode"] == "advantage" and payload["attacker"] == "character"


@pytest.mark.parametrize(
    ("lang", "words"), [("ca", "no és al mapa"), ("tr", "haritada değil"), ("en", "not on the map")]
)
def test_a_scenario_file_error_is_refused_in_the_language(lang: str, words: str) -> None:
    """The field path stays as the file writes it; the reason is translated."""
    data = load_scenario("sunken-larder").model_dump(mode="json")
    bad = copy.deepcopy(data)
    bad["money"] = [[99, 99]]
    with use_language(lang), pytest.raises(ContentError) as refused:
        parse_scenario(bad, "bad.toml")
    assert str(refused.value).startswith("bad.toml: money.0: [99, 99] ")
    assert words in str(refused.value)


def test_terms_are_fields_translated_when_shown_and_content_names_stay_data() -> None:
    poison = term("poison")
    assert isinstance(poison, Msg)
    assert term("bandit-guard") == "bandit-guard"  # a content ID: data
    message = lazy("{element} {level}", element=term("fire"), level=term("strong"))
    assert text_of(message, "en") == "fire strong"
    assert text_of(message, "ca") == "foc fort"
    assert text_of(message, "tr") == "ateş güçlü"


def test_the_result_and_by_hand_notes_are_saved_as_messages_and_old_saves_load() -> None:
    """HV-GOAL-1, HV-SCEN-7: the reason the scenario ends and the notes waiting to be resolved
    by hand are messages in the state: a save reloads them in any language, and a save from
    before (plain English text) still loads."""
    state = GAME.new_state("sunken-larder", 3, "gloomhaven")
    objectives.finish(state, "lost", lazy("a loss condition of the special rules"))
    state.by_hand.append(lazy("resolve by hand: {text}", text="a content note"))
    saved = json.loads(json.dumps(state.to_dict()))
    again = GAME.state_from_dict(saved)
    assert isinstance(again, HavenState)
    with use_language("ca"):
        outcome = again.outcome()
        assert outcome is not None
        assert outcome.summary == "una condició de derrota de les regles especials"
        assert text_of(again.by_hand[-1]) == "resoleu a mà: a content note"
    older = copy.deepcopy(saved)
    older["state"]["result_text"] = "a loss condition of the special rules"
    older["state"]["by_hand"] = ["a content note"]
    old = GAME.state_from_dict(older)
    with use_language("tr"):
        outcome = old.outcome()
        assert outcome is not None and outcome.summary == "a loss condition of the special rules"


_SCRIPT = "import sys; from rulekeeper.cli.entry import main; sys.argv[0] = 'rulekeeper'; main()"


@pytest.mark.parametrize(
    ("lang", "words"), [("ca", "L'escut de l'objectiu."), ("tr", "Hedefin kalkanı.")]
)
def test_the_haven_commands_help_speaks_the_language(lang: str, words: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, "--lang", lang, "haven", "odds", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert words in done.stdout, done.stdout
