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
from rulekeeper.games.haven import companion_card_choices as card_choices
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
from rulekeeper.games.haven.companion_terms import term, terms
from rulekeeper.games.haven.modifiers import MONSTER_DECK, Effect
from rulekeeper.games.haven.scaling import GOLD_CONVERSION
from rulekeeper.i18n import Msg, lazy, lazy_plural, text_of

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
        attacker.id,
        target.id,
        deck,
        draw,
        list(action.conditions),
        action.value,
        action.pierce,
        action.mode,
    )
    details: list[Msg | str] = [lazy("attack {n}", n=context.attack)]
    if action.pierce:
        details.append(lazy("pierce {n}", n=action.pierce))
    details.append(lazy("target shield {n}", n=shield))
    if mode != "none":
        details.append(term(mode))
    state.emit(
        "attack",
        lazy(
            "{attacker} attacks {target}: {details}",
            attacker=attacker.id,
            target=target.id,
            details=details,
        ),
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
            lazy(
                "{group} consumes {element}: +{n} attack",
                group=figure.type,
                element=term(values.element),
                n=values.element_bonus,
            ),
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
        state.emit("draw", _deck_draw(attack.deck, action.card), "HV-MOD-1")


def finish_attack(state: CompanionState) -> None:
    attack = state.attack
    if attack is None:
        return
    done = attack.draw.finish(state.decks[attack.deck], state.catalog)
    state.attack = None
    attacker = state.figures.get(attack.attacker)
    target = state.figures[attack.target]
    cards = [attack.draw.drawn[i] for i in done.applied]
    state.emit(
        "modifier",
        lazy(
            "{cards}: {n} damage to {target}",
            cards=cards,
            n=done.outcome.damage,
            target=target.id,
        ),
        *done.rule_ids,
        drawn=list(attack.draw.drawn),
        applied=[attack.draw.drawn[i] for i in done.applied],
    )
    source = lazy("{attacker}'s attack", attacker=attack.attacker)
    suffer(state, target, done.outcome.damage, source, rules=("HV-ATK-1",))
    alive = target.id in state.figures
    for name in attack.conditions:
        if alive:
            gain(state, target, name)
    for effect in done.outcome.effects:
        if effect.name == "target":
            card_choices.note_targets(state, attack, effect.amount)  # HV-TGT-1
        elif effect.name == "infuse any":
            # HV-ELEM-1, HV-ELEM-3: one element of the player's choice per card carrying it
            any_cards = [c for c in cards if Effect("infuse any") in state.catalog[c].effects]
            card_choices.note_elements(state, attack.attacker, len(any_cards))
        else:
            _card_effect(state, attacker, target if alive else None, effect.name, effect.amount)
    if alive and target.kind == "monster":
        retaliate = target.retaliate + int(state.stats(target).retaliate)
        if retaliate:
            state.emit(
                "by-hand",
                lazy(
                    "{target} has retaliate {n}: if {attacker} is within its range, enter the"
                    " damage",
                    target=target.id,
                    n=retaliate,
                    attacker=attack.attacker,
                ),
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
    if name.startswith("infuse ") and name != "infuse any" and state.turn is not None:
        element = name.split()[1]
        state.turn.infusions.append(element)
        state.emit(
            "element",
            lazy("the card infuses {element} at the end of the turn", element=term(element)),
            "HV-ELEM-1",
        )
        return
    if name == "heal" and attacker is not None:
        heal(state, attacker, amount)
        return
    if name == "shield" and attacker is not None:
        attacker.shield += amount
        state.emit(
            "shield",
            lazy("{figure} gains shield {n} this round", figure=attacker.id, n=amount),
            "HV-SHIELD-1",
        )
        return
    state.emit(
        "by-hand",
        lazy("the card adds {effect} {n}: resolve it on the board", effect=term(name), n=amount),
        "HV-DECK-5",
    )


def suffer(
    state: CompanionState,
    figure: Standee,
    amount: int,
    source: Msg | str,
    *,
    rules: tuple[str, ...] = (),
) -> None:
    """Take ``amount`` hit points; a monster at 0 dies (HV-MON-6), a character is exhausted
    (HV-EXH-1). A character's player first chooses to suffer or negate it (HV-NEG-1)."""
    if amount <= 0:
        state.emit(
            "damage",
            lazy("{figure} suffers no damage from {source}", figure=figure.id, source=source),
            *rules,
        )
        return
    if figure.kind == "character":
        said = source.to_json() if isinstance(source, Msg) else {}
        state.damage.append(
            PendingDamage(figure.id, amount, text_of(source, "en"), list(rules), said=said)
        )
        state.emit(
            "damage",
            lazy(
                "{figure} would suffer {n} damage from {source}: suffer it or negate it",
                figure=figure.id,
                n=amount,
                source=source,
            ),
            "HV-NEG-1",
        )
        return
    take_damage(state, figure, amount, source, rules)


def take_damage(
    state: CompanionState,
    figure: Standee,
    amount: int,
    source: Msg | str,
    rules: tuple[str, ...],
) -> None:
    """The hit points go; at 0 the figure dies, is destroyed or is exhausted."""
    figure.hp -= amount
    state.emit(
        "damage",
        lazy(
            "{figure} suffers {n} damage from {source} ({left} left)",
            figure=figure.id,
            n=amount,
            source=source,
            left=max(0, figure.hp),
        ),
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
        state.emit(
            "death", lazy("{figure} is destroyed", figure=figure.id), "HV-GOAL-1", figure=figure.id
        )
    elif figure.kind == "summon":
        del state.figures[figure.id]
        state.emit(
            "death", lazy("{figure} is killed", figure=figure.id), "HV-SUM-4", figure=figure.id
        )
    else:
        exhaust(state, figure.id, lazy("no hit points left"))


def negate(state: CompanionState, choice: str) -> None:
    """HV-NEG-1: the waiting damage is suffered, or the pile to lose cards from is chosen."""
    pending = state.damage[0]
    if choice != "suffer":
        pending.pile = choice
        return
    state.damage.pop(0)
    figure = state.figures.get(pending.character)
    if figure is not None:
        take_damage(state, figure, pending.amount, pending.shown_source, tuple(pending.rules))


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
    shown = {
        "character": pending.character,
        "cards": list(pending.lost),
        "n": pending.amount,
        "source": pending.shown_source,
    }
    said = (
        lazy(
            "{character} loses {cards} from its hand and negates {n} damage from {source}",
            **shown,
        )
        if pending.pile == "hand"
        else lazy(
            "{character} loses {cards} from its discard pile and negates {n} damage from {source}",
            **shown,
        )
    )
    state.emit("negate", said, "HV-NEG-1")


def _dies(state: CompanionState, figure: Standee) -> None:
    del state.figures[figure.id]
    if figure.id in state.acting:
        state.acting.remove(figure.id)
    state.emit("death", lazy("{figure} dies", figure=figure.id), "HV-MON-6", figure=figure.id)
    if figure.drops_loot:
        state.tokens += 1
        state.emit("loot", lazy("{figure} drops a loot token", figure=figure.id), "HV-LOOT-3")
    check_objective(state)


def exhaust(state: CompanionState, character_id: str, why: Msg) -> None:
    character = state.characters[character_id]
    if character.exhausted:
        return
    character.exhausted = True
    state.figures.pop(character_id, None)
    for summon in [f for f in state.figures.values() if f.owner == character_id]:
        del state.figures[summon.id]  # HV-EXH-2: its summons leave with it
    state.emit(
        "exhausted",
        lazy("{character} is exhausted: {why}", character=character_id, why=why),
        "HV-EXH-1",
        "HV-EXH-2",
    )
    if not state.living_characters():
        finish(state, "lost", lazy("every character is exhausted"))


def heal(
    state: CompanionState, figure: Standee, value: int, *, rules: tuple[str, ...] = ("HV-HEAL-1",)
) -> None:
    amount = condition_table.heal_amount(value, figure.conditions)
    removed = condition_table.removed_by_heal(figure.conditions)
    for name in removed:
        figure.conditions.remove(name)
    before = figure.hp
    figure.hp = min(figure.max_hp, figure.hp + amount)
    shown = {"figure": figure.id, "n": figure.hp - before, "hp": figure.hp}
    said = (
        lazy(
            "{figure} heals {n} ({hp} hit points); {conditions} removed",
            conditions=terms(removed),
            **shown,
        )
        if removed
        else lazy("{figure} heals {n} ({hp} hit points)", **shown)
    )
    state.emit("heal", said, *rules)


def gain(state: CompanionState, figure: Standee, name: str) -> None:
    """HV-COND-1/3: gain a condition (none if immune); bless and curse are cards."""
    if not condition_table.may_gain(name, figure.kind, immunities(state, figure)):
        state.emit(
            "condition",
            lazy("{figure} is immune to {condition}", figure=figure.id, condition=term(name)),
            "HV-COND-3",
        )
        return
    rule = condition_table.rule_id(name)
    if name in ("bless", "curse"):
        owner = {"monster": MONSTER_DECK, "summon": figure.owner, "character": figure.id}.get(
            figure.kind
        )
        if owner is None:
            state.emit(
                "condition",
                lazy(
                    "{figure} has no modifier deck: {condition} does nothing",
                    figure=figure.id,
                    condition=term(name),
                ),
                rule,
            )
            return
        deck = state.decks[owner]
        deck.shuffle_in(name)
        said = (
            lazy("a bless card is shuffled into {owner}'s deck", owner=deck.owner)
            if name == "bless"
            else lazy("a curse card is shuffled into {owner}'s deck", owner=deck.owner)
        )
        if deck.owner == MONSTER_DECK:
            said = (
                lazy("a bless card is shuffled into the monster deck")
                if name == "bless"
                else lazy("a curse card is shuffled into the monster deck")
            )
        state.emit("condition", said, rule)
        return
    if name in figure.conditions:
        return
    figure.conditions.append(name)
    if state.turn is not None and state.turn.actor == figure.id:
        figure.fresh.append(name)
    state.emit(
        "condition",
        lazy("{figure} gains {condition}", figure=figure.id, condition=term(name)),
        "HV-COND-1",
        rule,
    )


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
            trigger_end(state, "won", lazy("every room is revealed and no monster is left"))
    elif kind == "kill_boss":
        boss_rooms = [
            room.id
            for room in state.content.spec.rooms
            if any(rank == "boss" for _, rank in state.content.roster(room.id, state.players))
        ]
        if all(r in state.revealed for r in boss_rooms) and not any(m.boss for m in monsters):
            trigger_end(state, "won", lazy("every boss is dead"))


def trigger_end(state: CompanionState, result: str, why: Msg) -> None:
    if state.ending and not (result == "lost" and state.rules.both_ends_in_a_round_lose):
        return
    state.ending = result
    said = (
        lazy("{why}: the scenario is won once the round is played out", why=why)
        if result == "won"
        else lazy("{why}: the scenario is lost once the round is played out", why=why)
    )
    state.emit("goal", said, "HV-GOAL-1")


def finish(state: CompanionState, result: str, why: Msg) -> None:
    state.result = result
    state.phase = "over"
    state.turn = None
    state.attack = None
    rate = GOLD_CONVERSION[max(0, state.level)]
    bonus = 4 + 2 * max(0, state.level) if result == "won" else 0
    kept: list[Msg] = []
    for character in state.characters.values():
        if state.rules.loot_deck:  # HV-LOOT-5 [FH]: what was looted is the loot cards drawn
            looted = lazy_plural("{n} loot card", "{n} loot cards", character.money)
        else:  # HV-LOOT-4 [GH]: each money token is worth the level's gold conversion rate
            looted = lazy("{n} gold", n=character.money * rate)
        shown = {"character": character.id, "xp": character.xp + bonus, "looted": looted}
        kept.append(
            lazy_plural(
                "{character}: {xp} xp, {looted}, treasure {treasures}",
                "{character}: {xp} xp, {looted}, treasures {treasures}",
                len(character.treasures),
                treasures=list(character.treasures),
                **shown,
            )
            if character.treasures
            else lazy("{character}: {xp} xp, {looted}", **shown)
        )
    summary = lazy("{why}; {kept}", why=why, kept=kept)
    state.result_text = summary.render("en")
    state.emit(
        "scenario-end",
        lazy("the scenario is won: {summary}", summary=summary)
        if result == "won"
        else lazy("the scenario is lost: {summary}", summary=summary),
        "HV-GOAL-1",
        "HV-END-1",
        "HV-LOOT-4",
    )


def _deck_draw(deck: str, card: str) -> Msg:
    """HV-MOD-1: the card a modifier draw turned over, and whose deck it came from."""
    if deck == MONSTER_DECK:
        return lazy("monster deck: {card}", card=card)
    return lazy("{owner}'s deck: {card}", owner=deck, card=card)


def deck_reshuffled(owner: str) -> Msg:
    """HV-ATK-4: a modifier deck reshuffled at the end of the round."""
    if owner == MONSTER_DECK:
        return lazy("the monster deck is reshuffled")
    return lazy("{owner}'s deck is reshuffled", owner=owner)
