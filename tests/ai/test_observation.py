"""Observations (issue 15): fixed layouts, and hidden information stays hidden.

Haven hides the order of the ability and modifier decks and the other
characters' selected cards before they are revealed (HV-CARD-1/2); ether hides
the order of its decks. Each test builds two states that differ only in what
a player may not see and checks that player's tensor and strings are equal.
"""

from __future__ import annotations

import pytest
from walks import SCENARIO_IDS, SCENARIOS, bound_game, walk

from rulekeeper.ai.adapter import AgentGame
from rulekeeper.core.game import State
from rulekeeper.core.randomness import SeededSampler
from rulekeeper.games.haven.actions import SelectCard
from rulekeeper.games.haven.state import HavenState


def views(bound: AgentGame, state: State, viewer: int) -> tuple[list[float], str, str]:
    return (
        bound.features(state, viewer),
        bound.observation_string(state, viewer),
        bound.information_state_string(state, viewer),
    )


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_features_fill_the_documented_layout(scenario: tuple[str, str, str]) -> None:
    bound = bound_game(scenario)
    names = [name for name, _ in bound.layout.segments]
    assert len(names) == len(set(names))
    assert names[:3] == ["acting", "viewer", "round"]
    for state in walk(bound, 5, 150):
        for viewer in range(bound.num_players):
            features = bound.features(state, viewer)
            assert len(features) == bound.feature_size
            acting = features[: bound.num_players + 2]
            assert sum(acting) == 1.0
            assert features[bound.num_players + 2 + viewer] == 1.0


def _selection_state() -> tuple[AgentGame, HavenState]:
    bound = bound_game(("haven", "sunken-larder", "gloomhaven"))
    state = bound.new_state(2)
    sampler = SeededSampler(2)
    while state.is_chance_node():  # HV-SCEN-1: the standees' numbers are drawn first
        state.apply(sampler.sample(state))
    assert isinstance(state, HavenState) and state.phase == "select"
    return bound, state


def test_haven_other_players_selected_cards_are_hidden_until_revealed() -> None:
    """HV-CARD-1/2: cards are selected face down; others see only that a choice was made."""
    bound, state = _selection_state()
    chooser = state.current_player()
    picks = [a for a in state.legal_actions() if isinstance(a, SelectCard)]
    one, other = state.clone(), state.clone()
    one.apply(picks[0])
    other.apply(picks[1])
    assert one.to_dict()["state"] != other.to_dict()["state"]
    for viewer in range(bound.num_players):
        if viewer == chooser:
            assert views(bound, one, viewer) != views(bound, other, viewer)
        else:
            assert views(bound, one, viewer) == views(bound, other, viewer)


def test_haven_selected_cards_are_seen_once_revealed() -> None:
    bound, state = _selection_state()
    while state.phase == "select":
        picks = [a for a in state.legal_actions() if isinstance(a, SelectCard)]
        state.apply(picks[0] if picks else state.legal_actions()[0])
    shown = bound.information_state_string(state, 1)
    assert " ?" not in shown
    assert "select-card" in shown


def test_haven_deck_order_is_hidden() -> None:
    """Only the remaining cards of a modifier or ability deck are seen, not their order."""
    bound, state = _selection_state()
    shuffled = state.clone()
    assert isinstance(shuffled, HavenState)
    for deck in shuffled.decks:
        deck.cards.draw_pile.reverse()
    for group in shuffled.groups.values():
        group.deck.draw_pile.reverse()
    assert shuffled.to_dict()["state"] != state.to_dict()["state"]
    for viewer in range(bound.num_players):
        assert views(bound, state, viewer) == views(bound, shuffled, viewer)


def test_ether_deck_order_is_hidden() -> None:
    bound = bound_game(("ether", "lantern-rift", "standard"))
    state = bound.new_state(4)
    shuffled = state.clone()
    for deck in ("influence", "item", "enemy", "map"):
        getattr(shuffled, f"{deck}_deck").draw_pile.reverse()
    assert shuffled.to_dict()["state"] != state.to_dict()["state"]
    for viewer in range(bound.num_players):
        assert views(bound, state, viewer) == views(bound, shuffled, viewer)
