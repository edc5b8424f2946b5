"""The turns phase: who takes the next turn, a turn's start and end (HV-INIT-1..5).

Turns run in initiative order, summons before their summoner (HV-INIT-5);
monsters revealed during a turn join this round (GH p.19). A turn starts with
regenerate and wound (condition_timing.py) and stun (HV-COND-STUN-1); it ends
with infusions (GH p.24; FH p.43), then bane and the conditions that last until
the end of the turn (HV-COND-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.games.haven import (
    bonuses,
    condition_timing,
    elements,
    escapes,
    initiative,
    loot,
    monster_turns,
    rest,
    special_rules,
)
from rulekeeper.games.haven import turn as turns
from rulekeeper.games.haven.conditions import has
from rulekeeper.games.haven.initiative import monster_card_initiative
from rulekeeper.games.haven.round_end import begin_end_of_round
from rulekeeper.games.haven.state import Turn, new_turn
from rulekeeper.games.haven.who_acts import CARD_STAGES, HERO_STAGES, PARTY_STAGES
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Hero


def start_turns(state: HavenState) -> None:
    state.order = initiative.turn_order(state)
    state.slot = -1
    state.actors = []
    state.phase = "turns"
    shown = list(state.order)
    state.emit(
        "initiative",
        lazy("round {round} order: {order}", round=state.round, order=shown),
        "HV-INIT-1",
        "HV-INIT-3",
    )


def advance_turns(state: HavenState) -> bool:
    """One automatic step of the turns phase; False when a decision is pending."""
    t = state.turn
    if t is None:
        if state.arrivals:
            _revealed_monsters_join(state)
        while not state.actors:
            state.slot += 1
            if state.slot >= len(state.order):
                begin_end_of_round(state)
                return True
            state.actors = initiative.actors_of_slot(state, state.order[state.slot])
        actor = state.actors.pop(0)
        if actor in state.figures:
            _start_turn(state, state.figures[actor])
        return True
    figure = state.figures.get(t.actor)
    if figure is None or t.stage == "end":
        _end_turn(state)
        return True
    hero = state.heroes.get(t.actor)
    if hero is not None:
        return _advance_hero(state, hero, figure, t)
    if t.stage in PARTY_STAGES or t.stage in CARD_STAGES or t.stage == "summon_draw":
        return False
    if t.attack.get("pending") or t.attack.get("effect"):
        monster_turns.next_target(state, figure, t)
        return True
    if not t.queue:
        _end_turn(state)
        return True
    return monster_turns.step(state, figure, t)


def _revealed_monsters_join(state: HavenState) -> None:
    """HV-ROOM-3 (GH p.19; FH p.44): monsters revealed this turn act this round.

    Once the revealing character's turn is over, a revealed type whose
    initiative is lower than that character's (or whose group has already
    acted) acts at once, types in initiative order, elites first then by
    standee number (HV-INIT-4); a type acting later takes its place in the
    order, and its new standees act with it.
    """
    arrived = [f for f in state.arrivals if f in state.figures]
    state.arrivals = []
    if not 0 <= state.slot < len(state.order):
        return
    current = state.order[state.slot]
    hero = state.heroes.get(current)
    now = hero.initiative if hero is not None else _slot_key(state, current)[0]
    passed = state.order[: state.slot + 1]
    at_once: list[tuple[int, str]] = []
    for mtype in sorted({initiative.group_of(state, state.figures[f].type) for f in arrived}):
        value = initiative.group_initiative(state, mtype)
        slot = initiative.GROUP_PREFIX + mtype
        if value is None or slot in state.order[state.slot + 1 :]:
            continue  # no card (it acts from next round), or its turn is still to come
        if slot in passed or value < now:
            at_once.append((value, mtype))
            continue
        key = (value, 1)
        later = range(state.slot + 1, len(state.order))
        where = next((j for j in later if _slot_key(state, state.order[j]) > key), None)
        state.order.insert(len(state.order) if where is None else where, slot)
        state.emit(
            "initiative",
            lazy(
                "the revealed {mtype} monsters act at initiative {value} this round (GH p.19)",
                mtype=mtype,
                value=value,
            ),
            "HV-INIT-1",
            "HV-INIT-4",
        )
    for value, mtype in sorted(at_once):
        members = [f for f in initiative.monsters_of(state, mtype) if f in arrived]
        state.actors.extend(members)
        state.emit(
            "initiative",
            lazy(
                "the revealed {mtype} monsters (initiative {value}) act now, after {current}'s turn"
                " (GH p.19)",
                mtype=mtype,
                value=value,
                current=current,
            ),
            "HV-INIT-4",
        )


def _slot_key(state: HavenState, slot: str) -> tuple[int, int]:
    """A slot's place in the order: initiative, characters before monster groups (HV-INIT-3)."""
    if slot.startswith(initiative.GROUP_PREFIX):
        # A group keeps its card's place even when its last monster has died.
        name = slot.removeprefix(initiative.GROUP_PREFIX)
        card = state.groups[name].card
        return (monster_card_initiative(state, name, card) if card else 100, 1)
    if slot == initiative.ALLY_SLOT:
        return (state.spec.allies.initiative, 1)  # HV-GOAL-3
    hero = state.heroes.get(slot)
    return (hero.initiative if hero is not None else 100, 0)


def _advance_hero(state: HavenState, hero: Hero, figure: Figure, t: Turn) -> bool:
    if t.stage == "long_rest_lose" and not hero.discard and not bonuses.rest_cards(state, hero.id):
        # Negation (HV-NEG-1) may have emptied the discard pile: nothing is left to lose.
        t.stage = rest.nothing_to_lose(state, hero, t)
        return True
    if t.stage in HERO_STAGES or t.stage.startswith("long_rest"):
        return False
    if t.queue:
        return turns.enter_hero_ability(state, figure, t)
    if len(t.halves) < 2:
        t.stage = "choose"
        return False
    _end_turn(state)
    return True


def _start_turn(state: HavenState, figure: Figure) -> None:
    hero = state.heroes.get(figure.id)
    t = new_turn(figure.id)
    state.turn = t
    state.emit("turn", lazy("{figure}'s turn", figure=figure.id), figure=figure.id)
    condition_timing.start_of_turn(state, figure)
    if figure.id not in state.figures:
        return
    if hero is not None:
        t.stage = "long_rest_lose" if hero.long_rest else "choose"
        return
    if has(figure, "stun"):
        state.emit(
            "stun",
            lazy("{figure} is stunned and loses its turn", figure=figure.id),
            "HV-COND-STUN-1",
        )
        t.stage = "end"
        return
    t.stage = "ability"
    t.queue = monster_turns.program(state, figure)


def _end_turn(state: HavenState) -> None:
    t = state.turn
    if t is None:
        return
    turns.settle_half(state, t)
    _infuse(state, t.infusions)
    figure = state.figures.get(t.actor)
    if figure is not None:
        loot.end_of_turn_loot(state, figure)  # HV-LOOT-2
        special_rules.end_of_turn(state, figure)  # HV-ROOM-5
        escapes.end_of_turn(state, figure)  # HV-ROOM-5: asked once the turn is over
    if figure is not None:
        condition_timing.end_of_turn(state, figure)
    state.turn = None


def _infuse(state: HavenState, infusions: list[str]) -> None:
    """Infusions take effect at the end of the turn; a monster group's at the end of its last
    monster's turn, so no monster of the group consumes what the group made (GH p.24; FH p.43)."""
    slot = state.order[state.slot] if 0 <= state.slot < len(state.order) else ""
    if slot.startswith(initiative.GROUP_PREFIX):
        group = state.groups[slot.removeprefix(initiative.GROUP_PREFIX)]
        group.infusions.extend(infusions)
        if any(a in state.figures for a in state.actors):
            return
        infusions, group.infusions = group.infusions, []
    elements.infuse_at_end_of_turn(state, infusions)
