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
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.i18n import N_, _

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
    "condition",
    "summon",
    "recover",
    "refresh",
)
"""A character's steps that wait for its player's choice."""
PARTY_STAGES = ("monster_option", "monster_heal", "monster_summon")
"""A monster's choices the rules leave to the players: player 0 decides (HV-MOVE-MON-3)."""
CARD_STAGES = ("added_target", "card_element")
"""A drawn card's open choices (added_targets.py, card_elements.py): the attacker's player
decides, the summoner's for a summon, player 0 for a monster or an ally."""


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
        if group.card is None and initiative.group_has_members(state, name):
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
    if state.standee_draws:
        return CHANCE  # HV-SCEN-1: a placed standee's number is drawn first
    if state.negation is not None:
        return state.heroes[state.negation.hero].player
    t = state.turn
    if t is not None and t.attack.get("defending"):
        return state.heroes[t.attack["defending"]].player
    if t is not None and t.draw is not None:
        return CHANCE if draw_needs_card(state) else _player_of(state, t.actor)
    if state.loot_draws or state.ally_numbers:
        return CHANCE
    if state.by_hand:
        return 0
    if state.escapes:
        return state.heroes[state.escapes[0]].player  # HV-ROOM-5
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


_TURN_PROMPTS = {
    "choose": N_("{actor}: play a top or bottom half (HV-CARD-3)"),
    "move": N_("{actor}: where to move (HV-MOVE-1)"),
    "attack": N_("{actor}: choose a target"),
    "area": N_("{actor}: place the attack's area (turned or mirrored)"),
    "area_target": N_("{actor}: which target in the area is attacked next"),
    "heal": N_("{actor}: choose whom to heal"),
    "condition": N_("{actor}: choose a target for the conditions (HV-TGT-1)"),
    "summon": N_("{actor}: place the summon (HV-SUM-1)"),
    "recover": N_("{actor}: which card does the recover bring back? (HV-CHAR-6)"),
    "refresh": N_("{actor}: which item does the refresh bring back? (HV-CHAR-6)"),
    "monster_option": N_("{actor}: the monster mover found tied options (HV-MOVE-MON-3)"),
    "forced": N_("{actor}: where does the push or pull take its target next?"),
    "card_effects": N_("{actor}: keep or decline the drawn card's effects (HV-DECK-5)"),
    "added_target": N_("{actor}: which enemy is the target its modifier card added? (HV-TGT-1)"),
    "card_element": N_(
        "{actor}: which element does its modifier card infuse? (HV-ELEM-1, HV-ELEM-3)"
    ),
    "monster_heal": N_("{actor}: whom does it heal? they have lost the same most hit points"),
    "monster_summon": N_("{actor}: where does its summon go? (HV-SUM-1, HV-MOVE-MON-3)"),
    "summon_draw": N_("draw an ability card for the summoned monster's initiative"),
    "long_rest_lose": N_("{actor}: choose the card the long rest loses (HV-REST-2)"),
    "long_rest_heal": N_("{actor}: heal 2 with the long rest? (HV-REST-2)"),
}
"""The prompt of each stage of a turn (translated when shown)."""


def pending_decision(state: HavenState) -> str:
    """What is being decided now, in the current language (shown at once)."""
    if state.result:
        return _("the scenario is over")
    if state.standee_draws:
        figure = state.figures.get(state.standee_draws[0].figure)
        if figure is not None:
            return _(
                "draw a standee number for the {monster} at {hex} (HV-SCEN-1)",
                monster=state.spec.monster_types[figure.type].name,
                hex=str(list(figure.hex)),
            )
    if state.negation is not None:
        n = state.negation
        if n.pile == "hand":
            return _("{hero}: choose a card to lose from the hand (HV-NEG-1)", hero=n.hero)
        if n.pile:
            return _("{hero}: choose a card to lose from the discard pile (HV-NEG-1)", hero=n.hero)
        return _(
            "{hero} is about to suffer {damage} damage from {source}: negate it? (HV-NEG-1)",
            hero=n.hero,
            damage=n.damage,
            source=n.source,
        )
    t = state.turn
    if t is not None and t.attack.get("defending"):
        return _(
            "{hero} is attacked by {attacker}: use items against the attack? (HV-ITEM-5)",
            hero=t.attack["defending"],
            attacker=t.actor,
        )
    if t is not None and t.draw is not None:
        if draw_needs_card(state):
            return _("draw an attack modifier")
        return _("keep a modifier (HV-ADV-3)")
    if state.loot_draws:
        return _("{figure} draws a loot card (HV-LOOT-5)", figure=state.loot_draws[0])
    if state.ally_numbers:
        return _("number the ally tokens at random (HV-GOAL-3)")
    if state.by_hand:
        return _("special rule, resolve by hand: {text} (HV-SCEN-7)", text=state.by_hand[0])
    if state.escapes:
        return _("{hero}: escape the scenario from this hex? (HV-ROOM-5)", hero=state.escapes[0])
    if state.reveal_draws:
        return _(
            "draw an ability card for the revealed {monster} (GH p.19)",
            monster=state.reveal_draws[0],
        )
    if state.phase == "select":
        hero = cards.selecting_hero(state)
        if hero is not None:
            if hero.leading is None:
                return _(
                    "{hero}: select a leading card (sets initiative), or long rest (HV-CARD-1)",
                    hero=hero.id,
                )
            return _("{hero}: select a second card, or long rest (HV-CARD-1)", hero=hero.id)
    if state.phase == "draw":
        return _("draw monster ability cards")
    if state.phase == "tie":
        if initiative.tied_characters(state):
            return _("characters tied on initiative: who acts first? (HV-INIT-2)")
        return _("monster groups tied on initiative: which acts first? (HV-INIT-2)")
    if state.phase == "rest" and state.rest is not None:
        r = state.rest
        if r.stage == "decide":
            return _("{hero}: take a short rest? (HV-REST-1)", hero=r.hero)
        if r.stage == "redraw":
            return _(
                "{hero}: keep losing {card}, or suffer 1 damage to redraw (HV-REST-1)",
                hero=r.hero,
                card=r.lost_card,
            )
        return _("the short rest loses a random card")
    if t is not None:
        if t.stage == "consume":
            element = t.attack.get("element")
            if element is None:
                return _("{actor}: consume the element for its bonus? (HV-ELEM-4)", actor=t.actor)
            return _(
                "{actor}: consume {element} for its bonus? (HV-ELEM-4)",
                actor=t.actor,
                element=term(element),
            )
        prompt = _TURN_PROMPTS.get(t.stage)
        if prompt is not None:
            return _(prompt, actor=t.actor)
    return _("choose an action")
