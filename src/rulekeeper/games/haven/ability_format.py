"""The abilities on cards: one small structured vocabulary for character cards, monster
ability cards, boss specials and items (docs/games/haven.md, "File formats"), and the
round and persistent bonuses a card half or an item gives (HV-BONUS-1..4).

On a character card the values are absolute; on a monster ability card ``move`` and
``attack`` values are added to the monster's base stats, as is ``range`` for a monster
whose base range is not 0.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from rulekeeper.games.haven.board_format import HexSpec
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.spec_base import AbilityKind, Element, NonNegative, Positive, SpecModel
from rulekeeper.i18n import _


class AbilitySpec(SpecModel):
    """One action of an ability: ``{type = "attack", value = 3, range = 2}``.

    - ``move``: ``value`` hexes; ``jump`` / ``flying`` (HV-MOVE-3, HV-MOVE-4).
    - ``attack``: ``value``, ``range`` (0 = melee), ``targets``, ``pierce``,
      ``conditions`` added to each target, ``aoe`` area hexes (monsters only);
      ``element`` + ``consume_bonus``: consume that element for +bonus attack;
      ``push`` / ``pull``: move each target that many hexes after its attack.
    - ``heal``: ``value``, ``range`` (0 = self); ``shield``: ``value`` this round.
    - ``summon``: ``summon`` names the class's summon on a character card, a
      monster type on a monster card (HV-SUM-1); ``elite`` summons an elite.
    - ``infuse``: ``element`` becomes strong at the end of the turn.
    - ``condition``: ``conditions`` on the acting figure itself; with a ``range``, on a
      character card the player picks up to ``targets`` figures in range and line of sight
      (enemies for negative conditions, allies or itself for positive ones: HV-TGT-1,
      HV-TGT-2); on a monster card positive ones go to the closest allied monster in range
      lacking them, negative ones to ``targets`` enemies in range picked by the focus rules
      (HV-MON-COND-1).
    - ``retaliate``: ``value``, ``range`` (0 = adjacent attackers), until the end
      of the round.
    - ``loot``: ``value`` is the range (HV-LOOT-1); on a monster card the
      tokens in range are removed for good (HV-LOOT-2).
    - ``special``: on a boss ability card, ``value`` 1 or 2 performs the boss's
      Special 1 or Special 2 (HV-BOSS-2).
    - ``recover``: ``value`` cards come back to hand from ``pile`` (HV-CHAR-6).
    - ``refresh``: ``value`` of the character's ``refresh`` items (spent or
      consumed) are ready again (HV-CHAR-6, HV-ITEM-3).
    - ``push`` / ``pull`` (monster cards): ``value`` hexes on ``targets`` enemies within
      ``range`` (1: adjacent), each first gaining the action's negative ``conditions``; not
      an attack (monster_effects.py, HV-PUSH-1..4).
    - ``damage`` (monster cards): "suffer ``value`` damage": with no ``range`` the acting
      monster itself; with one, ``targets`` enemies in range, each also gaining the action's
      negative ``conditions``; not an attack (no modifier card, no shield: HV-SHIELD-1).
      [FH] the focus rules pick a push's, pull's or damage's targets (HV-MON-COND-1); [GH]
      the party picks them among the enemies in range (GH p.32, HV-MOVE-MON-3).
    - ``spend`` (character cards): ``value`` of the class resource ``resource`` are spent;
      the half is playable (not as a basic action) only while the character holds enough
      (HV-DECK-5, class_resources.py).
    - ``by_hand``: an ability the engine does not run (imported content): its
      ``text`` becomes a step the players resolve by hand before play goes on.
    """

    type: AbilityKind
    """What the action does: move, attack, heal, shield, retaliate, summon, infuse, condition,
    loot, special, recover, refresh, push, pull, damage, spend or by_hand (see the table's
    description)."""
    value: int = 0
    """The action's number: hexes moved, attack or heal value, shield or retaliate value, loot
    range, cards recovered, items refreshed, Special 1 or 2, hexes pushed or pulled, damage
    suffered. On a monster card, added to the monster's base move and attack (a push's, pull's
    or damage's value is as printed)."""
    range: int = 0
    """Attack, heal, retaliate, condition, push, pull or damage range in hexes; 0 is melee
    (heal, condition, damage: self; retaliate: adjacent attackers; a push or pull needs one)."""
    targets: Positive = 1
    """How many targets an attack has (or a condition action given at a range: a character's
    up to that many, HV-TGT-1; a monster's negative one, HV-MON-COND-1; or a monster's push,
    pull or damage at a range)."""
    pierce: NonNegative = 0
    """Shield points of each target the attack ignores."""
    conditions: tuple[str, ...] = ()
    """Conditions added to each target of an attack (or of a push, pull or damage at a
    range), or to the acting figure for a condition action."""
    aoe: tuple[HexSpec, ...] = ()
    """Area-of-effect hexes of an attack: offsets from the attacker ([0, 0] its own hex) for a
    melee area, a free shape for a ranged one."""
    jump: bool = False
    """A move that jumps (HV-MOVE-3)."""
    flying: bool = False
    """A move that flies (HV-MOVE-4)."""
    element: Element | None = None
    """The element an infuse makes strong, or an attack may consume for consume_bonus."""
    consume_bonus: NonNegative = 0
    """Attack added when the attack consumes its element."""
    resource: str | None = None
    """``spend``: the class resource spent (a key of the class's ``resources``, HV-DECK-5)."""
    summon: str | None = None
    """The summon: a key of the class's summons on a character card, a monster type on a monster
    card (HV-SUM-1)."""
    elite: bool = False
    """A monster card's summon is elite."""
    push: NonNegative = 0
    """Hexes each target of the attack is pushed after the attack."""
    pull: NonNegative = 0
    """Hexes each target of the attack is pulled after the attack."""
    pile: Literal["lost", "discard"] = "lost"
    """``recover``: the pile ``value`` cards come back from to hand (HV-CHAR-6)."""
    refresh: Literal["spent", "consumed"] = "spent"
    """``refresh``: which of the character's items come back: spent (turned sideways) or
    consumed (turned face down), HV-CHAR-6, HV-ITEM-3."""
    text: Annotated[str, Field(max_length=2000)] = ""
    """``by_hand``: the ability as printed, shown to the players."""

    @model_validator(mode="after")
    def _fields_fit_the_type(self) -> AbilitySpec:
        for name in self.conditions:
            if name not in CONDITIONS:
                raise ValueError(
                    _(
                        "unknown condition {name} (known: {known})",
                        name=repr(name),
                        known=", ".join(CONDITIONS),
                    )
                )
        if self.type == "condition":
            _check_condition_action(self)
        if self.type in ("push", "pull", "damage"):
            _check_effect_action(self)
        if (self.type == "spend") != (self.resource is not None):
            raise ValueError(_("a spend action names its 'resource'; only a spend action does"))
        if self.type == "spend" and self.value < 1:
            raise ValueError(_("value: a spend action spends at least 1"))
        if self.type == "summon" and not self.summon:
            raise ValueError(_("a summon action names its summon"))
        if self.type == "infuse" and self.element is None:
            raise ValueError(_("an infuse action names its element"))
        if (self.push or self.pull) and self.type != "attack":
            raise ValueError(_("push and pull are added effects of an attack"))
        if self.push and self.pull:
            raise ValueError(_("an attack pushes or pulls, not both"))
        if self.type == "refresh" and self.value < 1:
            raise ValueError(_("value: a refresh brings back at least 1 item"))
        if self.type == "special" and self.value not in (1, 2):
            raise ValueError(_("a special action is Special 1 or Special 2 (value 1 or 2)"))
        if (self.type == "by_hand") != bool(self.text):
            raise ValueError(_("a by_hand action carries its text; only a by_hand action does"))
        return self


def _check_effect_action(ability: AbilitySpec) -> None:
    """A lone push or pull, or "suffer N damage" (monster_effects.py): negative abilities on
    enemies in range (HV-TGT-2); damage without a range is suffered by the acting figure."""
    if ability.value < 1:
        raise ValueError(_("value: a push, pull or damage action moves or hurts at least 1"))
    if ability.type in ("push", "pull") and ability.range < 1:
        raise ValueError(_("a push or pull action needs a range (1: adjacent enemies)"))
    if ability.range < 0:
        raise ValueError(_("range: at least 0"))
    if not ability.range and (ability.targets > 1 or ability.conditions):
        raise ValueError(
            _("damage without a range is suffered by the acting figure: no targets or conditions")
        )
    if any(CONDITIONS[name].positive for name in ability.conditions):
        raise ValueError(
            _("a push, pull or damage action gives negative conditions only (HV-TGT-2)")
        )


def _check_condition_action(ability: AbilitySpec) -> None:
    """A condition action: on the acting figure (range 0) or given at a range: positive ones
    to allies, negative ones to enemies (HV-TGT-2; a monster's per HV-MON-COND-1, a
    character's picked by the player)."""
    if not ability.conditions:
        raise ValueError(_("a condition action names its conditions"))
    kinds = {CONDITIONS[name].positive for name in ability.conditions}
    if len(kinds) > 1:
        raise ValueError(
            _("a condition action gives positive or negative conditions, not both (HV-TGT-2)")
        )
    if ability.targets > 1 and not ability.range:
        raise ValueError(_("targets on a condition action needs a range (HV-TGT-1)"))


class BonusSpec(SpecModel):
    """A round or persistent bonus (HV-BONUS-1..4): what it gives while active.

    On a card half it is the action's bonus icon: the card goes to the active area
    (bonuses.py). Items carrying a bonus use the same model.
    """

    duration: Literal["round", "persistent"]
    """round: until the end of the round; persistent: until its use slots or rounds run out (HV-
    BONUS-1)."""
    shield: NonNegative = 0
    """Shield the bearer has while the bonus is active."""
    retaliate: NonNegative = 0
    """Retaliate the bearer has while the bonus is active."""
    retaliate_range: NonNegative = 0
    """0: retaliate against adjacent attackers only (HV-RET-1)."""
    attack: int = 0
    """Added to each of the bearer's attacks while active ("+1 on your next attacks")."""
    uses: NonNegative = 0
    """Use slots (HV-BONUS-3): an ``attack`` bonus uses one per attack the bearer makes,
    a shield or retaliate bonus one per attack on the bearer; 0 means no slots."""
    experience: tuple[Positive, ...] = ()
    """The slots (1-based) showing an experience icon."""
    rounds: NonNegative = 0
    """[FH] the bonus lasts this many rounds after the one it is played in (0: no limit)."""

    @model_validator(mode="after")
    def _consistent(self) -> BonusSpec:
        if self.duration == "round" and (self.uses or self.rounds):
            raise ValueError(_("a round bonus has neither use slots nor a count of rounds"))
        if self.uses and not (self.shield or self.retaliate or self.attack):
            raise ValueError(
                _("use slots need a shield, retaliate or attack bonus to trigger them")
            )
        for slot in self.experience:
            if slot > self.uses:
                raise ValueError(
                    _(
                        "experience slot {slot} is beyond the {uses} use slots",
                        slot=slot,
                        uses=self.uses,
                    )
                )
        if self.retaliate_range and not self.retaliate:
            raise ValueError(_("retaliate_range needs a retaliate value"))
        return self
