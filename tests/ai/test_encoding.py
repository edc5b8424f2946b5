"""The fixed action encoding (issue 15): round trips and mask = legal actions.

Property-tested with hypothesis over seeded random games of every scenario of
every family with an agent adapter, so new action types and new scenarios are
covered as they are added.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from walks import SCENARIO_IDS, SCENARIOS, bound_game, choices, walk

from rulekeeper.ai.adapter import AgentGame
from rulekeeper.ai.encoding import ActionEncoding
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.registry import find_game

ORDINAL_ALLOWED = {"haven": {"place-area", "resolved"}, "ether": {"pay"}}
"""Action types that take ordinal slots by design (see docs/agents.md)."""


def may_be_ordinal(bound: AgentGame, action_type: str, allowed: set[str]) -> bool:
    """Declared ordinal types, types with no domain, and domains only met in random play."""
    if action_type in allowed or action_type in bound.encoding.ordinal_types:
        return True
    return any(key.startswith(action_type + ".") for key in bound.explored_fields)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
@settings(max_examples=6)
@given(seed=st.integers(0, 2**20), steps=st.integers(1, 400))
def test_round_trip_and_mask_equal_legal_actions(
    scenario: tuple[str, str, str], seed: int, steps: int
) -> None:
    bound = bound_game(scenario)
    encoding = bound.encoding
    allowed = ORDINAL_ALLOWED.get(scenario[0], set())
    for state in walk(bound, seed, steps):
        actions = choices(state) if not state.is_terminal() else []
        indices = [encoding.encode(a, state) for a in actions]
        assert len(set(indices)) == len(indices), "two legal actions share an index"
        assert all(0 <= i < encoding.num_distinct_actions for i in indices)
        assert bound.legal_indices(state) == sorted(indices)
        for action, index in zip(actions, indices, strict=True):
            assert encoding.decode(index, state) == action
            fixed = encoding.fixed_index(action)
            if fixed is not None:
                assert fixed == index, "a fixed index must not depend on the state"
            else:
                # HV-MOVE-2: a path through several traps or hazards has no fixed index
                several = len(getattr(action, "via", ())) > 1
                assert several or may_be_ordinal(bound, action.TYPE, allowed), (
                    f"{action.label()} fell into an ordinal slot: its value is missing "
                    "from the family vocabulary"
                )


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_an_index_that_is_not_legal_is_refused(scenario: tuple[str, str, str]) -> None:
    bound = bound_game(scenario)
    state = bound.new_state(3)
    legal = set(bound.legal_indices(state))
    illegal = next(i for i in range(bound.encoding.num_distinct_actions) if i not in legal)
    with pytest.raises(RuleViolation):
        bound.encoding.decode(illegal, state)
    with pytest.raises(RuleViolation):
        bound.encoding.decode(bound.encoding.num_distinct_actions, state)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=SCENARIO_IDS)
def test_new_state_copy_equals_a_freshly_loaded_game(scenario: tuple[str, str, str]) -> None:
    bound = bound_game(scenario)
    game = find_game(scenario[0])
    for seed in (0, 7):
        fresh = game.new_state(scenario[1], seed, scenario[2])
        assert bound.new_state(seed).to_dict() == fresh.to_dict()


def test_describe_names_the_action_an_index_means() -> None:
    bound = bound_game(("haven", "sunken-larder", "gloomhaven"))
    state = bound.new_state(0)
    first = state.legal_actions()[0]
    index = bound.encoding.encode(first)
    assert bound.encoding.describe(index).startswith(first.TYPE)


def test_encoding_is_the_same_for_every_build_of_a_scenario() -> None:
    """Indices are a function of the scenario and the code, not of the process."""
    game = find_game("salvage")
    one = bound_game(("salvage", "flooded-annex", "standard"))
    again = ActionEncoding(game, one.vocabulary)
    assert again.num_distinct_actions == one.encoding.num_distinct_actions
    state = one.new_state(1)
    for action in state.legal_actions():
        assert again.encode(action, state) == one.encoding.encode(action, state)


def test_a_move_through_one_trap_or_hazard_has_its_own_fixed_index() -> None:
    """HV-MOVE-2: ``move-to`` with ``via`` one negative hex is fixed; the plain move differs."""
    from rulekeeper.games.haven.actions import MoveTo

    bound = bound_game(("haven", "sunken-larder", "gloomhaven"))
    terrain = bound.new_state(0).spec.map.terrain
    harmful = sorted({*terrain.trap, *terrain.hazardous})
    assert harmful
    spot = tuple(bound.vocabulary["hex"][0])
    plain = bound.encoding.fixed_index(MoveTo(spot))
    indices = {bound.encoding.fixed_index(MoveTo(spot, (h,))) for h in harmful}
    assert plain is not None and None not in indices
    assert len(indices | {plain}) == len(harmful) + 1
