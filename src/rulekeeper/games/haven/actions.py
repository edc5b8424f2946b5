"""The actions of haven scenario play: players' choices and chance outcomes.

Each is a small step (DESIGN.md): a card, a half, a hex, a target. Chance
outcomes end their ``label()`` in the card drawn, so tests script them with
``ScriptedSampler(["brute-rush", "+1"])``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from rulekeeper.core.actions import Action, action_type
from rulekeeper.games.haven.attack_draw import ACTION_TYPES as DRAW_ACTION_TYPES

Half = Literal["top", "bottom"]
HALVES: tuple[Half, Half] = ("top", "bottom")
NegateChoice = Literal["suffer", "hand", "discard"]


@action_type("select-card")
@dataclass(frozen=True, slots=True)
class SelectCard(Action):
    """HV-CARD-1/2: select a card from hand; the first one selected leads (sets initiative)."""

    character: str
    card: str


@action_type("long-rest")
@dataclass(frozen=True, slots=True)
class LongRest(Action):
    """HV-REST-2: declare a long rest instead of selecting cards (initiative 99)."""

    character: str


@action_type("act-first")
@dataclass(frozen=True, slots=True)
class ActFirst(Action):
    """HV-INIT-2: among characters still tied, the players choose who acts first."""

    character: str


@action_type("group-first")
@dataclass(frozen=True, slots=True)
class GroupFirst(Action):
    """Monster groups tied on initiative: the players choose which acts first.

    GH p.18 ("If there is a tie between two monster types, the players
    decide"); FH p.19 (other ties: the party decides). Cited as HV-INIT-2.
    """

    group: str


@action_type("play-half")
@dataclass(frozen=True, slots=True)
class PlayHalf(Action):
    """HV-CARD-3: perform the top or bottom of a selected card (``basic``: Attack 2 / Move 2)."""

    card: str
    half: Half
    basic: bool = False


@action_type("end-bonus")
@dataclass(frozen=True, slots=True)
class EndBonus(Action):
    """HV-BONUS-4, HV-SUM-4: move an active card to its pile at will (ending its bonus,
    and dismissing its summon)."""

    card: str


@action_type("recover-card")
@dataclass(frozen=True, slots=True)
class RecoverCard(Action):
    """HV-CHAR-6: a recover ability returns this card to hand."""

    card: str


@action_type("keep-effects")
@dataclass(frozen=True, slots=True)
class KeepEffects(Action):
    """HV-DECK-5: apply the drawn card's remaining added effects."""


@action_type("decline-effect")
@dataclass(frozen=True, slots=True)
class DeclineEffect(Action):
    """HV-DECK-5: leave one optional added effect of the drawn card unused."""

    effect: str


@action_type("move-to")
@dataclass(frozen=True, slots=True)
class MoveTo(Action):
    """HV-MOVE-1..4: end the current move in this hex.

    ``via`` chooses the path (HV-MOVE-2): the traps and hazardous hexes it enters,
    sorted. Empty is the default path, the shortest of those entering the fewest;
    the JSON form then leaves the field out, as saves before the choice existed.
    ``pause`` stops the move in this hex with its points left, so that an item used
    during a move (HV-ITEM-5) acts between its hexes; the rest of the move follows.
    """

    hex: tuple[int, int]
    via: tuple[tuple[int, int], ...] = ()
    pause: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE, "hex": list(self.hex)}
        if self.via:
            out["via"] = [list(h) for h in self.via]
        if self.pause:
            out["pause"] = True
        return out

    def label(self) -> str:
        base = f"{self.TYPE} {list(self.hex)}"
        base = base + f" via {[list(h) for h in self.via]}" if self.via else base
        return base + " pause" if self.pause else base


@action_type("target")
@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    """Target this figure with the current attack or heal."""

    figure: str


@action_type("place-area")
@dataclass(frozen=True, slots=True)
class PlaceArea(Action):
    """HV-ATK-1: place the area of the current attack on these hexes (turned or mirrored)."""

    hexes: tuple[tuple[int, int], ...]


@action_type("force-step")
@dataclass(frozen=True, slots=True)
class ForceStep(Action):
    """Push or pull the attack's target one hex, into this hex (GH p.22; FH p.32)."""

    hex: tuple[int, int]


@action_type("skip")
@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Leave the rest of the current ability action unused."""


@action_type("place-summon")
@dataclass(frozen=True, slots=True)
class PlaceSummon(Action):
    """HV-SUM-1: place the summon in this empty hex next to the summoner."""

    hex: tuple[int, int]


@action_type("monster-option")
@dataclass(frozen=True, slots=True)
class ChooseMonsterOption(Action):
    """HV-MOVE-MON-3: the players pick one of the monster mover's tied options."""

    index: int
    summary: str


@action_type("negate")
@dataclass(frozen=True, slots=True)
class Negate(Action):
    """HV-NEG-1: suffer the damage, or negate it by losing 1 card from hand or 2 from discard."""

    character: str
    choice: NegateChoice


@action_type("lose-card")
@dataclass(frozen=True, slots=True)
class LoseCard(Action):
    """Lose this card: for a long rest (HV-REST-2) or a negation (HV-NEG-1)."""

    character: str
    card: str


@action_type("short-rest")
@dataclass(frozen=True, slots=True)
class ShortRest(Action):
    """HV-REST-1: at the end of the round, take a short rest or not."""

    character: str
    rest: bool


@action_type("rest-loss")
@dataclass(frozen=True, slots=True)
class RestLoss(Action):
    """Chance: the card a short rest loses at random (HV-REST-1)."""

    character: str
    card: str


@action_type("redraw")
@dataclass(frozen=True, slots=True)
class Redraw(Action):
    """HV-REST-1: suffer 1 damage to lose a different random card instead (once per rest)."""

    character: str
    redraw: bool


@action_type("long-rest-heal")
@dataclass(frozen=True, slots=True)
class LongRestHeal(Action):
    """HV-REST-2 [FH]: the long rest's Heal 2 is optional."""

    character: str
    heal: bool


@action_type("draw-ability")
@dataclass(frozen=True, slots=True)
class DrawAbility(Action):
    """Chance: the monster ability card drawn for a group this round (HV-INIT-4)."""

    group: str
    card: str


@action_type("draw-loot")
@dataclass(frozen=True, slots=True)
class DrawLoot(Action):
    """Chance [FH]: the loot card a character draws for a looted token (HV-LOOT-5)."""

    hero: str
    card: str


@action_type("use-item")
@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """HV-ITEM-5: use an item now (no action or card needed)."""

    character: str
    item: str


@action_type("items-done")
@dataclass(frozen=True, slots=True)
class ItemsDone(Action):
    """HV-ITEM-5: the attacked character uses no (more) items: the attack's draw goes on."""

    character: str


@action_type("refresh-item")
@dataclass(frozen=True, slots=True)
class RefreshItem(Action):
    """HV-CHAR-6: a refresh ability readies this spent or consumed item."""

    item: str


@action_type("refresh-items")
@dataclass(frozen=True, slots=True)
class RefreshItems(Action):
    """HV-ITEM-3 [FH]: a long rest's recovery of spent items is optional."""

    character: str
    refresh: bool


@action_type("consume-element")
@dataclass(frozen=True, slots=True)
class ConsumeElement(Action):
    """HV-ELEM-4: a character consumes the element its ability offers for a bonus, or not."""

    element: Literal["fire", "ice", "air", "earth", "light", "dark"]
    consume: bool


@action_type("choose-element")
@dataclass(frozen=True, slots=True)
class ChooseElement(Action):
    """HV-ELEM-1, HV-ELEM-3: the element a drawn card's "infuse any" makes strong at the end
    of the turn, chosen by the attacker's player (the party, for a monster or an ally)."""

    element: Literal["fire", "ice", "air", "earth", "light", "dark"]


@action_type("number-ally")
@dataclass(frozen=True, slots=True)
class NumberAlly(Action):
    """Chance [GH]: the ally token drawn for the next number (HV-GOAL-3)."""

    ally: str


@action_type("number-standee")
@dataclass(frozen=True, slots=True)
class NumberStandee(Action):
    """Chance: the number of the standee drawn for the monster placed first among those
    waiting (HV-SCEN-1: standee numbers are assigned at random)."""

    monster: str
    number: int


@action_type("resolved")
@dataclass(frozen=True, slots=True)
class Resolved(Action):
    """HV-SCEN-7: the players have resolved a special rule by hand."""

    rule: str


@action_type("escape")
@dataclass(frozen=True, slots=True)
class Escape(Action):
    """HV-ROOM-5: a character ending its turn on an escape hex escapes, or stays."""

    character: str
    escape: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    SelectCard,
    LongRest,
    ActFirst,
    GroupFirst,
    PlayHalf,
    EndBonus,
    RecoverCard,
    KeepEffects,
    DeclineEffect,
    MoveTo,
    ChooseTarget,
    PlaceArea,
    ForceStep,
    Skip,
    PlaceSummon,
    ChooseMonsterOption,
    Negate,
    LoseCard,
    ShortRest,
    RestLoss,
    Redraw,
    LongRestHeal,
    DrawAbility,
    DrawLoot,
    UseItem,
    ItemsDone,
    RefreshItem,
    RefreshItems,
    Resolved,
    ConsumeElement,
    ChooseElement,
    NumberAlly,
    Escape,
    *DRAW_ACTION_TYPES,
    NumberStandee,
)


# Made once: the listings offer the same few actions at nearly every step, and actions are
# values, so each is made once and shared (issue 12: constructing a frozen dataclass runs an
# interpreted __init__ costing about ten times the lookup).
SKIP = Skip()
"""The one :class:`Skip` (it has no fields)."""

# Typed as what they make from, so the callers' arguments stay checked.
move_to: Callable[[tuple[int, int]], MoveTo] = lru_cache(maxsize=4096)(MoveTo)
play_half: Callable[[str, Half, bool], PlayHalf] = lru_cache(maxsize=4096)(PlayHalf)
choose_target: Callable[[str], ChooseTarget] = lru_cache(maxsize=4096)(ChooseTarget)
draw_ability: Callable[[str, str], DrawAbility] = lru_cache(maxsize=4096)(DrawAbility)
lose_card: Callable[[str, str], LoseCard] = lru_cache(maxsize=4096)(LoseCard)
rest_loss: Callable[[str, str], RestLoss] = lru_cache(maxsize=4096)(RestLoss)
number_standee: Callable[[str, int], NumberStandee] = lru_cache(maxsize=4096)(NumberStandee)
negate: Callable[[str, NegateChoice], Negate] = lru_cache(maxsize=1024)(Negate)
short_rest: Callable[[str, bool], ShortRest] = lru_cache(maxsize=1024)(ShortRest)
redraw: Callable[[str, bool], Redraw] = lru_cache(maxsize=1024)(Redraw)
heal_on_long_rest: Callable[[str, bool], LongRestHeal] = lru_cache(maxsize=1024)(LongRestHeal)
escape: Callable[[str, bool], Escape] = lru_cache(maxsize=1024)(Escape)
