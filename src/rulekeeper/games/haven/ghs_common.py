"""What every Gloomhaven Secretariat (GHS) converter shares: the report, labels, value checks.

GHS keeps its printed texts in ``label/en.json`` (and ``label/spoiler/en.json``)
and refers to them from the data as ``%data.custom.gh.brute.abilities.2.1%``;
app-wide words are written ``%game.action.attack%`` or ``%game.damage:2%``.
:class:`Labels` turns both into plain text for the steps the players resolve
by hand.

:class:`Notes` collects, per file and field, what did not convert (refused)
and what became a resolve-by-hand step (library.py, ``report.json``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulekeeper.core.documents import read_document
from rulekeeper.core.errors import ContentError, printable
from rulekeeper.games.haven.library import ReportEntry
from rulekeeper.i18n import _

PLACEHOLDER = re.compile(r"%([A-Za-z0-9_.:\-]+)%")
TAG = re.compile(r"<[^<>]{0,40}>")
"""Markup in label texts (``<br>``), dropped: the text is shown as one line."""
MAX_TEXT = 600
"""A by-hand text is cut to this many characters (the label files are the user's)."""


class Refused(Exception):
    """One value the converter cannot turn into anything playable: the file is refused."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason
        self.file = ""
        """The file at fault when it is not the one being converted (a monster's deck)."""


@dataclass
class Notes:
    """Report entries of one import run."""

    entries: list[ReportEntry] = field(default_factory=list)

    def by_hand(self, file: str, where: str, text: str) -> None:
        self.entries.append(ReportEntry(file=file, field=where, kind="by_hand", reason=text))

    def refused(self, file: str, where: str, reason: str) -> None:
        self.entries.append(ReportEntry(file=file, field=where, kind="refused", reason=reason))


class Labels:
    """The English label tables of a GHS data folder (empty when it has none)."""

    def __init__(self, tables: list[dict[str, Any]]) -> None:
        self.tables = tables

    @classmethod
    def read(cls, folder: Path) -> Labels:
        tables = []
        for path in (folder / "label" / "en.json", folder / "label" / "spoiler" / "en.json"):
            if path.is_file():
                data = read_document(path, "json")
                if not isinstance(data, dict):
                    raise ContentError(_("expected an object"), source=str(path))
                tables.append(data)
        return cls(tables)

    def lookup(self, dotted: str) -> str | None:
        for table in self.tables:
            node: Any = table
            for part in dotted.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if isinstance(node, str):
                return node
        return None

    def text(self, value: object) -> str:
        """Plain text for a label reference or a literal, placeholders written out."""
        raw = value if isinstance(value, str) else str(value)

        def word(match: re.Match[str]) -> str:
            name = match.group(1)
            if name.startswith("data."):
                found = self.lookup(name.removeprefix("data."))
                if found is not None:
                    return PLACEHOLDER.sub(word_plain, found)
                return name.rsplit(".", 1)[-1]
            return word_plain(match)

        plain = TAG.sub(" ", PLACEHOLDER.sub(word, raw))
        return printable(" ".join(plain.split()), MAX_TEXT)


def word_plain(match: re.Match[str]) -> str:
    """``%game.action.attack%`` -> ``attack``; ``%game.damage:2%`` -> ``damage 2``."""
    name = match.group(1)
    last = name.rsplit(".", 1)[-1]
    return last.replace(":", " ").replace("-", " ")


def describe(action: dict[str, Any], labels: Labels, depth: int = 0) -> str:
    """An action as the players read it on the card: ``attack +1 (range 3, poison)``."""
    kind = str(action.get("type", "?"))
    value = action.get("value", "")
    if kind == "custom":
        head = labels.text(value)
    else:
        sign = {"plus": "+", "minus": "-", "add": "+", "subtract": "-"}.get(
            str(action.get("valueType", "")), ""
        )
        shown = labels.text(value) if value not in ("", None) else ""
        if isinstance(action.get("valueObject"), list):
            shown = " ".join(_object_text(o) for o in action["valueObject"][:8])
        head = f"{kind} {sign}{shown}".strip()
    subs = action.get("subActions")
    if isinstance(subs, list) and subs and depth < 4:
        inner = ", ".join(describe(s, labels, depth + 1) for s in subs[:20] if isinstance(s, dict))
        head += f" ({inner})"
    return printable(head, MAX_TEXT)


def _object_text(value: object) -> str:
    if isinstance(value, dict):
        monster = value.get("monster")
        if isinstance(monster, dict):
            ranks = [f"{k}: {v}" for k, v in monster.items() if k != "name"]
            return f"{monster.get('name', '?')} ({', '.join(ranks)})"
        return ", ".join(f"{k} {v}" for k, v in list(value.items())[:6])
    return str(value)


def whole(value: object, where: str) -> int:
    """A whole number; GHS also writes small ones as text ("2")."""
    if isinstance(value, str) and value.isdigit() and len(value) <= 4:
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(
            where, _("expected a whole number, got {value}", value=printable(repr(value), 60))
        )
    return value


def values(value: object, where: str, limit: int) -> list[Any]:
    """A list (absent: empty), at most ``limit`` long; anything else is refused."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise Refused(where, _("expected a list, got {kind}", kind=type(value).__name__))
    if len(value) > limit:
        raise Refused(where, _("more than {n} entries", n=limit))
    return value


def objects(value: object, where: str) -> list[dict[str, Any]]:
    """A list of objects (absent: empty); anything else is refused."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise Refused(where, _("expected a list of objects"))
    return value


AREA_HEX = re.compile(r"^\((\d{1,2}),(\d{1,2}),([a-z]+)(?::[\w-]*)?\)$")
MAX_AREA_HEXES = 40
AREA_IGNORED = ("enhance", "blank", "invisible")
"""Hex kinds of a GHS area that are no part of the attack (enhancement slots, spacing)."""


def area_hexes(pattern: object, where: str, *, ranged: bool) -> tuple[tuple[int, int], ...]:
    """An area pattern ``(x,y,kind)|...`` as our ``aoe`` offsets (HV-TGT-3).

    GHS draws the pattern in rows, odd rows shifted half a hex to the right;
    those offsets become axial hexes. A melee area is given around its grey
    ``active`` hex (the attacker's, ``[0, 0]``); a ranged one is a free shape.
    Ally or conditional hexes are refused: the players resolve the ability.
    """
    if not isinstance(pattern, str) or len(pattern) > 40 * MAX_AREA_HEXES:
        raise Refused(where, _("an area pattern is a string of (x,y,kind) hexes"))
    active: tuple[int, int] | None = None
    targets: list[tuple[int, int]] = []
    for part in pattern.split("|")[: MAX_AREA_HEXES + 1]:
        match = AREA_HEX.match(part.strip())
        if match is None:
            raise Refused(where, _("area hex {hex}", hex=repr(printable(part, 40))))
        x, y, kind = int(match.group(1)), int(match.group(2)), match.group(3)
        axial = (x - (y - (y & 1)) // 2, y)
        if kind == "active":
            active = axial
        elif kind == "target":
            targets.append(axial)
        elif kind not in AREA_IGNORED:
            raise Refused(where, _("an area with {kind} hexes", kind=kind))
    if not targets or len(targets) > MAX_AREA_HEXES:
        raise Refused(where, _("an area has 1 to 40 target hexes"))
    if ranged == (active is not None):
        raise Refused(where, _("a melee area shows the attacker's hex; a ranged one does not"))
    origin = active if active is not None else targets[0]
    shape = [(q - origin[0], r - origin[1]) for q, r in targets]
    return tuple(([(0, 0)] if active is not None else []) + sorted(shape))


BRACKETED = re.compile(r"^\[(.+)\{\$math\.(floor|ceil)\}\]$")
DIVISION = re.compile(r"/\s*(\d{1,3})")


def formula(value: object, where: str) -> int | str:
    """A number or a scenario equation in our grammar (HV-SCEN-4), from GHS's.

    GHS writes ``x`` for times (as we may) and wraps a rounded calculation as
    ``[EXPR{$math.floor}]`` or ``[EXPR{$math.ceil}]``. Our equations round up
    once at the end, so ceil is ``EXPR``; floor is written exactly when EXPR
    has one division, by N: then N × EXPR is whole and ⌊EXPR⌋ = ⌈EXPR − (N−1)/N⌉.
    """
    from rulekeeper.games.haven.scaling import FormulaError, check_formula

    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, str) or not value.strip():
        raise Refused(where, _("expected a number or an equation, got {value}", value=repr(value)))
    text = value.strip().replace(" ", "")
    if text.isdigit():
        return int(text)
    match = BRACKETED.match(text)
    if match is not None:
        inner, rounding = match.group(1), match.group(2)
        divisions = DIVISION.findall(inner)
        if rounding == "ceil":
            text = inner
        elif len(divisions) == 1 and inner.count("/") == 1 and int(divisions[0]) > 0:
            n = int(divisions[0])
            text = f"({inner})-{n - 1}/{n}"
        else:
            raise Refused(
                where, _("equation {value}: a rounding down not written exactly", value=repr(value))
            )
    try:
        check_formula(text)
    except FormulaError as error:
        raise Refused(
            where, _("equation {value}: {error}", value=repr(value), error=error)
        ) from None
    return text
