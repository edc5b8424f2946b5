"""Exact haven attack odds with advantage, attack 3 against shield 1.

A 20-card deck with two rolling +1 added (goal: under 5 ms per question;
``cold`` clears the cache of resolved card sets first, as a fresh question
would find it; ``warm`` is a repeated question), and the standard deck with 0,
18 or 40 rolling cards of six kinds added in turn (issue 12: 40 rolling cards
with Frosthaven advantage in under 1 s for the whole ``rulekeeper haven odds``
process).
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


SIX_KINDS = (
    "rolling+1",
    "rolling+2",
    "rolling-pierce-3",
    "rolling-poison",
    "rolling-wound",
    "rolling-push-1",
)


def deck_with_rolling(ruleset: Ruleset, count: int) -> ModifierDeck:
    """The standard deck plus ``count`` rolling cards, the six kinds in turn."""
    deck = ModifierDeck.standard("hero", ruleset)
    for i in range(count):
        deck.shuffle_in(SIX_KINDS[i % len(SIX_KINDS)])
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


@pytest.mark.parametrize("rolling", [0, 18, 40])
@pytest.mark.parametrize("ruleset", [GLOOMHAVEN, FROSTHAVEN], ids=lambda r: r.name)
def test_bench_haven_odds_advantage_many_rolling(benchmark, ruleset: Ruleset, rolling: int) -> None:  # type: ignore[no-untyped-def]
    deck = deck_with_rolling(ruleset, rolling)
    result = benchmark(cold_odds, ruleset, deck)
    assert sum(result.damage.values()) == 1
