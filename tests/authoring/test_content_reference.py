"""The content format reference pages and JSON Schemas come from the models (issue 19).

``docs/content/<game>.md`` must be exactly what the models generate today
(``make docs`` rewrites them), so the reference never drifts from the code;
``rulekeeper content schema`` prints a JSON Schema for every file kind.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulekeeper.authoring.kinds import FAMILIES, KINDS, FileKind
from rulekeeper.authoring.reference import family_page, field_docs, type_text
from rulekeeper.cli.main import app

DOCS = Path(__file__).parents[2] / "docs" / "content"
runner = CliRunner()


@pytest.mark.parametrize("family", FAMILIES)
def test_the_reference_page_matches_the_models(family: str) -> None:
    page = DOCS / f"{family}.md"
    assert page.exists(), f"{page} is missing: run `make docs`"
    assert page.read_text("utf-8") == family_page(family), (
        f"{page} is out of date with the content models: run `make docs` and commit it"
    )


@pytest.mark.parametrize("family", FAMILIES)
def test_the_page_names_every_field_of_every_kind(family: str) -> None:
    page = family_page(family)
    for kind in (k for k in KINDS if k.family == family):
        assert f"## {kind.name}: `{kind.format_text}`" in page
        for name in kind.model().model_fields:
            assert f"| `{name}` |" in page, f"{kind.label}: field {name} is not documented"


@pytest.mark.parametrize("family", FAMILIES)
def test_every_field_has_a_meaning(family: str) -> None:
    """Every field of every table on the page says what it means (a docstring written under
    the field in its model, or a ``description``)."""
    page = family_page(family)
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    bare = [line.split("|")[1].strip() for line in rows if line.endswith("| — |")]
    assert rows and not bare, f"{family}: write a docstring under the fields {bare}"


def test_field_meanings_come_from_the_docstrings_under_the_fields() -> None:
    from rulekeeper.games.areas.content import AreaModel, HeroEffect

    docs = field_docs(AreaModel)
    assert docs["capacity"].startswith("How much figure size the area holds")
    assert "uses" in field_docs(HeroEffect)  # inherited from ItemEffect


def test_types_read_as_words() -> None:
    from typing import Literal

    assert type_text(list[int]) == "list of integer"
    assert type_text(Literal["a", "b"]) == '"a" or "b"'
    assert type_text(int | None) == "integer or none"
    assert type_text(dict[str, bool]) == "table: name → true/false"


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: f"{k.family}-{k.name}")
def test_content_schema_prints_a_json_schema_for_every_kind(kind: FileKind) -> None:
    result = runner.invoke(app, ["content", "schema", kind.family, "--kind", kind.name])
    assert result.exit_code == 0, result.stderr
    schema = json.loads(result.stdout)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["type"] == "object" and schema["additionalProperties"] is False
    assert set(kind.model().model_fields) == set(schema["properties"])
    if kind.format is not None:
        assert schema["properties"]["format"]["const"] == kind.format


@pytest.mark.parametrize("family", FAMILIES)
def test_content_schema_of_a_game_defaults_to_its_scenario(family: str) -> None:
    result = runner.invoke(app, ["content", "schema", family])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["title"].startswith(f"rulekeeper {family} scenario")


def test_the_schema_carries_the_field_meanings() -> None:
    result = runner.invoke(app, ["content", "schema", "areas"])
    areas = json.loads(result.stdout)["$defs"]["AreaModel"]["properties"]
    assert areas["height"]["description"].startswith("The area's height")


def test_content_schema_refuses_an_unknown_game_or_kind() -> None:
    result = runner.invoke(app, ["content", "schema", "chess"])
    assert result.exit_code == 2
    assert (
        result.stderr == "rulekeeper: unknown game 'chess' (known: haven, salvage, ether, areas)\n"
    )
    result = runner.invoke(app, ["content", "schema", "areas", "--kind", "deck"])
    assert result.exit_code == 2 and "known: scenario, catalog" in result.stderr


def test_content_schema_writes_a_file(tmp_path: Path) -> None:
    out = tmp_path / "areas.schema.json"
    result = runner.invoke(app, ["content", "schema", "areas", "--out", str(out)])
    assert result.exit_code == 0
    assert json.loads(out.read_text("utf-8"))["properties"]["format"]["const"] == (
        "rulekeeper-areas/1"
    )


def test_content_docs_prints_the_page() -> None:
    result = runner.invoke(app, ["content", "docs", "salvage"])
    assert result.exit_code == 0 and result.stdout == family_page("salvage")


def test_content_kinds_lists_every_kind() -> None:
    result = runner.invoke(app, ["content", "kinds"])
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == len(KINDS)
