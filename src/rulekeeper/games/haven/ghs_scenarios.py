"""Scenarios from a GHS data folder as library scenarios (library.py; no hex map).

A GHS scenario (``scenarios/ID.json``) lists its ``monsters``, its ``rooms``
(``roomNumber``, map tile ``ref``, ``initial``, the ``rooms`` its doors lead
to, ``monster`` placements with a ``type`` for every party size or
``player2`` / ``player3`` / ``player4`` ranks, ``treasures``, ``objectives``
by number), its objective figures (``objectives``: name, hit points as a
number or an equation, escort, count) and its special ``rules``.

What converts: every room, door link and placement (HV-SCEN-1, HV-ROOM-1),
objective figures and their hit-point equations (HV-SCEN-4). GHS does not
state how a scenario is won, so the goal is left to the players (``by_hand``)
unless the scenario's rules end it by structure; each special rule (HV-SCEN-7)
becomes text the players resolve: its note, or its trigger and effects
written out. What cannot convert (a placement of an unknown rank, an
objective count that depends on the party) is listed in the report.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from rulekeeper.core.documents import pydantic_error_line
from rulekeeper.games.haven.ghs_common import (
    Labels,
    Notes,
    Refused,
    formula,
    objects,
    values,
    whole,
)
from rulekeeper.games.haven.library import (
    SCENARIO_FORMAT,
    GoalSpec,
    LibraryRoomSpec,
    LibraryScenario,
    ObjectiveFigureSpec,
    PlacementSpec,
)
from rulekeeper.i18n import _

RANKS = ("normal", "elite", "boss")
LEVELLED = re.compile(r"^([A-Za-z0-9][A-Za-z0-9_-]{0,100})(?::([+-][0-7]))?$")
"""A scenario's monster entry: its name, and ``:+N`` / ``:-N`` when it plays N levels
above or below the scenario's monster level."""
MAX_RULE_PARTS = 12


def scenario_id(data: dict[str, Any], edition: str, stem: str) -> str:
    index = data.get("index", stem)
    slug = re.sub(r"[^A-Za-z0-9]+", "-", str(index)).strip("-")[:40] or stem
    group = data.get("group")
    if isinstance(group, str) and group:
        slug = f"{re.sub(r'[^A-Za-z0-9]+', '-', group)[:20]}-{slug}"
    return f"{edition}-{slug}"


def placement(raw: dict[str, Any], where: str) -> PlacementSpec:
    """HV-SCEN-1: one standee's rank for 2, 3 and 4 characters."""
    match = LEVELLED.match(raw["name"]) if isinstance(raw.get("name"), str) else None
    if match is None:
        raise Refused(f"{where}.name", _("a placement names its monster"))
    name = match.group(1)
    offset = int(match.group(2) or 0)
    ranks: dict[int, str] = {}
    if "type" in raw:
        ranks = {players: str(raw["type"]) for players in (2, 3, 4)}
    for players in (2, 3, 4):
        if f"player{players}" in raw:
            ranks[players] = str(raw[f"player{players}"])
    for players, rank in ranks.items():
        if rank not in RANKS:
            raise Refused(
                f"{where}.player{players}",
                _("rank {rank} is not normal, elite or boss", rank=repr(rank)),
            )
    if "boss" in ranks.values():
        return PlacementSpec(
            type=name, boss=True, marker=str(raw.get("marker", ""))[:20], level_offset=offset
        )
    return PlacementSpec(
        type=name,
        level_offset=offset,
        normal=tuple(p for p, r in sorted(ranks.items()) if r == "normal"),
        elite=tuple(p for p, r in sorted(ranks.items()) if r == "elite"),
        marker=str(raw.get("marker", ""))[:20],
    )


class ScenarioReader:
    def __init__(self, file: str, labels: Labels, notes: Notes) -> None:
        self.file = file
        self.labels = labels
        self.notes = notes
        self.rules: list[str] = []

    def by_hand(self, where: str, text: str) -> None:
        self.rules.append(text)
        self.notes.by_hand(self.file, where, text)

    def room(self, raw: dict[str, Any], where: str) -> LibraryRoomSpec:
        room_id = str(whole(raw.get("roomNumber"), f"{where}.roomNumber"))
        monsters = []
        for k, standee in enumerate(objects(raw.get("monster"), f"{where}.monster")):
            field = f"{where}.monster.{k}"
            try:
                found = placement(standee, field)
            except Refused as refused:
                self.notes.refused(self.file, refused.field, refused.reason)
                continue
            except ValidationError as error:
                self.notes.refused(self.file, field, pydantic_error_line(error, None).reason)
                continue
            monsters.append(found)
        figures: list[int] = []
        for k, entry in enumerate(values(raw.get("objectives"), f"{where}.objectives", 40)):
            number, count = entry, 1
            if isinstance(entry, str) and re.fullmatch(r"\d{1,2}:\d{1,2}", entry):
                number, count = (int(p) for p in entry.split(":"))
            if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
                figures.extend([number - 1] * min(count, 20))
            else:
                self.by_hand(
                    f"{where}.objectives.{k}",
                    f"room {room_id}: place objective {entry} as the scenario book says",
                )
        return LibraryRoomSpec(
            id=room_id,
            tile=str(raw.get("ref", ""))[:20],
            initial=raw.get("initial") is True,
            doors_to=tuple(
                str(whole(r, f"{where}.rooms"))
                for r in values(raw.get("rooms"), f"{where}.rooms", 40)
            ),
            marker=str(raw.get("marker", ""))[:20],
            monsters=tuple(monsters),
            objectives=tuple(figures),
            treasures=tuple(
                str(t)[:40] for t in values(raw.get("treasures"), f"{where}.treasures", 40)
            ),
        )

    def objective(self, raw: dict[str, Any], where: str) -> ObjectiveFigureSpec | None:
        """An objective figure; None (a by-hand step) when the data gives no hit points."""
        name = self.labels.text(raw.get("name", "objective"))[:120] or "objective"
        try:
            hp = formula(raw.get("health"), f"{where}.health")
            if hp == 0:
                raise Refused(f"{where}.health", "0")
        except Refused as refused:
            self.by_hand(
                refused.field,
                f"objective {name}: hit points"
                f" {'not given' if raw.get('health') is None else raw.get('health')}:"
                " set it out by hand as the scenario book says",
            )
            return None
        count = raw.get("count", 1)
        return ObjectiveFigureSpec(
            name=name,
            hp=hp,
            count=count if isinstance(count, int) and 1 <= count <= 20 else 1,
            escort=raw.get("escort") is True,
            marker=str(raw.get("marker", ""))[:20],
        )

    def rule_text(self, rule: dict[str, Any]) -> str:
        """A special rule written out: when it applies, then what it does."""
        when = []
        if "round" in rule:
            when.append(f"round {rule['round']}")
        if rule.get("start"):
            when.append("at the start of the round")
        if rule.get("always"):
            when.append("every time")
        elif rule.get("once"):
            when.append("once")
        if rule.get("requiredRooms"):
            when.append(
                f"once room(s) {', '.join(map(str, rule['requiredRooms'][:10]))} are revealed"
            )
        parts = []
        for key in ("note", "noteTop"):
            if isinstance(rule.get(key), str):
                parts.append(self.labels.text(rule[key]))
        for spawn in objects(rule.get("spawns"), "spawns")[:MAX_RULE_PARTS]:
            monster = spawn.get("monster") or {}
            ranks = ", ".join(f"{k} {v}" for k, v in monster.items() if k != "name")
            marker = f" at {spawn['marker']}" if spawn.get("marker") else ""
            parts.append(f"spawn {monster.get('name', '?')} ({ranks}){marker}")
        for figure in objects(rule.get("figures"), "figures")[:MAX_RULE_PARTS]:
            who = figure.get("identifier") or {}
            name = who.get("name", "?") if isinstance(who, dict) else "?"
            parts.append(f"{figure.get('type')} {figure.get('value', '')} ({name})".strip())
        for key in ("elements", "statEffects", "sections", "finish", "treasures", "rooms"):
            if rule.get(key):
                parts.append(f"{key}: {self.labels.text(str(rule[key])[:200])}")
        head = ", ".join(when) or "rule"
        return f"{head}: {'; '.join(parts) or 'see the scenario book'}"


ROUND_IS = re.compile(r"^R\s*==\s*(\d{1,2})$")


def structured_end(rule: dict[str, Any], goal: dict[str, Any], labels: Labels) -> bool:
    """HV-GOAL-1: a rule that wins at the end of round N, loses at the end of round N, or
    loses when an objective figure dies becomes part of the goal (True); else False."""
    finish = rule.get("finish")
    if finish not in ("won", "lost"):
        return False
    extra = set(rule) - {"round", "finish", "figures", "always", "once"}
    match = ROUND_IS.match(str(rule.get("round", "")))
    if match is not None and not rule.get("figures") and not extra:
        goal["survive_rounds" if finish == "won" else "round_limit"] = int(match.group(1))
        return True
    figures = rule.get("figures")
    if finish == "lost" and rule.get("round") == "true" and not extra and isinstance(figures, list):
        names = []
        for figure in figures:
            who = figure.get("identifier") if isinstance(figure, dict) else None
            if not (
                isinstance(who, dict)
                and who.get("type") == "objective"
                and isinstance(who.get("name"), str)
                and figure.get("type") == "dead"
                and figure.get("value", "1") in ("1", 1)
            ):
                return False
            names.append(labels.text(who["name"])[:120])
        goal["lose_if_dead"].extend(names)
        return bool(names)
    return False


def goal_spec(goal: dict[str, Any]) -> GoalSpec:
    """The goal's structured parts, also written out for the players."""
    words = []
    if goal["survive_rounds"]:
        words.append(f"won at the end of round {goal['survive_rounds']}")
    if goal["round_limit"]:
        words.append(f"lost at the end of round {goal['round_limit']} unless won before")
    for name in goal["lose_if_dead"]:
        words.append(f"lost if {name} dies")
    return GoalSpec(
        text="; ".join(words),
        survive_rounds=goal["survive_rounds"],
        round_limit=goal["round_limit"],
        lose_if_dead=tuple(dict.fromkeys(goal["lose_if_dead"])),
    )


def import_scenario(
    data: Any, edition: str, stem: str, file: str, labels: Labels, notes: Notes
) -> LibraryScenario:
    """One library scenario; Refused (with the field) when its rooms cannot be read."""
    if not isinstance(data, dict):
        raise Refused("index", _("expected a scenario object"))
    reader = ScenarioReader(file, labels, notes)
    rooms = [
        reader.room(r, f"rooms.{n}") for n, r in enumerate(objects(data.get("rooms"), "rooms"))
    ]
    figures: list[ObjectiveFigureSpec] = []
    renumbered: dict[int, int] = {}
    for n, raw in enumerate(objects(data.get("objectives"), "objectives")[:100]):
        figure = reader.objective(raw, f"objectives.{n}")
        if figure is not None:
            renumbered[n] = len(figures)
            figures.append(figure)
    goal: dict[str, Any] = {"survive_rounds": 0, "round_limit": 0, "lose_if_dead": []}
    for n, rule in enumerate(objects(data.get("rules"), "rules")[:100]):
        if not structured_end(rule, goal, labels):
            reader.by_hand(f"rules.{n}", reader.rule_text(rule))
    monsters: list[str] = []
    for n, entry in enumerate(values(data.get("monsters"), "monsters", 200)):
        match = LEVELLED.match(entry) if isinstance(entry, str) else None
        if match is None:
            notes.refused(
                file, f"monsters.{n}", _("{entry} is not a monster name", entry=repr(entry))
            )
            continue
        monsters.append(match.group(1))
    for room in rooms:
        monsters.extend(p.type for p in room.monsters if p.type not in monsters)
    kept_rooms = []
    for room in rooms:
        placed = []
        for number in room.objectives:
            if number in renumbered:
                placed.append(renumbered[number])
            else:
                reader.by_hand(
                    f"rooms.{room.id}.objectives",
                    f"room {room.id}: place objective {number + 1} as the scenario book says",
                )
        kept_rooms.append(room.model_copy(update={"objectives": tuple(placed)}))
    try:
        return LibraryScenario(
            format=SCENARIO_FORMAT,
            id=scenario_id(data, edition, stem),
            index=str(data.get("index", ""))[:20],
            name=labels.text(data.get("name", ""))[:200],
            edition=edition,
            monsters=tuple(dict.fromkeys(monsters)),
            rooms=tuple(kept_rooms),
            objectives=tuple(figures),
            goal=goal_spec(goal),
            rules=tuple(reader.rules),
        )
    except ValidationError as error:
        line = pydantic_error_line(error, None)
        where = "rooms" if line.field in (None, "", "(top level)") else str(line.field)
        raise Refused(where, line.reason.removeprefix("Value error, ")) from None
