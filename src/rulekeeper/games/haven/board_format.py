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
from rulekeeper.games.haven.board_plain import check_figures, check_map

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
    trap: tuple[HexSpec, ...] = ()
    hazardous: tuple[HexSpec, ...] = ()
    difficult: tuple[HexSpec, ...] = ()
    icy: tuple[HexSpec, ...] = ()


class FigureSpec(BaseModel):
    """A figure on the map. Figures on the same team are allies."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[str, Field(min_length=1)]
    team: Literal["characters", "monsters"]
    hex: HexSpec
    initiative: int | None = None
    summoner: str | None = None


class TurnSpec(BaseModel):
    """The acting figure's ability this turn.

    ``move`` 0: no move; ``range`` 0: melee; ``targets`` 0: no attack, 6 or
    more: every target in reach; ``aoe``: area hexes (offsets from the attacker
    for a melee area attack, a free shape for a ranged one).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    figure: str
    move: NonNegative = 0
    range: NonNegative = 0
    targets: NonNegative = 1
    aoe: tuple[HexSpec, ...] = ()
    flying: bool = False
    jumping: bool = False
    teleport: bool = False
    muddled: bool = False


class MapSpec(BaseModel):
    """The map part of a board: hexes, thin walls and terrain."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hexes: Annotated[tuple[HexSpec, ...], Field(min_length=1, max_length=MAX_MAP_CELLS)]
    walls: tuple[tuple[HexSpec, HexSpec], ...] = ()
    terrain: TerrainSpec = TerrainSpec()


class BoardSpec(MapSpec):
    """A whole haven-board/1 document."""

    format: Literal["haven-board/1"]
    ruleset: Literal["gloomhaven", "frosthaven"]
    figures: tuple[FigureSpec, ...]
    turn: TurnSpec

    @property
    def actor(self) -> FigureSpec:
        """The acting figure (validated to exist)."""
        return next(f for f in self.figures if f.id == self.turn.figure)


def parse_board(data: object, source: str | None = None) -> BoardSpec:
    """Validate a haven-board/1 JSON value; raises ContentError naming the field."""
    spec = validate(BoardSpec, data, source)
    check_map(spec, source)
    check_figures(spec.figures, set(spec.hexes), spec.turn.figure, source)
    return spec


def parse_board_text(text: str, source: str | None = None) -> BoardSpec:
    """Parse JSON text holding one board."""
    return parse_board(parse_document(text, source, "json"), source)


def load_board(path: Path) -> BoardSpec:
    """Read and validate a board file; raises ContentError naming file and field."""
    return parse_board_text(read_text(path), str(path))
