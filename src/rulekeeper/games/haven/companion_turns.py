"""Companion mode's turns: the order run slot by slot (ties put in order by the players,
HV-INIT-2), each figure's turn with its conditions at its start and end (HV-COND-2,
HV-COND-WOUND-1, HV-COND-REGENERATE-1), the card halves played (HV-CARD-3/4), the monster
mover's answer followed (HV-MOVE-MON-1), loot (HV-LOOT-1, HV-LOOT-4..6) and infusions at the
end of the turn (HV-ELEM-1, HV-ELEM-4).
"""

from __future__ import annotations

from rulekeeper.games.haven import conditions as condition_table
from rulekeeper.games.haven.actions import PlayHalf
from rulekeeper.games.haven.companion_actions import FollowMover, Loot, LootTreasure
from rulekeeper.games.haven.companion_combat import heal, suffer
from rulekeeper.games.haven.companion_initiative import class_card, monster_order
from rulekeeper.games.haven.companion_numbers import card_actions, numbers
from rulekeeper.games.haven.companion_rests import end_round
from rulekeeper.games.haven.companion_rules import CHARACTER, MONSTER
from rulekeeper.games.haven.companion_state import CompanionState, Standee, TurnInProgress
from rulekeeper.games.haven.companion_terms import loot_card_step, term, terms, treasure_step
from rulekeeper.games.haven.elements import STRONG
from rulekeeper.i18n import Msg, lazy, lazy_plural


def choose_first(state: CompanionState, entry: str) -> None:
    """HV-INIT-2: the players put one of the tied entries first among those still tied."""
    tied = state.ties[0]
    start = min(state.order.index(e) for e in tied)
    state.order.remove(entry)
    state.order.insert(start, entry)
    tied.remove(entry)
    state.emit(
        "initiative",
        lazy("{who} acts first among those tied", who=entry.split(":", 1)[1]),
        "HV-INIT-2",
    )
    if len(tied) == 1:
        state.ties.pop(0)
    if not state.ties:
        start_order(state)


def start_order(state: CompanionState) -> None:
    state.emit(
        "initiative",
        lazy("order: {order}", order=[e.split(":", 1)[1] for e in state.order]),
        "HV-INIT-1",
    )
    _start_slot(state)


def _start_slot(state: CompanionState) -> None:
    """Start the turn at ``state.slot``, skipping slots with nobody left to act."""
    while state.slot < len(state.order):
        entry = state.order[state.slot]
        if entry.startswith(CHARACTER):
            character = state.characters[entry.removeprefix(CHARACTER)]
            if not character.exhausted:
                _begin_turn(state, character.id)
                return
        else:
            group_type = entry.removeprefix(MONSTER)
            monsters = sorted(
                (m for m in state.monsters() if m.type == group_type), key=monster_order
            )
            if monsters:
                state.acting = [m.id for m in monsters]
                _begin_turn(state, state.acting.pop(0))
                return
        state.slot += 1
    end_round(state)


def _begin_turn(state: CompanionState, figure_id: str) -> None:
    figure = state.figures[figure_id]
    state.turn = TurnInProgress(figure_id)
    if figure.kind == "monster":
        values = numbers(state, figure)
        state.emit(
            "turn",
            lazy("{figure}'s turn: {abilities}", figure=figure_id, abilities=values.parts()),
            "HV-INIT-4",
            "HV-MON-4",
            figure=figure_id,
        )
        card_shield = values.shield - int(state.stats(figure).shield)
        card_retaliate = values.retaliate - int(state.stats(figure).retaliate)
        figure.shield += card_shield
        figure.retaliate += card_retaliate
    else:
        state.emit(
            "turn",
            lazy(
                "{figure}'s turn (initiative {initiative})",
                figure=figure_id,
                initiative=state.characters[figure_id].initiative,
            ),
            "HV-INIT-1",
            figure=figure_id,
        )
        character = state.characters[figure_id]
        if character.long_rest and not character.discard:
            # Its discards were lost since it declared the rest (HV-NEG-1): nothing to lose.
            character.rested = True
            state.emit(
                "rest",
                lazy("{character} rests with no discard left to lose", character=figure_id),
                "HV-REST-2",
            )
            heal(state, figure, 2, rules=("HV-REST-2",))
    _turn_start_conditions(state, figure)


def _turn_start_conditions(state: CompanionState, figure: Standee) -> None:
    """HV-COND-WOUND-1, HV-COND-REGENERATE-1: at the start of the bearer's turn."""
    wound = condition_table.turn_start_damage(figure.conditions)
    if wound:
        suffer(state, figure, wound, lazy("wound"), rules=("HV-COND-WOUND-1",))
    regenerate = condition_table.turn_start_heal(figure.conditions)
    if regenerate and figure.id in state.figures:
        heal(state, figure, regenerate, rules=("HV-COND-REGENERATE-1",))


def play_half(state: CompanionState, action: PlayHalf) -> None:
    character = state.characters[state.turn.actor]  # type: ignore[union-attr]
    character.played.append([action.card, action.half])
    who = {"character": character.id, "card": action.card}
    if action.basic and action.half == "top":
        said = lazy("{character} plays {card}: basic attack 2", **who)
    elif action.basic:
        said = lazy("{character} plays {card}: basic move 2", **who)
    elif action.half == "top":
        said = lazy("{character} plays {card}: top action", **who)
    else:
        said = lazy("{character} plays {card}: bottom action", **who)
    state.emit("card", said, "HV-CARD-3")
    half = getattr(class_card(state, character.id, action.card), action.half)
    if not action.basic:
        character.xp += half.xp
        if half.lost:
            character.played[-1].append("lost")


def end_turn(state: CompanionState) -> None:
    turn = state.turn
    if turn is None:
        return
    figure = state.figures.get(turn.actor)
    character = state.characters.get(turn.actor)
    if character is not None:
        for half in character.played:
            card, lost = half[0], len(half) > 2
            if card in character.hand:
                character.hand.remove(card)
            (character.lost if lost else character.discard).append(card)
            said = (
                lazy("{card} goes to the lost pile", card=card)
                if lost
                else lazy("{card} goes to the discard pile", card=card)
            )
            state.emit("card", said, "HV-CARD-4")
        character.played = []
    for element in turn.infusions:
        state.elements[element] = STRONG
    if figure is not None:
        _end_of_turn_conditions(state, figure)
    state.turn = None
    state.emit("turn-end", lazy("{figure}'s turn ends", figure=turn.actor), figure=turn.actor)
    if state.acting:
        _begin_turn(state, state.acting.pop(0))
        return
    slot = state.order[state.slot] if state.slot < len(state.order) else ""
    if slot.startswith(MONSTER):
        _group_infusions(state, slot.removeprefix(MONSTER))
    state.slot += 1
    _start_slot(state)


def _end_of_turn_conditions(state: CompanionState, figure: Standee) -> None:
    """HV-COND-2: conditions lasting to the end of the bearer's next turn expire now."""
    expiring = condition_table.expiring_at_end_of_turn(figure.conditions)
    gone = [c for c in expiring if c not in figure.fresh]
    figure.fresh = []
    for name in gone:
        figure.conditions.remove(name)
    if gone:
        state.emit(
            "condition",
            lazy("{figure}: {conditions} end", figure=figure.id, conditions=terms(gone)),
            "HV-COND-2",
        )


def _group_infusions(state: CompanionState, group_type: str) -> None:
    """HV-ELEM-4: a group's card infuses after its last monster's turn."""
    for action in card_actions(state, group_type):
        if action.type == "infuse" and action.element:
            state.elements[action.element] = STRONG
            state.emit(
                "element",
                lazy("{group} infuses {element}", group=group_type, element=term(action.element)),
                "HV-ELEM-4",
            )


def follow_mover(state: CompanionState, action: FollowMover, turn: TurnInProgress) -> None:
    turn.moved = True
    turn.queue = list(action.targets)
    if action.targets:
        said = lazy_plural(
            "{monster} moves {n} hex and attacks {targets}, as the monster mover answered",
            "{monster} moves {n} hexes and attacks {targets}, as the monster mover answered",
            action.moved,
            monster=action.monster,
            targets=list(action.targets),
        )
    else:
        said = lazy_plural(
            "{monster} moves {n} hex, as the monster mover answered",
            "{monster} moves {n} hexes, as the monster mover answered",
            action.moved,
            monster=action.monster,
        )
    state.emit(
        "move",
        said,
        "HV-MOVE-MON-1",
    )


def loot_tokens(state: CompanionState, action: Loot) -> None:
    state.tokens -= action.tokens
    state.characters[action.character].money += action.tokens
    if state.rules.loot_deck:
        # HV-LOOT-5 [FH]: each token draws a loot card; the library holds no scenario's loot
        # deck, so the players draw from the physical one.
        state.by_hand.append(loot_card_step(action.character, action.tokens))
        state.emit("loot", _loots(action), "HV-LOOT-1", "HV-LOOT-5")
        return
    state.emit("loot", _loots(action), "HV-LOOT-1", "HV-LOOT-4")


def _loots(action: Loot) -> Msg:
    return lazy_plural(
        "{character} loots {n} token",
        "{character} loots {n} tokens",
        action.tokens,
        character=action.character,
    )


def loot_treasure(state: CompanionState, action: LootTreasure) -> None:
    state.treasures.remove(action.treasure)
    state.characters[action.character].treasures.append(action.treasure)
    state.by_hand.append(treasure_step(action.treasure))
    state.emit(
        "loot",
        lazy(
            "{character} loots treasure {treasure}",
            character=action.character,
            treasure=action.treasure,
        ),
        "HV-LOOT-6",
    )
