"""The round, top-down as the rulebook tells it, and who decides at each point.

1. Card selection (HV-CARD-1): each character selects two cards or declares a
   long rest; round start first exhausts characters who cannot (HV-EXH-1).
2. Monster ability cards: one chance node per monster group on the map.
3. Initiative order (HV-INIT-1..4); tied characters are ordered by the players
   (HV-INIT-2).
4. Turns in order: summons before their summoner (HV-INIT-5); a character plays
   its halves (HV-CARD-3) or long rests (HV-REST-2); monsters and summons are
   run by the monster mover (monster_turns.py).
5. End of round: short rests (HV-REST-1), modifier decks that drew ×2 or null
   reshuffle (HV-ATK-4), ability decks that drew a shuffle card reshuffle,
   shields end, elements wane; a survive objective may be met.

:func:`advance` runs everything that needs no decision until a player or
chance must act, so the state always rests at a decision, a chance node or
the end.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.games.haven import (
    cards,
    elements,
    exhaustion,
    forced_movement,
    initiative,
    items,
    loot,
    monster_abilities,
    monster_turns,
    objectives,
    rest,
    retaliate,
    special_rules,
)
from rulekeeper.games.haven import (
    turn as turns,
)
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseMonsterOption,
    ChooseTarget,
    DrawAbility,
    DrawLoot,
    GroupFirst,
    LongRest,
    LoseCard,
    Negate,
    PlaceSummon,
    PlayHalf,
    Resolved,
    SelectCard,
    UseItem,
)
from rulekeeper.games.haven.attack_draw import DrawModifier, KeepModifier, NeedCard
from rulekeeper.games.haven.conditions import expiring_at_end_of_turn, turn_start_damage
from rulekeeper.games.haven.map_state import monster_card_initiative
from rulekeeper.games.haven.state import Turn

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import Figure, HavenState, Hero

CATALOG = turns.CATALOG
HERO_STAGES = ("choose", "move", "attack", "area", "area_target", "heal", "summon")
"""A character's steps that wait for its player's choice."""
PARTY_STAGES = ("monster_option", "monster_heal", "monster_summon")
"""A monster's choices the rules leave to the players: player 0 decides (HV-MOVE-MON-3)."""


# -- who acts ------------------------------------------------------------------------------
def _draw_needs_card(state: HavenState) -> bool:
    t = state.turn
    return t is not None and t.draw is not None and isinstance(t.draw.next_step(CATALOG), NeedCard)


def _group_to_draw(state: HavenState) -> str | None:
    for name, group in sorted(state.groups.items()):
        if group.card is None and initiative.monsters_of(state, name):
            return name
    return None


def _player_of(state: HavenState, figure_id: str) -> int:
    figure = state.figures.get(figure_id)
    owner = figure.owner if figure is not None and figure.owner else figure_id
    hero = state.heroes.get(owner)
    return hero.player if hero is not None else 0


def current_player(state: HavenState) -> int:
    if state.result:
        return TERMINAL
    if state.negation is not None:
        return state.heroes[state.negation.hero].player
    t = state.turn
    if t is not None and t.draw is not None:
        return CHANCE if _draw_needs_card(state) else _player_of(state, t.actor)
    if state.loot_draws:
        return CHANCE
    if state.by_hand:
        return 0
    if state.reveal_draws:
        return CHANCE
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        return hero.player if hero is not None else 0
    if state.phase == "draw":
        return CHANCE
    if state.phase == "tie":
        return 0
    if state.phase == "rest" and state.rest is not None:
        if state.rest.stage == "loss":
            return CHANCE
        return state.heroes[state.rest.hero].player
    if t is not None:
        if t.stage == "summon_draw":
            return CHANCE
        if t.stage == "forced":
            figure = state.figures.get(t.actor)
            return 0 if figure is None or figure.kind == "monster" else _player_of(state, t.actor)
        if t.stage in PARTY_STAGES:
            return 0
        return _player_of(state, t.actor)
    return 0


def pending_decision(state: HavenState) -> str:
    if state.result:
        return "the scenario is over"
    if state.negation is not None:
        n = state.negation
        if n.pile:
            return f"{n.hero}: choose a card to lose from the {n.pile} (HV-NEG-1)"
        return (
            f"{n.hero} is about to suffer {n.damage} damage from {n.source}: negate it? (HV-NEG-1)"
        )
    t = state.turn
    if t is not None and t.draw is not None:
        return (
            "draw an attack modifier" if _draw_needs_card(state) else "keep a modifier (HV-ADV-3)"
        )
    if state.loot_draws:
        return f"{state.loot_draws[0]} draws a loot card (HV-LOOT-5)"
    if state.by_hand:
        return f"special rule, {special_rules.BY_HAND}: {state.by_hand[0]} (HV-SCEN-7)"
    if state.reveal_draws:
        return f"draw an ability card for the revealed {state.reveal_draws[0]} (GH p.19)"
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            which = "leading card (sets initiative)" if hero.leading is None else "second card"
            return f"{hero.id}: select a {which}, or long rest (HV-CARD-1)"
    if state.phase == "draw":
        return "draw monster ability cards"
    if state.phase == "tie":
        if initiative.tied_characters(state):
            return "characters tied on initiative: who acts first? (HV-INIT-2)"
        return "monster groups tied on initiative: which acts first? (HV-INIT-2)"
    if state.phase == "rest" and state.rest is not None:
        r = state.rest
        if r.stage == "decide":
            return f"{r.hero}: take a short rest? (HV-REST-1)"
        if r.stage == "redraw":
            return f"{r.hero}: keep losing {r.lost_card}, or suffer 1 damage to redraw (HV-REST-1)"
        return "the short rest loses a random card"
    if t is not None:
        prompts = {
            "choose": f"{t.actor}: play a top or bottom half (HV-CARD-3)",
            "move": f"{t.actor}: where to move (HV-MOVE-1)",
            "attack": f"{t.actor}: choose a target",
            "area": f"{t.actor}: place the attack's area (turned or mirrored)",
            "area_target": f"{t.actor}: which target in the area is attacked next",
            "heal": f"{t.actor}: choose whom to heal",
            "summon": f"{t.actor}: place the summon (HV-SUM-1)",
            "monster_option": f"{t.actor}: the monster mover found tied options (HV-MOVE-MON-3)",
            "forced": f"{t.actor}: where does the push or pull take its target next?",
            "monster_heal": f"{t.actor}: whom does it heal? they have lost the same most hit points",
            "monster_summon": f"{t.actor}: where does its summon go? (HV-SUM-1, HV-MOVE-MON-3)",
            "summon_draw": "draw an ability card for the summoned monster's initiative",
            "long_rest_lose": f"{t.actor}: choose the card the long rest loses (HV-REST-2)",
            "long_rest_heal": f"{t.actor}: heal 2 with the long rest? (HV-REST-2)",
        }
        return prompts.get(t.stage, "choose an action")
    return "choose an action"


# -- what is legal ---------------------------------------------------------------------------
def legal_actions(state: HavenState) -> list[Action]:
    if state.result:
        return []
    if current_player(state) == CHANCE:
        return [a for a, _ in chance_outcomes(state) or []]
    if state.negation is not None:
        return _negation_actions(state)
    t = state.turn
    if t is not None and t.draw is not None:
        return t.draw.legal_choices(CATALOG)
    if state.by_hand:
        return special_rules.pending_actions(state)
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        return cards.selection_actions(hero) if hero is not None else []
    if state.phase == "tie":
        tied = initiative.tied_characters(state)
        if tied:
            return [ActFirst(h) for h in tied]
        return [GroupFirst(g) for g in initiative.tied_groups(state)]
    if state.phase == "rest" and state.rest is not None:
        return rest.rest_actions(state, state.rest)
    if t is None:
        return []
    figure = state.figures.get(t.actor)
    if figure is None:
        return []
    if t.stage == "monster_option":
        return [
            ChooseMonsterOption(i, monster_turns.option_summary(o)) for i, o in enumerate(t.options)
        ]
    if t.stage == "forced":
        return forced_movement.actions(state, t)
    if t.stage == "monster_heal":
        return [ChooseTarget(c) for c in t.targeted]
    if t.stage == "monster_summon":
        return [PlaceSummon(h) for h in monster_abilities.summon_hexes(state, figure)]
    hero = state.heroes.get(t.actor)
    if hero is None:
        return []
    if t.stage == "choose":
        return [*cards.play_actions(hero, t), *items.usable(state, hero)]
    if t.stage.startswith("long_rest"):
        return rest.long_rest_actions(state, hero, t)
    return [*turns.hero_step_actions(state, figure, t), *items.usable(state, hero)]


def chance_outcomes(state: HavenState) -> list[tuple[Action, Fraction]] | None:
    t = state.turn
    if state.negation is None and t is not None and t.draw is not None and _draw_needs_card(state):
        return t.draw.chance_outcomes(state.decks[t.draw.deck], CATALOG)
    if state.negation is None and state.loot_draws and (t is None or t.draw is None):
        return loot.draw_outcomes(state)
    if state.negation is None and state.reveal_draws and (t is None or t.draw is None):
        return _ability_outcomes(state, state.reveal_draws[0])
    if state.phase == "draw" and state.negation is None:
        name = _group_to_draw(state)
        if name is not None:
            return _ability_outcomes(state, name)
    if state.phase == "rest" and state.rest is not None and state.rest.stage == "loss":
        return rest.loss_outcomes(state, state.rest)
    if state.negation is None and t is not None and t.stage == "summon_draw":
        return _ability_outcomes(state, t.draw_target)
    return None


def _ability_outcomes(state: HavenState, name: str) -> list[tuple[Action, Fraction]]:
    deck = state.groups[name].deck
    if deck.is_empty:
        deck = deck.copy()
        deck.reshuffle()
    return [(DrawAbility(name, c), p) for c, p in deck.draw_outcomes()]


def _negation_actions(state: HavenState) -> list[Action]:
    n = state.negation
    if n is None:
        return []
    hero = state.heroes[n.hero]
    if not n.pile:
        return [Negate(hero.id, c) for c in exhaustion.negation_choices(hero)]  # type: ignore[arg-type]
    pile = hero.hand if n.pile == "hand" else hero.discard
    return [LoseCard(hero.id, c) for c in sorted(set(pile))]


# -- checking ----------------------------------------------------------------------------------
def check(state: HavenState, action: Action) -> None:
    """Raise RuleViolation naming the rule ``action`` breaks here; never mutates."""
    if state.result:
        raise RuleViolation("CORE-END", "the scenario is over")
    legal = legal_actions(state)
    if action in legal:
        _check_actor(state)
        return
    if current_player(state) == CHANCE:
        raise RuleViolation("CORE-CHANCE", f"{action.label()} is not a possible outcome here")
    t = state.turn
    if state.negation is not None:
        raise RuleViolation("HV-NEG-1", "first decide how to take the pending damage")
    if state.by_hand:
        raise RuleViolation("HV-SCEN-7", f"first resolve by hand: {state.by_hand[0]}")
    if isinstance(action, UseItem):
        items.check_use(state, action)
    if t is not None and t.draw is not None:
        if isinstance(action, KeepModifier):
            t.draw.check(action, state.decks[t.draw.deck], CATALOG)
        raise RuleViolation("HV-ATK-1", "an attack modifier draw is in progress")
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            cards.check_selection(hero, action)
        raise RuleViolation("HV-CARD-1", f"{action.label()} is not a card selection now")
    if state.phase == "tie":
        who = "characters" if initiative.tied_characters(state) else "monster groups"
        raise RuleViolation("HV-INIT-2", f"choose one of the {who} still tied")
    if state.phase == "rest" and state.rest is not None:
        rest.check_rest(state, state.rest, action)
        raise RuleViolation("HV-REST-1", f"{action.label()} is not part of the short rest now")
    if t is None:
        raise RuleViolation("CORE-LEGAL", f"{action.label()} is not legal now")
    figure = state.figures[t.actor]
    if t.stage == "monster_option" and isinstance(action, ChooseMonsterOption):
        monster_turns.check_option(state, figure, t, action.index)
        raise RuleViolation("HV-MOVE-MON-3", "that is not one of the mover's options")
    if t.stage == "forced":
        forced_movement.check(state, t, action)
    if t.stage == "monster_heal":
        raise RuleViolation(
            "HV-MOVE-MON-3",
            f"a monster heals the figure in range that has lost the most hit points:"
            f" {', '.join(t.targeted)}",
        )
    if t.stage == "monster_summon":
        raise RuleViolation(
            "HV-SUM-1",
            "a monster's summon goes in an empty adjacent hex as close to an enemy as possible",
        )
    if isinstance(action, SelectCard | LongRest):
        raise RuleViolation("HV-CARD-1", "cards are selected at the start of the round")
    hero = state.heroes.get(t.actor)
    if hero is not None and t.stage == "choose":
        if isinstance(action, PlayHalf):
            cards.check_play(hero, t, action)
        raise RuleViolation("HV-CARD-3", "play a top or bottom half of a selected card")
    if hero is not None and t.stage.startswith("long_rest"):
        rest.check_long_rest(state, hero, t, action)
    if isinstance(action, PlayHalf):
        raise RuleViolation("HV-CARD-3", "finish the half being performed first")
    if hero is not None and t.queue:
        turns.check_hero_step(state, figure, t, action)
    raise RuleViolation("CORE-LEGAL", f"{action.label()} is not legal now")


def _check_actor(state: HavenState) -> None:
    t = state.turn
    if t is not None and t.actor in state.figures:
        from rulekeeper.games.haven.summons import check_can_act

        check_can_act(state, state.figures[t.actor])


# -- applying ----------------------------------------------------------------------------------
def apply(state: HavenState, action: Action) -> None:
    t = state.turn
    if isinstance(action, DrawLoot):
        loot.apply_draw(state, action)
    elif isinstance(action, Resolved):
        special_rules.resolve(state)
    elif isinstance(action, UseItem):
        items.use(state, action)
    elif isinstance(action, DrawAbility):
        revealed = action.group in state.reveal_draws
        if revealed:
            state.reveal_draws.remove(action.group)
        group = state.groups[action.group]
        if group.deck.is_empty:
            group.deck.reshuffle()
        group.deck.draw(action.card)
        group.card = action.card
        deck = state.spec.monster_decks[state.spec.monster_types[action.group].deck]
        spec = next(c for c in deck.cards if c.id == action.card)
        group.reshuffle_due = group.reshuffle_due or spec.shuffle
        state.emit(
            "ability-card",
            f"{action.group} draws {action.card} (initiative {spec.initiative})"
            + (": revealed this round, it acts this round (GH p.19)" if revealed else ""),
            "HV-INIT-4",
        )
        if not revealed and t is not None and t.stage == "summon_draw":
            t.stage = "ability"
            t.draw_target = ""
    elif isinstance(action, DrawModifier | KeepModifier) and t is not None and t.draw is not None:
        t.draw = t.draw.apply(action, state.decks[t.draw.deck], CATALOG)
    elif state.negation is not None:
        _apply_negation(state, action)
    elif state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            cards.apply_selection(state, hero, action)
    elif isinstance(action, ActFirst):
        initiative.choose_first(state, action.character)
        state.emit("initiative", f"the players let {action.character} act first", "HV-INIT-2")
    elif isinstance(action, GroupFirst):
        initiative.choose_group_first(state, action.group)
        state.emit(
            "initiative",
            f"monster groups tied on initiative: the players let {action.group} act first",
            "HV-INIT-2",
        )
    elif state.phase == "rest" and state.rest is not None:
        if rest.apply_rest(state, state.rest, action):
            state.rest = rest.next_rester(state, state.rest.hero)
    elif t is not None:
        _apply_turn_action(state, t, action)
    advance(state)


def _apply_negation(state: HavenState, action: Action) -> None:
    n = state.negation
    if n is None:
        return
    hero = state.heroes[n.hero]
    if isinstance(action, Negate):
        if action.choice == "suffer":
            state.negation = None
            figure = state.figures.get(hero.id)
            if figure is not None:
                exhaustion.suffer(state, figure, n)
            return
        n.pile = action.choice
        n.to_lose = 1 if action.choice == "hand" else 2
        return
    if isinstance(action, LoseCard):
        pile = hero.hand if n.pile == "hand" else hero.discard
        pile.remove(action.card)
        hero.lost.append(action.card)
        n.lost.append(action.card)
        n.to_lose -= 1
        if n.to_lose > 0:
            return
        state.negation = None
        state.emit(
            "negate",
            f"{hero.id} negates {n.damage} damage from {n.source} by losing"
            f" {' and '.join(n.lost)} from its {n.pile}",
            "HV-NEG-1",
            cards=list(n.lost),
        )
        figure = state.figures.get(hero.id)
        if figure is not None:
            turns.add_conditions(state, figure, n.conditions)


def _apply_turn_action(state: HavenState, t: Turn, action: Action) -> None:
    figure = state.figures.get(t.actor)
    if figure is None:
        return
    if t.stage == "forced":
        forced_movement.apply(state, t, action)
        return
    if isinstance(action, ChooseMonsterOption):
        monster_turns.perform(state, figure, t, action.index)
        return
    if t.stage == "monster_heal" and isinstance(action, ChooseTarget):
        monster_abilities.finish_heal(
            state, figure, t, monster_turns.absolute(state, figure, t.queue[0]), action.figure
        )
        return
    if t.stage == "monster_summon" and isinstance(action, PlaceSummon):
        monster_abilities.place_monster(state, figure, t, t.queue[0], action.hex)
        return
    hero = state.heroes.get(t.actor)
    if hero is None:
        return
    if isinstance(action, PlayHalf):
        stunned = turns.has(figure, "stun")
        t.queue = cards.apply_play(state, hero, t, action, stunned=stunned)
        t.stage = "ability"
        if stunned:
            t.queue = []
            state.emit(
                "stun",
                f"{hero.id} is stunned: the half is not performed and the card is discarded",
                "HV-COND-STUN",
                "HV-CARD-4",
            )
        return
    if t.stage.startswith("long_rest"):
        if rest.apply_long_rest(state, hero, t, action):
            t.stage = "end"
        return
    turns.apply_hero_step(state, figure, t, action)


# -- running what needs no decision ----------------------------------------------------------
def advance(state: HavenState) -> None:
    """Run automatic steps until a decision, a chance node, or the end."""
    for _ in range(10_000):
        check_victory(state)
        if not state.result:
            exhaustion.next_negation(state)
        if state.result or state.negation is not None or state.reveal_draws:
            return
        if state.loot_draws or state.by_hand:
            return
        t = state.turn
        if t is not None and t.draw is not None:
            if not t.draw.is_done(CATALOG):
                return
            turns.finish_draw(state)
            continue
        if t is not None and t.attack.get("forced"):
            return  # the pusher chooses the next hex
        if t is not None and t.attack.get("resolving"):
            # The target's damage is settled (negation above): the attack's last effects.
            target = t.attack["resolving"]
            if not t.attack.get("forced_checked"):
                t.attack["forced_checked"] = True
                forced_movement.start(state, t, target)
                continue
            t.attack["resolving"] = ""
            t.attack["forced_checked"] = False
            retaliate.after_attack(state, t.actor, target)
            t.attack["after"] = True
            continue
        if t is not None and t.attack.get("after"):
            t.attack["after"] = False
            _after_target(state, t)
            continue
        if state.phase == "select":
            if cards.selecting_hero(state) is not None:
                return
            state.phase = "draw"
            continue
        if state.phase == "draw":
            if _group_to_draw(state) is not None:
                return
            state.phase = "tie"
            continue
        if state.phase == "tie":
            if initiative.tied_characters(state) or initiative.tied_groups(state):
                return
            _start_turns(state)
            continue
        if state.phase == "turns":
            if not _advance_turns(state):
                return
            continue
        if state.phase == "rest":
            if state.rest is not None:
                return
            _end_of_round(state)
            continue
        return
    raise RuntimeError("haven: automatic steps did not settle")


def _after_target(state: HavenState, t: Turn) -> None:
    figure = state.figures.get(t.actor)
    if figure is None:
        return
    if figure.kind == "character":
        turns.after_attack_target(state, figure, t)
    else:
        monster_turns.next_target(state, figure, t)


def _start_turns(state: HavenState) -> None:
    state.order = initiative.turn_order(state)
    state.slot = -1
    state.actors = []
    state.phase = "turns"
    shown = ", ".join(state.order)
    state.emit("initiative", f"round {state.round} order: {shown}", "HV-INIT-1", "HV-INIT-3")


def _advance_turns(state: HavenState) -> bool:
    """One automatic step of the turns phase; False when a decision is pending."""
    t = state.turn
    if t is None:
        if state.arrivals:
            _revealed_monsters_join(state)
        while not state.actors:
            state.slot += 1
            if state.slot >= len(state.order):
                _begin_end_of_round(state)
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
    if t.stage in PARTY_STAGES or t.stage == "summon_draw":
        return False
    if t.attack.get("pending"):
        monster_turns.next_target(state, figure, t)
        return True
    if not t.queue:
        _end_turn(state)
        return True
    return monster_turns.step(state, figure, t)


def _revealed_monsters_join(state: HavenState) -> None:
    """GH p.19: monsters revealed this turn act this round.

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
    for mtype in sorted({state.figures[f].type for f in arrived}):
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
            f"the revealed {mtype} monsters act at initiative {value} this round (GH p.19)",
            "HV-INIT-1",
            "HV-INIT-4",
        )
    for value, mtype in sorted(at_once):
        members = [f for f in initiative.monsters_of(state, mtype) if f in arrived]
        state.actors.extend(members)
        state.emit(
            "initiative",
            f"the revealed {mtype} monsters (initiative {value}) act now, after {current}'s turn"
            " (GH p.19)",
            "HV-INIT-4",
        )


def _slot_key(state: HavenState, slot: str) -> tuple[int, int]:
    """A slot's place in the order: initiative, characters before monster groups (HV-INIT-3)."""
    if slot.startswith(initiative.GROUP_PREFIX):
        # A group keeps its card's place even when its last monster has died.
        name = slot.removeprefix(initiative.GROUP_PREFIX)
        card = state.groups[name].card
        return (monster_card_initiative(state, name, card) if card else 100, 1)
    hero = state.heroes.get(slot)
    return (hero.initiative if hero is not None else 100, 0)


def _advance_hero(state: HavenState, hero: Hero, figure: Figure, t: Turn) -> bool:
    if t.stage == "long_rest_lose" and not hero.discard:
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
    t = Turn(figure.id)
    state.turn = t
    state.emit("turn", f"{figure.id}'s turn", figure=figure.id)
    wound = turn_start_damage(figure.conditions)
    if wound:
        exhaustion.hurt(state, figure, wound, "its wound", ())
        if figure.id not in state.figures:
            return
    if hero is not None:
        t.stage = "long_rest_lose" if hero.long_rest else "choose"
        return
    if turns.has(figure, "stun"):
        state.emit("stun", f"{figure.id} is stunned and loses its turn")
        t.stage = "end"
        return
    t.stage = "ability"
    t.queue = monster_turns.program(state, figure)


def _end_turn(state: HavenState) -> None:
    t = state.turn
    if t is None:
        return
    _infuse(state, t.infusions)
    figure = state.figures.get(t.actor)
    if figure is not None:
        loot.end_of_turn_loot(state, figure)  # HV-LOOT-2
        special_rules.end_of_turn(state, figure)  # HV-ROOM-5
    if figure is not None:
        for name in expiring_at_end_of_turn(figure.conditions):
            if name not in figure.fresh_conditions:
                figure.conditions.remove(name)
        figure.fresh_conditions = []
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


def _begin_end_of_round(state: HavenState) -> None:
    state.phase = "rest"
    state.rest = rest.next_rester(state, None)


def _end_of_round(state: HavenState) -> None:
    """HV-ATK-4 reshuffles, ability decks, shields, elements; then the next round starts."""
    for owner in state.decks.end_of_round():
        state.emit("reshuffle", f"the {owner} modifier deck is reshuffled", "HV-ATK-4")
    state.arrivals = []
    for group in state.groups.values():
        if group.card is not None:
            group.deck.discard(group.card)
            group.card = None
        if group.reshuffle_due:
            group.deck.reshuffle()
            group.reshuffle_due = False
        group.tie_rank = 0
        group.consumed = []
        group.infusions = []
    for figure in state.figures.values():
        figure.shield = 0
        figure.retaliate = []
    elements.wane(state)
    objectives.end_of_round(state)  # HV-GOAL-1: a triggered end ends the scenario now
    if state.result:
        return
    state.round += 1
    for hero in state.heroes.values():
        hero.leading = hero.second = None
        hero.long_rest = False
        hero.tie_rank = 0
        hero.initiative = 0
    state.order, state.slot, state.actors = [], 0, []
    state.phase = "select"
    state.emit("round", f"round {state.round} begins")
    special_rules.start_of_round(state)  # HV-SCEN-7: before card selection
    exhaustion.start_of_round_exhaustion(state)
    check_victory(state)


def check_victory(state: HavenState) -> None:
    """HV-GOAL-1: note a met goal (the round is played out); rules on deaths fire."""
    if state.result:
        return
    special_rules.after_step(state)
    objectives.check(state)
