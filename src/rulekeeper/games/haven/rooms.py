"""Rooms and doors: what opening a door reveals (HV-ROOM-1..3, HV-SCEN-1).

- HV-ROOM-1: a character entering a closed door opens it for good and reveals
  the rooms beyond: their standees (for the number of characters, HV-SCEN-1)
  and tokens (HV-LOOT-3) are placed at once.
- HV-ROOM-2: a closed door is a wall to all but a character's own movement; a
  locked one to everyone until a special rule opens it (map_state.py).
- HV-ROOM-3: revealed monsters act in the round they appear; a type without
  an ability card this round draws one at once (turn_sequence.py acts on
  ``state.arrivals``).

Special rules that fire when a door opens live in special_rules.py, which
calls :func:`open_door` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import allies, initiative, loot, objective_figures, standees
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


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
    count = standees.placement_count(state)
    wanted: list[tuple[str, tuple[int, int], bool]] = []
    named = {s.hex: s for s in state.spec.monsters if s.named}
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
        special = named.get(h)
        figure = standees.add_monster(
            state,
            mtype,
            h,
            elite,
            named=special.named if special is not None else "",
            hp_formula=special.hp if special is not None else None,
            event="" if room is None else "appears",  # HV-ROOM-1, once numbered (HV-SCEN-1)
        )
        if figure is not None and room is not None:
            state.arrivals.append(figure.id)


def reveal_room(state: HavenState, room: str, revealer: tuple[int, int] | None = None) -> None:
    """HV-ROOM-1: reveal ``room``: its standees and tokens; they act this round (HV-ROOM-3)."""
    state.revealed.append(room)
    state.emit("reveal", lazy("room {room} is revealed", room=room), "HV-ROOM-1", room=room)
    place_standees(state, room, revealer)
    objective_figures.place(state, room)  # HV-GOAL-2
    allies.place(state, room)  # HV-GOAL-3
    loot.place_tokens(state, room)
    # HV-ROOM-3: once the room is set up, a monster type present without an ability card
    # this round draws one now (a chance node, round_flow); it acts this round.
    for figure_id in state.arrivals:
        if figure_id not in state.figures:
            continue
        name = initiative.group_of(state, state.figures[figure_id].type)
        if state.groups[name].card is None and name not in state.reveal_draws:
            state.reveal_draws.append(name)


def open_door(
    state: HavenState, h: tuple[int, int], revealer: tuple[int, int] | None = None
) -> None:
    """HV-ROOM-1: open the door on ``h`` for good and reveal the rooms behind it."""
    state.open_doors.append(h)
    door = next(d for d in state.spec.doors if d.hex == h)
    state.emit("door", lazy("the door at {hex} opens", hex=str(list(h))), "HV-ROOM-1", hex=list(h))
    for room in door.opens:
        if room not in state.revealed:
            reveal_room(state, room, revealer)
