"""Record the scripted games the language tests replay (tests/data/i18n/*.json).

Each is a whole game of a shipped scenario played by the seeded random policy
through the public API, written as a rulekeeper-replay/1 file. Run it again
(``.venv/bin/python tests/i18n/record_games.py``) when a game's rules change
what a seed plays.
"""

from __future__ import annotations

import json
from pathlib import Path

from rulekeeper.core.randomness import POLICIES, SeededSampler, choose_step
from rulekeeper.core.registry import find_game
from rulekeeper.core.replay import replay_to_json

DATA = Path(__file__).resolve().parent.parent / "data" / "i18n"

GAMES = {
    # family: (scenario, ruleset or None for the game's first, seed)
    "salvage": ("flooded-annex", None, 2),
    "areas": ("sunken-gate", None, 2),
    "ether": ("ember-vault", None, 1),
    "haven": ("frozen-weir", None, 1),
}
"""One short whole game per family."""

MAX_ACTIONS = 5000


def record(family: str) -> dict[str, object]:
    """The replay of ``family``'s scripted game."""
    scenario, ruleset, seed = GAMES[family]
    game = find_game(family)
    state = game.new_state(scenario, seed, game.check_ruleset(ruleset))
    policy = POLICIES["random"](seed)
    sampler = SeededSampler(seed)
    for _step in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        action, legal = choose_step(state, policy, sampler)
        state.apply(action, legal=legal)
    return replay_to_json(state)


def path_of(family: str) -> Path:
    scenario, _ruleset, seed = GAMES[family]
    return DATA / f"{family}-{scenario}-{seed}.json"


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for family in GAMES:
        path_of(family).write_text(json.dumps(record(family), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path_of(family)}")


if __name__ == "__main__":
    main()
