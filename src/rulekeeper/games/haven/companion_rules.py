"""Companion mode's rules: who acts, what is legal, and why an action is refused.

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
What each action does is in ``companion_flow.py`` and ``companion_combat.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.deck import Deck
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.games.haven import companion_card_choices as card_choices
from rulekeeper.games.haven import conditions as condition_table
from rulekeeper.games.haven.actions import (
    ActFirst,
    DrawAbility,
    GroupFirst,
    Half,
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
from rulekeeper.games.haven.attack_draw import KeepModifier, NeedCard
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
from rulekeeper.games.haven.companion_combat import can_attack, immunities, monster_attack, side
from rulekeeper.games.haven.companion_labels import label
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_state import (
    Character,
    CompanionState,
    Standee,
    TurnInProgress,
)
from rulekeeper.games.haven.companion_terms import by_hand_message, term
from rulekeeper.games.haven.elements import STRONG, WANING
from rulekeeper.i18n import Msg, _, lazy, lazy_plural

if TYPE_CHECKING:
    pass

HALVES: tuple[Half, ...] = ("top", "bottom")
ELEMENT_NAMES = ("fire", "ice", "air", "earth", "light", "dark")
MAX_PLAYERS = 4
MAX_LEVEL = 7
CHARACTER = "character:"
MONSTER = "monster:"
MAX_ENTRY = 99
"""The largest number a player may enter for an attack, heal or damage."""


def needs_ability_card(state: CompanionState) -> str | None:
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
    if _redraw_pending(state):
        return state.characters[state.rest_loss].player
    if state.rest_loss or needs_ability_card(state) is not None:
        return CHANCE
    step = _draw_step(state)
    if isinstance(step, NeedCard):
        return CHANCE
    if step is not None:
        return _player_of(state, state.attack.attacker if state.attack else "")
    if state.damage:
        return _player_of(state, state.damage[0].character)
    if state.by_hand or state.ties:
        return 0
    if card_choices.waiting(state) and state.turn is not None:
        return _player_of(state, state.turn.actor)  # the party, for a monster
    if state.phase == "select":
        character = next_to_select(state)
        return character.player if character else 0
    if state.phase == "rest" and state.rest_queue:
        return state.characters[state.rest_queue[0]].player
    if state.turn is not None:
        return _player_of(state, state.turn.actor)
    return 0


def _redraw_pending(state: CompanionState) -> bool:
    """HV-REST-1: a short rest drew its card and may still redraw it (once)."""
    return bool(state.rest_card) and not state.rest_redrawn


def _player_of(state: CompanionState, figure_id: str) -> int:
    character = state.characters.get(figure_id)
    return character.player if character is not None else 0


def next_to_select(state: CompanionState) -> Character | None:
    for character in state.characters.values():
        if not character.exhausted and not character.selected:
            return character
    return None


def pending_decision(state: CompanionState) -> str:
    if state.result:
        return _("the scenario is over")
    if state.phase == "setup":
        if not state.players:
            return _("how many characters play?")
        if state.level < 0:
            return _("the scenario level")
        return _("the class of character {n}", n=len(state.characters) + 1)
    player = current_player(state)
    if player == CHANCE:
        return _("chance")
    if _redraw_pending(state):
        return _(
            "short rest: lose {card}, or suffer 1 damage to lose another random card instead"
            " (HV-REST-1)",
            card=state.rest_card,
        )
    if state.attack is not None:
        return _("keep one of the two modifier cards (HV-ADV-3)")
    if state.damage:
        pending = state.damage[0]
        if pending.pile == "hand":
            return _("lose a card from your hand to negate the damage (HV-NEG-1)")
        if pending.pile:
            return _("lose a card from your discard pile to negate the damage (HV-NEG-1)")
        return _(
            "{n} damage from {source}: suffer it, or negate it by losing 1 card from your hand"
            " or 2 from your discard pile (HV-NEG-1)",
            n=pending.amount,
            source=pending.shown_source,
        )
    if state.by_hand:
        return _("resolve by hand (HV-SCEN-7): {step}", step=by_hand_message(state.by_hand[0]))
    if state.ties:
        tied = [e.split(":", 1)[1] for e in state.ties[0]]
        return _("tied on initiative: {tied} — who acts first? (HV-INIT-2)", tied=tied)
    if card_choices.waiting(state):
        return card_choices.prompt(state)
    if state.phase == "select":
        character = next_to_select(state)
        if character is not None and character.leading is not None:
            return _("select your second card")
        return _("select your leading card (its initiative is yours) or rest")
    if state.phase == "rest":
        return _("short rest (HV-REST-1)?")
    if state.turn is not None:
        actor = state.turn.actor
        figure = state.figures.get(actor)
        if figure is not None and figure.kind == "monster":
            return _(
                "{figure}'s turn: {abilities}; enter what it did",
                figure=actor,
                abilities=numbers(state, figure).parts(),
            )
        character = state.characters.get(actor)
        if character is not None and character.long_rest and not character.rested:
            return _("long rest: lose one card from your discard pile (HV-REST-2)")
        return _("your turn: record the halves you play and what happened on the board")
    return _("continue")


def legal_actions(state: CompanionState) -> list[Action]:
    player = current_player(state)
    if player == TERMINAL:
        return []
    if player == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    if state.phase == "setup":
        return _setup_actions(state)
    if _redraw_pending(state):
        return [Redraw(state.rest_loss, False), Redraw(state.rest_loss, True)]
    if state.attack is not None:
        return state.attack.draw.legal_choices(state.catalog)
    if state.damage:
        return _negation_actions(state)
    if state.by_hand:
        return [Resolved(state.by_hand[0])]
    if state.ties:
        return [_first(entry) for entry in state.ties[0]]
    waiting = card_choices.waiting(state)
    if waiting == "element":
        return card_choices.element_actions()
    if waiting == "target":
        return _added_attacks(state)
    if state.phase == "select":
        return _selection_actions(state)
    if state.phase == "rest":
        who = state.rest_queue[0]
        return [ShortRest(who, True), ShortRest(who, False)]
    if state.turn is not None:
        return _turn_actions(state, state.turn)
    return []


def _added_attacks(state: CompanionState) -> list[Action]:
    """HV-TGT-1: the added target's attack on each enemy not yet targeted (a monster's:
    none it attacked this turn), the same attack; or none left in reach."""
    turn = state.turn
    out: list[Action] = []
    info = turn.added_attack if turn is not None else {}
    attacker = state.figures.get(str(info.get("attacker", "")))
    if turn is not None and attacker is not None and can_attack(attacker):
        monster = attacker.kind == "monster"
        for target in state.figures.values():
            if side(target) == side(attacker) or "invisible" in target.conditions:
                continue
            if target.id == info["target"] or target.id in turn.card_added:
                continue
            if monster and target.id in turn.attacked:
                continue
            out.append(
                monster_attack(state, attacker, int(info["value"]), target)
                if monster
                else card_choices.attack_of(state, target.id)
            )
    return [*out, NoAddedTarget()]


def _negation_actions(state: CompanionState) -> list[Action]:
    """HV-NEG-1: suffer, or lose 1 card from hand or 2 from discard, one card at a time."""
    pending = state.damage[0]
    character = state.characters[pending.character]
    # Cards selected this round have left the hand: they cannot be lost to negate.
    hand = [c for c in character.hand if c not in (character.leading, character.second)]
    if pending.pile:
        pile = hand if pending.pile == "hand" else character.discard
        return [LoseCard(character.id, card) for card in pile]
    out: list[Action] = [Negate(character.id, "suffer")]
    if hand:
        out.append(Negate(character.id, "hand"))
    if len(character.discard) >= 2:
        out.append(Negate(character.id, "discard"))
    return out


def _first(entry: str) -> Action:
    kind, _sep, name = entry.partition(":")
    return ActFirst(name) if kind + ":" == CHARACTER else GroupFirst(name)


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


def _selection_actions(state: CompanionState) -> list[Action]:
    character = next_to_select(state)
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
        out.extend(LootTreasure(character.id, t) for t in dict.fromkeys(state.treasures))
        out.extend(
            SummonFigure(character.id, name) for name in state.content.classes[character.id].summons
        )
    else:
        out = list(_monster_attacks(state, turn))
    out.extend(Infuse(e) for e in ELEMENT_NAMES if e not in turn.infusions)
    out.extend(Consume(e) for e in ELEMENT_NAMES if state.elements.get(e) in (STRONG, WANING))
    out.extend(Spawn(t, elite) for t in _spawnable(state) for elite in _ranks(state, t))

    if state.content.spec.goal.kind == "by_hand" and not state.ending:
        out.extend([DeclareResult("won"), DeclareResult("lost")])
    if may_end_turn(state, turn) is None:
        out.append(EndTurn())
    return out


def _halves(state: CompanionState, character: Character) -> list[Action]:
    if character.long_rest or len(character.played) >= 2:
        return []
    cards = [c for c in (character.leading, character.second) if c is not None]
    played_cards = {entry[0] for entry in character.played}
    used_halves = {entry[1] for entry in character.played}
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
    """The scenario's monster types and the types their cards summon, while a standee of
    the type is free (HV-MON-LIMIT-1)."""
    types = [t for t in state.content.spec.monsters if t in state.content.monster_types]
    for mtype in list(types):
        for card in state.content.deck_of(mtype).cards:
            for action in card.actions:
                summoned = action.summon if action.type == "summon" else None
                if summoned and summoned not in types and summoned in state.content.monster_types:
                    types.append(summoned)
    on_board = [m.type for m in state.monsters()]
    return [t for t in types if on_board.count(t) < state.content.monster_types[t].standees]


def _ranks(state: CompanionState, monster_type: str) -> list[bool]:
    return [False] if state.content.monster_types[monster_type].boss else [False, True]


def _monster_attacks(state: CompanionState, turn: TurnInProgress) -> list[Action]:
    figure = state.figures.get(turn.actor)
    if figure is None or turn.queue:
        return []
    values = numbers(state, figure)
    # Targets a drawn card added (HV-TGT-1) do not use up the card's own targets.
    if values.attack is None or len(turn.attacked) - len(turn.card_added) >= values.targets:
        return []
    if not can_attack(figure):
        return []
    out: list[Action] = []
    for target in list(state.figures.values()):
        if side(target) != "characters" or target.id in turn.attacked:
            continue
        if "invisible" in target.conditions:
            continue
        out.append(monster_attack(state, figure, values.attack, target))
    return out


def may_end_turn(state: CompanionState, turn: TurnInProgress) -> RuleViolation | None:
    """Why the turn cannot end yet (the refusal, naming its rule), or None."""
    if turn.queue:
        return RuleViolation("HV-CARD-3", lazy("the monster mover's attacks are still to be made"))
    character = state.characters.get(turn.actor)
    if character is None:
        return None
    if character.long_rest:
        if character.rested:
            return None
        return RuleViolation("HV-REST-2", lazy("lose a card from your discard pile first"))
    if len(character.played) < 2:
        return RuleViolation(
            "HV-CARD-3", lazy("record both halves you played (one top, one bottom) first")
        )
    return None


def chance_outcomes(state: CompanionState) -> list[tuple[Action, Fraction]]:
    if state.rest_loss and not _redraw_pending(state):
        character = state.characters[state.rest_loss]
        # HV-REST-1: a redraw loses a different card: the first one is set aside.
        first = [c for c in character.discard if state.rest_redrawn and c == state.rest_card]
        pile = Deck.of(c for c in character.discard if c not in first)
        return [(RestLoss(character.id, card), p) for card, p in pile.draw_outcomes()]
    group_type = needs_ability_card(state)
    if group_type is not None:
        group = state.groups[group_type]
        deck = group.deck
        if deck.is_empty:
            deck = Deck.of(deck.discard_pile)
        return [(DrawAbility(group_type, card), p) for card, p in deck.draw_outcomes()]
    attack = state.attack
    if attack is not None:
        return attack.draw.chance_outcomes(state.decks[attack.deck], state.catalog)
    raise RuleViolation("CORE-CHANCE", lazy("this state is not waiting on chance"))


def check(state: CompanionState, action: Action) -> None:
    """Name the rule ``action`` breaks, or return (the state is not changed)."""
    player = current_player(state)
    if player == CHANCE:
        # A rule that forbids the action whatever is drawn is cited first (issue 17).
        if isinstance(action, SelectCard | LongRest) and state.phase != "select":
            raise RuleViolation("HV-CARD-1", lazy("cards are selected at the start of the round"))
        if action not in legal_actions(state):
            raise RuleViolation(
                "CORE-CHANCE",
                lazy("{action} is not a possible outcome here", action=label(state, action)),
            )
        return
    if isinstance(action, ChooseClass):
        _check_class(state, action)
        return
    if isinstance(action, ChooseHand):
        _check_hand(state, action)
        return
    if state.damage and not isinstance(action, Negate | LoseCard):
        raise RuleViolation("HV-NEG-1", lazy("first suffer or negate the damage waiting"))
    if state.by_hand and not isinstance(action, Resolved):
        raise RuleViolation(
            "HV-SCEN-7",
            lazy("first resolve by hand: {step}", step=by_hand_message(state.by_hand[0])),
        )
    if state.attack is not None and not isinstance(action, KeepModifier):
        raise RuleViolation("HV-ATK-1", lazy("the attack's modifier draw is not finished"))
    if card_choices.waiting(state) and not state.ties:
        card_choices.check(state, action, legal_actions(state))
        return
    if isinstance(action, Attack):
        _check_attack(state, action)
    elif isinstance(action, FollowMover):
        _check_mover(state, action)
    elif isinstance(action, Moved | Heal | Damage | AddCondition | RemoveCondition | RoundShield):
        _check_entry(state, action)
    elif isinstance(action, Loot):
        _check_loot(state, action)
    elif isinstance(action, EndTurn) and state.turn is not None:
        refusal = may_end_turn(state, state.turn)
        if refusal is not None:
            raise refusal
    elif action not in legal_actions(state):
        raise RuleViolation(
            _rule_for(state, action), lazy("{action} is not legal now", action=label(state, action))
        )


def _rule_for(state: CompanionState, action: Action) -> str:
    if isinstance(action, SummonFigure):
        return "HV-SUM-1"
    if state.damage:
        return "HV-NEG-1"
    if isinstance(action, SelectCard | LongRest):
        return "HV-CARD-1"
    if isinstance(action, PlayHalf):
        return "HV-CARD-3"
    if isinstance(action, ShortRest | Redraw):
        return "HV-REST-1"
    if isinstance(action, ActFirst | GroupFirst):
        return "HV-INIT-2"
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
        raise RuleViolation("CORE-LEGAL", lazy("classes are chosen at setup, after size and level"))
    if action.character not in state.content.classes:
        raise RuleViolation(
            "HV-CHAR-1",
            lazy(
                "the library has no class {name} (it has: {known})",
                name=repr(action.character),
                known=list(state.content.classes),
            ),
        )
    if action.character in state.characters:
        raise RuleViolation(
            "HV-CHAR-1", lazy("{character} is already in the party", character=action.character)
        )
    hp = state.content.classes[action.character].hp
    if not 1 <= action.level <= min(9, len(hp)):
        raise RuleViolation(
            "HV-CHAR-2", lazy("the class has hit points for levels 1 to {n}", n=len(hp))
        )


def _check_hand(state: CompanionState, action: ChooseHand) -> None:
    character = state.characters.get(action.character)
    if character is None or state.phase != "select" or state.round != 1:
        raise RuleViolation("HV-CHAR-1", lazy("a hand is chosen in the first card selection"))
    if next_to_select(state) is not character or character.leading is not None:
        raise RuleViolation(
            "HV-CHAR-1",
            lazy("{character} chooses its hand before selecting", character=action.character),
        )
    spec = state.content.classes[action.character]
    known = {card.id for card in spec.cards}
    if len(action.cards) != spec.hand_size or len(set(action.cards)) != len(action.cards):
        raise RuleViolation(
            "HV-CHAR-1",
            lazy_plural(
                "a {name} brings {n} card",
                "a {name} brings {n} different cards",
                spec.hand_size,
                name=spec.name,
            ),
        )
    for card in action.cards:
        if card not in known:
            raise RuleViolation(
                "HV-CHAR-1", lazy("{name} has no card {card}", name=spec.name, card=repr(card))
            )


def _actor(state: CompanionState) -> TurnInProgress:
    if state.phase != "turns" or state.turn is None:
        raise RuleViolation(
            "CORE-LEGAL", lazy("what happens on the board is entered during a turn")
        )
    return state.turn


def _figure(state: CompanionState, figure_id: str) -> Standee:
    figure = state.figures.get(figure_id)
    if figure is None:
        raise RuleViolation(
            "HV-ATK-1", lazy("no figure {figure} is on the board", figure=repr(figure_id))
        )
    return figure


def _check_attack(state: CompanionState, action: Attack) -> None:
    turn = _actor(state)
    attacker = _figure(state, action.attacker)
    target = _figure(state, action.target)
    if action.attacker != turn.actor and attacker.owner != turn.actor:
        raise RuleViolation(
            "HV-ATK-1",
            lazy("it is {actor}'s turn, not {figure}'s", actor=turn.actor, figure=action.attacker),
        )
    if attacker.kind == "objective":
        raise RuleViolation(
            "HV-ATK-1", lazy("{figure} is an objective: it does not attack", figure=attacker.id)
        )
    if side(attacker) == side(target):
        raise RuleViolation("HV-TGT-2", lazy("an attack targets enemies only"))
    condition_table.check_can_attack(attacker.conditions)
    condition_table.check_can_target(target.conditions)
    for name in action.conditions:
        if name not in condition_table.CONDITIONS:
            raise RuleViolation("HV-COND-1", lazy("unknown condition {name}", name=repr(name)))
    if attacker.kind == "monster":
        listed = _monster_attacks(state, turn)
        if action not in listed:
            values = numbers(state, attacker)
            if values.attack is None:
                raise RuleViolation(
                    "HV-MON-3", lazy("{figure}'s ability card has no attack", figure=attacker.id)
                )
            if len(turn.attacked) - len(turn.card_added) >= values.targets:
                raise RuleViolation("HV-TGT-1", _attacks_targets(values.targets))
            raise RuleViolation(
                "HV-MON-4",
                lazy(
                    "{figure}'s card and stats give: {abilities} (the listed attack carries"
                    " exactly these values)",
                    figure=attacker.id,
                    abilities=values.parts(),
                ),
            )
        return
    if not 0 <= action.value <= MAX_ENTRY or not 0 <= action.pierce <= MAX_ENTRY:
        raise RuleViolation(
            "HV-ATK-1", lazy("an attack value is between 0 and {most}", most=MAX_ENTRY)
        )


def _check_mover(state: CompanionState, action: FollowMover) -> None:
    turn = _actor(state)
    figure = _figure(state, action.monster)
    if figure.kind != "monster" or action.monster != turn.actor:
        raise RuleViolation(
            "HV-MOVE-MON-1",
            lazy("it is {actor}'s turn, not {figure}'s", actor=turn.actor, figure=action.monster),
        )
    if turn.attacked or turn.moved:
        raise RuleViolation(
            "HV-MOVE-MON-1", lazy("the monster mover answers before the monster acts")
        )
    values = numbers(state, figure)
    most = values.move or 0
    if action.moved and "immobilize" in figure.conditions:
        raise RuleViolation("HV-COND-IMMOBILIZE-1", lazy("an immobilized figure cannot move"))
    if not 0 <= action.moved <= most:
        raise RuleViolation(
            "HV-MON-4",
            lazy_plural(
                "{figure} moves at most {n} hex this round",
                "{figure} moves at most {n} hexes this round",
                most,
                figure=figure.id,
            ),
        )
    if len(set(action.targets)) != len(action.targets):
        raise RuleViolation("HV-TGT-1", lazy("each target is attacked once"))
    if action.targets and values.attack is None:
        raise RuleViolation(
            "HV-MON-3", lazy("{figure}'s ability card has no attack", figure=figure.id)
        )
    if len(action.targets) > values.targets:
        raise RuleViolation("HV-TGT-1", _attacks_targets(values.targets))
    for target_id in action.targets:
        target = _figure(state, target_id)
        if side(target) == "monsters":
            raise RuleViolation("HV-TGT-2", lazy("an attack targets enemies only"))


def _check_entry(state: CompanionState, action: Action) -> None:
    _actor(state)
    figure_id = getattr(action, "figure", "")
    figure = _figure(state, figure_id)
    if isinstance(action, Moved):
        if figure_id != state.turn.actor:  # type: ignore[union-attr]
            raise RuleViolation("HV-MOVE-1", lazy("only the acting figure moves in its turn"))
        condition_table.check_can_move(figure.conditions)
        if not 0 <= action.hexes <= MAX_ENTRY:
            raise RuleViolation(
                "HV-MOVE-1", lazy("a move is between 0 and {most} hexes", most=MAX_ENTRY)
            )
    elif isinstance(action, Heal | RoundShield):
        if not 0 <= action.value <= MAX_ENTRY:
            raise RuleViolation(
                "HV-HEAL-1", lazy("a value is between 0 and {most}", most=MAX_ENTRY)
            )
    elif isinstance(action, Damage):
        if not 0 <= action.amount <= MAX_ENTRY:
            raise RuleViolation("HV-ATK-1", lazy("damage is between 0 and {most}", most=MAX_ENTRY))
    elif isinstance(action, AddCondition):
        if action.condition not in condition_table.CONDITIONS:
            raise RuleViolation(
                "HV-COND-1", lazy("unknown condition {name}", name=repr(action.condition))
            )
        try:
            condition_table.condition(action.condition, state.rules)
        except ValueError:
            raise RuleViolation(
                "HV-COND-1",
                lazy(
                    "{condition} is not a condition of these rules",
                    condition=term(action.condition),
                ),
            ) from None
        if action.condition in figure.conditions:
            raise RuleViolation(
                "HV-COND-1",
                lazy(
                    "{figure} already has {condition}",
                    figure=figure.id,
                    condition=term(action.condition),
                ),
            )
        if not condition_table.may_gain(action.condition, figure.kind, immunities(state, figure)):
            raise RuleViolation(
                "HV-COND-3",
                lazy(
                    "{figure} is immune to {condition}",
                    figure=figure.id,
                    condition=term(action.condition),
                ),
            )
    elif isinstance(action, RemoveCondition) and action.condition not in figure.conditions:
        raise RuleViolation(
            "HV-COND-1",
            lazy(
                "{figure} does not have {condition}",
                figure=figure.id,
                condition=term(action.condition),
            ),
        )


def _check_loot(state: CompanionState, action: Loot) -> None:
    turn = _actor(state)
    if action.character != turn.actor or action.character not in state.characters:
        raise RuleViolation("HV-LOOT-2", lazy("a character loots in its own turn"))
    if not 1 <= action.tokens <= state.tokens:
        raise RuleViolation(
            "HV-LOOT-1",
            lazy_plural("{n} token is on the board", "{n} tokens are on the board", state.tokens),
        )


def _attacks_targets(targets: int) -> Msg:
    """HV-TGT-1: how many targets the card's attack has."""
    return lazy_plural("the card attacks {n} target", "the card attacks {n} targets", targets)
