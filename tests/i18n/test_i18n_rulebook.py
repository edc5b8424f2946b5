"""Issue 18: the rule catalogs in English, Catalan and Turkish; `rulekeeper rules ID` in each.

A translation lives at ``content/rules/<lang>/<catalog>.md`` and must hold
exactly the English catalog's rule IDs, in the same order, each with its own
(translated, non-empty) text; Catalan follows the terms of the Catalan
Frosthaven rulebook and Turkish those of the Turkish Gloomhaven rulebook.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

import rulekeeper.rulebook as rulebook_module
from rulekeeper.cli.main import app
from rulekeeper.i18n import LANGUAGES, UnknownLanguageError, use_language
from rulekeeper.rulebook import (
    CATALOGS,
    Rule,
    catalog,
    catalog_path,
    find_rule,
    parse_catalog,
    rulebook,
)

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def test_english_is_the_default_and_the_source() -> None:
    english = rulebook("en")
    assert rulebook() == english  # tests run in English (tests/conftest.py)
    assert find_rule("HV-MOVE-1") == english["HV-MOVE-1"]
    assert list(english) == [rule for name in CATALOGS for rule in (catalog(name) or {})]


def test_an_unknown_language_is_refused_naming_it() -> None:
    with pytest.raises(UnknownLanguageError, match="'xx'"):
        find_rule("HV-MOVE-1", "xx")


def test_a_rule_a_translation_lacks_reads_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A catalog or rule missing from a translation reads in English, never as nothing.

    (test_every_catalog_ships_in_catalan_and_turkish fails while a file is missing.)
    """
    partial = "# Moviment\n\n- **HV-MOVE-1** Una figura es pot moure a través dels aliats.\n"
    real_catalog = rulebook_module.catalog

    def fake(name: str, lang: str = "en") -> dict[str, Rule] | None:
        if lang == "ca":
            return parse_catalog(name, partial) if name == "haven" else None
        return real_catalog(name, lang)

    monkeypatch.setattr(rulebook_module, "catalog", fake)
    rulebook_module._rulebook.cache_clear()
    try:
        book = rulebook("ca")
        assert list(book) == list(rulebook("en"))
        assert book["HV-MOVE-1"].text == "Una figura es pot moure a través dels aliats."
        assert book["HV-MOVE-2"] == rulebook("en")["HV-MOVE-2"]
        assert book["SV-MOVE-1"] == rulebook("en")["SV-MOVE-1"]
    finally:
        rulebook_module._rulebook.cache_clear()


def test_parse_catalog_keeps_the_translated_section_and_text() -> None:
    text = "# Moviment\n\n- **HV-MOVE-1** Una figura es mou\n  fins a X hexàgons.\n"
    rule = parse_catalog("haven", text)["HV-MOVE-1"]
    assert (rule.section, rule.text) == ("Moviment", "Una figura es mou fins a X hexàgons.")


def test_catalog_paths() -> None:
    assert catalog_path("haven") == "haven.md"
    assert catalog_path("haven", "ca") == "ca/haven.md"
    assert catalog_path("ether", "tr") == "tr/ether.md"


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [("ca", "no és als catàlegs inclosos"), ("tr", "kataloglarda yok")],
)
def test_rules_refuses_an_unknown_id_in_the_chosen_language(lang: str, refusal: str) -> None:
    with use_language(lang):
        result = CliRunner().invoke(app, ["rules", "XX-NOPE-1"])
    assert result.exit_code == 2
    assert refusal in result.output and "XX-NOPE-1" in result.output


def _translated_catalogs() -> list[tuple[str, str]]:
    return [
        (name, lang) for lang in TRANSLATED for name in CATALOGS if catalog(name, lang) is not None
    ]


def test_the_haven_catalog_is_translated_into_catalan_and_turkish() -> None:
    assert {("haven", "ca"), ("haven", "tr")} <= set(_translated_catalogs())


@pytest.mark.parametrize(("name", "lang"), _translated_catalogs())
def test_a_translated_catalog_has_the_english_ids_in_order_each_translated(
    name: str, lang: str
) -> None:
    english = catalog(name) or {}
    translated = catalog(name, lang) or {}
    assert list(translated) == list(english), f"{catalog_path(name, lang)}: IDs differ"
    for rule_id, rule in translated.items():
        assert rule.text, f"{catalog_path(name, lang)}: {rule_id} has no text"
        assert rule.text != english[rule_id].text, f"{catalog_path(name, lang)}: {rule_id}"
        assert rule.section and rule.catalog == name
    # Headings are translated too (a shared word such as "Elements" may stay).
    sections = {rule.section for rule in english.values()}
    assert {rule.section for rule in translated.values()} != sections


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ca", ("figura", "aliats", "hexàgon ocupat")),
        ("tr", ("figür", "müttefik", "dolu bir hexte")),
    ],
)
def test_rules_prints_hv_move_1_in_the_chosen_language(lang: str, words: tuple[str, ...]) -> None:
    with use_language(lang):
        result = CliRunner().invoke(app, ["rules", "hv-move-1"])
    assert result.exit_code == 0
    line = result.output.strip()
    assert line.startswith("HV-MOVE-1 (haven: ")
    assert all(word in line for word in words), line
    assert line != CliRunner().invoke(app, ["rules", "HV-MOVE-1"]).output.strip()


def test_the_catalan_haven_catalog_uses_the_terms_of_the_catalan_frosthaven_rulebook() -> None:
    """Seed 002: iniciativa, descans llarg/curt, exhaust, acció superior/inferior, ..."""
    ca = rulebook("ca")
    assert "iniciativa" in ca["HV-INIT-1"].text
    assert "descans llarg" in ca["HV-REST-2"].text.lower()
    assert "descans curt" in ca["HV-REST-1"].text.lower()
    assert "exhaust" in ca["HV-EXH-1"].text
    assert "acció superior" in ca["HV-CARD-3"].text and "inferior" in ca["HV-CARD-3"].text
    assert "cartes d'habilitat" in ca["HV-CARD-1"].text
    assert "línia de visió" in ca["HV-LOS-1"].text
    assert "baralla de modificadors d'atac" in ca["HV-SUM-2"].text
    assert "modificadors de repetició" in ca["HV-MOD-3"].text.lower()
    assert "invocador" in ca["HV-INIT-5"].text
    assert "pila de cartes perdudes" in ca["HV-EXH-2"].text
    assert ca["HV-INIT-1"].section == "Iniciativa"


def test_the_turkish_haven_catalog_uses_the_terms_of_the_turkish_gloomhaven_rulebook() -> None:
    """Seed 004: inisiyatif, kayıp destesi, atık destesi, bitkin, öndeki kart, ..."""
    tr = rulebook("tr")
    assert "inisiyatif" in tr["HV-INIT-1"].text
    assert "öndeki" in tr["HV-CARD-2"].text and "inisiyatif" in tr["HV-CARD-2"].text
    assert "üst aksiyon" in tr["HV-CARD-3"].text and "alt aksiyon" in tr["HV-CARD-3"].text
    assert "kayıp destesine" in tr["HV-EXH-2"].text and "bitkin" in tr["HV-EXH-2"].text
    assert "atık destesinde" in tr["HV-EXH-1"].text and "can puanı" in tr["HV-EXH-1"].text
    assert "uzun dinlenme" in tr["HV-REST-2"].text.lower()
    assert "kısa dinlenme" in tr["HV-REST-1"].text.lower()
    assert "görüş hattı" in tr["HV-FOCUS-1"].text and "odaklanır" in tr["HV-FOCUS-1"].text
    assert "saldırı modifiyer destesini" in tr["HV-SUM-2"].text
    assert "çağıran" in tr["HV-INIT-5"].text
    assert tr["HV-INIT-1"].section == "İnisiyatif"


def test_rules_reads_rulekeeper_lang_in_a_whole_process() -> None:
    """RULEKEEPER_LANG picks the catalog when no --lang is given (docs/languages.md)."""
    code = "from rulekeeper.cli.entry import main; main()"
    env = {**os.environ, "RULEKEEPER_LANG": "tr"}
    out = subprocess.run(
        [sys.executable, "-c", code, "rules", "HV-INIT-1"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == (
        f"HV-INIT-1 (haven: İnisiyatif) {rulebook('tr')['HV-INIT-1'].text}"
    )
    assert "inisiyatif" in out.stdout


OWNERS = {
    "haven": "the haven rule catalog",
    "salvage": "the salvage rule catalog (with the salvage/areas messages)",
    "areas": "the areas rule catalog (with the salvage/areas messages)",
    "ether": "the ether rule catalog (with the ether/agents messages)",
}
"""Who translates which catalog, so a missing file's failure says where the work lies."""


@pytest.mark.parametrize(
    ("name", "lang"),
    [
        pytest.param(name, lang, id=catalog_path(name, lang))
        for name in CATALOGS
        for lang in TRANSLATED
    ],
)
def test_every_catalog_ships_in_catalan_and_turkish(name: str, lang: str) -> None:
    """Issue 18: the rule catalogs ship in all three languages; fails naming a missing file.

    Never skipped: until the file exists, ``rules ID`` falls back to English for
    that catalog (test_a_rule_a_translation_lacks_reads_in_english) and this fails.
    """
    path = f"src/rulekeeper/content/rules/{catalog_path(name, lang)}"
    assert catalog(name, lang) is not None, f"{path} is missing: translate {OWNERS[name]}"
