"""CORE-CHANCE: the samplers' draws are exactly the standard library's, so seeded games
replay as they always have (issue 12 moved the draws into compiled code)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core.randomness import (
    RandomPolicy,
    SeededSampler,
    below,
    pick_weighted,
    seed_number,
)


@given(seed=st.integers(0, 2**64), n=st.integers(1, 2**70), draws=st.integers(1, 5))
def test_below_is_the_draw_of_randrange(seed: int, n: int, draws: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    assert [below(mine, n) for _ in range(draws)] == [theirs.randrange(n) for _ in range(draws)]
    assert mine.getstate() == theirs.getstate()


@given(seed=st.text(max_size=20), size=st.integers(1, 40))
def test_the_random_policy_picks_what_random_choice_picks(seed: str, size: int) -> None:
    actions: list[Any] = [f"a{i}" for i in range(size)]
    policy = RandomPolicy(0)
    policy.rng.seed(seed)
    expected = random.Random(seed)
    state: Any = None
    for _ in range(3):
        assert policy.choose_from(state, actions) == expected.choice(actions)


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_an_empty_range(n: int) -> None:
    with pytest.raises(ValueError, match="empty range"):
        below(random.Random(1), n)


def test_pick_weighted_gives_each_outcome_exactly_its_share() -> None:
    """Over every ticket of the common denominator (12), each outcome gets its weight."""
    outcomes: list[Any] = [("a", Fraction(1, 4)), ("b", Fraction(2, 3)), ("c", Fraction(1, 12))]

    class Tickets(random.Random):
        def __init__(self, ticket: int) -> None:
            super().__init__(0)
            self.ticket = ticket

        def getrandbits(self, k: int) -> int:
            assert k == (12).bit_length()
            return self.ticket

    picked: list[Any] = [pick_weighted(outcomes, Tickets(t)) for t in range(12)]
    assert picked.count("a") == 3 and picked.count("b") == 8 and picked.count("c") == 1


@given(
    seed=st.integers(0, 2**32),
    size=st.integers(1, 30),
    numerator=st.integers(1, 3),
    spare=st.integers(0, 5),
)
def test_equal_shares_pick_what_the_weighted_loop_picks(
    seed: int, size: int, numerator: int, spare: int
) -> None:
    """Outcomes sharing one probability object take the equal-shares path; equal but
    distinct objects take the weighted loop: the same draw picks the same outcome, and
    shares that do not sum to 1 are refused alike when the ticket falls past them."""
    denominator = size * numerator + spare
    shared = Fraction(numerator, denominator)
    same: list[Any] = [(f"o{i}", shared) for i in range(size)]
    distinct: list[Any] = [(f"o{i}", Fraction(numerator, denominator)) for i in range(size)]
    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(3):
        try:
            expected = pick_weighted(distinct, theirs)
        except ValueError:
            with pytest.raises(ValueError, match="do not sum to 1"):
                pick_weighted(same, mine)
        else:
            assert pick_weighted(same, mine) == expected
        assert mine.getstate() == theirs.getstate()


def test_equal_shares_of_nothing_are_refused() -> None:
    nothing = Fraction(0)
    outcomes: list[Any] = [("a", nothing), ("b", nothing)]
    with pytest.raises(ValueError, match="do not sum to 1"):
        pick_weighted(outcomes, random.Random(1))


@given(seed=st.integers(-(2**40), 2**40), position=st.integers(0, 10**6))
def test_the_sampler_seeds_the_generator_random_random_would(seed: int, position: int) -> None:
    """CORE-CHANCE: the sampler seeds the generator core itself (issue 12); its state is
    the one ``random.Random`` reaches from the same text, so every seeded game's dice
    are as they were."""
    text = f"chance:{seed}:{position}"
    core = SeededSampler(seed)._rng
    core.seed(seed_number(text))
    assert core.getstate() == random.Random(text).getstate()[1]
    assert core.getrandbits(40) == random.Random(text).getrandbits(40)
