"""The mover's reasons as the game logs them (HV-FOCUS-1): every nested message is
walked in order, the leading rule found, and ties by initiative told as turn order.

``focus.message_parts`` replaces ``Msg.parts`` on this path (issue 12); it must list
the same messages in the same order.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rulekeeper.games.haven.focus import first_rule, message_parts
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


@given(_messages)
def test_message_parts_lists_what_msg_parts_yields(message: Msg) -> None:
    assert [id(m) for m in message_parts(message)] == [id(m) for m in message.parts()]


@given(_messages)
def test_first_rule_is_the_first_rule_field_depth_first(message: Msg) -> None:
    rules = [m.fields["rule"] for m in message.parts() if isinstance(m.fields.get("rule"), str)]
    assert first_rule(message_parts(message)) == (rules[0] if rules else "")


def test_a_reason_without_a_rule_leads_with_none() -> None:
    assert first_rule(message_parts(lazy("{x}", x=lazy("plain")))) == ""
