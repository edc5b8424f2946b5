"""``rulekeeper haven import-monsters``: monster data in Gloomhaven Secretariat's shape.

The command reads files the user supplies and prints (or writes) a
haven-library/1 JSON document; every check is made by
:mod:`rulekeeper.games.haven.ghs_import`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli.errors import user_errors
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.core.errors import ContentError
from rulekeeper.i18n import _, _n


@haven_app.command(
    "import-monsters",
    help=_(
        "Convert monster stats and ability decks into a haven-library/1 document.\n\n"
        "The result's monster_types and monster_decks tables can be pasted into a"
        " haven-scenario/1 file. Anything that changes play and cannot be converted is"
        " refused with the file and field, never dropped."
    ),
)
@user_errors
def import_monsters_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help=_(
                "Pairs of files: a monster's stats JSON then its ability deck JSON, as"
                " Gloomhaven Secretariat keeps them (monster/NAME.json, monster/deck/NAME.json)."
            )
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help=_("Write the haven-library/1 JSON here instead of stdout.")
        ),
    ] = None,
) -> None:
    """Convert monster stats and ability decks into a haven-library/1 document.

    The result's monster_types and monster_decks tables can be pasted into a
    haven-scenario/1 file. Anything that changes play and cannot be converted
    is refused with the file and field, never dropped.
    """
    from rulekeeper.cli.output import write_json
    from rulekeeper.games.haven.ghs_import import import_monster, library_document

    if len(files) % 2:
        raise ContentError(
            _("give the files in pairs: STATS.json DECK.json [STATS.json DECK.json ...]"),
            field="FILES",
        )
    monsters = {}
    for stats_path, deck_path in zip(files[::2], files[1::2], strict=True):
        monster_type, deck = import_monster(stats_path, deck_path)
        monster_id = stats_path.stem
        if monster_id in monsters:
            raise ContentError(
                _("monster {monster} is given twice", monster=repr(monster_id)),
                source=str(stats_path),
            )
        monsters[monster_id] = (monster_type, deck)
    done = _n(
        "wrote {n} monster type to {path}",
        "wrote {n} monster types to {path}",
        len(monsters),
        path=out,
    )
    write_json(library_document(monsters), out, done)


@haven_app.command(
    "import",
    help=_(
        "Convert monsters (bosses included), classes, items and scenarios into a library"
        " folder.\n\n"
        "Abilities the engine does not run become resolve-by-hand steps carrying their text;"
        " files that cannot convert are listed (file, field, reason) on the screen and in"
        " LIBRARY/report.json. Nothing is written if the run fails."
    ),
)
@user_errors
def import_command(
    data_dir: Annotated[
        Path,
        typer.Argument(
            help=_("Your copy of Gloomhaven Secretariat's data folder (or one edition in it).")
        ),
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help=_("The library folder to write."))],
    edition: Annotated[
        str, typer.Option("--edition", help=_("gh (Gloomhaven) or fh (Frosthaven)."))
    ] = "gh",
    strict: Annotated[
        bool, typer.Option("--strict", help=_("Fail (write nothing) if any file is refused."))
    ] = False,
) -> None:
    """Convert monsters (bosses included), classes, items and scenarios into a library folder.

    Abilities the engine does not run become resolve-by-hand steps carrying
    their text; files that cannot convert are listed (file, field, reason) on
    the screen and in LIBRARY/report.json. Nothing is written if the run fails.
    """
    from rulekeeper.games.haven.ghs_library import (
        check_out,
        convert,
        summary_lines,
        write_library,
    )

    if edition not in ("gh", "fh"):
        raise ContentError(
            _("edition {edition}: give gh or fh", edition=repr(edition)), field="--edition"
        )
    check_out(out)
    converted, report = convert(data_dir, edition, lambda line: typer.echo(line, err=True))
    refused = [e for e in report.entries if e.kind == "refused"]
    if strict and refused:
        first = refused[0]
        raise ContentError(
            _n(
                "{reason} ({n} refusal; --strict writes nothing)",
                "{reason} ({n} refusals; --strict writes nothing)",
                len(refused),
                reason=first.reason,
            ),
            source=first.file,
            field=first.field,
        )
    write_library(converted, report, out)
    for line in summary_lines(report):
        typer.echo(line)
    typer.echo(_("wrote the library to {path}", path=out))
