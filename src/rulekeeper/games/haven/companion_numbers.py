"""A monster standee's numbers this round: its ability card valued against its stat line.

The companion table shows, for every standee of a group, what its card makes
it do (HV-MON-3, HV-MON-4): move and attack added to the stat line, range
[GH] added to a ranged monster's ([FH] the card's), targets, pierce, the
conditions its attack adds, shield and retaliate (stat card plus card), heals,
summons, infusions and the element a card consumes for a bonus (HV-ELEM-4).
A boss's "Special 1/2" is written out from its stat card (HV-BOSS-2). The
same values drive the attack the engine lists for the monster and the board
prefilled for the monster mover.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rulekeeper.games.haven import monster_effects
from rulekeeper.games.haven.companion_terms import term, terms
from rulekeeper.games.haven.elements import STRONG, WANING
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.i18n import Msg, lazy, lazy_plural, text_of

if TYPE_CHECKING:
    from rulekeeper.games.haven.companion_state import CompanionState, Standee


@dataclass
class Numbers:
    """What one standee does with this round's card, every value absolute."""

    move: int | None = None
    flying: bool = False
    jump: bool = False
    attack: int | None = None
    range: int = 0
    targets: int = 1
    pierce: int = 0
    conditions: tuple[str, ...] = ()
    element: str | None = None
    """The element the attack consumes for a bonus (HV-ELEM-4)."""
    element_bonus: int = 0
    shield: int = 0
    retaliate: int = 0
    aoe: int = 0
    """Hexes of an area attack (its shape is on the card; the players place it)."""
    push: int = 0
    pull: int = 0
    heals: list[Msg] = field(default_factory=list)
    infuse: list[str] = field(default_factory=list)
    other: list[Msg] = field(default_factory=list)
    """Abilities the players resolve on the board: summon, loot, self conditions."""

    def parts(self) -> list[Msg | str]:
        """What the standee does, one message per value (a list field: joined by commas)."""
        parts: list[Msg | str] = []
        if self.move is not None:
            if self.flying:
                parts.append(lazy("move {n} flying", n=self.move))
            elif self.jump:
                parts.append(lazy("move {n} jump", n=self.move))
            else:
                parts.append(lazy("move {n}", n=self.move))
        if self.attack is not None:
            if self.range:
                parts.append(lazy("attack {n} range {range}", n=self.attack, range=self.range))
            else:
                parts.append(lazy("attack {n} melee", n=self.attack))
            if self.targets > 1:
                parts.append(lazy("targets {n}", n=self.targets))
            if self.pierce:
                parts.append(lazy("pierce {n}", n=self.pierce))
            if self.aoe:
                parts.append(lazy_plural("area of {n} hex", "area of {n} hexes", self.aoe))
            if self.push:
                parts.append(lazy("push {n}", n=self.push))
            if self.pull:
                parts.append(lazy("pull {n}", n=self.pull))
            parts.extend(terms(self.conditions))
            if self.element:
                parts.append(
                    lazy(
                        "+{n} attack consuming {element}",
                        n=self.element_bonus,
                        element=term(self.element),
                    )
                )
        if self.shield:
            parts.append(lazy("shield {n}", n=self.shield))
        if self.retaliate:
            parts.append(lazy("retaliate {n}", n=self.retaliate))
        parts.extend(self.heals)
        parts.extend(lazy("infuse {element}", element=term(e)) for e in self.infuse)
        parts.extend(self.other)
        return parts or [lazy("no ability")]

    def summary(self) -> str:
        """:meth:`parts` in the current language, joined by commas."""
        return ", ".join(text_of(part) for part in self.parts())


def card_actions(state: CompanionState, monster_type: str) -> list[AbilitySpec]:
    """HV-MON-3 / HV-BOSS-2: this round's card of a group, specials written out."""
    group = state.groups.get(monster_type)
    if group is None or group.card is None:
        return []
    deck = state.content.deck_of(monster_type)
    card = next(c for c in deck.cards if c.id == group.card)
    mtype = state.content.monster_types[monster_type]
    out: list[AbilitySpec] = []
    for action in card.actions:
        if action.type == "special":
            special = mtype.special_1 if action.value == 1 else mtype.special_2
            out.extend(special)
            if not special:
                out.append(action)
        else:
            out.append(action)
    return out


def numbers(state: CompanionState, figure: Standee) -> Numbers:
    """HV-MON-4: the standee's values for this round's card (stat line + card)."""
    stats = state.stats(figure)
    mtype = state.content.monster_types[figure.type]
    out = Numbers(shield=int(stats.shield), retaliate=int(stats.retaliate))
    out.flying = mtype.flying
    group = state.groups.get(figure.type)
    for action in card_actions(state, figure.type):
        if action.type == "move":
            out.move = max(0, stats.move + action.value)
            out.jump = action.jump
            out.flying = out.flying or action.flying
        elif action.type == "attack":
            out.attack = max(0, stats.attack + action.value)
            reach = stats.range + action.range if stats.range > 0 else action.range
            out.range = action.range if state.rules.monster_card_range_absolute else max(0, reach)
            out.targets = action.targets
            out.pierce = action.pierce
            out.conditions = action.conditions
            out.aoe = len(action.aoe)
            out.push, out.pull = action.push, action.pull
            _stat_card_effects(out, stats)
            if action.element and action.consume_bonus:
                consumed = group is not None and action.element in group.consumed
                if consumed or state.elements.get(action.element) in (STRONG, WANING):
                    out.element = action.element
                    out.element_bonus = action.consume_bonus
                    out.attack += action.consume_bonus
        elif action.type == "shield":
            out.shield += action.value
        elif action.type == "retaliate":
            out.retaliate += action.value
        elif action.type == "heal":
            if action.range:
                out.heals.append(lazy("heal {n} range {range}", n=action.value, range=action.range))
            else:
                out.heals.append(lazy("heal {n} self", n=action.value))
        elif action.type == "infuse" and action.element:
            out.infuse.append(action.element)
        elif action.type == "summon":
            if action.elite:
                out.other.append(lazy("summon elite {monster}", monster=action.summon))
            else:
                out.other.append(lazy("summon {monster}", monster=action.summon))
        elif action.type == "loot":
            out.other.append(lazy("loot {n}", n=action.value))
        elif action.type == "condition":
            out.other.append(lazy("gains {conditions}", conditions=terms(action.conditions)))
        elif action.type in ("push", "pull", "damage"):
            effect = monster_effects.effect_text(action)
            if action.range:
                effect = lazy("{ability} range {range}", ability=effect, range=action.range)
            out.other.append(effect)
        elif action.type == "by_hand":
            out.other.append(lazy("resolve by hand: {text}", text=action.text))
        elif action.type == "special":
            out.other.append(lazy("Special {n}: resolve by hand (HV-BOSS-2)", n=action.value))
    return out


def _stat_card_effects(out: Numbers, stats: Any) -> None:
    """HV-MON-2: the stat card's attack effects join every attack of the type."""
    extra = tuple(c for c in getattr(stats, "attack_conditions", ()) if c not in out.conditions)
    out.conditions = (*out.conditions, *extra)
    out.pierce += int(getattr(stats, "attack_pierce", 0))
    out.targets = max(out.targets, int(getattr(stats, "attack_targets", 0)))
    if not (out.push or out.pull):
        out.push = int(getattr(stats, "attack_push", 0))
        out.pull = int(getattr(stats, "attack_pull", 0))
