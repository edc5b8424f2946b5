"""Setting a scenario up: characters on their start hexes, monster standees, decks.

Standees stand in the starting area from the start; a room's standees are
placed when a door reveals the room (HV-ROOM-1). A standee is normal or elite
by the number of characters (``normal`` / ``elite`` player counts in the
file); it is absent when that count is in neither list (HV-SCEN-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import items, loot, objectives, special_rules, standees
from rulekeeper.games.haven.modifiers import ModifierDecks
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


def _room_of(state: HavenState, h: tuple[int, int]) -> str | None:
    for room in state.spec.rooms:
        if h in room.hexes:
            return room.id
    return None


def place_standees(
    state: HavenState, room: str | None, revealer: tuple[int, int] | None = None
) -> None:
    """HV-SCEN-1: place the standees of ``room`` (None: the starting area) by the number of
    characters: normal, elite or absent; a type running out of standees places the first
    ones by HV-MON-LIMIT-1 (standees.py)."""
    count = len(state.spec.party)
    wanted: list[tuple[str, tuple[int, int], bool]] = []
    for standee in state.spec.monsters:
        if _room_of(state, standee.hex) != room:
            continue
        if count in standee.elite:
            wanted.append((standee.type, standee.hex, True))
        elif count in standee.normal:
            wanted.append((standee.type, standee.hex, False))
    for mtype, h, elite in standees.placement_order(state, wanted, revealer):
        if state.figure_at(h) is not None:
            continue
        figure = standees.add_monster(state, mtype, h, elite)
        if figure is None or room is None:
            continue
        state.arrivals.append(figure.id)
        state.emit(
            "spawn",
            f"{standees.rank(state, figure)} {state.spec.monster_types[mtype].name}"
            f" {figure.standee} appears at {list(h)}",
            "HV-ROOM-1",
            "HV-SCEN-1",
            figure=figure.id,
        )


def reveal_room(state: HavenState, room: str, revealer: tuple[int, int] | None = None) -> None:
    """HV-ROOM-1: reveal ``room``: its standees and tokens; they act this round (HV-ROOM-3)."""
    state.revealed.append(room)
    state.emit("reveal", f"room {room} is revealed", "HV-ROOM-1", room=room)
    place_standees(state, room, revealer)
    loot.place_tokens(state, room)
    # HV-ROOM-3: once the room is set up, a monster type present without an ability card
    # this round draws one now (a chance node, round_flow); it acts this round.
    for figure_id in state.arrivals:
        if figure_id not in state.figures:
            continue
        mtype = state.figures[figure_id].type
        if state.groups[mtype].card is None and mtype not in state.reveal_draws:
            state.reveal_draws.append(mtype)
