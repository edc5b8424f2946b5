"""haven-board/1 read without pydantic when a board is already in its plain shape.

The monster mover's batch runs start a process, read boards and answer
(issue 12: the mover against the reference solver, whole process). Importing
pydantic and building the board models costs more than solving a few hundred
boards, so :func:`rulekeeper.games.haven.board_read.read_board` builds plain
frozen values (:class:`PlainBoard`) when the JSON holds exactly what the models
would produce: the right keys, the
right types (a whole number is an ``int``, never a ``bool`` or a float), every
number within its range. Anything else goes to the models
(:func:`rulekeeper.games.haven.board_format.parse_board`), which coerce it as
before or name the bad field. Either way the cross-field rules below run, so a
board is accepted, answered and refused exactly as the models alone would do;
tests/haven/test_haven_board_plain.py holds both readings to the same values
and errors.

The plain values are named tuples: immutable like frozen dataclasses, but a
board of the batch builds about ten of them, and a frozen dataclass sets each
field through ``object.__setattr__`` (about 2.5 times the cost of a named tuple
per value), and declaring one at import compiles half a dozen methods.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from rulekeeper.boards.hexgrid import Hex, distance
from rulekeeper.core.limits import MAX_COORDINATE, MAX_INTEGER, MAX_MAP_CELLS
from rulekeeper.core.problems import Problems
from rulekeeper.i18n import _

if TYPE_CHECKING:
    from rulekeeper.games.haven.board_format import (
        BoardSpec,
        FigureSpec,
        MapSpec,
        TerrainSpec,
    )

TERRAIN_KINDS = ("obstacle", "trap", "hazardous", "difficult", "icy")


class PlainTerrain(NamedTuple):
    """:class:`~rulekeeper.games.haven.board_format.TerrainSpec`'s fields."""

    obstacle: tuple[Hex, ...] = ()
    trap: tuple[Hex, ...] = ()
    hazardous: tuple[Hex, ...] = ()
    difficult: tuple[Hex, ...] = ()
    icy: tuple[Hex, ...] = ()


class PlainFigure(NamedTuple):
    """:class:`~rulekeeper.games.haven.board_format.FigureSpec`'s fields."""

    id: str
    team: str
    hex: Hex
    initiative: int | None = None
    summoner: str | None = None
    more_hexes: tuple[Hex, ...] = ()
    """HV-GOAL-2: the other hexes of a figure covering several (an objective)."""


class PlainTurn(NamedTuple):
    """:class:`~rulekeeper.games.haven.board_format.TurnSpec`'s fields."""

    figure: str
    move: int = 0
    range: int = 0
    targets: int = 1
    aoe: tuple[Hex, ...] = ()
    flying: bool = False
    jumping: bool = False
    teleport: bool = False
    muddled: bool = False


class PlainHouseRules(NamedTuple):
    """:class:`~rulekeeper.games.haven.board_format.BoardHouseRules`'s fields."""

    open_edge_neighbours: bool = False


class PlainBoard(NamedTuple):
    """:class:`~rulekeeper.games.haven.board_format.BoardSpec`'s fields."""

    format: str
    ruleset: str
    hexes: tuple[Hex, ...]
    figures: tuple[PlainFigure, ...]
    turn: PlainTurn
    walls: tuple[tuple[Hex, Hex], ...] = ()
    terrain: PlainTerrain = PlainTerrain()
    house_rules: PlainHouseRules = PlainHouseRules()
    links: tuple[tuple[Hex, Hex], ...] = ()
    """HV-ROOM-5 [FH] linked hexes: adjacent for movement and focus, no line of sight."""

    @property
    def actor(self) -> PlainFigure:
        """The acting figure (checked to exist)."""
        return next(f for f in self.figures if f.id == self.turn.figure)


if TYPE_CHECKING:
    Cells: TypeAlias = set[Hex] | frozenset[Hex]
    # A board as the mover reads it: either reading, the same attributes.
    AnyBoard: TypeAlias = BoardSpec | PlainBoard
    AnyFigure: TypeAlias = FigureSpec | PlainFigure
    AnyMap: TypeAlias = MapSpec | BoardSpec | PlainBoard


class _NotPlain(Exception):
    """The value is not in the plain shape; the models read it."""


_BOARD_KEYS = frozenset(
    {"format", "ruleset", "hexes", "walls", "terrain", "figures", "turn", "house_rules", "links"}
)
MAX_BOARD_LINKS = 40
"""Most linked-hex pairs a board lists (HV-ROOM-5; a scenario's limit too)."""
_HOUSE_RULE_KEYS = frozenset({"open_edge_neighbours"})
_FIGURE_KEYS = frozenset({"id", "team", "hex", "initiative", "summoner", "more_hexes"})
_TURN_KEYS = frozenset(
    {"figure", "move", "range", "targets", "aoe", "flying", "jumping", "teleport", "muddled"}
)
_TERRAIN_KEYS = frozenset(TERRAIN_KINDS)
_TEAMS = ("characters", "monsters")
_NONE: dict[str, Any] = {}
"""An absent table (never changed)."""
_NO_TERRAIN = PlainTerrain()
_NO_HOUSE_RULES = PlainHouseRules()
_OPEN_EDGE = PlainHouseRules(open_edge_neighbours=True)


def _hex(value: object) -> Hex:
    if type(value) is not list or len(value) != 2:
        raise _NotPlain
    q, r = value
    if type(q) is not int or type(r) is not int:
        raise _NotPlain
    if not (-MAX_COORDINATE <= q <= MAX_COORDINATE and -MAX_COORDINATE <= r <= MAX_COORDINATE):
        raise _NotPlain
    return (q, r)


def _hexes(value: object) -> tuple[Hex, ...]:
    """Hexes as the models read them: each ``[q, r]`` of ints within ±MAX_COORDINATE.

    One loop over the list (compiled, native.MODULES): most lists a board holds are
    short (terrain, walls, areas), where building sets and maps to check them cost
    several times the loop (issue 12).
    """
    if type(value) is not list:
        raise _NotPlain
    out: list[Hex] = []
    for item in value:
        out.append(_hex(item))
    return tuple(out)


def plain_hexes(value: object) -> tuple[Hex, ...] | None:
    """A board's ``hexes`` as the plain reading takes them, or None when they are not plain."""
    try:
        return _hexes(value)
    except _NotPlain:
        return None


_COORDINATES = {str(n): n for n in range(-MAX_COORDINATE, MAX_COORDINATE + 1)}
"""Each coordinate by its JSON text (no sign but ``-``, no leading zero)."""
_NO_BRACKETS = str.maketrans("", "", "[]")
_NO_NUMBERS = str.maketrans("", "", "-0123456789")


def plain_hexes_text(text: str) -> tuple[Hex, ...] | None:
    """The hexes a JSON array of hexes holds, read from its text, or None when it is not
    written plainly: ``[[q,r],...]`` (or with ``", "`` after each comma, as json.dumps writes
    it), each number a whole number within ±MAX_COORDINATE, written as JSON writes it.

    The same hexes as :func:`plain_hexes` of the parsed text, at about a fifth of the
    cost of parsing and checking (issue 12: a batch of new maps reads one per board): the
    text without its numbers must be exactly brackets and commas around pairs, and each
    number is looked up among the coordinates' texts.
    """
    compact = text.replace(", ", ",")
    numbers = compact.translate(_NO_BRACKETS).split(",")
    if len(numbers) % 2 or compact.translate(_NO_NUMBERS) != _pairs_skeleton(len(numbers) // 2):
        return None
    coordinates = _COORDINATES
    hexes: list[Hex] = []
    for k in range(0, len(numbers), 2):  # an even count
        q = coordinates.get(numbers[k])
        r = coordinates.get(numbers[k + 1])
        if q is None or r is None:
            return None
        hexes.append((q, r))
    return tuple(hexes)


def _pairs_skeleton(pairs: int) -> str:
    """``[[,],[,],...]``: a JSON array of ``pairs`` pairs without its numbers."""
    return "[" + ",".join(["[,]"] * pairs) + "]"


def _dict(value: object, keys: frozenset[str]) -> dict[str, Any]:
    if type(value) is not dict or not value.keys() <= keys:
        raise _NotPlain
    return value


def _figure(value: object) -> PlainFigure:
    data = _dict(value, _FIGURE_KEYS)
    get = data.get
    figure_id, team, initiative, summoner = (
        get("id"),
        get("team"),
        get("initiative"),
        get("summoner"),
    )
    if type(figure_id) is not str or not figure_id:
        raise _NotPlain
    if team not in _TEAMS or type(team) is not str:
        raise _NotPlain
    if initiative is not None and type(initiative) is not int:
        raise _NotPlain
    if summoner is not None and type(summoner) is not str:
        raise _NotPlain
    if "hex" not in data:
        raise _NotPlain
    if "more_hexes" in data:
        more = _hexes(data["more_hexes"])
        if len(more) > MAX_MAP_CELLS:
            raise _NotPlain
        return PlainFigure(figure_id, team, _hex(data["hex"]), initiative, summoner, more)
    return PlainFigure(figure_id, team, _hex(data["hex"]), initiative, summoner)


def _turn(value: object) -> PlainTurn:
    data = _dict(value, _TURN_KEYS)
    get = data.get
    figure = get("figure")
    move, reach, targets = get("move", 0), get("range", 0), get("targets", 1)
    flags = (get("flying", False), get("jumping", False), get("teleport", False))
    muddled = get("muddled", False)
    if type(figure) is not str:
        raise _NotPlain
    if type(move) is not int or type(reach) is not int or type(targets) is not int:
        raise _NotPlain
    if move < 0 or reach < 0 or targets < 0:
        raise _NotPlain
    if type(muddled) is not bool or set(map(type, flags)) != {bool}:
        raise _NotPlain
    aoe = _hexes(data["aoe"]) if "aoe" in data else ()
    return PlainTurn(figure, move, reach, targets, aoe, *flags, muddled)


def _walls(value: object) -> tuple[tuple[Hex, Hex], ...]:
    if type(value) is not list:
        raise _NotPlain
    out: list[tuple[Hex, Hex]] = []
    for pair in value:
        if type(pair) is not list or len(pair) != 2:
            raise _NotPlain
        out.append((_hex(pair[0]), _hex(pair[1])))
    return tuple(out)


def _terrain(data: dict[str, Any]) -> PlainTerrain:
    return PlainTerrain(**{kind: _hexes(cells) for kind, cells in data.items()})


def _links(value: object) -> tuple[tuple[Hex, Hex], ...]:
    pairs = _walls(value)  # the same shape: pairs of hexes
    if len(pairs) > MAX_BOARD_LINKS:
        raise _NotPlain
    return pairs


def plain_board(data: object, known_hexes: tuple[Hex, ...] | None = None) -> PlainBoard | None:
    """The board when ``data`` is in the plain shape (see the module), else None.

    The cross-field rules are not checked here;
    :func:`~rulekeeper.games.haven.board_read.read_board` checks them. With
    ``known_hexes``, ``data["hexes"]`` stands for those hexes, already read
    (:func:`plain_hexes`).
    """
    try:
        board = _dict(data, _BOARD_KEYS)
        if board.get("format") != "haven-board/1" or type(board.get("format")) is not str:
            raise _NotPlain
        ruleset = board.get("ruleset")
        if ruleset not in ("gloomhaven", "frosthaven") or type(ruleset) is not str:
            raise _NotPlain
        if not {"hexes", "figures", "turn"} <= board.keys():
            raise _NotPlain
        hexes = _hexes(board["hexes"]) if known_hexes is None else known_hexes
        if not 1 <= len(hexes) <= MAX_MAP_CELLS:
            raise _NotPlain
        terrain = _dict(board.get("terrain", _NONE), _TERRAIN_KEYS)
        house_rules = _dict(board.get("house_rules", _NONE), _HOUSE_RULE_KEYS)
        open_edge = house_rules.get("open_edge_neighbours", False)
        if type(open_edge) is not bool:
            raise _NotPlain
        figures = board["figures"]
        if type(figures) is not list:
            raise _NotPlain
        return PlainBoard(
            "haven-board/1",
            ruleset,
            hexes,
            tuple(map(_figure, figures)),
            _turn(board["turn"]),
            _walls(board["walls"]) if "walls" in board else (),
            _terrain(terrain) if terrain else _NO_TERRAIN,
            _OPEN_EDGE if open_edge else _NO_HOUSE_RULES,
            _links(board["links"]) if "links" in board else (),
        )
    except _NotPlain:
        return None


def within_document_limits(board: PlainBoard) -> bool:
    """Whether the document ``board`` was read from holds nothing the document limits refuse
    (:func:`~rulekeeper.core.document_text.check_shape`), told from the board.

    The plain shape nests a few levels, holds no float and no key but its own, and
    its hexes are within ±MAX_COORDINATE; what is left are the ids (no control
    character: every printable text passes) and the whole numbers of the turn and
    the initiatives (within MAX_INTEGER). False leaves the answer to the limits.
    """
    figures = board.figures
    turn = board.turn
    ids = [f.id for f in figures]
    ids.extend([f.summoner for f in figures if f.summoner is not None])
    ids.append(turn.figure)
    if not "".join(ids).isprintable():
        return False
    numbers = [f.initiative for f in figures if f.initiative is not None]
    numbers += (turn.move, turn.range, turn.targets)
    return min(numbers) >= -MAX_INTEGER and max(numbers) <= MAX_INTEGER


def check_map(
    spec: AnyMap,
    source: str | None,
    problems: Problems | None = None,
    cells: Cells | None = None,
) -> None:
    """Cross-field rules of a map: hexes unique, walls between adjacent map hexes, terrain on
    the map. Each problem goes to ``problems`` (default: raise the first as a ContentError).

    ``cells``, when given, is the set of ``spec.hexes`` (a batch keeps it per map)."""
    if problems is None and _map_is_sound(spec, set(spec.hexes) if cells is None else cells):
        return
    report = problems if problems is not None else Problems(source)
    seen: set[Hex] = set()
    for n, h in enumerate(spec.hexes):
        if h in seen:
            report.add(_("{hex} is listed twice", hex=str(list(h))), f"hexes.{n}")
        seen.add(h)
    for n, (a, b) in enumerate(spec.walls):
        for h in (a, b):
            if h not in seen:
                report.add(_("{hex} is not on the map", hex=str(list(h))), f"walls.{n}")
        if distance(a, b) != 1:
            report.add(
                _(
                    "a wall must separate two adjacent hexes, not {a} and {b}",
                    a=str(list(a)),
                    b=str(list(b)),
                ),
                f"walls.{n}",
            )
    terrain: TerrainSpec | PlainTerrain = spec.terrain
    for kind in TERRAIN_KINDS:
        for n, h in enumerate(getattr(terrain, kind)):
            if h not in seen:
                report.add(_("{hex} is not on the map", hex=str(list(h))), f"terrain.{kind}.{n}")


def _map_is_sound(spec: AnyMap, hexes: Cells) -> bool:
    """Whether :func:`check_map` finds nothing, told by whole-set tests (a quick yes)."""
    if len(hexes) != len(spec.hexes):
        return False
    for a, b in spec.walls:
        if a not in hexes or b not in hexes or distance(a, b) != 1:
            return False
    t = spec.terrain
    return hexes.issuperset(chain(t.obstacle, t.trap, t.hazardous, t.difficult, t.icy))


def check_links(
    links: tuple[tuple[Hex, Hex], ...],
    hexes: Cells,
    ruleset: str,
    source: str | None,
    problems: Problems | None = None,
) -> None:
    """HV-ROOM-5 [FH]: each link joins two different map hexes, once; a Gloomhaven board has
    none. Each problem goes to ``problems`` (default: raise the first as a ContentError)."""
    if not links:
        return
    report = problems if problems is not None else Problems(source)
    if ruleset != "frosthaven":
        report.add(
            _(
                "HV-ROOM-5: linked hexes are a Frosthaven rule; a Gloomhaven board has none"
                " (set the ruleset to frosthaven)"
            ),
            "links",
        )
    linked: set[frozenset[Hex]] = set()
    for k, pair in enumerate(links):
        for end, at in enumerate(pair):
            if at not in hexes:
                report.add(_("{hex} is not on the map", hex=str(list(at))), f"links.{k}.{end}")
        if pair[0] == pair[1]:
            report.add(_("a hex cannot be linked to itself"), f"links.{k}")
        elif frozenset(pair) in linked:
            report.add(_("these two hexes are already linked"), f"links.{k}")
        linked.add(frozenset(pair))


def check_figures(
    figures: tuple[AnyFigure, ...],
    hexes: Cells,
    actor_id: str | None,
    source: str | None,
    problems: Problems | None = None,
) -> None:
    """Figures on map hexes, one per hex, unique ids, initiatives on the actor's enemies.
    Each problem goes to ``problems`` (default: raise the first as a ContentError).

    HV-GOAL-2: a figure's ``more_hexes`` are on the map too, each held by it alone; the
    acting figure covers one hex (a figure covering several is an objective: no turns)."""
    report = problems if problems is not None else Problems(source)
    ids: dict[str, AnyFigure] = {}
    where: set[Hex] = set()
    for n, f in enumerate(figures):
        if f.id in ids:
            report.add(_("id {id} is used twice", id=repr(f.id)), f"figures.{n}.id")
        ids[f.id] = f
        if f.hex not in hexes:
            report.add(_("{hex} is not on the map", hex=str(list(f.hex))), f"figures.{n}.hex")
        if f.hex in where:
            report.add(_("two figures stand on {hex}", hex=str(list(f.hex))), f"figures.{n}.hex")
        where.add(f.hex)
        if f.more_hexes:
            _check_more_hexes(f, n, hexes, where, report)
    for n, f in enumerate(figures):
        if f.summoner is not None and f.summoner not in ids:
            report.add(
                _("summoner {summoner} is not a figure", summoner=repr(f.summoner)),
                f"figures.{n}.summoner",
            )
    if actor_id is None:
        return
    actor = ids.get(actor_id)
    if actor is None:
        report.add(
            _("the acting figure {actor_id} is not on the board", actor_id=repr(actor_id)),
            "turn.figure",
        )
        return
    if actor.more_hexes:
        report.add(
            _(
                "the acting figure {actor_id} covers several hexes; only an objective does, and"
                " it takes no turns (HV-GOAL-2)",
                actor_id=repr(actor_id),
            ),
            "turn.figure",
        )
    for n, f in enumerate(figures):
        if f.team != actor.team and f.initiative is None:
            report.add(
                _(
                    "enemy {id} of the acting figure needs an initiative (it breaks focus ties)",
                    id=repr(f.id),
                ),
                f"figures.{n}.initiative",
            )


def _check_more_hexes(
    figure: AnyFigure, n: int, hexes: Cells, where: set[Hex], report: Problems
) -> None:
    """HV-GOAL-2: a figure's other hexes are map hexes, each once, no other figure stands on."""
    own = {figure.hex}
    for m, h in enumerate(figure.more_hexes):
        field = f"figures.{n}.more_hexes.{m}"
        if h not in hexes:
            report.add(_("{hex} is not on the map", hex=str(list(h))), field)
        if h in own:
            report.add(_("{hex} is listed twice", hex=str(list(h))), field)
        elif h in where:
            report.add(_("two figures stand on {hex}", hex=str(list(h))), field)
        own.add(h)
        where.add(h)
