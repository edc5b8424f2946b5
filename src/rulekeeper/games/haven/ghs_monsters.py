"""Monsters and their ability decks from a GHS data folder, bosses included.

A monster's stats are ``monster/NAME.json``, its ability deck
``monster/deck/DECK.json`` (``deck`` names it; else the monster's name). What
converts (docs/games/haven-import.md):

* stats: per level a normal and an elite line, or a boss's one line
  (``baseStat.type = "boss"``), each with hit points and [boss] attack as a
  number or an equation in L and C (HV-BOSS-1, HV-SCEN-4); stat-card shield
  and retaliate (with range); attack effects every attack adds — conditions,
  pierce, targets, push, pull (HV-MON-2); immunities; flying; the number of
  standees; a boss's Special 1 and Special 2 (HV-BOSS-2). ``baseStat`` values
  hold for every line that does not give its own.
* ability cards: move and attack relative to the stats (HV-MON-4) with range,
  target, pierce, conditions, jump, push and pull; consuming an element for
  +X attack; shield, retaliate, heal (self or in range), conditions on itself
  or on allies in range (HV-MON-COND-1), infusing an element, loot, summoning
  a monster of one rank (HV-MON-SUM-1), Special 1/2; a lone push or pull on
  enemies in range (all, a count, or all adjacent; with negative conditions)
  and "suffer N damage" (on the monster itself, or on enemies in range).

Anything else on a card (area patterns, custom text,
special targets, fixed values the stats do not set, …) becomes a ``by_hand``
step carrying the card's text, and the report lists it. Stat-card traits the
engine does not run become the type's ``notes``. A file is refused (listed in
the report, not written) only when no playable monster can be made: missing
levels, unreadable hit points, a missing deck.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.documents import pydantic_error_line, read_document
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.ghs_common import (
    Labels,
    Notes,
    Refused,
    area_hexes,
    describe,
    formula,
    objects,
    values,
    whole,
)
from rulekeeper.games.haven.scenario_format import (
    AbilitySpec,
    MonsterCardSpec,
    MonsterDeckSpec,
    MonsterStats,
    MonsterTypeSpec,
)
from rulekeeper.i18n import _, _n

ELEMENTS = ("fire", "ice", "air", "earth", "light", "dark")
MAX_LEVEL = 7
ALL_IN_REACH = 6
"""``targets`` meaning every enemy in reach (docs/games/haven-monster-ai.md, ``turn``)."""


class CardReader:
    """Converts the actions of one file, noting each by-hand step in the report."""

    def __init__(self, file: str, labels: Labels, notes: Notes, *, character: bool = False) -> None:
        self.file = file
        self.labels = labels
        self.notes = notes
        self.character = character
        """A character card's values are as printed; a monster card's add to its stats."""

    def amount(self, action: dict[str, Any], where: str) -> int:
        if self.character:
            if action.get("valueType"):
                raise Refused(
                    where,
                    _("valueType {kind} on a character card", kind=repr(action.get("valueType"))),
                )
            return whole(action.get("value", 0), f"{where}.value")
        return relative(action, where)

    def by_hand(self, action: dict[str, Any], where: str, why: str) -> AbilitySpec:
        text = describe(action, self.labels)
        self.notes.by_hand(self.file, where, _("{text} [not run: {why}]", text=text, why=why))
        return AbilitySpec(type="by_hand", text=text)

    def actions(self, raw: object, where: str) -> tuple[AbilitySpec, ...]:
        out: list[AbilitySpec] = []
        for k, action in enumerate(objects(raw, where)):
            field = f"{where}.{k}"
            try:
                out.append(self.action(action, field))
            except Refused as refused:
                out.append(self.by_hand(action, field, refused.reason))
            except ValidationError as error:
                out.append(self.by_hand(action, field, pydantic_error_line(error, None).reason))
        return tuple(out)

    def action(self, action: dict[str, Any], where: str) -> AbilitySpec:
        """One monster-card action, or Refused when the engine cannot run it as printed."""
        kind = action.get("type")
        subs = objects(action.get("subActions"), f"{where}.subActions")
        if kind == "move":
            jump = False
            for sub in subs:
                if sub.get("type") != "jump":
                    raise Refused(where, _("move with {kind}", kind=repr(sub.get("type"))))
                jump = True
            return AbilitySpec(type="move", value=self.amount(action, where), jump=jump)
        if kind == "attack":
            extras = attack_extras(subs, character=self.character)
            return AbilitySpec(type="attack", value=self.amount(action, where), **extras)
        if kind in ("heal", "retaliate"):
            reach = 0
            for sub in subs:
                if sub.get("type") == "range":
                    reach = whole(sub.get("value"), where)
                elif not (sub.get("type") == "specialTarget" and sub.get("value") == "self"):
                    raise Refused(
                        where, _("{action} with {kind}", action=kind, kind=repr(sub.get("type")))
                    )
            return AbilitySpec(type=kind, value=whole(action.get("value"), where), range=reach)
        if kind in ("shield", "loot"):
            only_self(subs, where)
            return AbilitySpec(type=kind, value=whole(action.get("value"), where))
        if kind == "condition":
            return self.condition(action, subs, where)
        if kind == "element":
            element = action.get("value")
            if action.get("valueType") == "minus" or element not in ELEMENTS or subs:
                raise Refused(where, _("element {element}", element=repr(element)))
            return AbilitySpec(type="infuse", element=element)
        if kind == "special":
            number = str(action.get("value"))
            if number not in ("1", "2"):
                raise Refused(where, _("special {number}", number=repr(number)))
            return AbilitySpec(type="special", value=int(number))
        if kind == "summon" and not self.character:
            return summon(action, where)
        if kind in ("push", "pull", "sufferDamage") and not self.character:
            return effect(action, subs, where)
        raise Refused(where, _("action type {kind}", kind=repr(kind)))

    def condition(
        self, action: dict[str, Any], subs: list[dict[str, Any]], where: str
    ) -> AbilitySpec:
        name = action.get("value")
        if name not in CONDITIONS:
            raise Refused(where, _("condition {name}", name=repr(name)))
        reach = 0
        targets = 1
        for sub in subs:
            if sub.get("type") == "range":
                reach = whole(sub.get("value"), where)
            elif sub.get("type") == "target" and self.character:
                # HV-TGT-1: the player picks up to that many (a monster's count comes from
                # the focus rules, HV-MON-COND-1).
                targets = whole(sub.get("value"), where)
            elif not (sub.get("type") == "specialTarget" and sub.get("value") == "self"):
                raise Refused(where, _("condition with {kind}", kind=repr(sub.get("type"))))
        if targets < 1 or (targets > 1 and not reach):
            raise Refused(where, _("condition with {kind}", kind=repr("target")))
        return AbilitySpec(type="condition", conditions=(str(name),), range=reach, targets=targets)


def effect(action: dict[str, Any], subs: list[dict[str, Any]], where: str) -> AbilitySpec:
    """A monster card's lone push or pull, or "suffer N damage" (monster_effects.py): with a
    range and a target count ("all": every enemy in reach), "all adjacent enemies", negative
    conditions for each target; damage with none of these is suffered by the monster itself."""
    kind = "damage" if action.get("type") == "sufferDamage" else str(action.get("type"))
    if action.get("valueType") not in (None, "fixed"):
        raise Refused(
            where,
            _("{action} with valueType {kind}", action=kind, kind=repr(action.get("valueType"))),
        )
    fields: dict[str, Any] = {"type": kind, "value": whole(action.get("value"), where)}
    conditions: list[str] = []
    for sub in subs:
        sub_kind, value = sub.get("type"), sub.get("value")
        if sub.get("subActions"):
            raise Refused(where, _("{action} with {kind}", action=kind, kind=repr(sub_kind)))
        if sub_kind == "range":
            fields["range"] = whole(value, where)
        elif sub_kind == "target":
            fields["targets"] = (
                ALL_IN_REACH if value == "%game.target.all%" else whole(value, where)
            )
        elif sub_kind == "specialTarget" and value == "enemiesAdjacent":
            fields |= {"range": 1, "targets": ALL_IN_REACH}
        elif (
            sub_kind == "condition" and value in CONDITIONS and not CONDITIONS[str(value)].positive
        ):
            conditions.append(str(value))
        else:
            raise Refused(where, _("{action} with {kind}", action=kind, kind=repr(sub_kind)))
    if conditions:
        fields["conditions"] = tuple(conditions)
    return AbilitySpec(**fields)


def relative(action: dict[str, Any], where: str) -> int:
    """HV-MON-4: ``value`` plus/minus the stat; a fixed value is not relative."""
    kind = action.get("valueType")
    value = whole(action.get("value", 0), f"{where}.value")
    if kind == "plus":
        return value
    if kind == "minus":
        return -value
    raise Refused(where, _("valueType {kind} (not relative to the stats)", kind=repr(kind)))


def only_self(subs: list[dict[str, Any]], where: str) -> None:
    for sub in subs:
        if not (sub.get("type") == "specialTarget" and sub.get("value") == "self"):
            raise Refused(where, _("with {kind}", kind=repr(sub.get("type"))))


def attack_extras(subs: list[dict[str, Any]], *, character: bool = False) -> dict[str, Any]:
    """An attack's sub-actions the engine runs; anything else makes it a by-hand step."""
    out: dict[str, Any] = {}
    conditions: list[str] = []
    ranged = any(sub.get("type") == "range" for sub in subs)
    for k, sub in enumerate(subs):
        where = f"subActions.{k}"
        kind = sub.get("type")
        if kind == "range":
            out["range"] = (
                relative(sub, where)
                if sub.get("valueType") and not character
                else whole(sub.get("value"), where)
            )
        elif kind == "target":
            out["targets"] = whole(sub.get("value"), where)
        elif kind == "pierce":
            out["pierce"] = whole(sub.get("value"), where)
        elif kind == "condition" and sub.get("value") in CONDITIONS and not sub.get("subActions"):
            conditions.append(str(sub["value"]))
        elif kind in ("push", "pull") and not sub.get("subActions"):
            out[kind] = whole(sub.get("value"), where)
        elif kind == "element" and sub.get("valueType") == "minus":
            out |= consume_bonus(sub, where)
        elif (
            kind == "specialTarget"
            and sub.get("value") == "enemiesAdjacent"
            and not ranged
            and not character
        ):
            # "Target all adjacent enemies": a melee attack on every enemy in reach (the
            # monster mover reads 6 or more targets as every enemy in reach).
            out["targets"] = ALL_IN_REACH
        elif kind == "area" and not sub.get("subActions"):
            out["aoe"] = area_hexes(sub.get("value"), where, ranged=ranged)
        else:
            raise Refused(where, _("attack with {kind}", kind=repr(kind)))
    if conditions:
        out["conditions"] = tuple(conditions)
    return out


def consume_bonus(sub: dict[str, Any], where: str) -> dict[str, Any]:
    """Consume an element for "+X attack" (HV-ELEM-2); other consume effects go by hand."""
    inner = objects(sub.get("subActions"), where)
    element = sub.get("value")
    if (
        element not in ELEMENTS
        or len(inner) != 1
        or inner[0].get("type") != "attack"
        or inner[0].get("valueType") not in ("add", "plus")
    ):
        raise Refused(where, _("an element consumed for more than +X attack"))
    return {"element": element, "consume_bonus": whole(inner[0].get("value"), where)}


def summon(action: dict[str, Any], where: str) -> AbilitySpec:
    """HV-MON-SUM-1: one monster of one rank for every party size."""
    found = action.get("valueObject")
    if not isinstance(found, list) or len(found) != 1 or not isinstance(found[0], dict):
        raise Refused(where, _("a summon of other than one monster"))
    monster = found[0].get("monster")
    if not isinstance(monster, dict) or not isinstance(monster.get("name"), str):
        raise Refused(where, _("a summon names its monster"))
    ranks = {v for k, v in monster.items() if k == "type" or k.startswith("player")}
    if len(ranks) != 1 or not ranks <= {"normal", "elite"}:
        raise Refused(where, _("a summon whose rank depends on the party size"))
    if action.get("subActions"):
        raise Refused(where, _("a summon with more than its monster"))
    return AbilitySpec(type="summon", summon=monster["name"], elite=ranks == {"elite"})


# -- stats ---------------------------------------------------------------------------------


def _number_or_formula(value: object, where: str, *, allow_formula: bool) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if allow_formula and isinstance(value, str):
        return formula(value, where)
    raise Refused(where, _("expected a whole number, got {value}", value=repr(value)))


class StatReader:
    """One stats file: every line, the stat-card effects, and the traits left to the players."""

    def __init__(self, cards: CardReader) -> None:
        self.cards = cards
        self.notes: list[str] = []
        self.immunities: set[str] = set()

    def line(
        self, row: dict[str, Any], base: dict[str, Any], where: str, boss: bool
    ) -> MonsterStats:
        def get(key: str, default: Any = 0) -> Any:
            return row.get(key, base.get(key, default))

        fields: dict[str, Any] = {
            "hp": _number_or_formula(get("health", None), f"{where}.health", allow_formula=True),
            "move": _number_or_formula(get("movement"), f"{where}.movement", allow_formula=False),
            "attack": _number_or_formula(get("attack"), f"{where}.attack", allow_formula=boss),
            "range": _number_or_formula(get("range"), f"{where}.range", allow_formula=False),
        }
        if fields["hp"] == 0:
            raise Refused(f"{where}.health", _("no hit points"))
        actions = row["actions"] if "actions" in row else base.get("actions")
        for k, act in enumerate(objects(actions, f"{where}.actions")):
            self.stat_action(act, f"{where}.actions.{k}", fields)
        for k, name in enumerate(values(get("immunities", []), f"{where}.immunities", 20)):
            if isinstance(name, str) and name in CONDITIONS:
                self.immunities.add(str(name))
            else:
                self.trait(f"{where}.immunities.{k}", f"immune to {name}")
        try:
            return MonsterStats(**fields)
        except ValidationError as error:
            line = pydantic_error_line(error, None)
            raise Refused(f"{where}.{line.field}", line.reason) from None

    def trait(self, where: str, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
        self.cards.notes.by_hand(self.cards.file, where, text)

    def stat_action(self, act: dict[str, Any], where: str, fields: dict[str, Any]) -> None:
        kind = act.get("type")
        subs = objects(act.get("subActions"), f"{where}.subActions")
        try:
            if kind == "shield" and not subs:
                fields["shield"] = whole(act.get("value"), where)
            elif kind == "retaliate" and all(s.get("type") == "range" for s in subs):
                fields["retaliate"] = whole(act.get("value"), where)
                for sub in subs:
                    fields["retaliate_range"] = whole(sub.get("value"), where)
            elif kind == "condition" and act.get("value") in CONDITIONS and not subs:
                fields["attack_conditions"] = (*fields.get("attack_conditions", ()), act["value"])
            elif kind in ("pierce", "target", "push", "pull") and not subs:
                value = whole(act.get("value"), where)
                if act.get("valueType") == "add" and kind == "target":
                    value += 1
                fields[f"attack_{kind}s" if kind == "target" else f"attack_{kind}"] = value
            else:
                raise Refused(where, _("stat-card {kind}", kind=repr(kind)))
        except Refused:
            self.trait(where, describe(act, self.cards.labels))


def import_monster_files(
    stats_data: Any, deck_data: Any, stats_file: str, deck_file: str, labels: Labels, notes: Notes
) -> tuple[MonsterTypeSpec, MonsterDeckSpec]:
    """A monster type and its deck; Refused (with the field) when no playable type can be made."""
    if not isinstance(stats_data, dict) or not isinstance(stats_data.get("name"), str):
        raise Refused("name", _("expected an object with a 'name'"))
    name = stats_data["name"]
    base = stats_data.get("baseStat") or {}
    if not isinstance(base, dict):
        raise Refused("baseStat", _("expected an object"))
    default_type = base.get("type", "normal")
    reader = StatReader(CardReader(stats_file, labels, notes))
    rows: dict[str, dict[int, MonsterStats]] = {"normal": {}, "elite": {}, "boss": {}}
    for n, row in enumerate(objects(stats_data.get("stats"), "stats")):
        where = f"stats.{n}"
        kind = row.get("type", default_type)
        if not isinstance(kind, str) or kind not in rows:
            raise Refused(
                f"{where}.type", _("type {kind} is not normal, elite or boss", kind=repr(kind))
            )
        level = whole(row.get("level"), f"{where}.level")
        if not 0 <= level <= MAX_LEVEL:
            raise Refused(
                f"{where}.level", _("level {level} is not 0-{most}", level=level, most=MAX_LEVEL)
            )
        rows[kind][level] = reader.line(row, base, where, boss=kind == "boss")
    tables = {kind: _levels(by_level, kind) for kind, by_level in rows.items() if by_level}
    specials: dict[str, tuple[AbilitySpec, ...]] = {}
    elite: tuple[MonsterStats, ...] = ()
    if "boss" in tables:
        raw_specials = base.get("special") or []
        if not isinstance(raw_specials, list):
            raise Refused("baseStat.special", _("expected a list of two action lists"))
        for k, special in enumerate(raw_specials[:2]):
            specials[f"special_{k + 1}"] = reader.cards.actions(special, f"baseStat.special.{k}")
        normal = tables["boss"]
    elif "normal" in tables and "elite" in tables:
        normal, elite = tables["normal"], tables["elite"]
    else:
        raise Refused("stats", _("a monster needs normal and elite lines (or a boss line)"))
    note = base.get("note")
    if isinstance(note, str) and note:
        reader.trait("baseStat.note", labels.text(note))
    count = stats_data.get("count", 10)
    try:
        mtype = MonsterTypeSpec(
            name=name.replace("-", " ").title(),
            deck=str(stats_data.get("deck", name)),
            flying=stats_data.get("flying") is True,
            immunities=tuple(sorted(reader.immunities)),
            normal=normal,
            elite=elite,
            boss="boss" in tables,
            standees=min(20, max(1, count)) if isinstance(count, int) else 10,
            notes=tuple(reader.notes),
            **specials,
        )
    except ValidationError as error:
        line = pydantic_error_line(error, None)
        raise Refused(line.field or "stats", line.reason) from None
    try:
        deck = import_deck(deck_data, CardReader(deck_file, labels, notes))
    except Refused as refused:
        refused.file = deck_file
        raise
    return mtype, deck


def _levels(by_level: dict[int, MonsterStats], kind: str) -> tuple[MonsterStats, ...]:
    levels = sorted(by_level)
    if levels != list(range(MAX_LEVEL + 1)):
        missing = sorted(set(range(MAX_LEVEL + 1)) - set(levels))
        raise Refused(
            "stats",
            _n(
                "{kind} lines miss level {levels}",
                "{kind} lines miss levels {levels}",
                len(missing),
                kind=kind,
                levels=list(missing),
            ),
        )
    return tuple(by_level[level] for level in levels)


def import_deck(data: Any, cards: CardReader) -> MonsterDeckSpec:
    """A monster ability deck; Refused when it has no card the engine can hold."""
    if not isinstance(data, dict):
        raise Refused("abilities", _("expected an object with 'abilities'"))
    name = str(data.get("name", "deck"))
    out = []
    for n, ability in enumerate(objects(data.get("abilities"), "abilities")):
        where = f"abilities.{n}"
        initiative = whole(ability.get("initiative"), f"{where}.initiative")
        if not 1 <= initiative <= 99:
            raise Refused(
                f"{where}.initiative",
                _("initiative {initiative} is not 1-99", initiative=initiative),
            )
        out.append(
            MonsterCardSpec(
                id=f"{name}-{ability.get('cardId', n)}",
                initiative=initiative,
                shuffle=ability.get("shuffle") is True,
                actions=cards.actions(ability.get("actions"), f"{where}.actions"),
            )
        )
    if not out:
        raise Refused("abilities", _("a deck has at least one card"))
    ids = [c.id for c in out]
    if len(set(ids)) != len(ids):
        raise Refused("abilities", _("card ids are used twice"))
    return MonsterDeckSpec(cards=tuple(out))


def read_monster(
    stats_path: Path, deck_folder: Path, labels: Labels, notes: Notes
) -> tuple[str, MonsterTypeSpec, MonsterDeckSpec]:
    """Read one stats file and its deck file; ContentError names the file and field."""
    stats_data = read_document(stats_path, "json")
    deck_name = stats_data.get("deck") if isinstance(stats_data, dict) else None
    name = stats_data.get("name") if isinstance(stats_data, dict) else None
    deck_path = deck_folder / f"{deck_name or name or stats_path.stem}.json"
    if not deck_path.is_file():
        raise ContentError(
            _("no ability deck file for this monster"), source=str(stats_path), field="deck"
        )
    deck_data = read_document(deck_path, "json")
    try:
        mtype, deck = import_monster_files(
            stats_data, deck_data, str(stats_path), str(deck_path), labels, notes
        )
    except Refused as refused:
        source = refused.file or str(stats_path)
        raise ContentError(refused.reason, source=source, field=refused.field) from None
    return str(stats_data["name"]), mtype, deck
