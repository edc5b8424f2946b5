"""Active bonuses: round and persistent bonuses, use slots, the active area (HV-BONUS-1..5).

- HV-BONUS-1: an action with the round-bonus or persistent-bonus icon (a card
  half's ``bonus``, scenario_format.BonusSpec) sends its card to the active area
  instead of the discard or lost pile; it still counts as discarded or lost (its
  ``lost`` icon) and goes to that pile when the bonus ends. Its other abilities
  happen once, when played.
- HV-BONUS-2: a round bonus ends at the end of the round it was played in
  (round_end.py calls :func:`end_of_round` after the reshuffles, before elements
  wane: HV-ELEM-2).
- HV-BONUS-3: a persistent bonus lasts until its removal condition. With use
  slots, each trigger advances the token, even for no benefit; passing a slot with
  an experience icon gives 1 experience (HV-CHAR-3); after the last slot the card
  goes to the [GH] lost pile ([FH] its own pile). [FH] "N rounds" does not count
  the round it was played in.
- HV-BONUS-4: a persistent bonus with no removal condition and no slots lasts the
  scenario. Voluntary removal ends it: [GH] any active card, [FH] only persistent
  ones and not during another ability (offered at the owner's choice of half).
- HV-BONUS-5: active cards without the lost icon count as discards for whether a
  long rest is allowed and may be the card it loses (:func:`rest_cards`).
- HV-SUM-4: a summon's card stays active while the summon lives; the summon
  leaves when the card does, and the card leaves when the summon dies.

API for other rule modules (items, scenario rules, the card flow)
----------------------------------------------------------------
A bonus is an immutable :class:`ActiveBonus` in ``state.bonuses`` (a tuple, so a
clone shares every entry). Items that grant a persistent or round bonus build one
with :func:`from_spec` (``card=False``, ``source`` = the item ID) and call
:func:`start`; nothing else is needed for shield, retaliate and "+X attack" to act
and for slots and durations to run.

- ``start(state, bonus)``: put a bonus into play.
- ``of(state, figure_id)``: the bonuses benefiting a figure.
- ``shield(state, figure)``, ``retaliates(state, figure)``, ``attack_bonus(state, figure)``:
  what the bonuses add now (attack resolution and retaliate ask these).
- ``triggered(state, figure_id, when)``: the figure attacked (``"attack"``) or was
  attacked (``"attacked"``): advance the slots of the bonuses that fire.
- ``end(state, bonus_id, why, rule)``: end a bonus: its card to its pile, its summon
  off the map.
- ``end_of_round(state)``, ``summon_removed(state, figure_id)``,
  ``hero_exhausted(state, hero)``: the timed endings.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven.actions import EndBonus
from rulekeeper.games.haven.rule_terms import pile as pile_name
from rulekeeper.games.haven.state import ActiveBonus, BonusTrigger
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import BonusSpec, HalfSpec
    from rulekeeper.games.haven.state import Figure, HavenState, Hero


def from_spec(
    spec: BonusSpec,
    *,
    bonus_id: str,
    owner: str,
    hero: str,
    source: str,
    started_round: int,
    card: bool = True,
    lost: bool = False,
) -> ActiveBonus:
    """An ActiveBonus from a card half's or an item's BonusSpec."""
    trigger: BonusTrigger = ""
    if spec.uses:
        trigger = "attack" if spec.attack else "attacked"
    return ActiveBonus(
        id=bonus_id,
        owner=owner,
        hero=hero,
        source=source,
        duration=spec.duration,
        card=card,
        lost=lost,
        shield=spec.shield,
        retaliate=spec.retaliate,
        retaliate_range=spec.retaliate_range,
        attack=spec.attack,
        uses=spec.uses,
        trigger=trigger,
        experience=tuple(spec.experience),
        rounds=spec.rounds,
        started_round=started_round,
    )


# -- looking up ------------------------------------------------------------------------
def of(state: HavenState, figure_id: str) -> list[ActiveBonus]:
    return [b for b in state.bonuses if b.owner == figure_id]


def find(state: HavenState, bonus_id: str) -> ActiveBonus | None:
    return next((b for b in state.bonuses if b.id == bonus_id), None)


def active_cards(state: HavenState, hero: str) -> list[str]:
    """HV-BONUS-1: the ability cards in a character's active area."""
    return [b.source for b in state.bonuses if b.hero == hero and b.card]


def rest_cards(state: HavenState, hero: str) -> list[str]:
    """HV-BONUS-5: active cards without the lost icon, which count as discards for a rest."""
    return [b.source for b in state.bonuses if b.hero == hero and b.card and not b.lost]


def shield(state: HavenState, figure: Figure) -> int:
    """HV-SHIELD-1, HV-SHIELD-2: shield from the figure's active bonuses."""
    return sum(b.shield for b in state.bonuses if b.owner == figure.id)


def retaliates(state: HavenState, figure: Figure) -> list[tuple[int, int]]:
    """HV-RET-3: each retaliate bonus with its own range (0: adjacent)."""
    return [
        (b.retaliate, b.retaliate_range)
        for b in state.bonuses
        if b.owner == figure.id and b.retaliate
    ]


def attack_bonus(state: HavenState, figure: Figure) -> int:
    """ "+X attack" bonuses of the attacking figure (HV-ATK-1 step 1)."""
    return sum(b.attack for b in state.bonuses if b.owner == figure.id)


# -- changing ------------------------------------------------------------------------------
def start(state: HavenState, bonus: ActiveBonus) -> ActiveBonus:
    """Put ``bonus`` into play (HV-BONUS-1)."""
    state.bonuses = (*state.bonuses, bonus)
    what = describe(bonus)
    state.emit(
        "bonus",
        lazy(
            "{hero}'s {card} is active until the end of the round: {bonus}",
            hero=bonus.hero,
            card=bonus.source,
            bonus=what,
        )
        if bonus.duration == "round"
        else lazy(
            "{hero}'s {card} is active: {bonus}", hero=bonus.hero, card=bonus.source, bonus=what
        ),
        "HV-BONUS-1",
        "HV-BONUS-2" if bonus.duration == "round" else "HV-BONUS-3",
        figure=bonus.owner,
        bonus=bonus.id,
    )
    return bonus


def describe(bonus: ActiveBonus) -> list[Msg]:
    """What the bonus gives, one message per part (a list field, shown joined by commas)."""
    parts = []
    if bonus.shield:
        parts.append(lazy("shield {value}", value=bonus.shield))
    if bonus.retaliate:
        if bonus.retaliate_range:
            parts.append(
                lazy(
                    "retaliate {value} range {range}",
                    value=bonus.retaliate,
                    range=bonus.retaliate_range,
                )
            )
        else:
            parts.append(lazy("retaliate {value}", value=bonus.retaliate))
    if bonus.attack:
        parts.append(lazy("{value} attack", value=format(bonus.attack, "+d")))
    if bonus.summon:
        parts.append(lazy("keeps {summon}", summon=bonus.summon))
    if bonus.uses:
        parts.append(
            lazy_plural(
                "{n} of {uses} use left",
                "{n} of {uses} uses left",
                bonus.uses - bonus.used,
                uses=bonus.uses,
            )
        )
    if not parts:
        parts.append(
            lazy("a round bonus") if bonus.duration == "round" else lazy("a persistent bonus")
        )
    return parts


def _replace(state: HavenState, old: ActiveBonus, new: ActiveBonus | None) -> None:
    state.bonuses = tuple(
        b for b in (new if b.id == old.id else b for b in state.bonuses) if b is not None
    )


def triggered(state: HavenState, figure_id: str, when: BonusTrigger) -> None:
    """HV-BONUS-3: the figure attacked or was attacked; bonuses with slots for it advance.

    The token moves even when the bonus did nothing (use is mandatory); passing a slot
    with the experience icon gives its character 1 experience; the last slot ends it.
    """
    for bonus in [b for b in state.bonuses if b.owner == figure_id and b.trigger == when]:
        used = bonus.used + 1
        advanced = replace(bonus, used=used)
        _replace(state, bonus, advanced)
        state.emit(
            "bonus",
            lazy(
                "{card} uses a slot ({used} of {uses})",
                card=bonus.source,
                used=used,
                uses=bonus.uses,
            ),
            "HV-BONUS-3",
            figure=figure_id,
            bonus=bonus.id,
        )
        if used in bonus.experience:
            gain_experience(
                state, bonus.hero, 1, lazy("a use slot of {card}", card=bonus.source), "HV-BONUS-3"
            )
        if used >= bonus.uses:
            lost = bonus.lost or state.rules.used_up_bonus_to_lost
            end(state, bonus.id, lazy("its last use slot is used"), "HV-BONUS-3", lost=lost)


def gain_experience(
    state: HavenState, hero_id: str, amount: int, why: Msg | str, *rules: str
) -> None:
    """HV-CHAR-3: experience on the character's dial."""
    hero = state.heroes.get(hero_id)
    if hero is None or amount <= 0:
        return
    hero.xp += amount
    state.emit(
        "experience",
        lazy(
            "{hero} gains {amount} experience from {why} ({total} in all)",
            hero=hero_id,
            amount=amount,
            why=why,
            total=hero.xp,
        ),
        "HV-CHAR-3",
        "HV-END-1",
        *rules,
        hero=hero_id,
        amount=amount,
    )


def end(
    state: HavenState, bonus_id: str, why: Msg | str, rule: str, *, lost: bool | None = None
) -> None:
    """End a bonus: its card goes to the discard or lost pile; its summon leaves (HV-SUM-4)."""
    bonus = find(state, bonus_id)
    if bonus is None:
        return
    _replace(state, bonus, None)
    hero = state.heroes.get(bonus.hero)
    to_lost = bonus.lost if lost is None else lost
    message = lazy("{card} ends ({why})", card=bonus.source, why=why)
    if bonus.card and hero is not None and not hero.exhausted:
        (hero.lost if to_lost else hero.discard).append(bonus.source)
        message = lazy(
            "{card} ends ({why}) and goes to the {pile}",
            card=bonus.source,
            why=why,
            pile=pile_name("lost" if to_lost else "discard"),
        )
    state.emit(
        "bonus",
        message,
        rule,
        figure=bonus.owner,
        bonus=bonus.id,
    )
    if bonus.summon and bonus.summon in state.figures:
        del state.figures[bonus.summon]
        state.emit(
            "summon",
            lazy("{summon} leaves the map: its card left the active area", summon=bonus.summon),
            "HV-SUM-4",
            figure=bonus.summon,
        )


def end_of_round(state: HavenState) -> None:
    """HV-BONUS-2: round bonuses end; [FH] an N-round bonus ends after N more rounds."""
    for bonus in list(state.bonuses):
        if bonus.duration == "round":
            end(state, bonus.id, lazy("the round is over"), "HV-BONUS-2")
        elif bonus.rounds and state.round - bonus.started_round >= bonus.rounds:
            why = lazy_plural("its {n} round is over", "its {n} rounds are over", bonus.rounds)
            end(state, bonus.id, why, "HV-BONUS-3")


def summon_removed(state: HavenState, figure_id: str) -> None:
    """HV-SUM-4: a summon killed or gone: its card leaves the active area."""
    for bonus in [b for b in state.bonuses if b.summon == figure_id]:
        end(state, bonus.id, lazy("{figure} is gone", figure=figure_id), "HV-SUM-4")


def hero_exhausted(state: HavenState, hero: Hero) -> None:
    """HV-EXH-2, HV-SUM-4: an exhausted character's active cards all go to the lost pile."""
    for bonus in [b for b in state.bonuses if b.hero == hero.id]:
        _replace(state, bonus, None)
        if bonus.card:
            hero.lost.append(bonus.source)


def link_summon(state: HavenState, hero: str, card: str, summon_id: str) -> None:
    """HV-SUM-4: the summon card in the active area now keeps ``summon_id`` on the map."""
    for bonus in state.bonuses:
        if bonus.hero == hero and bonus.card and bonus.source == card and not bonus.summon:
            _replace(state, bonus, replace(bonus, summon=summon_id))
            return


# -- the card flow ---------------------------------------------------------------------------
def keeps_card(half: HalfSpec) -> bool:
    """HV-BONUS-1, HV-SUM-4: does performing this half put its card in the active area?"""
    return half.bonus is not None or any(a.type == "summon" for a in half.actions)


def start_from_card(state: HavenState, hero: Hero, card: str, half: HalfSpec) -> None:
    """A half with a bonus icon or a summon was played: its card goes to the active area."""
    from rulekeeper.games.haven.scenario_format import BonusSpec

    spec = half.bonus or BonusSpec(duration="persistent")
    start(
        state,
        from_spec(
            spec,
            bonus_id=f"{hero.id}/{card}",
            owner=hero.id,
            hero=hero.id,
            source=card,
            started_round=state.round,
            lost=half.lost,
        ),
    )


def removable(state: HavenState, hero: Hero) -> list[ActiveBonus]:
    """HV-BONUS-4: the active cards the character may end at will now."""
    return [
        b
        for b in state.bonuses
        if b.hero == hero.id
        and b.card
        and (b.duration == "persistent" or state.rules.remove_round_bonus_at_will)
    ]


def removal_actions(state: HavenState, hero: Hero) -> list[EndBonus]:
    """HV-BONUS-4: the EndBonus choices offered while the character picks its next half."""
    return [EndBonus(b.source) for b in removable(state, hero)]


def check_removable(state: HavenState, hero: Hero, card: str) -> ActiveBonus:
    for bonus in removable(state, hero):
        if bonus.source == card:
            return bonus
    if card in active_cards(state, hero.id):
        raise RuleViolation(
            "HV-BONUS-4",
            lazy("{card} is a round bonus: in this ruleset it lasts the round", card=card),
        )
    raise RuleViolation(
        "HV-BONUS-4", lazy("{card} is not in {hero}'s active area", card=card, hero=hero.id)
    )
