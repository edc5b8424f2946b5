"""Ether's actions and the intents a payment pays for.

The payment is a first-class action (ET-PAY-1..4): :class:`Pay` names its
exact sources, the one action it pays for and, for a slash cost, the chosen
alternative (ET-UNQ-3). The interactive play loop builds the same payment step
by step: :class:`AddSource` per source, then :class:`Spend` naming the action;
the engine checks both through one function (``payment.check_payment``).
Gathering only ever grows a payment until it is spent or the activation ends
(there is no "put back": the play loop's undo serves), so every round ends
without an engine cap on how often a payment may be gathered.

An intent is what a payment buys; each has a ``kind`` tag so its JSON form is
self-describing: ``{"type": "pay", "hero": "wren", "sources": [{"kind": "die",
"ref": "yellow"}], "actions": [{"kind": "move", "steps": 1}], "alternative": 0}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulekeeper.boards.mapcards import Direction, Space
from rulekeeper.core.actions import Action, action_type
from rulekeeper.games.ether import terms
from rulekeeper.i18n import Msg, lazy

SourceKind = Literal["hand", "inventory", "die"]


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """ET-PAY-1: one source of a payment: a card in hand, a card in the inventory, a ready die.

    ``ref`` is the card's id, or for a die its colour (``green``, ``yellow``,
    ``red``): dice of one colour are interchangeable, so a payment names how
    many of each colour it exhausts, never which one.
    """

    kind: SourceKind
    ref: str

    def __str__(self) -> str:
        return f"{self.kind} {self.ref}"


# -- intents: what one payment pays for (ET-KIND-1) -------------------------
@dataclass(frozen=True, slots=True)
class MoveIntent:
    """ET-MOVE-1: spend N cunning to move N spaces."""

    kind: Literal["move"]
    steps: int


@dataclass(frozen=True, slots=True)
class AttackIntent:
    """ET-ATK-1: spend N wrath to deal N damage to a non-boss enemy in the active area."""

    kind: Literal["attack"]
    enemy: str
    wrath: int


@dataclass(frozen=True, slots=True)
class InfluenceIntent:
    """ET-INF-1/4: play an influence card from hand (``target``: an enemy, if it deals damage)."""

    kind: Literal["influence"]
    card: str
    target: str | None


@dataclass(frozen=True, slots=True)
class ExploreIntent:
    """ET-EXP-1: explore along the arrow pointing ``direction`` in the hero's space."""

    kind: Literal["explore"]
    direction: Direction


@dataclass(frozen=True, slots=True)
class UniqueIntent:
    """ET-UNQ-1: resolve the unique map action ``action`` in the hero's space.

    ``target`` names the non-boss enemy in the active area that a damage or
    move-enemy effect acts on; ``to`` is where a move-enemy effect puts it.
    Both are null for an action without such effects.
    """

    kind: Literal["unique"]
    action: str
    target: str | None = None
    to: Space | None = None


@dataclass(frozen=True, slots=True)
class BossIntent:
    """ET-BOSS-1 (house): spend N wrath to deal N damage to the boss in the active area."""

    kind: Literal["boss"]
    wrath: int


Intent = MoveIntent | AttackIntent | InfluenceIntent | ExploreIntent | UniqueIntent | BossIntent

ACTION_KIND: dict[str, str] = {
    "move": "standard",
    "attack": "standard",
    "boss": "standard",
    "influence": "influence",
    "explore": "map",
    "unique": "map",
}
"""ET-KIND-1: the three kinds of action: standard, influence and map."""


def move(steps: int) -> MoveIntent:
    return MoveIntent("move", steps)


def attack(enemy: str, wrath: int) -> AttackIntent:
    return AttackIntent("attack", enemy, wrath)


def influence(card: str, target: str | None = None) -> InfluenceIntent:
    return InfluenceIntent("influence", card, target)


def explore(direction: Direction) -> ExploreIntent:
    return ExploreIntent("explore", direction)


def unique(action_id: str, target: str | None = None, to: Space | None = None) -> UniqueIntent:
    return UniqueIntent("unique", action_id, target, to)


def face_boss(wrath: int) -> BossIntent:
    return BossIntent("boss", wrath)


def describe_intent(intent: Intent) -> str:
    """The intent in the current language (menus, refusals shown at once)."""
    return str(intent_message(intent))


def intent_message(intent: Intent) -> Msg:
    """What a payment buys, as a message (events, refusals): ``move 2``, ``explore north``."""
    if isinstance(intent, MoveIntent):
        return lazy("move {steps}", steps=intent.steps)
    if isinstance(intent, AttackIntent):
        return lazy("attack {enemy} with {wrath} wrath", enemy=intent.enemy, wrath=intent.wrath)
    if isinstance(intent, InfluenceIntent):
        if intent.target:
            return lazy("play {card} at {target}", card=intent.card, target=intent.target)
        return lazy("play {card}", card=intent.card)
    if isinstance(intent, ExploreIntent):
        return lazy("explore {direction}", direction=terms.direction(intent.direction))
    if isinstance(intent, UniqueIntent):
        if intent.target and intent.to:
            return lazy(
                "resolve {action} at {target} to {to}",
                action=intent.action,
                target=intent.target,
                to=str(intent.to),
            )
        if intent.target:
            return lazy("resolve {action} at {target}", action=intent.action, target=intent.target)
        return lazy("resolve {action}", action=intent.action)
    return lazy("face the boss with {wrath} wrath", wrath=intent.wrath)


# -- player actions ----------------------------------------------------------
@action_type("pay")
@dataclass(frozen=True, slots=True)
class Pay(Action):
    """One payment, whole: the hero who pays and acts, the sources, the one action, the alternative.

    ``actions`` must hold exactly one intent (ET-PAY-2); ``alternative`` picks
    one cost of a slash cost (ET-UNQ-3), 0 for a single cost. ``hero`` may be
    any standing hero, in or out of their own activation (ET-TIME-1). The
    sources are a multiset: they are kept in one canonical order, so a payment
    listed in another order is the same action.
    """

    hero: str
    sources: tuple[Source, ...]
    actions: tuple[Intent, ...]
    alternative: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", tuple(sorted(self.sources)))

    def label(self) -> str:
        """The machine label (English, stable: scripts and agents key on it)."""
        what = ", ".join(intent_message(i).render("en") for i in self.actions)
        paid = ", ".join(str(s) for s in self.sources) or "nothing"
        option = f" (cost option {self.alternative})" if self.alternative else ""
        return f"{self.hero} pays {paid} for {what}{option}"


@action_type("add_source")
@dataclass(frozen=True, slots=True)
class AddSource(Action):
    """``hero`` adds one source to the payment they gather (nothing is spent yet).

    Any standing hero may start a payment (ET-TIME-1); while it is gathered,
    only that hero adds to it or spends it.
    """

    hero: str
    source: Source

    def label(self) -> str:
        return f"{self.hero}: add {self.source}"


@action_type("spend")
@dataclass(frozen=True, slots=True)
class Spend(Action):
    """``hero`` spends the gathered sources, at once, on one action (ET-PAY-2, ET-PAY-3)."""

    hero: str
    action: Intent
    alternative: int = 0

    def label(self) -> str:
        option = f" (cost option {self.alternative})" if self.alternative else ""
        return f"{self.hero}: spend on {intent_message(self.action).render('en')}{option}"


@action_type("step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    """ET-MOVE-1/2: move one paid space through an open edge."""

    direction: Direction


@action_type("end_movement")
@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    """Stop moving; paid steps not taken are lost (ET-PAY-3)."""


@action_type("end_activation")
@dataclass(frozen=True, slots=True)
class EndActivation(Action):
    """The acting hero ends their activation (ET-ROUND-1)."""


@action_type("place_map")
@dataclass(frozen=True, slots=True)
class PlaceMap(Action):
    """ET-EXP-1: the explorer turns the drawn map card ``rotation`` degrees clockwise."""

    rotation: int

    def label(self) -> str:
        return f"place the map card turned {self.rotation} degrees"


@action_type("assign_damage")
@dataclass(frozen=True, slots=True)
class AssignDamage(Action):
    """Enemy phase: the heroes choose which hero on the card takes an enemy's damage."""

    enemy: str
    hero: str


# -- chance outcomes (labels end with the card drawn) ---------------------
@action_type("draw_influence")
@dataclass(frozen=True, slots=True)
class DrawInfluence(Action):
    card: str


@action_type("draw_enemy")
@dataclass(frozen=True, slots=True)
class DrawEnemy(Action):
    card: str


@action_type("draw_map")
@dataclass(frozen=True, slots=True)
class DrawMap(Action):
    card: str


@action_type("draw_item")
@dataclass(frozen=True, slots=True)
class DrawItem(Action):
    card: str


ALL_ACTIONS: tuple[type[Action], ...] = (
    Pay,
    AddSource,
    Spend,
    Step,
    EndMovement,
    EndActivation,
    PlaceMap,
    AssignDamage,
    DrawInfluence,
    DrawEnemy,
    DrawMap,
    DrawItem,
)
