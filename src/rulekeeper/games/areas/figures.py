"""The mutable pieces of an areas game: figures on the board and pending steps.

A :class:`Figure` is one hero, non-hero ally or enemy standing in an area; its
``size`` counts against the area's capacity. Pending steps are frozen values
the state replaces as a multi-step action goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal

Kind = Literal["hero", "ally", "enemy"]


@dataclass(slots=True)
class Figure:
    """One figure on the board. ``type_id`` names its catalog entry."""

    id: str
    kind: Kind
    type_id: str
    name: str
    area: str
    health: int
    max_health: int
    size: int = 1
    poison: int = 0
    """Poison counters: the figure loses this much health at the start of its turn."""
    stunned: bool = False
    """A stunned enemy skips its next turn."""

    def copy(self) -> Figure:
        return Figure(
            self.id,
            self.kind,
            self.type_id,
            self.name,
            self.area,
            self.health,
            self.max_health,
            self.size,
            self.poison,
            self.stunned,
        )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Figure:
        return cls(**{f.name: data[f.name] for f in fields(cls)})


@dataclass(frozen=True, slots=True)
class PendingAttack:
    """A hero's declared melee attack waiting on its Action dice (AR-DMG-1).

    The declaration is fixed here; nothing can change it once the roll starts
    (AR-DECL-3).
    """

    attacker: str
    action: str
    target: str
    weapon: str | None
    effects: tuple[str, ...]
    dice: int
    faces: tuple[str, ...] = ()
    push_to: str | None = None
    """Where the token's push moves the target once the attack resolves (AR-DMG-4)."""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["effects"] = list(self.effects)
        data["faces"] = list(self.faces)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PendingAttack:
        return cls(
            attacker=str(data["attacker"]),
            action=str(data["action"]),
            target=str(data["target"]),
            weapon=data["weapon"],
            effects=tuple(data["effects"]),
            dice=int(data["dice"]),
            faces=tuple(data["faces"]),
            push_to=data.get("push_to"),
        )


@dataclass(frozen=True, slots=True)
class EnemyChoice:
    """A tie in an enemy's turn that the players break (AR-ROUND-1)."""

    enemy: str
    kind: Literal["step", "target"]
    options: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"enemy": self.enemy, "kind": self.kind, "options": list(self.options)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EnemyChoice:
        return cls(str(data["enemy"]), data["kind"], tuple(data["options"]))
