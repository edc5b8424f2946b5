"""The quick text check of JSON documents never lets through what the full walk refuses.

``parse_document`` skips the walk of :func:`check_shape` when the JSON text
alone shows nothing can be refused (speed for batch commands, issue 12); the
walk still names the field of every refusal. These properties pin that the
shortcut changes no answer.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.document_text import _json_text_within_limits, check_shape, parse_document
from rulekeeper.core.errors import ContentError
from rulekeeper.core.limits import MAX_NESTING

scalars = (
    st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(alphabet=st.characters(codec="utf-8"), max_size=6)
    | st.booleans()
    | st.none()
)
documents = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=30,
)


def _refused(data: Any) -> bool:
    try:
        check_shape(data, None)
    except ContentError:
        return True
    return False


@settings(max_examples=400, deadline=None)
@given(documents, st.booleans())
def test_the_quick_check_passes_only_documents_the_walk_accepts(
    data: Any, ascii_only: bool
) -> None:
    text = json.dumps(data, ensure_ascii=ascii_only)
    if _json_text_within_limits(text):
        assert not _refused(json.loads(text))


@given(st.integers(min_value=MAX_NESTING - 2, max_value=MAX_NESTING + 2))
def test_the_quick_check_counts_nesting_as_the_walk_does(depth: int) -> None:
    text = "[" * depth + "]" * depth
    assert _json_text_within_limits(text) == (not _refused(json.loads(text)))


def test_refusals_still_name_the_field() -> None:
    for text in ('{"a": [1, "\\u0007"]}', '{"a": [12345678901234567890123]}', '{"b": 1e999}'):
        try:
            parse_document(text, "x.json")
        except ContentError as error:
            assert "a.1" in str(error) or "a.0" in str(error) or "b" in str(error)
        else:
            raise AssertionError(f"{text} was accepted")
