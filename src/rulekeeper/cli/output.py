"""Where a command's JSON document goes: stdout, or a file named with ``--out``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from rulekeeper.core.errors import ContentError, os_reason
from rulekeeper.i18n import _


def write_json(data: Any, out: Path | None, done: str) -> None:
    """Print ``data`` as indented JSON, or write it to ``out`` and say ``done``.

    An unwritable file is a ContentError naming it (one line, exit status 2).
    """
    text = json.dumps(data, indent=2) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ContentError(
            _("cannot write the file ({reason})", reason=os_reason(error)), source=str(out)
        ) from None
    typer.echo(done)
