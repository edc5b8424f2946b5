"""Where chance outcomes come from: a seeded sampler, a script, or a policy.

No rule module draws random numbers; drivers ask a sampler to pick among
``chance_outcomes()`` (DESIGN.md, "Chance is explicit"). The seeded sampler
draws from a generator keyed by (seed, position in the history), so undoing a
choice and making it again meets the same dice.
"""

from __future__ import annotations

import math
import random
from _random import Random as _CoreRandom
from collections.abc import Iterable, Sequence
from fractions import Fraction
from hashlib import sha512
from typing import TYPE_CHECKING, Protocol

from rulekeeper.core.collector import collector_set_aside
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.core.actions import Action
    from rulekeeper.core.game import State


class ChanceSampler(Protocol):
    def sample(self, state: State) -> Action:
        """Choose one of ``state.chance_outcomes()``."""
        ...


def pick_weighted(outcomes: Sequence[tuple[Action, Fraction]], rng: _CoreRandom) -> Action:
    """Pick an outcome with exactly its probability, using integer arithmetic."""
    if not outcomes:
        raise RuleViolation("CORE-CHANCE", lazy("a chance node has no outcomes"))
    first = outcomes[0][1]
    if all(probability is first for _, probability in outcomes):
        # One share for every outcome (an ability deck's cards, standee numbers): the ticket
        # the loop below would draw falls in outcome ticket // numerator.
        numerator, share = first.as_integer_ratio()
        if numerator > 0:
            chosen = below(rng, share) // numerator
            if chosen < len(outcomes):
                return outcomes[chosen][0]
        raise ValueError(_NOT_WHOLE)
    # Otherwise a probability shared by several outcomes is read once (issue 12: each
    # read is an interpreted call).
    ratios: list[tuple[int, int]] = []
    last: Fraction | None = None
    ratio = (0, 1)
    for _, probability in outcomes:
        if probability is not last:
            ratio = probability.as_integer_ratio()
            last = probability
        ratios.append(ratio)
    denominator = math.lcm(*(share for _, share in ratios))
    ticket = below(rng, denominator)
    for (action, _), (numerator, share) in zip(outcomes, ratios, strict=True):
        weight = numerator * (denominator // share)
        if ticket < weight:
            return action
        ticket -= weight
    raise ValueError(_NOT_WHOLE)


_NOT_WHOLE = "chance outcome probabilities do not sum to 1"


def below(rng: _CoreRandom, n: int) -> int:
    """A number in ``range(n)``, the very draw ``rng.randrange(n)`` and ``rng.choice`` make.

    ``random.Random`` draws it from ``getrandbits`` (as ``_randbelow_with_getrandbits``:
    the bits of ``n``, drawn again while the number is ``n`` or more); done here, a
    compiled caller makes no interpreted call at each step of a rollout (issue 12).
    ``tests/core/test_core_randomness.py`` checks it against ``randrange``.
    """
    if n <= 0:
        raise ValueError(f"empty range for below: {n}")
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


class SeededSampler:
    """Samples chance outcomes from a generator seeded by the game's seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        # the generator core of random.Random, seeded afresh before each draw (sample_from)
        self._rng = _CoreRandom(0)

    def sample(self, state: State) -> Action:
        return self.sample_from(state, state.chance_outcomes())

    def sample_from(self, state: State, outcomes: Sequence[tuple[Action, Fraction]]) -> Action:
        """Pick among ``outcomes``, which the caller has just listed for ``state``.

        The generator is seeded afresh for each draw (a sure outcome needs none:
        the next draw is seeded by its own position all the same).
        """
        if len(outcomes) == 1 and outcomes[0][1] == 1:
            return outcomes[0][0]
        rng = self._rng
        rng.seed(seed_number(f"chance:{self.seed}:{len(state.history)}"))
        return pick_weighted(outcomes, rng)


def seed_number(text: str) -> int:
    """The number ``random.Random(text)`` seeds its generator core with.

    A text seed is hashed into a number in Python (``Random.seed``, version 2);
    doing that here and seeding the core directly gives the very same generator
    without the interpreted method at every draw of a rollout (issue 12).
    ``tests/core/test_core_randomness.py`` checks the states are equal.
    """
    data = text.encode()
    return int.from_bytes(data + sha512(data).digest(), "big")


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
            raise RuleViolation("CORE-CHANCE", lazy("the chance script has run out"))
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
            "CORE-CHANCE",
            lazy(
                "{outcome} is not a possible outcome (possible: {shown})",
                outcome=repr(wanted),
                shown=shown,
            ),
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
        return self.choose_from(state, state.legal_actions())

    def choose_from(self, state: State, actions: Sequence[Action]) -> Action:
        """Pick among ``actions``, which the caller has just listed for ``state``."""
        if not actions:
            raise RuleViolation("CORE-LEGAL", lazy("no legal action is available"))
        return actions[below(self.rng, len(actions))]  # the draw of self.rng.choice(actions)


POLICIES = {"random": RandomPolicy}
"""The policies ``--auto`` accepts, by name."""


def choose_step(
    state: State, policy: Policy | None, sampler: ChanceSampler
) -> tuple[Action, Sequence[Action]]:
    """The next action and the list it was chosen from, listing the choices once.

    At a chance node the sampler picks among ``chance_outcomes()``; elsewhere
    the policy picks among ``legal_actions()`` (``policy`` may be None where
    only chance is to be resolved). A policy or sampler with a ``choose_from`` /
    ``sample_from`` method is handed the list; one without lists the choices
    itself (the returned list is then built here too).
    """
    return _choose(state, state.current_player(), policy, sampler)


def _choose(
    state: State, player: int, policy: Policy | None, sampler: ChanceSampler
) -> tuple[Action, list[Action]]:
    """:func:`choose_step` for a driver that has just asked ``state.current_player()``."""
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        return _sample(state, sampler, outcomes), [a for a, _ in outcomes]
    if policy is None:
        raise ValueError("a player must choose here and no policy was given")
    legal = state.legal_actions_of(player)
    choose_from = getattr(policy, "choose_from", None)
    return (choose_from(state, legal) if choose_from else policy.choose(state)), legal


def _sample(
    state: State, sampler: ChanceSampler, outcomes: Sequence[tuple[Action, Fraction]]
) -> Action:
    """The sampler's pick among ``outcomes``, just listed for ``state``."""
    sample_from = getattr(sampler, "sample_from", None)
    return sample_from(state, outcomes) if sample_from else sampler.sample(state)


def play_step(
    state: State, policy: Policy, sampler: ChanceSampler, *, trusted: bool = False
) -> Action:
    """Choose and apply one action; the legal actions are listed once.

    The choice is checked against the list it came from (``State.apply(...,
    legal=...)``), so a policy returning an unlisted action is refused with the
    rule it breaks. ``trusted`` applies it unchecked (``apply_trusted``), for
    search and rollouts whose policy only ever picks a listed action.
    """
    player = state.current_player()
    if trusted and player == CHANCE:
        action = _sample(state, sampler, state.chance_outcomes())  # nothing to check it against
        state.apply_trusted(action, player=player)
        return action
    action, legal = _choose(state, player, policy, sampler)
    if trusted:
        state.apply_trusted(action, player=player)
    else:
        state.apply(action, legal=legal)
    return action


def advance_chance(state: State, sampler: ChanceSampler) -> list[Action]:
    """Resolve chance nodes until a player must act or the game ends."""
    applied = []
    while state.is_chance_node():
        outcome, listed = _choose(state, CHANCE, None, sampler)
        state.apply(outcome, legal=listed)
        applied.append(outcome)
    return applied


def play_out(
    state: State,
    policy: Policy,
    sampler: ChanceSampler,
    *,
    max_actions: int = 1_000_000,
    trusted: bool = False,
) -> State:
    """Play ``state`` to the end: chance from ``sampler``, choices from ``policy``.

    Each step lists the legal actions once (:func:`play_step`); ``trusted``
    applies the choices unchecked, for rollouts. The garbage collector sets the
    objects alive at the start aside while the game is played
    (:func:`rulekeeper.core.collector.collector_set_aside`).
    """
    with collector_set_aside():
        for _ in range(max_actions):
            if state.is_terminal():
                return state
            play_step(state, policy, sampler, trusted=trusted)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
