"""Issue 18: every message in Catalan and Turkish, chosen by --lang, RULEKEEPER_LANG or the locale."""

from __future__ import annotations

from typing import Any

import pytest

from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.events import Event
from rulekeeper.i18n import (
    Msg,
    UnknownLanguageError,
    _,
    _n,
    _np,
    _p,
    language_from_environment,
    lazy,
    lazy_p,
    lazy_plural,
    lazy_plural_p,
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
            ids = {(item.context, item.singular) for item in found[area]}
            stale = [
                entry.id
                for entry in read_catalog(lang, area)
                if entry.id
                and (entry.context, entry.id if isinstance(entry.id, str) else entry.id[0])
                not in ids
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


@pytest.mark.parametrize("n", [0, 1, 2, 21])
def test_english_plurals_need_no_catalog_and_read_as_the_identity_catalog(n: int) -> None:
    """English is shown without reading a catalog (issue 12: the batch starts without
    gettext); its forms are those of the identity catalog, the singular for 1 only."""
    import gettext

    identity = gettext.NullTranslations()
    singular, plural = "{n} hex away", "{n} hexes away"
    with use_language("en"):
        expected = identity.ngettext(singular, plural, n).format(n=n)
        assert _n(singular, plural, n) == expected
        assert _np("distance", singular, plural, n) == expected
        assert lazy_plural(singular, plural, n).render() == expected
        assert Msg(singular, {}, plural, n, context="distance").render() == expected


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


# -- message contexts: one English text, a translation for each meaning ---------------------
def test_one_english_word_reads_as_each_context_means_it() -> None:
    """Haven's active card pile and salvage's active room are both "active" in English."""
    from rulekeeper.games.haven.terms import term
    from rulekeeper.games.salvage.terms import STATUSES, say

    pile, room = term("active"), lazy("active")
    assert isinstance(pile, Msg) and pile.context == "card pile"
    assert (pile.render("en"), room.render("en")) == ("active", "active")
    assert (pile.render("ca"), room.render("ca")) == ("actives", "activa")
    assert (pile.render("tr"), room.render("tr")) == ("aktif", "etkin")
    with use_language("ca"):  # a salvage die is exhausted; a haven character is exhaust
        assert (say(STATUSES, "exhausted"), _("exhausted")) == ("esgotat", "exhaust")
        assert _p("cost", "free") == "gratuït" and _("free") == "lliure"
        assert _np("die", "{n} die", "{n} dice", 2) == _n("{n} die", "{n} dice", 2)  # no entry


def test_a_message_keeps_its_context_in_a_save() -> None:
    message = lazy_p("card pile", "{cards} are {state}", cards=["a"], state=lazy_p("x", "y"))
    raw = message.to_json()
    assert raw["context"] == "card pile"
    back = Msg.from_json(raw)
    assert back == message and back.context == "card pile"
    assert back != lazy("{cards} are {state}", cards=["a"], state=lazy_p("x", "y"))
    counted = lazy_plural_p("die", "{n} die", "{n} dice", 3)
    assert Msg.from_json(counted.to_json()) == counted
    assert counted.render("en") == "3 dice"
    assert "context" not in lazy("plain").to_json()  # saves without contexts look as before


def _write_po(path: Any, lang: str, entries: list[tuple[str | None, str, str]]) -> None:
    from babel.messages.catalog import Catalog

    from rulekeeper.i18n_catalogs import write_catalog

    catalog = Catalog(locale=lang, domain="rulekeeper")
    for context, msgid, msgstr in entries:
        catalog.add(msgid, msgstr, context=context)
    write_catalog(catalog, path)


def test_the_check_finds_one_message_translated_two_ways(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The program reads one merged catalog: only one of two translations of the same
    message (and context) would ever show, so the check names both areas."""
    import rulekeeper.i18n_catalogs as catalogs

    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    monkeypatch.setattr(catalogs, "extract", lambda paths=None: {a: [] for a, _p in AREAS})
    for lang in TRANSLATED:
        _write_po(tmp_path / lang / "salvage.po", lang, [(None, "free", "A"), ("c", "x", "1")])
        _write_po(tmp_path / lang / "ether.po", lang, [(None, "free", "B"), ("c", "x", "1")])
        _write_po(tmp_path / lang / "web.po", lang, [("cost", "free", "C")])
    found = catalogs.problems()
    assert len(found) == len(TRANSLATED)
    assert all("'free' is translated differently in salvage, ether" in line for line in found)


def test_a_message_given_a_context_starts_from_its_old_translation_marked_fuzzy(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rulekeeper.i18n_catalogs as catalogs
    from rulekeeper.i18n_catalogs import Found

    monkeypatch.setattr(catalogs, "LOCALE", tmp_path)
    source = {area: [] for area, _p in AREAS}
    source["ether"] = [Found("free", None, "games/ether/x.py", 1, "cost")]
    monkeypatch.setattr(catalogs, "extract", lambda paths=None: source)
    for lang in TRANSLATED:
        _write_po(tmp_path / lang / "ether.po", lang, [(None, "free", "gratis")])
    catalogs.update()
    entry = catalogs.read_catalog("ca", "ether").get("free", context="cost")
    assert entry is not None and entry.string == "gratis" and entry.fuzzy
    assert catalogs.read_catalog("ca", "ether").get("free") is None  # left the source
    assert any("untranslated or fuzzy 'free'" in line for line in catalogs.problems())
