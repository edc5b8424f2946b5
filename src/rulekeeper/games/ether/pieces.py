"""The pieces on an ether table: heroes with their cards and dice, enemies on the map."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rulekeeper.boards.mapcards import Space
from rulekeeper.games.ether.resources import DieColour

Phase = Literal["refresh", "activation", "enemy", "over"]
BOSS_UID = "boss"


@dataclass(slots=True)
class HeroDie:
    """One of a hero's dice: its colour and whether it is ready (ET-PAY-1)."""

    id: str
    colour: DieColour
    ready: bool = True


@dataclass(slots=True)
class Hero:
    id: str
    name: str
    health: int
    max_health: int
    base_hand_size: int
    space: Space | None
    hand: list[str] = field(default_factory=list)
    inventory: list[str] = field(default_factory=list)
    dice: list[HeroDie] = field(default_factory=list)

    @property
    def defeated(self) -> bool:
        return self.space is None

    def die(self, die_id: str) -> HeroDie | None:
        for die in self.dice:
            if die.id == die_id:
                return die
        return None

    def copy(self) -> Hero:
        return Hero(
            self.id,
            self.name,
            self.health,
            self.max_health,
            self.base_hand_size,
            self.space,
            list(self.hand),
            list(self.inventory),
            [HeroDie(d.id, d.colour, d.ready) for d in self.dice],
        )


@dataclass(slots=True)
class Enemy:
    """An enemy on the map (a drawn enemy card) or the boss (``uid == "boss"``)."""

    uid: str
    card: str
    space: Space
    damage_taken: int = 0
