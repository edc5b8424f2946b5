"""What is legal now, why an action is not, and applying one: the salvage dispatcher.

``legal_actions`` lists exactly the steps open in the current situation;
``check`` names the precise rule an action breaks (and never mutates);
``apply`` hands the action to the module that decides it and then runs the
automatic steps (:func:`rulekeeper.games.salvage.round.advance`).

Starting any action counts against the four-action limit (SV-ENG-1); basic
actions are move, attack, salvage and trade, and rooms, items and hero
abilities grant others (SV-ENG-2).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.games.salvage import (
    abilities,
    attacking,
    dice_steps,
    moving,
    passives,
    room_and_items,
    trading,
)
from rulekeeper.games.salvage.actions import (
    ActivateRoom,
    AnswerTrade,
    ApplyHit,
    ApplyRoll,
    ChooseHero,
    CommitDie,
    DieFace,
    EndEngagement,
    EndTurn,
    EnemyFace,
    FinishAttack,
    FinishRecovery,
    LeaveInactive,
    NextOpportunity,
    OfferItem,
    ProposeTrade,
    RecoverDie,
    Reroll,
    Resolved,
    RollDice,
    StartAttack,
    StartMove,
    StartSalvage,
    StartTrade,
    Step,
    StopMoving,
    UseAbility,
    UseItem,
    UseRoomAction,
)
from rulekeeper.games.salvage.enemies import apply_enemy_face, enemy_face_outcomes
from rulekeeper.games.salvage.records import Pending
from rulekeeper.games.salvage.round import advance, eligible_heroes, end_turn, spokesperson
from rulekeeper.games.salvage.salvaging import apply_salvage_roll, start_salvage
from rulekeeper.games.salvage.terms import ACTION_KINDS, say, term
from rulekeeper.i18n import Msg, _, _n, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.salvage.state import SalvageState

__all__ = [
    "advance",
    "apply",
    "chance_outcomes",
    "check",
    "legal_actions",
    "pending_decision",
    "spokesperson",
]

ACTIONS_PER_ENGAGEMENT = 4
"""SV-ENG-1: each hero resolves up to four actions during Engagement."""

STARTS = (StartMove, StartAttack, StartSalvage, StartTrade, UseRoomAction, UseAbility)


def actions_left(state: SalvageState) -> bool:
    """SV-ENG-1: fewer than four actions taken this Engagement turn."""
    return state.actions_used < ACTIONS_PER_ENGAGEMENT


# -- listing ----------------------------------------------------------------------------


def legal_actions(state: SalvageState) -> list[Action]:
    player = state.current_player()
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [action for action, _odds in chance_outcomes(state)]
    pending = state.pending
    if pending is not None and pending.stage == "answer":
        return [AnswerTrade(True), AnswerTrade(False)]
    if state.recoveries:
        return room_and_items.legal_recovery(state)
    if state.turn_hero is None:
        return [*(ChooseHero(i) for i in eligible_heroes(state)), EndEngagement()]
    if pending is None:
        return _legal_idle(state)
    return _legal_in_action(state, pending)


def _legal_idle(state: SalvageState) -> list[Action]:
    hero = state.active_hero()
    out: list[Action] = []
    left = actions_left(state)
    if left:
        out += [StartMove(), StartAttack(), StartSalvage()]
        out += [
            StartTrade(p)
            for p in trading.trade_partners(state)
            if hero.items or state.heroes[p].items
        ]
        out += room_and_items.legal_room_actions(state)
        out += abilities.legal_abilities(state)
    out += room_and_items.legal_items(state, actions_left=left)
    out.append(EndTurn())
    return out


def _legal_in_action(state: SalvageState, pending: Pending) -> list[Action]:
    stage = pending.stage
    if stage == "commit":
        return dice_steps.legal_commits(state, pending)
    if stage == "decide":
        if pending.kind == "attack":
            return attacking.legal_attack_decide(state, pending)
        if pending.kind in ("room", "ability"):
            return room_and_items.legal_room_decide(state, pending)
        rerolls: list[Action] = [Reroll()] if dice_steps.can_reroll(state, pending) else []
        return [*rerolls, ApplyRoll()]
    if stage == "moving":
        return moving.legal_moving(state, pending)
    if stage == "opportunity":
        return [NextOpportunity(e) for e in pending.opportunity_left]
    if stage == "look":
        return moving.legal_look(state)
    if stage == "offer":
        return trading.legal_offer(state, pending)
    if stage == "by_hand" and pending.ability is not None:
        return [Resolved(pending.ability)]
    return []


def chance_outcomes(state: SalvageState) -> list[tuple[Action, Fraction]]:
    if state.attack_queue:
        return enemy_face_outcomes(state)
    if state.pending is not None:
        return dice_steps.face_outcomes(state, state.pending)
    raise RuleViolation("CORE-CHANCE", lazy("this state is not waiting on chance"))


# -- checking ---------------------------------------------------------------------------


def _check_turn(state: SalvageState) -> None:
    if state.turn_hero is None:
        raise RuleViolation("SV-ROUND-1", lazy("no hero is taking an Engagement turn now"))


def _check_between_actions(state: SalvageState) -> None:
    _check_turn(state)
    if state.pending is not None or state.recoveries:
        raise RuleViolation("SV-ENG-1", lazy("finish the current action first"))


def check(state: SalvageState, action: Action) -> None:
    """Raise RuleViolation naming the rule ``action`` breaks here. Never mutates.

    While dice are pending, a player's action is first held against the rules
    that forbid it whatever the dice show (issue 17): committing a die during a
    salvage roll breaks SV-SALV-2, not merely CORE-CHANCE. Only an action no
    salvage rule forbids is refused for waiting on the dice.
    """
    if state.is_chance_node():
        if isinstance(action, DieFace | EnemyFace):
            if action not in legal_actions(state):
                raise RuleViolation(
                    "CORE-CHANCE",
                    lazy("{action} is not a possible outcome here", action=action.label()),
                )
            return
        _check_specific(state, action)
        raise RuleViolation(
            "CORE-CHANCE",
            lazy("{action}: the dice being rolled land first", action=action.label()),
        )
    if isinstance(action, DieFace | EnemyFace):
        raise RuleViolation("CORE-CHANCE", lazy("no die is waiting to be rolled"))
    _check_specific(state, action)
    if action not in legal_actions(state):
        raise RuleViolation(
            "CORE-LEGAL", lazy("{action} is not a legal action now", action=action.label())
        )


def _check_specific(state: SalvageState, action: Action) -> None:
    pending = state.pending
    if isinstance(action, ChooseHero | EndEngagement):
        if state.turn_hero is not None or state.recoveries or state.phase != "engagement":
            raise RuleViolation(
                "SV-ROUND-1", lazy("the next hero is chosen only between Engagement turns")
            )
        if isinstance(action, ChooseHero) and action.hero not in eligible_heroes(state):
            raise RuleViolation(
                "SV-ROUND-1",
                lazy(
                    "hero {hero} cannot take a turn (already acted or knocked out)",
                    hero=action.hero,
                ),
            )
    elif isinstance(action, EndTurn):
        _check_between_actions(state)
    elif isinstance(action, STARTS):
        _check_between_actions(state)
        if not actions_left(state):
            raise RuleViolation(
                "SV-ENG-1",
                lazy_plural(
                    "a hero resolves at most {n} action per Engagement",
                    "a hero resolves at most {n} actions per Engagement",
                    ACTIONS_PER_ENGAGEMENT,
                ),
            )
        if isinstance(action, StartTrade):
            trading.check_start_trade(state, action)
        elif isinstance(action, UseRoomAction):
            room_and_items.check_room_action(state, action)
        elif isinstance(action, UseAbility):
            abilities.check_ability(state, action)
    elif isinstance(action, UseItem):
        _check_between_actions(state)
        room_and_items.check_item(state, action, actions_left=actions_left(state))
    elif isinstance(action, CommitDie):
        dice_steps.check_commit(state, pending, action)
    elif isinstance(action, RollDice):
        if pending is None or pending.stage != "commit":
            raise RuleViolation(
                "SV-STRAT-1", lazy("there are no committed dice waiting for a first roll")
            )
    elif isinstance(action, Reroll):
        dice_steps.check_reroll(state, pending, action)
    elif isinstance(action, ApplyRoll):
        if pending is not None and pending.kind == "attack":
            raise RuleViolation("SV-ATK-2", lazy("an attack applies its hits one die at a time"))
        if pending is not None and pending.stage == "rolling":
            return  # the roll is applied once its dice land (CORE-CHANCE)
        if pending is None or pending.stage != "decide":
            raise RuleViolation("SV-STRAT-1", lazy("there is no roll to apply"))
    elif isinstance(action, ApplyHit):
        attacking.check_apply_hit(state, pending, action)
    elif isinstance(action, FinishAttack):
        if pending is not None and pending.kind == "attack" and pending.stage == "rolling":
            return  # the attack is finished once its dice land (CORE-CHANCE)
        if pending is None or pending.kind != "attack" or pending.stage != "decide":
            raise RuleViolation("SV-ATK-3", lazy("no attack roll is being applied"))
    elif isinstance(action, Step):
        moving.check_step(state, pending, action)
    elif isinstance(action, StopMoving):
        moving.check_mid_step(state, pending)
        if pending is None or pending.kind != "move" or pending.stage != "moving":
            raise RuleViolation("SV-MOVE-2", lazy("the hero is not moving"))
    elif isinstance(action, NextOpportunity):
        moving.check_opportunity(state, pending, action)
    elif isinstance(action, ActivateRoom):
        moving.check_activate(state, pending, action)
    elif isinstance(action, LeaveInactive):
        moving.check_leave_inactive(state, pending, action)
    elif isinstance(action, RecoverDie):
        room_and_items.check_recover(state, action)
    elif isinstance(action, FinishRecovery):
        if not state.recoveries:
            raise RuleViolation("SV-SALV-5", lazy("no die recovery is under way"))
    elif isinstance(action, OfferItem):
        trading.check_offer(state, pending, action)
    elif isinstance(action, ProposeTrade):
        trading.check_propose(state, pending, action)
    elif isinstance(action, AnswerTrade):
        trading.check_answer(state, pending, action)
    elif isinstance(action, Resolved):
        abilities.check_resolved(state, pending, action)


# -- applying ---------------------------------------------------------------------------


def apply(state: SalvageState, action: Action) -> None:
    """Apply a legal action, then run the steps that need no choice."""
    _apply_one(state, action)
    advance(state)


def _start(state: SalvageState, pending: Pending | None, what: Msg) -> None:
    """SV-ENG-1/2: starting an action spends one of the hero's four."""
    state.actions_used += 1
    state.pending = pending
    state.emit(
        "action",
        lazy(
            "{hero}: {action} (action {number} of {most})",
            hero=state.active_hero().name,
            action=what,
            number=state.actions_used,
            most=ACTIONS_PER_ENGAGEMENT,
        ),
        "SV-ENG-1",
        "SV-ENG-2",
    )


def _pending(state: SalvageState) -> Pending:
    if state.pending is None:
        raise RuleViolation("CORE-LEGAL", lazy("no action is under way"))
    return state.pending


def _apply_one(state: SalvageState, action: Action) -> None:
    if isinstance(action, DieFace):
        dice_steps.apply_face(state, action)
    elif isinstance(action, EnemyFace):
        apply_enemy_face(state, action)
    elif isinstance(action, ChooseHero):
        state.turn_hero = action.hero
        state.actions_used = 0
        state.emit(
            "turn",
            lazy("{hero} takes their Engagement turn", hero=state.heroes[action.hero].name),
            "SV-ROUND-1",
        )
        passives.remind_by_hand(state, action.hero)
    elif isinstance(action, EndEngagement):
        for index in eligible_heroes(state):
            state.acted[index] = True
        state.emit("end_engagement", lazy("the players end Engagement"), "SV-ROUND-1")
    elif isinstance(action, EndTurn):
        end_turn(state)
    elif isinstance(action, StartMove):
        _start(state, Pending("move", "commit"), lazy("move"))
    elif isinstance(action, StartAttack):
        _start(state, Pending("attack", "commit"), lazy("attack"))
    elif isinstance(action, StartSalvage):
        _start(state, None, lazy("salvage"))
        start_salvage(state)
    elif isinstance(action, StartTrade):
        _start(state, None, lazy("trade"))
        trading.start_trade(state, action)
    elif isinstance(action, UseRoomAction):
        _start(state, None, lazy("room action {name}", name=action.name))
        room_and_items.use_room_action(state, action)
    elif isinstance(action, UseAbility):
        _start(state, None, lazy("ability {name}", name=action.ability))
        abilities.use_ability(state, action)
    elif isinstance(action, Resolved):
        abilities.apply_resolved(state, action)
    elif isinstance(action, UseItem):
        hero = state.active_hero()
        if state.data.items[hero.items[action.slot].name].action:
            _start(state, None, lazy("use {item}", item=hero.items[action.slot].name))
        room_and_items.use_item(state, action)
    elif isinstance(action, CommitDie):
        dice_steps.apply_commit(state, action)
    elif isinstance(action, RollDice):
        dice_steps.apply_roll_dice(state, action)
    elif isinstance(action, Reroll):
        dice_steps.apply_reroll(state, action)
    elif isinstance(action, ApplyRoll):
        pending = _pending(state)
        if pending.kind == "move":
            moving.apply_move_roll(state, pending)
        elif pending.kind == "salvage":
            apply_salvage_roll(state, pending)
        elif pending.kind == "ability":
            abilities.apply_ability_roll(state, pending)
        else:
            room_and_items.apply_room_roll(state, pending)
    elif isinstance(action, ApplyHit):
        attacking.apply_hit(state, _pending(state), action)
    elif isinstance(action, FinishAttack):
        attacking.apply_finish_attack(state, _pending(state))
    elif isinstance(action, Step):
        moving.apply_step(state, _pending(state), action)
    elif isinstance(action, StopMoving):
        moving.apply_stop(state, _pending(state))
    elif isinstance(action, NextOpportunity):
        moving.apply_opportunity(state, _pending(state), action)
    elif isinstance(action, ActivateRoom):
        moving.apply_activate(state, action)
    elif isinstance(action, LeaveInactive):
        moving.apply_leave_inactive(state, action)
    elif isinstance(action, RecoverDie):
        room_and_items.apply_recover(state, action)
    elif isinstance(action, FinishRecovery):
        room_and_items.apply_finish_recovery(state)
    elif isinstance(action, OfferItem):
        trading.apply_offer(state, _pending(state), action)
    elif isinstance(action, ProposeTrade):
        trading.apply_propose(state, _pending(state))
    elif isinstance(action, AnswerTrade):
        trading.apply_answer(state, _pending(state), action)
    else:
        raise RuleViolation(
            "CORE-LEGAL", lazy("{action} is not a salvage action", action=action.label())
        )


# -- prompts ------------------------------------------------------------------------------


def pending_decision(state: SalvageState) -> str:
    """What the acting player decides (interfaces show the player's name before it)."""
    player = state.current_player()
    if player == TERMINAL:
        return _("the game is over")
    if player == CHANCE:
        return _("roll the next die")
    pending = state.pending
    if pending is not None and pending.stage == "answer":
        proposer = state.active_hero().name
        return _(
            "accept the trade {hero} proposes? ({offer})",
            hero=proposer,
            offer=trading.offer_text(state, pending),
        )
    if state.recoveries:
        head = state.recoveries[0]
        return _n(
            "recover up to {n} exhausted die ({rule})",
            "recover up to {n} exhausted dice ({rule})",
            head.remaining,
            rule=head.rule,
        )
    if state.turn_hero is None:
        return _("which hero takes the next Engagement turn? (for the table)")
    if pending is None:
        return _(
            "choose an action ({taken} of {most} taken)",
            taken=state.actions_used,
            most=ACTIONS_PER_ENGAGEMENT,
        )
    if pending.stage == "decide":
        return _decide_prompt(state, pending)
    kind = say(ACTION_KINDS, pending.kind)
    if pending.stage == "commit":
        return _("commit dice to the {action}, then roll", action=kind)
    if pending.stage == "moving":
        return _n(
            "move ({n} room left) or stop", "move ({n} rooms left) or stop", pending.steps_left
        )
    if pending.stage == "opportunity":
        return _("which enemy makes its opportunity attack next?")
    if pending.stage == "look":
        return _("activate this inactive room?")
    if pending.stage == "by_hand":
        return _(
            "resolve {ability} by hand ({text}), then confirm",
            ability=pending.ability or "",
            text=_by_hand_text(state, pending),
        )
    if pending.stage == "offer":
        if pending.offer:
            return _(
                "add items to the trade, then propose it (so far: {offer})",
                offer=trading.offer_text(state, pending),
            )
        return _("add items to the trade, then propose it")
    return _("continue the {action}", action=kind)


def _by_hand_text(state: SalvageState, pending: Pending) -> str:
    spec = passives.ability_named(state, state.turn_hero or 0, pending.ability or "")
    return "" if spec is None else spec.text


def _decide_prompt(state: SalvageState, pending: Pending) -> str:
    """After a roll: offer a re-roll only when one is legal, else say which rule forbids it
    (SV-STRAT-1 phases used up or hits applied, SV-STRAT-2 no dice, SV-STRAT-4 room rolls)."""
    attack = pending.kind == "attack"
    kind = term(ACTION_KINDS, pending.kind)
    try:
        dice_steps.check_reroll(state, pending, Reroll())
    except RuleViolation as refusal:
        if attack:
            return _(
                "apply hits one die at a time, or finish the attack (no re-roll: {rule} {reason})",
                rule=refusal.rule_id,
                reason=refusal.message,
            )
        return _(
            "apply the {action} roll (no re-roll: {rule} {reason})",
            action=kind,
            rule=refusal.rule_id,
            reason=refusal.message,
        )
    if attack:
        return _("re-roll, or apply hits one die at a time, or finish the attack")
    return _("re-roll, or apply the {action} roll", action=kind)
