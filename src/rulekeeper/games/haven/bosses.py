"""Bosses and the stat-card rules every monster type shares.

- HV-BOSS-1: a boss has its own stat card, one line per level, and is neither
  normal nor elite (standees.py); its hit points may be an equation in C and
  L (scaling.py, HV-SCEN-4); it never gains a condition its stat card lists
  as an immunity (exhaustion.add_conditions; [FH] any type, HV-MON-2).
- HV-BOSS-2: a boss draws from its ability deck ([GH] every boss uses the
  shared ``boss`` deck); a card's "Special 1" / "Special 2" performs the
  actions of the stat card's ``special_1`` / ``special_2``, valued like a
  monster card's (move and attack added to the boss's stats); other cards are
  performed as any monster card.
- HV-MON-3: one ability card per type each round, every monster of the type
  performs it (round_flow draws, monster_turns performs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.i18n import _, lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import AbilitySpec
    from rulekeeper.games.haven.state import Figure, HavenState


def card_program(
    state: HavenState, figure: Figure, actions: tuple[AbilitySpec, ...]
) -> list[AbilitySpec]:
    """HV-MON-3 / HV-BOSS-2: a monster card's actions, a boss's specials written out."""
    mtype = state.spec.monster_types[figure.type]
    out: list[AbilitySpec] = []
    for action in actions:
        if action.type != "special":
            out.append(action)
            continue
        special = mtype.special_1 if action.value == 1 else mtype.special_2
        if not special:
            raise NotImplementedError(
                _(
                    "HV-BOSS-2: {monster} has no Special {number} on its stat card;"
                    " resolve it by hand",
                    monster=mtype.name,
                    number=action.value,
                )
            )
        state.emit(
            "boss",
            lazy("{figure} performs Special {number}", figure=figure.id, number=action.value),
            "HV-BOSS-2",
            figure=figure.id,
        )
        out.extend(special)
    return out
