"""An attack, one target at a time: targets, modifier draws and the drawn cards' effects.

Each target is a separate attack with its own modifier draw (HV-ATK-1, HV-TGT-1,
attack_draw.py); an element offered for a bonus is consumed only for an attack that
is made, and a character's player may decline it (HV-ELEM-3/4). After the damage
the drawn cards' added effects apply (HV-TGT-6): negative conditions on the target,
positive ones, heal, shield, retaliate and infusions on the attacker (HV-TGT-2),
"+N target" adds targets (HV-TGT-1), push and pull wait for the forced movement
(HV-PUSH-3); a character keeps or declines them one at a time (HV-DECK-5), and an
effect the engine does not run is resolved by hand. [FH] ward and brittle are used
up once they changed damage. Character, monster, summon and ally attacks share it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulekeeper.games.haven import (
    allies,
    bonuses,
    card_effects,
    card_elements,
    class_resources,
    elements,
    exhaustion,
    initiative,
    items,
    map_state,
    retaliate,
)
from rulekeeper.games.haven.attack_draw import AttackDraw, Done
from rulekeeper.games.haven.attacks import (
    Attack,
    AttackOutcome,
    Target,
    attack_context,
    attack_mode,
)
from rulekeeper.games.haven.conditions import CONDITIONS, check_can_target, condition, has
from rulekeeper.games.haven.healing import heal
from rulekeeper.games.haven.modifiers import MONSTER_DECK, Effect, effect_text
from rulekeeper.games.haven.rule_terms import term
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import Msg, lazy, lazy_plural

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Turn


def start_attack(
    state: HavenState, figure: Figure, ability: AbilitySpec, value: int, *, consume: bool = True
) -> None:
    """Note the attack being made; an element offered for a bonus is consumed now, unless
    ``consume`` is False (the caller first makes sure the attack has a target)."""
    turn = state.turn
    if turn is None:
        return
    deck = MONSTER_DECK if figure.kind == "monster" else (figure.owner or figure.id)
    if figure.kind == "ally":
        deck = allies.modifier_deck(state)  # HV-DECK-1, HV-GOAL-3
    turn.attack = {
        "value": value,
        "range": ability.range,
        "pierce": ability.pierce,
        "conditions": list(ability.conditions),
        "push": ability.push,
        "pull": ability.pull,
        "deck": deck,
        "pending": [],
    }
    turn.targets_left = ability.targets
    turn.targeted = []
    if consume:
        consume_element(state, figure, ability)


def consume_element(state: HavenState, figure: Figure, ability: AbilitySpec) -> None:
    """The attack's element bonus: the element is consumed only for an attack that is made."""
    turn = state.turn
    if turn is None or not (ability.element and ability.consume_bonus):
        return
    group = None
    if figure.kind == "monster":
        group = state.groups.get(initiative.group_of(state, figure.type))
    if group is not None and ability.element in group.consumed:
        # GH p.24: every monster of the type gets the bonus of the element it consumed.
        turn.attack["value"] += ability.consume_bonus
        state.emit(
            "element",
            lazy(
                "{figure} gets +{bonus} attack from the {element} its group consumed this"
                " round (GH p.24)",
                figure=figure.id,
                bonus=ability.consume_bonus,
                element=term(ability.element or ""),
            ),
            "HV-ELEM-4",
        )
        return
    if elements.consume(state, ability.element):
        if group is not None:
            group.consumed.append(ability.element)
        turn.attack["value"] += ability.consume_bonus
        state.emit(
            "element",
            lazy(
                "{figure} consumes {element}: +{bonus} attack",
                figure=figure.id,
                element=term(ability.element or ""),
                bonus=ability.consume_bonus,
            ),
            "HV-ELEM-3",
        )


def offer_consumption(state: HavenState, figure: Figure, ability: AbilitySpec, then: str) -> None:
    """HV-ELEM-4: a character's consumption for a bonus is optional: with the element
    available its player decides (stage ``consume``) before the attack goes to ``then``."""
    turn = state.turn
    if turn is None:
        return
    element = ability.element
    offered = element is not None and ability.consume_bonus > 0
    if figure.kind == "character" and offered and elements.available(state, element or ""):
        turn.attack["element"] = element
        turn.attack["then"] = then
        turn.stage = "consume"
        return
    consume_element(state, figure, ability)
    turn.stage = then


def consumption_choice(state: HavenState, figure: Figure, turn: Turn, consume: bool) -> None:
    """HV-ELEM-4: the player's answer: consume for the bonus, or leave the element."""
    ability = turn.queue[0]
    if consume:
        consume_element(state, figure, ability)
    else:
        state.emit(
            "element",
            lazy(
                "{figure} leaves {element} unconsumed (its consumption is optional)",
                figure=figure.id,
                element=term(ability.element or ""),
            ),
            "HV-ELEM-4",
        )
    turn.attack.pop("element", None)
    turn.stage = turn.attack.pop("then", "attack")


def attack_targets(state: HavenState, figure: Figure) -> list[str]:
    """Enemies in range and line of sight not yet targeted by this attack (HV-LOS-1/2).

    HV-TGT-1: no figure is targeted twice by one ability; HV-TGT-2: an attack targets
    only enemies; HV-TGT-5: an attack without a range is melee (range 1, adjacent);
    HV-COND-INVISIBLE-1: an invisible enemy cannot be targeted. HV-GOAL-2: a character may
    attack any objective, even one the monsters are after.
    """
    turn = state.turn
    if turn is None or not turn.attack:
        return []
    out = []
    for other in state.figures.values():
        if other.id in turn.targeted:
            continue
        if other.team == figure.team and not (
            other.kind == "objective" and figure.kind == "character"
        ):
            continue
        if has(other, "invisible"):
            continue
        if map_state.in_reach(state, figure, other, turn.attack["range"]):
            out.append(other.id)
    return sorted(out)


def begin_draw(state: HavenState, figure: Figure, target_id: str) -> None:
    """Freeze the attack against one target and start its modifier draw (HV-ATK-1).

    HV-ITEM-5: a character target with a ready ``attacked`` item is asked first (the
    draw waits; :func:`items.open_defence`), and what it used counts for this attack only.
    HV-TGT-1: each target is a separate attack with its own draw. HV-COND-POISON-1: a
    poisoned target adds +1 in step 1; HV-COND-MUDDLE-1 / HV-COND-STRENGTHEN-1: the
    attacker's disadvantage / advantage (attacks.attack_mode).
    """
    turn = state.turn
    if turn is None:
        return
    target = state.figures[target_id]
    if items.open_defence(state, turn, target):
        return  # HV-ITEM-5: the target's player first decides on its attacked items
    item_shield, item_disadvantage = items.defence_against(turn, target_id)
    info: dict[str, Any] = turn.attack
    ranged = info["range"] > 0
    attack = Attack(
        info["value"],
        bonus=bonuses.attack_bonus(state, figure),
        pierce=info["pierce"],
        ranged=ranged,
        advantage=bool(info.get("advantage")),  # HV-ITEM-5: an attack item's advantage
        disadvantage=item_disadvantage,
        attacker_conditions=tuple(c for c in figure.conditions if c in ("muddle", "strengthen")),
    )
    defence = Target(
        shield=target.shield
        + state.base_shield(target)
        + bonuses.shield(state, target)
        + item_shield,
        conditions=tuple(c for c in target.conditions if _known(state, c)),
        adjacent=map_state.adjacent(state, figure, target),
    )
    check_can_target(defence.conditions)
    context = attack_context(attack, defence, state.rules)
    mode = attack_mode(attack, defence)
    turn.targeted.append(target_id)
    turn.draw_target = target_id
    turn.draw = AttackDraw.start(
        state.rules, info["deck"], context, mode, attacker_is_character=player_draws(figure)
    )
    # HV-BONUS-3: each target is a separate attack (HV-TGT-1); slots advance even for
    # no benefit, the attacker's "+X attack" bonuses and the target's shields alike.
    bonuses.triggered(state, figure.id, "attack")
    bonuses.triggered(state, target_id, "attacked")
    state.emit(
        "attack",
        lazy(
            "{attacker} attacks {target} (attack {value}, {mode})",
            attacker=figure.id,
            target=target_id,
            value=context.attack,
            mode=term(mode),
        )
        if mode != "none"
        else lazy(
            "{attacker} attacks {target} (attack {value})",
            attacker=figure.id,
            target=target_id,
            value=context.attack,
        ),
        "HV-ATK-1",
        # HV-ATK-2: muddle and strengthen are sources of disadvantage and advantage, which
        # do not stack and cancel one of each (with HV-ATK-3's, too).
        *(["HV-ATK-2"] if attack.attacker_conditions else []),
        *(["HV-ATK-3"] if ranged and defence.adjacent else []),
        attacker=figure.id,
        target=target_id,
    )


def player_draws(figure: Figure) -> bool:
    """HV-ADV-3 [FH]: whose player keeps a card under advantage.

    A character's player chooses for the character, and the summoner's player for a
    summon (FH FAQ: the summon draws from its summoner's deck, HV-SUM-2, and the
    summoner chooses its card); only a monster takes the better card automatically.
    """
    return figure.kind not in ("monster", "ally")  # an ally is controlled by no one


def _known(state: HavenState, name: str) -> bool:
    try:
        condition(name, state.rules)
    except ValueError:
        return False
    return True


def _on_target(effect: Effect) -> bool:
    """A modifier card's effect on the attack's target: push, pull, a negative condition."""
    return effect.name in ("push", "pull") or (
        effect.name in _CONDITION_NAMES and not _positive(effect.name)
    )


def finish_draw(state: HavenState) -> None:
    """The draw is done: put the cards away and apply damage and effects to the target.

    HV-TGT-6: the added effects come after the damage, even at 0, never on a target the
    attack killed (exhaustion.hurt adds them only to a figure still standing).
    """
    turn = state.turn
    if turn is None or turn.draw is None:
        return
    deck = state.decks[turn.draw.deck]
    draw = turn.draw
    done: Done = draw.finish(deck, state.catalog)
    turn.draw = None
    # Effects after the attack (retaliate.py) wait until its damage is settled (HV-NEG-1).
    turn.attack["resolving"] = turn.draw_target
    target = state.figures.get(turn.draw_target)
    attacker = turn.actor
    if target is None:
        return
    outcome = done.outcome
    # HV-PUSH-3 [GH]: each card's push or pull is an effect of its own (note_card_forced).
    per_card = [
        [e.name, e.amount]
        for card in outcome.cards
        for e in state.catalog[card].effects
        if e.name in ("push", "pull")
    ]
    if per_card:
        turn.attack["card_forced_cards"] = per_card
    # HV-ELEM-1: each card's "infuse any" is one element of the attacker's choice.
    any_element = sum(
        1 for card in outcome.cards if Effect("infuse any") in state.catalog[card].effects
    )
    if any_element:
        turn.attack["card_any_infusions"] = any_element
    else:
        turn.attack.pop("card_any_infusions", None)
    use_up_ward_and_brittle(state, target, draw, outcome)
    state.emit(
        "modifier",
        lazy(
            "modifier {cards}: {damage} damage to {target}",
            cards=modifier_text(draw, done),
            damage=outcome.damage,
            target=target.id,
        ),
        *done.rule_ids,
        cards=list(outcome.cards),
        drawn=list(draw.drawn),
        applied=list(done.applied),
        damage=outcome.damage,
    )
    effects = [e for e in outcome.effects if _applies(state, e)]
    actor_figure = state.figures.get(attacker)
    by_hand_effects(state, attacker, [e for e in outcome.effects if not _applies(state, e)])
    # HV-DECK-5: a player who keeps or declines the card's effects does so after the damage.
    chooses = (
        bool(effects) and actor_figure is not None and card_effects.chooses(state, actor_figure)
    )
    conditions = list(turn.attack.get("conditions", []))
    if items.ignores_effects(turn, target.id):
        # HV-TGT-6, HV-ITEM-5: the target's item: none of the attack's added effects on it.
        conditions = []
        effects = [e for e in effects if not _on_target(e)]
        chooses = chooses and bool(effects)
    if not chooses:
        note_card_forced(turn, effects)
        # HV-TGT-2: a card's negative conditions go to the target, its positive ones to the
        # attacker (the acting figure); the ability's own conditions are written for its targets.
        conditions += [
            e.name for e in effects if e.name in _CONDITION_NAMES and not _positive(e.name)
        ]
    exhaustion.hurt(
        state,
        target,
        outcome.damage,
        attacker,
        ("HV-ATK-1",),
        tuple(c for c in conditions if _known(state, c)),
        factored=True,
        by=attacker,
    )
    if chooses:
        if target.id not in state.figures:  # HV-PUSH-4: a killed target is not moved
            effects = [e for e in effects if e.name not in ("push", "pull")]
        if effects:
            card_effects.offer(state, turn, target.id, effects)
        return
    if actor_figure is not None:
        card_effects_on_attacker(state, actor_figure, effects)
        add_card_targets(state, actor_figure, target.id, effects)


def _applies(state: HavenState, effect: Effect) -> bool:
    """A card effect the engine applies: a known condition, heal, shield, retaliate, "+N
    target", an infusion (of a chosen element too: card_elements.py), or a push or pull
    (HV-PUSH-3, forced_movement.plan). Any other (a condition the ruleset does not know)
    is a step the players resolve by hand."""
    if effect.name in _CONDITION_NAMES:
        return _known(state, effect.name)
    if effect.name.startswith("infuse "):
        return True
    applied = ("heal", "shield", "retaliate", "target", "push", "pull")
    return effect.name in applied or bool(effect.resource)


def by_hand_effects(state: HavenState, attacker: str, effects: list[Effect]) -> None:
    """HV-DECK-5: a drawn card's effect the engine does not run is never dropped: the
    players resolve it by hand before play goes on (the pending step of HV-SCEN-7)."""
    for effect in effects:
        text = lazy(
            "{figure}'s modifier card adds {effect}",
            figure=attacker,
            effect=effect_text(effect),
        )
        state.by_hand.append(text)
        state.emit(
            "by-hand",
            lazy("resolve by hand: {text}", text=text),
            "HV-DECK-5",
            "HV-SCEN-7",
            figure=attacker,
        )


def add_card_targets(
    state: HavenState, figure: Figure, target_id: str, effects: list[Effect]
) -> None:
    """HV-TGT-1: a card's "+N target" adds N more targets to the attack, each within range
    and not yet targeted, with a modifier draw of its own; one added to an area attack
    lies outside the area (HV-TGT-4). A target added this way gets the attack's effects
    except more targets: a "+N target" drawn against it adds none.

    A character's player chooses the added targets (the ``attack`` stage takes them);
    a monster's, summon's or ally's come after the mover's planned targets, [GH] ranked
    by the focus rules, [FH] chosen by the players (added_targets.py).
    """
    turn = state.turn
    added = sum(e.amount for e in effects if e.name == "target")
    if turn is None or not added or not turn.attack:
        return
    if target_id in turn.attack.get("card_added_targets", []):
        state.emit(
            "card-target",
            lazy(
                "{target} is an added target: the card's +{n} target adds no further target",
                target=target_id,
                n=added,
            ),
            "HV-TGT-1",
            figure=figure.id,
        )
        return
    if figure.kind == "character":
        turn.targets_left += added
    turn.attack["card_targets"] = int(turn.attack.get("card_targets", 0)) + added
    state.emit(
        "card-target",
        lazy_plural(
            "{figure}'s modifier card adds {n} target to the attack",
            "{figure}'s modifier card adds {n} targets to the attack",
            added,
            figure=figure.id,
        ),
        "HV-TGT-1",
        "HV-TGT-4",
        figure=figure.id,
        targets=added,
    )


def note_card_forced(turn: Turn | None, effects: list[Effect]) -> None:
    """HV-PUSH-3: the cards' push and pull wait for the target's forced movement, which
    comes after the damage and the card's other effects (HV-PUSH-4, HV-TGT-6).

    The kept effects are combined over the cards drawn (attacks.AttackOutcome); each
    card's own push or pull is noted too (``card_forced_cards``), so [GH] each is a
    separate effect (forced_movement.plan; [FH] they combine again).
    """
    if turn is None:
        return
    per_card = turn.attack.pop("card_forced_cards", None) or []
    forced: list[list[Any]] = []
    for e in effects:
        if e.name not in ("push", "pull"):
            continue
        split = [[kind, int(amount)] for kind, amount in per_card if kind == e.name]
        total = sum(amount for _kind, amount in split)
        forced += split if total == e.amount else [[e.name, e.amount]]
    if forced:
        turn.attack["card_forced"] = forced


def apply_card_effects(
    state: HavenState, attacker: str, target_id: str, kept: list[Effect]
) -> None:
    """HV-DECK-5: the effects the player kept: negative conditions on the target (if it still
    stands, HV-TGT-6), the rest on the attacker (HV-TGT-2)."""
    note_card_forced(state.turn, kept)
    target = state.figures.get(target_id)
    negative = [e.name for e in kept if e.name in _CONDITION_NAMES and not _positive(e.name)]
    if target is not None and negative:
        add_conditions(state, target, negative)
    actor_figure = state.figures.get(attacker)
    if actor_figure is not None:
        card_effects_on_attacker(state, actor_figure, kept)
        add_card_targets(state, actor_figure, target_id, kept)


def _positive(name: str) -> bool:
    return CONDITIONS[name].positive


def card_effects_on_attacker(state: HavenState, figure: Figure, effects: list[Effect]) -> None:
    """The modifier cards' effects for the acting figure, after the damage (HV-TGT-6).

    Positive conditions (HV-TGT-2), "heal X" (a heal, HV-HEAL-2: several heal effects
    drawn for one attack are one heal), "shield X" and "retaliate X" (against adjacent
    attackers, HV-RET-1, both to the end of the round, HV-SHIELD-2) and infusions (at the
    end of the turn, HV-ELEM-1).
    """
    positive = [
        e.name
        for e in effects
        if e.name in _CONDITION_NAMES and _positive(e.name) and _known(state, e.name)
    ]
    if positive:
        add_conditions(state, figure, positive)
    for effect in effects:
        if effect.resource:
            class_resources.gain(state, figure, effect)  # HV-DECK-5: to the summoner
        elif effect.name == "heal":
            heal(state, figure, effect.amount, lazy("its modifier card"), "HV-HEAL-2")
        elif effect.name == "shield":
            figure.shield += effect.amount
            state.emit(
                "shield",
                lazy(
                    "{figure} gains shield {amount} this round from its modifier card",
                    figure=figure.id,
                    amount=effect.amount,
                ),
                "HV-SHIELD-2",
                figure=figure.id,
            )
        elif effect.name == "retaliate":
            retaliate.add_bonus(state, figure, effect.amount, 0)
        elif effect.name == "infuse any" and state.turn is not None:
            count = int(state.turn.attack.pop("card_any_infusions", 1))
            card_elements.ask_element(state, figure, count)  # HV-ELEM-1, HV-ELEM-3
        elif effect.name.startswith("infuse ") and state.turn is not None:
            element = effect.name.removeprefix("infuse ")
            if element != "any":
                state.turn.infusions.append(element)
                state.emit(
                    "element",
                    lazy(
                        "{figure} infuses {element} from its modifier card (at the end of its"
                        " turn)",
                        figure=figure.id,
                        element=term(element),
                    ),
                    "HV-ELEM-1",
                )


def use_up_ward_and_brittle(
    state: HavenState, target: Figure, draw: AttackDraw, outcome: AttackOutcome
) -> None:
    """HV-ATK-1 [FH p.28–29]: ward and brittle are removed once they have changed damage.

    Ward halved it, brittle doubled it; a target holding both has them cancel, and both
    are removed (FH p.28). Neither is used up when shield (or a null) already left no
    damage to change (FH FAQ §5.2): ``outcome.factors_used`` says whether they applied.
    """
    if not state.rules.ward_and_brittle:
        return
    held = [name for name in ("ward", "brittle") if name in target.conditions]
    if not held:
        return
    # Both held: the context carries no factor (they cancel), so the damage is unchanged
    # and shows whether there was damage for them to meet.
    cancelled = not draw.context.damage_factors
    if not (outcome.factors_used or (cancelled and outcome.damage > 0)):
        return
    exhaustion.use_up(state, target, held)


def modifier_text(draw: AttackDraw, done: Done) -> Msg | list[str]:
    """The cards applied and, when the draw set some aside, every card drawn.

    Under advantage or disadvantage (HV-ADV-1..4) a drawn card may not be used;
    the log lists all of them in draw order and says which were used, so the
    ruling can be followed: "+1 (drawn -1, +1; used +1)".
    """
    used = [draw.drawn[i] for i in done.applied]
    if len(done.applied) == len(draw.drawn):
        return used if used else lazy("no card")
    return lazy(
        "{used} (drawn {drawn} with {mode}; {used} used)",
        used=used if used else lazy("no card"),
        drawn=list(draw.drawn),
        mode=term(draw.mode),
    )


_CONDITION_NAMES = frozenset(CONDITIONS)
"""Added effects of a modifier card that are conditions (bless and curse included)."""


def add_conditions(state: HavenState, target: Figure, conditions: list[str]) -> None:
    exhaustion.add_conditions(state, target, conditions)
