"""Issue 18: the haven rule engine's log is translated into Catalan and Turkish.

A seeded random game of The Sunken Larder in each ruleset is played for a few
hundred trusted steps; every event the rule modules wrote (catalog area
``haven-rules``: turn.py, exhaustion.py, bonuses.py, rest.py, ...) must be a
message with a Catalan and a Turkish translation of every part, game terms
included, and show no English word once content names are taken out.
"""

from __future__ import annotations

from functools import cache

import pytest
from translation_checks import log_problems

from rulekeeper.core import RandomPolicy, SeededSampler
from rulekeeper.core.events import Event
from rulekeeper.games.haven.game import GAME
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.state import HavenState
from rulekeeper.games.haven.terms import CONDITION_TERMS, ELEMENT_TERMS
from rulekeeper.i18n import Msg, use_language
from rulekeeper.i18n_catalogs import extract, source_files

AREA = "haven-rules"
STEPS = 400


@cache
def area_messages() -> frozenset[str]:
    """The msgids extracted from the haven rule modules."""
    paths = [(area, path) for area, path in source_files() if area == AREA]
    return frozenset(item.singular for item in extract(paths)[AREA])


@cache
def played(ruleset: str, seed: int) -> HavenState:
    state = GAME.new_state("sunken-larder", seed, ruleset)
    assert isinstance(state, HavenState)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    for _ in range(STEPS):
        if state.is_terminal():
            break
        action = sampler.sample(state) if state.is_chance_node() else policy.choose(state)
        state.apply_trusted(action)
    return state


def engine_events(state: HavenState) -> list[Event]:
    """The events whose every message part is one of the rule modules' messages."""
    mine = area_messages()
    return [
        event
        for event in state.log
        if isinstance(event.message, Msg)
        and all(part.template in mine for part in event.message.parts())
    ]


@pytest.mark.parametrize("lang", ["ca", "tr"])
@pytest.mark.parametrize("ruleset", ["gloomhaven", "frosthaven"])
def test_the_rule_modules_log_is_fully_translated(ruleset: str, lang: str) -> None:
    state = played(ruleset, 11)
    events = engine_events(state)
    kinds = {event.kind for event in events}
    # a real game: turns, moves, attacks, modifier draws and damage all happened
    assert {"turn", "move", "attack", "modifier", "damage"} <= kinds, kinds
    assert log_problems(events, lang) == []


def test_game_terms_follow_the_readers_language() -> None:
    """Conditions and elements in a message are terms translated when shown."""
    assert {"poison", "wound", "stun", "bless", "curse"} <= set(CONDITION_TERMS)
    assert {"fire", "ice", "air", "earth", "light", "dark"} <= set(ELEMENT_TERMS)
    assert term("poison").render("ca") == "enverinament"  # type: ignore[union-attr]
    assert term("poison").render("tr") == "zehir"  # type: ignore[union-attr]
    assert term("fire").render("tr") == "ateş"  # type: ignore[union-attr]
    assert term("advantage").render("ca") == "avantatge"  # type: ignore[union-attr]
    assert term("bandit guard") == "bandit guard"  # a content name stays as it is
    state = played("frosthaven", 11)
    gained = next(
        (e for e in state.log if e.kind == "condition" and isinstance(e.message, Msg)), None
    )
    if gained is not None:
        with use_language("en"):
            english = gained.text
        assert gained.text_in("ca") != english
        assert gained.text_in("tr") != english
