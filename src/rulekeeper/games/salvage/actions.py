"""Salvage action types: the small steps players take, and the chance outcomes.

A basic action is a sequence of steps (SV-STRAT-*): start it (``move``,
``attack``, ``salvage``), commit dice one at a time (``commit``), ``roll_dice``,
then either ``reroll`` (while Strategy phases remain) or apply the roll
(``apply_roll`` for move and salvage, ``apply_hit`` one die at a time for
attack). Each die rolled is its own chance node (``face`` for hero and room
dice, ``enemy_face`` for enemy dice), whose label ends in the face shown, so
tests script them as ``ScriptedSampler(["hit", "crit", "blank"])``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulekeeper.core.actions import Action, action_type

# -- the round (SV-ROUND-1, SV-ENG-1) -----------------------------------------


@action_type("choose_hero")
@dataclass(frozen=True, slots=True)
class ChooseHero(Action):
    """SV-ROUND-1: the players choose which hero takes the next Engagement turn."""

    hero: int


@action_type("end_engagement")
@dataclass(frozen=True, slots=True)
class EndEngagement(Action):
    """SV-ROUND-1: the remaining heroes pass; the Enemy phase begins."""


@action_type("end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """SV-ENG-1: the hero stops taking actions this Engagement."""


# -- starting an action (SV-ENG-2) ------------------------------------------------


@action_type("move")
@dataclass(frozen=True, slots=True)
class StartMove(Action):
    """SV-MOVE-1: begin a move action; dice are committed next."""


@action_type("attack")
@dataclass(frozen=True, slots=True)
class StartAttack(Action):
    """SV-ATK-1: begin an attack action; dice are committed next."""


@action_type("salvage")
@dataclass(frozen=True, slots=True)
class StartSalvage(Action):
    """SV-SALV-1/2: begin a salvage action, committing every ready die."""


@action_type("trade")
@dataclass(frozen=True, slots=True)
class StartTrade(Action):
    """SV-TRADE-1: begin a trade with another hero in the same room."""

    partner: int


@action_type("room_action")
@dataclass(frozen=True, slots=True)
class UseRoomAction(Action):
    """SV-ROOM-1: take a room action of an active room the hero occupies."""

    room: int
    name: str


@action_type("use_item")
@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """SV-ITEM-1: use an item in the hero's inventory (slot), maybe at an enemy."""

    slot: int
    target: int | None = None


@action_type("ability")
@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """SV-ENG-2: use one of the hero's action abilities (``target``: an enemy it strikes)."""

    ability: str
    target: int | None = None


@action_type("resolved")
@dataclass(frozen=True, slots=True)
class Resolved(Action):
    """SV-ENG-2: the players have resolved an ability by hand, as its text says."""

    ability: str


# -- dice steps (SV-STRAT-*) ------------------------------------------------------


@action_type("commit")
@dataclass(frozen=True, slots=True)
class CommitDie(Action):
    """SV-MOVE-1 / SV-ATK-1: commit one more ready die of this type."""

    die: str


@action_type("roll_dice")
@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """SV-STRAT-1: roll the committed dice (the first Strategy phase)."""


@action_type("reroll")
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """SV-STRAT-1/2: repeat the Strategy phase, re-rolling every committed die."""


@action_type("apply_roll")
@dataclass(frozen=True, slots=True)
class ApplyRoll(Action):
    """SV-MOVE-2 / SV-SALV-3: apply all hits of the roll."""


@action_type("apply_hit")
@dataclass(frozen=True, slots=True)
class ApplyHit(Action):
    """SV-ATK-2: apply one rolled hit (a hero die index) to an enemy in the room."""

    die: int
    enemy: int


@action_type("finish_attack")
@dataclass(frozen=True, slots=True)
class FinishAttack(Action):
    """SV-ATK-3: stop applying hits; unapplied dice are exhausted."""


# -- moving (SV-MOVE-*, SV-OPP-*) --------------------------------------------------


@action_type("step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    """SV-MOVE-4: move into an orthogonally adjacent room."""

    room: int


@action_type("stop_moving")
@dataclass(frozen=True, slots=True)
class StopMoving(Action):
    """SV-MOVE-2: move no further ("up to" the hits rolled)."""


@action_type("opportunity")
@dataclass(frozen=True, slots=True)
class NextOpportunity(Action):
    """SV-OPP-1: the hero chooses which enemy makes its opportunity attack next."""

    enemy: int


@action_type("activate_room")
@dataclass(frozen=True, slots=True)
class ActivateRoom(Action):
    """SV-MOVE-6: activate the inactive room, fulfilling this requirement."""

    requirement: str


@action_type("leave_inactive")
@dataclass(frozen=True, slots=True)
class LeaveInactive(Action):
    """SV-MOVE-6: look at the inactive room and leave it face-down."""


# -- recovering dice (SV-SALV-5, SV-ROUND-3) ----------------------------------------


@action_type("recover")
@dataclass(frozen=True, slots=True)
class RecoverDie(Action):
    """SV-SALV-5 / SV-ROUND-3: return one exhausted die of this type to ready."""

    die: str


@action_type("finish_recovery")
@dataclass(frozen=True, slots=True)
class FinishRecovery(Action):
    """Recover no more dice now."""


# -- trading (SV-TRADE-*) ------------------------------------------------------------


@action_type("offer")
@dataclass(frozen=True, slots=True)
class OfferItem(Action):
    """SV-TRADE-2: put an item (owner hero, inventory slot) into the proposed trade."""

    owner: int
    slot: int


@action_type("propose")
@dataclass(frozen=True, slots=True)
class ProposeTrade(Action):
    """SV-TRADE-2: ask the other hero's controller to agree."""


@action_type("answer")
@dataclass(frozen=True, slots=True)
class AnswerTrade(Action):
    """SV-TRADE-2: the other hero's controller agrees or refuses."""

    accept: bool


# -- chance outcomes ------------------------------------------------------------------


@action_type("face")
@dataclass(frozen=True, slots=True)
class DieFace(Action):
    """A hero's (or a room's) die shows ``face``."""

    die: str
    face: str


@action_type("enemy_face")
@dataclass(frozen=True, slots=True)
class EnemyFace(Action):
    """An enemy's die shows ``face``."""

    enemy: int
    die: str
    face: str


ALL_ACTIONS: tuple[type[Action], ...] = (
    ChooseHero,
    EndEngagement,
    EndTurn,
    StartMove,
    StartAttack,
    StartSalvage,
    StartTrade,
    UseRoomAction,
    UseItem,
    UseAbility,
    Resolved,
    CommitDie,
    RollDice,
    Reroll,
    ApplyRoll,
    ApplyHit,
    FinishAttack,
    Step,
    StopMoving,
    NextOpportunity,
    ActivateRoom,
    LeaveInactive,
    RecoverDie,
    FinishRecovery,
    OfferItem,
    ProposeTrade,
    AnswerTrade,
    DieFace,
    EnemyFace,
)
