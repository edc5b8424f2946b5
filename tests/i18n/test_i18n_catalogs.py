"""Issue 18: every message in Catalan and Turkish, chosen by --lang, RULEKEEPER_LANG or the locale."""

from __future__ import annotations

import pytest

from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.events import Event
from rulekeeper.i18n import (
    UnknownLanguageError,
    _,
    _n,
    language_from_environment,
    lazy,
    lazy_plural,
    parse_language,
    use_language,
)
from rulekeeper.i18n_catalogs import AREAS, TRANSLATED, extract, problems, read_catalog


def test_every_message_has_a_catalan_and_turkish_translation_and_every_plural_form() -> None:
    """Fails on any marked message without a translation, a plural form or its {fields}."""
    found = problems()
    assert found == [], "\n".join(found[:40]) + f"\n... {len(found)} in all (make catalogs-update)"


def test_catalogs_hold_only_messages_of_the_source() -> None:
    """A .po entry whose message left the source is stale (make catalogs-update removes it)."""
    found = extract()
    for lang in TRANSLATED:
        for area, _patterns in AREAS:
            ids = {item.singular for item in found[area]}
            stale = [
                entry.id
                for entry in read_catalog(lang, area)
                if entry.id and (entry.id if isinstance(entry.id, str) else entry.id[0]) not in ids
            ]
            assert stale == [], f"{lang}/{area}.po: {stale[:5]}"


def test_turkish_and_catalan_plural_forms_come_from_the_catalog() -> None:
    for lang in TRANSLATED:
        assert read_catalog(lang, "core").num_plurals >= 2


def test_a_lazy_message_is_shown_in_the_language_of_whoever_reads_it() -> None:
    message = lazy("{room} has no items left", room="Bridge")
    assert message.render("en") == "Bridge has no items left"
    assert message.render("ca") == "A Bridge no hi queden objectes"
    assert message.render("tr") == "Bridge içinde eşya kalmadı"
    with use_language("tr"):
        assert str(message) == "Bridge içinde eşya kalmadı"


def test_plural_messages_pick_the_form_for_n() -> None:
    one = lazy_plural(
        "{hero} applies {n} hit; the rolled dice return ready",
        "{hero} applies {n} hits; the rolled dice return ready",
        1,
        hero="Ana",
    )
    assert one.render("en") == "Ana applies 1 hit; the rolled dice return ready"
    assert one.render("ca").startswith("Ana aplica 1 impacte;")
    with use_language("ca"):
        assert _n(
            "{hero} applies {n} hit; the rolled dice return ready",
            "{hero} applies {n} hits; the rolled dice return ready",
            2,
            hero="Ana",
        ).startswith("Ana aplica 2 impactes;")


def test_events_keep_the_message_and_save_english_text_beside_it() -> None:
    event = Event("gain", lazy("{hero} gains {item}", hero="Ana", item="Rope"), ("SV-SALV-4",))
    raw = event.to_json()
    assert raw["text"] == "Ana gains Rope"
    back = Event.from_json(raw)
    assert back == event
    assert back.text_in("ca") == "Ana obté Rope"
    old = Event.from_json({"kind": "gain", "text": "Ana gains Rope", "rules": []})
    assert old.text_in("tr") == "Ana gains Rope"


def test_a_refusal_is_shown_in_the_current_language() -> None:
    refusal = RuleViolation("SV-SALV-4", lazy("{room} has no items left", room="Bridge"))
    with use_language("ca"):
        assert str(refusal) == "no permès: SV-SALV-4 A Bridge no hi queden objectes"
    assert refusal.rule_id == "SV-SALV-4"


def test_choosing_the_language() -> None:
    assert language_from_environment({"RULEKEEPER_LANG": "ca", "LANG": "tr_TR.UTF-8"}) == "ca"
    assert language_from_environment({"LANG": "tr_TR.UTF-8"}) == "tr"
    assert language_from_environment({"LC_ALL": "ca_ES@valencia"}) == "ca"
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"
    assert parse_language("TR") == "tr"
    with pytest.raises(UnknownLanguageError, match="RULEKEEPER_LANG: unknown language 'xx'"):
        language_from_environment({"RULEKEEPER_LANG": "xx"})
    with use_language("en"):
        assert _("illegal: {rule} {reason}", rule="R", reason="x") == "illegal: R x"
