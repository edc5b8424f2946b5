"""Issue 18: every message marked in the source reaches the catalogs.

Babel does not see a ``_()`` written inside an f-string's braces on Python
3.11, so such a message would never be translated and no catalog test would
notice. This test reads each package module's syntax tree for calls of the
marking functions with a literal message and fails on any that the extractor
missed.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rulekeeper.i18n_catalogs import PACKAGE, extract, source_files

MARKERS = ("_", "_n", "N_", "lazy", "lazy_plural")
CONTEXT_MARKERS = ("_p", "_np", "N_p", "lazy_p", "lazy_plural_p")
"""The marking calls whose message follows a context (``msgctxt``)."""


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def literal_messages(path: Path) -> set[str]:
    """The literal messages of the marking calls in one module (with their contexts, as
    ``context|message``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in MARKERS and node.args:
            message = _literal(node.args[0])
            if message is not None:
                found.add(message)
        elif node.func.id in CONTEXT_MARKERS and len(node.args) >= 2:
            context, message = _literal(node.args[0]), _literal(node.args[1])
            if context is not None and message is not None:
                found.add(f"{context}|{message}")
    return found


def test_every_literal_message_in_the_package_is_extracted() -> None:
    files = [(area, path) for area, path in source_files() if path.suffix == ".py"]
    extracted = {
        item.singular if item.context is None else f"{item.context}|{item.singular}"
        for items in extract(files).values()
        for item in items
    }
    missed = {
        path.relative_to(PACKAGE).as_posix(): sorted(literal_messages(path) - extracted)
        for _area, path in files
    }
    missed = {name: messages for name, messages in missed.items() if messages}
    assert missed == {}, missed


def test_the_check_sees_a_message_inside_f_string_braces(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text('text = f"{_(\'hidden message\')}"\nother = _("seen message")\n')
    assert literal_messages(module) == {"hidden message", "seen message"}


def test_a_message_with_a_context_is_extracted_with_it(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text(
        'a = _p("round phase", "draw")\nb = lazy("draw")\n'
        'c = lazy_plural_p("die", "{n} die", "{n} dice", 2)\n'
    )
    found = extract([("core", module)])["core"]
    assert {(item.context, item.singular, item.plural) for item in found} == {
        ("round phase", "draw", None),
        (None, "draw", None),
        ("die", "{n} die", "{n} dice"),
    }
    assert literal_messages(module) == {"round phase|draw", "draw", "die|{n} die"}
