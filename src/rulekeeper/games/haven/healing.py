"""Heals: hit points restored and the conditions a heal removes (HV-HEAL-1, HV-HEAL-2).

- HV-HEAL-1: a heal restores hit points, never above the figure's maximum; a
  figure at its maximum may still be healed, to remove its conditions. Who may
  be healed (the acting figure, allies in range and sight, never an enemy) is
  decided by the ability's step (turn.heal_targets, monster_abilities).
- HV-HEAL-2: every heal, from a card, a long rest, an item, a modifier card or
  [FH] regenerate, removes wound and poison ([FH] brittle and bane too).
- HV-COND-POISON-2: a heal on a poisoned figure restores no hit points; it only
  removes the poison (and, in the same heal, the other conditions above).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven.conditions import heal_amount, removed_by_heal
from rulekeeper.games.haven.rule_terms import terms
from rulekeeper.i18n import Msg, lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState


def heal(state: HavenState, target: Figure, amount: int, source: Msg | str, *rules: str) -> int:
    """Heal ``target`` by ``amount`` from ``source``; returns the hit points restored."""
    poisoned = "poison" in target.conditions
    restored = max(0, min(heal_amount(amount, target.conditions), target.max_hp - target.hp))
    removed = removed_by_heal(target.conditions)
    for name in removed:
        target.conditions.remove(name)
        if name in target.fresh_conditions:
            target.fresh_conditions.remove(name)
    target.hp += restored
    cited = ["HV-HEAL-1", *rules]
    if removed:
        cited.append("HV-HEAL-2")
    if poisoned:
        cited.append("HV-COND-POISON-2")
    if "wound" in removed:
        cited.append("HV-COND-WOUND-1")
    fields = {
        "source": source,
        "target": target.id,
        "restored": restored,
        "hp": target.hp,
        "max_hp": target.max_hp,
    }
    if removed and poisoned:
        message = lazy(
            "{source} heals {target} by {restored} ({hp}/{max_hp} hit points); the heal removes"
            " {conditions} (poison takes the heal's hit points: none are restored)",
            conditions=terms(removed),
            **fields,
        )
    elif removed:
        message = lazy(
            "{source} heals {target} by {restored} ({hp}/{max_hp} hit points); the heal removes"
            " {conditions}",
            conditions=terms(removed),
            **fields,
        )
    else:
        message = lazy(
            "{source} heals {target} by {restored} ({hp}/{max_hp} hit points); it removes no"
            " condition",
            **fields,
        )
    state.emit(
        "heal",
        message,
        *dict.fromkeys(cited),
        figure=target.id,
        amount=restored,
    )
    return restored
