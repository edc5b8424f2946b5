"""A figure's turn: the abilities of the played halves, one small step at a time.

A character's turn (HV-CARD-3): pick a half, perform its actions in order,
pick the other card's other half, perform it. Each action is a step:
``move`` offers the hexes the character may end in (hero_moves.py); ``attack``
offers the legal targets one at a time, each resolved by an attack modifier draw
(attack_resolution.py); ``heal`` offers allies in range; ``summon`` offers the free
adjacent hexes (HV-SUM-1); ``shield``, ``condition`` and ``infuse`` happen by
themselves. ``Skip`` leaves the rest of an action unused. This module lists, checks
and applies those steps. Monster and summon turns are run by monster_turns.py and
share the move and attack code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.actions import Action
from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import (
    area_attacks,
    bonuses,
    class_resources,
    exhaustion,
    items,
    loot,
    map_state,
    objective_figures,
    retaliate,
    special_rules,
    summons,
)
from rulekeeper.games.haven.actions import (
    SKIP,
    ChooseTarget,
    ConsumeElement,
    MoveTo,
    PlaceArea,
    PlaceSummon,
    RecoverCard,
    RefreshItem,
    Skip,
    choose_target,
)
from rulekeeper.games.haven.attack_resolution import (
    add_conditions,
    attack_targets,
    begin_draw,
    consumption_choice,
    offer_consumption,
    start_attack,
)
from rulekeeper.games.haven.conditions import CONDITIONS, has, may_gain
from rulekeeper.games.haven.healing import heal
from rulekeeper.games.haven.hero_moves import (
    check_move,
    check_pause,
    chosen_path,
    move_destinations,
    move_mode,
    pause_for_items,
    pause_for_section,
    pause_moves,
    walk,
)
from rulekeeper.games.haven.rule_terms import pile as pile_name
from rulekeeper.games.haven.rule_terms import term, terms
from rulekeeper.games.haven.scenario_format import AbilitySpec
from rulekeeper.games.haven.state import Figure
from rulekeeper.i18n import lazy

if TYPE_CHECKING:
    from rulekeeper.games.haven.state import HavenState, Turn


def actor(state: HavenState) -> Figure | None:
    turn = state.turn
    return None if turn is None else state.figures.get(turn.actor)


# -- heal, shield, summon, self effects ---------------------------------------------------
def heal_targets(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[str]:
    """HV-HEAL-1, HV-TGT-2: the acting figure or an ally in range and sight, never an enemy."""
    out = []
    for other in state.figures.values():
        if other.team != figure.team or other.kind == "objective":
            continue  # HV-GOAL-2: an objective is no one's ally to heal
        if other.id == figure.id or map_state.in_reach(state, figure, other, ability.range):
            out.append(other.id)
    return sorted(out)


# -- a character's condition given at a range (HV-TGT-1, HV-TGT-2, HV-COND-3) --------------
def negative_conditions(ability: AbilitySpec) -> bool:
    """HV-TGT-2: a condition action giving negative conditions is a negative ability (the
    content check keeps positive and negative conditions out of one action)."""
    return any(not CONDITIONS[name].positive for name in ability.conditions)


def gains_any(state: HavenState, other: Figure, conditions: tuple[str, ...]) -> bool:
    """HV-COND-3: whether ``other`` could gain at least one of ``conditions``."""
    immune = exhaustion.immunities(state, other)
    return any(
        may_gain(name, other.kind, immune)
        and not objective_figures.refuses_condition(state, other, name)
        for name in conditions
    )


def condition_targets(state: HavenState, figure: Figure, ability: AbilitySpec) -> list[str]:
    """The figures a character's condition action with a range may target next.

    HV-TGT-2: negative conditions only enemies (a character may target any objective, as for
    an attack, HV-GOAL-2), positive ones only allies or the acting figure (never an
    objective, which is no one's ally). HV-TGT-1: within range and line of sight, no figure
    twice. HV-COND-INVISIBLE-1: never an invisible enemy. HV-COND-3: [GH] never a figure
    immune to every condition the ability gives; [FH] such a figure may still be targeted.
    """
    turn = state.turn
    done = turn.targeted if turn is not None else []
    negative = negative_conditions(ability)
    out = []
    for other in state.figures.values():
        if other.id in done:
            continue
        if negative:
            if other.team == figure.team and not (
                other.kind == "objective" and figure.kind == "character"
            ):
                continue
            if has(other, "invisible"):
                continue
        elif other.team != figure.team or other.kind == "objective":
            continue
        if not state.rules.target_immune_to_condition_only and not gains_any(
            state, other, ability.conditions
        ):
            continue
        if other.id == figure.id or map_state.in_reach(state, figure, other, ability.range):
            out.append(other.id)
    return sorted(out)


def check_condition_target(
    state: HavenState, figure: Figure, ability: AbilitySpec, target: str
) -> None:
    """A picked target of a condition action must be one :func:`condition_targets` lists."""
    if target in condition_targets(state, figure, ability):
        return
    other = state.figures.get(target)
    negative = negative_conditions(ability)
    if other is not None and negative and other.team == figure.team and other.kind != "objective":
        raise RuleViolation("HV-TGT-2", lazy("{figure} is not an enemy", figure=target))
    if (
        other is not None
        and not negative
        and (other.team != figure.team or other.kind == "objective")
    ):
        raise RuleViolation("HV-TGT-2", lazy("{figure} is not an ally in range", figure=target))
    turn = state.turn
    if turn is not None and target in turn.targeted:
        raise RuleViolation(
            "HV-TGT-1",
            lazy("{figure} is already a target of this ability", figure=target),
        )
    if other is not None and not gains_any(state, other, ability.conditions):
        raise RuleViolation(
            "HV-COND-3",
            lazy(
                "{figure} is immune to {conditions}: it cannot be targeted by them",
                figure=target,
                conditions=terms(ability.conditions),
            ),
        )
    raise RuleViolation(
        "HV-LOS-1",
        lazy("{figure} is not in range and line of sight of this ability", figure=target),
    )


def give_condition(state: HavenState, figure: Figure, turn: Turn, target: str) -> None:
    """HV-TGT-1: one picked target gains the conditions (HV-COND-1..3: immunities respected,
    bless and curse go into the target's deck); the ability ends when its targets are used
    up or no legal target is left."""
    ability = turn.queue[0]
    turn.targeted.append(target)
    turn.targets_left -= 1
    state.emit(
        "condition",
        lazy(
            "{figure} targets {target} with {conditions}",
            figure=figure.id,
            target=target,
            conditions=terms(ability.conditions),
        ),
        "HV-TGT-1",
        "HV-TGT-2",
        figure=figure.id,
    )
    exhaustion.add_conditions(state, state.figures[target], list(ability.conditions))
    if turn.targets_left <= 0 or not condition_targets(state, figure, ability):
        done_with_ability(turn)


def self_effect(state: HavenState, figure: Figure, ability: AbilitySpec) -> bool:
    """Abilities that need no choice; True if ``ability`` was one of them."""
    turn = state.turn
    kind = ability.type  # read once: a field of a validated model costs a slow look-up
    if kind == "shield":
        figure.shield += ability.value
        state.emit(
            "shield",
            lazy("{figure} gains shield {value} this round", figure=figure.id, value=ability.value),
        )
        return True
    if kind == "condition":
        add_conditions(state, figure, list(ability.conditions))
        return True
    if kind == "infuse":
        if turn is not None and ability.element:
            turn.infusions.append(ability.element)
            state.emit(
                "element",
                lazy(
                    "{figure} infuses {element} (at the end of its turn)",
                    figure=figure.id,
                    element=term(ability.element),
                ),
                "HV-ELEM-1",
            )
        return True
    if kind == "retaliate":
        retaliate.add_bonus(state, figure, ability.value, ability.range)
        return True
    if kind == "loot":
        loot.perform_loot(state, figure, ability.value)
        return True
    if kind == "spend" and figure.id in state.heroes:
        class_resources.spend(state, state.heroes[figure.id], ability)  # HV-DECK-5
        return True
    if kind == "by_hand":
        # Imported content the engine does not run: the players resolve it before play
        # goes on (the same pending step as a special rule's text, HV-SCEN-7).
        state.by_hand.append(f"{figure.id}: {ability.text}")
        state.emit(
            "by-hand",
            lazy("{figure} — resolve by hand: {text}", figure=figure.id, text=ability.text),
            "HV-SCEN-7",
        )
        return True
    return False


# -- a character's step (called when the turn's stage is an ability) ----------------------
def hero_step_actions(state: HavenState, figure: Figure, turn: Turn) -> list[Action]:
    ability = turn.queue[0]
    if turn.stage == "consume":
        element = turn.attack["element"]
        return [ConsumeElement(element, True), ConsumeElement(element, False)]
    if turn.stage == "move":
        # HV-ITEM-5: pauses only while the mover holds a ready move item (none: no cost)
        destinations = move_destinations(state, figure, ability)
        return [*destinations, *pause_moves(state, figure, ability, destinations), SKIP]
    if turn.stage == "attack":
        return [*(choose_target(t) for t in attack_targets(state, figure)), SKIP]
    if turn.stage == "area":
        found = area_attacks.placements(state, figure, ability)
        return [*(PlaceArea(p) for p in found), SKIP]
    if turn.stage == "area_target":
        pending: list[Action] = [choose_target(t) for t in turn.attack.get("pending", [])]
        # HV-TGT-4 [FH]: the attacker may leave the rest of the area's enemies out.
        return [*pending, SKIP] if state.rules.area_targets_optional else pending
    if turn.stage == "heal":
        return [*(choose_target(t) for t in heal_targets(state, figure, ability)), SKIP]
    if turn.stage == "condition":
        # HV-TGT-1: "up to" its targets: the player may stop early.
        targets = condition_targets(state, figure, ability)
        return [*(choose_target(t) for t in targets), SKIP]
    if turn.stage == "summon":
        return [PlaceSummon(h) for h in summons.free_adjacent_hexes(state, figure)]
    if turn.stage == "recover":
        return [*(RecoverCard(c) for c in recoverable(state, turn, ability)), SKIP]
    if turn.stage == "refresh":
        hero = state.heroes[turn.actor]
        ready = items.refreshable_by_ability(state, hero, ability.refresh)
        return [*(RefreshItem(i) for i in ready), SKIP]
    return []


def recoverable(state: HavenState, turn: Turn, ability: AbilitySpec) -> list[str]:
    """HV-CHAR-6: cards of the ability's pile a recover may return: never one with the
    unrecoverable icon, nor a card played this turn."""
    hero = state.heroes[turn.actor]
    pile = hero.lost if ability.pile == "lost" else hero.discard
    played = {c for c, _, _ in turn.halves}
    unrecoverable = {c.id for c in state.spec.classes[hero.id].cards if c.unrecoverable}
    return sorted({c for c in pile if c not in played and c not in unrecoverable})


def check_hero_step(state: HavenState, figure: Figure, turn: Turn, action: Action) -> None:
    ability = turn.queue[0]
    if isinstance(action, Skip) and turn.stage in (
        "move",
        "attack",
        "heal",
        "condition",
        "area",
        "recover",
        "refresh",
    ):
        return
    if turn.stage == "refresh" and isinstance(action, RefreshItem):
        hero = state.heroes[turn.actor]
        if action.item not in items.refreshable_by_ability(state, hero, ability.refresh):
            raise RuleViolation(
                "HV-CHAR-6",
                lazy(
                    "{item} cannot be refreshed: this ability refreshes {which} items, and an"
                    " unrecoverable one never comes back",
                    item=action.item,
                    which=term(ability.refresh),
                ),
            )
        return
    if turn.stage == "consume" and isinstance(action, ConsumeElement):
        if action.element != turn.attack.get("element"):
            raise RuleViolation(
                "HV-ELEM-3",
                lazy(
                    "this ability offers {offered}, not {element}",
                    offered=term(str(turn.attack.get("element"))),
                    element=term(action.element),
                ),
            )
        return
    if turn.stage == "recover" and isinstance(action, RecoverCard):
        if action.card not in recoverable(state, turn, ability):
            raise RuleViolation(
                "HV-CHAR-6",
                lazy(
                    "{card} cannot be recovered: not in the {pile}, played this turn, or"
                    " unrecoverable",
                    card=action.card,
                    pile=pile_name(ability.pile),
                ),
            )
        return
    if turn.stage == "area" and isinstance(action, PlaceArea):
        area_attacks.check_placement(state, figure, ability, action.hexes)
        return
    if turn.stage == "area_target":
        raise RuleViolation(
            "HV-TGT-4",
            "every enemy in the area is attacked: choose which of "
            + ", ".join(turn.attack.get("pending", []))
            + " is next",
        )
    if turn.stage == "move" and isinstance(action, MoveTo):
        check_move(state, figure, ability, action.hex, action.via)
        if action.pause:
            check_pause(state, figure, ability, action)
        return
    if turn.stage == "attack" and isinstance(action, ChooseTarget):
        if action.figure not in attack_targets(state, figure):
            other = state.figures.get(action.figure)
            if other is not None and other.team == figure.team:
                raise RuleViolation(
                    "HV-ATK-1", lazy("{figure} is not an enemy", figure=action.figure)
                )
            raise RuleViolation(
                "HV-LOS-1",
                lazy(
                    "{figure} is not in range and line of sight of this attack",
                    figure=action.figure,
                ),
            )
        return
    if turn.stage == "heal" and isinstance(action, ChooseTarget):
        if action.figure not in heal_targets(state, figure, ability):
            raise RuleViolation(
                "HV-LOS-2", lazy("{figure} is not an ally in range", figure=action.figure)
            )
        return
    if turn.stage == "condition" and isinstance(action, ChooseTarget):
        check_condition_target(state, figure, ability, action.figure)
        return
    if turn.stage == "summon" and isinstance(action, PlaceSummon):
        if action.hex not in summons.free_adjacent_hexes(state, figure):
            raise RuleViolation(
                "HV-SUM-1", lazy("a summon is placed in an empty hex next to its summoner")
            )
        return
    raise RuleViolation(
        "HV-CARD-3",
        lazy(
            "{action} is not part of the {stage} step",
            action=action.label(),
            stage=term(turn.stage),
        ),
    )


def apply_hero_step(state: HavenState, figure: Figure, turn: Turn, action: Action) -> None:
    ability = turn.queue[0]
    if isinstance(action, ConsumeElement):
        consumption_choice(state, figure, turn, action.consume)
        return
    if not isinstance(action, Skip):
        performed(state, figure, turn)
    if isinstance(action, Skip):
        state.emit(
            "skip",
            lazy(
                "{figure} leaves the rest of its {ability} unused",
                figure=figure.id,
                ability=term(ability.type),
            ),
        )
        done_with_ability(turn)
    elif isinstance(action, MoveTo):
        path = chosen_path(state, figure, ability, action)
        done_with_ability(turn)
        mode = move_mode(ability)
        stop = special_rules.section_stop(state, figure, path, mode)
        if stop is not None:
            pause_for_section(state, figure, turn, ability, path[: stop + 1])
        elif action.pause:
            pause_for_items(state, figure, turn, ability, action)
        else:
            walk(state, figure, path, mode)
    elif isinstance(action, ChooseTarget) and turn.stage == "attack":
        # HV-TGT-1: targets added by a card are taken last (note_added_target).
        note_added_target(turn, action.figure)
        turn.targets_left -= 1
        begin_draw(state, figure, action.figure)
    elif isinstance(action, PlaceArea):
        targets = area_attacks.area_targets(state, figure, action.hexes)
        state.emit(
            "area",
            lazy(
                "{figure} places the area on {hexes}: it attacks {targets}",
                figure=figure.id,
                hexes=", ".join(str(list(h)) for h in action.hexes),
                targets=", ".join(targets),
            ),
            "HV-ATK-1",
            "HV-LOS-1",
            hexes=[list(h) for h in action.hexes],
        )
        turn.attack["pending"] = targets
        # "+X target" on an area attack adds targets outside the area (FH p.22).
        turn.targets_left = ability.targets - 1
        next_area_target(state, figure, turn)
    elif isinstance(action, ChooseTarget) and turn.stage == "area_target":
        turn.attack["pending"].remove(action.figure)
        begin_draw(state, figure, action.figure)
    elif isinstance(action, ChooseTarget) and turn.stage == "condition":
        give_condition(state, figure, turn, action.figure)
    elif isinstance(action, ChooseTarget):
        heal(state, state.figures[action.figure], ability.value, figure.id)
        done_with_ability(turn)
    elif isinstance(action, RecoverCard):
        hero = state.heroes[figure.id]
        (hero.lost if ability.pile == "lost" else hero.discard).remove(action.card)
        hero.hand.append(action.card)
        turn.targets_left -= 1
        state.emit(
            "recover",
            lazy(
                "{figure} recovers {card} from its {pile} to hand",
                figure=figure.id,
                card=action.card,
                pile=pile_name(ability.pile),
            ),
            "HV-CHAR-6",
            card=action.card,
        )
        if turn.targets_left <= 0 or not recoverable(state, turn, ability):
            done_with_ability(turn)
    elif isinstance(action, RefreshItem):
        hero = state.heroes[figure.id]
        items.refresh_one(state, hero, action.item, ability.refresh)
        turn.targets_left -= 1
        if turn.targets_left <= 0 or not items.refreshable_by_ability(state, hero, ability.refresh):
            done_with_ability(turn)
    elif isinstance(action, PlaceSummon):
        summon = summons.place(state, figure, ability.summon or "", action.hex)
        if turn.halves:
            bonuses.link_summon(state, figure.id, turn.halves[-1][0], summon.id)
        done_with_ability(turn)


def note_added_target(turn: Turn, target_id: str) -> None:
    """HV-TGT-1: once only the targets a card added are left, each one chosen is an added
    target (a "+N target" drawn against it adds no more, add_card_targets)."""
    card_targets = int(turn.attack.get("card_targets", 0))
    if card_targets and turn.targets_left <= card_targets:
        turn.attack["card_targets"] = card_targets - 1
        turn.attack.setdefault("card_added_targets", []).append(target_id)


def performed(state: HavenState, figure: Figure, turn: Turn) -> None:
    """An ability of the half is being performed: its experience (HV-CHAR-3) is gained once,
    and its lost icon now applies (HV-CHAR-5)."""
    turn.unperformed = ""
    if turn.experience:
        amount, turn.experience = turn.experience, 0
        bonuses.gain_experience(state, figure.id, amount, lazy("its action"), "HV-CHAR-3")


def settle_half(state: HavenState, turn: Turn) -> None:
    """HV-CHAR-5: a half whose abilities were all skipped is discarded, even with a lost
    icon (the icon applies once any part of the action is performed)."""
    card, turn.unperformed = turn.unperformed, ""
    turn.experience = 0
    hero = state.heroes.get(turn.actor)
    if not card or hero is None or card not in hero.lost:
        return
    hero.lost.remove(card)
    hero.discard.append(card)
    state.emit(
        "play",
        lazy(
            "{hero} performed none of the half: {card} is discarded, not lost",
            hero=hero.id,
            card=card,
        ),
        "HV-CHAR-5",
        card=card,
    )


def done_with_ability(turn: Turn) -> None:
    if turn.queue:
        turn.queue.pop(0)
    if not turn.queue:
        turn.item_source = ""
    turn.stage = "ability"
    turn.attack = {}
    turn.targets_left = 0
    turn.targeted = []


def enter_hero_ability(state: HavenState, figure: Figure, turn: Turn) -> bool:
    """Set up the next queued ability; True if it resolved by itself (no choice needed)."""
    ability = turn.queue[0]
    if has(figure, "stun"):
        done_with_ability(turn)
        return True
    kind = ability.type  # read once (self_effect)
    if kind == "condition" and ability.range > 0:
        return enter_condition(state, figure, turn, ability)
    if self_effect(state, figure, ability):
        performed(state, figure, turn)
        done_with_ability(turn)
        return True
    if kind == "move":
        if not move_destinations(state, figure, ability):
            if has(figure, "immobilize"):
                state.emit(
                    "immobilize",
                    lazy("{figure} is immobilized: it cannot move", figure=figure.id),
                    "HV-COND-IMMOBILIZE-1",
                    figure=figure.id,
                )
            done_with_ability(turn)
            return True
        turn.stage = "move"
        return False
    if kind == "attack":
        if has(figure, "disarm"):
            state.emit(
                "disarm",
                lazy("{figure} is disarmed: it cannot attack", figure=figure.id),
                "HV-COND-DISARM-1",
                figure=figure.id,
            )
            done_with_ability(turn)
            return True
        start_attack(state, figure, ability, ability.value, consume=False)
        if ability.aoe:
            if not area_attacks.placements(state, figure, ability):
                state.emit(
                    "attack",
                    lazy("{figure} has no enemy to catch in the area", figure=figure.id),
                    "HV-LOS-1",
                )
                done_with_ability(turn)
                return True
            offer_consumption(state, figure, ability, "area")
            return False
        if not attack_targets(state, figure):
            state.emit(
                "attack",
                lazy("{figure} has no enemy in range and line of sight", figure=figure.id),
                "HV-LOS-1",
            )
            done_with_ability(turn)
            return True
        offer_consumption(state, figure, ability, "attack")
        return False
    if kind == "heal":
        if ability.range == 0:
            performed(state, figure, turn)
            heal(state, figure, ability.value, figure.id)
            done_with_ability(turn)
            return True
        turn.stage = "heal"
        return False
    if kind == "recover":
        if figure.kind != "character" or not recoverable(state, turn, ability):
            state.emit(
                "recover", lazy("{figure} has no card to recover", figure=figure.id), "HV-CHAR-6"
            )
            done_with_ability(turn)
            return True
        turn.targets_left = ability.value
        turn.stage = "recover"
        return False
    if kind == "refresh":
        hero = state.heroes.get(figure.id)
        if hero is None or not items.refreshable_by_ability(state, hero, ability.refresh):
            state.emit(
                "item",
                lazy("{figure} has no item to refresh", figure=figure.id),
                "HV-CHAR-6",
            )
            done_with_ability(turn)
            return True
        turn.targets_left = ability.value
        turn.stage = "refresh"
        return False
    if kind == "summon":
        if not summons.free_adjacent_hexes(state, figure):
            state.emit(
                "summon",
                lazy("{figure} has no free adjacent hex: the summon fails", figure=figure.id),
                "HV-SUM-1",
            )
            if turn.halves:
                # HV-SUM-4: no summon to keep: the card leaves the active area at once.
                bonus = f"{figure.id}/{turn.halves[-1][0]}"
                found = bonuses.find(state, bonus)
                if found is not None and not (
                    found.summon or found.shield or found.retaliate or found.attack
                ):
                    bonuses.end(state, bonus, lazy("the summon failed"), "HV-SUM-4")
            done_with_ability(turn)
            return True
        turn.stage = "summon"
        return False
    raise NotImplementedError(f"the {kind} ability is not supported yet")


def enter_condition(state: HavenState, figure: Figure, turn: Turn, ability: AbilitySpec) -> bool:
    """A character's condition action with a range: the player picks up to ``targets``
    figures (HV-TGT-1, HV-TGT-2); with no legal target it does nothing ([FH] a targeted
    ability cannot be performed without a valid target)."""
    if not condition_targets(state, figure, ability):
        state.emit(
            "condition",
            lazy(
                "{figure} has no target in range and line of sight for {conditions}",
                figure=figure.id,
                conditions=terms(ability.conditions),
            ),
            "HV-TGT-2",
            "HV-LOS-1",
            figure=figure.id,
        )
        done_with_ability(turn)
        return True
    turn.targets_left = ability.targets
    turn.targeted = []
    turn.stage = "condition"
    return False


def next_area_target(state: HavenState, figure: Figure, turn: Turn) -> None:
    """The area's next target: the player orders them while more than one is left."""
    pending: list[str] = turn.attack.get("pending", [])
    pending[:] = [t for t in pending if t in state.figures]
    if len(pending) > 1 or (pending and state.rules.area_targets_optional):
        turn.stage = "area_target"
    elif pending:
        turn.stage = "area_target"
        begin_draw(state, figure, pending.pop())
    elif turn.targets_left > 0 and attack_targets(state, figure):
        turn.stage = "attack"
    else:
        done_with_ability(turn)


def after_attack_target(state: HavenState, figure: Figure | None, turn: Turn) -> None:
    """After one target's draw: go on to the next target, or finish the attack."""
    if figure is None:
        return
    if turn.stage == "area_target":
        next_area_target(state, figure, turn)
        return
    if turn.targets_left <= 0 or not attack_targets(state, figure):
        done_with_ability(turn)
