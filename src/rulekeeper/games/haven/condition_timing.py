"""When conditions act during a figure's turn: its start and its end.

- Start of turn: [FH] regenerate heals 1 first, even while stunned
  (HV-COND-REGENERATE-1; the heal removes a wound before it bites), then a
  wound deals 1 damage (HV-COND-WOUND-1; not an attack: no modifier, no shield,
  negatable by a character, HV-NEG-1).
- End of turn: [FH] bane deals 10 damage (HV-COND-BANE-1), then the conditions
  that last "until the end of the bearer's next turn" are removed, unless gained
  during this very turn (HV-COND-2); they go only after the turn's other
  end-of-turn effects.

Regenerate's heal is performed automatically: skipping it never helps the
bearer, since a heal removes only negative conditions (HV-HEAL-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import exhaustion
from rulekeeper.games.haven.conditions import (
    end_of_turn_damage,
    expiring_at_end_of_turn,
    rule_id,
    turn_start_damage,
    turn_start_heal,
)
from rulekeeper.games.haven.healing import heal
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState


def start_of_turn(state: HavenState, figure: Figure) -> None:
    """Regenerate, then wound (HV-COND-REGENERATE-1, HV-COND-WOUND-1)."""
    regenerate = turn_start_heal(figure.conditions)
    if regenerate:
        heal(state, figure, regenerate, term("regenerate"), rule_id("regenerate"), "HV-HEAL-2")
    wound = turn_start_damage(figure.conditions)
    if wound:
        exhaustion.hurt(state, figure, wound, lazy("its wound"), (rule_id("wound"),))


def end_of_turn(state: HavenState, figure: Figure) -> None:
    """Bane's damage, then HV-COND-2's removals."""
    # HV-COND-2: bane gained during this very turn acts at the end of the next one.
    settled = [c for c in figure.conditions if c not in figure.fresh_conditions]
    bane = end_of_turn_damage(settled)
    if bane:
        exhaustion.hurt(state, figure, bane, lazy("its bane"), (rule_id("bane"),))
    for name in expiring_at_end_of_turn(figure.conditions):
        if name not in figure.fresh_conditions:
            figure.conditions.remove(name)
            state.emit(
                "condition",
                lazy(
                    "{condition} on {figure} ends with its turn",
                    condition=term(name),
                    figure=figure.id,
                ),
                "HV-COND-2",
                figure=figure.id,
            )
    figure.fresh_conditions = []
