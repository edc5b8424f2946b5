"""The drivers list the legal actions once per step (issue 12, "Search and rollouts").

play_out, play_step, the CLI's --auto loop and the conformance check all
choose from one listing and apply the choice checked against that same list
(``State.apply(..., legal=...)``). Counted here on haven, whose listing is the
costly part of a step.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rulekeeper import native
from rulekeeper.core import RandomPolicy, RuleViolation, SeededSampler, play_out
from rulekeeper.core.actions import Action
from rulekeeper.core.randomness import play_step
from rulekeeper.games.haven.actions import SelectCard
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.state import HavenState


def listings(case: str) -> dict[str, Any]:
    """Run ``case`` of listing_counts.py on the pure modules in a child process: the
    listings are counted on ``legality.legal_actions``, which compiled callers reach
    directly, past any hook (the drivers and the rules are the same source either way)."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    env[native.PURE_VARIABLE] = "1"
    env["PYTHONPATH"] = os.pathsep.join([native.SOURCE_ROOT, env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("listing_counts.py")), case],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize("case", ["checked", "trusted"])
def test_play_out_lists_once_per_player_step(case: str) -> None:
    counted = listings(case)
    assert counted["terminal"] and counted["steps"] > 50
    assert counted["listed"] == counted["steps"]


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


def test_cli_auto_lists_once_per_player_step() -> None:
    counted = listings("cli")
    assert counted["finished"]
    assert counted["listed"] == counted["steps"]


def test_conformance_lists_once_per_step_outside_its_deep_checks() -> None:
    counted = listings("conformance")
    # One listing per step (chance included: check_step compares both), plus the last.
    assert counted["listed"] == counted["actions"] + 1
