"""Companion mode's setup and the figures it sets out: the party joining (HV-CHAR-1/2), the
scenario's start and goal (HV-GOAL-1), rooms revealed with their rosters for the party size
(HV-ROOM-1, HV-SCEN-1), standees with their numbers (HV-MON-LIMIT-1), summons (HV-SUM-1,
HV-SUM-2), objective figures (HV-SCEN-4), treasures (HV-LOOT-6) and special rules shown to
the players (HV-SCEN-7).
"""

from __future__ import annotations

from rulekeeper.core.deck import Deck
from rulekeeper.games.haven.companion_actions import ChooseClass, SummonFigure
from rulekeeper.games.haven.companion_rules import MONSTER
from rulekeeper.games.haven.companion_state import Character, CompanionState, MonsterGroup, Standee
from rulekeeper.games.haven.companion_terms import term
from rulekeeper.games.haven.modifiers import ModifierDecks
from rulekeeper.games.haven.scaling import evaluate
from rulekeeper.i18n import Msg, lazy, lazy_plural


def join_party(state: CompanionState, action: ChooseClass) -> None:
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


def summon(state: CompanionState, action: SummonFigure) -> None:
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
