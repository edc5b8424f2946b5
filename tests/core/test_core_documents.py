"""Content documents: TOML or JSON, read and validated with one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from rulekeeper.core.documents import parse_document, read_document, validate
from rulekeeper.core.errors import ContentError


class Hero(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    health: int


def test_the_suffix_chooses_json_or_toml(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"name": "Ada", "health": 3}')
    (tmp_path / "a.toml").write_text('name = "Ada"\nhealth = 3\n')
    assert read_document(tmp_path / "a.json") == read_document(tmp_path / "a.toml")


@pytest.mark.parametrize(
    ("text", "source", "message"),
    [
        ("{oops", "x.json", "x.json: not valid JSON (line 1, column 2"),
        ("name = ", "x.toml", "x.toml: not valid TOML"),
    ],
)
def test_unparsable_text_is_one_line_naming_the_file(text: str, source: str, message: str) -> None:
    with pytest.raises(ContentError) as caught:
        parse_document(text, source)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_an_unreadable_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot read the file"):
        read_document(tmp_path / "missing.toml")


def test_validation_names_file_and_field() -> None:
    assert validate(Hero, {"name": "Ada", "health": 3}, "h.toml") == Hero(name="Ada", health=3)
    with pytest.raises(ContentError) as caught:
        validate(Hero, {"name": "Ada", "health": "lots"}, "h.toml")
    assert str(caught.value).startswith("h.toml: health: ")
    assert caught.value.field == "health"
