"""Companion mode's flow: each checked action applied, then :func:`advance` runs whatever
needs no decision (finished draws, queued mover attacks, the turn order, the next round).

Each step lives in the module named for what it decides: ``companion_setup`` (setup:
party size, scenario level, classes, HV-SCEN-2/3, HV-CHAR-1/2; rooms revealed with their
rosters, objective figures and treasures, HV-ROOM-1, HV-SCEN-1), ``companion_initiative``
(card selection, monster ability cards and the initiative order: HV-CARD-1/2, HV-MON-3,
HV-INIT-1..4), ``companion_turns`` (turns with their conditions and infusions: HV-COND-2,
HV-ELEM-1, HV-ELEM-4) and ``companion_rests`` (rests and the end of the round: HV-REST-1/2,
HV-ELEM-2, HV-ATK-4).
"""

from __future__ import annotations

from rulekeeper.core.actions import Action
from rulekeeper.games.haven import companion_card_choices as card_choices
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
from rulekeeper.games.haven.attack_draw import Done as DrawDone
from rulekeeper.games.haven.attack_draw import DrawModifier, KeepModifier
from rulekeeper.games.haven.companion_actions import (
    AddCondition,
    Attack,
    ChooseClass,
    ChooseHand,
    Consume,
    Damage,
    DeclareResult,
    EndTurn,
    FollowMover,
    Heal,
    Infuse,
    Loot,
    LootTreasure,
    Moved,
    NoAddedTarget,
    OpenDoor,
    PartySize,
    RemoveCondition,
    RoundShield,
    ScenarioLevel,
    Spawn,
    SummonFigure,
)
from rulekeeper.games.haven.companion_combat import (
    check_objective,
    draw_modifier,
    finish_attack,
    gain,
    heal,
    lose_for_negation,
    monster_attack,
    negate,
    start_attack,
    suffer,
    trigger_end,
)
from rulekeeper.games.haven.companion_initiative import draw_ability, select_card, turn_order
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_rests import (
    long_rest,
    next_round,
    redraw,
    rest_loss,
    short_rest,
)
from rulekeeper.games.haven.companion_rules import (
    CHARACTER,
    MONSTER,
    needs_ability_card,
    next_to_select,
)
from rulekeeper.games.haven.companion_setup import join_party, reveal, set_out, summon
from rulekeeper.games.haven.companion_state import CompanionState, TurnInProgress
from rulekeeper.games.haven.companion_terms import by_hand_message, term
from rulekeeper.games.haven.companion_turns import (
    choose_first,
    end_turn,
    follow_mover,
    loot_tokens,
    loot_treasure,
    play_half,
    start_order,
)
from rulekeeper.games.haven.scaling import GOLD_CONVERSION
from rulekeeper.i18n import lazy, lazy_plural


def apply(state: CompanionState, action: Action) -> None:
    """Apply a checked action, then run the automatic steps up to the next decision."""
    if isinstance(action, Negate):
        negate(state, action.choice)
    elif isinstance(action, LoseCard) and state.damage:
        lose_for_negation(state, action.card)
    elif isinstance(action, ActFirst):
        choose_first(state, CHARACTER + action.character)
    elif isinstance(action, GroupFirst):
        choose_first(state, MONSTER + action.group)
    elif isinstance(action, ChooseHand):
        state.characters[action.character].hand = list(action.cards)
        state.emit(
            "setup",
            lazy(
                "{character} brings {cards}", character=action.character, cards=list(action.cards)
            ),
            "HV-CHAR-1",
        )
    elif isinstance(action, PartySize):
        state.players = action.players
        state.emit(
            "setup",
            lazy_plural("{n} character plays", "{n} characters play", action.players),
        )
    elif isinstance(action, ScenarioLevel):
        state.level = action.level
        state.emit(
            "setup",
            lazy(
                "scenario level {level}: monster level {level}, gold {gold} per token,"
                " bonus experience {xp}",
                level=action.level,
                gold=GOLD_CONVERSION[action.level],
                xp=4 + 2 * action.level,
            ),
            "HV-SCEN-3",
        )
    elif isinstance(action, ChooseClass):
        join_party(state, action)
    elif isinstance(action, SelectCard | LongRest):
        select_card(state, action)
    elif isinstance(action, DrawAbility):
        draw_ability(state, action)
    elif isinstance(action, DrawModifier | KeepModifier):
        draw_modifier(state, action)
    elif isinstance(action, RestLoss):
        rest_loss(state, action)
    elif isinstance(action, Redraw):
        redraw(state, action)
    elif isinstance(action, ShortRest):
        short_rest(state, action)
    elif isinstance(action, Resolved):
        state.by_hand.pop(0)
        state.emit(
            "resolved",
            lazy("resolved by the players: {step}", step=by_hand_message(action.rule)),
            "HV-SCEN-7",
        )
    elif card_choices.waiting(state) and isinstance(action, Attack | Infuse | NoAddedTarget):
        if card_choices.apply(state, action) and isinstance(action, Attack):
            start_attack(state, action)  # HV-TGT-1: the added target's attack
    else:
        _apply_board(state, action)
    check_objective(state)
    advance(state)


def _apply_board(state: CompanionState, action: Action) -> None:
    turn = state.turn
    assert_turn = turn if turn is not None else TurnInProgress("")
    if isinstance(action, PlayHalf):
        play_half(state, action)
    elif isinstance(action, LoseCard):
        long_rest(state, action)
    elif isinstance(action, Attack):
        start_attack(state, action)
    elif isinstance(action, FollowMover):
        follow_mover(state, action, assert_turn)
    elif isinstance(action, Moved):
        assert_turn.moved = True
        state.emit(
            "move",
            lazy_plural(
                "{figure} moves {n} hex on the board",
                "{figure} moves {n} hexes on the board",
                action.hexes,
                figure=action.figure,
            ),
            "HV-MOVE-1",
        )
    elif isinstance(action, Heal):
        heal(state, state.figures[action.figure], action.value)
    elif isinstance(action, Damage):
        source = action.source or lazy("the board")
        suffer(state, state.figures[action.figure], action.amount, source)
    elif isinstance(action, AddCondition):
        gain(state, state.figures[action.figure], action.condition)
    elif isinstance(action, RemoveCondition):
        state.figures[action.figure].conditions.remove(action.condition)
        state.emit(
            "condition",
            lazy(
                "{figure} loses {condition}", figure=action.figure, condition=term(action.condition)
            ),
        )
    elif isinstance(action, RoundShield):
        state.figures[action.figure].shield = action.value
        state.emit(
            "shield",
            lazy("{figure} has shield {n} this round", figure=action.figure, n=action.value),
            "HV-SHIELD-1",
        )
    elif isinstance(action, Infuse):
        assert_turn.infusions.append(action.element)
        state.emit(
            "element",
            lazy("{element} is infused at the end of the turn", element=term(action.element)),
            "HV-ELEM-1",
        )
    elif isinstance(action, Consume):
        del state.elements[action.element]
        state.emit(
            "element", lazy("{element} is consumed", element=term(action.element)), "HV-ELEM-3"
        )
    elif isinstance(action, OpenDoor):
        reveal(state, action.room)
    elif isinstance(action, Loot):
        loot_tokens(state, action)
    elif isinstance(action, LootTreasure):
        loot_treasure(state, action)
    elif isinstance(action, SummonFigure):
        summon(state, action)
    elif isinstance(action, Spawn):
        set_out(
            state, action.monster, action.elite, drops_loot=False, why=lazy("summoned or spawned")
        )
    elif isinstance(action, DeclareResult):
        trigger_end(state, action.result, lazy("the players declare the objective's result"))
    elif isinstance(action, EndTurn):
        end_turn(state)


def advance(state: CompanionState) -> None:
    """Run what needs no decision: finished draws, queued mover attacks, the turn order."""
    for _ in range(1000):
        if state.result:
            return
        if state.attack is not None:
            if isinstance(state.attack.draw.next_step(state.catalog), DrawDone):
                finish_attack(state)
                continue
            return
        if state.damage or state.rest_loss or state.by_hand:
            return
        if needs_ability_card(state) is not None:
            return
        if state.phase == "select" and next_to_select(state) is None:
            state.phase = "turns"
            continue
        if state.phase == "turns" and not state.order and state.turn is None:
            state.order, state.ties = turn_order(state)
            state.slot = 0
            if state.ties:
                return
            start_order(state)
            continue
        if state.phase == "rest" and not state.rest_queue:
            next_round(state)
            continue
        turn = state.turn
        if turn is not None and turn.queue and turn.actor in state.figures:
            target_id = turn.queue.pop(0)
            target = state.figures.get(target_id)
            figure = state.figures[turn.actor]
            values = numbers(state, figure)
            if target is not None and values.attack is not None:
                start_attack(state, monster_attack(state, figure, values.attack, target))
            continue
        if turn is not None and turn.actor not in state.figures:
            end_turn(state)
            continue
        return
