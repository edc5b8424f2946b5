"""``content check`` answers any parsed input with a report, never a crash (issue 19)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.authoring.check import check_data
from rulekeeper.authoring.kinds import FAMILIES, KINDS

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)
FORMATS = st.sampled_from([k.format for k in KINDS if k.format is not None])


@settings(max_examples=150, deadline=None)
@given(
    table=st.dictionaries(st.text(max_size=12), VALUES, max_size=6),
    fmt=FORMATS,
    game=st.none() | st.sampled_from(FAMILIES),
)
def test_any_table_with_a_known_format_gets_a_report(
    table: dict[str, object], fmt: object, game: str | None
) -> None:
    report = check_data({**table, "format": fmt}, "any.toml", game)
    for problem in report.problems:
        assert problem.source == "any.toml"
        assert "\n" not in problem.line()
    assert report.clean == (not report.problems)
