"""The rule catalogs shipped with the package, looked up by rule ID.

The catalogs (``content/rules/*.md``) list each rule as a bullet
``- **HV-MOVE-1** text...`` whose text may continue on indented lines. This
module reads them once and answers "what does HV-MOVE-1 say?" for the web
table's event log and any command that explains a ruling, in English
(``content/rules/<name>.md``), Catalan (``content/rules/ca/<name>.md``) or
Turkish (``content/rules/tr/<name>.md``): the same IDs in the same order, the
text and section headings translated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rulekeeper.i18n import current_language, parse_language

CATALOGS = ("haven", "salvage", "ether", "areas")
"""The catalog files (``content/rules/<name>.md``) that define rule IDs."""

RULE_ID = re.compile(r"^[A-Z]{2,5}(?:-[A-Z0-9]+)+$")
_BULLET = re.compile(r"^- \*\*([A-Z]{2,5}(?:-[A-Z0-9]+)+)\*\*\s*(.*)$")


@dataclass(frozen=True, slots=True)
class Rule:
    """One catalog rule: its ID, the catalog it is in, the section heading and its text."""

    id: str
    catalog: str
    section: str
    text: str


def parse_catalog(name: str, text: str) -> dict[str, Rule]:
    """The rules of one catalog's Markdown text, by ID, in file order."""
    rules: dict[str, Rule] = {}
    section = ""
    current: tuple[str, list[str]] | None = None

    def finish() -> None:
        if current is not None:
            rule_id, lines = current
            rules[rule_id] = Rule(rule_id, name, section, " ".join(lines).strip())

    for line in text.splitlines():
        bullet = _BULLET.match(line)
        if bullet:
            finish()
            current = (bullet.group(1), [bullet.group(2)])
            continue
        if current is not None and line.startswith((" ", "\t")) and line.strip():
            current[1].append(line.strip())
            continue
        finish()
        current = None
        if line.startswith("#"):
            section = line.lstrip("#").strip()
    finish()
    return rules


def catalog_path(name: str, lang: str = "en") -> str:
    """Where catalog ``name`` in ``lang`` lives, relative to ``content/rules``.

    English is the source (``<name>.md``); a translation is ``<lang>/<name>.md``.
    """
    return f"{name}.md" if lang == "en" else f"{lang}/{name}.md"


@cache
def catalog(name: str, lang: str = "en") -> dict[str, Rule] | None:
    """The rules of catalog ``name`` in ``lang``, or None when it is not shipped in ``lang``."""
    path = resources.files("rulekeeper") / "content" / "rules"
    for part in catalog_path(name, lang).split("/"):
        path = path / part
    if not path.is_file():
        return None
    return parse_catalog(name, path.read_text(encoding="utf-8"))


@cache
def _rulebook(lang: str) -> dict[str, Rule]:
    book: dict[str, Rule] = {}
    for name in CATALOGS:
        english = catalog(name) or {}
        translated = catalog(name, lang) if lang != "en" else None
        # A rule missing from a translation reads in English rather than not at all
        # (tests/i18n/test_i18n_rulebook.py fails while a translation is missing).
        for rule_id, rule in english.items():
            book[rule_id] = translated.get(rule_id, rule) if translated else rule
    return book


def rulebook(lang: str | None = None) -> dict[str, Rule]:
    """Every rule of every shipped catalog, by ID, in ``lang`` (default: the current language)."""
    return _rulebook(parse_language(lang) if lang is not None else current_language())


def find_rule(rule_id: str, lang: str | None = None) -> Rule | None:
    """The rule called ``rule_id`` in ``lang`` (default: the current language), or None.

    None when no catalog defines it; a rule a translation lacks reads in English.
    """
    return rulebook(lang).get(rule_id)
