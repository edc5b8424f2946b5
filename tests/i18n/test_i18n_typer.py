"""Issue 18: typer's own words (help headings, usage line, usage errors) follow --lang."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app

HEADINGS = {
    "ca": ("Ús: rulekeeper play", "Opcions:", "Arguments:", "Mostra aquest missatge i surt."),
    "tr": ("Kullanım: rulekeeper play", "Seçenekler:", "Argümanlar:", "Bu iletiyi gösterir"),
    "en": ("Usage: rulekeeper play", "Options:", "Arguments:", "Show this message and exit."),
}


@pytest.mark.parametrize("lang", sorted(HEADINGS))
def test_help_headings_usage_and_help_option_follow_the_language(lang: str) -> None:
    result = CliRunner().invoke(app, ["--lang", lang, "play", "--help"], prog_name="rulekeeper")
    assert result.exit_code == 0, result.output
    for text in HEADINGS[lang]:
        assert text in result.output
    if lang != "en":
        for english in ("Usage:", "Options:", "Show this message"):
            assert english not in result.output


@pytest.mark.parametrize(
    ("lang", "argv", "expected"),
    [
        ("ca", ["play", "--bogus"], "rulekeeper play: No existeix l'opció --bogus"),
        ("tr", ["play", "--bogus"], "rulekeeper play: Böyle bir seçenek yok: --bogus"),
        ("ca", ["rules"], "rulekeeper rules: Falta l'argument 'ID...'."),
        ("tr", ["rules"], "rulekeeper rules: Eksik argüman 'ID...'."),
        ("en", ["rules"], "rulekeeper rules: Missing argument 'ID...'."),
        # a value typer's converter refuses: pydantic's reason in our words
        (
            "ca",
            ["play", "--seed", "x"],
            "rulekeeper play: Valor no vàlid per a '--seed': s'esperava un nombre enter",
        ),
        (
            "tr",
            ["haven", "odds", "--attack", "-1"],
            "rulekeeper haven odds: '--attack' için geçersiz değer: en az 0 olmalı",
        ),
    ],
)
def test_usage_errors_are_one_line_in_the_language_with_status_2(
    lang: str, argv: list[str], expected: str
) -> None:
    done = subprocess.run(
        [str(Path(sys.executable).with_name("rulekeeper")), "--lang", lang, *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(expected), done.stderr
