"""A character's move ability: where it may end, by which path, and the walk itself.

``move`` offers the hexes a character may end in (HV-MOVE-1..4) from movement.py's
path tables, the same ones monsters use; a refused destination names the rule it
breaks. Traps and hazardous terrain hurt on entry (HV-MOVE-2), and a character
chooses among paths entering different ones (``move-to`` ``via``); a jump enters
only its last hex (HV-MOVE-3), flying none (HV-MOVE-4); a closed door opens when a
character enters it. A section read mid-move pauses the move (HV-SCEN-7); so does a
``move-to … pause`` while the character holds a ready item used during a move
(HV-ITEM-5): the rest of the move follows with the points left.
Monster turns and forced movement walk through :func:`walk` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import exhaustion, items, map_state, objectives, special_rules
from rulekeeper.games.haven.actions import MoveTo, move_to
from rulekeeper.games.haven.conditions import has
from rulekeeper.games.haven.movement import Movement, MoveMode
from rulekeeper.games.haven.movement import move_mode as shared_mode
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.boards.hexgrid import HexBoard
    from rulekeeper.games.haven.state import HavenState, Turn


def move_mode(ability: AbilitySpec) -> MoveMode:
    return shared_mode(flying=ability.flying, jumping=ability.jump)


_DESTINATIONS: dict[tuple[int, int], tuple[Movement, tuple[Action, ...]]] = {}
_DESTINATIONS_LIMIT = 4


def move_destinations(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[Action]:
    """HV-MOVE-1..4: the moves a hero's move ability offers, each hex's default path first.

    Kept per travel table (map_state.movement shares one while nothing on the map
    changes): entering the move, listing it and checking a choice ask once (issue 12).
    """
    if has(figure, "immobilize") or has(figure, "stun"):
        return []
    hexboard, move = map_state.movement(state, figure, move_mode(ability))
    key = (id(move), ability.value)
    found = _DESTINATIONS.get(key)
    if found is not None and found[0] is move:
        return list(found[1])
    out = _destinations(state, figure, ability, hexboard, move)
    if len(_DESTINATIONS) >= _DESTINATIONS_LIMIT:
        del _DESTINATIONS[next(iter(_DESTINATIONS))]
    _DESTINATIONS[key] = (move, tuple(out))
    return out


def _destinations(
    state: HavenState, figure: Figure, ability: AbilitySpec, hexboard: HexBoard, move: Movement
) -> list[Action]:
    hexes = map_state.reachable(state, figure, ability.value, move_mode(ability), built=move)
    out: list[Action] = [move_to(h) for h in sorted(hexes) if h != figure.hex]
    choices = [MoveTo(to, via) for to, via, _ in _path_options(ability, hexboard, move)]
    if choices:
        # each hex's default move first, then its via moves; hexes only a via reaches last
        listed: list[Action] = []
        for action in out:
            listed.append(action)
            if isinstance(action, MoveTo):
                listed.extend(c for c in choices if c.hex == action.hex)
        listed.extend(c for c in choices if c.hex not in hexes)
        out = listed
    return out


MAX_PATH_CHOICES = 3
"""HV-MOVE-2: at most this many ``via`` paths are offered per hex, besides the default."""


def path_choices(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[MoveTo]:
    """HV-MOVE-2: the ``via`` moves, one per other minimal set of traps and hazardous hexes
    a path within the move enters (the default path's own set is the plain move).

    A hex only a path through such hexes reaches within the move gets ``via`` moves
    alone: its default path (the fewest of them) is too long.
    """
    return [MoveTo(to, via) for to, via, _ in _options_of(state, figure, ability)]


def _options_of(
    state: HavenState, figure: Figure, ability: AbilitySpec
) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...], list[tuple[int, int]]]]:
    return _path_options(ability, *map_state.movement(state, figure, move_mode(ability)))


def _path_options(
    ability: AbilitySpec, hexboard: HexBoard, move: Movement
) -> list[tuple[tuple[int, int], tuple[tuple[int, int], ...], list[tuple[int, int]]]]:
    options = move.harm_paths(ability.value)
    if not options:
        return []
    hexes = hexboard.hexes
    negative = move.terrain.negative
    out = []
    for v in sorted(options, key=lambda i: hexes[i]):
        default: frozenset[int] | None = None
        if move.distance[v] <= ability.value:
            default = frozenset(i for i in move.path(v)[1:] if negative[i])
        variants = [(s, p) for s, p in options[v] if s != default]
        variants.sort(key=lambda sp: (len(sp[0]), sorted(hexes[i] for i in sp[0])))
        for harm, path in variants[:MAX_PATH_CHOICES]:
            via = tuple(sorted(hexes[i] for i in harm))
            out.append((hexes[v], via, [hexes[i] for i in path]))
    return out


def check_move(
    state: HavenState,
    figure: Figure,
    ability: AbilitySpec,
    to: tuple[int, int],
    via: tuple[tuple[int, int], ...] = (),
) -> None:
    """HV-MOVE-1..4: name the rule a refused destination breaks."""
    for name in ("immobilize", "stun"):
        if has(figure, name):
            raise RuleViolation(
                f"HV-COND-{name.upper()}-1",
                lazy("a figure with {condition} cannot move", condition=term(name)),
            )
    if via:
        if any(o[:2] == (to, via) for o in _options_of(state, figure, ability)):
            return
        rule = "HV-MOVE-3" if ability.jump else "HV-MOVE-4" if ability.flying else "HV-MOVE-2"
        raise RuleViolation(
            rule,
            lazy(
                "no path to {hex} within Move {value} is offered that enters exactly {via} (a via lists"
                " the traps and hazardous hexes of a path that enters fewer than the default, or"
                " other ones)",
                hex=str(list(to)),
                value=ability.value,
                via=", ".join(str(list(h)) for h in via),
            ),
        )
    if MoveTo(to) in move_destinations(state, figure, ability):
        return
    hexboard, move = map_state.movement(state, figure, move_mode(ability))
    if to not in hexboard.index:
        raise RuleViolation("HV-MOVE-1", lazy("{hex} is not a revealed map hex", hex=str(list(to))))
    i = hexboard.index[to]
    if state.figure_at(to) is not None:
        raise RuleViolation(
            "HV-MOVE-1", lazy("{hex} is occupied: a move cannot end there", hex=str(list(to)))
        )
    if not move.can_end(i):
        raise RuleViolation("HV-MOVE-1", lazy("{hex} holds an obstacle", hex=str(list(to))))
    mode = move_mode(ability)
    free = map_state.reachable(state, figure, ability.value, mode, enemies_passable=True)
    if to in free:
        raise RuleViolation(
            "HV-MOVE-1",
            lazy("{hex} is reachable only by moving through an enemy", hex=str(list(to))),
        )
    raise RuleViolation(
        "HV-MOVE-2",
        lazy(
            "{hex} is {distance} movement points away (Move {value}; difficult terrain costs 2)",
            hex=str(list(to)),
            distance=move.distance[i],
            value=ability.value,
        ),
    )


def walk(
    state: HavenState,
    figure: Figure,
    path: list[tuple[int, int]],
    mode: MoveMode,
    *,
    mover: str = "",
) -> None:
    """Move along ``path``; traps and hazardous terrain act on entry (HV-MOVE-2, HV-MOVE-3/4).

    ``mover`` is the figure forcing the movement (a push or pull): a monster dying in a
    negative hex is credited to it (HV-MON-6); a figure's own movement credits no one."""
    if len(path) < 2:
        return
    terrain = state.spec.map.terrain
    sprung = tuple(state.sprung_traps)  # the traps sprung before this move
    entered = path[1:]
    if mode.flying:
        entered = []
    elif mode.jumping:
        entered = entered[-1:]
    figure.hex = path[-1]
    state.emit(
        "move",
        lazy("{figure} moves to {hex}", figure=figure.id, hex=str(list(path[-1]))),
        "HV-MOVE-1",
        *(["HV-MOVE-3"] if mode.jumping else []),
        *(["HV-MOVE-4"] if mode.flying else []),
        figure=figure.id,
        path=[list(h) for h in path],
    )
    if figure.kind == "character":
        # HV-SUM-7: only a character's own movement opens a door, never a summon's.
        doors = {d.hex for d in state.spec.doors}
        for h in path[1:]:
            if h in doors and h not in state.open_doors:
                special_rules.open_door(state, h, revealer=h)
    for h in entered:
        if figure.id not in state.figures:
            return
        if h in terrain.trap and h not in sprung:
            state.sprung_traps.append(h)
            amount = state.scaling.trap_damage  # HV-SCEN-3, HV-SCEN-5
            trap_source = lazy("a trap at {hex}", hex=str(list(h)))
            exhaustion.hurt(state, figure, amount, trap_source, ("HV-MOVE-2",), by=mover)
        elif h in terrain.hazardous:
            amount = state.scaling.hazardous_damage
            where = lazy("hazardous terrain at {hex}", hex=str(list(h)))
            exhaustion.hurt(state, figure, amount, where, ("HV-MOVE-2",), by=mover)
    # HV-SCEN-7: a section link whose hex a character entered (a jump enters its last only)
    special_rules.entered(state, figure, path[-1:] if mode.jumping else path[1:])
    if figure.kind == "character" and figure.id in state.figures:
        objectives.reached(state, figure.id, figure.hex)


def pause_for_section(
    state: HavenState,
    figure: Figure,
    turn: Turn,
    ability: AbilitySpec,
    path: list[tuple[int, int]],
) -> None:
    """HV-SCEN-7 [FH]: the move stops on the hex whose section is read at once (walk fires
    it); the points left are the rest of the same move, offered after the section."""
    mode = move_mode(ability)
    left = ability.value - special_rules.move_cost(state, path, mode)
    state.emit(
        "move",
        lazy_plural(
            "{figure} pauses at {hex}: a section is read the moment its condition is met;"
            " {n} movement point of its move remains",
            "{figure} pauses at {hex}: a section is read the moment its condition is met;"
            " {n} movement points of its move remain",
            max(left, 0),
            figure=figure.id,
            hex=str(list(path[-1])),
        ),
        "HV-SCEN-7",
        figure=figure.id,
    )
    walk(state, figure, path, mode)
    if left > 0 and figure.id in state.figures and not state.result:
        turn.queue.insert(0, ability.model_copy(update={"value": left}))


def pause_moves(
    state: HavenState, figure: Figure, ability: AbilitySpec, destinations: Sequence[Action]
) -> list[Action]:
    """HV-ITEM-5: while the moving character holds a ready item used during a move, each
    offered move (``destinations``, from :func:`move_destinations`) that leaves movement
    points may instead stop there, for the item, and go on.

    Nothing is listed (and nothing computed) for a figure holding no such item."""
    hero = state.heroes.get(figure.id)
    if hero is None or not hero.items or not items.move_item_ready(state, hero):
        return []
    out: list[Action] = []
    for action in destinations:
        assert isinstance(action, MoveTo)
        if points_left(state, figure, ability, action) > 0:
            out.append(MoveTo(action.hex, action.via, pause=True))
    return out


def points_left(state: HavenState, figure: Figure, ability: AbilitySpec, action: MoveTo) -> int:
    """HV-MOVE-2..4: the movement points a checked move leaves (0 when a via path crosses icy
    terrain: its slides end the move's count there)."""
    if action.via:
        path = chosen_path(state, figure, ability, action)
        if any(h in state.spec.map.terrain.icy for h in path):
            return 0
        return ability.value - special_rules.move_cost(state, path, move_mode(ability))
    hexboard, move = map_state.movement(state, figure, move_mode(ability))
    return ability.value - move.distance[hexboard.index[action.hex]]


def check_pause(state: HavenState, figure: Figure, ability: AbilitySpec, action: MoveTo) -> None:
    """HV-ITEM-5: a move stops part-way only for a ready item used during a move, and only
    where movement points are left."""
    hero = state.heroes.get(figure.id)
    if hero is None or not items.move_item_ready(state, hero):
        raise RuleViolation(
            "HV-ITEM-5",
            lazy(
                "a move stops part-way only while {figure} holds a ready item used during a move",
                figure=figure.id,
            ),
        )
    if points_left(state, figure, ability, action) <= 0:
        raise RuleViolation(
            "HV-MOVE-2",
            lazy(
                "no movement point is left at {hex}: end the move there instead",
                hex=str(list(action.hex)),
            ),
        )


def pause_for_items(
    state: HavenState, figure: Figure, turn: Turn, ability: AbilitySpec, action: MoveTo
) -> None:
    """HV-ITEM-5: the move stops at the chosen hex (traps and terrain on the way act as on
    any move, HV-MOVE-2); its points left are the rest of the same move, offered next, and
    the character's items may be used before it."""
    left = points_left(state, figure, ability, action)
    path = chosen_path(state, figure, ability, action)
    state.emit(
        "move",
        lazy_plural(
            "{figure} pauses at {hex} to use an item; {n} movement point of its move remains",
            "{figure} pauses at {hex} to use an item; {n} movement points of its move remain",
            left,
            figure=figure.id,
            hex=str(list(action.hex)),
        ),
        "HV-ITEM-5",
        figure=figure.id,
    )
    walk(state, figure, path, move_mode(ability))
    if figure.id in state.figures and not state.result:
        turn.queue.insert(0, ability.model_copy(update={"value": left}))


def chosen_path(
    state: HavenState, figure: Figure, ability: AbilitySpec, action: MoveTo
) -> list[tuple[int, int]]:
    """HV-MOVE-2: the path a checked ``move-to`` takes: its ``via`` path, or the default one."""
    if action.via:
        return next(
            p
            for to, via, p in _path_options(
                ability, *map_state.movement(state, figure, move_mode(ability))
            )
            if (to, via) == (action.hex, action.via)
        )
    _, move = map_state.movement(state, figure, move_mode(ability))
    hexboard = map_state.board(state, with_closed_doors=True)
    return [hexboard.hexes[i] for i in move.path(hexboard.index[action.hex])]
