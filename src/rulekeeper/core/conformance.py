"""The protocol conformance check every game must pass (cf. PettingZoo's api_test).

:func:`check_game` plays seeded random games and checks, at every step, what
any driver relies on: legal actions are accepted, chance outcomes are exact
and complete, ``clone()`` is independent, ``to_dict()`` round-trips, actions
round-trip through JSON, and a replay of the history reproduces the state.
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from fractions import Fraction

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import Game, State
from rulekeeper.core.randomness import RandomPolicy, SeededSampler
from rulekeeper.core.replay import replay_actions


class ConformanceError(AssertionError):
    """A game broke the core protocol; the message says where."""


@dataclass(frozen=True, slots=True)
class ConformanceReport:
    games: int
    actions: int
    outcomes: tuple[str, ...]


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def assert_rejected(state: State, action: Action, rule_id: str) -> RuleViolation:
    """Check that ``action`` is refused citing ``rule_id`` and changes nothing.

    The one-line form of every rule test's "illegal, and the state is exactly as
    it was" (history and log included); returns the violation for further checks.
    """
    before = state.to_dict()
    try:
        state.apply(action)
    except RuleViolation as violation:
        _require(
            violation.rule_id == rule_id,
            f"{action.label()} was refused under {violation.rule_id}, not {rule_id}: {violation}",
        )
        _require(state.to_dict() == before, f"the refused {action.label()} changed the state")
        return violation
    raise ConformanceError(f"{action.label()} was accepted; expected a {rule_id} violation")


def check_step(state: State) -> None:
    """Check one state's answers against the protocol."""
    _checked_listing(state)


Outcomes = list[tuple[Action, Fraction]]


def _checked_listing(state: State) -> tuple[list[Action], Outcomes | None]:
    """:func:`check_step`, returning the legal actions and chance outcomes it listed."""
    legal = state.legal_actions()
    if state.is_terminal():
        _require(state.outcome() is not None, "a terminal state has no outcome")
        _require(not legal, "a terminal state still lists legal actions")
        return legal, None
    _require(state.outcome() is None, "a state that is not terminal has an outcome")
    _require(bool(legal), f"no legal action at a non-terminal state ({state.pending_decision()})")
    _require(len(set(legal)) == len(legal), "legal_actions() lists an action twice")
    for action in legal:
        parsed = state.game.parse_action(json.loads(json.dumps(action.to_json())))
        _require(parsed == action, f"{action!r} does not round-trip through JSON")
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        _require(sum((p for _, p in outcomes), Fraction(0)) == 1, "chance outcomes do not sum to 1")
        _require(all(p > 0 for _, p in outcomes), "a chance outcome has probability 0")
        _require([a for a, _ in outcomes] == legal, "legal_actions() differs from chance outcomes")
        return legal, outcomes
    return legal, None


def check_game(
    game: Game,
    scenario: str,
    seeds: range | list[int],
    *,
    ruleset: str | None = None,
    max_actions: int = 20_000,
    deep_every: int = 7,
) -> ConformanceReport:
    """Play one seeded random game per seed and check the protocol throughout.

    Every ``deep_every``-th step also checks clone independence, the
    ``to_dict()`` round trip and that an illegal action leaves state unchanged.
    """
    total = 0
    outcomes: list[str] = []
    for seed in seeds:
        state = game.new_state(scenario, seed, ruleset)
        policy = RandomPolicy(seed)
        sampler = SeededSampler(seed)
        probe = random.Random(seed)
        for step in range(max_actions):
            legal, chances = _checked_listing(state)
            if state.is_terminal():
                break
            if step % deep_every == 0:
                _check_deep(state, legal, probe)
            action = _pick(state, legal, chances, policy, sampler)
            state.apply(action, legal=legal)
            total += 1
        else:
            raise ConformanceError(
                f"seed {seed}: the game did not end within {max_actions} actions"
            )
        again = replay_actions(
            game, state.ruleset, state.scenario, state.seed, [a.to_json() for _, a in state.history]
        )
        _require(
            again.to_dict() == state.to_dict(), f"seed {seed}: the replay differs from the game"
        )
        outcomes.append(str(state.outcome()))
    return ConformanceReport(len(list(seeds)), total, tuple(outcomes))


def _pick(
    state: State,
    legal: list[Action],
    outcomes: Outcomes | None,
    policy: RandomPolicy,
    sampler: SeededSampler,
) -> Action:
    """The driver's choice among ``legal``, or among ``outcomes`` at a chance node."""
    if outcomes is not None:
        return sampler.sample_from(state, outcomes)
    return policy.choose_from(state, legal)


def _check_deep(state: State, legal: list[Action], probe: random.Random) -> None:
    before = state.to_dict()
    rebuilt = state.game.state_from_dict(json.loads(json.dumps(before)))
    _require(rebuilt.to_dict() == before, "to_dict() does not round-trip through state_from_dict()")
    _require(rebuilt.legal_actions() == legal, "a rebuilt state lists other actions")
    twin = state.clone()
    _require(twin.to_dict() == before, "clone() differs from the original")
    _require(twin.legal_actions() == legal, "a clone lists other actions")
    twin.apply(legal[probe.randrange(len(legal))])
    _require(state.to_dict() == before, "applying an action to a clone changed the original")
    # An action from a later position is often illegal here; it must change nothing.
    for candidate in twin.legal_actions()[:3]:
        if candidate in legal:
            continue
        try:
            state.apply(candidate)
        except RuleViolation:
            _require(state.to_dict() == before, f"a rejected {candidate.label()} changed the state")
        else:
            raise ConformanceError(
                f"{candidate.label()} is not in legal_actions() but was accepted"
            )


def _mutations(action: Action, rng: random.Random, strings: list[str]) -> list[Action]:
    """Near-miss variants of ``action``: each field nudged or swapped for another value."""
    variants: list[Action] = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        replacement: object
        if isinstance(value, bool):
            replacement = not value
        elif isinstance(value, int):
            replacement = value + rng.choice((-2, -1, 1, 2, 7))
        elif isinstance(value, str) and strings:
            replacement = rng.choice(strings)
        elif isinstance(value, tuple) and value:
            replacement = value[:-1] if rng.random() < 0.5 else (*value, value[0])
        else:
            continue
        try:
            variants.append(dataclasses.replace(action, **{field.name: replacement}))
        except (TypeError, ValueError):
            continue
    return variants


def fuzz_game(
    game: Game,
    scenario: str,
    seeds: range | list[int],
    *,
    ruleset: str | None = None,
    probes_per_step: int = 4,
    max_actions: int = 20_000,
) -> int:
    """Offer near-miss and out-of-place actions at every step of seeded random games.

    Every offered action must either be legal (listed) or be refused with a
    :class:`RuleViolation` that leaves the state unchanged; any other exception
    is a bug. Returns how many illegal actions were refused.
    """
    refused = 0
    pool: list[Action] = []
    strings: list[str] = []
    for seed in seeds:
        state = game.new_state(scenario, seed, ruleset)
        policy = RandomPolicy(seed)
        sampler = SeededSampler(seed)
        rng = random.Random(f"fuzz:{seed}")
        for _ in range(max_actions):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            for action in legal[:8]:
                pool.append(action)
                strings.extend(
                    v
                    for v in (getattr(action, f.name) for f in dataclasses.fields(action))
                    if isinstance(v, str)
                )
            if len(pool) > 400:
                del pool[:200]
            if len(strings) > 400:
                del strings[:200]
            candidates = _mutations(rng.choice(legal), rng, strings) + rng.sample(
                pool, min(len(pool), probes_per_step)
            )
            before = state.to_dict()
            for candidate in rng.sample(candidates, min(len(candidates), probes_per_step)):
                if candidate in legal:
                    continue
                try:
                    state.check(candidate)
                except RuleViolation:
                    refused += 1
                    _require(state.to_dict() == before, f"checking {candidate!r} changed the state")
                    continue
                except Exception as error:
                    raise ConformanceError(
                        f"seed {seed}: checking {candidate!r} raised {type(error).__name__}: {error}"
                    ) from error
                raise ConformanceError(
                    f"seed {seed}: {candidate!r} passes check() but is not in legal_actions()"
                )
            chances = state.chance_outcomes() if state.is_chance_node() else None
            state.apply(_pick(state, legal, chances, policy, sampler), legal=legal)
    return refused
