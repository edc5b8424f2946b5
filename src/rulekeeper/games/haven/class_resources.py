"""Class resources: counters a character keeps (tokens and the like), fed by modifier cards.

- HV-DECK-5: a drawn card's effect on class resources applies to the summoner even when a
  summon drew it; a character may decline a drawn card's optional added effects ([FH] also
  for the cards its summon draws: card_effects.chooses).

A class lists its resources (``[classes.ID.resources.RID]``: ``name``, ``max``, ``start``,
scenario_format.ResourceSpec); a modifier card's effect ``resource RID N`` adds N, up to
``max`` (what goes beyond is lost); a card half's ``spend`` action takes N away, and the
half is playable (other than as a basic action) only while the character holds what all its
spend actions ask. Each character's counts are ``Hero.resources``, set to
``start`` when the scenario begins and shown with the character. The catalog names use
slots and "other summons" as class resources too: no card effect on them is in the
vocabulary (docs/games/haven.md), and the scenario file refuses a card naming a resource its
character's class does not have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.i18n import Msg, _, lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.ability_format import AbilitySpec
    from rulekeeper.games.haven.class_format import HalfSpec
    from rulekeeper.games.haven.modifiers import Effect
    from rulekeeper.games.haven.state import Figure, HavenState, Hero


def set_up(state: HavenState, hero: Hero) -> None:
    """Each class resource at its ``start`` count (HV-DECK-5)."""
    hero.resources = {
        rid: spec.start for rid, spec in state.spec.classes[hero.id].resources.items()
    }


def shortfall(state: HavenState, hero: Hero, half: HalfSpec) -> Msg | None:
    """HV-DECK-5: why ``hero`` cannot play ``half`` for its actions (its spend actions ask more
    of a resource than it holds), or None."""
    asked: dict[str, int] = {}
    for act in half.actions:
        if act.type == "spend" and act.resource is not None:
            asked[act.resource] = asked.get(act.resource, 0) + act.value
    for rid, n in asked.items():
        held = hero.resources.get(rid, 0)
        if held < n:
            specs = state.spec.classes[hero.id].resources
            return lazy(
                "{hero} holds {held} {resource}: this half spends {n}",
                hero=hero.id,
                held=held,
                resource=specs[rid].name or rid,
                n=n,
            )
    return None


def spend(state: HavenState, hero: Hero, ability: AbilitySpec) -> None:
    """HV-DECK-5: the half's ``spend`` action takes its resources away (the half was playable
    only while they were held: :func:`shortfall`)."""
    rid = ability.resource or ""
    held = hero.resources.get(rid, 0)
    if held < ability.value:
        raise RuleViolation(
            "HV-DECK-5",
            lazy(
                "{hero} holds {held} {resource}: it cannot spend {n}",
                hero=hero.id,
                held=held,
                resource=rid,
                n=ability.value,
            ),
        )
    hero.resources[rid] = held - ability.value
    spec = state.spec.classes[hero.id].resources[rid]
    state.emit(
        "resource",
        lazy(
            "{hero} spends {n} {resource} ({count} of {max} left)",
            hero=hero.id,
            n=ability.value,
            resource=spec.name or rid,
            count=held - ability.value,
            max=spec.max,
        ),
        "HV-DECK-5",
        figure=hero.id,
        resource=rid,
        count=held - ability.value,
    )


def gain(state: HavenState, figure: Figure, effect: Effect) -> None:
    """HV-DECK-5: the card's ``resource RID N`` goes to the drawing character, or a summon's
    summoner, up to the resource's max."""
    owner = figure.owner or figure.id
    hero = state.heroes.get(owner) if figure.kind in ("character", "summon") else None
    spec = state.spec.classes[owner].resources.get(effect.resource) if hero else None
    if hero is None or spec is None:
        state.emit(
            "resource",
            lazy(
                "{figure} has no class resource {resource}: the card's effect does nothing",
                figure=figure.id,
                resource=effect.resource,
            ),
            "HV-DECK-5",
            figure=figure.id,
        )
        return
    before = hero.resources.get(effect.resource, 0)
    after = min(spec.max, before + effect.amount)
    hero.resources[effect.resource] = after
    name = spec.name or effect.resource
    if figure.id != hero.id:
        text = lazy(
            "{hero} gains {amount} {resource} from the card its summon {summon} drew ({count} of"
            " {max})",
            hero=hero.id,
            amount=after - before,
            resource=name,
            summon=figure.id,
            count=after,
            max=spec.max,
        )
    else:
        text = lazy(
            "{hero} gains {amount} {resource} from its modifier card ({count} of {max})",
            hero=hero.id,
            amount=after - before,
            resource=name,
            count=after,
            max=spec.max,
        )
    state.emit("resource", text, "HV-DECK-5", figure=hero.id, resource=effect.resource, count=after)


def describe(state: HavenState, hero: Hero) -> str:
    """The character's class resources for the screen: ``Cogs 2/3``."""
    specs = state.spec.classes[hero.id].resources
    return ", ".join(
        _(
            "{resource} {count}/{max}",
            resource=spec.name or rid,
            count=hero.resources.get(rid, 0),
            max=spec.max,
        )
        for rid, spec in specs.items()
    )
