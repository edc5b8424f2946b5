"""The rule catalogs shipped with the package, looked up by rule ID.

The catalogs (``content/rules/*.md``) list each rule as a bullet
``- **HV-MOVE-1** text...`` whose text may continue on indented lines. This
module reads them once and answers "what does HV-MOVE-1 say?" for the web
table's event log and any command that explains a ruling.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

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


@cache
def rulebook() -> dict[str, Rule]:
    """Every rule of every shipped catalog, by ID."""
    folder = resources.files("rulekeeper") / "content" / "rules"
    book: dict[str, Rule] = {}
    for name in CATALOGS:
        book.update(parse_catalog(name, (folder / f"{name}.md").read_text(encoding="utf-8")))
    return book


def find_rule(rule_id: str) -> Rule | None:
    """The rule called ``rule_id``, or None when no catalog defines it."""
    return rulebook().get(rule_id)
