"""Setting a scenario up: characters on their start hexes, monster standees, decks.

Standees stand in the starting area from the start; a room's standees are
placed when a door reveals the room (HV-ROOM-1). A standee is normal or elite
by the number of characters (``normal`` / ``elite`` player counts in the
file); it is absent when that count is in neither list (HV-SCEN-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import items, loot, objectives, special_rules
from rulekeeper.games.haven.modifiers import ModifierDecks
from rulekeeper.games.haven.rooms import place_standees
from rulekeeper.games.haven.scaling import character_level
from rulekeeper.games.haven.state import Figure, Hero

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def set_up(state: HavenState) -> None:
    """Characters, items, decks, the starting area's standees and tokens; the goal and the
    special rules are announced (HV-SCEN-1, HV-ITEM-1/2, HV-LOOT-3/5, HV-GOAL-1, HV-SCEN-7)."""
    spec = state.spec
    for player, cls in enumerate(spec.party):
        cls_spec = spec.classes[cls]
        hp = cls_spec.hp[character_level(spec, cls) - 1]
        hand = [c.id for c in cls_spec.cards[: cls_spec.hand_size]]
        state.heroes[cls] = Hero(cls, player, hand)
        state.figures[cls] = Figure(cls, "character", cls, spec.start_hexes[player], hp, hp)
    state.decks = ModifierDecks.standard(list(spec.party), state.rules)
    items.set_up(state)
    state.loot_deck = loot.build_loot_deck(state)
    levels = state.scaling
    state.emit(
        "scaling",
        f"scenario level {levels.scenario_level}: monster level {levels.monster_level},"
        f" trap damage {levels.trap_damage}, gold per coin {levels.gold_conversion},"
        f" bonus experience {levels.bonus_experience}",
        "HV-SCEN-2",
        "HV-SCEN-3",
    )
    objectives.announce(state)
    special_rules.announce(state)
    place_standees(state, None)
    loot.place_tokens(state, None)
    special_rules.start_of_round(state)
