"""The actions of a companion game: setup, what happened on the physical board, chance.

Card selection, ability and modifier draws, rests and by-hand steps reuse the
haven play actions (``select-card``, ``draw-ability``, ``draw-modifier`` ...).
The actions below record what the players did on the board; those carrying a
number the players read off their own cards (an attack value, a heal, damage)
are ruled on by ``check`` rather than listed (``CompanionPlay.compound_actions``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rulekeeper.core.actions import Action, action_type
from rulekeeper.games.haven.actions import (
    ActFirst,
    DrawAbility,
    GroupFirst,
    LongRest,
    LoseCard,
    Negate,
    PlayHalf,
    Redraw,
    Resolved,
    RestLoss,
    SelectCard,
    ShortRest,
)
from rulekeeper.games.haven.attack_draw import ACTION_TYPES as DRAW_ACTION_TYPES

Mode = Literal["none", "advantage", "disadvantage"]


@action_type("party-size")
@dataclass(frozen=True, slots=True)
class PartySize(Action):
    """Setup: how many characters play (1 to 4); the rosters depend on it."""

    players: int


@action_type("scenario-level")
@dataclass(frozen=True, slots=True)
class ScenarioLevel(Action):
    """Setup: the scenario level (0 to 7, HV-SCEN-2); monster level and more follow (HV-SCEN-3)."""

    level: int


@action_type("choose-class")
@dataclass(frozen=True, slots=True)
class ChooseClass(Action):
    """Setup: the next character's class from the library and its level (HV-CHAR-1, HV-CHAR-2)."""

    character: str
    level: int


@action_type("choose-hand")
@dataclass(frozen=True, slots=True)
class ChooseHand(Action):
    """Before its first card selection, a character names the cards it brings: as many as
    its class's hand size (HV-CHAR-1); otherwise its class's first cards are its hand."""

    character: str
    cards: tuple[str, ...]


@action_type("attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """``attacker`` attacks ``target`` with ``value`` (HV-ATK-1); the modifier draw follows.

    A monster's attack carries the value its card and stats give (listed); a
    character's carries what the player's card says.
    """

    attacker: str
    target: str
    value: int
    pierce: int = 0
    mode: Mode = "none"
    conditions: tuple[str, ...] = ()


@action_type("follow-mover")
@dataclass(frozen=True, slots=True)
class FollowMover(Action):
    """Apply the monster mover's answer: the monster moved ``moved`` hexes on the board and
    attacks ``targets`` in order (HV-MOVE-MON-1)."""

    monster: str
    moved: int
    targets: tuple[str, ...]


@action_type("moved")
@dataclass(frozen=True, slots=True)
class Moved(Action):
    """The acting figure moved on the board (the hexes are the players'; noted in the log)."""

    figure: str
    hexes: int


@action_type("heal")
@dataclass(frozen=True, slots=True)
class Heal(Action):
    """Heal ``figure`` by ``value`` (HV-HEAL-1)."""

    figure: str
    value: int


@action_type("damage")
@dataclass(frozen=True, slots=True)
class Damage(Action):
    """``figure`` suffers ``amount`` damage from a source other than an attack: a trap,
    hazardous terrain, retaliate, a card (``source`` says which)."""

    figure: str
    amount: int
    source: str = ""


@action_type("add-condition")
@dataclass(frozen=True, slots=True)
class AddCondition(Action):
    """``figure`` gains ``condition`` (HV-COND-1; immunities refuse it, HV-COND-3)."""

    figure: str
    condition: str


@action_type("remove-condition")
@dataclass(frozen=True, slots=True)
class RemoveCondition(Action):
    """``figure`` loses ``condition`` (it expired or was removed on the board)."""

    figure: str
    condition: str


@action_type("shield")
@dataclass(frozen=True, slots=True)
class RoundShield(Action):
    """``figure`` has shield ``value`` from an ability this round (HV-SHIELD-1)."""

    figure: str
    value: int


@action_type("infuse")
@dataclass(frozen=True, slots=True)
class Infuse(Action):
    """The acting figure infuses ``element``: strong at the end of its turn (HV-ELEM-1)."""

    element: str


@action_type("consume")
@dataclass(frozen=True, slots=True)
class Consume(Action):
    """The acting figure consumes ``element`` (HV-ELEM-3)."""

    element: str


@action_type("no-added-target")
@dataclass(frozen=True, slots=True)
class NoAddedTarget(Action):
    """HV-TGT-1: the target a drawn card added is not attacked: no enemy is left in range
    and line of sight (or a character's player leaves it out)."""


@action_type("open-door")
@dataclass(frozen=True, slots=True)
class OpenDoor(Action):
    """A character opened the door to ``room``: it is revealed and its roster set out
    (HV-ROOM-1)."""

    room: str


@action_type("loot")
@dataclass(frozen=True, slots=True)
class Loot(Action):
    """``character`` picks up ``tokens`` money or loot tokens (HV-LOOT-1)."""

    character: str
    tokens: int


@action_type("loot-treasure")
@dataclass(frozen=True, slots=True)
class LootTreasure(Action):
    """``character`` loots the treasure tile ``treasure`` (HV-LOOT-6)."""

    character: str
    treasure: str


@action_type("spawn")
@dataclass(frozen=True, slots=True)
class Spawn(Action):
    """A monster of type ``monster`` is summoned or spawned on the board (HV-MON-SUM-1,
    HV-ROOM-4); it drops no loot ([GH] HV-LOOT-3)."""

    monster: str
    elite: bool


@action_type("summon")
@dataclass(frozen=True, slots=True)
class SummonFigure(Action):
    """``character`` summons its class's ``summon`` onto the board (HV-SUM-1); the summoner's
    player enters what it does, in the summoner's turn."""

    character: str
    summon: str


@action_type("end-turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """The acting figure's turn is over."""


@action_type("declare-result")
@dataclass(frozen=True, slots=True)
class DeclareResult(Action):
    """A custom objective: the players say the goal was met or a loss condition occurred
    (HV-GOAL-1); the round is played out first."""

    result: Literal["won", "lost"]


COMPOUND: tuple[type[Action], ...] = (
    ChooseHand,
    Attack,
    FollowMover,
    Moved,
    Heal,
    Damage,
    AddCondition,
    RemoveCondition,
    RoundShield,
    Loot,
)
"""Actions carrying a number read off the players' cards: ``check`` rules on them."""

ACTION_TYPES: tuple[type[Action], ...] = (
    PartySize,
    ScenarioLevel,
    ChooseClass,
    ChooseHand,
    SelectCard,
    LongRest,
    ActFirst,
    GroupFirst,
    PlayHalf,
    LoseCard,
    Negate,
    ShortRest,
    RestLoss,
    Redraw,
    DrawAbility,
    Attack,
    FollowMover,
    Moved,
    Heal,
    Damage,
    AddCondition,
    RemoveCondition,
    RoundShield,
    Infuse,
    Consume,
    NoAddedTarget,
    OpenDoor,
    Loot,
    LootTreasure,
    Spawn,
    SummonFigure,
    EndTurn,
    DeclareResult,
    Resolved,
    *DRAW_ACTION_TYPES,
)
