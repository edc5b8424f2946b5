"""Areas for agents: vocabulary, views and features.

Players are the heroes, in turn order; the first hero standing also decides
for the allies and the enemies' ties (AR-ROUND-1). Areas hides nothing: every
die is rolled in the open. The vocabulary lists the scenario's figures and
areas; the other fields (declared weapons, effects, tokens) get the values
seeded random play meets (:func:`rulekeeper.ai.adapter.complete_vocabulary`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rulekeeper.ai.adapter import (
    FamilyAdapter,
    Features,
    Layout,
    add_header,
    write_header,
)
from rulekeeper.core.game import State
from rulekeeper.games.areas.game import AreasState

PHASES = ("heroes", "allies", "enemies")


def _areas(state: State) -> AreasState:
    return cast(AreasState, state)


class AreasAdapter(FamilyAdapter):
    game_name = "areas"
    hidden_information = "nothing: every die is rolled in the open"

    def vocabulary(self, state: State) -> dict[str, Sequence[object]]:
        s = _areas(state)
        figures = [f.id for f in s.setup.start]
        areas = sorted(s.setup.board.areas)
        return {
            "figure": figures,
            "attacker": figures,
            "target": figures,
            "enemy": figures,
            "to": areas,
            "area": areas,
        }

    def players(self, state: State) -> list[str]:
        return list(_areas(state).hero_order)

    def view(self, state: State, viewer: int) -> dict[str, Any]:
        return dict(_areas(state)._fields_to_dict())

    def layout(self, state: State, vocabulary: Mapping[str, Sequence[object]]) -> Layout:
        figures, areas = len(vocabulary["figure"]), len(vocabulary["area"])
        layout = Layout()
        add_header(layout, len(self.players(state)))
        layout.add("phase", len(PHASES))
        layout.add("figure_area", figures * areas)
        layout.add("figure_health", figures * 2)
        layout.add("figure_poison", figures)
        layout.add("figure_stunned", figures)
        layout.add("queue", figures)
        return layout

    def features(
        self, state: State, viewer: int, vocabulary: Mapping[str, Sequence[object]], out: Features
    ) -> None:
        s = _areas(state)
        figures, areas = list(vocabulary["figure"]), list(vocabulary["area"])
        write_header(s, viewer, len(s.hero_order), out)
        out.one_hot("phase", PHASES, s.phase)
        for figure in s.figures.values():
            if figure.id not in figures:
                continue
            row = figures.index(figure.id)
            if figure.area in areas:
                out.put("figure_area", row * len(areas) + areas.index(figure.area), 1.0)
            out.put("figure_health", row * 2, figure.health)
            out.put("figure_health", row * 2 + 1, figure.max_health)
            out.put("figure_poison", row, figure.poison)
            out.put("figure_stunned", row, float(figure.stunned))
        for position, figure_id in enumerate(s.queue):
            if figure_id in figures:
                out.put("queue", figures.index(figure_id), float(len(s.queue) - position))

    def hero_health(self, state: State) -> dict[str, int]:
        s = _areas(state)
        return {hero: (s.figures[hero].health if hero in s.figures else 0) for hero in s.hero_order}

    def enemy_health(self, state: State) -> int:
        return sum(f.health for f in _areas(state).figures.values() if f.kind == "enemy")


ADAPTER = AreasAdapter()
