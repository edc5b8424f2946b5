"""Map cards of any shape, placed edge to edge, each divided into square spaces.

Pure geometry, no game rules (DESIGN.md, "boards"). A card's spaces lie in a
``width`` x ``height`` box, less the box cells listed as ``holes`` (so an L or a
T is a card too); a card may be turned by quarter turns. Every space has a
global coordinate; a placed card is known by its :class:`CardPos`, the global
coordinate of its box's north-west corner. Walls separate two spaces of one
card (:attr:`CardLayout.walls`) or close a space's side on the card's edge
(:attr:`CardLayout.edge_walls`); movement crosses from one card to another only
if both leave that edge open.

:meth:`MapGrid.placement_for` answers where a new card goes when it is laid
beyond a space's side (an explore arrow): its near edge touches that side and
the space across the arrow is one of its spaces; along the edge it is slid as
little as possible from the explored card's own corner, and never onto a
placed space.

A :class:`MapGrid` is immutable: :meth:`MapGrid.place` returns a new grid, so
game states that have not explored since share one grid and its neighbour
table, which is computed once when the grid is made.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

from rulekeeper.i18n import _

Direction = Literal["north", "east", "south", "west"]
DIRECTIONS: tuple[Direction, ...] = ("north", "east", "south", "west")
OFFSETS: dict[Direction, tuple[int, int]] = {
    "north": (0, -1),
    "east": (1, 0),
    "south": (0, 1),
    "west": (-1, 0),
}
OPPOSITE: dict[Direction, Direction] = {
    "north": "south",
    "east": "west",
    "south": "north",
    "west": "east",
}
ROTATIONS = (0, 90, 180, 270)
"""Clockwise turns a card may be placed with, in degrees."""

Local = tuple[int, int]
"""A space's column and row inside its card's box, from the box's north-west corner."""


def turn_direction(direction: Direction, degrees: int) -> Direction:
    """``direction`` after turning the card ``degrees`` clockwise."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + degrees // 90) % 4]


def turn_local(local: Local, width: int, height: int, degrees: int) -> Local:
    """Where ``local`` of a ``width`` x ``height`` box lies after turning it ``degrees`` clockwise."""
    x, y = local
    for _turn in range((degrees // 90) % 4):
        x, y, width, height = height - 1 - y, x, height, width
    return (x, y)


@dataclass(frozen=True, slots=True, order=True)
class CardPos:
    """A placed card's key: the global coordinate of its box's north-west corner."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"({self.x},{self.y})"


@dataclass(frozen=True, slots=True, order=True)
class Space:
    """A space by its global coordinate over the whole map (``y`` grows southward)."""

    x: int
    y: int

    def step(self, direction: Direction) -> Space:
        dx, dy = OFFSETS[direction]
        return Space(self.x + dx, self.y + dy)

    def __str__(self) -> str:
        return f"{self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class CardLayout:
    """The geometry of one map card: its spaces and the walls between them.

    ``holes`` are cells of the box that are not spaces; ``walls`` holds pairs of
    orthogonally adjacent spaces with a wall between them; ``edge_walls`` holds
    ``(space, side)`` for a space whose side on the card's edge is walled.
    Raises ``ValueError`` naming what is wrong.
    """

    name: str
    width: int
    height: int
    walls: frozenset[frozenset[Local]] = frozenset()
    edge_walls: frozenset[tuple[Local, Direction]] = frozenset()
    holes: frozenset[Local] = frozenset()

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(_no_space(self.name))
        for hole in self.holes:
            if not (0 <= hole[0] < self.width and 0 <= hole[1] < self.height):
                raise ValueError(
                    _(
                        "card {card}: hole {hole} is outside the card",
                        card=repr(self.name),
                        hole=str(hole),
                    )
                )
        cells = list(self.locals())
        if not cells:
            raise ValueError(_no_space(self.name))
        if len(_connected(cells[0], self.contains)) != len(cells):
            raise ValueError(
                _("card {card}: its spaces are not all joined edge to edge", card=repr(self.name))
            )
        for wall in self.walls:
            pair = sorted(wall)
            if len(pair) != 2:
                raise ValueError(
                    _("card {card}: a wall joins two different spaces", card=repr(self.name))
                )
            (ax, ay), (bx, by) = pair
            for local in pair:
                self._check_inside(local)
            if abs(ax - bx) + abs(ay - by) != 1:
                raise ValueError(
                    _(
                        "card {card}: wall {wall} joins spaces that do not touch",
                        card=repr(self.name),
                        wall=str(pair),
                    )
                )
        for local, side in self.edge_walls:
            self._check_inside(local)
            if self.contains(_step_local(local, side)):
                raise ValueError(
                    _(
                        "card {card}: edge wall {space} {side} is not on the edge",
                        card=repr(self.name),
                        space=str(local),
                        side=side,
                    )
                )

    def _check_inside(self, local: Local) -> None:
        if not self.contains(local):
            raise ValueError(
                _(
                    "card {card}: space {space} is outside the card",
                    card=repr(self.name),
                    space=str(local),
                )
            )

    def contains(self, local: Local) -> bool:
        return (
            0 <= local[0] < self.width and 0 <= local[1] < self.height and local not in self.holes
        )

    def locals(self) -> Iterator[Local]:
        for row in range(self.height):
            for column in range(self.width):
                if (column, row) not in self.holes:
                    yield (column, row)

    @property
    def size(self) -> int:
        """How many spaces the card has."""
        return self.width * self.height - len(self.holes)

    def is_walled(self, local: Local, side: Direction) -> bool:
        """Whether ``local``'s ``side`` is walled (inside the card or on its edge)."""
        neighbour = _step_local(local, side)
        if self.contains(neighbour):
            return frozenset((local, neighbour)) in self.walls
        return (local, side) in self.edge_walls

    def turned(self, degrees: int) -> CardLayout:
        """This card turned ``degrees`` clockwise (0, 90, 180 or 270)."""
        if degrees not in ROTATIONS:
            raise ValueError(
                _(
                    "card {card}: cannot turn by {degrees} degrees",
                    card=repr(self.name),
                    degrees=degrees,
                )
            )
        if degrees == 0:
            return self

        def turn(local: Local) -> Local:
            return turn_local(local, self.width, self.height, degrees)

        width, height = (self.width, self.height) if degrees == 180 else (self.height, self.width)
        return CardLayout(
            self.name,
            width,
            height,
            frozenset(frozenset(turn(s) for s in wall) for wall in self.walls),
            frozenset((turn(s), turn_direction(d, degrees)) for s, d in self.edge_walls),
            frozenset(turn(s) for s in self.holes),
        )


def _step_local(local: Local, direction: Direction) -> Local:
    dx, dy = OFFSETS[direction]
    return (local[0] + dx, local[1] + dy)


def _connected(start: Local, inside: object) -> set[Local]:
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for direction in DIRECTIONS:
            there = _step_local(here, direction)
            if there not in seen and inside(there):  # type: ignore[operator]
                seen.add(there)
                todo.append(there)
    return seen


class MapGrid:
    """Placed map cards and the open edges between their spaces (immutable)."""

    __slots__ = ("_cards", "_neighbours", "_owner")

    def __init__(self, cards: Mapping[CardPos, CardLayout] | None = None) -> None:
        self._cards: dict[CardPos, CardLayout] = dict(cards or {})
        self._owner: dict[Space, CardPos] = {}
        for pos, layout in self._cards.items():
            for local in layout.locals():
                space = self.space_at(pos, local)
                if space in self._owner:
                    raise ValueError(
                        _(
                            "card {card} at {position} overlaps the card at {other}",
                            card=repr(layout.name),
                            position=str(pos),
                            other=str(self._owner[space]),
                        )
                    )
                self._owner[space] = pos
        self._neighbours = self._build_neighbours()

    # -- cards -------------------------------------------------------------
    @property
    def cards(self) -> Mapping[CardPos, CardLayout]:
        return dict(self._cards)

    def positions(self) -> tuple[CardPos, ...]:
        return tuple(sorted(self._cards))

    def card_at(self, pos: CardPos) -> CardLayout | None:
        return self._cards.get(pos)

    def is_placed(self, pos: CardPos) -> bool:
        return pos in self._cards

    def fits(self, pos: CardPos, layout: CardLayout) -> bool:
        """Whether ``layout`` at ``pos`` covers no placed space."""
        return not any(self.space_at(pos, local) in self._owner for local in layout.locals())

    def place(self, pos: CardPos, layout: CardLayout) -> MapGrid:
        """A new grid with ``layout`` at ``pos``, touching a placed card edge to edge.

        Raises ``ValueError`` if it would cover a placed space or touch no placed card.
        """
        if not self.fits(pos, layout):
            raise ValueError(_("a card is already at {position}", position=str(pos)))
        spaces = [self.space_at(pos, local) for local in layout.locals()]
        if self._cards and not any(s.step(d) in self._owner for s in spaces for d in DIRECTIONS):
            raise ValueError(
                _("{position} is not orthogonally adjacent to a placed card", position=str(pos))
            )
        cards = dict(self._cards)
        cards[pos] = layout
        return MapGrid(cards)

    def placement_for(
        self, arrow: Space, direction: Direction, layout: CardLayout
    ) -> CardPos | None:
        """Where ``layout`` goes when laid beyond ``arrow``'s ``direction`` side, or None.

        Its near edge (the rows or columns of spaces facing back toward the
        arrow) touches the arrow's side, with the space across the arrow one of
        its spaces; along the edge it is slid as little as possible from the
        corner it would share with the arrow's card (west for north and south,
        north for east and west), and never over a placed space.
        """
        across = arrow.step(direction)
        home = self._owner.get(arrow)
        if home is None or across in self._owner:
            return None
        back = OPPOSITE[direction]
        # The new card's spaces whose ``back`` side faces the arrow's card.
        near = [
            local
            for local in layout.locals()
            if not layout.contains(_step_local(local, back))
            and (
                (direction in ("north", "south") and local[1] == _edge_row(layout, direction))
                or (direction in ("east", "west") and local[0] == _edge_column(layout, direction))
            )
        ]
        corner = home.x if direction in ("north", "south") else home.y
        options: list[tuple[int, int, CardPos]] = []
        for local in near:
            pos = CardPos(across.x - local[0], across.y - local[1])
            along = pos.x if direction in ("north", "south") else pos.y
            options.append((abs(along - corner), along, pos))
        for _distance, _along, pos in sorted(options):
            if self.fits(pos, layout):
                return pos
        return None

    # -- spaces ------------------------------------------------------------
    def card_of(self, space: Space) -> CardPos | None:
        """The placed card a space lies on, or None."""
        return self._owner.get(space)

    def local_of(self, space: Space) -> Local:
        pos = self._owner[space]
        return (space.x - pos.x, space.y - pos.y)

    @staticmethod
    def space_at(pos: CardPos, local: Local) -> Space:
        return Space(pos.x + local[0], pos.y + local[1])

    def has_space(self, space: Space) -> bool:
        return space in self._owner

    def spaces(self) -> tuple[Space, ...]:
        return tuple(sorted(self._neighbours))

    def spaces_of(self, pos: CardPos) -> tuple[Space, ...]:
        layout = self._cards.get(pos)
        if layout is None:
            return ()
        return tuple(self.space_at(pos, local) for local in layout.locals())

    def neighbours(self, space: Space) -> Mapping[Direction, Space]:
        """The spaces one step from ``space`` through an open edge, by direction."""
        return self._neighbours.get(space, {})

    def can_step(self, space: Space, direction: Direction) -> bool:
        return direction in self._neighbours.get(space, {})

    def wall_between(self, a: Space, b: Space) -> bool:
        """Whether orthogonally adjacent placed spaces ``a`` and ``b`` are walled apart."""
        for direction in DIRECTIONS:
            if a.step(direction) == b:
                if not (self.has_space(a) and self.has_space(b)):
                    raise ValueError(
                        _(
                            "{first} and {second} are not both on placed cards",
                            first=str(a),
                            second=str(b),
                        )
                    )
                return direction not in self.neighbours(a)
        raise ValueError(
            _("{first} and {second} are not orthogonally adjacent", first=str(a), second=str(b))
        )

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` over every placed space."""
        if not self._owner:
            return (0, 0, -1, -1)
        xs = [s.x for s in self._owner]
        ys = [s.y for s in self._owner]
        return (min(xs), min(ys), max(xs), max(ys))

    def _build_neighbours(self) -> dict[Space, dict[Direction, Space]]:
        table: dict[Space, dict[Direction, Space]] = {}
        for space, pos in self._owner.items():
            layout = self._cards[pos]
            local = (space.x - pos.x, space.y - pos.y)
            open_sides: dict[Direction, Space] = {}
            for direction in DIRECTIONS:
                if layout.is_walled(local, direction):
                    continue
                other = space.step(direction)
                other_pos = self._owner.get(other)
                if other_pos is None:
                    continue
                # Crossing a card edge needs both cards to leave it open.
                if other_pos != pos and self._cards[other_pos].is_walled(
                    (other.x - other_pos.x, other.y - other_pos.y), OPPOSITE[direction]
                ):
                    continue
                open_sides[direction] = other
            table[space] = open_sides
        return table


def _edge_row(layout: CardLayout, direction: Direction) -> int:
    """The row of a card laid ``direction`` of another that touches it (its near row)."""
    return layout.height - 1 if direction == "north" else 0


def _edge_column(layout: CardLayout, direction: Direction) -> int:
    return layout.width - 1 if direction == "west" else 0


def _no_space(card: str) -> str:
    return _("card {card}: a card needs at least one space", card=repr(card))
