"""The round, top-down as the rulebook tells it: applying actions and the automatic steps.

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

:func:`apply` routes an action to the rule that decides it; :func:`advance`
runs everything that needs no decision until a player or chance must act, so
the state always rests at a decision, a chance node or the end. Who acts there
is ``who_acts.py``; what is legal, ``legality.py``; the turns phase,
``turn_sequence.py``; the end of the round and victory, ``round_end.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from rulekeeper.core.actions import Action
from rulekeeper.games.haven import (
    added_targets,
    allies,
    attack_resolution,
    bonuses,
    card_effects,
    card_elements,
    cards,
    escapes,
    exhaustion,
    forced_movement,
    initiative,
    items,
    loot,
    monster_abilities,
    monster_turns,
    rest,
    retaliate,
    special_rules,
    standees,
)
from rulekeeper.games.haven import turn as turns
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseElement,
    ChooseMonsterOption,
    ChooseTarget,
    DrawAbility,
    DrawLoot,
    EndBonus,
    Escape,
    GroupFirst,
    ItemsDone,
    LoseCard,
    Negate,
    NumberAlly,
    NumberStandee,
    PlaceSummon,
    PlayHalf,
    Resolved,
    Skip,
    UseItem,
)
from rulekeeper.games.haven.attack_draw import DrawModifier, KeepModifier
from rulekeeper.games.haven.conditions import has
from rulekeeper.games.haven.round_end import check_victory, end_of_round
from rulekeeper.games.haven.turn_sequence import advance_turns, start_turns
from rulekeeper.games.haven.who_acts import group_to_draw
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Turn


# -- applying ----------------------------------------------------------------------------------
_ROUTES: Final[dict[type, int]] = {
    NumberStandee: 1,
    DrawLoot: 2,
    NumberAlly: 3,
    Escape: 4,
    Resolved: 5,
    UseItem: 6,
    ItemsDone: 7,
    DrawAbility: 8,
    DrawModifier: 9,
    KeepModifier: 9,
    ActFirst: 10,
    GroupFirst: 11,
}
"""The action types :func:`apply` routes by type, numbered: one lookup of the action's exact
type instead of a chain of ``isinstance`` tests (issue 12: each failed test of a plain class
costs a look-up of ``__instancecheck__``). No action class is subclassed
(``tests/haven/test_haven_action_routes.py`` checks it), so the exact type decides."""


def apply(state: HavenState, action: Action) -> None:
    t = state.turn
    route = _ROUTES.get(type(action), 0)
    if route == 1:
        standees.apply_number(state, cast("NumberStandee", action))
    elif route == 2:
        loot.apply_draw(state, cast("DrawLoot", action))
    elif route == 3:
        allies.apply_number(state, cast("NumberAlly", action))
    elif route == 4:
        escapes.apply(state, cast("Escape", action))  # HV-ROOM-5
    elif route == 5:
        special_rules.resolve(state)
        exhaustion.finish_held_deaths(state)  # HV-BOSS-3
    elif route == 6:
        items.use(state, cast("UseItem", action))
    elif route == 7:
        _end_defence(state)
    elif route == 8:
        drawn = cast("DrawAbility", action)
        revealed = drawn.group in state.reveal_draws
        if revealed:
            state.reveal_draws.remove(drawn.group)
        group = state.groups[drawn.group]
        if group.deck.is_empty:
            group.deck.reshuffle()
        group.deck.draw(drawn.card)
        group.card = drawn.card
        spec = initiative.ability_card(state, drawn.group, drawn.card)
        group.reshuffle_due = group.reshuffle_due or spec.shuffle
        state.emit(
            "ability-card",
            lazy(
                "{group} draws {card} (initiative {initiative}): revealed this round, it acts this"
                " round (GH p.19)",
                group=drawn.group,
                card=drawn.card,
                initiative=spec.initiative,
            )
            if revealed
            else lazy(
                "{group} draws {card} (initiative {initiative})",
                group=drawn.group,
                card=drawn.card,
                initiative=spec.initiative,
            ),
            "HV-INIT-4",
            "HV-MON-3",
            *(["HV-ROOM-3"] if revealed else []),
        )
        if not revealed and t is not None and t.stage == "summon_draw":
            t.stage = "ability"
            t.draw_target = ""
    elif route == 9 and t is not None and t.draw is not None:
        draw_action = cast("DrawModifier | KeepModifier", action)
        t.draw = t.draw.apply_listed(draw_action, state.decks[t.draw.deck], state.catalog)
    elif state.negation is not None:
        _apply_negation(state, action)
    elif state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            cards.apply_selection(state, hero, action)
    elif route == 10:
        character = cast("ActFirst", action).character
        initiative.choose_first(state, character)
        state.emit(
            "initiative",
            lazy("the players let {character} act first", character=character),
            "HV-INIT-2",
        )
    elif route == 11:
        group_first = cast("GroupFirst", action)
        initiative.choose_group_first(state, group_first.group)
        state.emit(
            "initiative",
            lazy(
                "the allies and monster groups are tied on initiative: the players let the allies act first"
            )
            if group_first.group == initiative.ALLY_SLOT
            else lazy(
                "monster groups tied on initiative: the players let {group} act first",
                group=group_first.group,
            ),
            "HV-INIT-6",
            *(["HV-GOAL-3"] if group_first.group == initiative.ALLY_SLOT else []),
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
            lazy(
                "{hero} negates {damage} damage from {source} by losing {cards} from its hand",
                hero=hero.id,
                damage=n.damage,
                source=n.source,
                cards=list(n.lost),
            )
            if n.pile == "hand"
            else lazy(
                "{hero} negates {damage} damage from {source} by losing {cards} from its discard"
                " pile",
                hero=hero.id,
                damage=n.damage,
                source=n.source,
                cards=list(n.lost),
            ),
            "HV-NEG-1",
            cards=list(n.lost),
        )
        figure = state.figures.get(hero.id)
        if figure is not None:
            attack_resolution.add_conditions(state, figure, n.conditions)


def _apply_turn_action(state: HavenState, t: Turn, action: Action) -> None:
    figure = state.figures.get(t.actor)
    if figure is None:
        return
    if t.stage == "forced":
        forced_movement.apply(state, t, action)
        return
    if t.stage == card_effects.STAGE:
        kept = card_effects.apply(state, t, action)
        if kept is not None:
            attack_resolution.apply_card_effects(state, t.actor, *kept)
        return
    if t.stage == card_elements.STAGE and isinstance(action, ChooseElement):
        card_elements.apply_element(state, figure, t, action)
        return
    if t.stage == added_targets.STAGE:
        added_targets.apply_target(state, figure, t, action)
        if isinstance(action, Skip):
            monster_turns.next_target(state, figure, t)  # the attack is over
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
    if isinstance(action, EndBonus):
        bonus = bonuses.check_removable(state, hero, action.card)
        bonuses.end(state, bonus.id, lazy("{hero} removes it", hero=hero.id), "HV-BONUS-4")
        return
    if isinstance(action, PlayHalf):
        turns.settle_half(state, t)
        stunned = has(figure, "stun")
        t.queue = cards.apply_play(state, hero, t, action, stunned=stunned)
        t.stage = "ability"
        if stunned:
            t.queue = []
            state.emit(
                "stun",
                lazy(
                    "{hero} is stunned: the half is not performed and the card is discarded",
                    hero=hero.id,
                ),
                "HV-COND-STUN-2",
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
        if state.standee_draws:
            return  # HV-SCEN-1: a chance node numbers the standees just placed
        check_victory(state)
        if not state.result and state.damage_queue:
            exhaustion.next_negation(state)
        if state.result or state.negation is not None or state.reveal_draws:
            return
        if state.loot_draws or state.by_hand or state.ally_numbers or state.escapes:
            return
        t = state.turn
        if t is not None:
            attack = t.attack  # empty between attacks: nothing to ask of it
            if attack and attack.get("defending"):
                if not items.defence_settled(state):
                    return  # HV-ITEM-5: the attacked character decides on its items
                _end_defence(state)
                continue
            if t.draw is not None:
                if not t.draw.is_done(state.catalog):
                    return
                attack_resolution.finish_draw(state)
                continue
            if attack and _attack_waits(attack):
                # the pusher chooses the next hex; the player keeps the card's effects or
                # picks the element it infuses (card_elements.py)
                return
            if attack and attack.get("resolving"):
                # The target's damage is settled (negation above): the attack's last effects.
                target = attack["resolving"]
                if not attack.get("forced_checked"):
                    attack["forced_checked"] = True
                    forced_movement.start(state, t, target)
                    continue
                attack["resolving"] = ""
                attack["forced_checked"] = False
                retaliate.after_attack(state, t.actor, target)
                attack["after"] = True
                continue
            if attack and attack.get("after"):
                attack["after"] = False
                _after_target(state, t)
                continue
        if state.phase == "select":
            if cards.selecting_hero(state) is not None:
                return
            state.phase = "draw"
            continue
        if state.phase == "draw":
            if group_to_draw(state) is not None:
                return
            state.phase = "tie"
            continue
        if state.phase == "tie":
            if initiative.tied_characters(state) or initiative.tied_groups(state):
                return
            start_turns(state)
            continue
        if state.phase == "turns":
            if not advance_turns(state):
                return
            continue
        if state.phase == "rest":
            if state.rest is not None:
                return
            end_of_round(state)
            continue
        return
    raise RuntimeError("haven: automatic steps did not settle")


def _attack_waits(attack: dict[str, Any]) -> bool:
    """A push or pull, a drawn card's effects or its element wait for a choice."""
    return bool(attack.get("forced") or attack.get("card_effects") or attack.get("card_element"))


def _end_defence(state: HavenState) -> None:
    """HV-ITEM-5: the attacked character's items are decided: the attack's draw starts."""
    t = state.turn
    if t is None:
        return
    target = items.close_defence(state)
    attacker = state.figures.get(t.actor)
    if attacker is not None and target in state.figures:
        attack_resolution.begin_draw(state, attacker, target)


def _after_target(state: HavenState, t: Turn) -> None:
    figure = state.figures.get(t.actor)
    if figure is None:
        return
    if figure.kind == "character":
        turns.after_attack_target(state, figure, t)
    else:
        monster_turns.next_target(state, figure, t)
