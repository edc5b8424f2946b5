"""Card descriptions in their plain shape are read without pydantic, to the same cards (issue 12).

:func:`rulekeeper.games.haven.modifiers.parse_card` builds a card directly when
its description holds exactly the types the card model produces, and hands
anything else to the model. Either way the card, or the error naming the bad
field, must be what the model alone gives (HV-MOD-1..3: the card's value,
multiplier, rolling icon, pierce and effects).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rulekeeper.core.document_text import parse_document
from rulekeeper.core.documents import validate
from rulekeeper.core.errors import ContentError
from rulekeeper.games.haven.modifiers import (
    _models,
    _plain_card,
    card_from_model,
    load_catalog,
    parse_card,
    standard_catalog,
)


def _through_the_model(card_id: str, data: object) -> Any:
    """The card the pydantic model makes of ``data``, or the error it names."""
    from pydantic import ValidationError

    from rulekeeper.core.documents import pydantic_error_line

    try:
        return card_from_model(card_id, _models()[0].model_validate(data))
    except ValidationError as error:
        return str(pydantic_error_line(error, None).reason)
    except ValueError as error:
        return str(error)


_VALUES = st.one_of(
    st.integers(-5, 5),
    st.booleans(),
    st.sampled_from(["none", "double", "null", "x", "3", "true"]),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
    st.lists(st.sampled_from(["poison", "push 1", "heal 2", "infuse fire", "sparkle", 3])),
    st.none(),
)
_FIELDS = st.sampled_from(
    ["value", "multiplier", "rolling", "pierce", "effects", "shuffle", "leaves_deck", "colour"]
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(_FIELDS, _VALUES, max_size=5))
def test_plain_cards_equal_the_models_cards_hv_mod_1(data: dict[str, Any]) -> None:
    """HV-MOD-1..3: a card read directly equals the model's; other shapes go to the model."""
    plain = _plain_card("c", data)
    expected = _through_the_model("c", data)
    if plain is not None:
        assert plain == expected
    try:
        read = parse_card("c", data)
    except ContentError as error:
        assert isinstance(expected, str)
        assert error.reason == expected
    else:
        assert read == expected


def test_the_shipped_catalog_reads_the_same_as_through_the_model() -> None:
    text = (
        resources.files("rulekeeper.content")
        .joinpath("haven", "modifier-decks.toml")
        .read_text(encoding="utf-8")
    )
    model = validate(_models()[1], parse_document(text, "x.toml", "toml"), "x.toml")
    catalog = standard_catalog()
    assert dict(catalog.cards) == {k: card_from_model(k, v) for k, v in model.cards.items()}
    assert dict(catalog.standard) == dict(model.standard_deck)


def test_a_catalog_outside_the_plain_shape_is_still_checked_field_by_field() -> None:
    bad = 'format = 1\nstandard_deck = {"+0" = 1}\n[cards."+0"]\nvalue = "high"\n'
    try:
        load_catalog(bad, "x.toml")
    except ContentError as error:
        assert error.field == "cards.+0.value"
    else:  # pragma: no cover - the test fails here
        raise AssertionError("a card value that is no number was accepted")
    coerced = load_catalog('format = 1\nstandard_deck = {"+0" = 1}\n[cards."+0"]\nvalue = 1.0\n')
    assert coerced["+0"].value == 1
