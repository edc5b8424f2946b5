"""Where chance outcomes come from: a seeded sampler, a script, or a policy.

No rule module draws random numbers; drivers ask a sampler to pick among
``chance_outcomes()`` (DESIGN.md, "Chance is explicit"). The seeded sampler
draws from a generator keyed by (seed, position in the history), so undoing a
choice and making it again meets the same dice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Protocol

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import State


class ChanceSampler(Protocol):
    def sample(self, state: State) -> Action:
        """Choose one of ``state.chance_outcomes()``."""
        ...


def pick_weighted(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Pick an outcome with exactly its probability, using integer arithmetic."""
    if not outcomes:
        raise RuleViolation("CORE-CHANCE", "a chance node has no outcomes")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    ticket = rng.randrange(denominator)
    for action, probability in outcomes:
        weight = probability.numerator * (denominator // probability.denominator)
        if ticket < weight:
            return action
        ticket -= weight
    raise ValueError("chance outcome probabilities do not sum to 1")


class SeededSampler:
    """Samples chance outcomes from a generator seeded by the game's seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def sample(self, state: State) -> Action:
        rng = random.Random(f"chance:{self.seed}:{len(state.history)}")
        return pick_weighted(state.chance_outcomes(), rng)


class ScriptedSampler:
    """Plays chance outcomes from a script: ``ScriptedSampler(["crit", "blank"])``.

    Each entry matches an outcome whose ``label()`` equals it or ends with
    ``" " + entry`` (so ``"crit"`` matches ``roll crit``), or an equal action.
    A script entry that is not a possible outcome raises RuleViolation.
    """

    def __init__(self, script: Iterable[str | Action]) -> None:
        self.remaining: list[str | Action] = list(script)

    def sample(self, state: State) -> Action:
        if not self.remaining:
            raise RuleViolation("CORE-CHANCE", "the chance script has run out")
        wanted = self.remaining.pop(0)
        outcomes = [a for a, _ in state.chance_outcomes()]
        for action in outcomes:
            if action == wanted:
                return action
        if isinstance(wanted, str):
            for action in outcomes:
                label = action.label()
                if label == wanted or label.endswith(" " + wanted):
                    return action
        shown = ", ".join(a.label() for a in outcomes)
        raise RuleViolation(
            "CORE-CHANCE", f"{wanted!r} is not a possible outcome (possible: {shown})"
        )


class Policy(Protocol):
    def choose(self, state: State) -> Action:
        """Choose one of ``state.legal_actions()`` for the acting player."""
        ...


class RandomPolicy:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"policy:{seed}")

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise RuleViolation("CORE-LEGAL", "no legal action is available")
        return actions[self.rng.randrange(len(actions))]


POLICIES = {"random": RandomPolicy}
"""The policies ``--auto`` accepts, by name."""


def advance_chance(state: State, sampler: ChanceSampler) -> list[Action]:
    """Resolve chance nodes until a player must act or the game ends."""
    applied = []
    while state.is_chance_node():
        outcome = sampler.sample(state)
        state.apply(outcome)
        applied.append(outcome)
    return applied


def play_out(
    state: State, policy: Policy, sampler: ChanceSampler, *, max_actions: int = 1_000_000
) -> State:
    """Play ``state`` to the end: chance from ``sampler``, choices from ``policy``."""
    for _ in range(max_actions):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply(sampler.sample(state))
        else:
            state.apply(policy.choose(state))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
