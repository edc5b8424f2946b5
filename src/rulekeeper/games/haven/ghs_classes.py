"""Character classes from a GHS data folder: hit points by level, hand size, ability cards.

A class is ``character/NAME.json`` (``handSize``, ``stats[]`` with ``level`` and
``health``, ``availableSummons``) and its cards ``character/deck/NAME.json``
(``abilities[]`` with ``name``, ``cardId``, ``level``, ``initiative``,
``actions`` (top), ``bottomActions``, ``lost`` / ``bottomLost`` and FH's
``persistent`` / ``round`` / ``xp`` flags).

Card values are as printed (HV-CARD-3). Actions convert with the monster
card vocabulary (ghs_monsters.CardReader), plus: ``card`` markers give the
half's experience (HV-CHAR-3) and its round or persistent bonus (HV-BONUS-1);
a summon names the class's summon, whose stats come from the summon data
(HV-SUM-2). Everything else on a card becomes a ``by_hand`` step with its
text. Cards are ordered level 1 first, then X, then 2..9, so the first
``hand_size`` cards are a starting hand (scenario_setup deals them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from rulekeeper.core.documents import pydantic_error_line, read_document
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.ghs_common import Labels, Notes, Refused, objects, whole
from rulekeeper.games.haven.ghs_monsters import CardReader
from rulekeeper.games.haven.scenario_format import (
    AbilitySpec,
    BonusSpec,
    CardSpec,
    ClassSpec,
    HalfSpec,
    SummonSpec,
)
from rulekeeper.i18n import _

Duration = Literal["round", "persistent"]
LEVEL_ORDER = {"1": 0, "X": 1, **{str(n): n for n in range(2, 10)}}


def _number(value: object, where: str) -> int:
    """A summon stat: a number, or a number written as text ("6")."""
    if isinstance(value, str) and value.isdigit() and len(value) < 4:
        return int(value)
    return whole(value, where)


def summon_spec(data: dict[str, Any], where: str) -> SummonSpec:
    try:
        return SummonSpec(
            name=str(data.get("name", "")),
            hp=_number(data.get("health"), f"{where}.health"),
            move=_number(data.get("movement", 0), f"{where}.movement"),
            attack=_number(data.get("attack", 0), f"{where}.attack"),
            range=_number(data.get("range", 0), f"{where}.range"),
            flying=data.get("flying") is True or data.get("action") == "flying",
        )
    except ValidationError as error:
        raise Refused(where, pydantic_error_line(error, None).reason) from None


def _hand_size(value: object, file: str, notes: Notes) -> int:
    """``handSize``; a class of two forms ("7|7") holds both hands' cards."""
    if isinstance(value, str) and "|" in value:
        parts = [whole(p, "handSize") for p in value.split("|")[:4]]
        notes.by_hand(file, "handSize", _("hand size {value}: one hand per form", value=value))
        return sum(parts)
    return whole(value, "handSize")


def _initiative(ability: dict[str, Any], where: str, file: str, notes: Notes) -> int:
    """HV-CARD-2: the card's initiative; a card printed with two ("2050": 20 or 50) keeps
    the first, and the players choose by hand."""
    value = whole(ability.get("initiative"), f"{where}.initiative")
    if 100 <= value <= 9999 and 1 <= value // 100 <= 99 and 1 <= value % 100 <= 99:
        notes.by_hand(
            file,
            f"{where}.initiative",
            _(
                "initiative {first} or {second}: choose",
                first=value // 100,
                second=value % 100,
            ),
        )
        return value // 100
    return value


class ClassReader:
    def __init__(self, cards: CardReader) -> None:
        self.cards = cards
        self.summons: dict[str, SummonSpec] = {}

    def half(self, ability: dict[str, Any], bottom: bool, where: str) -> HalfSpec:
        prefix = "bottom" if bottom else ""

        def flag(name: str) -> bool:
            key = f"{prefix}{name.title()}" if bottom else name
            return ability.get(key) is True

        xp = 0
        bonus: Duration | None = (
            "persistent" if flag("persistent") else "round" if flag("round") else None
        )
        raw_xp = ability.get("bottomXp" if bottom else "xp")
        if isinstance(raw_xp, int) and not isinstance(raw_xp, bool):
            xp = raw_xp
        kept: list[dict[str, Any]] = []
        for action in objects(ability.get("bottomActions" if bottom else "actions"), where):
            if action.get("type") == "card":
                xp, bonus = self.card_marker(action, xp, bonus)
                continue
            subs = []
            for sub in objects(action.get("subActions"), f"{where}.subActions"):
                if sub.get("type") == "card":
                    xp, bonus = self.card_marker(sub, xp, bonus)
                elif sub.get("type") != "concatenationSpacer":
                    subs.append(sub)
            kept.append({**action, "subActions": subs} if "subActions" in action else action)
        actions = []
        for k, action in enumerate(kept):
            field = f"{where}.{k}"
            if action.get("type") == "summon":
                actions.append(self.summon(action, field))
            else:
                actions.extend(self.cards.actions([action], field))
        return HalfSpec(
            actions=tuple(actions),
            lost=flag("lost") or flag("loss"),
            bonus=BonusSpec(duration=bonus) if bonus else None,
            xp=min(xp, 20),
        )

    @staticmethod
    def card_marker(
        action: dict[str, Any], xp: int, bonus: Duration | None
    ) -> tuple[int, Duration | None]:
        value = str(action.get("value", ""))
        if value.startswith("experience:") and value.split(":", 1)[1].isdigit():
            return xp + int(value.split(":", 1)[1]), bonus
        if value == "round":
            return xp, "round"
        if value == "persistent":
            return xp, "persistent"
        return xp, bonus

    def summon(self, action: dict[str, Any], where: str) -> AbilitySpec:
        data = action.get("valueObject")
        if isinstance(data, list) and len(data) == 1:
            data = data[0]
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            return self.cards.by_hand(action, where, _("a summon without its summon data"))
        try:
            spec = summon_spec(data, where)
        except Refused as refused:
            return self.cards.by_hand(action, where, refused.reason)
        self.summons[data["name"]] = spec
        return AbilitySpec(type="summon", summon=data["name"])


def import_class_files(
    class_data: Any, deck_data: Any, class_file: str, deck_file: str, labels: Labels, notes: Notes
) -> ClassSpec:
    """A character class; Refused (with the field) when no playable class can be made."""
    if not isinstance(class_data, dict) or not isinstance(class_data.get("name"), str):
        raise Refused("name", _("expected an object with a 'name'"))
    hp_by_level: dict[int, int] = {}
    for n, row in enumerate(objects(class_data.get("stats"), "stats")):
        level = whole(row.get("level"), f"stats.{n}.level")
        hp_by_level[level] = whole(row.get("health"), f"stats.{n}.health")
    levels = sorted(hp_by_level)
    if not levels or levels != list(range(1, len(levels) + 1)):
        raise Refused("stats", _("hit points for levels 1, 2, ... without gaps"))
    hand_size = _hand_size(class_data.get("handSize"), class_file, notes)
    if not isinstance(deck_data, dict):
        raise Refused("abilities", _("expected an object with 'abilities'"))
    reader = ClassReader(CardReader(deck_file, labels, notes, character=True))
    cards: list[tuple[int, CardSpec]] = []
    for n, ability in enumerate(objects(deck_data.get("abilities"), "abilities")):
        where = f"abilities.{n}"
        printed = str(ability.get("level", ""))
        try:
            cards.append(
                (
                    LEVEL_ORDER.get(printed, 10),
                    CardSpec(
                        id=f"{class_data['name']}-{ability.get('cardId', n)}",
                        name=str(ability.get("name", "")),
                        level=printed[:2],
                        initiative=_initiative(ability, where, deck_file, notes),
                        top=reader.half(ability, False, f"{where}.actions"),
                        bottom=reader.half(ability, True, f"{where}.bottomActions"),
                    ),
                )
            )
        except ValidationError as error:
            line = pydantic_error_line(error, None)
            raise Refused(f"{where}.{line.field}", line.reason) from None
    cards.sort(key=lambda pair: pair[0])
    try:
        return ClassSpec(
            name=class_data["name"].replace("-", " ").title(),
            hp=tuple(hp_by_level[level] for level in levels),
            hand_size=hand_size,
            cards=tuple(card for _, card in cards),
            summons=reader.summons,
        )
    except ValidationError as error:
        line = pydantic_error_line(error, None)
        raise Refused(line.field or "abilities", line.reason) from None


def read_class(
    path: Path, deck_folder: Path, labels: Labels, notes: Notes
) -> tuple[str, ClassSpec]:
    """Read one class file and its deck file; ContentError names the file and field."""
    data = read_document(path, "json")
    name = data.get("name") if isinstance(data, dict) else None
    deck_path = deck_folder / f"{name or path.stem}.json"
    if not deck_path.is_file():
        raise ContentError(_("no ability card file for this class"), source=str(path), field="name")
    deck = read_document(deck_path, "json")
    try:
        spec = import_class_files(data, deck, str(path), str(deck_path), labels, notes)
    except Refused as refused:
        raise ContentError(
            refused.reason, source=refused.file or str(path), field=refused.field
        ) from None
    return str(data["name"]), spec
