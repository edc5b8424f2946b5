"""``rulekeeper haven odds``: the exact damage distribution of one attack.

The command only gathers the question and prints the answer; every ruling is
made by :func:`rulekeeper.games.haven.odds.odds`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulekeeper.cli.errors import fail
from rulekeeper.cli.haven_app import haven_app
from rulekeeper.core.errors import RulekeeperError

if TYPE_CHECKING:
    from rulekeeper.games.haven.attacks import AttackMode
    from rulekeeper.games.haven.odds import Odds


def _fail(message: str) -> None:
    raise fail(message)


@haven_app.command("odds")
def odds_command(
    attack: Annotated[
        int, typer.Option("--attack", min=0, help="The attack value, with its bonuses.")
    ],
    shield: Annotated[int, typer.Option("--shield", min=0, help="The target's shield.")] = 0,
    pierce: Annotated[int, typer.Option("--pierce", min=0, help="The attack's pierce.")] = 0,
    advantage: Annotated[
        bool, typer.Option("--advantage", help="The attack has advantage.")
    ] = False,
    disadvantage: Annotated[
        bool,
        typer.Option(
            "--disadvantage", help="The attack has disadvantage (with --advantage: cancel)."
        ),
    ] = False,
    ruleset_name: Annotated[
        str, typer.Option("--ruleset", help="gloomhaven or frosthaven.")
    ] = "gloomhaven",
    deck_file: Annotated[
        Path | None,
        typer.Option("--deck", help="A deck file (TOML or JSON) describing the deck as it is now."),
    ] = None,
    poisoned: Annotated[
        bool, typer.Option("--poisoned", help="The target is poisoned (+1).")
    ] = False,
    ward: Annotated[bool, typer.Option("--ward", help="[FH] The target has ward.")] = False,
    brittle: Annotated[bool, typer.Option("--brittle", help="[FH] The target is brittle.")] = False,
    muddled: Annotated[bool, typer.Option("--muddled", help="The attacker is muddled.")] = False,
    strengthened: Annotated[
        bool, typer.Option("--strengthened", help="The attacker is strengthened.")
    ] = False,
    ranged_adjacent: Annotated[
        bool, typer.Option("--ranged-adjacent", help="A ranged attack on an adjacent target.")
    ] = False,
    monster: Annotated[
        bool,
        typer.Option("--monster", help="A monster attacks (its deck, no free choice of card)."),
    ] = False,
    scenario: Annotated[
        str | None,
        typer.Option(
            "--scenario",
            help="A scenario (shipped name or file): use --character's deck with its perks.",
        ),
    ] = None,
    character: Annotated[
        str | None, typer.Option("--character", help="The character of --scenario.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for scripts.")] = False,
) -> None:
    """Print the exact odds of an attack: damage, probability, chance of at least that much."""
    from rulekeeper.games.haven.attacks import Attack, Target, attack_mode
    from rulekeeper.games.haven.modifiers import MONSTER_DECK, ModifierDeck, standard_catalog
    from rulekeeper.games.haven.odds import odds
    from rulekeeper.games.haven.ruleset import find_ruleset

    try:
        ruleset = find_ruleset(ruleset_name)
    except ValueError as error:
        _fail(str(error))
        return
    conditions = tuple(
        name
        for name, present in (("poison", poisoned), ("ward", ward), ("brittle", brittle))
        if present
    )
    if (ward or brittle) and not ruleset.ward_and_brittle:
        _fail(f"--ward and --brittle need a ruleset with ward and brittle, not {ruleset.name}")
    owner = MONSTER_DECK if monster else "character"
    try:
        if (scenario is None) != (character is None):
            _fail("--scenario and --character go together")
            return
        if scenario is not None and deck_file is not None:
            _fail("give either --deck or --scenario with --character, not both")
            return
        if scenario is not None and character is not None:
            from rulekeeper.games.haven.attack_deck_file import scenario_deck

            deck, catalog = scenario_deck(scenario, character, ruleset)
        elif deck_file is None:
            catalog = standard_catalog()
            deck = ModifierDeck.standard(owner, ruleset, catalog)
        else:
            from rulekeeper.games.haven.attack_deck_file import read_deck_file

            deck, catalog = read_deck_file(deck_file, ruleset, owner)
        attacker_conditions = tuple(
            name for name, present in (("muddle", muddled), ("strengthen", strengthened)) if present
        )
        the_attack = Attack(
            attack,
            pierce=pierce,
            ranged=ranged_adjacent,
            advantage=advantage,
            disadvantage=disadvantage,
            attacker_conditions=attacker_conditions,
        )
        the_target = Target(shield=shield, conditions=conditions, adjacent=ranged_adjacent)
        # HV-ATK-2, HV-ATK-3: the sources combine (and cancel) in attack_mode.
        mode: AttackMode = attack_mode(the_attack, the_target)
        result = odds(
            the_attack,
            the_target,
            deck,
            ruleset,
            mode,
            catalog=catalog,
            attacker_is_character=not monster,
        )
    except RulekeeperError as error:
        _fail(str(error))
        return
    if as_json:
        payload = {
            "ruleset": ruleset.name,
            "attack": attack,
            "shield": shield,
            "pierce": pierce,
            "mode": mode,
            "attacker": "monster" if monster else "character",
            **result.to_json(),
        }
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return
    _print_table(result, attack, shield, pierce, mode, ruleset.title)
    if mode == "advantage" and ruleset.character_chooses_advantage_card and not monster:
        # HV-ADV-3: the player may keep either card; the odds need an assumption.
        from rich.console import Console

        Console().print(
            "assumed: the character keeps the card dealing more damage"
            " (HV-ADV-3 lets the player keep either)"
        )


def _print_table(
    result: Odds, attack: int, shield: int, pierce: int, mode: str, title: str
) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    heading = f"{title}: Attack {attack} vs Shield {shield}"
    if pierce:
        heading += f", Pierce {pierce}"
    if mode != "none":
        heading += f", {mode}"
    table = Table(title=heading)
    table.add_column("damage", justify="right")
    table.add_column("probability", justify="right")
    table.add_column("at least", justify="right")
    for damage, p, at_least in result.rows():
        table.add_row(str(damage), f"{float(p):7.2%}  ({p})", f"{float(at_least):7.2%}")
    console.print(table)
    expected = result.expected_damage
    console.print(f"expected damage: {float(expected):.4f} ({expected})")
    for name, p in result.effects.items():
        console.print(f"adds {name}: {float(p):.2%}")
