"""Issue 18: the command line in Catalan and Turkish.

``--lang en|ca|tr`` on every command (anywhere in the line), else
``RULEKEEPER_LANG``, else the locale, chooses the language of the help and of
everything printed; a language rulekeeper does not speak is one line naming
``--lang`` (or ``RULEKEEPER_LANG``) and the choices, exit status 2. Checked
through typer's runner (the application as tests call it) and as whole
processes through the console script (which reads ``--lang`` before importing
the commands).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.i18n import LANGUAGES, use_language

_SCRIPT = "import sys; from rulekeeper.cli.entry import main; sys.argv[0] = 'rulekeeper'; main()"

LANG_HELP = {
    "en": "The language of messages and help",
    "ca": "La llengua dels missatges i de l'ajuda",
    "tr": "Mesajların ve yardımın dili",
}
HELP_OPTION_HELP = {
    "en": "Show this message and exit.",
    "ca": "Mostra aquest missatge i surt.",
    "tr": "Bu iletiyi gösterir ve çıkar.",
}
ROOT_HELP = {
    "en": "exact rules, automated monsters",
    "ca": "regles exactes, monstres automàtics",
    "tr": "kesin kurallar, otomatik canavarlar",
}


COMMAND_HELP = {
    ("play",): {
        "en": "Play a game in the terminal",
        "ca": "Juga una partida al terminal",
        "tr": "Terminalde bir oyun oynayın",
    },
    ("replay",): {
        "en": "Replay a game from its file",
        "ca": "Repeteix una partida a partir del seu fitxer",
        "tr": "Bir oyunu dosyasından yeniden oynatır",
    },
    ("rules",): {
        "en": "Print the text of each rule ID",
        "ca": "Mostra el text de cada identificador de regla",
        "tr": "her kural kimliğinin metnini",
    },
    ("saves", "resume"): {
        "en": "Let a policy make every choice: random",
        "ca": "Deixa que una política prengui totes les decisions: random",
        "tr": "Tüm seçimleri bir politika yapsın: random",
    },
}
"""A text of each command's own help, in each language."""

HAVEN_ODDS_HELP = {
    "en": "The attack value, with its bonuses.",
    "ca": "El valor de l'atac, amb les bonificacions.",
    "tr": "Bonuslarıyla birlikte saldırı değeri.",
}


def _invoke(args: list[str], env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args, env=env)
    return result.exit_code, result.stdout, result.stderr


def _console_script(args: list[str], env: dict[str, str] | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    return done.returncode, done.stdout, done.stderr


def _flat(text: str) -> str:
    return " ".join(text.split())


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, child in getattr(command, "commands", {}).items():
        yield from _commands(child, (*path, name))


def test_every_command_and_group_takes_a_documented_lang_option() -> None:
    root = typer.main.get_command(app)
    paths = []
    for path, command in _commands(root):
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        assert "--lang" in options, path
        paths.append(path)
    assert ("play",) in paths and ("haven", "odds") in paths and ("saves", "list") in paths
    for args in ([], ["play"], ["replay"], ["rules"], ["haven", "odds"], ["saves", "show"]):
        code, out, _err = _invoke([*args, "--help"])
        assert code == 0, args
        assert "--lang" in out and LANG_HELP["en"] in _flat(out), args


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "where", ["first", "last", "equals"], ids=["--lang X first", "after the command", "--lang=X"]
)
def test_lang_anywhere_chooses_the_help_language(lang: str, where: str) -> None:
    for command in ([], ["play"], ["replay"], ["rules"], ["haven", "odds"]):
        if where == "first":
            args = ["--lang", lang, *command, "--help"]
        elif where == "last":
            args = [*command, "--lang", lang, "--help"]
        else:
            args = [*command, f"--lang={lang}", "--help"]
        code, out, err = _invoke(args)
        assert code == 0, (args, err)
        assert LANG_HELP[lang] in _flat(out), args
        assert HELP_OPTION_HELP[lang] in _flat(out), args
        for other in LANGUAGES:
            if other != lang:
                assert LANG_HELP[other] not in _flat(out), args
    code, out, _err = _invoke(["--lang", lang, "--help"])
    assert ROOT_HELP[lang] in _flat(out)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("command", list(COMMAND_HELP), ids=" ".join)
def test_each_commands_help_is_in_the_chosen_language(lang: str, command: tuple[str, ...]) -> None:
    code, out, err = _invoke(["--lang", lang, *command, "--help"])
    assert code == 0, err
    assert COMMAND_HELP[command][lang] in _flat(out)
    code, out, err = _console_script([*command, "--help", f"--lang={lang}"], env=_base_env())
    assert code == 0, err
    assert COMMAND_HELP[command][lang] in _flat(out)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_haven_odds_help_is_in_the_chosen_language(lang: str) -> None:
    code, out, err = _console_script(["haven", "odds", "--help", "--lang", lang], env=_base_env())
    assert code == 0, err
    assert HAVEN_ODDS_HELP[lang] in _flat(out)
    code, out, err = _invoke(["--lang", lang, "haven", "odds", "--help"])
    assert code == 0, err
    assert HAVEN_ODDS_HELP[lang] in _flat(out)


def test_without_lang_the_command_speaks_the_current_language() -> None:
    """The caller's language (a whole process: RULEKEEPER_LANG, else the locale; see below)."""
    with use_language("tr"):
        code, out, _err = _invoke(["--help"])
    assert code == 0 and ROOT_HELP["tr"] in _flat(out)
    with use_language("tr"):
        code, out, _err = _invoke(["--help", "--lang", "ca"])
    assert code == 0 and ROOT_HELP["ca"] in _flat(out)


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"RULEKEEPER_LANG": "tr", "LC_ALL": "ca_ES.UTF-8"}, "tr"),
        ({"LC_ALL": "ca_ES.UTF-8"}, "ca"),
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LC_ALL": "de_DE.UTF-8"}, "en"),
    ],
    ids=["RULEKEEPER_LANG over the locale", "LC_ALL", "LANG", "another locale: English"],
)
def test_rulekeeper_lang_then_the_locale_choose_when_lang_is_not_given(
    env: dict[str, str], lang: str
) -> None:
    base = {
        name: value
        for name, value in _base_env().items()
        if name not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
    }
    code, out, err = _console_script(["--help"], env={**base, **env})
    assert code == 0 and ROOT_HELP[lang] in _flat(out), err
    code, out, err = _console_script(["--lang", "en", "--help"], env={**base, **env})
    assert code == 0 and ROOT_HELP["en"] in _flat(out), err


@pytest.mark.parametrize(
    ("args", "env", "named"),
    [
        (["--lang", "xx", "games"], None, "--lang"),
        (["games", "--lang=de"], None, "--lang"),
        (["haven", "odds", "--attack", "3", "--lang", "fr"], None, "--lang"),
        (["replay", "--lang"], None, "--lang"),
        (["games"], {"RULEKEEPER_LANG": "klingon"}, "RULEKEEPER_LANG"),
    ],
    ids=["--lang xx", "--lang=de", "quick odds --lang fr", "--lang without value", "env"],
)
def test_a_language_rulekeeper_does_not_speak_is_one_line_and_exit_2(
    args: list[str], env: dict[str, str] | None, named: str
) -> None:
    code, out, err = _invoke(args, env=dict(env or {}))
    assert (code, out) == (2, "")
    assert len(err.strip().splitlines()) == 1
    assert named in err and "en, ca, tr" in err
    process_env = {**_base_env(), **(env or {})}
    assert _console_script(args, env=process_env) == (2, "", err)


def _base_env() -> dict[str, str]:
    import os

    return {name: value for name, value in os.environ.items() if name != "RULEKEEPER_LANG"}


@pytest.mark.parametrize("lang", ["ca", "tr"])
def test_console_script_reads_lang_before_importing_the_commands(lang: str) -> None:
    """Help texts are translated when declared: the script chooses the language first."""
    for command in (["play"], ["haven", "odds"]):
        code, out, err = _console_script([*command, "--help", "--lang", lang], env=_base_env())
        assert code == 0, err
        assert LANG_HELP[lang] in _flat(out)
    code, out, err = _console_script(["--help"], env={**_base_env(), "RULEKEEPER_LANG": lang})
    assert code == 0 and ROOT_HELP[lang] in _flat(out), err


def test_a_command_of_its_own_stays_a_command_with_lang() -> None:
    """simulate's own typer application (one command) takes --lang without becoming a group."""
    for args in (["simulate", "--help"], ["simulate", "report", "--help"]):
        code, out, err = _console_script(["--lang", "ca", *args], env=_base_env())
        assert code == 0, err
        assert "--lang" in out and LANG_HELP["ca"] in _flat(out)
        assert "Commands" not in out, out
    code, out, _err = _invoke(["simulate", "--help"])
    assert "--games" in out and "--policy" in out
