"""A simple scripted policy wins The Ember Vault: a won game anyone can watch.

The policy reads only the state and the rules' own answers: it heads for the
explore arrow, explores, walks onto the boss's card and spends every wrath it
can on the boss (ET-BOSS-1), paying each action with the fewest sources that
cover it. Every action it takes is checked by the engine like any other.
"""

from __future__ import annotations

from collections import deque

import pytest

from rulekeeper.boards.mapcards import Space
from rulekeeper.core import SeededSampler
from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.ether import payment
from rulekeeper.games.ether.actions import (
    AssignDamage,
    EndActivation,
    EndMovement,
    Intent,
    Pay,
    Source,
    Step,
    explore,
    face_boss,
    move,
)
from rulekeeper.games.ether.game import GAME
from rulekeeper.games.ether.pieces import BOSS_UID
from rulekeeper.games.ether.resources import Resource
from rulekeeper.games.ether.state import EtherState


def candidates(state: EtherState, resource: Resource) -> list[tuple[Source, int]]:
    """The acting hero's sources of ``resource``: dice first, then inventory, then hand."""
    hero = state.hero
    colour = {"awareness": "green", "cunning": "yellow", "wrath": "red"}[resource]
    sources = [Source("die", colour)] * payment.ready_dice(hero)[colour]
    sources += [Source("inventory", c) for c in hero.inventory]
    sources += [Source("hand", c) for c in hero.hand]
    found = [(s, payment.source_yield(state, hero, s).get(resource)) for s in sources]
    return [(s, n) for s, n in found if n]


def sources_for(state: EtherState, resource: Resource, amount: int) -> list[Source]:
    """The first sources that cover ``amount`` of ``resource``, or none."""
    chosen: list[Source] = []
    total = 0
    for source, gives in candidates(state, resource):
        if total >= amount:
            break
        chosen.append(source)
        total += gives
    return chosen if total >= amount else []


def held(state: EtherState, resource: Resource) -> int:
    return sum(n for _, n in candidates(state, resource))


def path_to(state: EtherState, start: Space, goal: Space) -> list[str]:
    """The directions of a shortest walk through open edges (ET-MOVE-2)."""
    seen = {start: ""}
    parents: dict[Space, tuple[Space, str]] = {}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for direction, there in state.board.neighbours(here).items():
            if there not in seen:
                seen[there] = direction
                parents[there] = (here, direction)
                queue.append(there)
    steps: list[str] = []
    node = goal
    while node in parents:
        node, direction = parents[node]
        steps.append(direction)
    return steps[::-1]


def goal(state: EtherState) -> Space | None:
    boss = state.enemies.get(BOSS_UID)
    if boss is not None:
        return boss.space
    for space in state.board.spaces():
        if state.features(space).explores and not state.map_deck.is_empty:
            return space
    return None


def try_pay(state: EtherState, intent: Intent, resource: Resource, amount: int) -> Action | None:
    sources = sources_for(state, resource, amount)
    if not sources:
        return None
    action = Pay(state.hero.id, tuple(sources), (intent,))
    try:
        state.check(action)
    except RuleViolation:
        return None
    return action


def scripted_choice(state: EtherState) -> Action:
    legal = state.legal_actions()
    if state.pending_rotation is not None:
        return legal[0]  # any fitting turn of the drawn map card
    assigns = [a for a in legal if isinstance(a, AssignDamage)]
    if assigns:
        return max(assigns, key=lambda a: state.hero_by_id(a.hero).health)  # type: ignore[union-attr]
    hero = state.hero
    target = goal(state)
    if state.moving:
        walk = path_to(state, hero.space, target) if target and hero.space else []  # type: ignore[arg-type]
        if walk and Step(walk[0]) in legal:  # type: ignore[arg-type]
            return Step(walk[0])  # type: ignore[arg-type]
        return EndMovement()
    if state.moving is not None:
        return EndMovement()
    wrath = held(state, "wrath")
    if BOSS_UID in state.enemies and wrath:
        action = try_pay(state, face_boss(wrath), "wrath", wrath)
        if action:
            return action
    if hero.space is not None:
        for arrow in state.features(hero.space).explores:
            action = try_pay(state, explore(arrow.direction), "awareness", arrow.awareness)
            if action:
                return action
    if target is not None and hero.space is not None and hero.space != target:
        walk = path_to(state, hero.space, target)
        needed = len(walk) if BOSS_UID not in state.enemies else max(1, len(walk) - 1)
        for steps in range(min(needed, held(state, "cunning")), 0, -1):
            action = try_pay(state, move(steps), "cunning", steps)
            if action:
                return action
    return EndActivation()


def play(seed: int) -> EtherState:
    state = GAME.new_state("ember-vault", seed)
    sampler = SeededSampler(seed)
    for _ in range(2_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(sampler.sample(state))
        else:
            state.apply(scripted_choice(state))  # checked like any player's action
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_scripted_policy_wins_the_ember_vault(seed: int) -> None:
    """ET-END-1: the boss defeated wins; ET-BOSS-1: it is faced on its own card."""
    state = play(seed)
    outcome = state.outcome()
    assert outcome is not None and outcome.result == "won", outcome
    assert any(e.kind == "boss_defeated" for e in state.log)
