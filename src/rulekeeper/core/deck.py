"""Decks of cards drawn one at a time as chance nodes.

The draw pile is a multiset: its order is unknown, so drawing is a chance
node whose outcomes are the distinct cards left, weighted by how many copies
remain (DESIGN.md: draw card by card rather than shuffle whole decks). A deck
whose order *is* known (a stacked scenario deck) keeps ``ordered=True`` and
draws from the top.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rulekeeper.core.errors import ContentError, RuleViolation
from rulekeeper.i18n import _, lazy

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # runtime dependencies only: nothing is compiled
    from rulekeeper.native import mypyc_attr


@mypyc_attr(serializable=True)
@dataclass(slots=True)
class Deck:
    """A draw pile and a discard pile of card IDs (strings)."""

    draw_pile: list[str] = field(default_factory=list)
    discard_pile: list[str] = field(default_factory=list)
    ordered: bool = False

    @classmethod
    def of(cls, cards: Iterable[str], *, ordered: bool = False) -> Deck:
        pile = list(cards)
        return cls(pile if ordered else sorted(pile), [], ordered)

    def __len__(self) -> int:
        return len(self.draw_pile)

    @property
    def is_empty(self) -> bool:
        return not self.draw_pile

    def all_cards(self) -> Counter[str]:
        """Every card the deck holds, in either pile (for conservation checks)."""
        return Counter(self.draw_pile) + Counter(self.discard_pile)

    def draw_outcomes(self) -> list[tuple[str, Fraction]]:
        """The cards the next draw may reveal, with exact probabilities."""
        if not self.draw_pile:
            raise RuleViolation("CORE-DECK", lazy("the draw pile is empty; reshuffle first"))
        if self.ordered:
            return [(self.draw_pile[0], Fraction(1))]
        return list(_pile_outcomes(tuple(self.draw_pile)))

    def draw(self, card: str) -> str:
        """Take ``card`` from the draw pile (it is the chance outcome drawn)."""
        if self.ordered:
            if not self.draw_pile or self.draw_pile[0] != card:
                raise RuleViolation(
                    "CORE-DECK", lazy("{card} is not the top card", card=repr(card))
                )
            return self.draw_pile.pop(0)
        try:
            self.draw_pile.remove(card)
        except ValueError:
            raise RuleViolation(
                "CORE-DECK", lazy("{card} is not in the draw pile", card=repr(card))
            ) from None
        return card

    def discard(self, card: str) -> None:
        self.discard_pile.append(card)

    def add(self, card: str) -> None:
        """Shuffle one extra card into the draw pile."""
        if self.ordered:
            raise RuleViolation("CORE-DECK", lazy("cannot shuffle a card into an ordered deck"))
        self.draw_pile.append(card)
        self.draw_pile.sort()

    def remove_everywhere(self, card: str) -> int:
        """Remove every copy of ``card`` from both piles; returns how many."""
        before = len(self.draw_pile) + len(self.discard_pile)
        self.draw_pile = [c for c in self.draw_pile if c != card]
        self.discard_pile = [c for c in self.discard_pile if c != card]
        return before - len(self.draw_pile) - len(self.discard_pile)

    def reshuffle(self) -> None:
        """Return the discard pile to the draw pile (order becomes unknown)."""
        self.draw_pile = sorted(self.draw_pile + self.discard_pile)
        self.discard_pile = []
        self.ordered = False

    def copy(self) -> Deck:
        """A deck of its own with the same piles. Its fields are set one by one: a clone
        copies every deck, and the dataclass's generated ``__init__`` is interpreted even
        where this module is compiled (issue 12)."""
        other: Deck = Deck.__new__(Deck)
        other.draw_pile = self.draw_pile.copy()
        other.discard_pile = self.discard_pile.copy()
        other.ordered = self.ordered
        return other

    def to_dict(self) -> dict[str, Any]:
        return {
            "draw": list(self.draw_pile),
            "discard": list(self.discard_pile),
            "ordered": self.ordered,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        try:
            return cls(
                [str(c) for c in data["draw"]],
                [str(c) for c in data["discard"]],
                bool(data.get("ordered", False)),
            )
        except (KeyError, TypeError) as error:
            raise ContentError(
                _("a deck needs 'draw' and 'discard' lists ({reason})", reason=error), field="deck"
            ) from None


@lru_cache(maxsize=4096)
def _pile_outcomes(pile: tuple[str, ...]) -> tuple[tuple[str, Fraction], ...]:
    """The distinct cards of an unordered draw pile with their shares, worked out once per
    pile (rollouts meet the same few piles again and again; the result is immutable)."""
    counts = Counter(pile)
    total = len(pile)
    return tuple((card, _share(n, total)) for card, n in sorted(counts.items()))


@lru_cache(maxsize=4096)
def _share(count: int, total: int) -> Fraction:
    """``Fraction(count, total)``, made once (fractions are immutable; draws ask for the same
    few shares again and again in rollouts)."""
    return Fraction(count, total)
