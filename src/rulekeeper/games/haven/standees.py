"""Monster standees on the map: numbers, the standee limit, and who is placed first.

- HV-MON-1: a monster's stats are its type's normal or elite line at the
  monster level; a boss (HV-BOSS-1) has one line, its hit points an equation
  in C and L (HV-SCEN-4).
- HV-MON-LIMIT-1: a type has as many standees as its ``standees``; a reveal,
  spawn or summon that needs more places what there is: [GH] the monsters
  closest to the revealing character first; [FH] elites first, then those
  closest to an enemy. The rest are not placed.
- HV-SCEN-1: standee numbers are assigned at random. A placed standee stands on
  the map at once under a provisional id (``dummy ?1``) and waits in
  ``state.standee_draws``; the next step is a chance node drawing its number
  among the type's numbers not on the map, each equally likely
  (``number-standee``), and only then is it announced under its real id. A
  number that is the only one left is given without a chance node.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import initiative, map_state
from rulekeeper.games.haven.actions import NumberStandee, number_standee
from rulekeeper.games.haven.scaling import evaluate
from rulekeeper.games.haven.state import Figure, Group, StandeeDraw
from rulekeeper.games.haven.terms import term
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.games.haven.state import HavenState

Hex = tuple[int, int]


def placement_count(state: HavenState) -> int:
    """HV-SCEN-1: the character count whose ranks a placement or spawn sets out.

    Placements show ranks for 2, 3 and 4 characters; a party of one (the house rule
    ``one_character``, HV-CHAR-1) reads its own count only where the scenario gives
    ranks for one somewhere, and otherwise the ranks for two, as the material yield
    of a loot card does (loot.resources) — never an empty map.
    """
    count = len(state.spec.party)
    if count != 1:
        return count
    ranks = [(p.normal, p.elite) for p in state.spec.monsters]
    ranks += [(s.normal, s.elite) for rule in state.spec.rules for s in rule.spawn]
    return 1 if any(1 in normal or 1 in elite for normal, elite in ranks) else 2


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


def free_numbers(state: HavenState, mtype: str) -> list[int]:
    """HV-SCEN-1: the standee numbers of ``mtype`` not on the map (nor held by a figure the
    engine still keeps, such as a boss waiting for its section, HV-BOSS-3)."""
    taken = {f.standee for f in on_map(state, mtype)}
    total = state.spec.monster_types[mtype].standees
    return [
        n for n in range(1, total + 1) if n not in taken and f"{mtype} {n}" not in state.figures
    ]


def provisional_id(state: HavenState, mtype: str) -> str:
    """The id of a placed standee whose number is not drawn yet."""
    k = 1
    while f"{mtype} ?{k}" in state.figures:
        k += 1
    return f"{mtype} ?{k}"


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
    event: str = "",
    by: str = "",
) -> Figure | None:
    """Put a standee of ``mtype`` on ``h``; None when none is left (HV-MON-LIMIT-1).

    Its number is drawn at random (HV-SCEN-1): unless one number is left, the figure waits
    under a provisional id for the ``number-standee`` chance node, and ``event`` ("appears",
    "spawns", "summoned" by ``by``; "" at setup) is announced once it is numbered."""
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
    free = free_numbers(state, mtype)
    if len(free) == 1 and not state.standee_draws:
        number, figure_id = free[0], f"{mtype} {free[0]}"
    else:
        number, figure_id = 0, provisional_id(state, mtype)
        state.standee_draws.append(StandeeDraw(figure_id, event, by))
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
    if number:
        announce(state, figure, event, by, drawn=False)
    return figure


def number_outcomes(state: HavenState) -> list[tuple[Action, Fraction]]:
    """HV-SCEN-1: the number drawn for the first standee waiting, each free one equally
    likely."""
    figure = state.figures[state.standee_draws[0].figure]
    free = free_numbers(state, figure.type)
    share = Fraction(1, len(free))
    return [(number_standee(figure.type, n), share) for n in free]


def apply_number(state: HavenState, action: NumberStandee) -> None:
    """HV-SCEN-1: the first standee waiting takes the drawn number; standees after it with
    one number left take it at once."""
    _give_number(state, state.standee_draws.pop(0), action.number)
    while state.standee_draws:
        head = state.standee_draws[0]
        figure = state.figures.get(head.figure)
        if figure is None:
            state.standee_draws.pop(0)
            continue
        free = free_numbers(state, figure.type)
        if len(free) != 1:
            return
        _give_number(state, state.standee_draws.pop(0), free[0])


def _give_number(state: HavenState, draw: StandeeDraw, number: int) -> None:
    old = draw.figure
    figure = state.figures.get(old)
    if figure is None:
        return
    new = f"{figure.type} {number}"
    figure.id = new
    figure.standee = number
    # the figure keeps its place among the figures; ids waiting in lists follow it
    state.figures = {(new if k == old else k): v for k, v in state.figures.items()}
    state.arrivals = [new if f == old else f for f in state.arrivals]
    state.actors = [new if f == old else f for f in state.actors]
    announce(state, figure, draw.event, draw.by, drawn=True)


def announce(state: HavenState, figure: Figure, event: str, by: str, *, drawn: bool) -> None:
    """The event of a standee's arrival, under its number (HV-SCEN-1 when it was drawn)."""
    drawn_rule = ["HV-SCEN-1"] if drawn else []
    rank_term = term(rank(state, figure))
    name = state.spec.monster_types[figure.type].name
    where = str(list(figure.hex))
    if event == "appears":
        state.emit(
            "spawn",
            lazy(
                "{rank} {monster} {standee} appears at {hex}",
                rank=rank_term,
                monster=name,
                standee=figure.standee,
                hex=where,
            ),
            "HV-ROOM-1",
            "HV-SCEN-1",
            figure=figure.id,
        )
    elif event == "spawns":
        state.emit(
            "spawn",
            lazy(
                "{rank} {monster} {standee} spawns at {hex}",
                rank=rank_term,
                monster=name,
                standee=figure.standee,
                hex=where,
            ),
            "HV-ROOM-4",
            *drawn_rule,
            figure=figure.id,
        )
    elif event == "summoned":
        state.emit(
            "summon",
            lazy(
                "{summoner} summons {rank} {name} {number} at {hex}; it acts from next round",
                summoner=by,
                rank=rank_term,
                name=name,
                number=figure.standee,
                hex=where,
            ),
            "HV-SUM-1",
            "HV-MON-SUM-1",
            "HV-MON-SUM-2",
            "HV-INIT-5",
            *drawn_rule,
            figure=figure.id,
            summoner=by,
        )
    elif drawn:
        state.emit(
            "standee",
            lazy(
                "the {rank} {monster} at {hex} is standee {standee}, drawn at random",
                rank=rank_term,
                monster=name,
                hex=where,
                standee=figure.standee,
            ),
            "HV-SCEN-1",
            figure=figure.id,
        )


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
    enemies = [h for f in state.figures.values() if f.team == "characters" for h in f.covers]

    def nearest_enemy(h: Hex) -> int:
        return min((_proximity(state, h, e) for e in enemies), default=0)

    if state.rules.standee_limit_order == "elites_then_closest_to_enemy":
        return sorted(placements, key=lambda p: (not p[2], nearest_enemy(p[1]), p[1]))
    if revealer is None:
        return sorted(placements, key=lambda p: (nearest_enemy(p[1]), p[1]))
    return sorted(placements, key=lambda p: (_proximity(state, p[1], revealer), p[1]))
