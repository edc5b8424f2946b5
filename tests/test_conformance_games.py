"""Every shipped game and scenario passes the core protocol conformance check.

Seeded random games are played to the end on every ruleset; at each step the
check verifies legal actions, exact chance outcomes, clone independence, the
to_dict round trip, JSON action round trips and that a rejected action changes
nothing; finally a replay of the history must reproduce the game exactly.
"""

from __future__ import annotations

import pytest

from rulekeeper.core.conformance import check_game, fuzz_game
from rulekeeper.core.game import Game
from rulekeeper.core.registry import SHIPPED_GAMES, all_games

CASES = [
    (game, scenario.name, ruleset)
    for game in all_games()
    if game.name in SHIPPED_GAMES
    for scenario in game.scenarios()
    for ruleset in (scenario.rulesets or game.rulesets)
]


@pytest.mark.parametrize(
    ("game", "scenario", "ruleset"),
    CASES,
    ids=[f"{g.name}-{s}-{r}" for g, s, r in CASES],
)
def test_shipped_scenarios_conform_to_the_protocol(game: Game, scenario: str, ruleset: str) -> None:
    report = check_game(game, scenario, range(1, 4), ruleset=ruleset)
    assert report.games == 3
    assert all(o.split(":")[0] in ("won", "lost") for o in report.outcomes), report.outcomes


@pytest.mark.parametrize(
    ("game", "scenario", "ruleset"),
    CASES,
    ids=[f"{g.name}-{s}-{r}" for g, s, r in CASES],
)
def test_near_miss_actions_are_refused_cleanly(game: Game, scenario: str, ruleset: str) -> None:
    """Nudged and out-of-place actions are refused with a RuleViolation, never a crash."""
    assert fuzz_game(game, scenario, range(1, 3), ruleset=ruleset) > 0


def test_every_shipped_game_package_registers() -> None:
    """Each shipped game package that exists exposes a GAME the registry finds."""
    from importlib.util import find_spec

    present = [
        name
        for name in SHIPPED_GAMES
        if find_spec(f"rulekeeper.games.{name}") and find_spec(f"rulekeeper.games.{name}.game")
    ]
    registered = {g.name for g in all_games()}
    assert set(present) <= registered
