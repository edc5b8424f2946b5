"""The salvage game state: rooms, heroes, enemies, dice supply, noise and the round.

Who acts is derived from the state (``current_player``): chance while a die
waits to be rolled, the other hero's controller while a trade waits on its
answer (SV-TRADE-2), a hero recovering dice, the hero whose Engagement turn it
is, or, between turns, the first hero yet to act, who names the next hero for
the players (SV-ROUND-1). Player ``i`` controls hero ``i``.

The rules themselves live in the modules named after what they decide; this
module imports none of them. ``game.SalvagePlay`` wires them into the core
protocol (``legal_actions``, ``check``, ``_apply``) through
:mod:`rulekeeper.games.salvage.rules`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rulekeeper.boards.rooms import Room
from rulekeeper.core.game import CHANCE, Outcome, State
from rulekeeper.games.salvage.content import Scenario
from rulekeeper.games.salvage.records import (
    Enemy,
    EnemyRoll,
    HeldItem,
    Hero,
    HeroDie,
    Pending,
    Recovery,
)
from rulekeeper.i18n import Msg, _

if TYPE_CHECKING:
    from rulekeeper.games.salvage.game import SalvageGame


class SalvageState(State):
    """A salvage game in progress."""

    def __init__(
        self, game: SalvageGame, *, ruleset: str, scenario: str, seed: int, data: Scenario
    ) -> None:
        super().__init__(game, ruleset=ruleset, scenario=scenario, seed=seed)
        self.data = data
        self.rooms: list[Room] = list(data.rooms)
        self.heroes: list[Hero] = [
            Hero(
                spec.name,
                spec.max_health,
                spec.strategy,
                data.start_room,
                spec.max_health,
                [HeroDie(d, "ready") for d in spec.dice],
                [HeldItem(name, data.items[name].uses) for name in spec.items],
            )
            for spec in data.heroes
        ]
        self.enemies: list[Enemy] = [
            Enemy(i, kind, room) for i, (kind, room) in enumerate(data.enemies)
        ]
        self.next_enemy_id = len(self.enemies)
        self.enemy_ready: dict[str, int] = dict(data.enemy_dice)
        self.enemy_exhausted: dict[str, int] = {name: 0 for name, _ in data.enemy_dice}
        self.noise = 0
        self.fired: list[int] = []
        self.round = 1
        self.phase = "engagement"
        self.acted: list[bool] = [False] * len(self.heroes)
        self.turn_hero: int | None = None
        self.actions_used = 0
        self.pending: Pending | None = None
        self.attack_queue: list[EnemyRoll] = []
        self.enemy_order: list[int] = []
        self.recoveries: list[Recovery] = []
        self.result: Outcome | None = None
        self.result_message: Msg | None = None
        """The result's summary as a message (``result`` keeps it in English for saves)."""

    def player_name(self, player: int) -> str:
        if player == CHANCE:
            return _("chance")
        if 0 <= player < len(self.heroes):
            return self.heroes[player].name
        return _("player {number}", number=player)

    def outcome(self) -> Outcome | None:
        """How the game ended, its summary in the current language."""
        if self.result is None or self.result_message is None:
            return self.result
        return Outcome(
            self.result.result, self.result_message.render(), message=self.result_message
        )

    def finish(self, result: str, summary: Msg) -> None:
        """End the game (SV-END-1, SV-ROUND-4): ``won`` or ``lost``, and why."""
        self.result = Outcome(result, summary.render("en"))
        self.result_message = summary

    # -- queries the rule modules share -------------------------------------------
    def enemies_in(self, room: int) -> list[Enemy]:
        return [e for e in self.enemies if e.room == room]

    def enemy(self, enemy_id: int) -> Enemy | None:
        for e in self.enemies:
            if e.id == enemy_id:
                return e
        return None

    def active_hero(self) -> Hero:
        """The hero taking the current Engagement turn."""
        if self.turn_hero is None:
            raise ValueError("no hero is taking a turn")
        return self.heroes[self.turn_hero]

    def dice_total(self) -> tuple[tuple[tuple[str, int], ...], ...]:
        """Each hero's dice by type, then the enemy supply by type (ready + exhausted).

        Dice change state but never appear, vanish or change type, so this is
        the same in every state of a game.
        """
        heroes = tuple(tuple(sorted(Counter(d.die for d in h.dice).items())) for h in self.heroes)
        supply = tuple(
            sorted((k, self.enemy_ready[k] + self.enemy_exhausted[k]) for k in self.enemy_ready)
        )
        return (*heroes, supply)

    # -- copies and files --------------------------------------------------------------
    def clone(self) -> SalvageState:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.log = list(self.log)
        other.rooms = list(self.rooms)
        other.heroes = [h.copy() for h in self.heroes]
        other.enemies = [e.copy() for e in self.enemies]
        other.enemy_ready = dict(self.enemy_ready)
        other.enemy_exhausted = dict(self.enemy_exhausted)
        other.fired = list(self.fired)
        other.acted = list(self.acted)
        other.pending = None if self.pending is None else self.pending.copy()
        other.attack_queue = list(self.attack_queue)
        other.enemy_order = list(self.enemy_order)
        other.recoveries = list(self.recoveries)
        return other

    def _fields_to_dict(self) -> dict[str, Any]:
        return {
            "rooms": [[r.active, list(r.items)] for r in self.rooms],
            "heroes": [h.to_json() for h in self.heroes],
            "enemies": [[e.id, e.kind, e.room, e.wounds] for e in self.enemies],
            "next_enemy_id": self.next_enemy_id,
            "enemy_ready": dict(self.enemy_ready),
            "enemy_exhausted": dict(self.enemy_exhausted),
            "noise": self.noise,
            "fired": list(self.fired),
            "round": self.round,
            "phase": self.phase,
            "acted": list(self.acted),
            "turn_hero": self.turn_hero,
            "actions_used": self.actions_used,
            "pending": None if self.pending is None else self.pending.to_json(),
            "attack_queue": [[q.enemy, q.hero, q.entry, q.rule] for q in self.attack_queue],
            "enemy_order": list(self.enemy_order),
            "recoveries": [[r.hero, r.remaining, r.rule] for r in self.recoveries],
            "result": None
            if self.result is None
            else [
                self.result.result,
                self.result.summary,
                *([] if self.result_message is None else [self.result_message.to_json()]),
            ],
        }

    def _fields_from_dict(self, data: Mapping[str, Any]) -> None:
        base = self.data.rooms
        self.rooms = [
            Room(r.id, r.name, bool(active), tuple(items), r.requirements, r.actions)
            for r, (active, items) in zip(base, data["rooms"], strict=True)
        ]
        self.heroes = [Hero.from_json(h) for h in data["heroes"]]
        self.enemies = [Enemy(int(i), str(k), int(r), int(w)) for i, k, r, w in data["enemies"]]
        self.next_enemy_id = int(data["next_enemy_id"])
        self.enemy_ready = {str(k): int(v) for k, v in data["enemy_ready"].items()}
        self.enemy_exhausted = {str(k): int(v) for k, v in data["enemy_exhausted"].items()}
        self.noise = int(data["noise"])
        self.fired = [int(i) for i in data["fired"]]
        self.round = int(data["round"])
        self.phase = str(data["phase"])
        self.acted = [bool(a) for a in data["acted"]]
        self.turn_hero = data["turn_hero"]
        self.actions_used = int(data["actions_used"])
        self.pending = None if data["pending"] is None else Pending.from_json(data["pending"])
        self.attack_queue = [
            EnemyRoll(int(a), int(b), int(c), str(d)) for a, b, c, d in data["attack_queue"]
        ]
        self.enemy_order = [int(i) for i in data["enemy_order"]]
        self.recoveries = [Recovery(int(a), int(b), str(c)) for a, b, c in data["recoveries"]]
        result = data["result"]
        self.result = None if result is None else Outcome(str(result[0]), str(result[1]))
        self.result_message = (
            Msg.from_json(result[2]) if result is not None and len(result) > 2 else None
        )
