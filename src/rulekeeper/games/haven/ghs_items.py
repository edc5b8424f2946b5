"""Items from a GHS data folder's ``items.json`` (HV-ITEM-1..5).

Each item keeps its slot (``onehand`` / ``twohand`` become ``one_hand`` /
``two_hands``), how it is used up (``spent``, ``consumed``, else passive), its
use slots, −1 cards (HV-ITEM-2) and cost. GHS writes almost every item's
effect as text. A spent or consumed item whose text is one of a few exact
sentences becomes an item the engine runs (:data:`RECOGNISED`): used when its
owner is attacked (the attacker's disadvantage, shield, retaliate, [FH] only
against an adjacent attacker) or on its owner's attack (advantage for the whole
ability). Any other spent or consumed item is used during its owner's turn, its
action a ``by_hand`` step with that text; a passive item keeps the text
(``ItemSpec.text``) for the players to apply. An item without a slot is
refused.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.documents import pydantic_error_line
from rulekeeper.games.haven.ghs_common import Labels, Notes, Refused, describe, objects, whole
from rulekeeper.games.haven.scenario_format import AbilitySpec, ItemSpec
from rulekeeper.i18n import _

SLOTS = {
    "head": "head",
    "body": "body",
    "legs": "legs",
    "onehand": "one_hand",
    "twohand": "two_hands",
    "small": "small",
}


_ATTACKED = r"when (?:you are )?attacked, (?:before drawing an attack modifier card, )?"
RECOGNISED: tuple[tuple[re.Pattern[str], dict[str, Any]], ...] = (
    (
        re.compile(
            _ATTACKED + r"the attacker gains disadvantage on the attack"
            r"(?: and you gain shield (?P<shield>\d) for the attack)?\.",
            re.IGNORECASE,
        ),
        {"when": "attacked", "disadvantage": True},
    ),
    (
        re.compile(
            r"on the next (?:two|three|four|five) attacks targeting you, the attacker gains"
            r" disadvantage\.",
            re.IGNORECASE,
        ),
        {"when": "attacked", "disadvantage": True},
    ),
    (
        re.compile(
            r"when you are attacked by an adjacent enemy, gain retaliate (?P<retaliate>\d) for the"
            r" attack\.",
            re.IGNORECASE,
        ),
        {"when": "attacked", "adjacent_attacker": True},
    ),
    (
        re.compile(
            r"during your attack(?: ability)?, gain advantage on (?:the entire attack action|all"
            r" attacks)\.",
            re.IGNORECASE,
        ),
        {"when": "attack", "advantage": True},
    ),
)
"""Item texts the engine runs (HV-ITEM-5), matched whole: before the attack's modifier draw,
the attacker's disadvantage and the owner's shield or retaliate for that attack, or advantage
on the owner's whole attack ability. Anything else on an item stays text."""


def recognised(text: str) -> dict[str, Any] | None:
    """The item fields for a text :data:`RECOGNISED` lists, or None."""
    for pattern, fields in RECOGNISED:
        found = pattern.fullmatch(text.strip())
        if found is not None:
            numbers = {k: int(v) for k, v in found.groupdict().items() if v is not None}
            return {**fields, **numbers}
    return None


def item_id(data: dict[str, Any], edition: str) -> str:
    """A file name for the item: its edition and number (names repeat across editions)."""
    slug = re.sub(r"[^a-z0-9]+", "-", str(data.get("name", "")).lower()).strip("-")[:40]
    return f"{edition}-{data.get('id')}-{slug}" if slug else f"{edition}-{data.get('id')}"


def import_item(data: Any, where: str, file: str, labels: Labels, notes: Notes) -> ItemSpec:
    """One item of ``items.json``; Refused (with the field) when it has no slot."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise Refused(where, _("expected an item object with a 'name'"))
    slot = SLOTS.get(str(data.get("slot")))
    if slot is None:
        raise Refused(
            f"{where}.slot", _("slot {slot} is not an item slot", slot=repr(data.get("slot")))
        )
    text = "; ".join(
        describe(a, labels) for a in objects(data.get("actions"), f"{where}.actions")[:10]
    )
    text = text or str(data["name"])
    usage = "spent" if data.get("spent") else "consumed" if data.get("consumed") else "passive"
    fields: dict[str, Any] = {
        "name": data["name"],
        "slot": slot,
        "usage": usage,
        "minus_one": min(5, whole(data.get("minusOne", 0), f"{where}.minusOne")),
        "cost": whole(data.get("cost", 0), f"{where}.cost"),
        "uses": max(1, min(6, whole(data.get("slots", 1), f"{where}.slots"))),
        "text": text,
    }
    runs = recognised(text) if usage != "passive" else None
    if runs is not None:
        fields |= runs
    elif usage == "passive":
        fields["when"] = "always"
        fields.pop("uses")
    else:
        fields["actions"] = (AbilitySpec(type="by_hand", text=text),)
    if runs is None:
        notes.by_hand(file, where, f"{data['name']}: {text}")
    try:
        return ItemSpec(**fields)
    except ValidationError as error:
        line = pydantic_error_line(error, None)
        raise Refused(f"{where}.{line.field}", line.reason) from None
