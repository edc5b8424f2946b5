"""The drivers list the legal actions once per step (issue 12, "Search and rollouts").

play_out, play_step, the CLI's --auto loop and the conformance check all
choose from one listing and apply the choice checked against that same list
(``State.apply(..., legal=...)``). Counted here on haven, whose listing is the
costly part of a step.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from rich.console import Console

from rulekeeper.cli.play import PlaySession
from rulekeeper.core import RandomPolicy, RuleViolation, SeededSampler, play_out
from rulekeeper.core.actions import Action
from rulekeeper.core.conformance import check_game
from rulekeeper.core.game import CHANCE
from rulekeeper.core.randomness import play_step
from rulekeeper.games.haven import legality
from rulekeeper.games.haven.actions import SelectCard
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.state import HavenState


@pytest.fixture
def listings(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[int]]:
    """How many times each state (by id) had its legal actions listed."""
    counts: Counter[int] = Counter()
    real = legality.legal_actions

    def counting(state: HavenState, player: int | None = None) -> list[Action]:
        counts[id(state)] += 1
        return real(state, player)

    monkeypatch.setattr(legality, "legal_actions", counting)
    yield counts


def player_steps(state: HavenState) -> int:
    return sum(1 for player, _ in state.history if player != CHANCE)


@pytest.mark.parametrize("trusted", [False, True])
def test_play_out_lists_once_per_player_step(listings: Counter[int], trusted: bool) -> None:
    state = GAME.new_state("sunken-larder", 3, "frosthaven")
    play_out(state, RandomPolicy(3), SeededSampler(3), trusted=trusted)
    assert state.is_terminal() and player_steps(state) > 50
    assert listings[id(state)] == player_steps(state)


def test_checked_and_trusted_play_give_the_same_game() -> None:
    checked = play_out(
        GAME.new_state("sunken-larder", 4, "gloomhaven"), RandomPolicy(4), SeededSampler(4)
    )
    trusted = play_out(
        GAME.new_state("sunken-larder", 4, "gloomhaven"),
        RandomPolicy(4),
        SeededSampler(4),
        trusted=True,
    )
    assert checked.to_dict() == trusted.to_dict()


class Stubborn:
    """A policy that ignores the list and always returns the same action."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, state: HavenState) -> Action:
        return self.action

    def choose_from(self, state: HavenState, legal: list[Action]) -> Action:
        return self.action


def test_an_unlisted_choice_is_still_refused_with_its_rule() -> None:
    state = GAME.new_state("sunken-larder", 1, "gloomhaven")
    while state.is_chance_node():  # HV-SCEN-1: the standees' numbers are drawn first
        state.apply(SeededSampler(1).sample(state))
    before = state.to_dict()
    with pytest.raises(RuleViolation) as refused:
        play_step(state, Stubborn(SelectCard("nobody", "no-card")), SeededSampler(1))
    assert refused.value.rule_id.startswith("HV-CARD")
    assert state.to_dict() == before


def test_cli_auto_lists_once_per_player_step(listings: Counter[int]) -> None:
    state = GAME.new_state("sunken-larder", 5, "gloomhaven")
    session = PlaySession(
        state, Console(quiet=True), lambda _: None, policy=RandomPolicy(5), quiet=True
    )
    assert session.run()
    assert listings[id(session.state)] == player_steps(session.state)


def test_conformance_lists_once_per_step_outside_its_deep_checks(
    listings: Counter[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulekeeper.core import conformance

    # The deep checks (at step 0 even with a large deep_every) probe illegal actions on the
    # state itself, each refusal listing again: they are left out of this count.
    monkeypatch.setattr(conformance, "_check_deep", lambda *_: None)
    report = check_game(GAME, "sunken-larder", [2], ruleset="frosthaven", deep_every=10**9)
    main = max(listings.values())
    # One listing per step (chance included: check_step compares both), plus the last.
    assert main == report.actions + 1
