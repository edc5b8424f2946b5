"""``rulekeeper haven odds``: the exact damage distribution of one attack.

The command only gathers the question; :func:`rulekeeper.cli.haven_odds_answer.answer_odds`
prints the answer, and every ruling is made by :func:`rulekeeper.games.haven.odds.odds`.
Plain invocations skip typer altogether (:mod:`rulekeeper.cli.entry`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulekeeper.cli.errors import fail
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.i18n import _


@haven_app.command(
    "odds",
    help=_("Print the exact odds of an attack: damage, probability, chance of at least that much."),
)
def odds_command(
    attack: Annotated[
        int, typer.Option("--attack", min=0, help=_("The attack value, with its bonuses."))
    ],
    shield: Annotated[int, typer.Option("--shield", min=0, help=_("The target's shield."))] = 0,
    pierce: Annotated[int, typer.Option("--pierce", min=0, help=_("The attack's pierce."))] = 0,
    advantage: Annotated[
        bool, typer.Option("--advantage", help=_("The attack has advantage."))
    ] = False,
    disadvantage: Annotated[
        bool,
        typer.Option(
            "--disadvantage", help=_("The attack has disadvantage (with --advantage: cancel).")
        ),
    ] = False,
    ruleset_name: Annotated[
        str, typer.Option("--ruleset", help=_("gloomhaven or frosthaven."))
    ] = "gloomhaven",
    deck_file: Annotated[
        Path | None,
        typer.Option(
            "--deck", help=_("A deck file (TOML or JSON) describing the deck as it is now.")
        ),
    ] = None,
    poisoned: Annotated[
        bool, typer.Option("--poisoned", help=_("The target is poisoned (+1)."))
    ] = False,
    ward: Annotated[bool, typer.Option("--ward", help=_("[FH] The target has ward."))] = False,
    brittle: Annotated[
        bool, typer.Option("--brittle", help=_("[FH] The target is brittle."))
    ] = False,
    muddled: Annotated[bool, typer.Option("--muddled", help=_("The attacker is muddled."))] = False,
    strengthened: Annotated[
        bool, typer.Option("--strengthened", help=_("The attacker is strengthened."))
    ] = False,
    ranged_adjacent: Annotated[
        bool, typer.Option("--ranged-adjacent", help=_("A ranged attack on an adjacent target."))
    ] = False,
    monster: Annotated[
        bool,
        typer.Option("--monster", help=_("A monster attacks (its deck, no free choice of card).")),
    ] = False,
    scenario: Annotated[
        str | None,
        typer.Option(
            "--scenario",
            help=_("A scenario (shipped name or file): use --character's deck with its perks."),
        ),
    ] = None,
    character: Annotated[
        str | None, typer.Option("--character", help=_("The character of --scenario."))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON for scripts."))] = False,
) -> None:
    """Print the exact odds of an attack: damage, probability, chance of at least that much."""
    from rulekeeper.cli.haven_odds_answer import OddsQuestion, OddsRefused, answer_odds

    question = OddsQuestion(
        attack=attack,
        shield=shield,
        pierce=pierce,
        advantage=advantage,
        disadvantage=disadvantage,
        ruleset_name=ruleset_name,
        deck_file=deck_file,
        poisoned=poisoned,
        ward=ward,
        brittle=brittle,
        muddled=muddled,
        strengthened=strengthened,
        ranged_adjacent=ranged_adjacent,
        monster=monster,
        scenario=scenario,
        character=character,
        as_json=as_json,
    )
    try:
        answer_odds(question)
    except OddsRefused as refused:
        raise fail(refused.message) from None
