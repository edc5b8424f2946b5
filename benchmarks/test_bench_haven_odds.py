"""Exact haven attack odds: a 20-card deck with advantage and two rolling cards added.

Goal: under 5 ms per question. ``cold`` clears the cache of resolved card sets
first, as a fresh question would find it; ``warm`` is a repeated question.
"""

from __future__ import annotations

import pytest

from rulekeeper.games.haven.attack_draw import _resolve_cards
from rulekeeper.games.haven.attacks import Attack, Target
from rulekeeper.games.haven.modifiers import ModifierDeck
from rulekeeper.games.haven.odds import Odds, odds
from rulekeeper.games.haven.ruleset import FROSTHAVEN, GLOOMHAVEN, Ruleset


def deck_with_two_rolling(ruleset: Ruleset) -> ModifierDeck:
    deck = ModifierDeck.standard("hero", ruleset)
    deck.shuffle_in("rolling+1", 2)
    return deck


def cold_odds(ruleset: Ruleset, deck: ModifierDeck) -> Odds:
    _resolve_cards.cache_clear()
    return odds(Attack(3), Target(shield=1), deck, ruleset, "advantage")


@pytest.mark.parametrize("ruleset", [GLOOMHAVEN, FROSTHAVEN], ids=lambda r: r.name)
def test_bench_haven_odds_advantage_two_rolling_cold(benchmark, ruleset: Ruleset) -> None:  # type: ignore[no-untyped-def]
    deck = deck_with_two_rolling(ruleset)
    result = benchmark(cold_odds, ruleset, deck)
    assert sum(result.damage.values()) == 1


@pytest.mark.parametrize("ruleset", [GLOOMHAVEN, FROSTHAVEN], ids=lambda r: r.name)
def test_bench_haven_odds_advantage_two_rolling_warm(benchmark, ruleset: Ruleset) -> None:  # type: ignore[no-untyped-def]
    deck = deck_with_two_rolling(ruleset)
    result = benchmark(odds, Attack(3), Target(shield=1), deck, ruleset, "advantage")
    assert sum(result.damage.values()) == 1
