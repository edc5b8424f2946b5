"""What is legal now, what chance may bring, and which rule an illegal action breaks.

:func:`legal_actions` lists the acting player's choices (or the chance
outcomes); :func:`chance_outcomes` gives each outcome its exact probability;
:func:`check` names the rule an action breaks without changing the state.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import ActionFormatError, RuleViolation
from rulekeeper.core.game import CHANCE
from rulekeeper.games.haven import (
    added_targets,
    allies,
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
    special_rules,
    standees,
)
from rulekeeper.games.haven import turn as turns
from rulekeeper.games.haven.actions import (
    ActFirst,
    ChooseMonsterOption,
    EndBonus,
    GroupFirst,
    LongRest,
    PlaceSummon,
    PlayHalf,
    SelectCard,
    UseItem,
    choose_target,
    draw_ability,
    lose_card,
    negate,
)
from rulekeeper.games.haven.attack_draw import KeepModifier
from rulekeeper.games.haven.summons import check_can_act
from rulekeeper.games.haven.who_acts import (
    current_player,
    draw_needs_card,
    group_to_draw,
)
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState


# -- what is legal ---------------------------------------------------------------------------
def legal_actions(state: HavenState, player: int | None = None) -> list[Action]:
    """``player``: :func:`current_player`, when the caller has just asked it."""
    if state.result:
        return []
    if (current_player(state) if player is None else player) == CHANCE:
        return [a for a, _ in chance_outcomes(state) or []]
    if state.negation is not None:
        return _negation_actions(state)
    t = state.turn
    if t is not None and t.attack.get("defending"):
        return items.defence_actions(state)
    if t is not None and t.draw is not None:
        return t.draw.legal_choices(state.catalog)
    if state.by_hand:
        return special_rules.pending_actions(state)
    if state.escapes:
        return escapes.actions(state)
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is None:
            return []
        return cards.selection_actions(hero, len(bonuses.rest_cards(state, hero.id)))
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
    if t.stage == card_effects.STAGE:
        return card_effects.actions(t)
    if t.stage == added_targets.STAGE:
        return added_targets.target_actions(state, t)
    if t.stage == card_elements.STAGE:
        return card_elements.element_actions()
    if t.stage == "monster_heal":
        return [choose_target(c) for c in t.targeted]
    if t.stage == "monster_summon":
        return [PlaceSummon(h) for h in monster_abilities.summon_hexes(state, figure)]
    hero = state.heroes.get(t.actor)
    if hero is None:
        return []
    if t.stage == "choose":
        return [
            *cards.play_actions(state, hero, t),
            *bonuses.removal_actions(state, hero),
            *items.usable(state, hero),
        ]
    if t.stage.startswith("long_rest"):
        return rest.long_rest_actions(state, hero, t)
    return [*turns.hero_step_actions(state, figure, t), *items.usable(state, hero)]


def chance_outcomes(state: HavenState) -> list[tuple[Action, Fraction]] | None:
    if state.standee_draws:
        return standees.number_outcomes(state)  # HV-SCEN-1
    t = state.turn
    if state.negation is None and t is not None and t.draw is not None and draw_needs_card(state):
        return t.draw.chance_outcomes(state.decks[t.draw.deck], state.catalog)
    if state.negation is None and state.loot_draws and (t is None or t.draw is None):
        return loot.draw_outcomes(state)
    if state.negation is None and state.ally_numbers and (t is None or t.draw is None):
        return allies.number_outcomes(state)
    if state.negation is None and state.reveal_draws and (t is None or t.draw is None):
        return _ability_outcomes(state, state.reveal_draws[0])
    if state.phase == "draw" and state.negation is None:
        name = group_to_draw(state)
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
    return [(draw_ability(name, c), p) for c, p in deck.draw_outcomes()]


def _negation_actions(state: HavenState) -> list[Action]:
    n = state.negation
    if n is None:
        return []
    hero = state.heroes[n.hero]
    if not n.pile:
        return [negate(hero.id, c) for c in exhaustion.negation_choices(hero)]
    pile = hero.hand if n.pile == "hand" else hero.discard
    return [lose_card(hero.id, c) for c in sorted(set(pile))]


# -- checking ----------------------------------------------------------------------------------
def check(state: HavenState, action: Action) -> None:
    """Raise RuleViolation naming the rule ``action`` breaks here; never mutates."""
    if state.result:
        raise RuleViolation("CORE-END", lazy("the scenario is over"))
    legal = legal_actions(state)
    if action in legal:
        check_actor(state)
        return
    _check_well_formed(state, action)
    if current_player(state) == CHANCE:
        _check_regardless_of_chance(state, action)
        raise RuleViolation(
            "CORE-CHANCE", lazy("{action} is not a possible outcome here", action=action.label())
        )
    t = state.turn
    if state.negation is not None:
        raise RuleViolation("HV-NEG-1", lazy("first decide how to take the pending damage"))
    if t is not None and t.attack.get("defending"):
        items.check_defence(state, action)
    if state.by_hand:
        raise RuleViolation(
            "HV-SCEN-7", lazy("first resolve by hand: {by_hand}", by_hand=state.by_hand[0])
        )
    if state.escapes:
        escapes.check(state, action)
    if isinstance(action, UseItem):
        items.check_use(state, action)
    if t is not None and t.draw is not None:
        if isinstance(action, KeepModifier):
            t.draw.check(action, state.decks[t.draw.deck], state.catalog)
        raise RuleViolation("HV-ATK-1", lazy("an attack modifier draw is in progress"))
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            cards.check_selection(hero, action, len(bonuses.rest_cards(state, hero.id)))
        raise RuleViolation(
            "HV-CARD-1", lazy("{action} is not a card selection now", action=action.label())
        )
    if state.phase == "tie":
        if initiative.tied_characters(state):
            raise RuleViolation("HV-INIT-2", lazy("choose one of the characters still tied"))
        raise RuleViolation("HV-INIT-6", lazy("choose one of the monster groups still tied"))
    if state.phase == "rest" and state.rest is not None:
        rest.check_rest(state, state.rest, action)
        raise RuleViolation(
            "HV-REST-1", lazy("{action} is not part of the short rest now", action=action.label())
        )
    if t is None:
        raise RuleViolation("CORE-LEGAL", lazy("{action} is not legal now", action=action.label()))
    figure = state.figures[t.actor]
    if t.stage == "monster_option" and isinstance(action, ChooseMonsterOption):
        monster_turns.check_option(state, figure, t, action.index)
        raise RuleViolation("HV-MOVE-MON-3", lazy("that is not one of the mover's options"))
    if t.stage == "forced":
        forced_movement.check(state, t, action)
    if t.stage == card_effects.STAGE:
        card_effects.check(t, action)
    if t.stage == added_targets.STAGE:
        added_targets.check_target(state, t, action)
    if t.stage == card_elements.STAGE:
        card_elements.check_element(action)
    if t.stage == "monster_heal":
        raise RuleViolation(
            "HV-MOVE-MON-3",
            lazy(
                "a monster heals the figure in range that has lost the most hit points: {figures}",
                figures=list(t.targeted),
            ),
        )
    if t.stage == "monster_summon":
        raise RuleViolation(
            "HV-SUM-1",
            lazy(
                "a monster's summon goes in an empty adjacent hex as close to an enemy as possible"
            ),
        )
    if isinstance(action, SelectCard | LongRest):
        raise RuleViolation("HV-CARD-1", lazy("cards are selected at the start of the round"))
    hero = state.heroes.get(t.actor)
    if hero is not None and t.stage == "choose":
        if isinstance(action, PlayHalf):
            cards.check_play(state, hero, t, action)
        if isinstance(action, EndBonus):
            bonuses.check_removable(state, hero, action.card)
        raise RuleViolation("HV-CARD-3", lazy("play a top or bottom half of a selected card"))
    if hero is not None and t.stage.startswith("long_rest"):
        rest.check_long_rest(state, hero, t, action)
    if isinstance(action, PlayHalf):
        raise RuleViolation("HV-CARD-3", lazy("finish the half being performed first"))
    if hero is not None and t.queue:
        turns.check_hero_step(state, figure, t, action)
    raise RuleViolation("CORE-LEGAL", lazy("{action} is not legal now", action=action.label()))


def _check_regardless_of_chance(state: HavenState, action: Action) -> None:
    """While a card is being drawn, a player's action that a rule forbids whatever the
    card is cites that rule, not CORE-CHANCE (issue 17): an item used at the wrong
    moment or not at all usable (HV-ITEM-1..6), a card selected after the selection
    (HV-CARD-1)."""
    if isinstance(action, UseItem):
        items.check_use(state, action)
    if isinstance(action, SelectCard | LongRest) and state.phase != "select":
        raise RuleViolation("HV-CARD-1", lazy("cards are selected at the start of the round"))


def _check_well_formed(state: HavenState, action: Action) -> None:
    """CORE-LEGAL: an action whose fields do not have the shapes its type declares (a hex
    that is not two whole numbers, a number where a name belongs) is refused by naming the
    field, before any rule reads it. Actions parsed from JSON always pass; this guards
    actions built in code. Only refused actions are asked (a listed one is well formed)."""
    try:
        state.game.parse_action(action.to_json())
    except ActionFormatError as error:
        raise RuleViolation("CORE-LEGAL", str(error)) from error


def check_actor(state: HavenState) -> None:
    """HV-INIT-5: the acting figure may act now (also asked of listed actions)."""
    t = state.turn
    if t is not None and t.actor in state.figures:
        check_can_act(state, state.figures[t.actor])
