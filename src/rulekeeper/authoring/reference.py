"""Reference pages and JSON Schemas of every content format, generated from the models.

``docs/content/<game>.md`` is the output of :func:`family_page`: every file
kind of the game, every table and field of its pydantic model (type, default,
meaning from the field's description), and an example file. A test regenerates
the pages and compares (``make docs`` writes them), so the pages never drift
from the code. ``rulekeeper content schema`` prints :func:`json_schema`.

Run as ``python -m rulekeeper.authoring.reference DIR`` to write the pages.
"""

from __future__ import annotations

import ast
import functools
import inspect
import itertools
import json
import sys
import types
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from rulekeeper.authoring.kinds import FAMILIES, FileKind, kinds_of

TITLES = {
    "haven": "Haven (Gloomhaven and Frosthaven rulesets)",
    "salvage": "Salvage",
    "ether": "Ether",
    "areas": "Areas",
}
DOCS_DIR = Path(__file__).resolve().parents[3] / "docs" / "content"
"""Where ``make docs`` writes the pages (in a source checkout)."""
CONTENT_DIR = Path(__file__).resolve().parents[1] / "content"
EXAMPLES_DIR = CONTENT_DIR / "examples"
"""Small example files, one per kind where written: shown on the pages, checked by the tests."""


@functools.cache
def _module_tree(filename: str) -> ast.Module:
    return ast.parse(Path(filename).read_text("utf-8"))


def field_docs(model: type[BaseModel]) -> dict[str, str]:
    """Each field's meaning: its ``description``, else the docstring written under it
    in the model's class body (the project's habit), inherited ones included."""
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if not (isinstance(cls, type) and issubclass(cls, BaseModel)) or cls is BaseModel:
            continue
        filename = inspect.getsourcefile(cls)
        if filename is None:
            continue
        # Models built inside a function (to import pydantic late) are found too.
        for node in ast.walk(_module_tree(filename)):
            if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
                body = node.body
                for before, after in itertools.pairwise(body):
                    if (
                        isinstance(before, ast.AnnAssign)
                        and isinstance(before.target, ast.Name)
                        and isinstance(after, ast.Expr)
                        and isinstance(after.value, ast.Constant)
                        and isinstance(after.value.value, str)
                    ):
                        docs[before.target.id] = inspect.cleandoc(after.value.value)
    for name, info in model.model_fields.items():
        if info.description:
            docs[name] = info.description
    return docs


def _describe_schema(schema: dict[str, Any], models: dict[str, type[BaseModel]]) -> None:
    """Put each field's meaning into the schema, where editors show it."""
    parts = [schema, *schema.get("$defs", {}).values()]
    for part in parts:
        model = models.get(part.get("title", ""))
        if model is None:
            continue
        docs = field_docs(model)
        for name, prop in part.get("properties", {}).items():
            if name in docs and "description" not in prop:
                prop["description"] = " ".join(docs[name].split())


def _all_models(root: type[BaseModel]) -> dict[str, type[BaseModel]]:
    found: dict[str, type[BaseModel]] = {}
    todo = [root]
    while todo:
        model = todo.pop()
        if model.__name__ in found:
            continue
        found[model.__name__] = model
        for info in model.model_fields.values():
            todo += [m for m, _ in _nested_models(info.annotation)]
    return found


def json_schema(kind: FileKind) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of one file kind, for editors."""
    root = kind.model()
    schema = root.model_json_schema()
    _describe_schema(schema, _all_models(root))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"rulekeeper {kind.label} ({kind.format_text})",
        "description": kind.summary,
        **{k: v for k, v in schema.items() if k not in ("title", "description")},
    }


# -- types as words ---------------------------------------------------------------
def _bounds(metadata: list[Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in metadata:
        if isinstance(item, FieldInfo):
            found.update(_bounds(list(item.metadata)))
            continue
        for name in ("ge", "gt", "le", "lt", "min_length", "max_length"):
            value = getattr(item, name, None)
            if value is not None:
                found[name] = value
    return found


def _constraints(metadata: list[Any]) -> list[str]:
    bounds = _bounds(metadata)
    words: list[str] = []
    if "ge" in bounds and "le" in bounds:
        words.append(f"{bounds['ge']} to {bounds['le']}")
    else:
        words += [f"≥ {bounds['ge']}"] if "ge" in bounds else []
        words += [f"≤ {bounds['le']}"] if "le" in bounds else []
    words += [f"> {bounds['gt']}"] if "gt" in bounds else []
    words += [f"< {bounds['lt']}"] if "lt" in bounds else []
    if "min_length" in bounds:
        words.append(f"at least {bounds['min_length']}")
    if "max_length" in bounds:
        words.append(f"at most {bounds['max_length']}")
    return words


def _literal(value: Any) -> str:
    return json.dumps(value) if isinstance(value, str) else repr(value)


def _is_hex(annotation: Any) -> bool:
    """A board coordinate pair, ``[q, r]`` (haven's ``HexSpec``)."""
    args = get_args(annotation)
    return (
        get_origin(annotation) is tuple
        and len(args) == 2
        and all(get_origin(a) is typing.Annotated and get_args(a)[0] is int for a in args)
    )


def type_text(annotation: Any, metadata: list[Any] | None = None) -> str:
    """A type in words: ``list of Area``, ``"melee" or "ranged"``, ``integer ≥ 1``."""
    words = _constraints(metadata or [])
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is typing.Annotated:
        return type_text(args[0], [*args[1:], *(metadata or [])])
    if _is_hex(annotation):
        low, high = _bounds([*get_args(args[0])[1:]]).values()
        text = f"hex [q, r] ({low} to {high})"
    elif origin is Literal:
        text = " or ".join(_literal(a) for a in args)
    elif origin in (Union, types.UnionType):
        present = [a for a in args if a is not type(None)]
        text = " or ".join(type_text(a) for a in present)
        if len(present) < len(args):
            text += " or none"
    elif origin in (list, tuple) or annotation in (list, tuple):
        if origin is tuple and args and args[-1] is not Ellipsis:
            text = "[" + ", ".join(type_text(a) for a in args) + "]"
        else:
            text = f"list of {type_text(args[0]) if args else 'values'}"
    elif origin is dict:
        text = f"table: name → {type_text(args[1])}" if args else "table"
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        text = annotation.__name__
    elif annotation is Any:
        text = "any value"
    else:
        text = {int: "integer", str: "text", bool: "true/false", float: "number"}.get(
            annotation, getattr(annotation, "__name__", str(annotation))
        )
    return f"{text} ({', '.join(words)})" if words else text


def _nested_models(annotation: Any) -> list[tuple[type[BaseModel], str]]:
    """The models inside a field's type, with how they are reached (``[]`` for a list
    item, ``.NAME`` for a table entry)."""
    found: list[tuple[type[BaseModel], str]] = []
    origin = get_origin(annotation)
    args = get_args(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [(annotation, "")]
    if origin is typing.Annotated:
        return _nested_models(args[0])
    if origin in (list, tuple):
        for arg in args:
            if arg is not Ellipsis:
                found += [(m, "[]" + step) for m, step in _nested_models(arg)]
    elif origin is dict and args:
        found += [(m, ".NAME" + step) for m, step in _nested_models(args[1])]
    elif origin in (Union, types.UnionType):
        for arg in args:
            found += _nested_models(arg)
    return found


def _default_text(info: FieldInfo) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        value: Any = info.default_factory()  # type: ignore[call-arg]
    else:
        value = info.default
    if isinstance(value, BaseModel):
        return "its defaults"
    if isinstance(value, tuple):
        value = list(value)
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:
        return str(value)


def _one_line(text: str | None) -> str:
    return " ".join((text or "").split()).replace("|", "\\|")


@dataclass(slots=True)
class _Table:
    model: type[BaseModel]
    where: list[str]


def _tables(root: type[BaseModel], done: dict[type[BaseModel], str]) -> list[_Table]:
    """The root model and every model under it, breadth first, each once per page
    (with every place it is used in this file kind); ``done`` maps each model
    documented so far to where it was first shown."""
    tables: dict[type[BaseModel], _Table] = {}
    queue: list[tuple[type[BaseModel], str]] = [(root, "(the file)")]
    while queue:
        model, where = queue.pop(0)
        if model in tables:
            if where not in tables[model].where:
                tables[model].where.append(where)
            continue
        if model in done:
            continue
        done[model] = where
        tables[model] = _Table(model, [where])
        base = "" if where == "(the file)" else where + "."
        for name, info in model.model_fields.items():
            for nested, step in _nested_models(info.annotation):
                queue.append((nested, f"{base}{info.alias or name}{step}"))
    return list(tables.values())


def _model_doc(model: type[BaseModel]) -> str:
    doc = model.__doc__ or ""
    if doc.startswith(f"{model.__name__}(") or "Usage docs:" in doc:
        return ""  # pydantic's own docstring, not ours
    return " ".join(doc.split())


def _table_lines(table: _Table) -> list[str]:
    model = table.model
    places = ", ".join(f"`{where}`" for where in table.where)
    lines = [f"#### {places} — {model.__name__}", ""]
    doc = _model_doc(model)
    if doc:
        lines += [doc, ""]
    lines += ["| field | type | default | meaning |", "|---|---|---|---|"]
    docs = field_docs(model)
    for name, info in model.model_fields.items():
        key = info.alias or name
        kind = _one_line(type_text(info.annotation, list(info.metadata)))
        lines.append(
            f"| `{key}` | {kind} | {_one_line(_default_text(info))} | "
            f"{_one_line(docs.get(name)) or '—'} |"
        )
    return [*lines, ""]


def _example_lines(kind: FileKind) -> list[str]:
    suffix = "json" if kind.name == "board" else "toml"
    written = EXAMPLES_DIR / f"{kind.family}-{kind.name}.{suffix}"
    if written.exists():
        text = written.read_text("utf-8").rstrip("\n")
        return [
            f"Example (`src/rulekeeper/content/examples/{written.name}`, checked by the tests):",
            "",
            f"```{suffix}",
            text,
            "```",
            "",
        ]
    if kind.example is not None:
        return [
            f"Example: the shipped file `src/rulekeeper/content/{kind.example}`.",
            "",
        ]
    return []


def family_page(family: str) -> str:
    """The whole reference page of one game's content formats (Markdown)."""
    lines = [
        f"# {TITLES[family]}: content file reference",
        "",
        "<!-- Generated from the pydantic models by `make docs`"
        " (python -m rulekeeper.authoring.reference); do not edit by hand. -->",
        "",
        "Every field of every file this game reads, with its type, default and meaning.",
        "Unknown fields are refused. Check a file with `rulekeeper content check FILE`"
        " (every problem, with its field); an editor's JSON Schema is"
        f" `rulekeeper content schema {family} --kind KIND`.",
        "",
    ]
    done: dict[type[BaseModel], str] = {}
    for kind in kinds_of(family):
        lines += [f"## {kind.name}: `{kind.format_text}`", "", kind.summary, ""]
        lines += _example_lines(kind)
        root = kind.model()
        if root in done:
            lines += [f"Its tables are those of `{done[root]}` ({root.__name__}) above.", ""]
        for table in _tables(root, done):
            lines += _table_lines(table)
    return "\n".join(lines).rstrip("\n") + "\n"


def write_pages(folder: Path = DOCS_DIR) -> list[Path]:
    """Write ``folder/<game>.md`` for every game; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for family in FAMILIES:
        path = folder / f"{family}.md"
        path.write_text(family_page(family), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - make docs
    for path in write_pages(Path(sys.argv[1]) if len(sys.argv) > 1 else DOCS_DIR):
        print(f"wrote {path}")
