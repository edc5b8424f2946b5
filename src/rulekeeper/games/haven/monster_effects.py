"""A monster's negative abilities other than attacks and conditions: a lone push or pull, and
"suffer N damage".

On a monster's (or a scenario ally's) ability card:

- ``push`` / ``pull``: ``value`` hexes, on ``targets`` enemies within ``range`` (1 =
  adjacent) and line of sight; each target first gains the action's ``conditions``, then is
  moved as an attack's push or pull is (forced_movement.py: as far as it can go, the party
  choosing the way, HV-PUSH-1..4). It is no attack: no modifier card, no shield, no
  retaliate (HV-RET-1 answers attacks only).
- ``damage`` with ``range`` 0: the acting figure itself suffers ``value`` damage (the GH
  Cultist's and Ooze's "suffer 2 damage"). With a range: each of ``targets`` enemies in
  range and line of sight suffers it, and gains the action's ``conditions``. Not an attack:
  no modifier card and no shield ([FH] ward and brittle still change it), HV-SHIELD-1; a
  character may negate it (HV-NEG-1).

Who is targeted (HV-TGT-2: enemies only; HV-COND-INVISIBLE-1: never an invisible one):
[FH] the focus rules pick them as if the ability were an attack, without changing how the
monster moves (FH p.43, HV-MON-COND-1; monster_turns asks the monster mover, tied options
going to the party). [GH] the rulebook names no such rule (a monster uses its other
abilities "as best as possible", p.30), so the party picks among the enemies in range and
line of sight (p.32, "Ambiguity"; HV-MOVE-MON-3) — ``Ruleset.monster_effect_targets_by_focus``.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from rulekeeper.games.haven import exhaustion, forced_movement, map_state
from rulekeeper.games.haven.conditions import has
from rulekeeper.games.haven.rule_terms import terms
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.i18n import Msg, lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Turn

EFFECTS = ("push", "pull", "damage")
ALL_IN_REACH = 6
"""``targets`` meaning every enemy in reach, as the monster mover reads it."""
MAX_PARTY_OPTIONS = 120
"""[GH] the most target sets the party is offered at once; more is a resolve-by-hand step."""


def is_effect(ability: AbilitySpec) -> bool:
    return ability.type in EFFECTS


def on_itself(ability: AbilitySpec) -> bool:
    """ "Suffer N damage" printed without a range: the acting figure suffers it."""
    return ability.type == "damage" and ability.range == 0


def effect_text(ability: AbilitySpec) -> Msg:
    """The ability in words, for events and the party's options."""
    if ability.type == "push":
        text = lazy("push {n}", n=ability.value)
    elif ability.type == "pull":
        text = lazy("pull {n}", n=ability.value)
    else:
        text = lazy("suffer {n} damage", n=ability.value)
    if ability.conditions:
        return lazy("{effect} and {conditions}", effect=text, conditions=terms(ability.conditions))
    return text


def suffer_itself(state: HavenState, figure: Figure, ability: AbilitySpec) -> None:
    """The acting figure suffers the damage its own card prints: no attack, no shield
    (HV-SHIELD-1); [FH] ward and brittle change it (exhaustion.hurt)."""
    exhaustion.hurt(
        state,
        figure,
        ability.value,
        lazy("its own ability card"),
        ("HV-SHIELD-1",),
    )


def candidates(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[str]:
    """HV-TGT-1, HV-TGT-2: the enemies within the ability's range and line of sight, never an
    invisible one (HV-COND-INVISIBLE-1)."""
    return sorted(
        other.id
        for other in state.figures.values()
        if other.team != figure.team
        and not has(other, "invisible")
        and map_state.in_reach(state, figure, other, ability.range)
    )


def party_options(
    state: HavenState, figure: Figure, ability: AbilitySpec
) -> list[tuple[str, ...]] | None:
    """[GH] every set of targets the party may pick: as many as the ability has (``targets``)
    among the candidates, all of them when fewer; None when there are too many sets to list."""
    found = candidates(state, figure, ability)
    # "Target all": the monster mover's count for every enemy in reach (ghs_monsters).
    size = len(found) if ability.targets >= ALL_IN_REACH else min(ability.targets, len(found))
    if size == 0:
        return [()]
    if math.comb(len(found), size) > MAX_PARTY_OPTIONS:
        return None
    return list(itertools.combinations(found, size))


def no_target(state: HavenState, figure: Figure, ability: AbilitySpec) -> None:
    state.emit(
        ability.type,
        lazy(
            "{figure} has no enemy in range and line of sight for {ability}",
            figure=figure.id,
            ability=effect_text(ability),
        ),
        "HV-TGT-2",
        figure=figure.id,
    )


def apply_to(
    state: HavenState, figure: Figure, turn: Turn, ability: AbilitySpec, target_id: str
) -> bool:
    """Perform the ability on one target; True while its push or pull waits for the party."""
    target = state.figures.get(target_id)
    if target is None or figure.id not in state.figures:
        return False
    state.emit(
        ability.type,
        lazy(
            "{figure} targets {target} with {ability}",
            figure=figure.id,
            target=target_id,
            ability=effect_text(ability),
        ),
        *(("HV-MON-COND-1",) if state.rules.monster_effect_targets_by_focus else ()),
        "HV-TGT-2",
        figure=figure.id,
        target=target_id,
    )
    if ability.type == "damage":
        exhaustion.hurt(
            state,
            target,
            ability.value,
            lazy("{figure}'s ability", figure=figure.id),
            ("HV-SHIELD-1",),
            ability.conditions,
            by=figure.id,
        )
        return False
    if ability.conditions:
        exhaustion.add_conditions(state, target, list(ability.conditions))
    if target_id not in state.figures:
        return False
    turn.attack["push"] = ability.value if ability.type == "push" else 0
    turn.attack["pull"] = ability.value if ability.type == "pull" else 0
    return forced_movement.start(state, turn, target_id)
