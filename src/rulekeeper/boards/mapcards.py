"""Map cards on a square grid of card positions, each card divided into spaces.

Pure geometry, no game rules (DESIGN.md, "boards"). Every card has the same
size in spaces (``card_width`` x ``card_height``); a space has a global
coordinate, so the space east of a card's east column is the west column of
the card placed east of it. Walls separate two spaces of one card
(:attr:`CardLayout.walls`) or close a space's side on the card's edge
(:attr:`CardLayout.edge_walls`); movement crosses a card edge only if both
cards leave it open.

A :class:`MapGrid` is immutable: :meth:`MapGrid.place` returns a new grid, so
game states that have not explored since share one grid and its neighbour
table, which is computed once when the grid is made.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal

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

Local = tuple[int, int]
"""A space's column and row inside its card, from the card's north-west corner."""


@dataclass(frozen=True, slots=True, order=True)
class CardPos:
    """A card position on the grid of cards (``y`` grows southward)."""

    x: int
    y: int

    def step(self, direction: Direction) -> CardPos:
        dx, dy = OFFSETS[direction]
        return CardPos(self.x + dx, self.y + dy)

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

    ``walls`` holds pairs of orthogonally adjacent local spaces with a wall
    between them; ``edge_walls`` holds ``(space, side)`` for a space whose side
    on the card's edge is walled.
    """

    name: str
    width: int
    height: int
    walls: frozenset[frozenset[Local]] = frozenset()
    edge_walls: frozenset[tuple[Local, Direction]] = frozenset()

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"card {self.name!r}: a card needs at least one space")
        for wall in self.walls:
            pair = sorted(wall)
            if len(pair) != 2:
                raise ValueError(f"card {self.name!r}: a wall joins two different spaces")
            (ax, ay), (bx, by) = pair
            for local in pair:
                self._check_inside(local)
            if abs(ax - bx) + abs(ay - by) != 1:
                raise ValueError(f"card {self.name!r}: wall {pair} joins spaces that do not touch")
        for local, side in self.edge_walls:
            self._check_inside(local)
            if self.contains(_step_local(local, side)):
                raise ValueError(f"card {self.name!r}: edge wall {local} {side} is not on the edge")

    def _check_inside(self, local: Local) -> None:
        if not self.contains(local):
            raise ValueError(f"card {self.name!r}: space {local} is outside the card")

    def contains(self, local: Local) -> bool:
        return 0 <= local[0] < self.width and 0 <= local[1] < self.height

    def locals(self) -> Iterator[Local]:
        for row in range(self.height):
            for column in range(self.width):
                yield (column, row)

    def is_walled(self, local: Local, side: Direction) -> bool:
        """Whether ``local``'s ``side`` is walled (inside the card or on its edge)."""
        neighbour = _step_local(local, side)
        if self.contains(neighbour):
            return frozenset((local, neighbour)) in self.walls
        return (local, side) in self.edge_walls


def _step_local(local: Local, direction: Direction) -> Local:
    dx, dy = OFFSETS[direction]
    return (local[0] + dx, local[1] + dy)


class MapGrid:
    """Placed map cards and the open edges between their spaces (immutable)."""

    __slots__ = ("_cards", "_neighbours", "card_height", "card_width")

    def __init__(
        self, card_width: int, card_height: int, cards: Mapping[CardPos, CardLayout] | None = None
    ) -> None:
        self.card_width = card_width
        self.card_height = card_height
        self._cards: dict[CardPos, CardLayout] = dict(cards or {})
        for pos, layout in self._cards.items():
            if (layout.width, layout.height) != (card_width, card_height):
                raise ValueError(
                    f"card {layout.name!r} at {pos} is {layout.width}x{layout.height}, "
                    f"the map's cards are {card_width}x{card_height}"
                )
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

    def place(self, pos: CardPos, layout: CardLayout) -> MapGrid:
        """A new grid with ``layout`` at ``pos``, orthogonally next to a placed card.

        Raises ``ValueError`` if ``pos`` is taken or touches no placed card.
        """
        if pos in self._cards:
            raise ValueError(f"a card is already at {pos}")
        if self._cards and not any(pos.step(d) in self._cards for d in DIRECTIONS):
            raise ValueError(f"{pos} is not orthogonally adjacent to a placed card")
        cards = dict(self._cards)
        cards[pos] = layout
        return MapGrid(self.card_width, self.card_height, cards)

    # -- spaces ------------------------------------------------------------
    def card_of(self, space: Space) -> CardPos:
        """The card position a space lies in (placed or not)."""
        return CardPos(space.x // self.card_width, space.y // self.card_height)

    def local_of(self, space: Space) -> Local:
        return (space.x % self.card_width, space.y % self.card_height)

    def space_at(self, pos: CardPos, local: Local) -> Space:
        return Space(pos.x * self.card_width + local[0], pos.y * self.card_height + local[1])

    def has_space(self, space: Space) -> bool:
        return self.card_of(space) in self._cards

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
                    raise ValueError(f"{a} and {b} are not both on placed cards")
                return direction not in self.neighbours(a)
        raise ValueError(f"{a} and {b} are not orthogonally adjacent")

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` over every placed space."""
        if not self._cards:
            return (0, 0, -1, -1)
        xs = [p.x for p in self._cards]
        ys = [p.y for p in self._cards]
        return (
            min(xs) * self.card_width,
            min(ys) * self.card_height,
            (max(xs) + 1) * self.card_width - 1,
            (max(ys) + 1) * self.card_height - 1,
        )

    def _build_neighbours(self) -> dict[Space, dict[Direction, Space]]:
        table: dict[Space, dict[Direction, Space]] = {}
        for pos, layout in self._cards.items():
            for local in layout.locals():
                space = self.space_at(pos, local)
                open_sides: dict[Direction, Space] = {}
                for direction in DIRECTIONS:
                    if layout.is_walled(local, direction):
                        continue
                    other = space.step(direction)
                    other_pos = self.card_of(other)
                    other_layout = self._cards.get(other_pos)
                    if other_layout is None:
                        continue
                    # Crossing a card edge needs both cards to leave it open.
                    if other_pos != pos and other_layout.is_walled(
                        self.local_of(other), OPPOSITE[direction]
                    ):
                        continue
                    open_sides[direction] = other
                table[space] = open_sides
        return table
