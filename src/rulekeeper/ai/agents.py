"""Agents that play any game through the core protocol: random, greedy and MCTS.

All three are cooperative: every player of a game shares one value, so each
maximises the same thing. A state's value is the party's utility once the game
is over (+1 won, -1 lost, scaled by :data:`WIN_WEIGHT`), and before that the
family's heuristic: the heroes' hit points minus the enemies'
(:meth:`FamilyAdapter.hero_health`, :meth:`FamilyAdapter.enemy_health`).

- :class:`RandomAgent` picks uniformly among the legal actions.
- :class:`GreedyAgent` looks one ply ahead: for each legal action it takes the
  expected value over the chance nodes that follow (outcomes enumerated with
  their exact probabilities, up to ``chance_depth`` nested draws), and picks
  the best, ties broken by its seeded generator.
- :class:`MCTSAgent` runs UCT search: at a chance node it samples an outcome
  with its probability, so the tree holds chance nodes as such; random
  rollouts are cut after ``rollout_depth`` actions and scored by the heuristic.

Each agent draws from its own generator seeded at construction, so a game
played by agents replays exactly from (scenario, seed, agent seeds).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rulekeeper.ai.adapter import UTILITY, FamilyAdapter, adapter_for
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import State
from rulekeeper.core.randomness import pick_weighted
from rulekeeper.i18n import _, lazy

WIN_WEIGHT = 1000.0


def evaluate(state: State, adapter: FamilyAdapter) -> float:
    """The party's value of ``state``: utility when over, else health balance."""
    outcome = state.outcome()
    if outcome is not None:
        return WIN_WEIGHT * UTILITY.get(outcome.result, 0.0)
    heroes = sum(adapter.hero_health(state).values())
    return float(heroes - adapter.enemy_health(state))


class Agent:
    """Chooses one of ``state.legal_actions()`` for the acting player."""

    name = ""

    def choose(self, state: State) -> Action:
        raise NotImplementedError


def _legal(state: State) -> list[Action]:
    actions = state.legal_actions()
    if not actions:
        raise RuleViolation("CORE-LEGAL", lazy("no legal action is available"))
    return actions


class RandomAgent(Agent):
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"random-agent:{seed}")

    def choose(self, state: State) -> Action:
        actions = _legal(state)
        return actions[self.rng.randrange(len(actions))]


class GreedyAgent(Agent):
    name = "greedy"

    def __init__(self, seed: int = 0, *, chance_depth: int = 2) -> None:
        self.rng = random.Random(f"greedy-agent:{seed}")
        self.chance_depth = chance_depth

    def choose(self, state: State) -> Action:
        adapter = adapter_for(state.game.name)
        actions = _legal(state)
        if len(actions) == 1:
            return actions[0]
        best: list[Action] = []
        best_value = -math.inf
        for action in actions:
            child = state.clone()
            child.apply_trusted(action)
            value = self.expected_value(child, adapter, self.chance_depth)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def expected_value(self, state: State, adapter: FamilyAdapter, depth: int) -> float:
        """The value after the chance nodes that follow, weighted by their probabilities."""
        if not state.is_chance_node() or depth <= 0:
            return evaluate(state, adapter)
        total = 0.0
        for outcome, probability in state.chance_outcomes():
            child = state.clone()
            child.apply_trusted(outcome)
            total += float(probability) * self.expected_value(child, adapter, depth - 1)
        return total


@dataclass
class _Node:
    visits: int = 0
    value: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)
    untried: list[Action] | None = None


class MCTSAgent(Agent):
    """UCT over the shared value; chance nodes sampled with their probabilities."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 64,
        rollout_depth: int = 40,
        exploration: float = 1.4,
    ) -> None:
        self.rng = random.Random(f"mcts-agent:{seed}")
        self.iterations = iterations
        self.rollout_depth = rollout_depth
        self.exploration = exploration

    def choose(self, state: State) -> Action:
        adapter = adapter_for(state.game.name)
        actions = _legal(state)
        if len(actions) == 1:
            return actions[0]
        root = _Node()
        scale = self._scale(state, adapter)
        for _iteration in range(self.iterations):
            self._iterate(root, state.clone(), adapter, scale)
        by_key = {_key(a): a for a in actions}
        ranked = sorted(
            (child.visits, child.value / max(child.visits, 1), key)
            for key, child in root.children.items()
            if key in by_key
        )
        if not ranked:
            return actions[self.rng.randrange(len(actions))]
        return by_key[ranked[-1][2]]

    @staticmethod
    def _scale(state: State, adapter: FamilyAdapter) -> float:
        return max(1.0, float(sum(adapter.hero_health(state).values())))

    def _iterate(self, root: _Node, state: State, adapter: FamilyAdapter, scale: float) -> None:
        path = [root]
        node = root
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = pick_weighted(state.chance_outcomes(), self.rng)
                state.apply_trusted(outcome)
                node = node.children.setdefault("chance:" + _key(outcome), _Node())
                path.append(node)
                continue
            if node.untried is None:
                node.untried = list(state.legal_actions())
                self.rng.shuffle(node.untried)
            if node.untried:
                action = node.untried.pop()
                state.apply_trusted(action)
                node = node.children.setdefault(_key(action), _Node())
                path.append(node)
                break
            key, node = self._select(node, state)
            state.apply_trusted(_find(state, key))
            path.append(node)
        value = self._rollout(state, adapter) / scale
        for visited in path:
            visited.visits += 1
            visited.value += value

    def _select(self, node: _Node, state: State) -> tuple[str, _Node]:
        legal = {_key(a) for a in state.legal_actions()}
        log_visits = math.log(max(node.visits, 1))

        def score(item: tuple[str, _Node]) -> float:
            child = item[1]
            if child.visits == 0:
                return math.inf
            mean = child.value / child.visits
            return mean + self.exploration * math.sqrt(log_visits / child.visits)

        options = [(k, c) for k, c in node.children.items() if k in legal]
        return max(options, key=score)

    def _rollout(self, state: State, adapter: FamilyAdapter) -> float:
        for _step in range(self.rollout_depth):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_trusted(pick_weighted(state.chance_outcomes(), self.rng))
            else:
                actions = state.legal_actions()
                state.apply_trusted(actions[self.rng.randrange(len(actions))])
        return evaluate(state, adapter)


def _key(action: Action) -> str:
    return action.label() + "|" + repr(action.to_json())


def _find(state: State, key: str) -> Action:
    for action in state.legal_actions():
        if _key(action) == key:
            return action
    raise RuleViolation("CORE-LEGAL", lazy("the searched action is no longer legal"))


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}
"""The agents ``rulekeeper simulate --policy`` accepts, by name."""


def make_agent(name: str, seed: int) -> Agent:
    try:
        factory = AGENTS[name]
    except KeyError:
        known = ", ".join(AGENTS)
        raise ValueError(
            _("--policy: unknown policy {name} (known: {known})", name=repr(name), known=known)
        ) from None
    return factory(seed)
