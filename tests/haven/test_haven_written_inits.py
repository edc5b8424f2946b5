"""Dataclasses whose ``__init__`` is written out (issue 12: compiled, not generated).

The written ``__init__`` must take exactly the dataclass's fields, in order, with the
same defaults, or saves, copies and ``dataclasses.replace`` would silently disagree with
it. Only frozen classes have one: they set their fields through the class's attributes
(``object.__setattr__``), as the generated one does. A mutable slotted dataclass of a
compiled module must keep the generated one: a compiled ``self.x = ...`` there leaves
the fields unset as Python reads them.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from rulekeeper.core.copying import copier
from rulekeeper.games.haven.attack_draw import AttackDraw, Done, NeedCard, Stage
from rulekeeper.games.haven.attacks import Attack, AttackContext, AttackOutcome, Target
from rulekeeper.games.haven.state import Turn, new_turn, to_json

_REQUIRED: dict[type, dict[str, Any]] = {
    NeedCard: {"deck": "monsters"},
    Done: {"applied": (0,), "outcome": AttackOutcome(2), "rule_ids": ("HV-ATK-1",)},
    Stage: {},
    AttackDraw: {"deck": "monsters", "context": AttackContext(3)},
    Attack: {"value": 3},
    Target: {},
    AttackContext: {"attack": 3},
}


@pytest.mark.parametrize("cls", list(_REQUIRED), ids=lambda c: c.__name__)
def test_written_init_takes_the_fields_with_their_defaults(cls: type) -> None:
    fields = dataclasses.fields(cls)
    parameters = list(inspect.signature(cls).parameters.values())
    assert [p.name for p in parameters] == [f.name for f in fields]
    made = cls(**_REQUIRED[cls])
    for f in fields:
        if f.name in _REQUIRED[cls]:
            assert getattr(made, f.name) == _REQUIRED[cls][f.name]
        elif f.default_factory is not dataclasses.MISSING:
            value = getattr(made, f.name)
            assert value == f.default_factory()
            assert value is not getattr(cls(**_REQUIRED[cls]), f.name)  # a fresh one each time
        else:
            assert getattr(made, f.name) == f.default


def test_written_init_keeps_frozen_draws_frozen_and_equal_by_value() -> None:
    saved = {
        "deck": "monsters",
        "context": {"attack": 3},
        "mode": "none",
        "procedure": "gloomhaven",
    }
    context = AttackDraw.from_dict(saved).context
    assert isinstance(context, AttackContext)
    draw = AttackDraw("monsters", context)
    assert draw == AttackDraw("monsters", context, "none", "gloomhaven", False, (), None)
    assert hash(draw.after_draw("+1")) == hash(draw.after_draw("+1"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        draw.deck = "other"  # type: ignore[misc]
    assert dataclasses.replace(draw, drawn=("+1",)) == draw.after_draw("+1")


def test_new_turn_is_a_turn_with_every_default() -> None:
    made = new_turn("brute")
    assert made == Turn("brute")
    assert to_json(made) == to_json(Turn("brute"))
    assert [f.name for f in dataclasses.fields(Turn)] == list(to_json(made))
    made.halves.append(["card", "top", False])
    assert new_turn("brute").halves == []  # fresh lists each time
    copy_turn = copier(Turn)
    assert copy_turn is not None and copy_turn(made) == made  # as clones copy it
