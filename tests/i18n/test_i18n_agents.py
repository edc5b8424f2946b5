"""Issue 18 for the agents: ``simulate`` and its report speak Catalan and Turkish; the data does not.

What a person reads (the command's help, its summary line, the report's tables,
its one-line errors, an environment's ``ansi`` render) follows ``--lang``; what a
program reads (the SQLite rows, observation and info dictionaries, action
labels) is the same in every language.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from translation_checks import english_words
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.core.errors import RuleViolation
from rulekeeper.i18n import Msg, use_language

runner = CliRunner()
LANGUAGES = ("ca", "tr")
NAMES = ["ether", "lantern-rift", "standard", "random", "wren", "odo", "Ray"]
"""The machine words a report names as data: game, scenario, ruleset, policy, hero ids."""


def simulate(db: Path, lang: str) -> str:
    args = ["--lang", lang, "simulate", "ether", "--games", "3", "--db", str(db), "--quiet"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    return done.output


def rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as con:
        return con.execute(
            "SELECT seed, outcome, summary, rounds, actions, heroes FROM games ORDER BY seed"
        ).fetchall()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_simulate_and_its_report_are_translated_and_the_rows_are_not(
    tmp_path: Path, lang: str
) -> None:
    db = tmp_path / "runs.sqlite"
    said = simulate(db, lang)
    names = [*NAMES, str(db)]
    assert english_words(said, names, lang) == [], said
    shown = runner.invoke(app, ["simulate", "report", str(db), "--lang", lang])
    assert shown.exit_code == 0, shown.output
    assert english_words(shown.output, names, lang) == [], shown.output
    assert {"ca": "Resultats", "tr": "Sonuçlar"}[lang] in shown.output
    english = tmp_path / "english.sqlite"
    simulate(english, "en")
    assert rows(db) == rows(english)
    assert {row[1] for row in rows(db)} <= {"won", "lost", "cut-off"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_simulate_help_and_errors_are_translated(tmp_path: Path, lang: str) -> None:
    helped = runner.invoke(app, ["--lang", lang, "simulate", "--help"])
    assert helped.exit_code == 0
    expected = {"ca": "Quantes partides cal jugar.", "tr": "Kaç oyun oynanacağı."}[lang]
    assert expected in " ".join(helped.output.split())
    for args, field in (
        (["simulate", "ether", "--games", "0"], "--games"),
        (["simulate", "ether", "--policy", "smart"], "--policy"),
        (["simulate", "report", str(tmp_path / "nowhere.sqlite")], "nowhere.sqlite"),
    ):
        done = runner.invoke(app, ["--lang", lang, *args])
        assert done.exit_code == 2
        line = done.output.strip()
        assert field in line and "\n" not in line
        data = [str(tmp_path / "nowhere.sqlite"), "smart", "rulekeeper", "random", "greedy", "mcts"]
        assert english_words(line, data, lang) == [], line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_agent_refusal_and_the_ansi_render_are_translated(lang: str) -> None:
    """CORE-LEGAL: an action index not legal now is refused in the reader's language."""
    gymnasium = pytest.importorskip("gymnasium")
    import rulekeeper.ai.gymnasium  # noqa: F401  (registers rulekeeper/<game>-v0)

    env = gymnasium.make(
        "rulekeeper/ether-v0", scenario="lantern-rift", ruleset="standard", render_mode="ansi"
    ).unwrapped
    _observation, info = env.reset(seed=3)
    illegal = int(next(i for i, ok in enumerate(info["action_mask"]) if not ok))
    with pytest.raises(RuleViolation) as caught:
        env.agent_game.decode(illegal, env.state)
    assert caught.value.rule_id == "CORE-LEGAL"
    with use_language(lang):
        refusal = str(caught.value)
        screen = env.render()
    names = [hero.name for hero in env.state.heroes]
    # The action's machine form (its type and fields) is quoted as data.
    reason = caught.value.reason
    assert isinstance(reason, Msg)
    names += [value for value in reason.fields.values() if isinstance(value, str)]
    assert english_words(refusal, names, lang) == [], refusal
    assert screen and english_words(screen, names, lang) == [], screen
