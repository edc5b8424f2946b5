"""A character's area-of-effect attack: where the area may go and whom it hits (HV-ATK-1, HV-LOS-1/2).

GH p.21 ("Area Effects") and FH p.22 ("Area of Effect"): the depicted area may
be rotated and mirrored (boards/hexgrid.py ``orientations``).

- A **melee** area (``range`` 0) contains the attacker's own hex, the grey hex
  ``[0, 0]`` of the pattern; the area turns around the attacker.
- A **ranged** area (``range`` > 0) is a free shape placed anywhere one of its
  hexes is a map hex within range (counted around walls, HV-LOS-2).
- Every enemy in the area's hexes and in the attacker's line of sight
  (HV-LOS-1) is a target; allies in the area are not. An invisible enemy
  cannot be targeted.

Catalog: HV-TGT-3 (any orientation, mirrored; the grey hex makes it melee; a
ranged area needs one hex in range), HV-TGT-4 (only enemies in the area and in
sight are attacked; [GH] every such enemy, [FH] the attacker may leave some out:
``Ruleset.area_targets_optional``, turn.next_area_target), HV-TGT-5 (no range:
melee).

A targeted ability needs a target (FH p.21), so the placements offered are the
legal ones that hold at least one target; the character picks one
(:class:`~rulekeeper.games.haven.actions.PlaceArea`), then the order in which
its targets are attacked, one modifier draw each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import Hex, add, orientations, sub
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState

Placement = tuple[Hex, ...]


def _shapes(ability: AbilitySpec) -> list[frozenset[Hex]]:
    cells = [c for c in ability.aoe if ability.range > 0 or c != (0, 0)]
    return orientations(cells)


def _anchored(ability: AbilitySpec) -> set[frozenset[Hex]]:
    """Every orientation of a ranged area, once pinned on each of its hexes."""
    return {frozenset(sub(c, pin) for c in shape) for shape in _shapes(ability) for pin in shape}


def _in_range(state: HavenState, attacker: Figure, hexes: Placement, reach: int) -> bool:
    hexboard = map_state.board(state, with_closed_doors=True)
    if attacker.hex not in hexboard.index:
        return False
    proximity = hexboard.proximity(hexboard.index[attacker.hex])
    return any(h in hexboard.index and proximity[hexboard.index[h]] <= reach for h in hexes)


def area_targets(state: HavenState, attacker: Figure, hexes: Placement) -> list[str]:
    """HV-LOS-1: the enemies standing in the area that the attacker can see.

    HV-GOAL-2: an objective covering several hexes is one target, however many of its hexes
    the area holds; it is a target when the attacker sees one of them in the area.
    """
    hexboard = map_state.board(state, with_closed_doors=True)
    sight = map_state.sight(state, hexboard)
    index = hexboard.index
    area = set(hexes)
    out = []
    for other in state.figures.values():
        if other.team == attacker.team or "invisible" in other.conditions:
            continue
        struck = [h for h in other.covers if h in area and h in index]
        if any(sight.visible(index[attacker.hex], index[h]) for h in struck):
            out.append(other.id)
    return sorted(out)


def placements(state: HavenState, attacker: Figure, ability: AbilitySpec) -> list[Placement]:
    """The legal placements of the area that hold at least one target, in a stable order."""
    found: set[Placement] = set()
    if ability.range <= 0:
        for shape in _shapes(ability):
            found.add(tuple(sorted(add(attacker.hex, c) for c in shape)))
    else:
        patterns = _anchored(ability)
        for enemy in state.figures.values():
            if enemy.team == attacker.team:
                continue
            for pattern in patterns:
                for stands in enemy.covers:  # HV-GOAL-2: an objective covering several hexes
                    hexes = tuple(sorted(add(stands, c) for c in pattern))
                    if _in_range(state, attacker, hexes, ability.range):
                        found.add(hexes)
    return sorted(p for p in found if area_targets(state, attacker, p))


def check_placement(
    state: HavenState, attacker: Figure, ability: AbilitySpec, hexes: Placement
) -> None:
    """Name the rule a refused placement breaks: its shape, its range or its targets."""
    hexes = tuple(sorted(hexes))
    if hexes in placements(state, attacker, ability):
        return
    if ability.range <= 0:
        fits = any(
            hexes == tuple(sorted(add(attacker.hex, c) for c in shape))
            for shape in _shapes(ability)
        )
    else:
        origin = hexes[0] if hexes else (0, 0)
        moved = frozenset(sub(h, origin) for h in hexes)
        fits = moved in _anchored(ability)
    if not fits:
        raise RuleViolation(
            "HV-ATK-1", lazy("those hexes are not the attack's area, turned or mirrored around you")
        )
    if ability.range > 0 and not _in_range(state, attacker, hexes, ability.range):
        raise RuleViolation(
            "HV-LOS-2", lazy("no hex of the area is within range {range}", range=ability.range)
        )
    raise RuleViolation("HV-LOS-1", lazy("no enemy in that area is in your line of sight"))
