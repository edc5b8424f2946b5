"""Exact odds of an attack: the distribution of damage and added effects.

:func:`odds` enumerates every chance outcome of the same
:class:`~rulekeeper.games.haven.attack_draw.AttackDraw` process the game plays
(one implementation of the procedure), card by card from the deck as it
actually is, with exact :class:`~fractions.Fraction` probabilities. Draws
whose futures are identical (same deck, same cards that still matter) are
computed once.

A Frosthaven character with advantage chooses which card to keep (HV-ADV-3);
odds need a policy for that choice: by default :func:`keep_most_damage`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rulekeeper.games.haven.attack_draw import AttackDraw, Done, NeedChoice
from rulekeeper.games.haven.attacks import Attack, AttackMode, Target, attack_context, attack_mode
from rulekeeper.games.haven.modifiers import Effect, ModifierCatalog, ModifierDeck, standard_catalog
from rulekeeper.games.haven.ruleset import Ruleset

OutcomeKey = tuple[int, tuple[Effect, ...]]
"""(damage dealt, added effects) of one way the attack can go."""

ChoicePolicy = Callable[[NeedChoice], int]


def keep_most_damage(step: NeedChoice) -> int:
    """The card a player keeps in the odds: more damage; on equal damage the one
    with more effects (when plainly more), else the one drawn first."""
    first, second = step.outcomes
    if second.damage > first.damage or (second.damage == first.damage and second.dominates(first)):
        return step.options[1]
    return step.options[0]


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact distribution of one attack's outcome against one target."""

    joint: dict[OutcomeKey, Fraction]

    @property
    def damage(self) -> dict[int, Fraction]:
        """Damage dealt -> probability, in increasing damage."""
        out: dict[int, Fraction] = {}
        for (damage, _), p in self.joint.items():
            out[damage] = out.get(damage, Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def effects(self) -> dict[str, Fraction]:
        """Each added effect -> probability that the attack applies it."""
        out: dict[str, Fraction] = {}
        for (_, effects), p in self.joint.items():
            for effect in effects:
                out[str(effect)] = out.get(str(effect), Fraction(0)) + p
        return dict(sorted(out.items()))

    @property
    def expected_damage(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))

    def at_least(self, damage: int) -> Fraction:
        return sum((p for d, p in self.damage.items() if d >= damage), Fraction(0))

    def rows(self) -> list[tuple[int, Fraction, Fraction]]:
        """(damage, probability, probability of at least that damage), for a table."""
        table = []
        remaining = Fraction(1)
        for damage, p in self.damage.items():
            table.append((damage, p, remaining))
            remaining -= p
        return table

    def to_json(self) -> dict[str, Any]:
        def number(p: Fraction) -> dict[str, Any]:
            return {"fraction": str(p), "value": float(p)}

        return {
            "damage": [
                {"damage": d, "probability": number(p), "at_least": number(a)}
                for d, p, a in self.rows()
            ],
            "effects": {name: number(p) for name, p in self.effects.items()},
            "expected_damage": number(self.expected_damage),
        }


def odds(
    attack: Attack,
    target: Target,
    deck: ModifierDeck,
    ruleset: Ruleset,
    mode: AttackMode | None = None,
    *,
    catalog: ModifierCatalog | None = None,
    attacker_is_character: bool = True,
    choose: ChoicePolicy = keep_most_damage,
) -> Odds:
    """The exact outcome distribution of ``attack`` on ``target`` with ``deck`` as it is.

    ``mode`` forces advantage, disadvantage or neither; left out, it follows
    from the attack and the conditions (HV-ATK-2, HV-ATK-3). The deck is not
    changed.
    """
    catalog = catalog or standard_catalog()
    context = attack_context(attack, target, ruleset)
    if mode is None:
        mode = attack_mode(attack, target)
    process = AttackDraw.start(
        ruleset, deck.owner, context, mode, attacker_is_character=attacker_is_character
    )
    return odds_of_draw(process, deck, catalog, choose)


def odds_of_draw(
    process: AttackDraw,
    deck: ModifierDeck,
    catalog: ModifierCatalog,
    choose: ChoicePolicy = keep_most_damage,
) -> Odds:
    """Enumerate an attack draw (possibly already under way) to its exact distribution."""
    memo: dict[tuple[object, ...], dict[OutcomeKey, Fraction]] = {}
    joint = _distribution(process, deck.copy(), catalog, choose, memo)
    return Odds(dict(sorted(joint.items(), key=lambda item: (item[0][0], item[0][1]))))


def _settle(
    process: AttackDraw, catalog: ModifierCatalog, choose: ChoicePolicy
) -> tuple[AttackDraw, Done | None]:
    """Make any pending player choice with ``choose``; the result, if the draw is over."""
    step = process.next_step(catalog)
    while isinstance(step, NeedChoice):
        process = process.after_choice(choose(step))
        step = process.next_step(catalog)
    return process, step if isinstance(step, Done) else None


def _distribution(
    process: AttackDraw,
    deck: ModifierDeck,
    catalog: ModifierCatalog,
    choose: ChoicePolicy,
    memo: dict[tuple[object, ...], dict[OutcomeKey, Fraction]],
) -> dict[OutcomeKey, Fraction]:
    process, done = _settle(process, catalog, choose)
    if done is not None:
        return {(done.outcome.damage, done.outcome.effects): Fraction(1)}
    key = (
        process.memo_key(catalog),
        tuple(deck.cards.draw_pile),
        # The discard pile matters once the draw pile runs out (HV-ATK-4).
        tuple(sorted(deck.cards.discard_pile)),
    )
    cached = memo.get(key)
    if cached is not None:
        return cached
    total: dict[OutcomeKey, Fraction] = {}
    for card, p in deck.draw_outcomes():
        child, done = _settle(process.after_draw(card), catalog, choose)
        if done is not None:
            # A draw that ends the process needs no copy of the deck.
            outcome = (done.outcome.damage, done.outcome.effects)
            total[outcome] = total.get(outcome, Fraction(0)) + p
            continue
        after = deck.copy()
        after.draw(card, catalog)
        for outcome, q in _distribution(child, after, catalog, choose, memo).items():
            total[outcome] = total.get(outcome, Fraction(0)) + p * q
    memo[key] = total
    return total
