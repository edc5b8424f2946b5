"""Monster standees on the map: numbers, the standee limit, and who is placed first.

- HV-MON-1: a monster's stats are its type's normal or elite line at the
  monster level; a boss (HV-BOSS-1) has one line, its hit points an equation
  in C and L (HV-SCEN-4).
- HV-MON-LIMIT-1: a type has as many standees as its ``standees``; a reveal,
  spawn or summon that needs more places what there is: [GH] the monsters
  closest to the revealing character first; [FH] elites first, then those
  closest to an enemy. The rest are not placed.
- HV-SCEN-1: standee numbers. The rulebooks assign them at random; the engine
  gives the lowest free number (docs/games/haven.md, "Not in the engine yet").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import initiative, map_state
from rulekeeper.games.haven.scaling import evaluate
from rulekeeper.games.haven.state import Figure, Group
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState

Hex = tuple[int, int]


def on_map(state: HavenState, mtype: str) -> list[Figure]:
    return [f for f in state.figures.values() if f.kind == "monster" and f.type == mtype]


def appeared(state: HavenState, mtype: str) -> bool:
    """A monster of ``mtype`` has been on the map: its group exists ([FH] or its set's group
    lists it, HV-MON-3)."""
    if mtype in state.groups:
        return True
    group = state.groups.get(initiative.group_of(state, mtype))
    return group is not None and mtype in group.types


def standees_left(state: HavenState, mtype: str) -> int:
    """HV-MON-LIMIT-1: standees of ``mtype`` not on the map."""
    return state.spec.monster_types[mtype].standees - len(on_map(state, mtype))


def _number(state: HavenState, mtype: str) -> int:
    taken = {f.standee for f in on_map(state, mtype)}
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


def add_monster(
    state: HavenState,
    mtype: str,
    h: Hex,
    elite: bool,
    *,
    no_drop: bool = False,
    summoned_round: int = 0,
    named: str = "",
    hp_formula: str | None = None,
) -> Figure | None:
    """Put a standee of ``mtype`` on ``h``; None when none is left (HV-MON-LIMIT-1)."""
    if standees_left(state, mtype) <= 0:
        state.emit(
            "standee",
            lazy(
                "no {mtype} standee is left: the monster at {hex} is not placed",
                mtype=mtype,
                hex=str(list(h)),
            ),
            "HV-MON-LIMIT-1",
        )
        return None
    spec = state.spec.monster_types[mtype]
    elite = elite and not spec.boss and not named  # HV-BOSS-1, HV-MON-7: neither rank
    level = state.scaling.monster_level
    stats = (spec.elite if elite or named else spec.normal)[level]
    hp = state.stat_hp(stats.hp)
    if named and hp_formula is not None:  # HV-MON-7: H is the elite's hit points
        hp = max(
            1,
            evaluate(
                hp_formula,
                level=state.scaling.scenario_level,
                characters=len(state.spec.party),
                elite_hp=hp,
            ),
        )
    number = _number(state, mtype)
    figure_id = f"{mtype} {number}"
    while figure_id in state.figures:  # a number freed by a death whose id is still in use
        number += 1
        figure_id = f"{mtype} {number}"
    figure = Figure(
        figure_id,
        "monster",
        mtype,
        h,
        hp,
        hp,
        elite,
        number,
        summoned_round=summoned_round,
        no_drop=no_drop,
        named=named,
    )
    state.figures[figure_id] = figure
    name = initiative.group_of(state, mtype)  # HV-MON-3 [FH]: a set shares one deck
    if name not in state.groups:
        cards = [c.id for c in state.spec.monster_decks[spec.deck].cards]
        state.groups[name] = Group(name, Deck.of(cards))
    if name != mtype and mtype not in state.groups[name].types:
        state.groups[name].types.append(mtype)
    return figure


def rank(state: HavenState, figure: Figure) -> str:
    """ "boss", "named", "elite" or "normal" (HV-BOSS-1, HV-MON-7)."""
    if state.spec.monster_types[figure.type].boss:
        return "boss"
    if figure.named:
        return "named"
    return "elite" if figure.elite else "normal"


def _proximity(state: HavenState, a: Hex, b: Hex) -> int:
    """Hexes from ``a`` to ``b`` counted around walls on the whole map."""
    whole = map_state.whole_board(state)
    return whole.proximity(whole.index[b])[whole.index[a]]


def placement_order(
    state: HavenState, placements: list[tuple[str, Hex, bool]], revealer: Hex | None
) -> list[tuple[str, Hex, bool]]:
    """HV-MON-LIMIT-1: the order standees are placed in when a type may run out.

    [GH] the monsters closest to the revealing character first; [FH] elites
    first, then by proximity to the nearest enemy (a character or summon).
    """
    short = {
        mtype
        for mtype in {p[0] for p in placements}
        if sum(p[0] == mtype for p in placements) > standees_left(state, mtype)
    }
    if not short:
        return list(placements)  # every standee is placed: the file's order stands
    enemies = [f.hex for f in state.figures.values() if f.team == "characters"]

    def nearest_enemy(h: Hex) -> int:
        return min((_proximity(state, h, e) for e in enemies), default=0)

    if state.rules.standee_limit_order == "elites_then_closest_to_enemy":
        return sorted(placements, key=lambda p: (not p[2], nearest_enemy(p[1]), p[1]))
    if revealer is None:
        return sorted(placements, key=lambda p: (nearest_enemy(p[1]), p[1]))
    return sorted(placements, key=lambda p: (_proximity(state, p[1], revealer), p[1]))
