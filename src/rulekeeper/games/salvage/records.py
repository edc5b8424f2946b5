"""The mutable records a salvage state is made of: heroes, dice, enemies, pending steps.

Values that never change in place (a die's state, an item held) are frozen;
records that do (a hero, an enemy, the pending action) have a ``copy()`` that
copies only what changes, so cloning a state stays cheap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

DieStatus = Literal["ready", "committed", "exhausted", "applied"]
"""Die states (catalog "Terms"): ready -> committed -> exhausted, applied or ready again."""

HITTING_FACES = ("hit", "crit")
"""A crit counts as a hit when applied (catalog "Terms")."""


@dataclass(frozen=True, slots=True)
class HeroDie:
    """One die of a hero's own typed pool, its state and (while committed) its face."""

    die: str
    status: DieStatus
    face: str | None = None


@dataclass(frozen=True, slots=True)
class HeldItem:
    """An item in an inventory; ``uses`` left (0 for items without an effect, SV-TRADE-3)."""

    name: str
    uses: int


@dataclass(slots=True)
class Hero:
    """A hero's stats, room, dice pool and inventory."""

    name: str
    max_health: int
    strategy: int
    room: int
    health: int
    dice: list[HeroDie]
    items: list[HeldItem]
    round_uses: dict[str, int] = field(default_factory=dict)
    """Uses of each limited ability this round (SV-ENG-2; the content sets the limit)."""
    scenario_uses: dict[str, int] = field(default_factory=dict)
    """Uses of each limited ability this scenario."""

    @property
    def knocked_out(self) -> bool:
        """SV-END-1: a hero at 0 Health is knocked out."""
        return self.health <= 0

    def copy(self) -> Hero:
        return Hero(
            self.name,
            self.max_health,
            self.strategy,
            self.room,
            self.health,
            list(self.dice),
            list(self.items),
            dict(self.round_uses),
            dict(self.scenario_uses),
        )

    def count(self, status: DieStatus, die: str | None = None) -> int:
        return sum(1 for d in self.dice if d.status == status and (die is None or d.die == die))

    def indexes(self, status: DieStatus) -> list[int]:
        return [i for i, d in enumerate(self.dice) if d.status == status]

    def types_with(self, status: DieStatus) -> list[str]:
        """The die types this hero has in ``status``, in pool order, once each."""
        seen: list[str] = []
        for d in self.dice:
            if d.status == status and d.die not in seen:
                seen.append(d.die)
        return seen

    def first(self, status: DieStatus, die: str) -> int | None:
        for i, d in enumerate(self.dice):
            if d.status == status and d.die == die:
                return i
        return None

    def set_die(self, index: int, status: DieStatus, face: str | None = None) -> None:
        self.dice[index] = HeroDie(self.dice[index].die, status, face)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "max_health": self.max_health,
            "strategy": self.strategy,
            "room": self.room,
            "health": self.health,
            "dice": [[d.die, d.status, d.face] for d in self.dice],
            "items": [[i.name, i.uses] for i in self.items],
            "round_uses": dict(self.round_uses),
            "scenario_uses": dict(self.scenario_uses),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Hero:
        return cls(
            str(raw["name"]),
            int(raw["max_health"]),
            int(raw["strategy"]),
            int(raw["room"]),
            int(raw["health"]),
            [HeroDie(str(d), s, None if f is None else str(f)) for d, s, f in raw["dice"]],
            [HeldItem(str(n), int(u)) for n, u in raw["items"]],
            {str(k): int(v) for k, v in raw.get("round_uses", {}).items()},
            {str(k): int(v) for k, v in raw.get("scenario_uses", {}).items()},
        )


@dataclass(slots=True)
class Enemy:
    """An enemy on the board: its kind (content), room and the hits applied to it."""

    id: int
    kind: str
    room: int
    wounds: int = 0

    def copy(self) -> Enemy:
        return Enemy(self.id, self.kind, self.room, self.wounds)


@dataclass(frozen=True, slots=True)
class EnemyRoll:
    """One enemy die still to roll against a hero, from Damage entry ``entry`` on (SV-OPP-2)."""

    enemy: int
    hero: int
    entry: int
    rule: str


@dataclass(frozen=True, slots=True)
class Recovery:
    """A hero may return up to ``remaining`` exhausted dice to ready (``rule`` says why)."""

    hero: int
    remaining: int
    rule: str


PendingKind = Literal["move", "attack", "salvage", "trade", "room", "ability"]
Stage = Literal[
    "commit", "rolling", "decide", "moving", "opportunity", "look", "offer", "answer", "by_hand"
]


@dataclass(slots=True)
class Pending:
    """The action a hero is in the middle of, and the step it waits on."""

    kind: PendingKind
    stage: Stage
    phases: int = 0
    """Strategy phases gone through (SV-STRAT-1; the first roll is the first)."""
    to_roll: list[int] = field(default_factory=list)
    """Hero die indexes still to roll in this Strategy phase (one chance node each)."""
    applied_any: bool = False
    """SV-ATK-2: a hit was applied, so the Strategy phases are over."""
    steps_left: int = 0
    destination: int | None = None
    opportunity_left: list[int] = field(default_factory=list)
    partner: int | None = None
    offer: list[tuple[int, int]] = field(default_factory=list)
    room_action: str | None = None
    room_dice_left: int = 0
    """Dice of a room's or an ability's own roll still to land (SV-STRAT-4)."""
    room_faces: list[str] = field(default_factory=list)
    ability: str | None = None
    """The ability being used (kind ``ability``)."""
    target: int | None = None
    """The enemy an ability strikes."""
    boosts: list[str] = field(default_factory=list)
    """Limited passives this action has drawn on (one use each per action)."""

    def copy(self) -> Pending:
        return Pending(
            self.kind,
            self.stage,
            self.phases,
            list(self.to_roll),
            self.applied_any,
            self.steps_left,
            self.destination,
            list(self.opportunity_left),
            self.partner,
            list(self.offer),
            self.room_action,
            self.room_dice_left,
            list(self.room_faces),
            self.ability,
            self.target,
            list(self.boosts),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "stage": self.stage,
            "phases": self.phases,
            "to_roll": list(self.to_roll),
            "applied_any": self.applied_any,
            "steps_left": self.steps_left,
            "destination": self.destination,
            "opportunity_left": list(self.opportunity_left),
            "partner": self.partner,
            "offer": [list(o) for o in self.offer],
            "room_action": self.room_action,
            "room_dice_left": self.room_dice_left,
            "room_faces": list(self.room_faces),
            "ability": self.ability,
            "target": self.target,
            "boosts": list(self.boosts),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Pending:
        return cls(
            raw["kind"],
            raw["stage"],
            int(raw["phases"]),
            [int(i) for i in raw["to_roll"]],
            bool(raw["applied_any"]),
            int(raw["steps_left"]),
            raw["destination"],
            [int(i) for i in raw["opportunity_left"]],
            raw["partner"],
            [(int(a), int(b)) for a, b in raw["offer"]],
            raw["room_action"],
            int(raw["room_dice_left"]),
            [str(f) for f in raw["room_faces"]],
            raw.get("ability"),
            raw.get("target"),
            [str(b) for b in raw.get("boosts", [])],
        )
