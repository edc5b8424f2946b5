"""The ``rulekeeper haven`` command group; its commands live in their own modules."""

from __future__ import annotations

import typer

from rulekeeper.i18n import _

haven_app = typer.Typer(
    help=_("Haven (Gloomhaven and Frosthaven) tools: the monster mover and attack odds."),
    no_args_is_help=True,
)
