"""``rulekeeper content``: check your own content files, print their JSON Schema and reference.

The module level holds only typer and the command signatures; the checker,
pydantic and the games are imported inside the commands, so ``rulekeeper
--help`` stays fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli.errors import USER_ERROR, error_line, fail, user_errors
from rulekeeper.cli.language_option import filled_help
from rulekeeper.i18n import _, lazy

FAMILY_NAMES = ("haven", "salvage", "ether", "areas")

content_app = typer.Typer(
    help=_(
        "Check your own content and scenario files; JSON Schemas and reference pages for editors."
    ),
    no_args_is_help=True,
)


def _family(game: str | None) -> str | None:
    if game is not None and game not in FAMILY_NAMES:
        raise fail(
            _(
                "--game: unknown game {game} (known: {known})",
                game=repr(game),
                known=list(FAMILY_NAMES),
            )
        )
    return game


@content_app.command(
    "check",
    help=_(
        "Validate content files and report EVERY problem, one per line: FILE: FIELD: REASON.\n\n"
        "The game and the kind of file are told by its format field (for example "
        'format = "rulekeeper-areas/1"). Schema problems come from the file\'s model, '
        "then the game's own cross-reference checks run (unknown ids, figures off the "
        "map ...). Exit status 0 when every file is clean, 2 when any has a problem."
    ),
)
@user_errors
def check_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="PATH...",
            help=_(
                "Content or scenario files (TOML, or JSON for haven) of any game, or folders "
                "of them (their .toml and .json files, nested folders included)."
            ),
        ),
    ],
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help=_(
                "The game, where the file's format field does not say (the areas catalog has none)."
            ),
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=_("Print the problems as a JSON list."))
    ] = False,
) -> None:
    """Validate content files and report EVERY problem, one per line: FILE: FIELD: REASON.

    The game and the kind of file are told by its format field (for example
    format = "rulekeeper-areas/1"). Schema problems come from the file's model,
    then the game's own cross-reference checks run (unknown ids, figures off the
    map ...). Exit status 0 when every file is clean, 2 when any has a problem.
    """
    from rulekeeper.authoring.check import check_paths
    from rulekeeper.core.errors import printable

    family = _family(game)
    reports = check_paths(files, family)
    if as_json:
        document = [
            {
                "file": report.source,
                "game": report.kind.family if report.kind else None,
                "kind": report.kind.name if report.kind else None,
                "problems": [p.to_json() for p in report.problems],
            }
            for report in reports
        ]
        typer.echo(json.dumps(document, indent=2))
    else:
        for report in reports:
            for problem in report.problems:
                typer.echo(problem.line())
            if report.clean:
                typer.echo(printable(report.summary()))
            else:
                typer.echo(error_line(report.summary()), err=True)
    if not all(report.clean for report in reports):
        raise typer.Exit(USER_ERROR)


@content_app.command(
    "schema", help=_("Print the JSON Schema of a game's content or scenario file, for editors.")
)
@user_errors
def schema_command(
    game: Annotated[
        str, typer.Argument(help=filled_help(lazy("The game: {games}.", games=list(FAMILY_NAMES))))
    ],
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            "-k",
            help=_("The file kind (default: the scenario); see 'rulekeeper content kinds'."),
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help=_("Write to this file instead of stdout.")),
    ] = None,
) -> None:
    """Print the JSON Schema of a game's content or scenario file, for editors."""
    from rulekeeper.authoring.kinds import find_kind
    from rulekeeper.authoring.reference import json_schema
    from rulekeeper.cli.output import write_json

    file_kind = find_kind(game, kind)
    write_json(
        json_schema(file_kind),
        out,
        _("wrote the {kind} schema to {file}", kind=file_kind.label, file=out),
    )


@content_app.command(
    "kinds", help=_("List every game's file kinds and the format field that names each.")
)
def kinds_command() -> None:
    """List every game's file kinds and the format field that names each."""
    from rulekeeper.authoring.kinds import KINDS

    for kind in KINDS:
        typer.echo(f"{kind.family:8} {kind.name:17} {kind.format_text:36} {kind.summary}")


@content_app.command(
    "docs",
    help=_("Print the reference page of a game's content formats (as in docs/content/GAME.md)."),
)
@user_errors
def docs_command(
    game: Annotated[
        str, typer.Argument(help=filled_help(lazy("The game: {games}.", games=list(FAMILY_NAMES))))
    ],
) -> None:
    """Print the reference page of a game's content formats (as in docs/content/GAME.md)."""
    from rulekeeper.authoring.reference import family_page

    if game not in FAMILY_NAMES:
        raise fail(
            _("unknown game {game} (known: {known})", game=repr(game), known=list(FAMILY_NAMES))
        )
    typer.echo(family_page(game), nl=False)
