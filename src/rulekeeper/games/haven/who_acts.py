"""Who acts now, and what they are deciding (the core protocol's ``current_player`` and prompt).

The state rests at a decision, a chance node or the end (round_flow.advance);
this module reads which: a pending negation (HV-NEG-1), an attack modifier draw
(HV-ATK-1, HV-ADV-3), card selection (HV-CARD-1), ability card draws, tied
initiative (HV-INIT-2), short rests (HV-REST-1), or a step of the acting
figure's turn. Decisions the rules give the party go to player 0 (HV-MOVE-MON-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.game import CHANCE, TERMINAL
from rulekeeper.games.haven import cards, initiative
from rulekeeper.games.haven.attack_draw import NeedCard

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState

HERO_STAGES = (
    "choose",
    "consume",
    "move",
    "attack",
    "area",
    "area_target",
    "heal",
    "summon",
    "recover",
)
"""A character's steps that wait for its player's choice."""
PARTY_STAGES = ("monster_option", "monster_heal", "monster_summon")
"""A monster's choices the rules leave to the players: player 0 decides (HV-MOVE-MON-3)."""


# -- who acts ------------------------------------------------------------------------------
def draw_needs_card(state: HavenState) -> bool:
    t = state.turn
    return (
        t is not None
        and t.draw is not None
        and isinstance(t.draw.next_step(state.catalog), NeedCard)
    )


def group_to_draw(state: HavenState) -> str | None:
    for name, group in sorted(state.groups.items()):
        if group.card is None and initiative.group_members(state, name):
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
        return CHANCE if draw_needs_card(state) else _player_of(state, t.actor)
    if state.loot_draws or state.ally_numbers:
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
        return "draw an attack modifier" if draw_needs_card(state) else "keep a modifier (HV-ADV-3)"
    if state.loot_draws:
        return f"{state.loot_draws[0]} draws a loot card (HV-LOOT-5)"
    if state.ally_numbers:
        return "number the ally tokens at random (HV-GOAL-3)"
    if state.by_hand:
        return f"special rule, resolve by hand: {state.by_hand[0]} (HV-SCEN-7)"
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
            "consume": f"{t.actor}: consume {t.attack.get('element', 'the element')} for"
            f" its bonus? (HV-ELEM-4)",
            "move": f"{t.actor}: where to move (HV-MOVE-1)",
            "attack": f"{t.actor}: choose a target",
            "area": f"{t.actor}: place the attack's area (turned or mirrored)",
            "area_target": f"{t.actor}: which target in the area is attacked next",
            "heal": f"{t.actor}: choose whom to heal",
            "summon": f"{t.actor}: place the summon (HV-SUM-1)",
            "recover": f"{t.actor}: which card does the recover bring back? (HV-CHAR-6)",
            "monster_option": f"{t.actor}: the monster mover found tied options (HV-MOVE-MON-3)",
            "forced": f"{t.actor}: where does the push or pull take its target next?",
            "card_effects": f"{t.actor}: keep or decline the drawn card's effects (HV-DECK-5)",
            "monster_heal": f"{t.actor}: whom does it heal? they have lost the same most hit points",
            "monster_summon": f"{t.actor}: where does its summon go? (HV-SUM-1, HV-MOVE-MON-3)",
            "summon_draw": "draw an ability card for the summoned monster's initiative",
            "long_rest_lose": f"{t.actor}: choose the card the long rest loses (HV-REST-2)",
            "long_rest_heal": f"{t.actor}: heal 2 with the long rest? (HV-REST-2)",
        }
        return prompts.get(t.stage, "choose an action")
    return "choose an action"
