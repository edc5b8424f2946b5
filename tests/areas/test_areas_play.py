"""Whole games: random legal play to the end, invariants, replays, copies, the interface hooks."""

from __future__ import annotations

import io
import json

import pytest
from areas_builders import actor_id
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from rulekeeper.core import RandomPolicy, SeededSampler, find_game, play_out
from rulekeeper.core.replay import replay_actions
from rulekeeper.games.areas.actions import MeleeAttack, Move, Pass
from rulekeeper.games.areas.game import GAME, AreasState
from rulekeeper.games.areas.reach import occupancy

SCENARIOS = [info.name for info in GAME.scenarios()]


def _check_invariants(state: AreasState) -> None:
    """AR-ROUND-1 / AR-END-1: no area over capacity, health within 0..max, no one at 0 left."""
    used = occupancy(state.board, state.figures.values())
    for area_id, amount in used.items():
        assert amount <= state.board.area(area_id).capacity, area_id
    for figure in state.figures.values():
        assert 0 < figure.health <= figure.max_health, figure
    assert state.round <= state.setup.round_limit


def test_the_game_is_registered_with_its_scenarios() -> None:
    assert find_game("areas") is GAME
    assert {"sunken-gate", "thorn-warren", "wharf-landing", "tollkeepers-tower"} <= set(SCENARIOS)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", range(1, 31))
def test_random_play_finishes(scenario: str, seed: int) -> None:
    """`rulekeeper play areas --auto random --seed N` reaches an outcome in few actions."""
    state = play_out(
        GAME.new_state(scenario, seed), RandomPolicy(seed), SeededSampler(seed), max_actions=2000
    )
    outcome = state.outcome()
    assert outcome is not None and outcome.result in ("won", "lost")
    assert len(state.history) < 400


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(scenario=st.sampled_from(SCENARIOS), data=st.data())
def test_random_legal_games_keep_the_invariants(scenario: str, data: st.DataObject) -> None:
    """Random legal games to the end: capacity and health invariants hold after every action,
    every listed action passes check(), and check() never changes the state."""
    state = GAME.new_state(scenario, 0)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions, state.pending_decision()
        if steps % 7 == 0:
            before = state.to_dict()
            for action in actions:
                state.check(action)
            assert state.to_dict() == before
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            assert outcomes == actions
        choice = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        state.apply(choice)
        _check_invariants(state)
        steps += 1
        assert steps < 1000
    assert state.outcome() is not None


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_save_replay_and_clone_reproduce_the_game(scenario: str) -> None:
    state = GAME.new_state(scenario, 7)
    policy, sampler = RandomPolicy(7), SeededSampler(7)
    snapshot = None
    for index in range(60):
        if state.is_terminal():
            break
        if index == 20:
            snapshot = state.clone()
            frozen = snapshot.to_dict()
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
    assert snapshot is not None and snapshot.to_dict() == frozen  # the clone is independent
    saved = json.loads(json.dumps(state.to_dict()))
    assert GAME.state_from_dict(saved).to_dict() == state.to_dict()
    actions = [GAME.parse_action(a.to_json()) for _, a in state.history]
    assert actions == [a for _, a in state.history]
    replayed = replay_actions(GAME, "standard", scenario, 7, [a.to_json() for a in actions])
    assert replayed.to_dict() == state.to_dict()


def test_legal_action_count_at_the_start_of_the_sunken_gate() -> None:
    """A perft-style count: Brannoc in the full Gatehouse can move to the Hall or the Niche,
    reaches no enemy, or passes."""
    state = GAME.new_state("sunken-gate", 1)
    actions = state.legal_actions()
    assert actions == [
        Move("brannoc", "hall", "stride"),
        Move("brannoc", "niche", "stride"),
        Pass("brannoc"),
    ]


def test_legal_attack_count_with_effects_and_two_weapons() -> None:
    """Sellis (2 melee tokens, 2 weapons, one poison) in the Hall next to the full Crypt."""
    state = GAME.new_state("sunken-gate", 1)
    state.apply(Pass("brannoc"))
    state.apply(Move("sellis", "hall", "slip"))
    while actor_id(state) != "sellis":
        state.apply(Pass(actor_id(state) or "") if state.actor() else state.legal_actions()[0])
    attacks_next_round = [a for a in state.legal_actions() if isinstance(a, MeleeAttack)]
    per_target: dict[tuple[str | None, str], int] = {}
    for attack in attacks_next_round:
        per_target.setdefault((attack.weapon, attack.target), 0)
        per_target[(attack.weapon, attack.target)] += 1
    # every (weapon, target) pair comes with 2 tokens x 2 effect choices
    assert set(per_target.values()) == {4}


def test_render_and_describe_show_map_reach_and_menu() -> None:
    state = GAME.new_state("thorn-warren", 3)
    buffer = io.StringIO()
    Console(file=buffer, width=160).print(GAME.render(state))
    text = buffer.getvalue()
    for expected in ("Burrow Den", "West Tunnel", "1/1 full", "╳", "↑", "Melee reach", "AR-REQ"):
        assert expected in text, expected
    menu = [GAME.describe_action(state, a) for a in state.legal_actions()]
    assert "Brannoc Ironvow: move to West Tunnel (1/1) [Stride]" not in menu  # full
    assert any(
        line.startswith("Brannoc Ironvow: Hammerfall (3 dice) with Hooked Glaive on")
        for line in menu
    )
    assert state.pending_decision().startswith("your turn")


def _candidate_actions(state: AreasState) -> list[MeleeAttack | Move]:
    """Plausible actions for the acting figure, legal or not: every token, area, target,
    item and effect combination worth trying."""
    from itertools import combinations

    actor = state.actor()
    assert actor is not None
    enemies = [f.id for f in state.figures.values() if f.kind == "enemy"] + [actor.id]
    candidates: list[MeleeAttack | Move] = []
    if actor.kind == "ally":
        ally = state.setup.allies[actor.type_id]
        for attack in ally.attacks:
            for target in enemies:
                candidates.append(MeleeAttack(actor.id, attack.id, target))
                candidates.append(MeleeAttack(actor.id, attack.id, target, "hooked-glaive"))
        tokens: list[str | None] = [None, "stride"]
    else:
        hero = state.setup.heroes[actor.type_id]
        effect_ids = sorted(
            [i for i in hero.items if state.setup.items[i].effect] + [e.id for e in hero.effects]
        )
        subsets = [c for n in range(len(effect_ids) + 1) for c in combinations(effect_ids, n)]
        for token in hero.tokens:
            for target in enemies:
                for weapon in [None, *hero.items]:
                    for subset in subsets:
                        candidates.append(MeleeAttack(actor.id, token.id, target, weapon, subset))
        tokens = [None, *(t.id for t in hero.tokens)]
    for area in state.board.areas:
        for token_id in tokens:
            candidates.append(Move(actor.id, area, token_id))
    return candidates


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_check_accepts_exactly_the_legal_actions(scenario: str, seed: int) -> None:
    """legal_actions() lists only what apply() accepts, and check() refuses the rest with an
    AR rule ID (an omitted single weapon is the same declaration as naming it)."""
    from rulekeeper.core import RuleViolation

    state = GAME.new_state(scenario, seed)
    policy, sampler = RandomPolicy(seed), SeededSampler(seed)
    while not state.is_terminal():
        if state.actor() is not None and len(state.history) % 3 == 0:
            legal = set(state.legal_actions())
            for action in _candidate_actions(state):
                try:
                    state.check(action)
                    accepted = True
                except RuleViolation as error:
                    assert error.rule_id.startswith("AR-"), error
                    accepted = False
                listed = action in legal
                if isinstance(action, MeleeAttack) and action.weapon is None and accepted:
                    listed = any(
                        isinstance(a, MeleeAttack)
                        and (a.attacker, a.action, a.target, a.effects)
                        == (action.attacker, action.action, action.target, action.effects)
                        for a in legal
                    )
                assert accepted == listed, action
        state.apply(sampler.sample(state) if state.is_chance_node() else policy.choose(state))
