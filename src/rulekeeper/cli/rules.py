"""``rulekeeper rules ID...``: what a rule ID cited in a ruling says, from the shipped catalogs."""

from __future__ import annotations

from typing import Annotated

import typer

from rulekeeper.cli.errors import fail


def rules_command(
    rule_ids: Annotated[
        list[str], typer.Argument(metavar="ID...", help="Rule IDs, like HV-MOVE-1 or SV-ATK-3.")
    ],
) -> None:
    """Print the text of each rule ID from the rule catalogs shipped with rulekeeper."""
    from rulekeeper.rulebook import find_rule

    for rule_id in rule_ids:
        rule = find_rule(rule_id.strip().upper())
        if rule is None:
            raise fail(
                f"rule {rule_id!r} is not in the shipped catalogs (haven, salvage, ether, areas)"
            )
        typer.echo(f"{rule.id} ({rule.catalog}: {rule.section}) {rule.text}")
