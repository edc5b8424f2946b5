"""Items from a GHS data folder's ``items.json`` (HV-ITEM-1..5).

Each item keeps its slot (``onehand`` / ``twohand`` become ``one_hand`` /
``two_hands``), how it is used up (``spent``, ``consumed``, else passive), its
use slots, −1 cards (HV-ITEM-2) and cost. GHS writes almost every item's
effect as text: a spent or consumed item becomes an item used during its
owner's turn whose action is a ``by_hand`` step with that text; a passive
item keeps the text (``ItemSpec.text``) for the players to apply. An item
without a slot is refused.
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
    if usage == "passive":
        fields["when"] = "always"
        fields.pop("uses")
    else:
        fields["actions"] = (AbilitySpec(type="by_hand", text=text),)
    notes.by_hand(file, where, f"{data['name']}: {text}")
    try:
        return ItemSpec(**fields)
    except ValidationError as error:
        line = pydantic_error_line(error, None)
        raise Refused(f"{where}.{line.field}", line.reason) from None
