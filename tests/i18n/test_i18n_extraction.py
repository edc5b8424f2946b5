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


def literal_messages(path: Path) -> set[str]:
    """The literal first arguments of the marking calls in one module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in MARKERS
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def test_every_literal_message_in_the_package_is_extracted() -> None:
    files = [(area, path) for area, path in source_files() if path.suffix == ".py"]
    extracted = {item.singular for items in extract(files).values() for item in items}
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
