"""The monster mover's answer: its options and reasons (haven-board/1 answers).

Shared by the mover's two paths: monster_ai.py (one-hex figures) and
monster_ai_wide.py (a figure covering several hexes, HV-GOAL-2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from rulekeeper.boards.hexgrid import Hex
from rulekeeper.games.haven.monster_turn import hex_list
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.monster_turn import MonsterTurn


class Attack(Protocol):
    """An attack hex and the targets attacked from it, as the mover ranks them."""

    @property
    def location(self) -> int: ...

    @property
    def targets(self) -> frozenset[int]: ...


@dataclass(frozen=True, slots=True)
class MonsterOption:
    """One outcome the players may choose for the monster's turn."""

    move_to: Hex
    path: tuple[Hex, ...]
    focus: str | None
    targets: tuple[str, ...]
    aoe: tuple[Hex, ...]
    heading_to: tuple[Hex, ...]

    def to_json(self) -> dict[str, object]:
        """The answer entry of haven-board/1."""
        return {
            "move_to": list(self.move_to),
            "path": [list(h) for h in self.path],
            "focus": self.focus,
            "targets": list(self.targets),
            "aoe": [list(h) for h in self.aoe],
            "heading_to": [list(h) for h in self.heading_to],
        }


@dataclass(frozen=True, slots=True)
class MonsterAnswer:
    """Every valid option and the reasons, each citing the rule IDs that decided it."""

    options: tuple[MonsterOption, ...]
    messages: tuple[Msg, ...] = field(default=())
    """The reasons as messages (translated when shown; the mover renders no text)."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """The reasons in the current language."""
        return tuple(message.render() for message in self.messages)

    def to_json(self) -> dict[str, object]:
        """The answer document of haven-board/1."""
        return {"options": [o.to_json() for o in self.options]}


def attack_reason(turn: MonsterTurn, name: str, attacks: Sequence[Attack]) -> Msg:
    """The reason for attacking ``name`` from the hexes of ``attacks`` (HV-MOVE-MON-1/2)."""
    rule_id = (
        "HV-MOVE-MON-1"
        if turn.ruleset.focus_disadvantage_before_more_targets
        else ("HV-MOVE-MON-2")
    )
    where = hex_list(sorted({turn.board.hexes[a.location] for a in attacks}))
    most = max(len(a.targets) for a in attacks)
    if not turn.has_attack:
        return lazy(
            "{rule}: it moves the fewest points to {where}, next to {name}.",
            rule=rule_id,
            where=where,
            name=name,
        )
    fields = {"rule": rule_id, "where": where, "name": name}
    if most > 1 and turn.susceptible:
        return lazy_plural(
            "{rule}: from {where} it attacks {name} and {n} more target with the fewest negative"
            " hexes and movement points, avoiding disadvantage where it can (HV-ATK-3).",
            "{rule}: from {where} it attacks {name} and {n} more targets with the fewest negative"
            " hexes and movement points, avoiding disadvantage where it can (HV-ATK-3).",
            most - 1,
            **fields,
        )
    if most > 1:
        return lazy_plural(
            "{rule}: from {where} it attacks {name} and {n} more target with the fewest negative"
            " hexes and movement points.",
            "{rule}: from {where} it attacks {name} and {n} more targets with the fewest negative"
            " hexes and movement points.",
            most - 1,
            **fields,
        )
    if turn.susceptible:
        return lazy(
            "{rule}: from {where} it attacks {name} with the fewest negative hexes and movement"
            " points, avoiding disadvantage where it can (HV-ATK-3).",
            **fields,
        )
    return lazy(
        "{rule}: from {where} it attacks {name} with the fewest negative hexes and movement"
        " points.",
        **fields,
    )
