"""Issue 17: every haven choice has a human label: no raw action ids, no True/False."""

from __future__ import annotations

import random

import pytest

from rulekeeper.core.randomness import SeededSampler, choose_step
from rulekeeper.core.registry import find_game

GAME = find_game("haven")
RAW = (
    "act-first ",
    "long-rest ",
    "move-to ",
    "force-step ",
    "place-summon ",
    "place-area ",
    "target ",
    "monster-option ",
    "negate ",
    "lose-card ",
    "rest-loss ",
    "recover ",
    "short-rest ",
    "redraw ",
    "use-item ",
    "end-bonus ",
    "decline-effect ",
)


@pytest.mark.parametrize("scenario", ["ember-vault", "frozen-weir"])
def test_haven_choices_read_as_words(scenario: str) -> None:
    seen = set()
    for ruleset in GAME.rulesets:
        state = GAME.new_state(scenario, 3, ruleset)
        rng = random.Random(3)
        sampler = SeededSampler(3)
        for _ in range(250):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply(choose_step(state, None, sampler)[0])
                continue
            actions = state.legal_actions()
            for action in actions:
                label = GAME.describe_action(state, action)
                seen.add(type(action).__name__)
                assert "True" not in label and "False" not in label, label
                assert not label.startswith(RAW), label
                assert label not in ("skip", "keep-effects"), label
            state.apply(rng.choice(actions))
    assert {"SelectCard", "PlayHalf", "MoveTo"} <= seen
