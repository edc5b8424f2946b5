"""Decks draw card by card as chance nodes and conserve cards; dice list exact faces."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import ContentError, Deck, Die, RuleViolation, pool_distribution

cards = st.lists(
    st.sampled_from(["+0", "+1", "-1", "x2", "null", "bless"]), min_size=1, max_size=25
)


@given(cards, st.lists(st.integers(0, 1000), max_size=40))
def test_deck_conserves_cards_through_draws_discards_and_reshuffles(
    pile: list[str], picks: list[int]
) -> None:
    deck = Deck.of(pile)
    everything = Counter(pile)
    in_hand: list[str] = []
    for pick in picks:
        if deck.is_empty:
            deck.reshuffle()
            if deck.is_empty:
                break
        outcomes = deck.draw_outcomes()
        assert sum(p for _, p in outcomes) == 1
        card = outcomes[pick % len(outcomes)][0]
        in_hand.append(deck.draw(card))
        if pick % 3 == 0:
            deck.discard(in_hand.pop())
        assert deck.all_cards() + Counter(in_hand) == everything


def test_draw_probabilities_follow_the_copies_left() -> None:
    deck = Deck.of(["+0", "+0", "+0", "+1"])
    assert deck.draw_outcomes() == [("+0", Fraction(3, 4)), ("+1", Fraction(1, 4))]
    deck.draw("+0")
    assert deck.draw_outcomes() == [("+0", Fraction(2, 3)), ("+1", Fraction(1, 3))]


def test_drawing_a_card_not_in_the_pile_is_refused_and_changes_nothing() -> None:
    deck = Deck.of(["+0", "+1"])
    with pytest.raises(RuleViolation):
        deck.draw("x2")
    assert deck.draw_pile == ["+0", "+1"]


def test_an_empty_pile_must_be_reshuffled_before_drawing() -> None:
    deck = Deck.of(["+0"])
    deck.discard(deck.draw("+0"))
    with pytest.raises(RuleViolation, match="reshuffle"):
        deck.draw_outcomes()
    deck.reshuffle()
    assert deck.draw_outcomes() == [("+0", Fraction(1))]


def test_an_ordered_deck_draws_from_the_top() -> None:
    deck = Deck.of(["b", "a", "c"], ordered=True)
    assert deck.draw_outcomes() == [("b", Fraction(1))]
    with pytest.raises(RuleViolation, match="top card"):
        deck.draw("a")
    assert deck.draw("b") == "b"


def test_extra_cards_leave_the_deck() -> None:
    deck = Deck.of(["+0", "bless", "bless"])
    assert deck.remove_everywhere("bless") == 2
    assert deck.all_cards() == Counter({"+0": 1})


def test_deck_round_trips_and_rejects_a_malformed_dict() -> None:
    deck = Deck.of(["+1", "+0"])
    deck.discard(deck.draw("+0"))
    assert Deck.from_dict(deck.to_dict()) == deck
    with pytest.raises(ContentError, match="deck"):
        Deck.from_dict({"draw": []})


def test_die_outcomes_are_exact_and_merge_equal_faces() -> None:
    die = Die("red", ("blank", "hit", "hit", "crit", "blank", "blank"))
    assert die.outcomes() == [
        ("blank", Fraction(1, 2)),
        ("hit", Fraction(1, 3)),
        ("crit", Fraction(1, 6)),
    ]
    assert Die.from_dict(die.to_dict()) == die


def test_a_die_needs_faces() -> None:
    with pytest.raises(ContentError, match="at least one face"):
        Die("empty", ())


def test_pool_distribution_of_two_dice() -> None:
    coin = Die("coin", ("0", "1"))
    assert pool_distribution([coin, coin], int) == {
        0: Fraction(1, 4),
        1: Fraction(1, 2),
        2: Fraction(1, 4),
    }


def test_a_deck_copies_deep_copies_and_pickles_to_an_equal_deck_of_its_own() -> None:
    """Decks are compiled where the compiled path runs (issue 12): copies of every kind keep
    both piles and the order flag, and share no pile."""
    deck = Deck.of(["a", "b", "b"], ordered=True)
    deck.discard_pile.append("c")
    for twin in (deck.copy(), copy.deepcopy(deck), pickle.loads(pickle.dumps(deck))):
        assert twin == deck and twin.to_dict() == deck.to_dict() and twin.ordered
        assert twin.draw_pile is not deck.draw_pile
        assert twin.discard_pile is not deck.discard_pile
        twin.draw_pile.clear()
        assert deck.draw_pile == ["a", "b", "b"]


def test_a_deck_copy_sets_every_field() -> None:
    """``Deck.copy`` sets its fields one by one (issue 12): a field added later must be
    copied too."""
    deck = Deck(["a"], ["b"], True)
    for f in dataclasses.fields(Deck):  # every field differs from its default here
        default = f.default_factory() if callable(f.default_factory) else f.default
        assert getattr(deck, f.name) != default, f.name
    assert deck.copy() == deck
