"""Damage to figures, exhaustion and damage negation (HV-EXH-1, HV-EXH-2, HV-NEG-1).

- HV-EXH-1: a character is exhausted when its hit points drop below 1, or at
  the start of a round with fewer than two cards in hand and fewer than two in
  its discard pile.
- HV-EXH-2: an exhausted character's ability cards all go to the lost pile; it
  leaves the map with its summons; when every character is exhausted the
  scenario is lost.
- HV-NEG-1: a character about to suffer damage may negate it by losing one
  card from hand or two from its discard pile. Every source of damage to a
  character (attacks, traps, hazardous terrain, wounds) is queued and offered
  in turn (:func:`hurt`); the short rest's redraw is a cost, not a source.
- HV-COND-WARD-1, HV-COND-BRITTLE-1 [FH]: ward halves and brittle doubles the
  next damage from any source (retaliate, traps, hazardous terrain, wound, bane),
  before the character decides whether to negate it; an attack's damage already
  met them in its own resolution (HV-ATK-1), so it comes here ``factored``.
- HV-COND-REGENERATE-1 [FH]: regenerate ends as soon as its bearer suffers damage.
- HV-COND-1, HV-COND-3: conditions gained (:func:`add_conditions`): one instance
  of each, a new gain restarts its duration, an immune figure gains nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rulekeeper.games.haven import bless_curse, bonuses, objective_figures, special_rules
from rulekeeper.games.haven.conditions import (
    damage_factors,
    may_gain,
    removed_by_damage,
    rule_id,
    scale_damage,
)
from rulekeeper.games.haven.loot import drop_on_death
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.state import Negation
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.actions import NegateChoice
    from rulekeeper.games.haven.state import Figure, HavenState, Hero


def can_negate(hero: Hero) -> bool:
    """HV-NEG-1: one card in hand or two in the discard pile to lose."""
    return len(hero.hand) >= 1 or len(hero.discard) >= 2


def negation_choices(hero: Hero) -> list[NegateChoice]:
    choices: list[NegateChoice] = ["suffer"]
    if hero.hand:
        choices.append("hand")
    if len(hero.discard) >= 2:
        choices.append("discard")
    return choices


def hurt(
    state: HavenState,
    figure: Figure,
    amount: int,
    source: Msg | str,
    rules: tuple[str, ...],
    conditions: tuple[str, ...] = (),
    *,
    factored: bool = False,
    by: str = "",
) -> None:
    """Damage from any source: a character's waits in line for its HV-NEG-1 choice.

    Queued damage is offered in order, one decision at a time, once nothing
    else is pending (round_flow.advance); conditions come with it. Damage not
    ``factored`` by an attack's own resolution meets ward and brittle first.
    ``by`` is the figure that deals it, for kill credit (HV-MON-6; "" for none).
    """
    if not factored:
        amount = damage_after_ward_and_brittle(state, figure, amount)
    if figure.kind == "character":
        state.damage_queue.append(
            Negation(figure.id, amount, source, list(conditions), rules=list(rules))
        )
        return
    damage(state, figure, amount, source, *rules, by=by)
    if figure.id in state.figures:
        add_conditions(state, figure, list(conditions))


def damage_after_ward_and_brittle(state: HavenState, figure: Figure, amount: int) -> int:
    """HV-COND-WARD-1, HV-COND-BRITTLE-1 [FH]: the next damage from any source is halved
    (rounded down) by ward and doubled by brittle, and they are used up; held together they
    cancel and both are removed. No damage to change: neither is used up (FH FAQ 5.2)."""
    if amount <= 0 or not state.rules.ward_and_brittle:
        return amount
    held = [name for name in ("ward", "brittle") if name in figure.conditions]
    if not held:
        return amount
    changed = scale_damage(amount, damage_factors(held, state.rules))
    use_up(state, figure, held)
    return changed


def use_up(state: HavenState, figure: Figure, held: Sequence[str]) -> None:
    """Remove ward and brittle once they have met damage (HV-COND-WARD-1, HV-COND-BRITTLE-1)."""
    for name in held:
        figure.conditions.remove(name)
        if name in figure.fresh_conditions:
            figure.fresh_conditions.remove(name)
    message = (
        lazy(
            "ward and brittle on {figure} cancel and are removed after changing the damage"
            " (FH p.28–29)",
            figure=figure.id,
        )
        if len(held) > 1
        else lazy(
            "{condition} on {figure} is removed after changing the damage (FH p.28–29)",
            condition=term(held[0]),
            figure=figure.id,
        )
    )
    state.emit(
        "condition",
        message,
        "HV-ATK-1",
        *(rule_id(name) for name in held),
        figure=figure.id,
        removed=held,
    )


def immunities(state: HavenState, figure: Figure) -> tuple[str, ...]:
    """HV-COND-3: the conditions a figure's stat card makes it immune to."""
    if figure.kind != "monster":
        return ()
    return state.spec.monster_types[figure.type].immunities


def next_negation(state: HavenState) -> None:
    """Take the next queued damage: offer negation (HV-NEG-1) or suffer it at once."""
    while state.negation is None and state.damage_queue:
        pending = state.damage_queue.pop(0)
        hero = state.heroes[pending.hero]
        figure = state.figures.get(pending.hero)
        if hero.exhausted or figure is None:
            continue
        if pending.damage > 0 and can_negate(hero):
            state.negation = pending
            return
        suffer(state, figure, pending)


def suffer(state: HavenState, figure: Figure, pending: Negation) -> None:
    damage(state, figure, pending.damage, pending.source, *pending.rules)
    if figure.id in state.figures:
        add_conditions(state, figure, pending.conditions)


def add_conditions(state: HavenState, target: Figure, conditions: list[str]) -> None:
    """Conditions gained by ``target`` (HV-COND-1..3).

    HV-COND-1: one instance of each; gaining one already held restarts its duration.
    HV-COND-2: one gained on the bearer's own turn lasts through its next turn too.
    HV-COND-3: an immune figure gains nothing ([FH] impair: characters only).
    Bless and curse put a card into a deck instead (bless_curse.py).
    """
    acting = state.turn is not None and state.turn.actor == target.id
    immune = immunities(state, target)
    for name in conditions:
        if objective_figures.refuses_condition(state, target, name):
            state.emit(
                "condition",
                lazy(
                    "{figure} is an objective: it gains no {condition}",
                    figure=target.id,
                    condition=term(name),
                ),
                "HV-GOAL-2",
            )
            continue
        if not may_gain(name, target.kind, immune):
            state.emit(
                "condition",
                lazy("{figure} cannot gain {condition}", figure=target.id, condition=term(name)),
                "HV-COND-3",
                # HV-BOSS-1, HV-MON-2: immunities printed on the stat card
                *(("HV-BOSS-1", "HV-MON-2") if name in immune else ()),
                figure=target.id,
            )
            continue
        if name in bless_curse.DECK_CARDS:
            bless_curse.add_card(state, target, name)
            continue
        if name in target.conditions:
            if acting and name not in target.fresh_conditions:
                target.fresh_conditions.append(name)
            state.emit(
                "condition",
                lazy(
                    "{figure} gains {condition} again: its duration restarts",
                    figure=target.id,
                    condition=term(name),
                ),
                "HV-COND-1",
                figure=target.id,
            )
            continue
        target.conditions.append(name)
        if acting:
            target.fresh_conditions.append(name)
        state.emit(
            "condition",
            lazy("{figure} gains {condition}", figure=target.id, condition=term(name)),
            rule_id(name),
            figure=target.id,
        )


def damage(
    state: HavenState, figure: Figure, amount: int, source: Msg | str, *rules: str, by: str = ""
) -> None:
    """Apply damage; a monster or summon at 0 dies, a character below 1 is exhausted (HV-EXH-1).

    A monster brought to 0 is credited to the character ``by`` names (HV-MON-6)."""
    if amount <= 0:
        return
    for name in removed_by_damage(figure.conditions):
        figure.conditions.remove(name)
        state.emit(
            "condition",
            lazy(
                "{figure} suffers damage: {condition} is removed",
                figure=figure.id,
                condition=term(name),
            ),
            rule_id(name),
            figure=figure.id,
        )
    before = figure.hp
    figure.hp -= amount
    state.emit(
        "damage",
        lazy(
            "{figure} suffers {amount} damage from {source} ({hp} hit points left)",
            figure=figure.id,
            amount=amount,
            source=source,
            hp=max(0, figure.hp),
        ),
        *rules,
        figure=figure.id,
        amount=amount,
    )
    held = figure.kind == "monster" and special_rules.boss_damaged(state, figure, before)
    if figure.hp >= 1:
        return
    if figure.kind == "monster":
        credit_kill(state, figure, by)
    if figure.kind == "character":
        exhaust(state, state.heroes[figure.id], lazy("its hit points dropped below 1"))
    elif figure.kind == "objective":
        objective_figures.destroy(state, figure)  # HV-GOAL-2: destroyed, not killed
        special_rules.objective_destroyed(state, figure.id)
    elif held:
        figure.hp = 0
        state.held_deaths.append(figure.id)
        state.emit(
            "boss",
            lazy("{figure} is not dead until its section is resolved", figure=figure.id),
            "HV-BOSS-3",
            figure=figure.id,
        )
    else:
        die(state, figure)


def credited_character(state: HavenState, by: str) -> Hero | None:
    """HV-MON-6, HV-SUM-6: the character credited with a kill by ``by``: a character itself,
    a summon's summoner; none for a monster, a scenario ally or no figure."""
    figure = state.figures.get(by)
    if figure is None:
        return state.heroes.get(by)  # an exhausted character's retaliate or push
    if figure.kind == "character":
        return state.heroes.get(figure.id)
    if figure.kind == "summon":
        return state.heroes.get(figure.owner)
    return None


def credit_kill(state: HavenState, monster: Figure, by: str) -> None:
    """HV-MON-6: kill credit to the figure that dealt the damage (a summon's to its summoner);
    none for wound, bane, a monster's own movement or another monster."""
    hero = credited_character(state, by)
    if hero is None:
        return
    hero.kills.append(monster.id)
    state.emit(
        "kill",
        lazy("{hero} is credited with killing {monster}", hero=hero.id, monster=monster.id),
        "HV-MON-6",
        figure=monster.id,
        hero=hero.id,
        by=by,
    )


def die(state: HavenState, figure: Figure) -> None:
    """HV-MON-6: the monster leaves the map and drops its loot (HV-LOOT-3)."""
    del state.figures[figure.id]
    state.emit("death", lazy("{figure} dies", figure=figure.id), "HV-MON-6", figure=figure.id)
    drop_on_death(state, figure)
    if figure.kind == "summon":
        bonuses.summon_removed(state, figure.id)  # HV-SUM-4


def finish_held_deaths(state: HavenState) -> None:
    """HV-BOSS-3: once every pending section is resolved, a boss held at 0 dies."""
    if state.by_hand:
        return
    for figure_id in state.held_deaths:
        figure = state.figures.get(figure_id)
        if figure is not None and figure.hp < 1:
            die(state, figure)
    state.held_deaths = []


def exhaust(state: HavenState, hero: Hero, why: Msg | str) -> None:
    """HV-EXH-1/2: all cards to the lost pile; the character and its summons leave the map."""
    if hero.exhausted:
        return
    hero.exhausted = True
    bonuses.hero_exhausted(state, hero)
    hero.lost.extend([*hero.hand, *hero.discard, *hero.active])
    hero.hand, hero.discard, hero.active = [], [], []
    hero.leading = hero.second = None
    hero.long_rest = False
    gone = [f.id for f in state.figures.values() if f.id == hero.id or f.owner == hero.id]
    for figure_id in gone:
        del state.figures[figure_id]
    state.emit(
        "exhausted",
        lazy_plural(
            "{hero} is exhausted: {why}; all its cards are lost and it leaves the map with its"
            " {n} summon",
            "{hero} is exhausted: {why}; all its cards are lost and it leaves the map with its"
            " {n} summons",
            len(gone) - 1,
            hero=hero.id,
            why=why,
        )
        if len(gone) > 1
        else lazy(
            "{hero} is exhausted: {why}; all its cards are lost and it leaves the map",
            hero=hero.id,
            why=why,
        ),
        "HV-EXH-1",
        "HV-EXH-2",
        hero=hero.id,
    )
    if not state.living_heroes():
        from rulekeeper.games.haven.objectives import all_exhausted, no_one_left

        if any(h.escaped for h in state.heroes.values()):
            no_one_left(state)  # HV-ROOM-5: the others escaped
            return
        state.emit("exhausted", lazy("every character is exhausted"), "HV-EXH-2")
        all_exhausted(state)


def start_of_round_exhaustion(state: HavenState) -> None:
    """HV-EXH-1: fewer than two cards in hand and fewer than two in discard at the round's start."""
    for hero in state.living_heroes():
        if len(hero.hand) < 2 and len(hero.discard) < 2:
            exhaust(state, hero, lazy("it cannot play two cards nor rest"))
