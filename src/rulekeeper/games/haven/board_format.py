"""haven-board/1: a hex map, its figures and one monster turn, as JSON.

The format is documented in docs/games/haven-monster-ai.md. :class:`BoardSpec`
is the validated value; later formats (full scenarios) embed
:class:`MapSpec` and :class:`FigureSpec` rather than inventing their own.
Bad input raises :class:`~rulekeeper.core.errors.ContentError` naming the
offending field (``figures.2.hex``, ``walls.0``, ``turn.figure`` ...). The
cross-field rules live in :mod:`rulekeeper.games.haven.board_plain`, which also
reads plain-shaped boards without these models (the mover's batch runs).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rulekeeper.core.documents import Coordinate, parse_document, read_text, validate
from rulekeeper.core.limits import MAX_MAP_CELLS
from rulekeeper.games.haven.board_plain import (
    MAX_BOARD_LINKS,
    check_figures,
    check_links,
    check_map,
)

__all__ = [
    "FORMAT",
    "BoardSpec",
    "FigureSpec",
    "HexSpec",
    "MapSpec",
    "NonNegative",
    "TerrainSpec",
    "TurnSpec",
    "check_figures",
    "check_links",
    "check_map",
    "load_board",
    "parse_board",
    "parse_board_text",
]

FORMAT = "haven-board/1"

HexSpec = tuple[Coordinate, Coordinate]
"""Axial (q, r); each within ±MAX_COORDINATE (README, "Limits")."""
NonNegative = Annotated[int, Field(ge=0)]


class TerrainSpec(BaseModel):
    """Hexes holding each kind of terrain (HV-MOVE-1, HV-MOVE-2); missing kinds mean none."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    obstacle: tuple[HexSpec, ...] = ()
    """Obstacle hexes: no figure enters them (flying and jumping pass over)."""
    trap: tuple[HexSpec, ...] = ()
    """Trap hexes."""
    hazardous: tuple[HexSpec, ...] = ()
    """Hazardous terrain hexes."""
    difficult: tuple[HexSpec, ...] = ()
    """Difficult terrain hexes: entering costs 2 movement."""
    icy: tuple[HexSpec, ...] = ()
    """[FH] icy terrain hexes."""


class FigureSpec(BaseModel):
    """A figure on the map. Figures on the same team are allies."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[str, Field(min_length=1)]
    """The figure's id, unique on the board."""
    team: Literal["characters", "monsters"]
    """characters or monsters; figures of one team are allies."""
    hex: HexSpec
    """The figure's hex."""
    initiative: int | None = None
    """Its initiative this round: needed for every enemy of the acting figure (it breaks focus
    ties)."""
    summoner: str | None = None
    """For a summon, the id of the figure that summoned it."""
    more_hexes: Annotated[tuple[HexSpec, ...], Field(max_length=MAX_MAP_CELLS)] = ()
    """The other hexes of a figure covering several (HV-GOAL-2: an objective): still one figure
    and one target, reached through any of its hexes; none by default."""


class TurnSpec(BaseModel):
    """The acting figure's ability this turn.

    ``move`` 0: no move; ``range`` 0: melee; ``targets`` 0: no attack, 6 or
    more: every target in reach; ``aoe``: area hexes (offsets from the attacker
    for a melee area attack, a free shape for a ranged one).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    figure: str
    """The acting monster's id."""
    move: NonNegative = 0
    """Its move this turn; 0: no move."""
    range: NonNegative = 0
    """Its attack range; 0: melee."""
    targets: NonNegative = 1
    """Its attack's targets; 0: no attack; 6 or more: every target in reach."""
    aoe: tuple[HexSpec, ...] = ()
    """Area hexes: offsets from the attacker for a melee area attack, a free shape for a ranged
    one."""
    flying: bool = False
    """It flies."""
    jumping: bool = False
    """It jumps."""
    teleport: bool = False
    """It teleports."""
    muddled: bool = False
    """It is muddled."""


class BoardHouseRules(BaseModel):
    """Departures from the rulebooks a board opts into (a rulekeeper extension); all off."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    open_edge_neighbours: bool = False
    """[GH] neighbours across an open edge always see each other, even where both
    corners they share lie on wall lines (HV-LOS-1 itself, GH p.19, asks for a line
    touching no wall; see boards/line_of_sight.py)."""


class MapSpec(BaseModel):
    """The map part of a board: hexes, thin walls and terrain."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hexes: Annotated[tuple[HexSpec, ...], Field(min_length=1, max_length=MAX_MAP_CELLS)]
    """Every hex of the map, axial [q, r], each once."""
    walls: tuple[tuple[HexSpec, HexSpec], ...] = ()
    """Thin walls, each between two adjacent map hexes."""
    terrain: TerrainSpec = TerrainSpec()
    """Hexes holding each kind of terrain."""


class BoardSpec(MapSpec):
    """A whole haven-board/1 document."""

    format: Literal["haven-board/1"]
    """The file format and its version."""
    ruleset: Literal["gloomhaven", "frosthaven"]
    """gloomhaven or frosthaven."""
    figures: tuple[FigureSpec, ...]
    """Every figure on the board."""
    turn: TurnSpec
    """The acting figure and its ability this turn."""
    house_rules: BoardHouseRules = BoardHouseRules()
    """Opt-in departures from the rulebooks, none by default."""
    links: Annotated[tuple[tuple[HexSpec, HexSpec], ...], Field(max_length=MAX_BOARD_LINKS)] = ()
    """[FH] linked hexes (HV-ROOM-5): pairs of map hexes adjacent for movement and focus, with
    no line of sight between them; frosthaven only."""

    @property
    def actor(self) -> FigureSpec:
        """The acting figure (validated to exist)."""
        return next(f for f in self.figures if f.id == self.turn.figure)


def parse_board(data: object, source: str | None = None) -> BoardSpec:
    """Validate a haven-board/1 JSON value; raises ContentError naming the field."""
    spec = validate(BoardSpec, data, source)
    check_map(spec, source)
    check_figures(spec.figures, set(spec.hexes), spec.turn.figure, source)
    check_links(spec.links, set(spec.hexes), spec.ruleset, source)
    return spec


def parse_board_text(text: str, source: str | None = None) -> BoardSpec:
    """Parse JSON text holding one board."""
    return parse_board(parse_document(text, source, "json"), source)


def load_board(path: Path) -> BoardSpec:
    """Read and validate a board file; raises ContentError naming file and field."""
    return parse_board_text(read_text(path), str(path))
