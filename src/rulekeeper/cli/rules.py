"""``rulekeeper rules ID...``: what a rule ID cited in a ruling says, from the shipped catalogs.

The text is shown in the chosen language (``--lang``, ``RULEKEEPER_LANG`` or the
locale): the catalogs ship in English, Catalan and Turkish.
"""

from __future__ import annotations

from typing import Annotated

import typer

from rulekeeper.cli.errors import fail
from rulekeeper.i18n import _


def rules_command(
    rule_ids: Annotated[
        list[str], typer.Argument(metavar="ID...", help=_("Rule IDs, like HV-MOVE-1 or SV-ATK-3."))
    ],
) -> None:
    from rulekeeper.rulebook import CATALOGS, find_rule

    for rule_id in rule_ids:
        rule = find_rule(rule_id.strip().upper())
        if rule is None:
            raise fail(
                _(
                    "rule {rule!r} is not in the shipped catalogs ({catalogs})",
                    rule=rule_id,
                    catalogs=list(CATALOGS),
                )
            )
        typer.echo(
            _(
                "{rule} ({catalog}: {section}) {text}",
                rule=rule.id,
                catalog=rule.catalog,
                section=rule.section,
                text=rule.text,
            )
        )


# The command's help (typer reads the docstring), in the language chosen before import;
# a process that imported this in English looks it up in the catalog when showing help.
rules_command.__doc__ = _(
    "Print the text of each rule ID from the rule catalogs shipped with rulekeeper, "
    "in the chosen language."
)
