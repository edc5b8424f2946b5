"""How many times the haven rules list the legal actions in a driver's game (for
test_haven_drivers.py, which runs this file in a child process on the pure modules).

The count hooks ``legality.legal_actions``, the one function every listing runs
through. Compiled modules call each other directly, past any hook, so the child
runs with ``RULEKEEPER_PURE=1``: the drivers and the rules are the same source.

Usage: ``python listing_counts.py CASE``; prints one JSON object.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from rulekeeper.core.game import CHANCE, State
from rulekeeper.games.haven import legality


def player_steps(state: State) -> int:
    return sum(1 for player, _ in state.history if player != CHANCE)


def counted(case: str) -> dict[str, Any]:
    counts: Counter[int] = Counter()
    real = legality.legal_actions

    def counting(state: Any, player: int | None = None) -> Any:
        counts[id(state)] += 1
        return real(state, player)

    legality.legal_actions = counting

    from rulekeeper.core import RandomPolicy, SeededSampler, play_out
    from rulekeeper.games.haven.game import GAME

    if case in ("checked", "trusted"):
        state = GAME.new_state("sunken-larder", 3, "frosthaven")
        play_out(state, RandomPolicy(3), SeededSampler(3), trusted=case == "trusted")
        return {
            "terminal": state.is_terminal(),
            "steps": player_steps(state),
            "listed": counts[id(state)],
        }
    if case == "cli":
        from rich.console import Console

        from rulekeeper.cli.play import PlaySession

        state = GAME.new_state("sunken-larder", 5, "gloomhaven")
        session = PlaySession(
            state, Console(quiet=True), lambda _: None, policy=RandomPolicy(5), quiet=True
        )
        return {
            "finished": session.run(),
            "steps": player_steps(session.state),
            "listed": counts[id(session.state)],
        }
    if case == "conformance":
        from rulekeeper.core import conformance

        # The deep checks (at step 0 even with a large deep_every) probe illegal actions on
        # the state itself, each refusal listing again: they are left out of this count.
        conformance._check_deep = lambda *_: None  # type: ignore[assignment]
        report = conformance.check_game(
            GAME, "sunken-larder", [2], ruleset="frosthaven", deep_every=10**9
        )
        return {"actions": report.actions, "listed": max(counts.values())}
    raise SystemExit(f"unknown case {case!r}")


if __name__ == "__main__":
    print(json.dumps(counted(sys.argv[1])))
