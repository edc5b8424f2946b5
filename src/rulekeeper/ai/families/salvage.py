"""Salvage for agents: vocabulary from the scenario, views and features.

Players are the heroes, in scenario order. Salvage hides nothing from a hero:
every die is rolled in the open (each roll a chance node), so a hero's view is
the whole state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rulekeeper.ai.adapter import FamilyAdapter, Features, Layout, add_header, write_header
from rulekeeper.core.game import State
from rulekeeper.games.salvage.state import SalvageState

PHASES = ("engagement", "enemy", "exhaust", "over")
FACES = ("blank", "hit", "crit")
MAX_ENEMIES = 32
"""Enemy numbers the vocabulary names (spawned enemies take the next number)."""
MAX_DICE = 12
MAX_SLOTS = 8


def _salvage(state: State) -> SalvageState:
    return cast(SalvageState, state)


class SalvageAdapter(FamilyAdapter):
    game_name = "salvage"
    hidden_information = "nothing: every die is rolled in the open"

    def vocabulary(self, state: State) -> dict[str, Sequence[object]]:
        s = _salvage(state)
        data = s.data
        heroes = range(len(s.heroes))
        enemies = range(MAX_ENEMIES)
        return {
            "hero": heroes,
            "partner": heroes,
            "owner": heroes,
            "room": range(len(data.rooms)),
            "name": sorted(data.room_actions),
            "ability": sorted({a.name for h in data.heroes for a in h.abilities}),
            "slot": range(MAX_SLOTS),
            "target": enemies,
            "enemy": enemies,
            "die": sorted(data.dice),
            "apply_hit.die": range(MAX_DICE),
            "enemy_face.die": sorted(name for name, _ in data.enemy_dice),
            "face": FACES,
            "requirement": sorted(data.requirements),
        }

    def players(self, state: State) -> list[str]:
        return [hero.name for hero in _salvage(state).heroes]

    def view(self, state: State, viewer: int) -> dict[str, Any]:
        return dict(_salvage(state)._fields_to_dict())

    def layout(self, state: State, vocabulary: Mapping[str, Sequence[object]]) -> Layout:
        s = _salvage(state)
        heroes, rooms = len(s.heroes), len(vocabulary["room"])
        dice, enemy_dice = len(vocabulary["die"]), len(vocabulary["enemy_face.die"])
        kinds = len(s.data.enemy_specs)
        layout = Layout()
        add_header(layout, heroes)
        layout.add("phase", len(PHASES))
        layout.add("noise", 1)
        layout.add("actions_used", 1)
        layout.add("hero_room", heroes * rooms)
        layout.add("hero_health", heroes * 2)
        layout.add("hero_dice", heroes * dice * 2)
        layout.add("hero_items", heroes)
        layout.add("hero_acted", heroes)
        layout.add("room_active", rooms)
        layout.add("room_items", rooms)
        layout.add("enemy_room", MAX_ENEMIES * rooms)
        layout.add("enemy_kind", MAX_ENEMIES * kinds)
        layout.add("enemy_wounds", MAX_ENEMIES)
        layout.add("enemy_dice", enemy_dice * 2)
        return layout

    def features(
        self, state: State, viewer: int, vocabulary: Mapping[str, Sequence[object]], out: Features
    ) -> None:
        s = _salvage(state)
        heroes, rooms = len(s.heroes), len(vocabulary["room"])
        dice = list(vocabulary["die"])
        write_header(s, viewer, heroes, out)
        out.one_hot("phase", PHASES, s.phase)
        out.put("noise", 0, s.noise)
        out.put("actions_used", 0, s.actions_used)
        for n, hero in enumerate(s.heroes):
            out.put("hero_room", n * rooms + hero.room, 1.0)
            out.put("hero_health", n * 2, hero.health)
            out.put("hero_health", n * 2 + 1, hero.max_health)
            for die in hero.dice:
                if die.die in dice:
                    column = dice.index(die.die) * 2 + (0 if die.status == "ready" else 1)
                    out.add("hero_dice", n * len(dice) * 2 + column)
            out.put("hero_items", n, len(hero.items))
            out.put("hero_acted", n, float(s.acted[n]))
        for n, room in enumerate(s.rooms):
            out.put("room_active", n, float(room.active))
            out.put("room_items", n, len(room.items))
        kinds = sorted(s.data.enemy_specs)
        for enemy in s.enemies:
            if enemy.id >= MAX_ENEMIES:
                continue
            out.put("enemy_room", enemy.id * rooms + enemy.room, 1.0)
            if enemy.kind in kinds:
                out.put("enemy_kind", enemy.id * len(kinds) + kinds.index(enemy.kind), 1.0)
            out.put("enemy_wounds", enemy.id, enemy.wounds)
        for n, name in enumerate(vocabulary["enemy_face.die"]):
            out.put("enemy_dice", n * 2, s.enemy_ready.get(str(name), 0))
            out.put("enemy_dice", n * 2 + 1, s.enemy_exhausted.get(str(name), 0))

    def hero_health(self, state: State) -> dict[str, int]:
        return {hero.name: max(hero.health, 0) for hero in _salvage(state).heroes}

    def enemy_health(self, state: State) -> int:
        s = _salvage(state)
        return sum(
            max(s.data.enemy_specs[e.kind].health - e.wounds, 0)
            for e in s.enemies
            if e.kind in s.data.enemy_specs
        )


ADAPTER = SalvageAdapter()
