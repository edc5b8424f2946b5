"""Actions have a stable JSON form; parsing names the bad type or field."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.core import Action, ActionCodec, ActionFormatError, action_type


@dataclass(frozen=True, slots=True)
class Where:
    q: int
    r: int


@action_type("step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    hero: str
    path: tuple[Where, ...]
    jump: bool = False
    mode: Literal["walk", "fly"] = "walk"
    note: str | None = None


@action_type("pass")
@dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


CODEC = ActionCodec([Step, Pass])

wheres = st.builds(Where, st.integers(-50, 50), st.integers(-50, 50))
steps = st.builds(
    Step,
    hero=st.text(min_size=1, max_size=8),
    path=st.lists(wheres, max_size=5).map(tuple),
    jump=st.booleans(),
    mode=st.sampled_from(["walk", "fly"]),
    note=st.none() | st.text(max_size=5),
)


@given(steps)
def test_actions_round_trip_through_json(action: Step) -> None:
    text = json.dumps(action.to_json())
    assert CODEC.parse(json.loads(text)) == action


def test_json_form_is_type_plus_fields() -> None:
    action = Step("C1", (Where(0, 1),))
    assert action.to_json() == {
        "type": "step",
        "hero": "C1",
        "path": [{"q": 0, "r": 1}],
        "jump": False,
        "mode": "walk",
        "note": None,
    }
    assert Pass().to_json() == {"type": "pass"}
    assert CODEC.parse({"type": "pass"}) == Pass()


def test_defaults_may_be_left_out() -> None:
    assert CODEC.parse({"type": "step", "hero": "A", "path": []}) == Step("A", ())


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "must be a JSON object"),
        ({"hero": "A"}, "field 'type' is missing"),
        ({"type": "fly"}, "unknown type 'fly' (known: pass, step)"),
        ({"type": "step", "path": []}, "field 'hero' is missing"),
        ({"type": "step", "hero": 3, "path": []}, "field 'hero': expected a string"),
        ({"type": "step", "hero": "A", "path": [], "speed": 2}, "unknown field 'speed'"),
        ({"type": "step", "hero": "A", "path": [{"q": 1}]}, "field 'r' is missing"),
        ({"type": "step", "hero": "A", "path": [], "jump": 1}, "expected true or false"),
        ({"type": "step", "hero": "A", "path": [], "mode": "swim"}, "expected one of"),
        ({"type": "step", "hero": "A", "path": "x"}, "expected a list"),
    ],
)
def test_malformed_actions_name_the_problem(data: object, message: str) -> None:
    with pytest.raises(ActionFormatError, match=None) as caught:
        CODEC.parse(data)
    assert message in str(caught.value)


def test_a_codec_refuses_two_classes_of_one_type() -> None:
    with pytest.raises(ValueError, match="share the type"):
        ActionCodec([Step, Step])
