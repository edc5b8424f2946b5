"""haven-scenario/1: a playable scenario, character classes and monsters, validated on load.

A scenario file (TOML, or JSON with the same shape) embeds a haven-board/1
:class:`~rulekeeper.games.haven.board_format.MapSpec` under ``[map]`` and adds
the scenario level, the party, rooms revealed when a door opens, monster
standees per player count, the objective and special-rule notes. Character
classes (``[classes.ID]``), monster types (``[monster_types.ID]``) and monster
ability decks (``[monster_decks.ID]``) may be given inline; the shipped ones in
``content/haven/classes.toml`` and ``content/haven/monsters.toml`` are always
available and inline definitions override them by ID.

Abilities on cards share one small structured vocabulary
(:class:`AbilitySpec`). On a character card the values are absolute; on a
monster ability card ``move`` and ``attack`` values are added to the
monster's base stats, as is ``range`` for a monster whose base range is not 0
(docs/games/haven.md, "File formats").

Bad input raises :class:`~rulekeeper.core.errors.ContentError` naming the
file and the field (``classes.warden.cards.3.top.actions.0.type``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rulekeeper.boards.hexgrid import distance
from rulekeeper.core.documents import parse_document, read_text, validate
from rulekeeper.core.errors import ContentError
from rulekeeper.core.problems import Problems
from rulekeeper.games.haven.board_format import HexSpec, MapSpec, check_map
from rulekeeper.games.haven.conditions import CONDITIONS
from rulekeeper.games.haven.ruleset import RULESETS
from rulekeeper.games.haven.scaling import (
    FormulaError,
    character_level,
    check_formula,
    scenario_scaling,
)
from rulekeeper.games.haven.terms import term
from rulekeeper.i18n import _

FORMAT = "haven-scenario/1"

NonNegative = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
Element = Literal["fire", "ice", "air", "earth", "light", "dark"]
AbilityKind = Literal[
    "move",
    "attack",
    "heal",
    "shield",
    "retaliate",
    "summon",
    "infuse",
    "condition",
    "loot",
    "special",
    "recover",
    "refresh",
    "push",
    "pull",
    "damage",
    "by_hand",
]
ItemSlot = Literal["head", "body", "legs", "one_hand", "two_hands", "small"]
Formula = Annotated[str, Field(min_length=1, max_length=80)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """Frozen, so a copy may share it: ``HavenState.clone()`` (search, rollouts) stays cheap."""
        return self


class AbilitySpec(_Model):
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
    - ``by_hand``: an ability the engine does not run (imported content): its
      ``text`` becomes a step the players resolve by hand before play goes on.
    """

    type: AbilityKind
    """What the action does: move, attack, heal, shield, retaliate, summon, infuse, condition,
    loot, special, recover, refresh, push, pull, damage or by_hand (see the table's
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


class BonusSpec(_Model):
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


class HalfSpec(_Model):
    """The top or bottom half of a character's ability card (HV-CARD-3, HV-CARD-4)."""

    actions: tuple[AbilitySpec, ...] = ()
    """The half's actions, performed in order."""
    lost: bool = False
    """HV-CARD-4: performing this half sends the card to the lost pile."""
    bonus: BonusSpec | None = None
    """HV-BONUS-1: the round or persistent bonus icon; the card goes to the active area."""
    xp: NonNegative = 0
    """HV-CHAR-3, HV-END-1: experience gained once any ability of this half is performed."""
    consume: Annotated[tuple[Element, ...], Field(max_length=6)] = ()
    """HV-ELEM-4 [FH]: elements shown in the action's upper-left corner: they must all be
    consumed to perform any of the action (Gloomhaven cards print none)."""

    @model_validator(mode="after")
    def _distinct_costs(self) -> HalfSpec:
        if len(set(self.consume)) != len(self.consume):
            raise ValueError(_("consume: an element is consumed once per action (HV-ELEM-3)"))
        return self


class CardSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    """The card's id, unique within its class."""
    name: str = ""
    """The card's name, shown to players."""
    level: Annotated[str, Field(max_length=2)] = ""
    """The card's level as printed ("1".."9", "X"); empty: not given."""
    initiative: Annotated[int, Field(ge=1, le=99)]
    """The card's initiative (HV-INIT-1)."""
    top: HalfSpec
    """The top half."""
    bottom: HalfSpec
    """The bottom half."""
    unrecoverable: bool = False
    """HV-CHAR-6: once lost, no recover ability brings it back."""


class SummonSpec(_Model):
    """A character summon's printed stats (HV-SUM-2)."""

    name: str = ""
    """The summon's name, shown to players."""
    hp: Positive
    """The summon's hit points."""
    move: NonNegative = 2
    """Its move."""
    attack: NonNegative = 1
    """Its attack."""
    range: NonNegative = 0
    """Its attack range; 0 is melee."""
    flying: bool = False
    """It flies."""


ResourceId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,39}$")]


class ResourceSpec(_Model):
    """A class resource a character keeps count of (tokens and the like): a drawn modifier card
    with ``"resource ID N"`` among its effects gives its character N more (HV-DECK-5)."""

    name: str = ""
    """The resource's name, shown to players (else its ID)."""
    max: Annotated[int, Field(ge=1, le=99)] = 99
    """The most a character holds; a gain beyond it is lost."""
    start: Annotated[int, Field(ge=0, le=99)] = 0
    """How many the character holds when the scenario starts."""

    @model_validator(mode="after")
    def _start_fits(self) -> ResourceSpec:
        if self.start > self.max:
            raise ValueError(
                _("start {start} is more than max {max}", start=self.start, max=self.max)
            )
        return self


class ClassSpec(_Model):
    """A character class: hit points per level (index 0 = level 1), hand size, cards, summons."""

    name: str
    """The class's name, shown to players."""
    hp: Annotated[tuple[Positive, ...], Field(min_length=1)]
    """Hit points per character level; index 0 is level 1."""
    hand_size: Annotated[int, Field(ge=2)]
    """How many cards the character brings to a scenario."""
    cards: Annotated[tuple[CardSpec, ...], Field(min_length=2)]
    """The class's ability cards."""
    summons: dict[str, SummonSpec] = {}
    """The summons its cards name, by key."""
    resources: dict[ResourceId, ResourceSpec] = {}
    """Class resources by ID (HV-DECK-5): counters its modifier cards' ``resource ID N`` effects
    add to, shown with the character."""

    @model_validator(mode="after")
    def _cards_fit(self) -> ClassSpec:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(_("card ids must be unique"))
        if self.hand_size > len(self.cards):
            raise ValueError(
                _(
                    "hand_size {hand_size} exceeds the {cards} cards",
                    hand_size=self.hand_size,
                    cards=len(self.cards),
                )
            )
        for card in self.cards:
            for half in (card.top, card.bottom):
                for act in half.actions:
                    if act.type in ("push", "pull", "damage"):
                        raise ValueError(
                            _(
                                "card {id}: a lone {kind} action is a monster card's; on a"
                                " character card push and pull are an attack's effects",
                                id=repr(card.id),
                                kind=act.type,
                            )
                        )
                    if act.type == "summon" and act.summon not in self.summons:
                        raise ValueError(
                            _(
                                "card {id} summons unknown {summon}",
                                id=repr(card.id),
                                summon=repr(act.summon),
                            )
                        )
        return self


class MonsterStats(_Model):
    hp: Positive | Formula
    """A number, or a scenario equation in L, C and H (HV-SCEN-4; a boss: HV-BOSS-1)."""
    move: NonNegative = 0
    """Base move."""
    attack: NonNegative | Formula = 0
    """Base attack: a number, or (a boss) an equation in L and C (HV-BOSS-1, HV-SCEN-4)."""
    range: NonNegative = 0
    """Base attack range; 0 is melee."""
    shield: NonNegative = 0
    """Shield on the stat card, always active."""
    retaliate: NonNegative = 0
    """Retaliate on the stat card, always active (retaliate.py)."""
    retaliate_range: NonNegative = 0
    """0: against adjacent attackers only."""
    attack_conditions: tuple[str, ...] = ()
    """HV-MON-2: conditions every attack of the type adds to its targets."""
    attack_pierce: NonNegative = 0
    """HV-MON-2: pierce added to every attack of the type."""
    attack_targets: Annotated[int, Field(ge=0, le=10)] = 0
    """HV-MON-2: every attack targets this many (0: as the ability card says)."""
    attack_push: NonNegative = 0
    """HV-MON-2: every attack pushes its targets this many hexes."""
    attack_pull: NonNegative = 0
    """HV-MON-2: every attack pulls its targets this many hexes."""

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> MonsterStats:
        for name, value in (("hp", self.hp), ("attack", self.attack)):
            if isinstance(value, str):
                try:
                    check_formula(value)
                except FormulaError as error:
                    raise ValueError(
                        _("{name}: {error} (HV-SCEN-4)", name=name, error=error)
                    ) from None
        for condition in self.attack_conditions:
            if condition not in CONDITIONS:
                raise ValueError(
                    _("attack_conditions: unknown condition {condition}", condition=repr(condition))
                )
        if self.attack_push and self.attack_pull:
            raise ValueError(_("an attack pushes or pulls, not both"))
        return self


class MonsterTypeSpec(_Model):
    """A monster type: stats per monster level (index = level), normal and elite (HV-MON-1).

    A boss (HV-BOSS-1) has one stat line per level in ``normal`` and no elite
    line; its ``special_1`` / ``special_2`` are the actions a "Special 1/2"
    ability card performs (HV-BOSS-2). ``immunities`` are conditions the type
    never gains (HV-BOSS-1; [FH] any type, HV-MON-2). ``standees`` caps how
    many of the type can be on the map (HV-MON-LIMIT-1).
    """

    name: str
    """The monster type's name, shown to players."""
    deck: str
    """The ability deck the type draws from (a key of monster_decks)."""
    flying: bool = False
    """The type flies (HV-MOVE-4)."""
    immunities: tuple[str, ...] = ()
    """HV-COND-3: conditions this type never gains (bless and curse: no card is added)."""
    normal: Annotated[tuple[MonsterStats, ...], Field(min_length=1)]
    """Normal stats per monster level, from level 0 (a boss: its one stat line per level)."""
    elite: tuple[MonsterStats, ...] = ()
    """Elite stats per monster level, as many lines as normal (a boss has none)."""
    boss: bool = False
    """The type is a boss (HV-BOSS-1)."""
    special_1: tuple[AbilitySpec, ...] = ()
    """A boss's Special 1 actions (HV-BOSS-2)."""
    special_2: tuple[AbilitySpec, ...] = ()
    """A boss's Special 2 actions (HV-BOSS-2)."""
    standees: Annotated[int, Field(ge=1, le=20)] = 10
    """How many standees of the type exist: at most this many on the map (HV-MON-LIMIT-1)."""
    notes: tuple[Annotated[str, Field(max_length=2000)], ...] = ()
    """Stat-card traits the engine does not run, shown to the players to apply by hand."""

    @model_validator(mode="after")
    def _ranks_fit(self) -> MonsterTypeSpec:
        if self.boss and self.elite:
            raise ValueError(
                _("a boss is neither normal nor elite: give its stats in 'normal' only")
            )
        if not self.boss and len(self.elite) != len(self.normal):
            raise ValueError(_("elite: one elite stat line per level, as many as 'normal'"))
        if not self.boss and (self.special_1 or self.special_2):
            raise ValueError(_("special_1 / special_2 belong to a boss (boss = true)"))
        for line in (*self.normal, *self.elite):
            if isinstance(line.hp, str) and "H" in line.hp:
                raise ValueError(_("hp: H (an elite's hit points) is for named monsters only"))
        return self

    @model_validator(mode="after")
    def _known_immunities(self) -> MonsterTypeSpec:
        for name in self.immunities:
            if name not in CONDITIONS:
                raise ValueError(
                    _(
                        "unknown condition {name} (known: {known})",
                        name=repr(name),
                        known=", ".join(CONDITIONS),
                    )
                )
        return self


class MonsterCardSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    """The card's id, unique within its deck."""
    initiative: Annotated[int, Field(ge=1, le=99)]
    """The card's initiative."""
    shuffle: bool = False
    """The deck is reshuffled at the end of a round in which this card was drawn."""
    actions: tuple[AbilitySpec, ...] = ()
    """The card's actions; move and attack values are added to the monster's base stats."""

    @model_validator(mode="after")
    def _one_ally_per_condition(self) -> MonsterCardSpec:
        for act in self.actions:
            if (
                act.type == "condition"
                and act.targets > 1
                and all(CONDITIONS[name].positive for name in act.conditions)
            ):
                raise ValueError(
                    _(
                        "card {id}: a monster gives a positive condition to one monster only"
                        " (HV-MON-COND-1)",
                        id=repr(self.id),
                    )
                )
        return self


class MonsterDeckSpec(_Model):
    cards: Annotated[tuple[MonsterCardSpec, ...], Field(min_length=1)]
    """The deck's ability cards."""


class MonsterSetSpec(_Model):
    """[FH] HV-MON-3, HV-INIT-6: monster types that form one set.

    The set's types share one ability deck (every type names the same ``deck``):
    one card is drawn for the whole set each round, and on that initiative its
    types act in the order listed here (the order the scenario's special rules
    give), each type's monsters elites first, then by standee number (HV-INIT-4).
    [GH] sets do not exist: each type draws from its own copy of the deck.
    """

    types: Annotated[tuple[str, ...], Field(min_length=2, max_length=8)]
    """The set's monster types, in the order they act."""


class RoomSpec(_Model):
    id: Annotated[str, Field(min_length=1)]
    """The room's id, named by doors' opens."""
    hexes: Annotated[tuple[HexSpec, ...], Field(min_length=1)]
    """The room's map hexes; hexes in no room form the starting area."""


class DoorSpec(_Model):
    """A door hex; a character entering it opens it and reveals ``opens`` (HV-ROOM-1).

    A ``locked`` door is a wall until a special rule opens it (HV-ROOM-2).
    """

    hex: HexSpec
    """The door's map hex, outside every room."""
    opens: tuple[str, ...]
    """The rooms revealed when the door opens."""
    locked: bool = False
    """A wall until a special rule opens it (HV-ROOM-2)."""


class StandeeSpec(_Model):
    """A monster standee: normal for the player counts in ``normal``, elite in ``elite``.

    A ``named`` monster (HV-MON-7) is neither: it uses its type's elite line with
    hit points from ``hp``, an equation in L, C and H (the elite's hit points).
    """

    type: str
    """The monster type."""
    hex: HexSpec
    """The standee's map hex."""
    normal: tuple[Annotated[int, Field(ge=1, le=4)], ...] = (2, 3, 4)
    """Character counts (1-4) for which the standee is placed as a normal monster."""
    elite: tuple[Annotated[int, Field(ge=1, le=4)], ...] = ()
    """Character counts for which it is placed as an elite; in neither list: absent."""
    named: str = ""
    """The name of a named monster (HV-MON-7)."""
    hp: Formula | None = None
    """A named monster's hit points: an equation in L, C and H."""

    @model_validator(mode="after")
    def _named_has_hp(self) -> StandeeSpec:
        if bool(self.named) != (self.hp is not None):
            raise ValueError(_("a named monster gives 'named' and its 'hp' equation together"))
        if self.hp is not None:
            try:
                check_formula(self.hp)
            except FormulaError as error:
                raise ValueError(_("hp: {error} (HV-SCEN-4)", error=error)) from None
        return self


class ObjectiveSpec(_Model):
    """The scenario's goal (HV-GOAL-1): ``kill_all``, ``kill_boss`` (every boss dead),
    ``reach`` (a character ends a move on one of ``hexes``), ``survive`` (``rounds``
    played), ``loot`` (the goal treasures ``treasures`` looted), ``destroy`` (the
    objective figures ``destroy`` destroyed, HV-GOAL-2) or ``escape`` (every character
    not exhausted has escaped from an escape hex, HV-ROOM-5)."""

    kind: Literal["kill_all", "kill_boss", "reach", "survive", "loot", "destroy", "escape"] = (
        "kill_all"
    )
    """How the scenario is won (HV-GOAL-1)."""
    hexes: tuple[HexSpec, ...] = ()
    """reach: the hexes a character must end a move on."""
    rounds: NonNegative = 0
    """survive: the rounds to play."""
    treasures: tuple[str, ...] = ()
    """loot: the goal treasures to loot (treasure ids)."""
    destroy: tuple[str, ...] = ()
    """destroy: the objective figures (HV-GOAL-2) to destroy; none listed: all of them."""


class ItemSide(_Model):
    """What an item does, and how it is used up: the whole of most items, and one side of a
    [FH] flip item (HV-ITEM-3..5).

    ``usage``: ``spent`` (refreshed by a long rest), ``consumed`` (lost for the
    scenario), ``passive`` (always on, no limit) or [FH] ``flip`` (using it turns
    the card over to its ``back``). ``uses`` > 1 gives use slots, marked once per
    use (HV-ITEM-4). ``when`` is the moment it may be used: ``turn`` (during its
    owner's turn: it performs ``actions``), ``attack`` (on the owner's attack,
    before a target's modifier draw: adds ``attack_bonus``, ``pierce`` and
    ``conditions``), ``attacked`` (when an attack targets its owner, before that
    attack's modifier draw: ``shield`` against that attack, ``disadvantage`` for
    the attacker), ``always`` (a passive ``shield``).
    """

    usage: Literal["spent", "consumed", "passive", "flip"] = "spent"
    """spent (refreshed by a long rest), consumed (lost for the scenario), passive (always on) or
    flip ([FH]: using it turns the item over to its back)."""
    uses: Annotated[int, Field(ge=1, le=6)] = 1
    """Use slots: marked once per use before the item is spent or consumed (HV-ITEM-4)."""
    when: Literal["turn", "attack", "attacked", "always"] = "turn"
    """When it is used: turn (it performs actions), attack (adds to the owner's attack), attacked
    (when an attack targets the owner, before its modifier draw) or always (a passive shield)."""
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
        if self.when == "attack" and not (self.attack_bonus or self.pierce or self.conditions):
            raise ValueError(_("an attack item gives attack_bonus, pierce or conditions"))
        if self.when == "attacked" and not (self.shield or self.disadvantage):
            raise ValueError(_("an attacked item gives 'shield' or 'disadvantage'"))
        if self.disadvantage and self.when != "attacked":
            raise ValueError(_("disadvantage: only an item used when attacked gives it"))
        if self.when == "always" and not (self.shield or self.text):
            raise ValueError(_("a passive item gives 'shield' (or its 'text', applied by hand)"))
        if self.usage == "flip" and self.uses > 1:
            raise ValueError(_("uses: a flip item turns over at each use: it has no use slots"))
        if any(a.type in ("summon", "special") for a in self.actions):
            raise ValueError(_("actions: an item cannot summon or perform a boss special"))
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


class PerkSpec(_Model):
    """HV-DECK-2: one perk: modifier cards it removes from and adds to the deck."""

    remove: dict[str, Positive] = {}
    """Modifier cards the perk removes, by card id and count."""
    add: dict[str, Positive] = {}
    """Modifier cards the perk adds, by card id and count."""
    text: str = ""
    """The perk as printed, for the players."""


class CharacterSpec(_Model):
    """One character of the party: its level, the items it brings (HV-ITEM-1), its perks
    (HV-DECK-2) and cards added for this scenario only (HV-DECK-3)."""

    level: Annotated[int, Field(ge=1, le=9)] | None = None
    """The character's level; none: the scenario's character_level."""
    items: tuple[str, ...] = ()
    """The items the character brings, by id (HV-ITEM-1)."""
    perks: tuple[PerkSpec, ...] = ()
    """The character's perks (HV-DECK-2)."""
    scenario_cards: dict[str, Positive] = {}
    """HV-DECK-3: e.g. bought blessings ``{ bless = 2 }``; bless and curse come out of the
    shared supply."""


class TreasureSpec(_Model):
    """A treasure tile (HV-LOOT-6): a numbered reward, or a goal treasure."""

    id: Annotated[str, Field(min_length=1)]
    """The treasure's number or id, named by a loot objective."""
    hex: HexSpec
    """The treasure tile's map hex."""
    gold: NonNegative = 0
    """Gold it gives."""
    item: str | None = None
    """The item it gives, by id."""
    goal: bool = False
    """A goal treasure (a loot objective names it)."""


class LootDeckSpec(_Model):
    """[FH] HV-LOOT-5: the scenario's loot table; at most 20 cards, one random item."""

    coin_1: Annotated[int, Field(ge=0, le=20)] = 6
    """Cards worth 1 coin."""
    coin_2: Annotated[int, Field(ge=0, le=20)] = 4
    """Cards worth 2 coins."""
    coin_3: Annotated[int, Field(ge=0, le=20)] = 2
    """Cards worth 3 coins."""
    materials: dict[str, Annotated[int, Field(ge=0, le=20)]] = {"lumber": 2, "metal": 2, "hide": 2}
    """Material cards, by material."""
    material_yield: tuple[NonNegative, NonNegative, NonNegative] = (2, 2, 1)
    """A material card's yield for 2, 3 and 4 characters (one character: as two)."""
    herbs: dict[str, Annotated[int, Field(ge=0, le=20)]] = {"arrowvine": 1, "axenut": 1}
    """Herb cards, by herb."""
    random_item: str | None = None
    """The item a random-item card gives (HV-ITEM-6); none: the card is worth 3 coins."""

    @model_validator(mode="after")
    def _at_most_twenty(self) -> LootDeckSpec:
        total = self.coin_1 + self.coin_2 + self.coin_3 + (1 if self.random_item else 0)
        total += sum(self.materials.values()) + sum(self.herbs.values())
        if total > 20:
            raise ValueError(_("a loot deck holds at most 20 cards, not {total}", total=total))
        return self


class TriggerSpec(_Model):
    """When a special rule fires (HV-SCEN-7): exactly one of these."""

    boss_hp: Formula | None = None
    """When damage takes a boss to or below these hit points (HV-BOSS-3): a section the
    players resolve before anything else; the boss is not dead until they have."""

    round: Annotated[int, Field(ge=0, le=99)] = 0
    """At the start of this round, before card selection."""
    door: HexSpec | None = None
    """When the door on this hex opens."""
    plate: HexSpec | None = None
    """When a character ends its turn on this pressure plate (HV-ROOM-5)."""
    enter: HexSpec | None = None
    """When a character enters this hex (a section link, HV-SCEN-7): [FH] read the moment
    it is entered, even mid-move (the move pauses there and its points left follow);
    [GH] once the movement is over."""
    dead: str = ""
    """When no monster of this type is left on the map (after one was)."""
    destroyed: str = ""
    """When damage destroys this objective figure (HV-GOAL-2)."""

    @model_validator(mode="after")
    def _one_trigger(self) -> TriggerSpec:
        given = [bool(self.round), self.door is not None, self.plate is not None, bool(self.dead)]
        given += [self.boss_hp is not None, bool(self.destroyed), self.enter is not None]
        if sum(given) != 1:
            raise ValueError(
                _(
                    "a trigger gives exactly one of round, door, plate, enter, dead, boss_hp,"
                    " destroyed"
                )
            )
        if self.boss_hp is not None:
            try:
                check_formula(self.boss_hp)
            except FormulaError as error:
                raise ValueError(_("boss_hp: {error} (HV-SCEN-4)", error=error)) from None
        return self


class SpawnSpec(_Model):
    """A monster a rule spawns: on ``hex`` or the nearest empty hex (HV-ROOM-4)."""

    type: str
    """The monster type spawned."""
    hex: HexSpec
    """Where: this hex or the nearest empty one (HV-ROOM-4)."""
    normal: tuple[Annotated[int, Field(ge=1, le=4)], ...] = (2, 3, 4)
    """Character counts for which it spawns as a normal monster."""
    elite: tuple[Annotated[int, Field(ge=1, le=4)], ...] = ()
    """Character counts for which it spawns as an elite."""


class RuleSpec(_Model):
    """A special rule in the declarative vocabulary (special_rules.py, HV-SCEN-7)."""

    when: TriggerSpec
    """What fires the rule."""
    spawn: tuple[SpawnSpec, ...] = ()
    """Monsters the rule spawns."""
    open_doors: tuple[HexSpec, ...] = ()
    """Doors the rule opens, by hex."""
    text: str = ""
    """Shown to the players as a step they resolve by hand when the rule fires."""
    lose: bool = False
    """The scenario is lost (a loss condition of its rules, HV-GOAL-1)."""
    repeat: bool = False
    """Fires each time its trigger is met; otherwise once."""

    @model_validator(mode="after")
    def _does_something(self) -> RuleSpec:
        if not (self.spawn or self.open_doors or self.text or self.lose):
            raise ValueError(_("a rule spawns, opens doors, loses the scenario or shows text"))
        return self


def _check_figure_hp(hp: int | str) -> None:
    """An objective's or an ally's hit points: a number, or an equation in C and L."""
    if isinstance(hp, str):
        try:
            check_formula(hp)
        except FormulaError as error:
            raise ValueError(_("hp: {error} (HV-SCEN-4)", error=error)) from None
        if "H" in hp:
            raise ValueError(_("hp: H (an elite's hit points) is for named monsters only"))


MAX_OBJECTIVE_HEXES = 7
"""HV-GOAL-2: the most hexes one objective figure covers."""


def contiguous(hexes: Sequence[tuple[int, int]]) -> bool:
    """Every hex reaches every other through neighbouring hexes of the set."""
    rest = set(hexes)
    todo = [hexes[0]]
    rest.discard(hexes[0])
    while todo:
        here = todo.pop()
        near = [h for h in rest if distance(h, here) == 1]
        for h in near:
            rest.discard(h)
            todo.append(h)
    return not rest


class ObjectiveFigureSpec(_Model):
    """HV-GOAL-2: an objective: a figure with hit points that takes no turns.

    ``hp`` is a number or an equation in L and C (HV-SCEN-4). Characters may
    attack it; monsters focus on it and attack it only when ``monsters_target``
    (the party guards it), and otherwise it is the party's enemy (its summons
    and allies focus on it). One standing in a room appears when the room is
    revealed. When damage destroys it, ``objective.kind = "destroy"`` and rules
    triggered ``when = { destroyed = ID }`` (a loss, a spawn) may follow.
    """

    id: Annotated[str, Field(min_length=1, max_length=40)]
    """The figure's id (targets, rules and the goal name it)."""
    name: str = ""
    """The name shown to the players."""
    hex: HexSpec
    """Its hex (one covering several hexes: the first of ``hexes``); one in a room appears
    when the room is revealed."""
    hexes: Annotated[tuple[HexSpec, ...], Field(max_length=MAX_OBJECTIVE_HEXES)] = ()
    """HV-GOAL-2: every hex it covers, contiguous (``hex`` or ``hexes``, not both); it is
    still one figure."""
    hp: Positive | Formula
    """Hit points: a number or an equation in C and L (HV-SCEN-4)."""
    monsters_target: bool = False
    """The monsters focus on and attack it (the party guards it); otherwise it is the
    party's enemy."""

    @model_validator(mode="before")
    @classmethod
    def _hex_from_hexes(cls, data: Any) -> Any:
        """HV-GOAL-2: ``hexes`` names all its hexes; ``hex`` is then the first of them."""
        if not isinstance(data, dict) or "hexes" not in data:
            return data
        if "hex" in data:
            raise ValueError(_("hex and hexes: give one of them, not both"))
        hexes = data["hexes"]
        if isinstance(hexes, list | tuple):
            if not hexes:
                raise ValueError(_("hexes: an objective covers at least one hex"))
            return {**data, "hex": hexes[0]}
        return data

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> ObjectiveFigureSpec:
        _check_figure_hp(self.hp)
        if self.hexes:
            if len(set(self.hexes)) != len(self.hexes):
                raise ValueError(_("hexes: a hex is listed twice"))
            if not contiguous(self.hexes):
                raise ValueError(_("hexes: the hexes are not contiguous (HV-GOAL-2)"))
        return self

    @property
    def covers(self) -> tuple[tuple[int, int], ...]:
        """HV-GOAL-2: every hex it covers (``hex`` alone, or ``hexes``)."""
        return self.hexes or (self.hex,)


class AllyFigureSpec(_Model):
    """HV-GOAL-3: one scenario ally, its stats as the special rules give them."""

    id: Annotated[str, Field(min_length=1, max_length=40)]
    """The figure's id."""
    name: str = ""
    """The name shown to the players."""
    hex: HexSpec
    """Where it starts; one in a room is placed when the room is revealed."""
    hp: Positive | Formula
    """Hit points: a number or an equation in C and L (HV-SCEN-4)."""
    move: NonNegative = 2
    """Its move."""
    attack: NonNegative = 2
    """Its attack."""
    range: NonNegative = 0
    """0: melee."""
    shield: NonNegative = 0
    """Its shield, always active."""
    flying: bool = False
    """It flies (HV-MOVE-4)."""

    @model_validator(mode="after")
    def _hp_formula_reads(self) -> AllyFigureSpec:
        _check_figure_hp(self.hp)
        return self


class AlliesSpec(_Model):
    """HV-GOAL-3: scenario allies, run by the monster mover for the party.

    They act together at ``initiative`` (from the special rules), one after
    another by standee number: [FH] in the order listed; [GH] numbered at random
    at setup (a chance node). With a ``deck`` (a monster ability deck) one card
    is drawn for them each round and its move and attack are added to their
    stats, as for monsters; without one each moves and attacks with its stats.
    [FH] they draw attack modifiers from the ally deck; [GH] from the monster deck.
    """

    initiative: Annotated[int, Field(ge=1, le=99)] = 50
    """The allies' initiative, as the special rules give it."""
    deck: str | None = None
    """An ability deck of ``monster_decks`` drawn for them each round; none: their stats."""
    figures: Annotated[tuple[AllyFigureSpec, ...], Field(max_length=10)] = ()
    """The allies, in standee order ([GH] renumbered at random at setup)."""


class HouseRulesSpec(_Model):
    """Departures from the rulebooks a group agrees on; every one is off unless set."""

    one_character: bool = False
    """A party of one character. HV-CHAR-1 asks two to four; with this set, one is
    accepted (rules examples and tests play on one-character boards)."""
    open_edge_neighbours: bool = False
    """[GH] neighbours across an open edge always see each other, even where both
    corners they share lie on wall lines (HV-LOS-1 itself, GH p.19, asks for a line
    touching no wall; see boards/line_of_sight.py)."""


MAX_LINKS = 40
"""The most pairs of linked hexes a scenario may declare (HV-ROOM-5)."""


class ScenarioSpec(_Model):
    """A whole haven-scenario/1 document."""

    format: Literal["haven-scenario/1"]
    """The file format and its version."""
    name: Annotated[str, Field(min_length=1)]
    """The scenario's short name."""
    title: str = ""
    """The scenario's title, shown to players."""
    level: Annotated[int, Field(ge=0, le=7)] | None = 1
    """The scenario level (HV-SCEN-2); null: the recommended level from the party."""
    difficulty: Literal["easy", "normal", "hard", "very_hard"] = "normal"
    """With level left out: how the recommended level is adjusted (easy, normal, hard, very_hard)."""
    solo: bool = False
    """Solo play or open information (HV-SCEN-2)."""
    character_level: Annotated[int, Field(ge=1, le=9)] = 1
    """The characters' level, unless a character gives its own."""
    party: Annotated[tuple[str, ...], Field(min_length=1, max_length=4)]
    """The classes that play, one player each, in order (1 to 4)."""
    start_hexes: tuple[HexSpec, ...]
    """Where characters may start; at least one per character, in the starting area."""
    map: MapSpec
    """The hex map: hexes, walls and terrain (as in haven-board/1)."""
    rooms: tuple[RoomSpec, ...] = ()
    """Rooms revealed when a door naming them opens (HV-ROOM-1)."""
    doors: tuple[DoorSpec, ...] = ()
    """The doors."""
    monsters: tuple[StandeeSpec, ...] = ()
    """Monster standees per character count."""
    monster_sets: Annotated[tuple[MonsterSetSpec, ...], Field(max_length=10)] = ()
    """[FH] HV-INIT-6: sets of monster types sharing one ability deck, each acting in the
    order its special rules give (HV-MON-3)."""
    objective: ObjectiveSpec = ObjectiveSpec()
    """How the scenario is won (HV-GOAL-1)."""
    special_rules: tuple[str, ...] = ()
    """Rules the engine does not run: shown to the players to resolve by hand (HV-SCEN-7)."""
    rules: tuple[RuleSpec, ...] = ()
    """Special rules in the declarative vocabulary (HV-SCEN-7)."""
    escape: Annotated[tuple[HexSpec, ...], Field(max_length=40)] = ()
    """HV-ROOM-5: escape hexes: a character ending its turn on one may escape, leaving the
    scenario with its summons."""
    links: Annotated[tuple[tuple[HexSpec, HexSpec], ...], Field(max_length=MAX_LINKS)] = ()
    """[FH] HV-ROOM-5: pairs of linked hexes, adjacent for movement and focus but giving no
    line of sight (a Gloomhaven game refuses a scenario that has any)."""
    round_limit: Annotated[int, Field(ge=0, le=99)] = 0
    """Lost at the end of this round unless won before (0: no limit)."""
    characters: dict[str, CharacterSpec] = {}
    """Per character of the party: level, items, perks, scenario cards."""
    money: tuple[HexSpec, ...] = ()
    """Money ([GH]) or loot ([FH]) tokens; those in a room appear when it is revealed."""
    treasures: tuple[TreasureSpec, ...] = ()
    """Treasure tiles (HV-LOOT-6)."""
    loot_deck: LootDeckSpec = LootDeckSpec()
    """[FH] the loot deck (HV-LOOT-5)."""
    modifier_cards: dict[str, dict[str, Any]] = {}
    """Attack modifier cards of the scenario's own (perk cards), with the fields of
    ``content/haven/modifier-decks.toml``."""
    classes: dict[str, ClassSpec] = {}
    """Character classes of the scenario's own (override the shipped ones by id)."""
    monster_types: dict[str, MonsterTypeSpec] = {}
    """Monster types of the scenario's own."""
    monster_decks: dict[str, MonsterDeckSpec] = {}
    """Monster ability decks of the scenario's own."""
    items: dict[str, ItemSpec] = {}
    """Items of the scenario's own."""
    house_rules: HouseRulesSpec = HouseRulesSpec()
    """Departures from the rulebooks the group agrees on (each off unless set)."""
    objectives: Annotated[tuple[ObjectiveFigureSpec, ...], Field(max_length=10)] = ()
    """HV-GOAL-2: objective figures (none: the scenario has none)."""
    allies: AlliesSpec = AlliesSpec()
    """HV-GOAL-3: scenario allies (none by default)."""


class LibrarySpec(_Model):
    """A content library file: classes, monster types and decks only."""

    format: Literal["haven-library/1"]
    """The file format and its version."""
    classes: dict[str, ClassSpec] = {}
    """Character classes, by id."""
    monster_types: dict[str, MonsterTypeSpec] = {}
    """Monster types, by id."""
    monster_decks: dict[str, MonsterDeckSpec] = {}
    """Monster ability decks, by id."""
    items: dict[str, ItemSpec] = {}
    """Items, by id."""


# -- reading files ----------------------------------------------------------------


def _content_text(name: str) -> str:
    return resources.files("rulekeeper.content").joinpath("haven", name).read_text("utf-8")


_LIBRARY: LibrarySpec | None = None


def shipped_library() -> LibrarySpec:
    """The shipped classes and monsters (classes.toml, monsters.toml), read once."""
    global _LIBRARY
    if _LIBRARY is None:
        merged: dict[str, dict[str, Any]] = {
            "classes": {},
            "monster_types": {},
            "monster_decks": {},
            "items": {},
        }
        for name in ("classes.toml", "monsters.toml", "items.toml"):
            library = parse_library(parse_document(_content_text(name), name), name)
            merged["classes"].update(library.classes)
            merged["monster_types"].update(library.monster_types)
            merged["monster_decks"].update(library.monster_decks)
            merged["items"].update(library.items)
        _LIBRARY = LibrarySpec(format="haven-library/1", **merged)
    return _LIBRARY


def parse_library(data: object, source: str | None = None) -> LibrarySpec:
    return validate(LibrarySpec, data, source)


def parse_scenario(data: object, source: str | None = None) -> ScenarioSpec:
    """Validate a haven-scenario/1 value and its cross references; ContentError names the field."""
    return check_scenario(validate(ScenarioSpec, data, source), source, Problems(source))


def check_scenario(spec: ScenarioSpec, source: str | None, problems: Problems) -> ScenarioSpec:
    """The map and every cross reference of a validated scenario, each problem reported to
    ``problems`` (a strict one raises the first); the scenario with the shipped library merged."""
    check_map(spec.map, source, problems)
    library = shipped_library()
    classes = {**library.classes, **spec.classes}
    types = {**library.monster_types, **spec.monster_types}
    decks = {**library.monster_decks, **spec.monster_decks}
    items = {**library.items, **spec.items}
    spec = spec.model_copy(
        update={"classes": classes, "monster_types": types, "monster_decks": decks, "items": items}
    )
    _check_references(spec, source, problems)
    return spec


def _check_standee_place(
    n: int,
    standee: StandeeSpec,
    obstacles: set[tuple[int, int]],
    doors: set[tuple[int, int]],
    starts: set[tuple[int, int]],
    placed: dict[tuple[tuple[int, int], int], int],
    fail: Callable[[str, str], None],
) -> None:
    """A standee stands on an open hex: no obstacle, door or start hex, and no other
    standee there for any player count it appears for (one figure per hex)."""
    where = f"monsters.{n}.hex"
    h = standee.hex
    if h in obstacles:
        fail(_("a monster cannot stand on the obstacle {hex}", hex=str(list(h))), where)
    if h in doors:
        fail(
            _("a monster cannot stand on the door {hex} (it opens a room)", hex=str(list(h))), where
        )
    if h in starts:
        fail(_("a monster cannot stand on the start hex {hex}", hex=str(list(h))), where)
    for players in (*standee.normal, *standee.elite):
        other = placed.get((h, players))
        if other is not None and other != n:
            fail(
                _(
                    "monsters.{other} already stands on {hex} for {players} players",
                    other=other,
                    hex=str(list(h)),
                    players=players,
                ),
                where,
            )
        placed[(h, players)] = n


def _check_references(spec: ScenarioSpec, source: str | None, problems: Problems) -> None:
    on_map = set(spec.map.hexes)

    def fail(message: str, field: str) -> None:
        problems.add(message, field)

    for n, cls in enumerate(spec.party):
        if cls not in spec.classes:
            fail(_("unknown class {name}", name=repr(cls)), f"party.{n}")
            continue
        if character_level(spec, cls) > len(spec.classes[cls].hp):
            where = "character_level"
            if cls in spec.characters and spec.characters[cls].level is not None:
                where = f"characters.{cls}.level"
            fail(_("class {name} has no hit points for that level", name=repr(cls)), where)
    if len(set(spec.party)) != len(spec.party):
        fail(_("HV-CHAR-1: a class may join the party once"), "party")
    if len(spec.party) < 2 and not spec.house_rules.one_character:
        fail(
            "HV-CHAR-1: a party has two to four characters (house_rules.one_character allows one)",
            "party",
        )
    _check_perks(spec, source, problems)
    if len(spec.start_hexes) < len(spec.party):
        fail(_("fewer start hexes than characters"), "start_hexes")
    rooms = {room.id for room in spec.rooms}
    obstacles = set(spec.map.terrain.obstacle)
    in_rooms: dict[tuple[int, int], str] = {}
    seen_rooms: set[str] = set()
    for n, room in enumerate(spec.rooms):
        if room.id in seen_rooms:
            fail(_("room id {id} is used twice", id=repr(room.id)), f"rooms.{n}.id")
        seen_rooms.add(room.id)
        for k, h in enumerate(room.hexes):
            if h not in on_map:
                fail(_("{hex} is not on the map", hex=str(list(h))), f"rooms.{n}.hexes")
            if h in in_rooms:
                fail(
                    _("{hex} is already in room {room}", hex=str(list(h)), room=repr(in_rooms[h])),
                    f"rooms.{n}.hexes.{k}",
                )
            in_rooms[h] = room.id
    doors: set[tuple[int, int]] = set()
    for n, door in enumerate(spec.doors):
        if door.hex not in on_map or door.hex in in_rooms:
            fail(_("a door stands on a map hex outside every room"), f"doors.{n}.hex")
        if door.hex in doors:
            fail(_("two doors stand on {hex}", hex=str(list(door.hex))), f"doors.{n}.hex")
        if door.hex in obstacles:
            fail(_("the door on {hex} is an obstacle", hex=str(list(door.hex))), f"doors.{n}.hex")
        doors.add(door.hex)
        for opened in door.opens:
            if opened not in rooms:
                fail(_("unknown room {opened}", opened=repr(opened)), f"doors.{n}.opens")
    starts: set[tuple[int, int]] = set()
    for n, h in enumerate(spec.start_hexes):
        if h not in on_map or h in in_rooms:
            fail(_("{hex} is not in the starting area", hex=str(list(h))), f"start_hexes.{n}")
        if h in starts:
            fail(_("{hex} is listed twice", hex=str(list(h))), f"start_hexes.{n}")
        if h in obstacles:
            fail(
                _("a character cannot start on the obstacle {hex}", hex=str(list(h))),
                f"start_hexes.{n}",
            )
        if h in doors:
            fail(
                _("a character cannot start on the door {hex}", hex=str(list(h))),
                f"start_hexes.{n}",
            )
        starts.add(h)
    top_level = max(scenario_scaling(spec, r).monster_level for r in RULESETS.values())
    for name, mtype in spec.monster_types.items():
        if mtype.deck not in spec.monster_decks:
            fail(
                _("unknown ability deck {deck}", deck=repr(mtype.deck)),
                f"monster_types.{name}.deck",
            )
    for name, deck in spec.monster_decks.items():
        card_ids: set[str] = set()
        for c, mcard in enumerate(deck.cards):
            if mcard.id in card_ids:
                fail(
                    _("card id {id} is used twice", id=repr(mcard.id)),
                    f"monster_decks.{name}.cards.{c}.id",
                )
            card_ids.add(mcard.id)
            for a, act in enumerate(mcard.actions):
                summoned = spec.monster_types.get(act.summon or "")
                if act.type in ("recover", "refresh"):
                    fail(
                        "HV-CHAR-6: recover and refresh bring back a character's cards and"
                        " items; a monster has none",
                        f"monster_decks.{name}.cards.{c}.actions.{a}.type",
                    )
                where = f"monster_decks.{name}.cards.{c}.actions.{a}.summon"
                if act.type == "summon" and summoned is None:
                    fail(_("unknown monster type {summon}", summon=repr(act.summon)), where)
                if summoned is not None and top_level >= len(summoned.normal):
                    fail(
                        _(
                            "{summon} has no stats for level {top_level}",
                            summon=repr(act.summon),
                            top_level=top_level,
                        ),
                        where,
                    )
    placed: dict[tuple[tuple[int, int], int], int] = {}
    for n, standee in enumerate(spec.monsters):
        found = spec.monster_types.get(standee.type)
        if found is None:
            fail(_("unknown monster type {type}", type=repr(standee.type)), f"monsters.{n}.type")
            continue
        mtype = found
        if standee.hex not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(standee.hex))), f"monsters.{n}.hex")
            continue
        _check_standee_place(n, standee, obstacles, doors, starts, placed, fail)
        if top_level >= len(mtype.normal):
            fail(
                _("no stats for level {top_level}", top_level=top_level),
                f"monster_types.{standee.type}",
            )
    for n, h in enumerate(spec.objective.hexes):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"objective.hexes.{n}")
    if spec.objective.kind == "reach" and not spec.objective.hexes:
        fail(_("a reach objective lists its hexes"), "objective.hexes")
    for n, h in enumerate(spec.escape):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"escape.{n}")
        elif h in obstacles:
            fail(_("the escape hex {hex} is an obstacle", hex=str(list(h))), f"escape.{n}")
    linked: set[frozenset[tuple[int, int]]] = set()
    for k, pair in enumerate(spec.links):  # HV-ROOM-5
        for end, at in enumerate(pair):
            if at not in on_map:
                fail(_("{hex} is not on the map", hex=str(list(at))), f"links.{k}.{end}")
        if pair[0] == pair[1]:
            fail(_("a hex cannot be linked to itself"), f"links.{k}")
        elif frozenset(pair) in linked:
            fail(_("these two hexes are already linked"), f"links.{k}")
        linked.add(frozenset(pair))
    if spec.objective.kind == "escape" and not spec.escape:
        fail(_("an escape objective needs escape hexes"), "escape")
    if spec.objective.kind == "survive" and spec.objective.rounds < 1:
        fail(_("a survive objective gives its rounds"), "objective.rounds")
    _check_play_content(spec, fail, on_map, set(in_rooms))
    _check_monster_sets(spec, fail)
    _check_figures_of_the_rules(spec, fail, on_map, obstacles | doors | starts)


def _check_play_content(
    spec: ScenarioSpec,
    fail: Callable[[str, str], None],
    on_map: set[tuple[int, int]],
    in_rooms: set[tuple[int, int]],
) -> None:
    """Characters and their items (HV-ITEM-1), loot, treasures, bosses, special rules."""
    for cls, character in spec.characters.items():
        if cls not in spec.party:
            fail(_("{name} is not in the party", name=repr(cls)), f"characters.{cls}")
            continue
        unknown = [item for item in character.items if item not in spec.items]
        for n, item in enumerate(character.items):
            if item not in spec.items:
                fail(_("unknown item {item}", item=repr(item)), f"characters.{cls}.items.{n}")
        if unknown:
            continue
        problem = loadout_problem(
            [spec.items[i] for i in character.items],
            list(character.items),
            character_level(spec, cls),
        )
        if problem:
            fail(_("HV-ITEM-1: {problem}", problem=problem), f"characters.{cls}.items")
    for n, h in enumerate(spec.money):
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"money.{n}")
    treasure_ids = [t.id for t in spec.treasures]
    if len(set(treasure_ids)) != len(treasure_ids):
        fail(_("treasure ids must be unique"), "treasures")
    for n, treasure in enumerate(spec.treasures):
        if treasure.hex not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(treasure.hex))), f"treasures.{n}.hex")
        if treasure.item is not None and treasure.item not in spec.items:
            fail(_("unknown item {item}", item=repr(treasure.item)), f"treasures.{n}.item")
    random_item = spec.loot_deck.random_item
    if random_item is not None and random_item not in spec.items:
        fail(
            _("unknown item {random_item}", random_item=repr(random_item)), "loot_deck.random_item"
        )
    for n, wanted in enumerate(spec.objective.treasures):
        if wanted not in treasure_ids:
            fail(_("unknown treasure {wanted}", wanted=repr(wanted)), f"objective.treasures.{n}")
    if spec.objective.kind == "loot" and not spec.objective.treasures:
        fail(_("a loot objective names its goal treasures"), "objective.treasures")
    bosses = [
        s.type
        for s in spec.monsters
        if s.type in spec.monster_types and spec.monster_types[s.type].boss
    ]
    bosses += [
        s.type
        for r in spec.rules
        for s in r.spawn
        if s.type in spec.monster_types and spec.monster_types[s.type].boss
    ]
    if spec.objective.kind == "kill_boss" and not bosses:
        fail(_("a kill_boss objective needs a boss among the monsters"), "objective.kind")
    doors = {d.hex for d in spec.doors}
    for n, rule in enumerate(spec.rules):
        where = f"rules.{n}"
        if rule.when.door is not None and rule.when.door not in doors:
            fail(_("{hex} is not a door", hex=str(list(rule.when.door))), f"{where}.when.door")
        if rule.when.plate is not None and rule.when.plate not in on_map:
            fail(
                _("{hex} is not on the map", hex=str(list(rule.when.plate))), f"{where}.when.plate"
            )
        if rule.when.enter is not None and rule.when.enter not in on_map:
            fail(
                _("{hex} is not on the map", hex=str(list(rule.when.enter))), f"{where}.when.enter"
            )
        if rule.when.dead and rule.when.dead not in spec.monster_types:
            fail(_("unknown monster type {dead}", dead=repr(rule.when.dead)), f"{where}.when.dead")
        for m, h in enumerate(rule.open_doors):
            if h not in doors:
                fail(_("{hex} is not a door", hex=str(list(h))), f"{where}.open_doors.{m}")
        for m, spawn in enumerate(rule.spawn):
            if spawn.type not in spec.monster_types:
                fail(
                    _("unknown monster type {type}", type=repr(spawn.type)),
                    f"{where}.spawn.{m}.type",
                )
            if spawn.hex not in on_map:
                fail(
                    _("{hex} is not on the map", hex=str(list(spawn.hex))), f"{where}.spawn.{m}.hex"
                )
    del in_rooms


def _check_monster_sets(spec: ScenarioSpec, fail: Callable[[str, str], None]) -> None:
    """HV-MON-3, HV-INIT-6: a set's types are known, in one set each, and share one deck."""
    in_set: dict[str, int] = {}
    for n, monster_set in enumerate(spec.monster_sets):
        decks: dict[str, str] = {}
        for k, name in enumerate(monster_set.types):
            where = f"monster_sets.{n}.types.{k}"
            mtype = spec.monster_types.get(name)
            if mtype is None:
                fail(_("unknown monster type {type}", type=repr(name)), where)
                continue
            if name in in_set:
                fail(
                    _(
                        "HV-INIT-6: {type} is already in monster_sets.{other}",
                        type=repr(name),
                        other=in_set[name],
                    ),
                    where,
                )
            in_set[name] = n
            decks[name] = mtype.deck
        if len(set(decks.values())) > 1:
            fail(
                _(
                    "HV-MON-3: the types of a set share one ability deck, not {decks}",
                    decks=", ".join(f"{t}: {d}" for t, d in decks.items()),
                ),
                f"monster_sets.{n}.types",
            )


def _check_figures_of_the_rules(
    spec: ScenarioSpec,
    fail: Callable[[str, str], None],
    on_map: set[tuple[int, int]],
    blocked: set[tuple[int, int]],
) -> None:
    """HV-GOAL-2 objectives and HV-GOAL-3 allies: ids unique among figures, one figure per
    open hex, their goal, rules and ability deck known."""
    taken = {s.hex for s in spec.monsters}
    ids = set(spec.party)
    figures: list[tuple[str, str, tuple[int, int], str]] = []
    room = {h: r.id for r in spec.rooms for h in r.hexes}
    for n, o in enumerate(spec.objectives):
        if o.hexes:  # HV-GOAL-2: one figure covering several hexes
            figures += [(f"objectives.{n}", o.id, h, f"hexes.{i}") for i, h in enumerate(o.hexes)]
            if len({room.get(h) for h in o.hexes}) > 1:
                fail(_("its hexes are not all in one room"), f"objectives.{n}.hexes")
        else:
            figures.append((f"objectives.{n}", o.id, o.hex, "hex"))
    figures += [
        (f"allies.figures.{n}", a.id, a.hex, "hex") for n, a in enumerate(spec.allies.figures)
    ]
    for where, figure_id, h, field in figures:
        first = field in ("hex", "hexes.0")  # the others are more hexes of the same figure
        if first and (
            figure_id in ids or figure_id.startswith(tuple(f"{t} " for t in spec.monster_types))
        ):
            fail(
                _("id {figure_id} is already a figure's", figure_id=repr(figure_id)), f"{where}.id"
            )
        ids.add(figure_id)
        if h not in on_map:
            fail(_("{hex} is not on the map", hex=str(list(h))), f"{where}.{field}")
        if h in blocked or h in taken:
            fail(
                _("{hex} is not an open hex: one figure per hex", hex=str(list(h))),
                f"{where}.{field}",
            )
        taken.add(h)
    objective_ids = {o.id for o in spec.objectives}
    for n, wanted in enumerate(spec.objective.destroy):
        if wanted not in objective_ids:
            fail(
                _("unknown objective figure {wanted}", wanted=repr(wanted)),
                f"objective.destroy.{n}",
            )
    if spec.objective.kind == "destroy" and not spec.objectives:
        fail(_("a destroy objective needs objective figures"), "objective.kind")
    for n, rule in enumerate(spec.rules):
        if rule.when.destroyed and rule.when.destroyed not in objective_ids:
            fail(
                _("unknown objective figure {destroyed}", destroyed=repr(rule.when.destroyed)),
                f"rules.{n}.when.destroyed",
            )
    if spec.allies.figures and ("allies" in spec.monster_types or "allies" in spec.party):
        fail(_("'allies' names the allies' decks: no monster type or class may use it"), "allies")
    deck = spec.allies.deck
    if deck is not None:
        found = spec.monster_decks.get(deck)
        if found is None:
            fail(_("unknown ability deck {deck}", deck=repr(deck)), "allies.deck")
        for c, card in enumerate(found.cards if found is not None else ()):
            for a, act in enumerate(card.actions):
                if act.type in ("summon", "special", "loot"):
                    fail(
                        f"HV-GOAL-3: an ally's card cannot {act.type} (not in the engine)",
                        f"monster_decks.{deck}.cards.{c}.actions.{a}.type",
                    )


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


def _check_perks(spec: ScenarioSpec, source: str | None, problems: Problems) -> None:
    """HV-DECK-2, HV-DECK-3: every character's deck can be built from its perks."""
    from rulekeeper.games.haven.perks import deck_with_perks, scenario_catalog

    try:
        catalog = scenario_catalog(spec.modifier_cards, source)
    except ContentError as error:
        problems.add_error(error)
        return
    for cls, character in spec.characters.items():
        if cls not in spec.party:
            problems.add(_("{name} is not in the party", name=repr(cls)), f"characters.{cls}")
            continue
        try:
            deck = deck_with_perks(
                character.perks, catalog, None, source=source, field=f"characters.{cls}.perks"
            )
        except ContentError as error:
            problems.add_error(error)
            deck = Counter()
        _check_resources(spec, cls, [*deck, *character.scenario_cards], catalog, problems)
        for card_id in character.scenario_cards:
            if card_id not in catalog and card_id not in ("null", "miss"):
                problems.add(
                    _("unknown modifier card {card_id}", card_id=repr(card_id)),
                    f"characters.{cls}.scenario_cards.{card_id}",
                )


def _check_resources(
    spec: ScenarioSpec, cls: str, cards: list[str], catalog: Any, problems: Problems
) -> None:
    """HV-DECK-5: a card's ``resource ID N`` names a resource of the character's class."""
    own = spec.classes[cls].resources if cls in spec.classes else {}
    for card_id in dict.fromkeys(cards):
        if card_id not in catalog:
            continue
        for effect in catalog[card_id].effects:
            name = effect.name.removeprefix("resource ")
            if effect.name.startswith("resource ") and name not in own:
                problems.add(
                    _(
                        "modifier card {card} adds to the class resource {resource}, which"
                        " {cls} does not have (HV-DECK-5)",
                        card=repr(card_id),
                        resource=repr(name),
                        cls=repr(cls),
                    ),
                    f"characters.{cls}.perks",
                )


def _with_chosen_party(spec: ScenarioSpec, chosen: str, source: str) -> ScenarioSpec:
    party = tuple(p.strip() for p in chosen.split(",") if p.strip())
    if not party:
        raise ContentError(
            _("name the party's classes after '@', like @warden,sage"), source=source
        )
    unknown = [p for p in party if p not in spec.classes]
    if unknown:
        known = ", ".join(sorted(spec.classes))
        raise ContentError(
            _("unknown class {name} (known: {known})", name=repr(unknown[0]), known=known),
            source=source,
        )
    if len(set(party)) != len(party):
        raise ContentError(_("HV-CHAR-1: each class may be in the party once"), source=source)
    if len(party) > len(spec.start_hexes):
        raise ContentError(
            _(
                "the scenario has {starts} start hexes, not enough for {characters} characters",
                starts=len(spec.start_hexes),
                characters=len(party),
            ),
            source=source,
        )
    house = spec.house_rules.model_copy(
        update={"one_character": spec.house_rules.one_character or len(party) == 1}
    )
    data = spec.model_dump(mode="json")
    characters = {k: v for k, v in data.get("characters", {}).items() if k in party}
    data.update(party=list(party), characters=characters, house_rules=house.model_dump(mode="json"))
    return parse_scenario(data, source)


def party_choices(name_or_path: str) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """For a menu: the scenario's own party, the classes a party may take, and the most
    characters its start hexes allow (HV-CHAR-1 caps a party at four)."""
    spec = load_scenario(name_or_path)
    return spec.party, tuple(sorted(spec.classes)), min(4, len(spec.start_hexes))


def load_scenario_text(text: str, source: str) -> ScenarioSpec:
    return parse_scenario(parse_document(text, source), source)


def shipped_scenario_names() -> list[str]:
    """The scenarios in content/haven/scenarios/, by file stem."""
    folder = resources.files("rulekeeper.content").joinpath("haven", "scenarios")
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


PARTY_MARK = "@"
"""``NAME@class,class`` names a scenario played by a party of the players' choosing."""


def with_party(name: str, party: Sequence[str]) -> str:
    """The scenario name that plays ``name`` with ``party`` (kept as is in saves and replays)."""
    return f"{name}{PARTY_MARK}{','.join(party)}"


def load_scenario(name_or_path: str) -> ScenarioSpec:
    """A shipped scenario by name, or a user's scenario file by path (TOML or JSON).

    ``NAME@warden,sage`` is the scenario with the party the players chose
    (HV-CHAR-1: two to four characters, each class once, no more than the start
    hexes; one character only as the house rule ``one_character``, which the
    choice then turns on). The monsters set up follow the party's size (HV-SCEN-1).
    """
    base, mark, chosen = name_or_path.rpartition(PARTY_MARK)
    if mark and base and not Path(name_or_path).exists():
        return _with_chosen_party(load_scenario(base), chosen, name_or_path)
    if name_or_path in shipped_scenario_names():
        filename = f"{name_or_path}.toml"
        return load_scenario_text(_content_text(f"scenarios/{filename}"), filename)
    path = Path(name_or_path)
    if not path.exists():
        known = ", ".join(shipped_scenario_names())
        raise ContentError(
            _("no shipped scenario of that name (known: {known}) and no such file", known=known),
            source=name_or_path,
        )
    return load_scenario_text(read_text(path), str(path))
