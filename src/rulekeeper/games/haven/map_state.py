"""The map as it stands: revealed rooms, doors, sprung traps, and the boards built from it.

Boards and line-of-sight tables are built once per set of revealed hexes and
cached (DESIGN.md, "Performance"): the map only changes when a door opens.
A closed door is part of the characters' map (entering it opens the door and
reveals the rooms behind it) but not of a monster's or summon's: the monster
mover never walks through one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rulekeeper.boards.hexgrid import UNREACHABLE, Hex, HexBoard
from rulekeeper.boards.line_of_sight import LineOfSight
from rulekeeper.games.haven.board_format import (
    BoardSpec,
    FigureSpec,
    MapSpec,
    TerrainSpec,
    TurnSpec,
)
from rulekeeper.games.haven.initiative import initiative_ranks
from rulekeeper.games.haven.movement import Movement, MoveMode, Terrain

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState


def room_of(state: HavenState) -> dict[Hex, str]:
    return {h: room.id for room in state.spec.rooms for h in room.hexes}


def visible_hexes(state: HavenState, *, with_closed_doors: bool) -> tuple[Hex, ...]:
    """The start area, revealed rooms and open doors (and closed doors, for characters)."""
    rooms = room_of(state)
    doors = {d.hex for d in state.spec.doors}
    # HV-ROOM-2: a locked door is a wall to everyone until a special rule opens it.
    locked = {d.hex for d in state.spec.doors if d.locked}
    revealed = set(state.revealed)
    out = []
    for h in state.spec.map.hexes:
        if h in doors:
            if h in state.open_doors or (with_closed_doors and h not in locked):
                out.append(h)
        elif h not in rooms or rooms[h] in revealed:
            out.append(h)
    return tuple(out)


def closed_doors(state: HavenState) -> list[Hex]:
    return [d.hex for d in state.spec.doors if d.hex not in state.open_doors]


@lru_cache(maxsize=64)
def _board(hexes: tuple[Hex, ...], walls: tuple[tuple[Hex, Hex], ...]) -> HexBoard:
    present = set(hexes)
    return HexBoard(hexes, [w for w in walls if w[0] in present and w[1] in present])


@lru_cache(maxsize=64)
def _sight(board: HexBoard, rule: str) -> LineOfSight:
    return LineOfSight(board, rule)  # type: ignore[arg-type]


def whole_board(state: HavenState) -> HexBoard:
    """Every map hex, revealed or not, with its walls (for counting hexes at setup)."""
    return _board(tuple(state.spec.map.hexes), state.spec.map.walls)


def board(state: HavenState, *, with_closed_doors: bool = True) -> HexBoard:
    return _board(visible_hexes(state, with_closed_doors=with_closed_doors), state.spec.map.walls)


def sight(state: HavenState, hexboard: HexBoard) -> LineOfSight:
    return _sight(hexboard, state.rules.line_of_sight)


def terrain_spec(state: HavenState, hexes: tuple[Hex, ...]) -> TerrainSpec:
    """The terrain on these hexes, sprung traps gone (HV-MOVE-2)."""
    present = set(hexes)
    t = state.spec.map.terrain
    sprung = set(state.sprung_traps)
    return TerrainSpec(
        obstacle=tuple(h for h in t.obstacle if h in present),
        trap=tuple(h for h in t.trap if h in present and h not in sprung),
        hazardous=tuple(h for h in t.hazardous if h in present),
        difficult=tuple(h for h in t.difficult if h in present),
        icy=tuple(h for h in t.icy if h in present),
    )


def terrain_flags(hexboard: HexBoard, spec: TerrainSpec) -> Terrain:
    n = len(hexboard)

    def flags(hexes: tuple[Hex, ...]) -> tuple[bool, ...]:
        out = [False] * n
        for h in hexes:
            out[hexboard.index[h]] = True
        return tuple(out)

    return Terrain(
        obstacle=flags(spec.obstacle),
        negative=flags((*spec.trap, *spec.hazardous)),
        difficult=flags(spec.difficult),
        icy=flags(spec.icy),
    )


def movement(
    state: HavenState, figure: Figure, mode: MoveMode, *, enemies_passable: bool = False
) -> tuple[HexBoard, Movement]:
    """HV-MOVE-1..4: the travel table of ``figure`` (allies passable, enemies not).

    ``enemies_passable`` treats enemies as allies: only to explain a refusal.
    """
    hexboard = board(state, with_closed_doors=figure.kind == "character")
    terrain = terrain_flags(hexboard, terrain_spec(state, hexboard.hexes))
    index = hexboard.index
    others = [f for f in state.figures.values() if f.id != figure.id and f.hex in index]
    occupied = frozenset(index[f.hex] for f in others)
    enemies = frozenset(
        index[f.hex] for f in others if f.team != figure.team and not enemies_passable
    )
    return hexboard, Movement(
        hexboard, state.rules, terrain, index[figure.hex], occupied, enemies, mode
    )


def reachable(
    state: HavenState,
    figure: Figure,
    points: int,
    mode: MoveMode,
    *,
    enemies_passable: bool = False,
) -> list[Hex]:
    """The hexes ``figure`` may end a move of ``points`` in (HV-MOVE-1..4), its own included."""
    hexboard, move = movement(state, figure, mode, enemies_passable=enemies_passable)
    out = [figure.hex]
    for i, h in enumerate(hexboard.hexes):
        near = move.distance[i] != UNREACHABLE and move.distance[i] <= points
        if h != figure.hex and near and move.can_end(i):
            out.append(h)
    return out


def in_reach(state: HavenState, attacker: Figure, target: Figure, range_: int) -> bool:
    """HV-LOS-1/2: a melee attack reaches adjacent hexes; a ranged one counts range around walls."""
    hexboard = board(state, with_closed_doors=True)
    index = hexboard.index
    if attacker.hex not in index or target.hex not in index:
        return False
    a, b = index[attacker.hex], index[target.hex]
    # Neighbours across an open edge see each other under both rulesets (line_of_sight.py).
    reach = max(1, range_)
    if hexboard.proximity(b)[a] > reach:
        return False
    return sight(state, hexboard).visible(a, b)


def adjacent(state: HavenState, one: Figure, other: Figure) -> bool:
    hexboard = board(state, with_closed_doors=True)
    index = hexboard.index
    if one.hex not in index or other.hex not in index:
        return False
    return hexboard.adjacent(index[one.hex], index[other.hex])


def solver_spec(state: HavenState, actor: Figure, turn: TurnSpec) -> BoardSpec:
    """A haven-board/1 document of the map now, for the monster mover (monster_ai.py)."""
    hexes = visible_hexes(state, with_closed_doors=False)
    present = set(hexes)
    walls = tuple(w for w in state.spec.map.walls if w[0] in present and w[1] in present)
    # Invisible (GH p.23; FH p.28): an enemy cannot focus on or target the figure. In GH
    # monsters treat it exactly as an obstacle; in FH they may pass through its hex but
    # not end there, which the mover models as a figure of its own team (an ally is
    # passable and never a hex to stop in) without an initiative (never a focus).
    hidden = [
        f
        for f in state.figures.values()
        if f.hex in present and f.team != actor.team and "invisible" in f.conditions
    ]
    shown = [f for f in state.figures.values() if f.hex in present and f not in hidden]
    ranks = initiative_ranks(state, shown)
    figures = [
        FigureSpec(
            id=f.id,
            team=f.team,
            hex=f.hex,
            initiative=ranks[f.id],
            summoner=f.owner or None,
        )
        for f in shown
    ]
    if state.rules.monsters_pass_through_invisible:
        figures.extend(
            FigureSpec(id=f.id, team=actor.team, hex=f.hex, initiative=None) for f in hidden
        )
        hidden = []
    terrain = terrain_spec(state, hexes)
    if hidden:
        obstacles = (*terrain.obstacle, *(f.hex for f in hidden if f.hex not in terrain.obstacle))
        terrain = terrain.model_copy(update={"obstacle": obstacles})
    return BoardSpec(
        format="haven-board/1",
        ruleset=state.rules.name,  # type: ignore[arg-type]
        hexes=hexes,
        walls=walls,
        terrain=terrain,
        figures=tuple(figures),
        turn=turn,
    )


def map_spec(state: HavenState) -> MapSpec:
    return state.spec.map
