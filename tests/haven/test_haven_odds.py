"""Exact attack odds: hand-computed answers, a physical-shuffle Monte Carlo, an
exhaustive check against every ordering of small decks, and the fast method
against the card-by-card enumeration it replaced."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.attack_draw import AttackDraw, Done, NeedCard, NeedChoice
from rulekeeper.games.haven.attacks import Attack, AttackContext, Target, attack_context
from rulekeeper.games.haven.modifiers import Effect, ModifierDeck, standard_catalog
from rulekeeper.games.haven.odds import (
    ChoicePolicy,
    keep_most_damage,
    odds,
    odds_by_enumeration,
    odds_of_draw,
)
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN, Ruleset

CATALOG = standard_catalog()


def standard(ruleset: Ruleset = GLOOMHAVEN, *extra: str) -> ModifierDeck:
    deck = ModifierDeck.standard("hero", ruleset)
    for card in extra:
        deck.shuffle_in(card)
    return deck


# -- hand-computed answers


def test_HV_MOD_1_attack_3_shield_0_full_deck_averages_exactly_3() -> None:
    """Damage by card with attack 3: +0 → 3 (×6), +1 → 4 (×5), −1 → 2 (×5), +2 → 5,
    −2 → 1, ×2 → 6, null → 0. Total 18 + 20 + 10 + 5 + 1 + 6 + 0 = 60, over 20 cards: 3."""
    result = odds(Attack(3), Target(), standard(), GLOOMHAVEN, "none")
    assert result.expected_damage == 3
    assert result.damage == {
        0: Fraction(1, 20),
        1: Fraction(1, 20),
        2: Fraction(5, 20),
        3: Fraction(6, 20),
        4: Fraction(5, 20),
        5: Fraction(1, 20),
        6: Fraction(1, 20),
    }
    assert result.at_least(4) == Fraction(7, 20)


def test_HV_ADV_1_attack_3_with_advantage_is_the_best_of_two_cards() -> None:
    """Two of the 20 cards, the better kept. Cards dealing at most k: c(0..6) = 1, 2, 7, 13,
    18, 19, 20. P(best ≤ k) = C(c(k), 2) / C(20, 2) = 0, 1, 21, 78, 153, 171, 190 (/190).
    So P(best = k) = 0, 1, 20, 57, 75, 18, 19 (/190), and the mean is
    (1 + 40 + 171 + 300 + 90 + 114) / 190 = 716 / 190 = 358 / 95."""
    for ruleset in (GLOOMHAVEN, FROSTHAVEN):
        result = odds(Attack(3), Target(), standard(ruleset), ruleset, "advantage")
        assert result.expected_damage == Fraction(358, 95)
        assert result.damage[2] == Fraction(20, 190) and result.damage[6] == Fraction(19, 190)


def test_HV_ADV_2_attack_3_with_disadvantage_is_the_worse_of_two_cards() -> None:
    """Cards dealing at least k (k = 1..6): 19, 18, 13, 7, 2, 1. P(worse ≥ k) = C(n, 2) / 190:
    171, 153, 78, 21, 1, 0. The mean is the sum of those: 424 / 190 = 212 / 95."""
    result = odds(Attack(3), Target(), standard(), GLOOMHAVEN, "disadvantage")
    assert result.expected_damage == Fraction(212, 95)


def test_HV_ATK_1_shield_1_with_pierce_1_is_like_no_shield() -> None:
    """Pierce 1 cancels shield 1, so every card deals what it deals unshielded: mean 60 / 20 = 3."""
    result = odds(Attack(3, pierce=1), Target(shield=1), standard(), GLOOMHAVEN, "none")
    assert result.expected_damage == 3


def test_HV_ATK_1_shield_2_with_pierce_1_takes_one_off_each_hit() -> None:
    """Shield 2 − pierce 1 = 1. Damage: null 0, −2 0, −1 1 (×5), +0 2 (×6), +1 3 (×5), +2 4,
    ×2 5. Total 0 + 0 + 5 + 12 + 15 + 4 + 5 = 41, over 20: 41/20."""
    result = odds(Attack(3, pierce=1), Target(shield=2), standard(), GLOOMHAVEN, "none")
    assert result.expected_damage == Fraction(41, 20)


def test_HV_MOD_3_added_effects_have_their_own_odds() -> None:
    """One rolling poison among 21 cards: it applies only when it is the first card drawn: 1/21."""
    result = odds(Attack(3), Target(), standard(GLOOMHAVEN, "rolling-poison"), GLOOMHAVEN, "none")
    assert result.effects == {"poison": Fraction(1, 21)}
    assert sum(result.damage.values()) == 1


def test_HV_ATK_1_poisoned_target_adds_one_to_the_mean() -> None:
    plain = odds(Attack(2), Target(), standard(), GLOOMHAVEN, "none")
    poisoned = odds(Attack(2), Target(conditions=("poison",)), standard(), GLOOMHAVEN, "none")
    # Every card but null and ×2 adds exactly 1; ×2 adds 2 (3×2 vs 2×2): (18 + 2) / 20 = 1.
    assert poisoned.expected_damage - plain.expected_damage == 1


def test_odds_follow_the_attack_mode_when_none_is_given() -> None:
    """HV-ATK-3 through odds(): ranged attack on an adjacent target = disadvantage."""
    implied = odds(Attack(3, ranged=True), Target(adjacent=True), standard(), GLOOMHAVEN)
    assert implied.expected_damage == Fraction(212, 95)


def test_odds_do_not_change_the_deck() -> None:
    deck = standard(FROSTHAVEN, "rolling+1", "bless")
    before = deck.to_dict()
    odds(Attack(3), Target(), deck, FROSTHAVEN, "advantage")
    assert deck.to_dict() == before


def test_HV_ATK_4_odds_reshuffle_an_empty_deck_mid_attack() -> None:
    """Draw pile [rolling +1], discard [+1, −1]: the rolling card is drawn, the pile is empty,
    the discard is reshuffled, then +1 or −1 with even odds: 3+1+1 = 5 or 3+1−1 = 3."""
    deck = ModifierDeck("hero", Deck(["rolling+1"], ["+1", "-1"]))
    result = odds(Attack(3), Target(), deck, GLOOMHAVEN, "none")
    assert result.damage == {3: Fraction(1, 2), 5: Fraction(1, 2)}


def test_odds_of_a_draw_already_under_way() -> None:
    deck = standard(GLOOMHAVEN, "rolling+1", "rolling+1")
    context = AttackContext(3)
    process = AttackDraw.start(GLOOMHAVEN, "hero", context, "advantage").after_draw("rolling+1")
    deck.draw("rolling+1", CATALOG)
    result = odds_of_draw(process, deck, CATALOG)
    # 21 cards left. The null second (1/21) deals 0; the other rolling +1 second (1/21) starts
    # a chain whose next card is the null with 1/20. P(0) = 1/21 + 1/21 × 1/20 = 21/420 = 1/20.
    assert sum(result.damage.values()) == 1
    assert result.damage[0] == Fraction(1, 20)


# -- Monte Carlo with a physically shuffled deck


def simulate(
    process: AttackDraw, draw: list[str], discard: list[str], rng: random.Random
) -> tuple[int, tuple[Effect, ...]]:
    """One attack with a real shuffled pile; an empty pile gets the shuffled discards."""
    pile = list(draw)
    rng.shuffle(pile)
    spare = list(discard)
    while True:
        step = process.next_step(CATALOG)
        if isinstance(step, Done):
            return step.outcome.damage, step.outcome.effects
        if isinstance(step, NeedChoice):
            process = process.after_choice(keep_most_damage(step))
            continue
        if not pile:
            pile, spare = spare, []
            rng.shuffle(pile)
        process = process.after_draw(pile.pop())


def agree_with_monte_carlo(
    ruleset: Ruleset,
    mode: str,
    draw: list[str],
    discard: list[str],
    attack: int,
    shield: int,
    seed: int,
) -> None:
    deck = ModifierDeck("hero", Deck.of(draw))
    deck.cards.discard_pile = list(discard)
    exact = odds(Attack(attack), Target(shield=shield), deck, ruleset, mode)  # type: ignore[arg-type]
    context = attack_context(Attack(attack), Target(shield=shield), ruleset)
    process = AttackDraw.start(ruleset, "hero", context, mode, attacker_is_character=True)  # type: ignore[arg-type]
    rng = random.Random(seed)
    trials = 20_000
    results = [simulate(process, draw, discard, rng) for _ in range(trials)]
    mean = sum(d for d, _ in results) / trials
    variance = float(sum((d - exact.expected_damage) ** 2 * p for d, p in exact.damage.items()))
    assert abs(mean - float(exact.expected_damage)) < 5 * math.sqrt(variance / trials) + 1e-9
    seen = Counter(d for d, _ in results)
    for damage, p in exact.damage.items():
        tolerance = 5 * math.sqrt(float(p) * (1 - float(p)) / trials) + 1e-9
        assert abs(seen[damage] / trials - float(p)) < tolerance, damage
    assert set(seen) <= set(exact.damage)
    for name, p in exact.effects.items():
        share = sum(1 for _, effects in results if name in map(str, effects)) / trials
        assert abs(share - float(p)) < 5 * math.sqrt(float(p) * (1 - float(p)) / trials) + 1e-9


def test_exact_odds_agree_with_monte_carlo_frosthaven_advantage_with_rolling_cards() -> None:
    draw = [
        *CATALOG.standard_cards(FROSTHAVEN),
        "rolling+1",
        "rolling+1",
        "rolling-poison",
        "bless",
    ]
    agree_with_monte_carlo(FROSTHAVEN, "advantage", draw, [], 3, 1, seed=7)


def test_exact_odds_agree_with_monte_carlo_gloomhaven_disadvantage_with_reshuffle() -> None:
    draw = ["rolling+2", "rolling-wound", "+1"]
    discard = ["+0", "+0", "-1", "x2", "null", "rolling+1"]
    agree_with_monte_carlo(GLOOMHAVEN, "disadvantage", draw, discard, 2, 0, seed=11)


# -- every ordering of small decks


def by_permutations(process: AttackDraw, cards: list[str]) -> dict[int, Fraction]:
    """The damage distribution over every ordering of the deck, equally likely."""
    tally: Counter[int] = Counter()
    orders = list(permutations(cards))
    for order in orders:
        current, position = process, 0
        while True:
            step = current.next_step(CATALOG)
            if isinstance(step, Done):
                tally[step.outcome.damage] += 1
                break
            if isinstance(step, NeedChoice):
                current = current.after_choice(keep_most_damage(step))
                continue
            assert isinstance(step, NeedCard)
            current = current.after_draw(order[position])
            position += 1
    return {d: Fraction(n, len(orders)) for d, n in sorted(tally.items())}


PLAIN = ["+0", "+1", "-1", "+2", "-2", "x2", "null", "bless", "curse", "+0-stun", "+1-immobilize"]
ROLLING = ["rolling+1", "rolling+2", "rolling-poison", "rolling-pierce-3"]


@settings(max_examples=60, deadline=None)
@given(
    plain=st.lists(st.sampled_from(PLAIN), min_size=2, max_size=4),
    rolling=st.lists(st.sampled_from(ROLLING), max_size=2),
    ruleset=st.sampled_from([GLOOMHAVEN, FROSTHAVEN]),
    mode=st.sampled_from(["none", "advantage", "disadvantage"]),
    character=st.booleans(),
    attack=st.integers(0, 4),
    shield=st.integers(0, 3),
)
def test_exact_odds_equal_every_ordering_of_a_small_deck(
    plain: list[str],
    rolling: list[str],
    ruleset: Ruleset,
    mode: str,
    character: bool,
    attack: int,
    shield: int,
) -> None:
    """The chance-node enumeration (with its memo) equals brute force over shuffles."""
    cards = plain + rolling
    deck = ModifierDeck("hero", Deck.of(cards))
    context = AttackContext(attack, shield)
    process = AttackDraw.start(ruleset, "hero", context, mode, attacker_is_character=character)  # type: ignore[arg-type]
    assert odds_of_draw(process, deck, CATALOG).damage == by_permutations(process, cards)


# -- the polynomial method against the enumeration of every draw order


def keep_first(step: NeedChoice) -> int:
    return step.options[0]


def keep_least_damage(step: NeedChoice) -> int:
    first, second = step.outcomes
    return step.options[1] if second.damage < first.damage else step.options[0]


ANY_CARD = PLAIN + ROLLING + ["rolling-wound", "rolling-push-1", "rolling-heal-1"]


def both_ways(
    process: AttackDraw, deck: ModifierDeck, choose: ChoicePolicy
) -> tuple[object, object]:
    """The fast answer and the enumerated one (or the rule each raised)."""
    answers: list[object] = []
    for method in (odds_of_draw, odds_by_enumeration):
        try:
            answers.append(method(process, deck, CATALOG, choose).joint)
        except RuleViolation as error:
            answers.append(("raised", error.rule_id, str(error)))
    return answers[0], answers[1]


@settings(max_examples=300, deadline=None)
@given(
    draw_plain=st.lists(st.sampled_from(PLAIN), max_size=4),
    draw_rolling=st.lists(st.sampled_from(ANY_CARD[len(PLAIN) :]), max_size=5),
    discard=st.lists(st.sampled_from(ANY_CARD), max_size=4),
    already=st.lists(st.sampled_from(ROLLING), max_size=2),
    ruleset=st.sampled_from([GLOOMHAVEN, FROSTHAVEN]),
    mode=st.sampled_from(["none", "advantage", "disadvantage"]),
    character=st.booleans(),
    attack=st.integers(0, 4),
    shield=st.integers(0, 3),
    pierce=st.integers(0, 2),
    factors=st.sampled_from([(), (Fraction(1, 2),), (Fraction(2),)]),
    choose=st.sampled_from([keep_most_damage, keep_first, keep_least_damage]),
)
def test_HV_MOD_3_HV_ADV_1_to_5_HV_ATK_4_exact_odds_equal_the_enumeration(
    draw_plain: list[str],
    draw_rolling: list[str],
    discard: list[str],
    already: list[str],
    ruleset: Ruleset,
    mode: str,
    character: bool,
    attack: int,
    shield: int,
    pierce: int,
    factors: tuple[Fraction, ...],
    choose: ChoicePolicy,
) -> None:
    """Rolling cards, ×2 and null, bless and curse, effects, pierce, ward and brittle, a
    draw already under way, reshuffles mid-draw and decks that run dry: the dynamic
    program over card counts gives exactly what walking every draw order gives."""
    deck = ModifierDeck("hero", Deck.of(draw_plain + draw_rolling))
    deck.cards.discard_pile = sorted(discard)
    context = AttackContext(attack, shield, pierce, factors)
    process = AttackDraw.start(ruleset, "hero", context, mode, attacker_is_character=character)  # type: ignore[arg-type]
    for card in already:
        process = process.after_draw(card)
    fast, enumerated = both_ways(process, deck, choose)
    assert fast == enumerated


@pytest.mark.parametrize("ruleset", [GLOOMHAVEN, FROSTHAVEN], ids=lambda r: r.name)
@pytest.mark.parametrize("mode", ["none", "advantage", "disadvantage"])
def test_HV_ATK_4_a_run_that_empties_the_pile_goes_on_in_the_reshuffled_discard(
    ruleset: Ruleset, mode: str
) -> None:
    """The pile holds only rolling cards (and then one +0): the discard pile is reshuffled
    mid-draw, once, and a deck with nothing left to reshuffle is a rule violation."""
    for draw, discard in (
        (["rolling+1", "rolling+2"], ["+1", "-1", "x2", "rolling-poison"]),
        (["rolling+1", "+0"], ["+1", "null", "rolling+2"]),
        ([], ["rolling+1", "+0", "+1"]),
        (["rolling+1"], ["rolling+2"]),
        (["rolling+1", "+0"], []),
    ):
        deck = ModifierDeck("hero", Deck.of(draw))
        deck.cards.discard_pile = sorted(discard)
        process = AttackDraw.start(
            ruleset, "hero", AttackContext(2, 1), mode, attacker_is_character=True
        )  # type: ignore[arg-type]
        fast, enumerated = both_ways(process, deck, keep_most_damage)
        assert fast == enumerated, (draw, discard)


def test_HV_ATK_4_a_deck_with_no_card_to_reshuffle_raises_in_both_methods() -> None:
    deck = ModifierDeck("hero", Deck.of(["rolling+1", "rolling+2"]))
    process = AttackDraw.start(GLOOMHAVEN, "hero", AttackContext(3), "none")
    fast, enumerated = both_ways(process, deck, keep_most_damage)
    assert fast == enumerated
    assert isinstance(fast, tuple) and fast[1] == "HV-ATK-4"


def test_an_ordered_pile_is_drawn_from_the_top() -> None:
    deck = ModifierDeck("hero", Deck(["rolling+1", "+1", "rolling+2"], ["-1", "+0"], ordered=True))
    process = AttackDraw.start(FROSTHAVEN, "hero", AttackContext(3), "advantage")
    fast, enumerated = both_ways(process, deck, keep_most_damage)
    assert fast == enumerated
    # rolling +1 then +1 are compared with the rolling +2 (its icon ignored): 3+1+2 = 6.
    assert fast == {(6, ()): Fraction(1)}


def forty_rolling(ruleset: Ruleset, kinds: list[str]) -> ModifierDeck:
    deck = standard(ruleset)
    for i in range(40):
        deck.shuffle_in(kinds[i % len(kinds)])
    return deck


def test_HV_MOD_3_forty_rolling_cards_closed_form() -> None:
    """Forty rolling poison among 20 cards: poison applies when one comes before every
    non-rolling card: 40/60. Forty rolling +1: the number drawn before the first
    non-rolling card averages 40/21 whichever card ends the run, so the mean damage is
    (18 × (3 + 40/21) + 2 × (3 + 40/21) + 0) / 20 = 3 + 40/21 = 103/21."""
    poison = odds(Attack(3), Target(), forty_rolling(GLOOMHAVEN, ["rolling-poison"]), GLOOMHAVEN)
    assert poison.effects == {"poison": Fraction(2, 3)}
    plus = odds(Attack(3), Target(), forty_rolling(GLOOMHAVEN, ["rolling+1"]), GLOOMHAVEN)
    assert plus.expected_damage == Fraction(103, 21)


def test_exact_odds_agree_with_monte_carlo_frosthaven_advantage_forty_rolling_cards() -> None:
    kinds = ["rolling+1", "rolling+2", "rolling-pierce-3", "rolling-poison", "rolling-wound"]
    draw = CATALOG.standard_cards(FROSTHAVEN) + [kinds[i % len(kinds)] for i in range(40)]
    agree_with_monte_carlo(FROSTHAVEN, "advantage", draw, [], 3, 1, seed=5)


def test_many_rolling_cards_stay_tractable() -> None:
    """Forty rolling cards of six kinds, Frosthaven advantage: polynomial in the cards."""
    kinds = [
        "rolling+1",
        "rolling+2",
        "rolling-pierce-3",
        "rolling-poison",
        "rolling-wound",
        "rolling-push-1",
    ]
    result = odds(
        Attack(3), Target(shield=1), forty_rolling(FROSTHAVEN, kinds), FROSTHAVEN, "advantage"
    )
    assert sum(result.damage.values()) == 1 and 0 < result.effects["poison"] < 1
