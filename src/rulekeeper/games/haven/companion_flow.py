"""Companion mode's flow: applying each action, setup, rooms, the round and its turns.

Setup (party size, scenario level, classes: HV-SCEN-2/3, HV-CHAR-1/2), rooms
revealed with their rosters, objective figures and treasures (HV-ROOM-1,
HV-SCEN-1), card selection and the initiative order (HV-CARD-1/2,
HV-INIT-1..4), monster ability cards (HV-MON-3), turns with their conditions
(HV-COND-2) and infusions (HV-ELEM-1, HV-ELEM-4), rests (HV-REST-1/2) and the
end of the round (HV-ELEM-2, HV-ATK-4). :func:`advance` runs whatever needs
no decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.deck import Deck
from rulekeeper.games.haven import companion_card_choices as card_choices
from rulekeeper.games.haven import conditions as condition_table
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
    deck_reshuffled,
    draw_modifier,
    exhaust,
    finish,
    finish_attack,
    gain,
    heal,
    lose_for_negation,
    monster_attack,
    negate,
    start_attack,
    suffer,
    take_damage,
    trigger_end,
)
from rulekeeper.games.haven.companion_numbers import card_actions, numbers
from rulekeeper.games.haven.companion_rules import (
    CHARACTER,
    MONSTER,
    needs_ability_card,
    next_to_select,
)
from rulekeeper.games.haven.companion_state import (
    Character,
    CompanionState,
    MonsterGroup,
    Standee,
    TurnInProgress,
)
from rulekeeper.games.haven.companion_terms import (
    by_hand_message,
    loot_card_step,
    term,
    terms,
    treasure_step,
)
from rulekeeper.games.haven.elements import STRONG, WANING
from rulekeeper.games.haven.modifiers import ModifierDecks
from rulekeeper.games.haven.scaling import GOLD_CONVERSION, evaluate
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.scenario_format import CardSpec


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
        _join(state, action)
    elif isinstance(action, SelectCard | LongRest):
        _select(state, action)
    elif isinstance(action, DrawAbility):
        _draw_ability(state, action)
    elif isinstance(action, DrawModifier | KeepModifier):
        draw_modifier(state, action)
    elif isinstance(action, RestLoss):
        _rest_loss(state, action)
    elif isinstance(action, Redraw):
        _redraw(state, action)
    elif isinstance(action, ShortRest):
        _short_rest(state, action)
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
        _play_half(state, action)
    elif isinstance(action, LoseCard):
        _long_rest(state, action)
    elif isinstance(action, Attack):
        start_attack(state, action)
    elif isinstance(action, FollowMover):
        _follow_mover(state, action, assert_turn)
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
        _loot(state, action)
    elif isinstance(action, LootTreasure):
        _loot_treasure(state, action)
    elif isinstance(action, SummonFigure):
        _summon(state, action)
    elif isinstance(action, Spawn):
        set_out(
            state, action.monster, action.elite, drops_loot=False, why=lazy("summoned or spawned")
        )
    elif isinstance(action, DeclareResult):
        trigger_end(state, action.result, lazy("the players declare the objective's result"))
    elif isinstance(action, EndTurn):
        end_turn(state)


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
        lazy_plural(
            "{name} joins at level {level}: {hp} hit points, {n} card",
            "{name} joins at level {level}: {hp} hit points, {n} cards",
            len(hand),
            name=spec.name,
            level=action.level,
            hp=hp,
        ),
        "HV-CHAR-1",
        "HV-CHAR-2",
    )
    if len(state.characters) == state.players:
        _start_scenario(state)


def _start_scenario(state: CompanionState) -> None:
    spec = state.content.spec
    state.decks = ModifierDecks.standard(list(state.characters), state.rules, state.catalog)
    state.emit("goal", _objective_text(state), "HV-GOAL-1")
    for index in range(len(spec.rules)):
        _fire_rule(state, index)
    for room in spec.rooms:
        if room.initial:
            reveal(state, room.id, opened=False)
    state.phase = "select"


def _objective_text(state: CompanionState) -> Msg:
    goal = state.content.spec.goal
    if goal.kind == "kill_all":
        words = lazy("objective: kill every monster and reveal every room")
    elif goal.kind == "kill_boss":
        words = lazy("objective: kill the boss")
    else:
        words = lazy("objective: as the scenario book says; the players declare the result")
    if goal.text:
        return lazy("{objective} — {text}", objective=words, text=goal.text)
    return words


def reveal(state: CompanionState, room_id: str, *, opened: bool = True) -> None:
    """HV-ROOM-1: the room is revealed; its roster for this party size is set out
    (HV-SCEN-1), and its treasure tiles (HV-LOOT-6)."""
    room = state.content.room(room_id)
    state.revealed.append(room_id)
    if opened and room.tile:
        said = lazy(
            "the door opens: room {room} (tile {tile}) is revealed", room=room_id, tile=room.tile
        )
    elif opened:
        said = lazy("the door opens: room {room} is revealed", room=room_id)
    elif room.tile:
        said = lazy("room {room} (tile {tile}) is revealed", room=room_id, tile=room.tile)
    else:
        said = lazy("room {room} is revealed", room=room_id)
    state.emit("room", said, "HV-ROOM-1", room=room_id)
    for placement in room.monsters:
        rank = placement.rank_for(state.players)
        if rank is None:
            continue
        offset = int(getattr(placement, "level_offset", 0))
        set_out(
            state,
            placement.type,
            rank == "elite",
            drops_loot=True,
            why=lazy("room {room}", room=room_id),
            level_offset=offset,
        )
    for index in room.objectives:
        _set_out_objective(state, index, room_id)
    for treasure in room.treasures:
        state.treasures.append(treasure)
        state.emit(
            "loot",
            lazy("treasure {treasure} in room {room}", treasure=treasure, room=room_id),
            "HV-LOOT-6",
        )


def set_out(
    state: CompanionState,
    monster_type: str,
    elite: bool,
    *,
    drops_loot: bool,
    why: Msg,
    level_offset: int = 0,
) -> None:
    """Place a standee of ``monster_type``: the lowest free number (HV-MON-LIMIT-1); a
    placement may play some levels above or below the monster level (HV-SCEN-7)."""
    mtype = state.content.monster_types[monster_type]
    used = {m.number for m in state.monsters() if m.type == monster_type}
    free = [n for n in range(1, mtype.standees + 1) if n not in used]
    if not free:
        state.emit(
            "monster",
            lazy(
                "no {monster} standee is left: none is placed ({why})", monster=mtype.name, why=why
            ),
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
        level_offset=level_offset,
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
    rank = term("boss" if figure.boss else ("elite" if figure.elite else "normal"))
    fields = {"figure": figure.id, "rank": rank, "monster": mtype.name, "hp": figure.hp}
    if level_offset:
        said = lazy(
            "{figure} ({rank} {monster}, {hp} hit points, level {level}) is set out: {why}",
            level=state.monster_level(figure),
            why=why,
            **fields,
        )
    else:
        said = lazy(
            "{figure} ({rank} {monster}, {hp} hit points) is set out: {why}", why=why, **fields
        )
    notes = list(getattr(mtype, "notes", ()))
    if notes:
        said = lazy("{said}; by hand: {notes}", said=said, notes=notes)
    state.emit(
        "monster",
        said,
        *(["HV-BOSS-1"] if figure.boss else ["HV-MON-1"]),
        figure=figure.id,
    )
    if state.phase == "turns" and state.groups[monster_type].card is not None:
        _join_acting(state, figure)


def _summon(state: CompanionState, action: SummonFigure) -> None:
    """HV-SUM-1, HV-SUM-2: the class's summon with its printed hit points."""
    spec = state.content.classes[action.character].summons[action.summon]
    base = f"{action.character}-{action.summon}"
    number = 1 + sum(1 for f in state.figures.values() if f.type == base)
    figure = Standee(
        f"{base}-{number}",
        "summon",
        base,
        spec.hp,
        spec.hp,
        number=number,
        owner=action.character,
        drops_loot=False,
    )
    state.figures[figure.id] = figure
    state.emit(
        "summon",
        lazy(
            "{character} summons {summon} as {figure} ({hp} hit points, move {move},"
            " attack {attack} range {range})",
            character=action.character,
            summon=spec.name or action.summon,
            figure=figure.id,
            hp=spec.hp,
            move=spec.move,
            attack=spec.attack,
            range=spec.range,
        )
        if spec.range
        else lazy(
            "{character} summons {summon} as {figure} ({hp} hit points, move {move},"
            " attack {attack})",
            character=action.character,
            summon=spec.name or action.summon,
            figure=figure.id,
            hp=spec.hp,
            move=spec.move,
            attack=spec.attack,
        ),
        "HV-SUM-1",
        "HV-SUM-2",
    )


def _set_out_objective(state: CompanionState, index: int, room_id: str) -> None:
    """An objective figure of the scenario: hit points from its number or equation (HV-SCEN-4)."""
    spec = state.content.spec.objectives[index]
    hp = (
        spec.hp
        if isinstance(spec.hp, int)
        else evaluate(spec.hp, level=max(0, state.level), characters=state.players)
    )
    slug = (
        "".join(ch if ch.isalnum() else "-" for ch in spec.name.lower()).strip("-") or "objective"
    )
    for _ in range(spec.count):
        number = 1 + sum(1 for f in state.figures.values() if f.type == slug)
        figure = Standee(
            f"{slug}-{number}",
            "objective",
            slug,
            max(1, hp),
            max(1, hp),
            number=number,
            escort=spec.escort,
            drops_loot=False,
        )
        state.figures[figure.id] = figure
        shown = {"figure": figure.id, "name": spec.name, "hp": figure.hp, "room": room_id}
        said = (
            lazy(
                "{figure} ({name}, {hp} hit points, an ally to protect) is set out: room {room}",
                **shown,
            )
            if spec.escort
            else lazy(
                "{figure} ({name}, {hp} hit points, an objective) is set out: room {room}", **shown
            )
        )
        state.emit(
            "objective",
            said,
            "HV-SCEN-4",
            figure=figure.id,
        )


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
    state.emit("special-rule", lazy("special rule: {text}", text=text), "HV-SCEN-7")


def _select(state: CompanionState, action: SelectCard | LongRest) -> None:
    character = state.characters[action.character]
    if isinstance(action, LongRest):
        character.long_rest = True
        character.initiative = 99
        state.emit(
            "select",
            lazy("{character} declares a long rest (initiative 99)", character=character.id),
            "HV-REST-2",
        )
        return
    if character.leading is None:
        character.leading = action.card
        character.initiative = _card(state, character.id, action.card).initiative
        state.emit(
            "select",
            lazy("{character} leads with {card}", character=character.id, card=action.card),
            "HV-CARD-1",
            "HV-CARD-2",
        )
    else:
        character.second = action.card
        state.emit(
            "select",
            lazy("{character} selects {card} second", character=character.id, card=action.card),
            "HV-CARD-1",
        )


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
        lazy(
            "{monster} draws {card} (initiative {initiative})",
            monster=state.content.monster_types[action.group].name,
            card=action.card,
            initiative=spec.initiative,
        ),
        "HV-MON-3",
        group=action.group,
    )
    for figure in sorted(state.monsters(), key=_monster_order):
        if figure.type == action.group:
            state.emit(
                "numbers",
                lazy(
                    "  {figure}: {abilities}",
                    figure=figure.id,
                    abilities=numbers(state, figure).parts(),
                ),
                "HV-MON-4",
            )
    if state.order:
        _insert_late_group(state, action.group)


def _group_initiative(state: CompanionState, group_type: str) -> int:
    group = state.groups[group_type]
    deck = state.content.deck_of(group_type)
    return next(c.initiative for c in deck.cards if c.id == group.card)


def _order(state: CompanionState) -> tuple[list[str], list[list[str]]]:
    """HV-INIT-1..4: ascending initiative; a character before a monster group on a tie
    (HV-INIT-3); tied characters by their second card. Returns the order and the entries
    still tied, which the players put in order (HV-INIT-2; groups: GH p.18, FH p.19)."""
    keyed: list[tuple[tuple[int, int, int], str]] = []
    for character in state.living_characters():
        second = 99
        if character.second is not None:
            second = _card(state, character.id, character.second).initiative
        keyed.append(((character.initiative, 0, second), CHARACTER + character.id))
    for group_type, group in state.groups.items():
        if group.card is not None and any(m.type == group_type for m in state.monsters()):
            keyed.append(((_group_initiative(state, group_type), 1, 0), MONSTER + group_type))
    keyed.sort()
    ties: list[list[str]] = []
    for n, (key, entry) in enumerate(keyed):
        if n and keyed[n - 1][0] == key:
            if ties and ties[-1][-1] == keyed[n - 1][1]:
                ties[-1].append(entry)
            else:
                ties.append([keyed[n - 1][1], entry])
    return [entry for _, entry in keyed], ties


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
        _start_order(state)


def _start_order(state: CompanionState) -> None:
    state.emit(
        "initiative",
        lazy("order: {order}", order=[e.split(":", 1)[1] for e in state.order]),
        "HV-INIT-1",
    )
    _start_slot(state)


def _insert_late_group(state: CompanionState, group_type: str) -> None:
    """A group revealed during the turns acts this round if its initiative is still to come."""
    initiative = _group_initiative(state, group_type)
    now = _slot_initiative(state, state.order[state.slot]) if state.slot < len(state.order) else 100
    if initiative <= now:
        state.emit(
            "initiative",
            lazy(
                "{group} (initiative {initiative}) is revealed after its turn: it acts next round",
                group=group_type,
                initiative=initiative,
            ),
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


def _play_half(state: CompanionState, action: PlayHalf) -> None:
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
        "rest",
        lazy(
            "{character} loses {card} and takes back its discard pile",
            character=character.id,
            card=action.card,
        ),
        "HV-REST-2",
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


def _follow_mover(state: CompanionState, action: FollowMover, turn: TurnInProgress) -> None:
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


def _loot(state: CompanionState, action: Loot) -> None:
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


def _loot_treasure(state: CompanionState, action: LootTreasure) -> None:
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


def _short_rest(state: CompanionState, action: ShortRest) -> None:
    state.rest_queue.pop(0)
    if action.rest:
        state.rest_loss = action.character
        state.emit(
            "rest", lazy("{character} takes a short rest", character=action.character), "HV-REST-1"
        )


def _rest_loss(state: CompanionState, action: RestLoss) -> None:
    """HV-REST-1: the random card; the first may be redrawn once for 1 damage."""
    if state.rest_redrawn:
        _finish_rest(state, action.character, action.card)
        return
    state.rest_card = action.card
    state.emit(
        "rest",
        lazy("{character} would lose {card}", character=action.character, card=action.card),
        "HV-REST-1",
    )


def _redraw(state: CompanionState, action: Redraw) -> None:
    if not action.redraw:
        _finish_rest(state, action.character, state.rest_card)
        return
    state.rest_redrawn = True
    state.emit(
        "rest",
        lazy(
            "{character} suffers 1 damage to lose another card instead",
            character=action.character,
        ),
        "HV-REST-1",
    )
    figure = state.figures[action.character]
    take_damage(state, figure, 1, lazy("a short rest's redraw"), ("HV-REST-1",))
    if state.characters[action.character].exhausted:
        state.rest_loss = state.rest_card = ""
        state.rest_redrawn = False


def _finish_rest(state: CompanionState, character_id: str, card: str) -> None:
    character = state.characters[character_id]
    character.discard.remove(card)
    character.lost.append(card)
    character.hand.extend(character.discard)
    character.discard = []
    state.rest_loss = state.rest_card = ""
    state.rest_redrawn = False
    state.emit(
        "rest",
        lazy(
            "{character} loses {card} at random and takes back its discards",
            character=character.id,
            card=card,
        ),
        "HV-REST-1",
    )


def _end_round(state: CompanionState) -> None:
    state.turn = None
    state.order = []
    state.slot = 0
    if state.ending:
        finish(state, state.ending, lazy("the round is played out (HV-GOAL-1)"))
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
        state.emit("reshuffle", deck_reshuffled(owner), "HV-ATK-4")
    for group in state.groups.values():
        if group.card is not None:
            group.deck.discard(group.card)
        if group.reshuffle_due:
            group.deck.reshuffle()
            group.reshuffle_due = False
            state.emit(
                "reshuffle",
                lazy("{group}'s ability deck is reshuffled", group=group.type),
                "HV-MON-3",
            )
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
            exhaust(state, character.id, lazy("fewer than two cards to play or rest with"))
    if state.result:
        return
    state.round += 1
    state.phase = "select"
    state.emit("round", lazy("round {round} begins", round=state.round), "HV-ELEM-2")


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
            state.order, state.ties = _order(state)
            state.slot = 0
            if state.ties:
                return
            _start_order(state)
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
                start_attack(state, monster_attack(state, figure, values.attack, target))
            continue
        if turn is not None and turn.actor not in state.figures:
            end_turn(state)
            continue
        return
