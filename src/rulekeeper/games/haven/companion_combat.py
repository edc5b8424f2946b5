"""Companion mode's attacks and their consequences: the modifier draw, damage, heals,
conditions, deaths and exhaustion, and the end of the scenario.

An attack entered for the physical board (or listed from a monster's numbers)
is resolved here: HV-ATK-1 step 1 (poison, shield, pierce) through
attacks.py, the modifier draw as chance nodes through attack_draw.py (HV-MOD-*,
HV-ADV-*), then damage (HV-MON-6, HV-EXH-1), the attack's conditions
(HV-COND-1/3) and the drawn cards' effects (HV-TGT-6). The goal is checked
after every death (HV-GOAL-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulekeeper.core.errors import RuleViolation
from rulekeeper.games.haven import conditions as condition_table
from rulekeeper.games.haven.attack_draw import AttackDraw, DrawModifier, KeepModifier
from rulekeeper.games.haven.attacks import Attack as AttackSpec
from rulekeeper.games.haven.attacks import Target, attack_context, attack_mode
from rulekeeper.games.haven.companion_actions import (
    Attack,
)
from rulekeeper.games.haven.companion_numbers import numbers
from rulekeeper.games.haven.companion_state import (
    CompanionState,
    PendingAttack,
    PendingDamage,
    Standee,
)
from rulekeeper.games.haven.modifiers import MONSTER_DECK
from rulekeeper.games.haven.scaling import GOLD_CONVERSION

if TYPE_CHECKING:
    pass


def side(figure: Standee) -> str:
    """The side a figure is on: an escorted objective is the characters' (HV-TGT-2)."""
    if figure.kind == "objective":
        return "characters" if figure.escort else "monsters"
    return "monsters" if figure.kind == "monster" else "characters"


def can_attack(figure: Standee) -> bool:
    try:
        condition_table.check_can_attack(figure.conditions)
    except RuleViolation:
        return False
    return True


def monster_attack(state: CompanionState, figure: Standee, value: int, target: Standee) -> Attack:
    values = numbers(state, figure)
    mode = attack_mode(
        AttackSpec(value, attacker_conditions=tuple(figure.conditions)),
        Target(conditions=tuple(target.conditions)),
    )
    return Attack(figure.id, target.id, value, values.pierce, mode, values.conditions)


def immunities(state: CompanionState, figure: Standee) -> tuple[str, ...]:
    if figure.kind != "monster":
        return ()
    return state.content.monster_types[figure.type].immunities


def start_attack(state: CompanionState, action: Attack) -> None:
    attacker = state.figures[action.attacker]
    target = state.figures[action.target]
    turn = state.turn
    if turn is not None:
        turn.attacked.append(action.target)
    if attacker.kind == "monster":
        _consume_for_group(state, attacker)
    shield = target.shield
    if target.kind == "monster":
        shield += int(state.stats(target).shield)
    spec = AttackSpec(
        action.value,
        pierce=action.pierce,
        advantage=action.mode == "advantage",
        disadvantage=action.mode == "disadvantage",
        attacker_conditions=tuple(attacker.conditions),
    )
    target_spec = Target(shield=shield, conditions=tuple(target.conditions))
    context = attack_context(spec, target_spec, state.rules)
    mode = attack_mode(spec, target_spec)
    # HV-SUM-2: a summon draws from its summoner's deck.
    deck = MONSTER_DECK if attacker.kind == "monster" else (attacker.owner or attacker.id)
    draw = AttackDraw.start(
        state.rules, deck, context, mode, attacker_is_character=attacker.kind != "monster"
    )
    state.attack = PendingAttack(
        attacker.id, target.id, deck, draw, list(action.conditions), action.value
    )
    state.emit(
        "attack",
        f"{attacker.id} attacks {target.id}: attack {context.attack}"
        f"{f', pierce {action.pierce}' if action.pierce else ''}, target shield {shield}"
        f"{'' if mode == 'none' else f', {mode}'}",
        "HV-ATK-1",
        attacker=attacker.id,
        target=target.id,
    )


def _consume_for_group(state: CompanionState, figure: Standee) -> None:
    """HV-ELEM-4: the group's first attack consumes the card's element for all of it."""
    values = numbers(state, figure)
    group = state.groups[figure.type]
    if values.element and values.element not in group.consumed:
        state.elements.pop(values.element, None)
        group.consumed.append(values.element)
        state.emit(
            "element",
            f"{figure.type} consumes {values.element}: +{values.element_bonus} attack",
            "HV-ELEM-3",
            "HV-ELEM-4",
        )


def draw_modifier(state: CompanionState, action: DrawModifier | KeepModifier) -> None:
    attack = state.attack
    if attack is None:
        return
    deck = state.decks[attack.deck]
    attack.draw = attack.draw.apply(action, deck, state.catalog)
    if isinstance(action, DrawModifier):
        state.emit("draw", f"{attack.deck} deck: {action.card}", "HV-MOD-1")


def finish_attack(state: CompanionState) -> None:
    attack = state.attack
    if attack is None:
        return
    done = attack.draw.finish(state.decks[attack.deck], state.catalog)
    state.attack = None
    attacker = state.figures.get(attack.attacker)
    target = state.figures[attack.target]
    cards = ", ".join(attack.draw.drawn[i] for i in done.applied)
    state.emit(
        "modifier",
        f"{cards}: {done.outcome.damage} damage to {target.id}",
        *done.rule_ids,
        drawn=list(attack.draw.drawn),
        applied=[attack.draw.drawn[i] for i in done.applied],
    )
    suffer(state, target, done.outcome.damage, f"{attack.attacker}'s attack", rules=("HV-ATK-1",))
    alive = target.id in state.figures
    for name in attack.conditions:
        if alive:
            gain(state, target, name)
    for effect in done.outcome.effects:
        _card_effect(state, attacker, target if alive else None, effect.name, effect.amount)
    if alive and target.kind == "monster":
        retaliate = target.retaliate + int(state.stats(target).retaliate)
        if retaliate:
            state.emit(
                "by-hand",
                f"{target.id} has retaliate {retaliate}: if {attack.attacker} is within its"
                " range, enter the damage",
                "HV-RET-1",
            )
    check_objective(state)


def _card_effect(
    state: CompanionState, attacker: Standee | None, target: Standee | None, name: str, amount: int
) -> None:
    """HV-TGT-6: a drawn card's effects; positive ones go to the attacker."""
    if name in condition_table.CONDITIONS:
        row = condition_table.CONDITIONS[name]
        bearer = attacker if row.positive else target
        if bearer is not None and name not in bearer.conditions:
            gain(state, bearer, name)
        return
    if name.startswith("infuse ") and state.turn is not None:
        element = name.split()[1]
        state.turn.infusions.append(element)
        state.emit("element", f"the card infuses {element} at the end of the turn", "HV-ELEM-1")
        return
    if name == "heal" and attacker is not None:
        heal(state, attacker, amount)
        return
    if name == "shield" and attacker is not None:
        attacker.shield += amount
        state.emit("shield", f"{attacker.id} gains shield {amount} this round", "HV-SHIELD-1")
        return
    state.emit("by-hand", f"the card adds {name} {amount}: resolve it on the board", "HV-DECK-5")


def suffer(
    state: CompanionState,
    figure: Standee,
    amount: int,
    source: str,
    *,
    rules: tuple[str, ...] = (),
) -> None:
    """Take ``amount`` hit points; a monster at 0 dies (HV-MON-6), a character is exhausted
    (HV-EXH-1). A character's player first chooses to suffer or negate it (HV-NEG-1)."""
    if amount <= 0:
        state.emit("damage", f"{figure.id} suffers no damage from {source}", *rules)
        return
    if figure.kind == "character":
        state.damage.append(PendingDamage(figure.id, amount, source, list(rules)))
        state.emit(
            "damage",
            f"{figure.id} would suffer {amount} damage from {source}: suffer it or negate it",
            "HV-NEG-1",
        )
        return
    take_damage(state, figure, amount, source, rules)


def take_damage(
    state: CompanionState, figure: Standee, amount: int, source: str, rules: tuple[str, ...]
) -> None:
    """The hit points go; at 0 the figure dies, is destroyed or is exhausted."""
    figure.hp -= amount
    state.emit(
        "damage",
        f"{figure.id} suffers {amount} damage from {source} ({max(0, figure.hp)} left)",
        *rules,
    )
    for name in condition_table.removed_by_damage(figure.conditions):
        figure.conditions.remove(name)
    if figure.hp > 0:
        return
    if figure.kind == "monster":
        _dies(state, figure)
    elif figure.kind == "objective":
        del state.figures[figure.id]
        state.emit("death", f"{figure.id} is destroyed", "HV-GOAL-1", figure=figure.id)
    elif figure.kind == "summon":
        del state.figures[figure.id]
        state.emit("death", f"{figure.id} is killed", "HV-SUM-4", figure=figure.id)
    else:
        exhaust(state, figure.id, "no hit points left")


def negate(state: CompanionState, choice: str) -> None:
    """HV-NEG-1: the waiting damage is suffered, or the pile to lose cards from is chosen."""
    pending = state.damage[0]
    if choice != "suffer":
        pending.pile = choice
        return
    state.damage.pop(0)
    figure = state.figures.get(pending.character)
    if figure is not None:
        take_damage(state, figure, pending.amount, pending.source, tuple(pending.rules))


def lose_for_negation(state: CompanionState, card: str) -> None:
    """HV-NEG-1: one card lost from the chosen pile; 1 from hand or 2 from discard negate."""
    pending = state.damage[0]
    character = state.characters[pending.character]
    (character.hand if pending.pile == "hand" else character.discard).remove(card)
    character.lost.append(card)
    pending.lost.append(card)
    if len(pending.lost) < (1 if pending.pile == "hand" else 2):
        return
    state.damage.pop(0)
    state.emit(
        "negate",
        f"{pending.character} loses {', '.join(pending.lost)} from its {pending.pile}"
        f" and negates {pending.amount} damage from {pending.source}",
        "HV-NEG-1",
    )


def _dies(state: CompanionState, figure: Standee) -> None:
    del state.figures[figure.id]
    if figure.id in state.acting:
        state.acting.remove(figure.id)
    state.emit("death", f"{figure.id} dies", "HV-MON-6", figure=figure.id)
    if figure.drops_loot:
        state.tokens += 1
        state.emit("loot", f"{figure.id} drops a loot token", "HV-LOOT-3")
    check_objective(state)


def exhaust(state: CompanionState, character_id: str, why: str) -> None:
    character = state.characters[character_id]
    if character.exhausted:
        return
    character.exhausted = True
    state.figures.pop(character_id, None)
    for summon in [f for f in state.figures.values() if f.owner == character_id]:
        del state.figures[summon.id]  # HV-EXH-2: its summons leave with it
    state.emit("exhausted", f"{character_id} is exhausted: {why}", "HV-EXH-1", "HV-EXH-2")
    if not state.living_characters():
        finish(state, "lost", "every character is exhausted")


def heal(
    state: CompanionState, figure: Standee, value: int, *, rules: tuple[str, ...] = ("HV-HEAL-1",)
) -> None:
    amount = condition_table.heal_amount(value, figure.conditions)
    removed = condition_table.removed_by_heal(figure.conditions)
    for name in removed:
        figure.conditions.remove(name)
    before = figure.hp
    figure.hp = min(figure.max_hp, figure.hp + amount)
    extra = f"; {', '.join(removed)} removed" if removed else ""
    state.emit(
        "heal", f"{figure.id} heals {figure.hp - before} ({figure.hp} hit points){extra}", *rules
    )


def gain(state: CompanionState, figure: Standee, name: str) -> None:
    """HV-COND-1/3: gain a condition (none if immune); bless and curse are cards."""
    if not condition_table.may_gain(name, figure.kind, immunities(state, figure)):
        state.emit("condition", f"{figure.id} is immune to {name}", "HV-COND-3")
        return
    rule = condition_table.rule_id(name)
    if name in ("bless", "curse"):
        owner = {"monster": MONSTER_DECK, "summon": figure.owner, "character": figure.id}.get(
            figure.kind
        )
        if owner is None:
            state.emit("condition", f"{figure.id} has no modifier deck: {name} does nothing", rule)
            return
        deck = state.decks[owner]
        deck.shuffle_in(name)
        state.emit("condition", f"a {name} card is shuffled into {deck.owner}'s deck", rule)
        return
    if name in figure.conditions:
        return
    figure.conditions.append(name)
    if state.turn is not None and state.turn.actor == figure.id:
        figure.fresh.append(name)
    state.emit("condition", f"{figure.id} gains {name}", "HV-COND-1", rule)


def check_objective(state: CompanionState) -> None:
    """HV-GOAL-1: the goal is met once every room is revealed and no monster is left
    (``kill_all``) or every boss of the rosters is dead (``kill_boss``)."""
    if state.result or state.ending or state.phase == "setup":
        return
    kind = state.content.spec.goal.kind
    monsters = state.monsters()
    if kind == "kill_all":
        every_room = len(state.revealed) == len(state.content.spec.rooms)
        if every_room and not monsters:
            trigger_end(state, "won", "every room is revealed and no monster is left")
    elif kind == "kill_boss":
        boss_rooms = [
            room.id
            for room in state.content.spec.rooms
            if any(rank == "boss" for _, rank in state.content.roster(room.id, state.players))
        ]
        if all(r in state.revealed for r in boss_rooms) and not any(m.boss for m in monsters):
            trigger_end(state, "won", "every boss is dead")


def trigger_end(state: CompanionState, result: str, why: str) -> None:
    if state.ending and not (result == "lost" and state.rules.both_ends_in_a_round_lose):
        return
    state.ending = result
    state.emit("goal", f"{why}: the scenario is {result} once the round is played out", "HV-GOAL-1")


def finish(state: CompanionState, result: str, why: str) -> None:
    state.result = result
    state.phase = "over"
    state.turn = None
    state.attack = None
    rate = GOLD_CONVERSION[max(0, state.level)]
    bonus = 4 + 2 * max(0, state.level) if result == "won" else 0
    kept = []
    for character in state.characters.values():
        treasures = "".join(f", treasure {t}" for t in character.treasures)
        if state.rules.loot_deck:  # HV-LOOT-5 [FH]: what was looted is the loot cards drawn
            looted = f"{character.money} loot card(s)"
        else:  # HV-LOOT-4 [GH]: each money token is worth the level's gold conversion rate
            looted = f"{character.money * rate} gold"
        kept.append(f"{character.id}: {character.xp + bonus} xp, {looted}{treasures}")
    state.result_text = f"{why}; " + "; ".join(kept)
    state.emit(
        "scenario-end",
        f"the scenario is {result}: {state.result_text}",
        "HV-GOAL-1",
        "HV-END-1",
        "HV-LOOT-4",
    )
