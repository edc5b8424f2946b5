"""Import monster data in Gloomhaven Secretariat's JSON shape into haven-scenario/1 models.

Gloomhaven Secretariat (a community tool) keeps a monster's stats in
``monster/NAME.json`` and its ability deck in ``monster/deck/NAME.json``. The
user supplies both files; :func:`import_monster` returns our
:class:`~rulekeeper.games.haven.scenario_format.MonsterTypeSpec` and
:class:`~rulekeeper.games.haven.scenario_format.MonsterDeckSpec`, ready for a
scenario's ``[monster_types]`` / ``[monster_decks]`` or a haven-library/1 file
(:func:`library_document`).

The shape read (only these fields; anything else that changes play is
refused with a ContentError naming the field, never dropped silently):

* stats: ``name``, ``flying`` (optional), ``baseStat.type`` (the default of each
  row's ``type``), ``stats[]`` rows with ``level``, ``type`` (``normal`` /
  ``elite``), ``health``, ``movement``, ``attack``, ``range`` and ``actions``
  (``shield``, and ``retaliate`` with an optional ``range`` sub-action).
* deck: ``abilities[]`` with ``cardId``, ``initiative``, ``shuffle`` and
  ``actions[]``: ``move`` / ``attack`` with ``value`` and ``valueType``
  (``plus`` / ``minus``: relative to the stats, as in our format) and
  ``subActions`` (``range``, ``target``, ``pierce``, ``condition``, ``jump``,
  ``push``, ``pull``); ``shield``, ``heal`` and ``retaliate`` (self, or with a
  ``range`` sub-action), ``condition`` (self), ``element`` (infuse),
  ``loot``, and a lone ``push`` / ``pull`` / ``sufferDamage`` (ghs_monsters.effect).

Area patterns (``area`` sub-actions) are refused: their coordinate system
is not converted yet; give ``aoe`` hexes by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.documents import pydantic_error_line, read_document
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven import ghs_monsters
from rulekeeper.games.haven.ghs_common import Refused
from rulekeeper.games.haven.scenario_format import (
    AbilitySpec,
    MonsterCardSpec,
    MonsterDeckSpec,
    MonsterStats,
    MonsterTypeSpec,
)
from rulekeeper.i18n import _

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")


def _int(value: object, source: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentError(
            _(
                "expected a whole number, got {value} (formulas are not imported)",
                value=repr(value),
            ),
            source=source,
            field=field,
        )
    return value


def _object(value: object, source: str, field: str) -> dict[str, Any]:
    """A JSON object (an absent one is empty); any other type names the field."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ContentError(
            _("expected an object, got {kind}", kind=type(value).__name__),
            source=source,
            field=field,
        )
    return value


def _items(value: object, source: str, field: str) -> list[dict[str, Any]]:
    """A JSON list of objects (an absent one is empty); any other shape names the field."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise ContentError(
            _("expected a list, got {kind}", kind=type(value).__name__), source=source, field=field
        )
    return [_object(item, source, f"{field}.{n}") or {} for n, item in enumerate(value)]


def _word(value: object) -> str | None:
    """A type word, or None for anything that is not a string (refused by the caller)."""
    return value if isinstance(value, str) else None


def _flag(value: object, source: str, field: str) -> bool:
    if not isinstance(value, bool):
        raise ContentError(
            _("expected true or false, got {value}", value=repr(value)), source=source, field=field
        )
    return value


def _relative(action: dict[str, Any], source: str, field: str) -> int:
    """``value`` with ``valueType`` plus/minus; a fixed value cannot be made relative."""
    kind = action.get("valueType")
    value = _int(action.get("value", 0), source, f"{field}.value")
    if kind == "plus":
        return value
    if kind == "minus":
        return -value
    raise ContentError(
        _(
            "valueType {kind}: only plus/minus (relative to the stats) are imported",
            kind=repr(kind),
        ),
        source=source,
        field=f"{field}.valueType",
    )


def import_stats(data: Any, source: str) -> MonsterTypeSpec:
    """A monster type from a GHS ``monster/NAME.json`` value."""
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise ContentError(_("expected an object with a 'name'"), source=source, field="name")
    default_type = _object(data.get("baseStat"), source, "baseStat").get("type", "normal")
    rows: dict[str, dict[int, MonsterStats]] = {"normal": {}, "elite": {}}
    for n, row in enumerate(_items(data.get("stats"), source, "stats")):
        field = f"stats.{n}"
        kind = _word(row.get("type", default_type))
        if kind is None or kind not in rows:
            raise ContentError(
                _("type {kind} is not normal or elite", kind=repr(kind)), source=source, field=field
            )
        shield = retaliate = retaliate_range = 0
        for k, act in enumerate(_items(row.get("actions"), source, f"{field}.actions")):
            where = f"{field}.actions.{k}"
            if act.get("type") == "shield":
                shield = _int(act.get("value"), source, f"{where}.value")
            elif act.get("type") == "retaliate":
                retaliate = _int(act.get("value"), source, f"{where}.value")
                extra = _sub_actions(act, source, where, {"range"}, absolute_range=True)
                retaliate_range = extra.get("range", 0)
            else:
                raise ContentError(
                    _("stat action {kind} is not imported", kind=repr(act.get("type"))),
                    source=source,
                    field=f"{where}.type",
                )
        level = _int(row.get("level"), source, f"{field}.level")
        try:
            rows[kind][level] = MonsterStats(
                hp=_int(row.get("health"), source, f"{field}.health"),
                move=_int(row.get("movement", 0), source, f"{field}.movement"),
                attack=_int(row.get("attack", 0), source, f"{field}.attack"),
                range=_int(row.get("range", 0), source, f"{field}.range"),
                shield=shield,
                retaliate=retaliate,
                retaliate_range=retaliate_range,
            )
        except ValidationError as error:
            raise pydantic_error_line(error, source) from None
    tables: dict[str, list[MonsterStats]] = {}
    for kind, by_level in rows.items():
        levels = sorted(by_level)
        if not levels or levels != list(range(len(levels))):
            raise ContentError(
                _("{kind} stats must cover levels 0, 1, 2, ... without gaps", kind=kind),
                source=source,
                field="stats",
            )
        tables[kind] = [by_level[level] for level in levels]
    name = data["name"]
    try:
        return MonsterTypeSpec(
            name=name.replace("-", " ").title(),
            deck=name,
            flying=_flag(data.get("flying", False), source, "flying"),
            normal=tuple(tables["normal"]),
            elite=tuple(tables["elite"]),
        )
    except ValidationError as error:
        raise pydantic_error_line(error, source) from None


def _sub_actions(
    action: dict[str, Any],
    source: str,
    field: str,
    allowed: set[str],
    *,
    absolute_range: bool = False,
) -> dict[str, Any]:
    out: dict[str, Any] = {"conditions": []}
    for k, sub in enumerate(_items(action.get("subActions"), source, f"{field}.subActions")):
        where = f"{field}.subActions.{k}"
        kind = _word(sub.get("type"))
        if kind is None or kind not in allowed:
            raise ContentError(
                _("sub-action {kind} is not imported", kind=repr(kind)), source=source, field=where
            )
        if kind == "range":
            out["range"] = (
                _relative(sub, source, where)
                if sub.get("valueType") and not absolute_range
                else _int(sub.get("value"), source, f"{where}.value")
            )
        elif kind == "target":
            out["targets"] = _int(sub.get("value"), source, f"{where}.value")
        elif kind == "pierce":
            out["pierce"] = _int(sub.get("value"), source, f"{where}.value")
        elif kind == "condition":
            out["conditions"].append(str(sub.get("value")))
        elif kind == "jump":
            out["jump"] = True
        elif kind in ("push", "pull"):
            out[kind] = _int(sub.get("value"), source, f"{where}.value")
        elif kind == "specialTarget" and sub.get("value") != "self":
            raise ContentError(
                _(
                    "special target {target} is not imported (only self)",
                    target=repr(sub.get("value")),
                ),
                source=source,
                field=where,
            )
    return out


def _action(action: dict[str, Any], source: str, field: str) -> AbilitySpec:
    kind = action.get("type")
    subs = _items(action.get("subActions"), source, f"{field}.subActions")
    if kind == "move":
        extra = _sub_actions(action, source, field, {"jump"})
        return AbilitySpec(
            type="move", value=_relative(action, source, field), jump=extra.get("jump", False)
        )
    if kind == "attack":
        if any(s.get("type") == "area" for s in subs):
            raise ContentError(
                _("area patterns are not imported; give 'aoe' hexes by hand"),
                source=source,
                field=f"{field}.subActions",
            )
        extra = _sub_actions(
            action, source, field, {"range", "target", "pierce", "condition", "push", "pull"}
        )
        try:
            return AbilitySpec(
                type="attack",
                value=_relative(action, source, field),
                range=extra.get("range", 0),
                targets=extra.get("targets", 1),
                pierce=extra.get("pierce", 0),
                conditions=tuple(extra["conditions"]),
                push=extra.get("push", 0),
                pull=extra.get("pull", 0),
            )
        except ValidationError as error:
            raise pydantic_error_line(error, source) from None
    if kind in ("heal", "retaliate"):
        # A heal's or retaliate's range is absolute on a monster card (0: self / adjacent).
        extra = _sub_actions(action, source, field, {"specialTarget", "range"}, absolute_range=True)
        value = _int(action.get("value"), source, f"{field}.value")
        return AbilitySpec(type=kind, value=value, range=extra.get("range", 0))
    if kind in ("shield", "loot"):
        _sub_actions(action, source, field, {"specialTarget"})
        return AbilitySpec(type=kind, value=_int(action.get("value"), source, f"{field}.value"))
    if kind == "condition":
        _sub_actions(action, source, field, {"specialTarget"})
        return AbilitySpec(type="condition", conditions=(str(action.get("value")),))
    if kind == "element":
        element = action.get("value")
        if action.get("valueType") == "minus" or element not in ELEMENTS:
            raise ContentError(
                _(
                    "element {element} {how}: only infusing a named element is imported",
                    element=repr(element),
                    how=action.get("valueType") or "",
                ),
                source=source,
                field=field,
            )
        return AbilitySpec(type="infuse", element=element)
    if kind in ("push", "pull", "sufferDamage"):
        try:
            return ghs_monsters.effect(action, subs, field)  # a lone push, pull or damage
        except Refused as refused:
            raise ContentError(refused.reason, source=source, field=refused.field) from None
    raise ContentError(
        _("action type {kind} is not imported", kind=repr(kind)),
        source=source,
        field=f"{field}.type",
    )


def import_deck(data: Any, source: str) -> MonsterDeckSpec:
    """A monster ability deck from a GHS ``monster/deck/NAME.json`` value."""
    if not isinstance(data, dict) or not isinstance(data.get("abilities"), list):
        raise ContentError(
            _("expected an object with 'abilities'"), source=source, field="abilities"
        )
    cards = []
    for n, ability in enumerate(_items(data["abilities"], source, "abilities")):
        field = f"abilities.{n}"
        try:
            actions = tuple(
                _action(a, source, f"{field}.actions.{k}")
                for k, a in enumerate(_items(ability.get("actions"), source, f"{field}.actions"))
            )
            cards.append(
                MonsterCardSpec(
                    id=f"{data.get('name', 'deck')}-{ability.get('cardId', n)}",
                    initiative=_int(ability.get("initiative"), source, f"{field}.initiative"),
                    shuffle=_flag(ability.get("shuffle", False), source, f"{field}.shuffle"),
                    actions=actions,
                )
            )
        except ValidationError as error:
            line = pydantic_error_line(error, source)
            raise ContentError(line.reason, source=source, field=f"{field}.{line.field}") from None
    try:
        return MonsterDeckSpec(cards=tuple(cards))
    except ValidationError as error:
        raise pydantic_error_line(error, source) from None


def import_monster(stats_path: Path, deck_path: Path) -> tuple[MonsterTypeSpec, MonsterDeckSpec]:
    """Read a GHS stats file and deck file the user supplies."""
    mtype = import_stats(read_document(stats_path, "json"), str(stats_path))
    deck = import_deck(read_document(deck_path, "json"), str(deck_path))
    return mtype, deck


def library_document(
    monsters: dict[str, tuple[MonsterTypeSpec, MonsterDeckSpec]],
) -> dict[str, Any]:
    """A haven-library/1 JSON value holding the imported monsters (type ID -> specs)."""
    return {
        "format": "haven-library/1",
        "monster_types": {k: t.model_dump(mode="json") for k, (t, _) in monsters.items()},
        "monster_decks": {t.deck: d.model_dump(mode="json") for t, d in monsters.values()},
    }
