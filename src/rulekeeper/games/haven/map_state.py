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

from rulekeeper.boards.hexgrid import UNREACHABLE, Hex, HexBoard, LinkedHexBoard
from rulekeeper.boards.line_of_sight import LineOfSight
from rulekeeper.games.haven.board_format import MapSpec, TerrainSpec
from rulekeeper.games.haven.board_plain import (
    PlainBoard,
    PlainFigure,
    PlainHouseRules,
    PlainTerrain,
    PlainTurn,
)
from rulekeeper.games.haven.initiative import initiative_ranks
from rulekeeper.games.haven.movement import Movement, MoveMode, Terrain
from rulekeeper.games.haven.ruleset import Ruleset

if TYPE_CHECKING:
    from rulekeeper.games.haven.board_format import TurnSpec
    from rulekeeper.games.haven.scenario_format import ScenarioSpec
    from rulekeeper.games.haven.state import Figure, HavenState


def room_of(state: HavenState) -> dict[Hex, str]:
    return {h: room.id for room in state.spec.rooms for h in room.hexes}


class _View:
    """The hexes of one map as it stands, and what is built from them (cached below)."""

    __slots__ = ("_links", "_plain", "_present", "_walls", "board", "hexes", "spec", "terrain")

    def __init__(self, spec: ScenarioSpec, hexes: tuple[Hex, ...]) -> None:
        self.spec = spec
        self.hexes = hexes
        self.board: HexBoard | None = None
        self.terrain: dict[tuple[Hex, ...], tuple[TerrainSpec, Terrain]] = {}
        self._present: frozenset[Hex] | None = None
        self._walls: tuple[tuple[Hex, Hex], ...] | None = None
        self._links: tuple[tuple[Hex, Hex], ...] | None = None
        self._plain: dict[tuple[Hex, ...], PlainTerrain] = {}

    def present(self) -> frozenset[Hex]:
        if self._present is None:
            self._present = frozenset(self.hexes)
        return self._present

    def walls(self) -> tuple[tuple[Hex, Hex], ...]:
        """The map's walls between two of these hexes."""
        if self._walls is None:
            present = self.present()
            walls = self.spec.map.walls
            self._walls = tuple(w for w in walls if w[0] in present and w[1] in present)
        return self._walls

    def links(self) -> tuple[tuple[Hex, Hex], ...]:
        """HV-ROOM-5: the map's links between two of these hexes."""
        if self._links is None:
            self._links = _present_links(self.present(), self.spec.links)
        return self._links

    def plain_terrain(self, state: HavenState) -> PlainTerrain:
        """:func:`board_terrain` of these hexes as the mover reads it (per sprung traps)."""
        sprung = tuple(state.sprung_traps)
        found = self._plain.get(sprung)
        if found is None:
            t = _terrain_spec(state, self.hexes)
            found = self._plain[sprung] = PlainTerrain(
                t.obstacle, t.trap, t.hazardous, t.difficult, t.icy
            )
        return found


_VIEW_LIMIT = 1024
_views: dict[tuple[int, tuple[str, ...], tuple[Hex, ...], bool], _View] = {}


def _view(state: HavenState, with_closed_doors: bool) -> _View:
    """The cached view for the revealed rooms and open doors now (states and clones share it)."""
    spec = state.spec
    key = (id(spec), tuple(state.revealed), tuple(state.open_doors), with_closed_doors)
    view = _views.get(key)
    if view is None or view.spec is not spec:
        if len(_views) >= _VIEW_LIMIT:
            _views.clear()
        view = _views[key] = _View(spec, _visible_hexes(state, with_closed_doors))
    return view


def visible_hexes(state: HavenState, *, with_closed_doors: bool) -> tuple[Hex, ...]:
    """The start area, revealed rooms and open doors (and closed doors, for characters)."""
    return _view(state, with_closed_doors).hexes


def _visible_hexes(state: HavenState, with_closed_doors: bool) -> tuple[Hex, ...]:
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
def _board(
    hexes: tuple[Hex, ...],
    walls: tuple[tuple[Hex, Hex], ...],
    links: tuple[tuple[Hex, Hex], ...] = (),
) -> HexBoard:
    present = set(hexes)
    walls = tuple(w for w in walls if w[0] in present and w[1] in present)
    links = _present_links(present, links)
    if links:  # HV-ROOM-5: linked hexes whose both ends are on the board
        return LinkedHexBoard(hexes, walls, links)
    return HexBoard(hexes, walls)


def _present_links(
    present: set[Hex] | frozenset[Hex], links: tuple[tuple[Hex, Hex], ...]
) -> tuple[tuple[Hex, Hex], ...]:
    return tuple(link for link in links if link[0] in present and link[1] in present)


@lru_cache(maxsize=64)
def _sight(board: HexBoard, rule: str, open_edge_neighbours: bool) -> LineOfSight:
    return LineOfSight(board, rule, open_edge_neighbours=open_edge_neighbours)  # type: ignore[arg-type]


def whole_board(state: HavenState) -> HexBoard:
    """Every map hex, revealed or not, with its walls (for counting hexes at setup)."""
    return _board(tuple(state.spec.map.hexes), state.spec.map.walls, state.spec.links)


def board(state: HavenState, *, with_closed_doors: bool = True) -> HexBoard:
    view = _view(state, with_closed_doors)
    if view.board is None:
        view.board = _board(view.hexes, state.spec.map.walls, state.spec.links)
    return view.board


def sight(state: HavenState, hexboard: HexBoard) -> LineOfSight:
    house = state.spec.house_rules.open_edge_neighbours
    return _sight(hexboard, state.rules.line_of_sight, house)


def is_empty(state: HavenState, h: Hex) -> bool:
    """HV-SCEN-6: an empty hex, where summons, spawns and placed monsters go: no figure and no
    overlay tile (obstacle, unsprung trap, hazardous, difficult or icy terrain, an unlooted
    treasure tile); [GH] no money token either. A pressure plate (a ``trigger`` hex) and an
    open door count as empty; a closed door is not on the figures' map at all."""
    if state.figure_at(h) is not None:
        return False
    t = state.spec.map.terrain
    if h in t.obstacle or h in t.hazardous or h in t.difficult or h in t.icy:
        return False
    if h in t.trap and h not in state.sprung_traps:
        return False
    if any(x.hex == h and x.id in state.treasures for x in state.spec.treasures):
        return False
    return not (state.rules.tokens_fill_hexes and h in state.money)


def terrain_spec(state: HavenState, hexes: tuple[Hex, ...]) -> TerrainSpec:
    """The terrain on these hexes, sprung traps gone (HV-MOVE-2)."""
    return _terrain_spec(state, hexes)


def board_terrain(state: HavenState, *, with_closed_doors: bool) -> tuple[TerrainSpec, Terrain]:
    """The terrain on :func:`board` now, as a document and as flags (cached per sprung traps)."""
    view = _view(state, with_closed_doors)
    sprung = tuple(state.sprung_traps)
    found = view.terrain.get(sprung)
    if found is None:
        spec = _terrain_spec(state, view.hexes)
        hexboard = board(state, with_closed_doors=with_closed_doors)
        found = view.terrain[sprung] = (spec, terrain_flags(hexboard, spec))
    return found


def _terrain_spec(state: HavenState, hexes: tuple[Hex, ...]) -> TerrainSpec:
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


_MOVES_LIMIT = 4
"""A hero's move is entered, listed, checked and walked on one table: a few recent ones do."""
_moves: dict[tuple[object, ...], tuple[_View, Ruleset, Movement]] = {}


def movement(
    state: HavenState, figure: Figure, mode: MoveMode, *, enemies_passable: bool = False
) -> tuple[HexBoard, Movement]:
    """HV-MOVE-1..4: the travel table of ``figure`` (allies passable, enemies not).

    ``enemies_passable`` treats enemies as allies: only to explain a refusal.
    A table is built once for the map, the figures where they stand and the
    sprung traps, and shared (a hero's move is listed, checked and walked on
    one table; issue 12).
    """
    doors = figure.kind == "character"
    view = _view(state, doors)
    hexboard = board(state, with_closed_doors=doors)
    key = (
        id(view),
        id(state.rules),
        tuple(state.sprung_traps),
        tuple((f.id, f.hex, f.kind, f.guarded) for f in state.figures.values()),
        figure.id,
        mode,
        enemies_passable,
    )
    found = _moves.get(key)
    if found is not None and found[0] is view and found[1] is state.rules:
        return hexboard, found[2]
    move = _build_movement(state, figure, mode, hexboard, doors, enemies_passable)
    if len(_moves) >= _MOVES_LIMIT:
        del _moves[next(iter(_moves))]
    _moves[key] = (view, state.rules, move)
    return hexboard, move


def _build_movement(
    state: HavenState,
    figure: Figure,
    mode: MoveMode,
    hexboard: HexBoard,
    doors: bool,
    enemies_passable: bool,
) -> Movement:
    terrain = board_terrain(state, with_closed_doors=doors)[1]
    index = hexboard.index
    blocking = objective_obstacles(state, figure.team)
    if blocking:
        flags = list(terrain.obstacle)
        for h in blocking:
            if h in index:
                flags[index[h]] = True
        terrain = terrain.with_obstacles(tuple(flags))
    others = [f for f in state.figures.values() if f.id != figure.id and f.hex in index]
    # HV-GOAL-2: an objective covering several hexes stands in each of them.
    occupied = frozenset(index[h] for f in others for h in f.covers if h in index)
    enemies = frozenset(
        index[h]
        for f in others
        if f.team != figure.team and not enemies_passable
        for h in f.covers
        if h in index
    )
    return Movement(hexboard, state.rules, terrain, index[figure.hex], occupied, enemies, mode)


def objective_obstacles(state: HavenState, team: str) -> list[Hex]:
    """HV-GOAL-2 [GH]: an objective is an obstacle with hit points, so even its own side
    cannot move through it (its enemies never could); [FH] none."""
    if not state.rules.objective_is_obstacle:
        return []
    return [
        h
        for f in state.figures.values()
        if f.kind == "objective" and f.team == team
        for h in f.covers
    ]


def reachable(
    state: HavenState,
    figure: Figure,
    points: int,
    mode: MoveMode,
    *,
    enemies_passable: bool = False,
    built: Movement | None = None,
) -> list[Hex]:
    """The hexes ``figure`` may end a move of ``points`` in (HV-MOVE-1..4), its own included.

    ``built`` is the :func:`movement` table of these same arguments, when the caller has it.
    """
    if built is None:
        hexboard, move = movement(state, figure, mode, enemies_passable=enemies_passable)
    else:
        hexboard, move = built.board, built
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
    if attacker.hex not in index:
        return False
    a = index[attacker.hex]
    # [GH] even a neighbour needs a corner-to-corner line touching no wall, unless the
    # scenario opts into the open_edge_neighbours house rule (line_of_sight.py).
    reach = max(1, range_)
    # HV-GOAL-2: an objective covering several hexes is reached through any of them.
    for h in target.covers:
        if h not in index:
            continue
        b = index[h]
        if hexboard.proximity(b)[a] <= reach and sight(state, hexboard).visible(a, b):
            return True
    return False


def adjacent(state: HavenState, one: Figure, other: Figure) -> bool:
    """Neighbouring hexes (HV-GOAL-2: any hex of an objective covering several)."""
    hexboard = board(state, with_closed_doors=True)
    index = hexboard.index
    return any(
        hexboard.adjacent(index[a], index[b])
        for a in one.covers
        if a in index
        for b in other.covers
        if b in index
    )


def solver_spec(state: HavenState, actor: Figure, turn: PlainTurn | TurnSpec) -> PlainBoard:
    """A haven-board/1 board of the map now, for the monster mover (monster_ai.py).

    Built as plain values (board_plain.py), not validated models: the state only
    holds what the models would accept (map hexes, one figure per hex), and a
    monster turn must not pay for validation in rollouts (issue 12). What depends
    on the map alone (hexes, walls, links, terrain) comes from the view's caches;
    the figures' places in the turn order from :func:`_ranks`.
    """
    view = _view(state, False)
    present = view.present()
    # Invisible (GH p.23; FH p.28): an enemy cannot focus on or target the figure. In GH
    # monsters treat it exactly as an obstacle; in FH they may pass through its hex but
    # not end there, which the mover models as a figure of its own team (an ally is
    # passable and never a hex to stop in) without an initiative (never a focus).
    team = actor.team
    shown: list[Figure] = []
    hidden: list[Figure] = []
    for f in state.figures.values():
        if f.hex in present:
            if "invisible" in f.conditions and f.team != team:
                hidden.append(f)
            else:
                shown.append(f)
    ranks = _ranks(state, shown)
    # HV-GOAL-2: an objective covering several hexes is one figure on all of them
    figures = [
        _plain_figure(f.id, f.team, f.hex, ranks[f.id], f.owner or None, f.more_hexes)
        for f in shown
    ]
    if state.rules.monsters_pass_through_invisible:
        figures.extend(PlainFigure(f.id, team, f.hex) for f in hidden)
        hidden = []
    terrain = view.plain_terrain(state)
    blocking = objective_obstacles(state, team)
    if blocking or hidden:
        obstacles = terrain.obstacle
        if blocking:
            # HV-GOAL-2 [GH]: an obstacle even to its own side (it stays a figure: no one
            # ends there)
            obstacles = (*obstacles, *blocking)
        if hidden:
            obstacles = (*obstacles, *(f.hex for f in hidden if f.hex not in obstacles))
        terrain = PlainTerrain(
            obstacles, terrain.trap, terrain.hazardous, terrain.difficult, terrain.icy
        )
    return PlainBoard(
        format="haven-board/1",
        ruleset=state.rules.name,
        hexes=view.hexes,
        walls=view.walls(),
        links=view.links(),
        terrain=terrain,
        figures=tuple(figures),
        turn=turn if isinstance(turn, PlainTurn) else PlainTurn(**turn.model_dump()),
        house_rules=_HOUSE_RULES[state.spec.house_rules.open_edge_neighbours],
    )


_FIGURES_LIMIT = 512
_plain_figures: dict[tuple[object, ...], PlainFigure] = {}


def _plain_figure(
    fid: str, team: str, h: Hex, rank: int, owner: str | None, more: tuple[Hex, ...]
) -> PlainFigure:
    """The mover's figure with these fields: most figures stand still from one monster turn
    to the next, so the same frozen value is shared instead of built again (issue 12)."""
    key = (fid, team, h, rank, owner, more)
    found = _plain_figures.get(key)
    if found is None:
        if len(_plain_figures) >= _FIGURES_LIMIT:
            _plain_figures.clear()
        found = _plain_figures[key] = PlainFigure(fid, team, h, rank, owner, more)
    return found


_HOUSE_RULES = {flag: PlainHouseRules(flag) for flag in (False, True)}

_RANKS_LIMIT = 8
"""A round's monster turns share a few turn orders; older ones are dropped."""
_ranks_made: dict[tuple[object, ...], tuple[ScenarioSpec, Ruleset, dict[str, int]]] = {}


def _ranks(state: HavenState, figures: list[Figure]) -> dict[str, int]:
    """:func:`initiative_ranks` of ``figures``, kept for the next monster turns (issue 12).

    The ranks depend only on the figures (id, kind, type, summoner), the
    characters' cards, rests and tie ranks, the groups' cards and tie ranks and
    the allies' tie rank (``initiative.turn_order_key``), with the scenario and
    ruleset: exactly the key below. Callers only read the returned ranks.
    """
    spec, rules = state.spec, state.rules
    key = (
        id(spec),
        id(rules),
        state.ally_tie_rank,
        tuple((h.id, h.leading, h.second, h.long_rest, h.tie_rank) for h in state.heroes.values()),
        tuple((name, g.card, g.tie_rank) for name, g in state.groups.items()),
        tuple((f.id, f.kind, f.type, f.owner) for f in figures),
    )
    found = _ranks_made.get(key)
    if found is not None and found[0] is spec and found[1] is rules:
        return found[2]
    ranks = initiative_ranks(state, figures)
    if len(_ranks_made) >= _RANKS_LIMIT:
        del _ranks_made[next(iter(_ranks_made))]
    _ranks_made[key] = (spec, rules, ranks)
    return ranks


def map_spec(state: HavenState) -> MapSpec:
    return state.spec.map
