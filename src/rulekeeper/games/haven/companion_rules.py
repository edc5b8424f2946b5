"""Companion mode's rules: who acts, what is legal, and what each action does.

The round reads as in the rulebook (docs/games/haven-companion.md):

1. **Setup**: party size, scenario level (HV-SCEN-2/3), a class per character
   (HV-CHAR-1/2); the initial rooms' rosters are set out for the party size,
   with their loot tokens and treasures (HV-ROOM-1, HV-LOOT-1).
2. **Card selection** (HV-CARD-1/2) or a long rest (HV-REST-2/3).
3. **Monster ability cards**: a chance node per group on the board (HV-MON-3).
4. **Initiative** (HV-INIT-1, HV-INIT-3, HV-INIT-4): ascending; a character
   before a monster group on a tie; monsters elites first, then by number.
5. **Turns**: a character's player records the halves played (HV-CARD-3/4)
   and enters what happened on the board; a monster's turn lists the attack
   its numbers give against each character (or the monster mover's answer).
   Every attack draws its modifier cards (chance nodes, HV-ATK-1, HV-MOD-*).
6. **End of round**: short rests (HV-REST-1), elements wane (HV-ELEM-2),
   decks reshuffle (HV-ATK-4), round shields end.

The positions are the players': the engine never rules on range, line of sight
or paths (the monster mover does that on a painted board, on request).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.games.haven import conditions as condition_table
from rulekeeper.games.haven.actions import (
    DrawAbility,
    Half,
    LongRest,
    LoseCard,
    PlayHalf,
    Resolved,
    RestLoss,
    SelectCard,
    ShortRest,
)
from rulekeeper.games.haven.attack_draw import AttackDraw, DrawModifier, KeepModifier, NeedCard
from rulekeeper.games.haven.attack_draw import Done as DrawDone
from rulekeeper.games.haven.attacks import Attack as AttackSpec
from rulekeeper.games.haven.attacks import Target, attack_context, attack_mode
from rulekeeper.games.haven.companion_actions import (
    AddCondition,
    Attack,
    ChooseClass,
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
    OpenDoor,
    PartySize,
    RemoveCondition,
    RoundShield,
    ScenarioLevel,
    Spawn,
)
from rulekeeper.games.haven.companion_numbers import card_actions, numbers
from rulekeeper.games.haven.companion_state import (
    Character,
    CompanionState,
    MonsterGroup,
    PendingAttack,
    Standee,
    TurnInProgress,
)
from rulekeeper.games.haven.elements import STRONG, WANING
from rulekeeper.games.haven.modifiers import MONSTER_DECK, ModifierDecks
from rulekeeper.games.haven.scaling import GOLD_CONVERSION, evaluate

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import CardSpec

HALVES: tuple[Half, ...] = ("top", "bottom")
ELEMENT_NAMES = ("fire", "ice", "air", "earth", "light", "dark")
MAX_PLAYERS = 4
MAX_LEVEL = 7
CHARACTER = "character:"
MONSTER = "monster:"
MAX_ENTRY = 99
"""The largest number a player may enter for an attack, heal or damage."""


# -- who acts --------------------------------------------------------------------------
def _needs_ability_card(state: CompanionState) -> str | None:
    if state.phase != "turns":
        return None
    for group in state.groups.values():
        if group.card is None and any(m.type == group.type for m in state.monsters()):
            return group.type
    return None


def _draw_step(state: CompanionState) -> object:
    attack = state.attack
    if attack is None:
        return None
    return attack.draw.next_step(state.catalog)


def current_player(state: CompanionState) -> int:
    if state.result:
        return TERMINAL
    if state.phase == "setup":
        return 0
    if state.rest_loss or _needs_ability_card(state) is not None:
        return CHANCE
    step = _draw_step(state)
    if isinstance(step, NeedCard):
        return CHANCE
    if step is not None:
        return _player_of(state, state.attack.attacker if state.attack else "")
    if state.by_hand:
        return 0
    if state.phase == "select":
        character = _next_to_select(state)
        return character.player if character else 0
    if state.phase == "rest" and state.rest_queue:
        return state.characters[state.rest_queue[0]].player
    if state.turn is not None:
        return _player_of(state, state.turn.actor)
    return 0


def _player_of(state: CompanionState, figure_id: str) -> int:
    character = state.characters.get(figure_id)
    return character.player if character is not None else 0


def _next_to_select(state: CompanionState) -> Character | None:
    for character in state.characters.values():
        if not character.exhausted and not character.selected:
            return character
    return None


def pending_decision(state: CompanionState) -> str:
    if state.result:
        return "the scenario is over"
    if state.phase == "setup":
        if not state.players:
            return "how many characters play?"
        if state.level < 0:
            return "the scenario level"
        return f"the class of character {len(state.characters) + 1}"
    player = current_player(state)
    if player == CHANCE:
        return "chance"
    if state.attack is not None:
        return "keep one of the two modifier cards (HV-ADV-3)"
    if state.by_hand:
        return f"resolve by hand (HV-SCEN-7): {state.by_hand[0]}"
    if state.phase == "select":
        character = _next_to_select(state)
        if character is not None and character.leading is not None:
            return "select your second card"
        return "select your leading card (its initiative is yours) or rest"
    if state.phase == "rest":
        return "short rest (HV-REST-1)?"
    if state.turn is not None:
        actor = state.turn.actor
        figure = state.figures.get(actor)
        if figure is not None and figure.kind == "monster":
            return f"{actor}'s turn: {numbers(state, figure).summary()}; enter what it did"
        character = state.characters.get(actor)
        if character is not None and character.long_rest and not character.rested:
            return "long rest: lose one card from your discard pile (HV-REST-2)"
        return "your turn: record the halves you play and what happened on the board"
    return "continue"


# -- legal actions ----------------------------------------------------------------------
def legal_actions(state: CompanionState) -> list[Action]:
    player = current_player(state)
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    if state.phase == "setup":
        return _setup_actions(state)
    if state.attack is not None:
        return state.attack.draw.legal_choices(state.catalog)
    if state.by_hand:
        return [Resolved(state.by_hand[0])]
    if state.phase == "select":
        return _selection_actions(state)
    if state.phase == "rest":
        who = state.rest_queue[0]
        return [ShortRest(who, True), ShortRest(who, False)]
    if state.turn is not None:
        return _turn_actions(state, state.turn)
    return []


def _setup_actions(state: CompanionState) -> list[Action]:
    if not state.players:
        most = min(MAX_PLAYERS, len(state.content.classes))
        return [PartySize(n) for n in range(1, most + 1)]
    if state.level < 0:
        return [ScenarioLevel(n) for n in range(MAX_LEVEL + 1)]
    out: list[Action] = []
    for cls, spec in state.content.classes.items():
        if cls not in state.characters:
            out.extend(ChooseClass(cls, level) for level in range(1, min(9, len(spec.hp)) + 1))
    return out


def default_character_level(scenario_level: int) -> int:
    """The character level whose recommended scenario level (HV-SCEN-2) is ``scenario_level``."""
    return max(1, min(9, 2 * scenario_level))


def _selection_actions(state: CompanionState) -> list[Action]:
    character = _next_to_select(state)
    if character is None:
        return []
    out: list[Action] = [
        SelectCard(character.id, card) for card in character.hand if card != character.leading
    ]
    if character.leading is None and len(character.discard) >= 2:
        out.append(LongRest(character.id))
    return out


def _turn_actions(state: CompanionState, turn: TurnInProgress) -> list[Action]:
    character = state.characters.get(turn.actor)
    if character is not None:
        if character.long_rest and not character.rested:
            return [LoseCard(character.id, card) for card in character.discard]
        out: list[Action] = [*_halves(state, character)]
        out.extend(OpenDoor(room) for room in _openable_rooms(state))
        out.extend(LootTreasure(character.id, t) for t in state.treasures)
    else:
        out = list(_monster_attacks(state, turn))
    out.extend(Infuse(e) for e in ELEMENT_NAMES if e not in turn.infusions)
    out.extend(Consume(e) for e in ELEMENT_NAMES if state.elements.get(e) in (STRONG, WANING))
    out.extend(Spawn(t, elite) for t in _spawnable(state) for elite in _ranks(state, t))
    if state.content.spec.goal.kind == "by_hand" and not state.ending:
        out.extend([DeclareResult("won"), DeclareResult("lost")])
    if _may_end_turn(state, turn) is None:
        out.append(EndTurn())
    return out


def _halves(state: CompanionState, character: Character) -> list[Action]:
    if character.long_rest or len(character.played) >= 2:
        return []
    cards = [c for c in (character.leading, character.second) if c is not None]
    played_cards = {card for card, _ in character.played}
    used_halves = {half for _, half in character.played}
    out: list[Action] = []
    for card in cards:
        if card in played_cards:
            continue
        for half in HALVES:
            if half in used_halves:
                continue
            out.append(PlayHalf(card, half))
            out.append(PlayHalf(card, half, basic=True))
    return out


def _openable_rooms(state: CompanionState) -> list[str]:
    out: list[str] = []
    for room_id in state.revealed:
        for opened in state.content.room(room_id).doors_to:
            if opened not in state.revealed and opened not in out:
                out.append(opened)
    return out


def _spawnable(state: CompanionState) -> list[str]:
    """The scenario's monster types and the types their cards summon."""
    types = [t for t in state.content.spec.monsters if t in state.content.monster_types]
    for mtype in list(types):
        for card in state.content.deck_of(mtype).cards:
            for action in card.actions:
                summoned = action.summon if action.type == "summon" else None
                if summoned and summoned not in types and summoned in state.content.monster_types:
                    types.append(summoned)
    return types


def _ranks(state: CompanionState, monster_type: str) -> list[bool]:
    return [False] if state.content.monster_types[monster_type].boss else [False, True]


def _monster_attacks(state: CompanionState, turn: TurnInProgress) -> list[Action]:
    figure = state.figures.get(turn.actor)
    if figure is None or turn.queue:
        return []
    values = numbers(state, figure)
    if values.attack is None or len(turn.attacked) >= values.targets:
        return []
    if not _can_attack(figure):
        return []
    out: list[Action] = []
    for character in state.living_characters():
        target = state.figures.get(character.id)
        if target is None or character.id in turn.attacked:
            continue
        if "invisible" in target.conditions:
            continue
        out.append(_monster_attack(state, figure, values.attack, target))
    return out


def _can_attack(figure: Standee) -> bool:
    try:
        condition_table.check_can_attack(figure.conditions)
    except RuleViolation:
        return False
    return True


def _monster_attack(state: CompanionState, figure: Standee, value: int, target: Standee) -> Attack:
    values = numbers(state, figure)
    mode = attack_mode(
        AttackSpec(value, attacker_conditions=tuple(figure.conditions)),
        Target(conditions=tuple(target.conditions)),
    )
    return Attack(figure.id, target.id, value, values.pierce, mode, values.conditions)


def _may_end_turn(state: CompanionState, turn: TurnInProgress) -> str | None:
    """Why the turn cannot end yet, or None."""
    if turn.queue:
        return "the monster mover's attacks are still to be made"
    character = state.characters.get(turn.actor)
    if character is None:
        return None
    if character.long_rest:
        return None if character.rested else "HV-REST-2: lose a card from your discard pile first"
    if len(character.played) < 2:
        return "HV-CARD-3: record both halves you played (one top, one bottom) first"
    return None


# -- chance -------------------------------------------------------------------------------
def chance_outcomes(state: CompanionState) -> list[tuple[Action, Fraction]]:
    if state.rest_loss:
        character = state.characters[state.rest_loss]
        pile = Deck.of(character.discard)
        return [(RestLoss(character.id, card), p) for card, p in pile.draw_outcomes()]
    group_type = _needs_ability_card(state)
    if group_type is not None:
        group = state.groups[group_type]
        deck = group.deck
        if deck.is_empty:
            deck = Deck.of(deck.discard_pile)
        return [(DrawAbility(group_type, card), p) for card, p in deck.draw_outcomes()]
    attack = state.attack
    if attack is not None:
        return attack.draw.chance_outcomes(state.decks[attack.deck], state.catalog)
    raise RuleViolation("CORE-CHANCE", "this state is not waiting on chance")


# -- checking -------------------------------------------------------------------------
def check(state: CompanionState, action: Action) -> None:
    """Name the rule ``action`` breaks, or return (the state is not changed)."""
    player = current_player(state)
    if player == CHANCE:
        # A rule that forbids the action whatever is drawn is cited first (issue 17).
        if isinstance(action, SelectCard | LongRest) and state.phase != "select":
            raise RuleViolation("HV-CARD-1", "cards are selected at the start of the round")
        if action not in legal_actions(state):
            raise RuleViolation("CORE-CHANCE", f"{action.label()} is not a possible outcome here")
        return
    if isinstance(action, ChooseClass):
        _check_class(state, action)
        return
    if state.by_hand and not isinstance(action, Resolved):
        raise RuleViolation("HV-SCEN-7", f"first resolve by hand: {state.by_hand[0]}")
    if state.attack is not None and not isinstance(action, KeepModifier):
        raise RuleViolation("HV-ATK-1", "the attack's modifier draw is not finished")
    if isinstance(action, Attack):
        _check_attack(state, action)
    elif isinstance(action, FollowMover):
        _check_mover(state, action)
    elif isinstance(action, Moved | Heal | Damage | AddCondition | RemoveCondition | RoundShield):
        _check_entry(state, action)
    elif isinstance(action, Loot):
        _check_loot(state, action)
    elif isinstance(action, EndTurn) and state.turn is not None:
        reason = _may_end_turn(state, state.turn)
        if reason is not None:
            rule, _, text = reason.partition(": ")
            raise RuleViolation(rule if text else "HV-CARD-3", text or reason)
    elif action not in legal_actions(state):
        raise RuleViolation(_rule_for(state, action), f"{action.label()} is not legal now")


def _rule_for(state: CompanionState, action: Action) -> str:
    if isinstance(action, SelectCard | LongRest):
        return "HV-CARD-1"
    if isinstance(action, PlayHalf):
        return "HV-CARD-3"
    if isinstance(action, OpenDoor):
        return "HV-ROOM-1"
    if isinstance(action, Consume | Infuse):
        return "HV-ELEM-3" if isinstance(action, Consume) else "HV-ELEM-1"
    if isinstance(action, LootTreasure):
        return "HV-LOOT-6"
    if isinstance(action, Spawn):
        return "HV-MON-SUM-1"
    return "CORE-LEGAL"


def _check_class(state: CompanionState, action: ChooseClass) -> None:
    if state.phase != "setup" or not state.players or state.level < 0:
        raise RuleViolation("CORE-LEGAL", "classes are chosen at setup, after size and level")
    if action.character not in state.content.classes:
        known = ", ".join(state.content.classes) or "none"
        raise RuleViolation("HV-CHAR-1", f"the library has no class {action.character!r} ({known})")
    if action.character in state.characters:
        raise RuleViolation("HV-CHAR-1", f"{action.character} is already in the party")
    hp = state.content.classes[action.character].hp
    if not 1 <= action.level <= min(9, len(hp)):
        raise RuleViolation("HV-CHAR-2", f"the class has hit points for levels 1 to {len(hp)}")


def _actor(state: CompanionState) -> TurnInProgress:
    if state.phase != "turns" or state.turn is None:
        raise RuleViolation("CORE-LEGAL", "what happens on the board is entered during a turn")
    return state.turn


def _figure(state: CompanionState, figure_id: str) -> Standee:
    figure = state.figures.get(figure_id)
    if figure is None:
        raise RuleViolation("HV-ATK-1", f"no figure {figure_id!r} is on the board")
    return figure


def _check_attack(state: CompanionState, action: Attack) -> None:
    turn = _actor(state)
    attacker = _figure(state, action.attacker)
    target = _figure(state, action.target)
    if action.attacker != turn.actor:
        raise RuleViolation("HV-ATK-1", f"it is {turn.actor}'s turn, not {action.attacker}'s")
    if attacker.kind == target.kind:
        raise RuleViolation("HV-TGT-2", "an attack targets enemies only")
    if action.target in turn.attacked:
        raise RuleViolation("HV-TGT-1", f"{action.target} was already attacked this turn")
    condition_table.check_can_attack(attacker.conditions)
    condition_table.check_can_target(target.conditions)
    for name in action.conditions:
        if name not in condition_table.CONDITIONS:
            raise RuleViolation("HV-COND-1", f"unknown condition {name!r}")
    if attacker.kind == "monster":
        listed = _monster_attacks(state, turn)
        if action not in listed:
            values = numbers(state, attacker)
            if values.attack is None:
                raise RuleViolation("HV-MON-3", f"{attacker.id}'s ability card has no attack")
            if len(turn.attacked) >= values.targets:
                raise RuleViolation("HV-TGT-1", f"the card attacks {values.targets} target(s)")
            raise RuleViolation(
                "HV-MON-4",
                f"{attacker.id}'s card and stats give: {values.summary()}"
                " (the listed attack carries exactly these values)",
            )
        return
    if not 0 <= action.value <= MAX_ENTRY or not 0 <= action.pierce <= MAX_ENTRY:
        raise RuleViolation("HV-ATK-1", f"an attack value is between 0 and {MAX_ENTRY}")


def _check_mover(state: CompanionState, action: FollowMover) -> None:
    turn = _actor(state)
    figure = _figure(state, action.monster)
    if figure.kind != "monster" or action.monster != turn.actor:
        raise RuleViolation("HV-MOVE-MON-1", f"it is {turn.actor}'s turn, not {action.monster}'s")
    if turn.attacked or turn.moved:
        raise RuleViolation("HV-MOVE-MON-1", "the monster mover answers before the monster acts")
    values = numbers(state, figure)
    most = values.move or 0
    if action.moved and "immobilize" in figure.conditions:
        raise RuleViolation("HV-COND-IMMOBILIZE-1", "an immobilized figure cannot move")
    if not 0 <= action.moved <= most:
        raise RuleViolation("HV-MON-4", f"{figure.id} moves at most {most} this round")
    if len(set(action.targets)) != len(action.targets):
        raise RuleViolation("HV-TGT-1", "each target is attacked once")
    if action.targets and values.attack is None:
        raise RuleViolation("HV-MON-3", f"{figure.id}'s ability card has no attack")
    if len(action.targets) > values.targets:
        raise RuleViolation("HV-TGT-1", f"the card attacks {values.targets} target(s)")
    for target_id in action.targets:
        target = _figure(state, target_id)
        if target.kind == "monster":
            raise RuleViolation("HV-TGT-2", "an attack targets enemies only")


def _check_entry(state: CompanionState, action: Action) -> None:
    _actor(state)
    figure_id = getattr(action, "figure", "")
    figure = _figure(state, figure_id)
    if isinstance(action, Moved):
        if figure_id != state.turn.actor:  # type: ignore[union-attr]
            raise RuleViolation("HV-MOVE-1", "only the acting figure moves in its turn")
        condition_table.check_can_move(figure.conditions)
        if not 0 <= action.hexes <= MAX_ENTRY:
            raise RuleViolation("HV-MOVE-1", f"a move is between 0 and {MAX_ENTRY} hexes")
    elif isinstance(action, Heal | RoundShield):
        if not 0 <= action.value <= MAX_ENTRY:
            raise RuleViolation("HV-HEAL-1", f"a value is between 0 and {MAX_ENTRY}")
    elif isinstance(action, Damage):
        if not 0 <= action.amount <= MAX_ENTRY:
            raise RuleViolation("HV-ATK-1", f"damage is between 0 and {MAX_ENTRY}")
    elif isinstance(action, AddCondition):
        if action.condition not in condition_table.CONDITIONS:
            raise RuleViolation("HV-COND-1", f"unknown condition {action.condition!r}")
        try:
            condition_table.condition(action.condition, state.rules)
        except ValueError as error:
            raise RuleViolation("HV-COND-1", str(error)) from None
        if action.condition in figure.conditions:
            raise RuleViolation("HV-COND-1", f"{figure.id} already has {action.condition}")
        immunities = _immunities(state, figure)
        if not condition_table.may_gain(action.condition, figure.kind, immunities):
            raise RuleViolation("HV-COND-3", f"{figure.id} is immune to {action.condition}")
    elif isinstance(action, RemoveCondition) and action.condition not in figure.conditions:
        raise RuleViolation("HV-COND-1", f"{figure.id} does not have {action.condition}")


def _immunities(state: CompanionState, figure: Standee) -> tuple[str, ...]:
    if figure.kind != "monster":
        return ()
    return state.content.monster_types[figure.type].immunities


def _check_loot(state: CompanionState, action: Loot) -> None:
    turn = _actor(state)
    if action.character != turn.actor or action.character not in state.characters:
        raise RuleViolation("HV-LOOT-2", "a character loots in its own turn")
    if not 1 <= action.tokens <= state.tokens:
        raise RuleViolation("HV-LOOT-1", f"{state.tokens} token(s) are on the board")


# -- applying -------------------------------------------------------------------------
def apply(state: CompanionState, action: Action) -> None:
    """Apply a checked action, then run the automatic steps up to the next decision."""
    if isinstance(action, PartySize):
        state.players = action.players
        state.emit("setup", f"{action.players} character(s) play")
    elif isinstance(action, ScenarioLevel):
        state.level = action.level
        state.emit(
            "setup",
            f"scenario level {action.level}: monster level {action.level}, gold"
            f" {GOLD_CONVERSION[action.level]} per token, bonus experience {4 + 2 * action.level}",
            "HV-SCEN-3",
        )
    elif isinstance(action, ChooseClass):
        _join(state, action)
    elif isinstance(action, SelectCard | LongRest):
        _select(state, action)
    elif isinstance(action, DrawAbility):
        _draw_ability(state, action)
    elif isinstance(action, DrawModifier | KeepModifier):
        _draw_modifier(state, action)
    elif isinstance(action, RestLoss):
        _rest_loss(state, action)
    elif isinstance(action, ShortRest):
        _short_rest(state, action)
    elif isinstance(action, Resolved):
        state.by_hand.pop(0)
        state.emit("resolved", f"resolved by the players: {action.rule}", "HV-SCEN-7")
    else:
        _apply_board(state, action)
    check_objective(state)
    advance(state)


def _apply_board(state: CompanionState, action: Action) -> None:
    turn = state.turn
    assert_turn = turn if turn is not None else TurnInProgress("")
    if isinstance(action, PlayHalf):
        _play_half(state, action)
    elif isinstance(action, LoseCard):
        _long_rest(state, action)
    elif isinstance(action, Attack):
        _start_attack(state, action)
    elif isinstance(action, FollowMover):
        _follow_mover(state, action, assert_turn)
    elif isinstance(action, Moved):
        assert_turn.moved = True
        state.emit(
            "move", f"{action.figure} moves {action.hexes} hex(es) on the board", "HV-MOVE-1"
        )
    elif isinstance(action, Heal):
        heal(state, state.figures[action.figure], action.value)
    elif isinstance(action, Damage):
        source = f" ({action.source})" if action.source else ""
        suffer(state, state.figures[action.figure], action.amount, f"damage{source}")
    elif isinstance(action, AddCondition):
        gain(state, state.figures[action.figure], action.condition)
    elif isinstance(action, RemoveCondition):
        state.figures[action.figure].conditions.remove(action.condition)
        state.emit("condition", f"{action.figure} loses {action.condition}")
    elif isinstance(action, RoundShield):
        state.figures[action.figure].shield = action.value
        state.emit("shield", f"{action.figure} has shield {action.value} this round", "HV-SHIELD-1")
    elif isinstance(action, Infuse):
        assert_turn.infusions.append(action.element)
        state.emit("element", f"{action.element} is infused at the end of the turn", "HV-ELEM-1")
    elif isinstance(action, Consume):
        del state.elements[action.element]
        state.emit("element", f"{action.element} is consumed", "HV-ELEM-3")
    elif isinstance(action, OpenDoor):
        reveal(state, action.room)
    elif isinstance(action, Loot):
        _loot(state, action)
    elif isinstance(action, LootTreasure):
        _loot_treasure(state, action)
    elif isinstance(action, Spawn):
        set_out(state, action.monster, action.elite, drops_loot=False, why="summoned or spawned")
    elif isinstance(action, DeclareResult):
        trigger_end(state, action.result, "the players declare the objective's result")
    elif isinstance(action, EndTurn):
        end_turn(state)


# -- setup ------------------------------------------------------------------------------
def _join(state: CompanionState, action: ChooseClass) -> None:
    spec = state.content.classes[action.character]
    player = len(state.characters)
    hand = [card.id for card in spec.cards][: spec.hand_size]
    state.characters[action.character] = Character(action.character, player, action.level, hand)
    hp = spec.hp[action.level - 1]
    state.figures[action.character] = Standee(
        action.character, "character", action.character, hp, hp
    )
    state.emit(
        "setup",
        f"{spec.name} joins at level {action.level}: {hp} hit points, {len(hand)} cards",
        "HV-CHAR-1",
        "HV-CHAR-2",
    )
    if len(state.characters) == state.players:
        _start_scenario(state)


def _start_scenario(state: CompanionState) -> None:
    spec = state.content.spec
    state.decks = ModifierDecks.standard(list(state.characters), state.rules, state.catalog)
    state.emit("goal", f"objective: {_objective_text(state)}", "HV-GOAL-1")
    for index in range(len(spec.rules)):
        _fire_rule(state, index)
    for room in spec.rooms:
        if room.initial:
            reveal(state, room.id, opened=False)
    state.phase = "select"


def _objective_text(state: CompanionState) -> str:
    goal = state.content.spec.goal
    words = {
        "kill_all": "kill every monster and reveal every room",
        "kill_boss": "kill the boss",
        "by_hand": "as the scenario book says; the players declare the result",
    }[goal.kind]
    return words + (f" — {goal.text}" if goal.text else "")


def reveal(state: CompanionState, room_id: str, *, opened: bool = True) -> None:
    """HV-ROOM-1: the room is revealed; its roster for this party size is set out
    (HV-SCEN-1), and its treasure tiles (HV-LOOT-6)."""
    room = state.content.room(room_id)
    state.revealed.append(room_id)
    how = "the door opens: " if opened else ""
    tile = f" (tile {room.tile})" if room.tile else ""
    state.emit("room", f"{how}room {room_id}{tile} is revealed", "HV-ROOM-1", room=room_id)
    for monster_type, rank in state.content.roster(room_id, state.players):
        set_out(state, monster_type, rank == "elite", drops_loot=True, why=f"room {room_id}")
    for treasure in room.treasures:
        state.treasures.append(treasure)
        state.emit("loot", f"treasure {treasure} in room {room_id}", "HV-LOOT-6")


def set_out(
    state: CompanionState, monster_type: str, elite: bool, *, drops_loot: bool, why: str
) -> None:
    """Place a standee of ``monster_type``: the lowest free number (HV-MON-LIMIT-1)."""
    mtype = state.content.monster_types[monster_type]
    used = {m.number for m in state.monsters() if m.type == monster_type}
    free = [n for n in range(1, mtype.standees + 1) if n not in used]
    if not free:
        state.emit(
            "monster",
            f"no {mtype.name} standee is left: none is placed ({why})",
            "HV-MON-LIMIT-1",
        )
        return
    number = free[0]
    figure = Standee(
        id=f"{monster_type}-{number}",
        kind="monster",
        type=monster_type,
        hp=0,
        max_hp=0,
        elite=elite and not mtype.boss,
        boss=mtype.boss,
        number=number,
        drops_loot=drops_loot or state.rules.spawned_monsters_drop_loot,
    )
    hp = state.stats(figure).hp
    figure.hp = figure.max_hp = (
        hp
        if isinstance(hp, int)
        else max(1, evaluate(hp, level=state.level, characters=state.players))
    )
    state.figures[figure.id] = figure
    if monster_type not in state.groups:
        deck = Deck.of(card.id for card in state.content.deck_of(monster_type).cards)
        state.groups[monster_type] = MonsterGroup(monster_type, deck)
    rank = "boss" if figure.boss else ("elite" if figure.elite else "normal")
    state.emit(
        "monster",
        f"{figure.id} ({rank} {mtype.name}, {figure.hp} hit points) is set out: {why}",
        *(["HV-BOSS-1"] if figure.boss else ["HV-MON-1"]),
        figure=figure.id,
    )
    if state.phase == "turns" and state.groups[monster_type].card is not None:
        _join_acting(state, figure)


def _join_acting(state: CompanionState, figure: Standee) -> None:
    """A standee set out while its group is acting takes its turn after the others."""
    if state.order[state.slot : state.slot + 1] == [MONSTER + figure.type]:
        state.acting.append(figure.id)


def _fire_rule(state: CompanionState, index: int) -> None:
    if index in state.fired:
        return
    state.fired.append(index)
    text = state.content.spec.rules[index]
    state.by_hand.append(text)
    state.emit("special-rule", f"special rule: {text}", "HV-SCEN-7")


def _select(state: CompanionState, action: SelectCard | LongRest) -> None:
    character = state.characters[action.character]
    if isinstance(action, LongRest):
        character.long_rest = True
        character.initiative = 99
        state.emit("select", f"{character.id} declares a long rest (initiative 99)", "HV-REST-2")
        return
    if character.leading is None:
        character.leading = action.card
        character.initiative = _card(state, character.id, action.card).initiative
        state.emit("select", f"{character.id} leads with {action.card}", "HV-CARD-1", "HV-CARD-2")
    else:
        character.second = action.card
        state.emit("select", f"{character.id} selects {action.card} second", "HV-CARD-1")


def _card(state: CompanionState, cls: str, card_id: str) -> CardSpec:
    return next(c for c in state.content.classes[cls].cards if c.id == card_id)


def _draw_ability(state: CompanionState, action: DrawAbility) -> None:
    group = state.groups[action.group]
    if group.deck.is_empty:
        group.deck.reshuffle()
    group.deck.draw(action.card)
    group.card = action.card
    spec = next(c for c in state.content.deck_of(action.group).cards if c.id == action.card)
    if spec.shuffle:
        group.reshuffle_due = True
    state.emit(
        "ability",
        f"{state.content.monster_types[action.group].name} draws {action.card}"
        f" (initiative {spec.initiative})",
        "HV-MON-3",
        group=action.group,
    )
    for figure in sorted(state.monsters(), key=_monster_order):
        if figure.type == action.group:
            state.emit("numbers", f"  {figure.id}: {numbers(state, figure).summary()}", "HV-MON-4")
    if state.order:
        _insert_late_group(state, action.group)


def _group_initiative(state: CompanionState, group_type: str) -> int:
    group = state.groups[group_type]
    deck = state.content.deck_of(group_type)
    return next(c.initiative for c in deck.cards if c.id == group.card)


def _order(state: CompanionState) -> list[str]:
    """HV-INIT-1..4: ascending initiative; a character before a monster group on a tie;
    tied characters by their second card, then party order; tied groups by name."""
    keyed: list[tuple[tuple[int, int, int, str], str]] = []
    for character in state.living_characters():
        second = 99
        if character.second is not None:
            second = _card(state, character.id, character.second).initiative
        key = (character.initiative, 0, second * 10 + character.player, "")
        keyed.append((key, CHARACTER + character.id))
    for group_type, group in state.groups.items():
        if group.card is not None and any(m.type == group_type for m in state.monsters()):
            keyed.append(
                ((_group_initiative(state, group_type), 1, 0, group_type), MONSTER + group_type)
            )
    return [entry for _, entry in sorted(keyed)]


def _insert_late_group(state: CompanionState, group_type: str) -> None:
    """A group revealed during the turns acts this round if its initiative is still to come."""
    initiative = _group_initiative(state, group_type)
    now = _slot_initiative(state, state.order[state.slot]) if state.slot < len(state.order) else 100
    if initiative <= now:
        state.emit(
            "initiative",
            f"{group_type} (initiative {initiative}) is revealed after its turn: it acts next round",
            "HV-INIT-4",
        )
        return
    position = state.slot + 1
    while (
        position < len(state.order) and _slot_initiative(state, state.order[position]) <= initiative
    ):
        position += 1
    state.order.insert(position, MONSTER + group_type)


def _slot_initiative(state: CompanionState, entry: str) -> int:
    if entry.startswith(CHARACTER):
        return state.characters[entry.removeprefix(CHARACTER)].initiative
    return _group_initiative(state, entry.removeprefix(MONSTER))


def _monster_order(figure: Standee) -> tuple[int, int]:
    """HV-INIT-4: elites (and bosses) first, then by standee number."""
    return (0 if figure.elite or figure.boss else 1, figure.number)


# -- turns --------------------------------------------------------------------------------
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
                (m for m in state.monsters() if m.type == group_type), key=_monster_order
            )
            if monsters:
                state.acting = [m.id for m in monsters]
                _begin_turn(state, state.acting.pop(0))
                return
        state.slot += 1
    _end_round(state)


def _begin_turn(state: CompanionState, figure_id: str) -> None:
    figure = state.figures[figure_id]
    state.turn = TurnInProgress(figure_id)
    if figure.kind == "monster":
        values = numbers(state, figure)
        state.emit(
            "turn",
            f"{figure_id}'s turn: {values.summary()}",
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
            f"{figure_id}'s turn (initiative {state.characters[figure_id].initiative})",
            "HV-INIT-1",
            figure=figure_id,
        )
    _turn_start_conditions(state, figure)


def _turn_start_conditions(state: CompanionState, figure: Standee) -> None:
    """HV-COND-WOUND-1, HV-COND-REGENERATE-1: at the start of the bearer's turn."""
    wound = condition_table.turn_start_damage(figure.conditions)
    if wound:
        suffer(state, figure, wound, "wound", rules=("HV-COND-WOUND-1",))
    regenerate = condition_table.turn_start_heal(figure.conditions)
    if regenerate and figure.id in state.figures:
        heal(state, figure, regenerate, rules=("HV-COND-REGENERATE-1",))


def _play_half(state: CompanionState, action: PlayHalf) -> None:
    character = state.characters[state.turn.actor]  # type: ignore[union-attr]
    character.played.append([action.card, action.half])
    what = (
        f"basic {'attack 2' if action.half == 'top' else 'move 2'}" if action.basic else action.half
    )
    state.emit("card", f"{character.id} plays {action.card}: {what}", "HV-CARD-3")
    half = getattr(_card(state, character.id, action.card), action.half)
    if not action.basic:
        character.xp += half.xp
        if half.lost:
            character.played[-1].append("lost")


def _long_rest(state: CompanionState, action: LoseCard) -> None:
    character = state.characters[action.character]
    character.discard.remove(action.card)
    character.lost.append(action.card)
    character.hand.extend(character.discard)
    character.discard = []
    character.rested = True
    state.emit(
        "rest", f"{character.id} loses {action.card} and takes back its discard pile", "HV-REST-2"
    )
    heal(state, state.figures[character.id], 2, rules=("HV-REST-2",))


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
            pile = "lost" if lost else "discard"
            state.emit("card", f"{card} goes to the {pile} pile", "HV-CARD-4")
        character.played = []
    for element in turn.infusions:
        state.elements[element] = STRONG
    if figure is not None:
        _end_of_turn_conditions(state, figure)
    state.turn = None
    state.emit("turn-end", f"{turn.actor}'s turn ends", figure=turn.actor)
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
        state.emit("condition", f"{figure.id}: {', '.join(gone)} end", "HV-COND-2")


def _group_infusions(state: CompanionState, group_type: str) -> None:
    """HV-ELEM-4: a group's card infuses after its last monster's turn."""
    for action in card_actions(state, group_type):
        if action.type == "infuse" and action.element:
            state.elements[action.element] = STRONG
            state.emit("element", f"{group_type} infuses {action.element}", "HV-ELEM-4")


# -- attacks -------------------------------------------------------------------------
def _start_attack(state: CompanionState, action: Attack) -> None:
    attacker = state.figures[action.attacker]
    target = state.figures[action.target]
    turn = state.turn
    if turn is not None:
        turn.attacked.append(action.target)
    if attacker.kind == "monster":
        _consume_for_group(state, attacker)
    shield = target.shield
    if target.kind == "monster":
        shield += int(state.stats(target).shield)
    spec = AttackSpec(
        action.value,
        pierce=action.pierce,
        advantage=action.mode == "advantage",
        disadvantage=action.mode == "disadvantage",
        attacker_conditions=tuple(attacker.conditions),
    )
    target_spec = Target(shield=shield, conditions=tuple(target.conditions))
    context = attack_context(spec, target_spec, state.rules)
    mode = attack_mode(spec, target_spec)
    deck = MONSTER_DECK if attacker.kind == "monster" else attacker.id
    draw = AttackDraw.start(
        state.rules, deck, context, mode, attacker_is_character=attacker.kind == "character"
    )
    state.attack = PendingAttack(
        attacker.id, target.id, deck, draw, list(action.conditions), action.value
    )
    state.emit(
        "attack",
        f"{attacker.id} attacks {target.id}: attack {context.attack}"
        f"{f', pierce {action.pierce}' if action.pierce else ''}, target shield {shield}"
        f"{'' if mode == 'none' else f', {mode}'}",
        "HV-ATK-1",
        attacker=attacker.id,
        target=target.id,
    )


def _consume_for_group(state: CompanionState, figure: Standee) -> None:
    """HV-ELEM-4: the group's first attack consumes the card's element for all of it."""
    values = numbers(state, figure)
    group = state.groups[figure.type]
    if values.element and values.element not in group.consumed:
        state.elements.pop(values.element, None)
        group.consumed.append(values.element)
        state.emit(
            "element",
            f"{figure.type} consumes {values.element}: +{values.element_bonus} attack",
            "HV-ELEM-3",
            "HV-ELEM-4",
        )


def _follow_mover(state: CompanionState, action: FollowMover, turn: TurnInProgress) -> None:
    turn.moved = True
    turn.queue = list(action.targets)
    aim = f" and attacks {', '.join(action.targets)}" if action.targets else ""
    state.emit(
        "move",
        f"{action.monster} moves {action.moved} hex(es){aim}, as the monster mover answered",
        "HV-MOVE-MON-1",
    )


def _draw_modifier(state: CompanionState, action: DrawModifier | KeepModifier) -> None:
    attack = state.attack
    if attack is None:
        return
    deck = state.decks[attack.deck]
    attack.draw = attack.draw.apply(action, deck, state.catalog)
    if isinstance(action, DrawModifier):
        state.emit("draw", f"{attack.deck} deck: {action.card}", "HV-MOD-1")


def _finish_attack(state: CompanionState) -> None:
    attack = state.attack
    if attack is None:
        return
    done = attack.draw.finish(state.decks[attack.deck], state.catalog)
    state.attack = None
    attacker = state.figures.get(attack.attacker)
    target = state.figures[attack.target]
    cards = ", ".join(attack.draw.drawn[i] for i in done.applied)
    state.emit(
        "modifier",
        f"{cards}: {done.outcome.damage} damage to {target.id}",
        *done.rule_ids,
        drawn=list(attack.draw.drawn),
        applied=[attack.draw.drawn[i] for i in done.applied],
    )
    suffer(state, target, done.outcome.damage, f"{attack.attacker}'s attack", rules=("HV-ATK-1",))
    alive = target.id in state.figures
    for name in attack.conditions:
        if alive:
            gain(state, target, name)
    for effect in done.outcome.effects:
        _card_effect(state, attacker, target if alive else None, effect.name, effect.amount)
    if alive and target.kind == "monster":
        retaliate = target.retaliate + int(state.stats(target).retaliate)
        if retaliate:
            state.emit(
                "by-hand",
                f"{target.id} has retaliate {retaliate}: if {attack.attacker} is within its"
                " range, enter the damage",
                "HV-RET-1",
            )
    check_objective(state)


def _card_effect(
    state: CompanionState, attacker: Standee | None, target: Standee | None, name: str, amount: int
) -> None:
    """HV-TGT-6: a drawn card's effects; positive ones go to the attacker."""
    if name in condition_table.CONDITIONS:
        row = condition_table.CONDITIONS[name]
        bearer = attacker if row.positive else target
        if bearer is not None and name not in bearer.conditions:
            gain(state, bearer, name)
        return
    if name.startswith("infuse ") and state.turn is not None:
        element = name.split()[1]
        state.turn.infusions.append(element)
        state.emit("element", f"the card infuses {element} at the end of the turn", "HV-ELEM-1")
        return
    if name == "heal" and attacker is not None:
        heal(state, attacker, amount)
        return
    if name == "shield" and attacker is not None:
        attacker.shield += amount
        state.emit("shield", f"{attacker.id} gains shield {amount} this round", "HV-SHIELD-1")
        return
    state.emit("by-hand", f"the card adds {name} {amount}: resolve it on the board", "HV-DECK-5")


# -- damage, heal, conditions ----------------------------------------------------------------
def suffer(
    state: CompanionState,
    figure: Standee,
    amount: int,
    source: str,
    *,
    rules: tuple[str, ...] = (),
) -> None:
    """Take ``amount`` hit points; a monster at 0 dies (HV-MON-6), a character is exhausted
    (HV-EXH-1)."""
    if amount <= 0:
        state.emit("damage", f"{figure.id} suffers no damage from {source}", *rules)
        return
    figure.hp -= amount
    state.emit(
        "damage",
        f"{figure.id} suffers {amount} damage from {source} ({max(0, figure.hp)} left)",
        *rules,
    )
    for name in condition_table.removed_by_damage(figure.conditions):
        figure.conditions.remove(name)
    if figure.hp > 0:
        return
    if figure.kind == "monster":
        _dies(state, figure)
    else:
        _exhaust(state, figure.id, "no hit points left")


def _dies(state: CompanionState, figure: Standee) -> None:
    del state.figures[figure.id]
    if figure.id in state.acting:
        state.acting.remove(figure.id)
    state.emit("death", f"{figure.id} dies", "HV-MON-6", figure=figure.id)
    if figure.drops_loot:
        state.tokens += 1
        state.emit("loot", f"{figure.id} drops a loot token", "HV-LOOT-3")
    check_objective(state)


def _exhaust(state: CompanionState, character_id: str, why: str) -> None:
    character = state.characters[character_id]
    if character.exhausted:
        return
    character.exhausted = True
    state.figures.pop(character_id, None)
    state.emit("exhausted", f"{character_id} is exhausted: {why}", "HV-EXH-1", "HV-EXH-2")
    if not state.living_characters():
        finish(state, "lost", "every character is exhausted")


def heal(
    state: CompanionState, figure: Standee, value: int, *, rules: tuple[str, ...] = ("HV-HEAL-1",)
) -> None:
    amount = condition_table.heal_amount(value, figure.conditions)
    removed = condition_table.removed_by_heal(figure.conditions)
    for name in removed:
        figure.conditions.remove(name)
    before = figure.hp
    figure.hp = min(figure.max_hp, figure.hp + amount)
    extra = f"; {', '.join(removed)} removed" if removed else ""
    state.emit(
        "heal", f"{figure.id} heals {figure.hp - before} ({figure.hp} hit points){extra}", *rules
    )


def gain(state: CompanionState, figure: Standee, name: str) -> None:
    """HV-COND-1/3: gain a condition (none if immune); bless and curse are cards."""
    if not condition_table.may_gain(name, figure.kind, _immunities(state, figure)):
        state.emit("condition", f"{figure.id} is immune to {name}", "HV-COND-3")
        return
    rule = condition_table.rule_id(name)
    if name in ("bless", "curse"):
        deck = state.decks[MONSTER_DECK if figure.kind == "monster" else figure.id]
        deck.shuffle_in(name)
        state.emit("condition", f"a {name} card is shuffled into {deck.owner}'s deck", rule)
        return
    if name in figure.conditions:
        return
    figure.conditions.append(name)
    if state.turn is not None and state.turn.actor == figure.id:
        figure.fresh.append(name)
    state.emit("condition", f"{figure.id} gains {name}", "HV-COND-1", rule)


# -- loot --------------------------------------------------------------------------------------
def _loot(state: CompanionState, action: Loot) -> None:
    state.tokens -= action.tokens
    state.characters[action.character].money += action.tokens
    state.emit(
        "loot", f"{action.character} loots {action.tokens} token(s)", "HV-LOOT-1", "HV-LOOT-4"
    )


def _loot_treasure(state: CompanionState, action: LootTreasure) -> None:
    state.treasures.remove(action.treasure)
    state.characters[action.character].treasures.append(action.treasure)
    state.by_hand.append(f"treasure {action.treasure}: its reward from the treasure index")
    state.emit("loot", f"{action.character} loots treasure {action.treasure}", "HV-LOOT-6")


# -- rests, end of round, end of scenario ------------------------------------------------------
def _short_rest(state: CompanionState, action: ShortRest) -> None:
    state.rest_queue.pop(0)
    if action.rest:
        state.rest_loss = action.character
        state.emit("rest", f"{action.character} takes a short rest", "HV-REST-1")


def _rest_loss(state: CompanionState, action: RestLoss) -> None:
    character = state.characters[action.character]
    character.discard.remove(action.card)
    character.lost.append(action.card)
    character.hand.extend(character.discard)
    character.discard = []
    state.rest_loss = ""
    state.emit(
        "rest",
        f"{character.id} loses {action.card} at random and takes back its discards",
        "HV-REST-1",
    )


def _end_round(state: CompanionState) -> None:
    state.turn = None
    state.order = []
    state.slot = 0
    if state.ending:
        finish(state, state.ending, "the round is played out (HV-GOAL-1)")
        return
    state.rest_queue = [
        c.id for c in state.living_characters() if not c.long_rest and len(c.discard) >= 2
    ]
    state.phase = "rest"
    if not state.rest_queue:
        _next_round(state)


def _next_round(state: CompanionState) -> None:
    state.elements = {e: WANING for e, level in sorted(state.elements.items()) if level == STRONG}
    for owner in state.decks.end_of_round():
        state.emit("reshuffle", f"the {owner} deck is reshuffled", "HV-ATK-4")
    for group in state.groups.values():
        if group.card is not None:
            group.deck.discard(group.card)
        if group.reshuffle_due:
            group.deck.reshuffle()
            group.reshuffle_due = False
            state.emit("reshuffle", f"{group.type}'s ability deck is reshuffled", "HV-MON-3")
        group.card = None
        group.consumed = []
    for figure in state.figures.values():
        figure.shield = 0
        figure.retaliate = 0
    for character in state.characters.values():
        character.leading = character.second = None
        character.long_rest = character.rested = False
        character.initiative = 0
        if not character.exhausted and len(character.hand) < 2 and len(character.discard) < 2:
            _exhaust(state, character.id, "fewer than two cards to play or rest with")
    if state.result:
        return
    state.round += 1
    state.phase = "select"
    state.emit("round", f"round {state.round} begins", "HV-ELEM-2")


def check_objective(state: CompanionState) -> None:
    """HV-GOAL-1: the goal is met once every room is revealed and no monster is left
    (``kill_all``) or every boss of the rosters is dead (``kill_boss``)."""
    if state.result or state.ending or state.phase == "setup":
        return
    kind = state.content.spec.goal.kind
    monsters = state.monsters()
    if kind == "kill_all":
        every_room = len(state.revealed) == len(state.content.spec.rooms)
        if every_room and not monsters:
            trigger_end(state, "won", "every room is revealed and no monster is left")
    elif kind == "kill_boss":
        boss_rooms = [
            room.id
            for room in state.content.spec.rooms
            if any(rank == "boss" for _, rank in state.content.roster(room.id, state.players))
        ]
        if all(r in state.revealed for r in boss_rooms) and not any(m.boss for m in monsters):
            trigger_end(state, "won", "every boss is dead")


def trigger_end(state: CompanionState, result: str, why: str) -> None:
    if state.ending and not (result == "lost" and state.rules.both_ends_in_a_round_lose):
        return
    state.ending = result
    state.emit("goal", f"{why}: the scenario is {result} once the round is played out", "HV-GOAL-1")


def finish(state: CompanionState, result: str, why: str) -> None:
    state.result = result
    state.phase = "over"
    state.turn = None
    state.attack = None
    rate = GOLD_CONVERSION[max(0, state.level)]
    bonus = 4 + 2 * max(0, state.level) if result == "won" else 0
    kept = []
    for character in state.characters.values():
        gold = character.money * rate
        treasures = "".join(f", treasure {t}" for t in character.treasures)
        kept.append(f"{character.id}: {character.xp + bonus} xp, {gold} gold{treasures}")
    state.result_text = f"{why}; " + "; ".join(kept)
    state.emit(
        "scenario-end",
        f"the scenario is {result}: {state.result_text}",
        "HV-GOAL-1",
        "HV-END-1",
        "HV-LOOT-4",
    )


# -- the automatic steps ---------------------------------------------------------------------
def advance(state: CompanionState) -> None:
    """Run what needs no decision: finished draws, queued mover attacks, the turn order."""
    for _ in range(1000):
        if state.result:
            return
        if state.attack is not None:
            if isinstance(state.attack.draw.next_step(state.catalog), DrawDone):
                _finish_attack(state)
                continue
            return
        if state.rest_loss or state.by_hand or _needs_ability_card(state) is not None:
            return
        if state.phase == "select" and _next_to_select(state) is None:
            state.phase = "turns"
            continue
        if state.phase == "turns" and not state.order and state.turn is None:
            state.order = _order(state)
            state.slot = 0
            state.emit(
                "initiative",
                "order: " + ", ".join(e.split(":", 1)[1] for e in state.order),
                "HV-INIT-1",
            )
            _start_slot(state)
            continue
        if state.phase == "rest" and not state.rest_queue:
            _next_round(state)
            continue
        turn = state.turn
        if turn is not None and turn.queue and turn.actor in state.figures:
            target_id = turn.queue.pop(0)
            target = state.figures.get(target_id)
            figure = state.figures[turn.actor]
            values = numbers(state, figure)
            if target is not None and values.attack is not None:
                _start_attack(state, _monster_attack(state, figure, values.attack, target))
            continue
        if turn is not None and turn.actor not in state.figures:
            end_turn(state)
            continue
        return
