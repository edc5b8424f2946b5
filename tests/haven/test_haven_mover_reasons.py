"""The mover's reasons as the game logs them (HV-FOCUS-1): every nested message is
walked in order, the leading rule found, and ties by initiative told as turn order.

``Msg.parts`` walks with a stack (issue 12, once nested generators); it must list the
messages in the order the recursive definition below gives.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.games.haven.focus import first_rule
from rulekeeper.i18n import Msg, lazy

_leaf = st.builds(
    lambda n, rule: lazy("leaf {n}", n=n, **({"rule": rule} if rule else {})),
    st.integers(0, 9),
    st.sampled_from(["", "HV-FOCUS-1", "HV-FOCUS-2"]),
)


def _nest(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Msg]:
    field = st.one_of(
        inner, st.lists(st.one_of(inner, st.integers()), max_size=3), st.text(max_size=3)
    )
    return st.builds(
        lambda fields, rule: lazy("node", **fields, **({"rule": rule} if rule else {})),
        st.dictionaries(st.sampled_from(["a", "b", "c"]), field, max_size=3),
        st.sampled_from(["", "HV-FOCUS-3"]),
    )


_messages = st.recursive(_leaf, _nest, max_leaves=12)


def _depth_first(message: Msg) -> list[Msg]:
    """The message, then each field's messages in field order, each list in its order."""
    found = [message]
    for value in message.fields.values():
        for item in value if isinstance(value, list | tuple) else (value,):
            if isinstance(item, Msg):
                found += _depth_first(item)
    return found


@given(_messages)
def test_parts_lists_the_messages_depth_first(message: Msg) -> None:
    assert [id(m) for m in message.parts()] == [id(m) for m in _depth_first(message)]


@given(_messages)
def test_first_rule_is_the_first_rule_field_depth_first(message: Msg) -> None:
    rules = [
        m.fields["rule"] for m in _depth_first(message) if isinstance(m.fields.get("rule"), str)
    ]
    assert first_rule(message.parts()) == (rules[0] if rules else "")


def test_a_reason_without_a_rule_leads_with_none() -> None:
    assert first_rule(lazy("{x}", x=lazy("plain")).parts()) == ""
