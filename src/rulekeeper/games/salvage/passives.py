"""Hero abilities' limits and the passive abilities the engine applies (SV-ENG-2).

An ability may be limited to a number of uses per round and per scenario
(content data). A use of an action ability is the action itself. A passive
ability is used when the engine draws on it:

- ``strategy``: +amount Strategy phases for the basic actions it names
  (SV-STRAT-1); a limited one counts one use in each action whose re-rolls go
  beyond the hero's own Strategy.
- ``commit``: +amount dice committed to a move or an attack (SV-MOVE-1,
  SV-ATK-1); a limited one counts one use in each action that commits beyond
  max Health.
- ``recovery``: +amount dice recovered at the Exhaust Dice step (SV-ROUND-3),
  one use per step.
- ``ward``: an enemy hit against the hero deals no damage (SV-OPP-2), one use
  per hit prevented; a ward always has a limit.
- ``by_hand``: a rule the engine does not model; it is shown to the players at
  the start of each of the hero's turns and on the board, never dropped.

Per-round counts start again when a new round begins (SV-ROUND-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.salvage.content import AbilitySpec
from rulekeeper.games.salvage.records import Hero, Pending
from rulekeeper.games.salvage.terms import EFFECTS, term
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState


def abilities_of(state: SalvageState, hero: int) -> tuple[AbilitySpec, ...]:
    """The abilities of hero ``hero`` (scenario order)."""
    return state.data.heroes[hero].abilities


def ability_named(state: SalvageState, hero: int, name: str) -> AbilitySpec | None:
    for spec in abilities_of(state, hero):
        if spec.name == name:
            return spec
    return None


def limit_reached(hero: Hero, spec: AbilitySpec) -> Msg | None:
    """Why ``spec`` cannot be used again (its content limit), or None if it can."""
    if spec.per_round is not None and hero.round_uses.get(spec.name, 0) >= spec.per_round:
        return lazy_plural(
            "{ability} is limited to {n} use per round",
            "{ability} is limited to {n} uses per round",
            spec.per_round,
            ability=spec.name,
        )
    if spec.per_scenario is not None and hero.scenario_uses.get(spec.name, 0) >= spec.per_scenario:
        return lazy_plural(
            "{ability} is limited to {n} use per scenario",
            "{ability} is limited to {n} uses per scenario",
            spec.per_scenario,
            ability=spec.name,
        )
    return None


def charge(hero: Hero, spec: AbilitySpec) -> None:
    """Count one use of a limited ability."""
    if spec.limited:
        hero.round_uses[spec.name] = hero.round_uses.get(spec.name, 0) + 1
        hero.scenario_uses[spec.name] = hero.scenario_uses.get(spec.name, 0) + 1


def uses_text(hero: Hero, spec: AbilitySpec) -> Msg:
    """``1/2 this round, 1/3 this scenario``: a limited ability's uses, for events and screens."""
    round_used = hero.round_uses.get(spec.name, 0)
    scenario_used = hero.scenario_uses.get(spec.name, 0)
    if spec.per_round is not None and spec.per_scenario is not None:
        return lazy(
            "{round_used}/{round_most} this round, {scenario_used}/{scenario_most} this scenario",
            round_used=round_used,
            round_most=spec.per_round,
            scenario_used=scenario_used,
            scenario_most=spec.per_scenario,
        )
    if spec.per_round is not None:
        return lazy("{used}/{most} this round", used=round_used, most=spec.per_round)
    return lazy("{used}/{most} this scenario", used=scenario_used, most=spec.per_scenario or 0)


def start_round(state: SalvageState) -> None:
    """Per-round limits count afresh in a new round."""
    for hero in state.heroes:
        hero.round_uses.clear()


# -- boosts to a basic action (strategy, commit) -------------------------------------


def _boosts(state: SalvageState, hero: int, effect: str, kind: str) -> list[AbilitySpec]:
    return [
        spec
        for spec in abilities_of(state, hero)
        if spec.kind == "passive" and spec.effect == effect and kind in spec.applies_to
    ]


def _allowance(
    state: SalvageState, hero: int, pending: Pending, effect: str, base: int
) -> tuple[int, list[AbilitySpec]]:
    """What the action may use now (base + passives unlimited or already drawn on), and the
    limited passives it could still draw on, in content order."""
    allowed = base
    spare: list[AbilitySpec] = []
    record = state.heroes[hero]
    for spec in _boosts(state, hero, effect, pending.kind):
        if not spec.limited or spec.name in pending.boosts:
            allowed += spec.amount
        elif limit_reached(record, spec) is None:
            spare.append(spec)
    return allowed, spare


def strategy_limit(state: SalvageState, hero: int, pending: Pending) -> int:
    """SV-STRAT-1: the Strategy phases this action may go through (Strategy + passives)."""
    allowed, spare = _allowance(state, hero, pending, "strategy", state.heroes[hero].strategy)
    return allowed + sum(spec.amount for spec in spare)


def commit_limit(state: SalvageState, hero: int, pending: Pending) -> int:
    """SV-MOVE-1 / SV-ATK-1: the dice this action may commit (max Health + passives)."""
    allowed, spare = _allowance(state, hero, pending, "commit", state.heroes[hero].max_health)
    return allowed + sum(spec.amount for spec in spare)


def draw_on(state: SalvageState, hero: int, pending: Pending, effect: str, needed: int) -> None:
    """Charge limited ``effect`` passives, in content order, until ``needed`` fits."""
    base = state.heroes[hero].strategy if effect == "strategy" else state.heroes[hero].max_health
    allowed, spare = _allowance(state, hero, pending, effect, base)
    rule = (
        "SV-STRAT-1"
        if effect == "strategy"
        else "SV-ATK-1"
        if pending.kind == "attack"
        else "SV-MOVE-1"
    )
    for spec in spare:
        if allowed >= needed:
            return
        charge(state.heroes[hero], spec)
        pending.boosts.append(spec.name)
        allowed += spec.amount
        state.emit(
            "ability",
            lazy(
                "{hero} draws on {ability} (+{amount} {effect}; {uses})",
                hero=state.heroes[hero].name,
                ability=spec.name,
                amount=spec.amount,
                effect=term(EFFECTS, effect),
                uses=uses_text(state.heroes[hero], spec),
            ),
            rule,
            "SV-ENG-2",
        )


# -- the Exhaust Dice step and enemy hits ------------------------------------------------


def recovery_bonus(state: SalvageState, hero: int) -> int:
    """SV-ROUND-3: extra dice ``hero`` recovers at this Exhaust Dice step (charges limits)."""
    bonus = 0
    record = state.heroes[hero]
    for spec in abilities_of(state, hero):
        if spec.kind != "passive" or spec.effect != "recovery":
            continue
        if limit_reached(record, spec) is not None:
            continue
        charge(record, spec)
        bonus += spec.amount
        state.emit(
            "ability",
            lazy_plural(
                "{ability} of {hero}: recover up to {n} more die ({uses})",
                "{ability} of {hero}: recover up to {n} more dice ({uses})",
                spec.amount,
                ability=spec.name,
                hero=record.name,
                uses=uses_text(record, spec),
            )
            if spec.limited
            else lazy_plural(
                "{ability} of {hero}: recover up to {n} more die",
                "{ability} of {hero}: recover up to {n} more dice",
                spec.amount,
                ability=spec.name,
                hero=record.name,
            ),
            "SV-ROUND-3",
            "SV-ENG-2",
        )
    return bonus


def ward(state: SalvageState, hero: int) -> AbilitySpec | None:
    """SV-OPP-2: the first ward of ``hero`` with a use left prevents this hit (charged)."""
    record = state.heroes[hero]
    for spec in abilities_of(state, hero):
        if spec.kind == "passive" and spec.effect == "ward" and limit_reached(record, spec) is None:
            charge(record, spec)
            return spec
    return None


def remind_by_hand(state: SalvageState, hero: int) -> None:
    """Passives outside the vocabulary: shown to the players as the hero's turn starts."""
    for spec in abilities_of(state, hero):
        if spec.kind == "passive" and spec.effect == "by_hand":
            state.emit(
                "by_hand",
                lazy(
                    "resolve by hand: {ability} of {hero}: {text}",
                    ability=spec.name,
                    hero=state.heroes[hero].name,
                    text=spec.text,
                ),
                "SV-ENG-2",
            )
