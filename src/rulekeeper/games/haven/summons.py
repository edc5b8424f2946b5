"""Character summons: placement and the stats their automated turns use (HV-SUM-1, HV-SUM-2).

- HV-SUM-1: a summon is placed in an empty hex adjacent to its summoner; with
  none free, the summon fails.
- HV-SUM-2: a summon is automated by the monster mover with its printed stats
  and draws from its summoner's attack modifier deck.
- HV-INIT-5: it acts just before its summoner, and not in the round it was
  summoned (:func:`check_can_act`; the order is in initiative.py).
- HV-SUM-3: its stats are printed (SummonSpec); its hit points never rise above them.
- HV-SUM-4: its card stays in the active area while it lives (bonuses.py).
- HV-SUM-5: several summons of one character act in the order summoned
  (initiative.actors_of_slot, by standee number).
- HV-SUM-6: summons are the characters' allies: monsters focus on and attack them,
  a blessed or cursed summon changes its summoner's deck (bless_curse.py).
- HV-SUM-7: summons never loot and never open doors (hero_moves.walk): a closed door is
  a wall to them (the monster mover is given the map without closed doors).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import LINK
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import map_state
from rulekeeper.games.haven.scenario_format import AbilitySpec, SummonSpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


def summon_spec(state: HavenState, figure: Figure) -> SummonSpec:
    """HV-SUM-3: a summon's hit points, move, attack, range and traits as printed."""
    return state.spec.classes[state.heroes[figure.owner].id].summons[figure.type]


def free_adjacent_hexes(state: HavenState, summoner: Figure) -> list[tuple[int, int]]:
    """HV-SUM-1: empty hexes next to the summoner (walls break adjacency), as HV-SCEN-6
    defines an empty hex (map_state.is_empty): no figure, no overlay tile other than a
    pressure plate or an open door, [GH] no money token (GH p.14, 19, 26; FH p.13, 31)."""
    hexboard = map_state.board(state, with_closed_doors=False)
    if summoner.hex not in hexboard.index:
        return []
    here = hexboard.index[summoner.hex]
    out = []
    for d, j in hexboard.open_neighbours[here]:
        if d == LINK:  # HV-ROOM-5: a link is adjacency for movement and focus only
            continue
        h = hexboard.hexes[j]
        if map_state.is_empty(state, h):
            out.append(h)
    return sorted(out)


def place(state: HavenState, summoner: Figure, key: str, hex_: tuple[int, int]) -> Figure:
    """HV-SUM-1: put a new summon on the map; it acts from next round (HV-INIT-5)."""
    spec = state.spec.classes[summoner.id].summons[key]
    number = 1 + sum(1 for f in state.figures.values() if f.owner == summoner.id)
    while f"{summoner.id}-{key}-{number}" in state.figures:
        number += 1
    figure = Figure(
        id=f"{summoner.id}-{key}-{number}",
        kind="summon",
        type=key,
        hex=hex_,
        hp=spec.hp,
        max_hp=spec.hp,
        standee=number,
        owner=summoner.id,
        summoned_round=state.round,
    )
    state.figures[figure.id] = figure
    state.emit(
        "summon",
        lazy(
            "{summoner} summons {summon} at {hex}; it acts from next round",
            summoner=summoner.id,
            summon=spec.name or key,
            hex=str(list(hex_)),
        ),
        "HV-SUM-1",
        "HV-INIT-5",
        figure=figure.id,
    )
    return figure


def check_can_act(state: HavenState, figure: Figure) -> None:
    """HV-INIT-5: a summon, a character's or a monster's, never acts in the round it was summoned."""
    if figure.summoned_round > 0 and figure.summoned_round >= state.round:
        raise RuleViolation(
            "HV-INIT-5",
            lazy("{figure} was summoned this round and cannot act yet", figure=figure.id),
        )


def summon_program(state: HavenState, figure: Figure) -> list[AbilitySpec]:
    """HV-SUM-2: each turn a summon moves and attacks with its printed stats."""
    spec = summon_spec(state, figure)
    return [
        AbilitySpec(type="move", value=spec.move, flying=spec.flying),
        AbilitySpec(type="attack", value=spec.attack, range=spec.range),
    ]
