"""Applying routes an action by its exact type (issue 12; ``round_flow._ROUTES``).

The routing table is read by ``type(action)``, not ``isinstance``: it is right only
while no action class is subclassed. These tests fail as soon as one is, or when a
routed type is missing from the game's action codec.
"""

from __future__ import annotations

from rulekeeper.core.actions import Action
from rulekeeper.games.haven import round_flow
from rulekeeper.games.haven.actions import ACTION_TYPES


def _all_subclasses(cls: type) -> list[type]:
    found: list[type] = []
    stack: list[type] = list(cls.__subclasses__())
    while stack:
        sub = stack.pop()
        found.append(sub)
        stack.extend(sub.__subclasses__())
    return found


def test_no_haven_action_class_is_subclassed() -> None:
    haven_types = set(ACTION_TYPES)
    for cls in haven_types:
        assert cls.__subclasses__() == [], f"{cls.__name__} is subclassed: route it by isinstance"


def test_every_routed_type_is_a_haven_action() -> None:
    haven_types = set(ACTION_TYPES)
    assert set(round_flow._ROUTES) <= haven_types
    assert all(cls in _all_subclasses(Action) for cls in round_flow._ROUTES)
    # distinct rules get distinct numbers; only the two modifier-draw choices share one
    numbers = sorted(round_flow._ROUTES.values())
    assert len(set(numbers)) == len(numbers) - 1
