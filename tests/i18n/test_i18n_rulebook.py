"""Issue 18: the rule catalogs in English, Catalan and Turkish; `rulekeeper rules ID` in each.

A translation lives at ``content/rules/<lang>/<catalog>.md`` and must hold
exactly the English catalog's rule IDs, in the same order, each with its own
(translated, non-empty) text; Catalan follows the terms of the Catalan
Frosthaven rulebook and Turkish those of the Turkish Gloomhaven rulebook.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from rulekeeper.cli.main import app
from rulekeeper.i18n import LANGUAGES, UnknownLanguageError, use_language
from rulekeeper.rulebook import CATALOGS, catalog, catalog_path, find_rule, parse_catalog, rulebook

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


def test_english_is_the_default_and_the_source() -> None:
    english = rulebook("en")
    assert rulebook() == english  # tests run in English (tests/conftest.py)
    assert find_rule("HV-MOVE-1") == english["HV-MOVE-1"]
    assert list(english) == [rule for name in CATALOGS for rule in (catalog(name) or {})]


def test_an_unknown_language_is_refused_naming_it() -> None:
    with pytest.raises(UnknownLanguageError, match="'xx'"):
        find_rule("HV-MOVE-1", "xx")


def test_a_rule_a_translation_lacks_reads_in_english() -> None:
    """The fallback while a catalog is not translated; test_every_catalog_... fails meanwhile."""
    for lang in TRANSLATED:
        book = rulebook(lang)
        assert list(book) == list(rulebook("en"))
        for name in CATALOGS:
            if catalog(name, lang) is None:
                rule_id = next(iter(catalog(name) or {}))
                assert book[rule_id] == rulebook("en")[rule_id]


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
