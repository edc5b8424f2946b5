"""The answer of ``rulekeeper haven odds``, apart from how its options are read.

Both ways in call :func:`answer_odds`: the typer command
(:mod:`rulekeeper.cli.haven_odds`) and the quick path of the console script
(:mod:`rulekeeper.cli.entry`), which reads plain options without typer or
pydantic (issue 12, start-up). Every ruling is made by
:func:`rulekeeper.games.haven.odds.odds`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rulekeeper.core.errors import RulekeeperError
from rulekeeper.i18n import _

if TYPE_CHECKING:
    from pathlib import Path

    from rulekeeper.games.haven.attacks import AttackMode
    from rulekeeper.games.haven.odds import Odds


@dataclass(frozen=True, slots=True)
class OddsQuestion:
    """The options of ``haven odds``, under the names of the command's parameters."""

    attack: int
    shield: int = 0
    pierce: int = 0
    advantage: bool = False
    disadvantage: bool = False
    ruleset_name: str = "gloomhaven"
    deck_file: Path | None = None
    poisoned: bool = False
    ward: bool = False
    brittle: bool = False
    muddled: bool = False
    strengthened: bool = False
    ranged_adjacent: bool = False
    monster: bool = False
    scenario: str | None = None
    character: str | None = None
    as_json: bool = False


class OddsRefused(Exception):
    """The question cannot be answered; ``message`` is the user's one error line."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def answer_odds(question: OddsQuestion) -> None:
    """Print the exact odds of an attack, or raise OddsRefused naming what is wrong."""
    from rulekeeper.games.haven.attacks import attack_and_target, attack_mode
    from rulekeeper.games.haven.modifiers import MONSTER_DECK, ModifierDeck, standard_catalog
    from rulekeeper.games.haven.odds import odds
    from rulekeeper.games.haven.ruleset import find_ruleset

    q = question
    try:
        ruleset = find_ruleset(q.ruleset_name)
    except ValueError as error:
        raise OddsRefused(str(error)) from None
    if (q.ward or q.brittle) and not ruleset.ward_and_brittle:
        raise OddsRefused(
            _(
                "--ward and --brittle need a ruleset with ward and brittle, not {ruleset}",
                ruleset=ruleset.name,
            )
        )
    owner = MONSTER_DECK if q.monster else "character"
    try:
        if (q.scenario is None) != (q.character is None):
            raise OddsRefused(_("--scenario and --character go together"))
        if q.scenario is not None and q.deck_file is not None:
            raise OddsRefused(_("give either --deck or --scenario with --character, not both"))
        if q.scenario is not None and q.character is not None:
            from rulekeeper.games.haven.attack_deck_file import scenario_deck

            deck, catalog = scenario_deck(q.scenario, q.character, ruleset)
        elif q.deck_file is None:
            catalog = standard_catalog()
            deck = ModifierDeck.standard(owner, ruleset, catalog)
        else:
            from rulekeeper.games.haven.attack_deck_file import read_deck_file

            deck, catalog = read_deck_file(q.deck_file, ruleset, owner)
        the_attack, the_target = attack_and_target(q)
        # HV-ATK-2, HV-ATK-3: the sources combine (and cancel) in attack_mode.
        mode: AttackMode = attack_mode(the_attack, the_target)
        result = odds(
            the_attack,
            the_target,
            deck,
            ruleset,
            mode,
            catalog=catalog,
            attacker_is_character=not q.monster,
        )
    except RulekeeperError as error:
        raise OddsRefused(str(error)) from None
    if q.as_json:
        payload = {
            "ruleset": ruleset.name,
            "attack": q.attack,
            "shield": q.shield,
            "pierce": q.pierce,
            "mode": mode,
            "attacker": "monster" if q.monster else "character",
            **result.to_json(),
        }
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return
    _print_table(result, q.attack, q.shield, q.pierce, mode, ruleset.title)
    if mode == "advantage" and ruleset.character_chooses_advantage_card and not q.monster:
        # HV-ADV-3: the player may keep either card; the odds need an assumption.
        from rulekeeper.cli.boxed_table import print_wrapped

        print_wrapped(
            _(
                "assumed: the character keeps the card dealing more damage"
                " (HV-ADV-3 lets the player keep either)"
            )
        )


def _print_table(
    result: Odds, attack: int, shield: int, pierce: int, mode: str, title: str
) -> None:
    from rulekeeper.cli.boxed_table import print_table, print_wrapped

    heading = _(
        "{ruleset}: Attack {attack} vs Shield {shield}", ruleset=title, attack=attack, shield=shield
    )
    if pierce:
        heading += ", " + _("Pierce {n}", n=pierce)
    if mode == "advantage":
        heading += ", " + _("advantage")
    elif mode == "disadvantage":
        heading += ", " + _("disadvantage")
    elif mode != "none":
        heading += f", {mode}"
    rows = [
        (str(damage), f"{float(p):7.2%}  ({p})", f"{float(at_least):7.2%}")
        for damage, p, at_least in result.rows()
    ]
    print_table(heading, (_("damage"), _("probability"), _("at least")), rows)
    expected = result.expected_damage
    value = f"{float(expected):.4f}"
    print_wrapped(_("expected damage: {value} ({exact})", value=value, exact=expected))
    for name, p in result.effects.items():
        chance = f"{float(p):.2%}"
        print_wrapped(_("adds {effect}: {chance}", effect=_term(name), chance=chance))
    if any(name.split()[0] in ("push", "pull") for name in result.effects):
        # HV-PUSH-3: a card's push or pull moves the target after the damage; no damage.
        print_wrapped(
            _("a push or pull from a card moves the target; it adds no damage (HV-PUSH-3)")
        )
    if any(name.split()[0] in ("shield", "retaliate", "heal") for name in result.effects):
        # HV-SHIELD-2, HV-HEAL-2: they go to the attacker, after the damage.
        print_wrapped(
            _(
                "a card's shield, retaliate or heal goes to the attacker; it adds no damage"
                " (HV-SHIELD-2, HV-HEAL-2)"
            )
        )
    if any(name.split()[0] == "target" for name in result.effects):
        # HV-TGT-1: each added target is an attack of its own, with a draw of its own.
        print_wrapped(
            _(
                "a card's +N target adds targets to the attack, each with a modifier draw of"
                " its own; these odds are for one target and add no damage for it (HV-TGT-1)"
            )
        )


def _term(name: str) -> str:
    """An added effect (a condition, an element, push 1...) in the current language."""
    from rulekeeper.games.haven.modifiers import Effect, effect_text

    try:
        return effect_text(Effect.parse(name))
    except ValueError:
        from rulekeeper.games.haven.terms import term
        from rulekeeper.i18n import text_of

        return text_of(term(name))
