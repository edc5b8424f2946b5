"""Damage to figures, exhaustion and damage negation (HV-EXH-1, HV-EXH-2, HV-NEG-1).

- HV-EXH-1: a character is exhausted when its hit points drop below 1, or at
  the start of a round with fewer than two cards in hand and fewer than two in
  its discard pile.
- HV-EXH-2: an exhausted character's ability cards all go to the lost pile; it
  leaves the map with its summons; when every character is exhausted the
  scenario is lost.
- HV-NEG-1: a character about to suffer damage from an attack may negate it by
  losing one card from hand or two from its discard pile. The engine offers
  the choice for attack damage; trap, hazardous and wound damage are suffered
  as they come (docs/games/haven.md, readings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven.state import Negation

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Hero


def can_negate(hero: Hero) -> bool:
    """HV-NEG-1: one card in hand or two in the discard pile to lose."""
    return len(hero.hand) >= 1 or len(hero.discard) >= 2


def negation_choices(hero: Hero) -> list[str]:
    choices = ["suffer"]
    if hero.hand:
        choices.append("hand")
    if len(hero.discard) >= 2:
        choices.append("discard")
    return choices


def offer_negation(
    state: HavenState, hero: Hero, damage: int, source: str, conditions: list[str]
) -> None:
    """HV-NEG-1: the damage waits for the character's choice."""
    state.negation = Negation(hero.id, damage, source, list(conditions))


def damage(state: HavenState, figure: Figure, amount: int, source: str, *rules: str) -> None:
    """Apply damage; a monster or summon at 0 dies, a character below 1 is exhausted (HV-EXH-1)."""
    if amount <= 0:
        return
    figure.hp -= amount
    state.emit(
        "damage",
        f"{figure.id} suffers {amount} damage from {source} ({max(0, figure.hp)} hit points left)",
        *rules,
        figure=figure.id,
        amount=amount,
    )
    if figure.hp >= 1:
        return
    if figure.kind == "character":
        exhaust(state, state.heroes[figure.id], "its hit points dropped below 1")
    else:
        del state.figures[figure.id]
        state.emit("death", f"{figure.id} dies", figure=figure.id)


def exhaust(state: HavenState, hero: Hero, why: str) -> None:
    """HV-EXH-1/2: all cards to the lost pile; the character and its summons leave the map."""
    if hero.exhausted:
        return
    hero.exhausted = True
    hero.lost.extend([*hero.hand, *hero.discard, *hero.active])
    hero.hand, hero.discard, hero.active = [], [], []
    hero.leading = hero.second = None
    hero.long_rest = False
    gone = [f.id for f in state.figures.values() if f.id == hero.id or f.owner == hero.id]
    for figure_id in gone:
        del state.figures[figure_id]
    state.emit(
        "exhausted",
        f"{hero.id} is exhausted: {why}; all its cards are lost and it leaves the map"
        + (f" with {len(gone) - 1} summon(s)" if len(gone) > 1 else ""),
        "HV-EXH-1",
        "HV-EXH-2",
        hero=hero.id,
    )
    if not state.living_heroes():
        state.result = "lost"
        state.result_text = "every character is exhausted (HV-EXH-2)"
        state.emit("lost", "Every character is exhausted: the scenario is lost", "HV-EXH-2")


def start_of_round_exhaustion(state: HavenState) -> None:
    """HV-EXH-1: fewer than two cards in hand and fewer than two in discard at the round's start."""
    for hero in state.living_heroes():
        if len(hero.hand) < 2 and len(hero.discard) < 2:
            exhaust(state, hero, "it cannot play two cards nor rest")
