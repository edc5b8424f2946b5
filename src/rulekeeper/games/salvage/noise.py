"""Noise: the scenario-wide counter that applied crits raise, and its thresholds.

Noise only ever rises (SV-MOVE-3, SV-ATK-3, SV-SALV-5). Each threshold
(content data) fires once, the moment noise reaches it (SV-ROUND-4): it spawns
an enemy in a room, or sounds the alarm that loses the scenario.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.salvage.records import Enemy
from rulekeeper.i18n import Msg, lazy

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def raise_noise(state: SalvageState, amount: int, rule: str) -> None:
    """Raise noise by ``amount`` (applied crits, ``rule``) and fire thresholds reached."""
    if amount <= 0:
        return
    state.noise += amount
    state.emit(
        "noise",
        lazy("noise rises by {amount} to {noise}", amount=amount, noise=state.noise),
        rule,
        noise=state.noise,
    )
    fire_thresholds(state)


def fire_thresholds(state: SalvageState) -> None:
    """SV-ROUND-4: every threshold at or below the noise that has not fired yet fires now."""
    for index, threshold in enumerate(state.data.thresholds):
        if index in state.fired or threshold.at > state.noise:
            continue
        state.fired.append(index)
        if (
            threshold.effect == "spawn"
            and threshold.enemy is not None
            and threshold.room is not None
        ):
            enemy = Enemy(state.next_enemy_id, threshold.enemy, threshold.room)
            state.next_enemy_id += 1
            state.enemies.append(enemy)
            room = state.rooms[threshold.room].name
            text: Msg | str = threshold.text or lazy(
                "{enemy} appears in {room}", enemy=threshold.enemy, room=room
            )
            state.emit(
                "threshold",
                lazy("noise {at}: {what}", at=threshold.at, what=text),
                "SV-ROUND-4",
                enemy=enemy.id,
            )
        elif threshold.effect == "lose" and state.result is None:
            text = threshold.text or lazy("the alarm sounds")
            state.emit(
                "threshold", lazy("noise {at}: {what}", at=threshold.at, what=text), "SV-ROUND-4"
            )
            state.finish("lost", lazy("noise reached {at}: {what}", at=threshold.at, what=text))
