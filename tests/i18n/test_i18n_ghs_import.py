"""Issue 18: `rulekeeper haven import` speaks Catalan and Turkish: progress, summary, refusals.

The fixture GHS folder (tests/data/haven/ghs-folder) is converted in English and
in each language. The library written is the same (its texts are content: the
players' data, shown as written); what the run tells the user is translated:
every progress line and summary line, and every refusal whose reason is one of
the importer's own messages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from translation_checks import english_words

from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.ghs_library import convert, edition_folder, summary_lines
from rulekeeper.i18n import use_language
from rulekeeper.i18n_catalogs import extract

FOLDER = Path(__file__).parent.parent / "data" / "haven" / "ghs-folder"
SHARED_WORDS = {"ca": {"a", "no", "on", "or"}, "tr": {"can"}}
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\S*[./]\S*|\bNone\b")
"""Values quoted from the user's files, file names and field paths: data, as written."""


def importer_templates() -> list[re.Pattern[str]]:
    """The importer's own messages (ghs_*.py), as patterns over their English text."""
    found = extract()["haven-companion"]
    out = []
    for item in found:
        if not item.path.startswith("games/haven/ghs_"):
            continue
        for text in (item.singular, item.plural):
            if text:
                parts = re.split(r"\{[a-z_]+\}", text)
                out.append(re.compile("^" + "(.+)".join(re.escape(p) for p in parts) + "$"))
    return out


def english_left(text: str, lang: str) -> list[str]:
    text = QUOTED.sub(" ", text)
    return [w for w in english_words(text) if w.lower() not in SHARED_WORDS[lang]]


def run(lang: str) -> tuple[list[str], list[str], list[str], str]:
    progress: list[str] = []
    with use_language(lang):
        converted, report = convert(FOLDER, "gh", progress.append)
        lines = summary_lines(report)
    reasons = [e.reason for e in report.entries if e.kind == "refused"]
    files = sorted(converted.files)
    return progress, lines, reasons, "\n".join(files)


@pytest.mark.parametrize("lang", ["ca", "tr"])
def test_the_import_run_is_told_in_the_chosen_language(lang: str) -> None:
    en_progress, en_lines, en_reasons, en_files = run("en")
    progress, lines, reasons, files = run(lang)
    assert files == en_files  # the library itself does not depend on the language
    assert len(progress) == len(en_progress) and len(lines) == len(en_lines)
    problems = []
    told = progress + lines[: -len(reasons) or None]
    en_told = en_progress + en_lines[: -len(en_reasons) or None]
    for shown, english in zip(told, en_told, strict=True):
        if english_left(shown, lang):
            problems.append(f"{shown!r} (English: {english!r})")
    assert sum(a != b for a, b in zip(told, en_told, strict=True)) >= len(told) // 2
    ours = importer_templates()
    translated = 0
    for shown, english in zip(reasons, en_reasons, strict=True):
        if not any(pattern.match(english) for pattern in ours):
            continue  # a reason from the shared format checks, not the importer's own
        translated += 1
        if shown == english or english_left(shown, lang):
            problems.append(f"refusal {shown!r} (English: {english!r})")
    assert translated >= 5, "the fixture exercises the importer's own refusals"
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", ["ca", "tr"])
def test_a_folder_that_is_not_ghs_data_is_refused_in_the_chosen_language(
    lang: str, tmp_path: Path
) -> None:
    with use_language(lang), pytest.raises(ContentError) as error:
        edition_folder(tmp_path, "gh")
    assert error.value.source == str(tmp_path)
    assert "Gloomhaven Secretariat" in str(error.value)
    assert english_left(error.value.reason, lang) == []
