"""Items in a haven file (HV-ITEM-1..5): what an item does and when, how it is used up,
[FH] flip items and their backs, and the limits on what one character brings.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import Field, model_validator

from rulekeeper.games.haven.ability_format import AbilitySpec
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.spec_base import ItemSlot, NonNegative, SpecModel
from rulekeeper.games.haven.terms import term
from rulekeeper.i18n import _


class ItemSide(SpecModel):
    """What an item does, and how it is used up: the whole of most items, and one side of a
    [FH] flip item (HV-ITEM-3..5).

    ``usage``: ``spent`` (refreshed by a long rest), ``consumed`` (lost for the
    scenario), ``passive`` (always on, no limit) or [FH] ``flip`` (using it turns
    the card over to its ``back``). ``uses`` > 1 gives use slots, marked once per
    use (HV-ITEM-4). ``when`` is the moment it may be used: ``turn`` (during its
    owner's turn: it performs ``actions``), ``attack`` (on the owner's attack,
    before a target's modifier draw: adds ``attack_bonus``, ``pierce``,
    ``conditions`` and ``advantage``), ``attacked`` (when an attack targets its
    owner, before that attack's modifier draw: ``shield`` against that attack,
    ``disadvantage`` for the attacker, ``retaliate`` against it, or
    ``ignore_effects`` of it; ``adjacent_attacker``: only against an adjacent
    attacker), ``move`` (during the owner's move ability, even between its hexes: adds
    ``move`` points to the points left and ``jump`` or ``flying`` to the rest of the move),
    ``always`` (a passive ``shield``).
    """

    usage: Literal["spent", "consumed", "passive", "flip"] = "spent"
    """spent (refreshed by a long rest), consumed (lost for the scenario), passive (always on) or
    flip ([FH]: using it turns the item over to its back)."""
    uses: Annotated[int, Field(ge=1, le=6)] = 1
    """Use slots: marked once per use before the item is spent or consumed (HV-ITEM-4)."""
    when: Literal["turn", "attack", "attacked", "move", "always"] = "turn"
    """When it is used: turn (it performs actions), attack (adds to the owner's attack), attacked
    (when an attack targets the owner, before its modifier draw), move (during the owner's move
    ability, even between its hexes: adds move, jump or flying) or always (a passive shield)."""
    actions: tuple[AbilitySpec, ...] = ()
    """The actions a turn item performs."""
    attack_bonus: NonNegative = 0
    """Attack added by an attack item."""
    pierce: NonNegative = 0
    """Pierce added by an attack item."""
    conditions: tuple[str, ...] = ()
    """Conditions an attack item adds to the attack."""
    shield: NonNegative = 0
    """A passive item's shield; an attacked item's shield against that one attack."""
    disadvantage: bool = False
    """An attacked item: the attacker draws that attack's modifier with disadvantage."""
    retaliate: NonNegative = 0
    """An attacked item: retaliate against that one attack (HV-RET-1..3): damage to the
    attacker if adjacent, or within ``retaliate_range``, once the attack is resolved."""
    retaliate_range: NonNegative = 0
    """An attacked item's retaliate range (0: adjacent attackers only)."""
    ignore_effects: bool = False
    """An attacked item: the attack's added effects on the owner (its conditions, push and
    pull, the ability's and its modifier card's) are ignored; its damage is not (HV-TGT-6)."""
    adjacent_attacker: bool = False
    """An attacked item used only when the attacker is adjacent to its owner."""
    advantage: bool = False
    """An attack item: the rest of the owner's attack ability draws with advantage (HV-ATK-2;
    HV-ADV-1..4)."""
    move: Annotated[int, Field(ge=0, le=9)] = 0
    """A move item: movement points added to what is left of the owner's move."""
    jump: bool = False
    """A move item: the rest of the owner's move is a jump."""
    flying: bool = False
    """A move item: the rest of the owner's move is flying."""
    text: Annotated[str, Field(max_length=2000)] = ""
    """The item as printed (imported items): a passive item's effect the engine does not
    run is applied by the players from this text."""

    @model_validator(mode="after")
    def _effect_fits_the_moment(self) -> Self:
        for name in self.conditions:
            if name not in CONDITIONS:
                raise ValueError(_("conditions: unknown condition {name}", name=repr(name)))
        if (self.usage == "passive") != (self.when == "always"):
            raise ValueError(_("a passive item is used 'always'; only a passive item is"))
        if self.when == "turn" and not self.actions:
            raise ValueError(_("an item used during a turn lists its 'actions'"))
        if self.when == "attack" and not (
            self.attack_bonus or self.pierce or self.conditions or self.advantage
        ):
            raise ValueError(
                _("an attack item gives attack_bonus, pierce, conditions or advantage")
            )
        if self.when == "attacked" and not (
            self.shield or self.disadvantage or self.retaliate or self.ignore_effects
        ):
            raise ValueError(
                _(
                    "an attacked item gives 'shield', 'disadvantage', 'retaliate' or 'ignore_effects'"
                )
            )
        if self.when != "attacked":
            for name in ("disadvantage", "retaliate", "ignore_effects", "adjacent_attacker"):
                if getattr(self, name):
                    raise ValueError(
                        _("{field}: only an item used when attacked gives it", field=name)
                    )
        if self.retaliate_range and not self.retaliate:
            raise ValueError(_("retaliate_range: only with a 'retaliate'"))
        if self.advantage and self.when != "attack":
            raise ValueError(_("advantage: only an item used on its owner's attack gives it"))
        if self.when == "move" and not (self.move or self.jump or self.flying):
            raise ValueError(_("a move item gives 'move', 'jump' or 'flying'"))
        if (self.move or self.jump or self.flying) and self.when != "move":
            raise ValueError(_("move, jump, flying: only an item used during a move gives them"))
        if self.when == "always" and not (self.shield or self.text):
            raise ValueError(_("a passive item gives 'shield' (or its 'text', applied by hand)"))
        if self.usage == "flip" and self.uses > 1:
            raise ValueError(_("uses: a flip item turns over at each use: it has no use slots"))
        if any(a.type in ("summon", "special") for a in self.actions):
            raise ValueError(_("actions: an item cannot summon or perform a boss special"))
        if any(a.type == "spend" for a in self.actions):
            raise ValueError(_("actions: a spend action is a character card's, not an item's"))
        if any(a.type in ("push", "pull", "damage") for a in self.actions):
            raise ValueError(
                _("actions: a lone push, pull or damage action is a monster card's, not an item's")
            )
        return self


class ItemBack(ItemSide):
    """[FH] the back of a flip item (HV-ITEM-3): what the item does once turned over."""

    name: str = ""
    """The back's name, shown to players (none: the front's name)."""


class ItemSpec(ItemSide):
    """An item (HV-ITEM-1..5): its slot, price, and what it does (see the side's fields).

    [FH] A ``flip`` item has a ``back``: using the front turns the card over, and
    the back is then the item (HV-ITEM-3); a back whose usage is ``flip`` turns
    the card over again. Only the Frosthaven ruleset plays flip items.
    """

    name: str
    """The item's name, shown to players."""
    slot: ItemSlot
    """Where it is worn or held (HV-ITEM-1): head, body, legs, one_hand, two_hands, small."""
    minus_one: Annotated[int, Field(ge=0, le=5)] = 0
    """-1 modifier cards the item adds to its owner's deck (HV-ITEM-2)."""
    cost: NonNegative = 0
    """The item's price in gold."""
    unrecoverable: bool = False
    """HV-CHAR-6, HV-ITEM-3 [FH]: once consumed, no refresh ability brings it back."""
    back: ItemBack | None = None
    """[FH] a flip item's other side (HV-ITEM-3)."""

    @model_validator(mode="after")
    def _flip_has_a_back(self) -> Self:
        if (self.usage == "flip") != (self.back is not None):
            raise ValueError(_("a flip item has a 'back'; only a flip item has one"))
        return self

    def side(self, flipped: bool) -> ItemSide:
        """The side face up: the back once a flip item is turned over (HV-ITEM-3)."""
        return self.back if flipped and self.back is not None else self


ITEM_SLOTS: dict[str, int] = {"head": 1, "body": 1, "legs": 1}
"""HV-ITEM-1: at most one head, one body and one legs ([FH] feet) item."""


def loadout_problem(items: list[ItemSpec], ids: list[str], level: int) -> str:
    """HV-ITEM-1: what breaks the item limits, or "" (two one-hand items or one two-hand
    item, ⌈level / 2⌉ small items, never two copies of one item)."""
    if len(set(ids)) != len(ids):
        return _("a character never brings two copies of one item")
    slots: list[str] = [item.slot for item in items]
    for slot, most in ITEM_SLOTS.items():
        if slots.count(slot) > most:
            return _("at most {most} {slot} item", most=most, slot=term(slot))
    hands = slots.count("one_hand") + 2 * slots.count("two_hands")
    if hands > 2:
        return _("two one-hand items or one two-hand item at most")
    small = slots.count("small")
    if small > -(-level // 2):
        return _(
            "at most {most} small items at level {level} (⌈level / 2⌉)",
            most=-(-level // 2),
            level=level,
        )
    return ""
