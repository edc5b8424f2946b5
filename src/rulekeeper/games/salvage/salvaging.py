"""The salvage action (SV-SALV-*).

Salvage is legal in any room, active or inactive (SV-SALV-1), and commits
every ready die (SV-SALV-2). After its Strategy phases the hero applies all
hits (SV-SALV-3): whatever the roll they gain the top item of the room's stack
(SV-SALV-4), each applied crit raises noise by 1 and may recover one exhausted
die (SV-SALV-5), and the rolled dice return to ready (SV-SALV-6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.salvage.dice_steps import roll_totals, start_rolling
from rulekeeper.games.salvage.noise import raise_noise
from rulekeeper.games.salvage.records import HeldItem, Pending, Recovery
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def start_salvage(state: SalvageState) -> None:
    """SV-SALV-1/2: commit all ready dice and roll them (the first Strategy phase)."""
    hero = state.active_hero()
    for index in hero.indexes("ready"):
        hero.set_die(index, "committed")
    pending = Pending("salvage", "commit")
    state.pending = pending
    state.emit(
        "salvage",
        lazy_plural(
            "{hero} salvages in {room}, committing its {n} ready die",
            "{hero} salvages in {room}, committing all {n} ready dice",
            hero.count("committed"),
            hero=hero.name,
            room=state.rooms[hero.room].name,
        ),
        "SV-SALV-1",
        "SV-SALV-2",
    )
    start_rolling(state, pending)


def apply_salvage_roll(state: SalvageState, pending: Pending) -> None:
    """SV-SALV-3..6: apply all hits, gain the top item, noise and recovery per crit."""
    hero = state.active_hero()
    hits, crits = roll_totals(hero)
    for index in hero.indexes("committed"):
        hero.set_die(index, "ready")
    state.emit(
        "apply",
        lazy_plural(
            "{hero} applies {n} hit; the rolled dice return ready",
            "{hero} applies {n} hits; the rolled dice return ready",
            hits,
            hero=hero.name,
        ),
        "SV-SALV-3",
        "SV-SALV-6",
    )
    room = state.rooms[hero.room]
    top = room.top_item
    if top is not None:
        state.rooms[hero.room] = room.without_top_item()
        hero.items.append(HeldItem(top, state.data.items[top].uses))
        state.emit("gain", lazy("{hero} gains {item}", hero=hero.name, item=top), "SV-SALV-4")
    else:
        state.emit("gain", lazy("{room} has no items left", room=room.name), "SV-SALV-4")
    raise_noise(state, crits, "SV-SALV-5")
    state.pending = None
    if crits and state.turn_hero is not None:
        state.recoveries.insert(0, Recovery(state.turn_hero, crits, "SV-SALV-5"))
